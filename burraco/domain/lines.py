"""The lines of the first turn and each turn's positions (Art. 2): the
director's formation (by lot, alphabetical, by category, kept apart by
origin), Mitchell, Danese within the groups, all'italiana, the giallo's
partners drawn from the standings, and the incomplete table's rest."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from datetime import datetime
from functools import partial

from burraco.domain.commands import FormLines, PublishPositions
from burraco.domain.errors import (
    GroupsNotFormed,
    InvalidLines,
    TurnIncomplete,
    TurnNotCurrent,
)
from burraco.domain.events import LinesFormed, PositionsPublished
from burraco.domain.formation import alphabetical, by_category
from burraco.domain.groups import group_positions
from burraco.domain.movement import (
    calendar_with_rest,
    danese_new_opponents,
    danese_positions,
    danese_with_rest,
    giallo_positions,
    mitchell_positions,
    separated_lines,
)
from burraco.domain.opening import ART_20
from burraco.domain.standings import standings_after
from burraco.domain.state import BurracoState
from burraco.domain.values import REST, EntryForm, FormationMethod, Movement, Position
from rules.burraco.articles import art

__all__ = ["form_lines", "publish_positions"]


def form_lines(
    state: BurracoState,
    command: FormLines,
    entries: Collection[int],
    names: Mapping[int, str] | None = None,
) -> LinesFormed:
    assert state.opened is not None
    if state.fixed:
        raise InvalidLines("the lines are formed already", law=art(2))
    numbers = sorted(entries)
    separated_by = ""
    if state.giallo and (len(numbers) < 4 or len(numbers) % 4 not in (0, 2)):
        raise InvalidLines(
            f"a giallo seats four players a table (one table may hold a single "
            f"pair), not {len(numbers)} players",
            value=len(numbers),
            law=art(2),
        )
    if command.separate_by and command.separate_by not in SEPARATE_BY:
        raise InvalidLines(
            f"entries are kept apart by region, province or club, not "
            f"{command.separate_by!r}",
            field="separate_by",
            value=command.separate_by,
            law=art(2),
        )
    asked = [
        bool(command.fixed or command.mobile),
        bool(command.separate_by),
        command.draw_seed is not None,
        command.alphabetical,
        bool(command.by_category),
    ]
    if sum(asked) > 1:
        raise InvalidLines(
            "name the lines, keep entries apart, draw them, or order them "
            "alphabetically or by category: one method",
            field="separate_by",
            law=art(2),
        )
    seed: int | None = None
    ordered_by = FormationMethod.REGISTRATION_ORDER
    if command.draw_seed is not None:
        # Art. 2, "per sorteggio": the recorded seed reproduces the draw.
        seed = command.draw_seed
        drawn = list(numbers)
        random.Random(seed).shuffle(drawn)
        numbers_in_draw = tuple(drawn)
        ordered_by = FormationMethod.DRAW
    elif command.alphabetical:
        numbers_in_draw = alphabetical(numbers, names or {}, command.from_letter)
        ordered_by = FormationMethod.ALPHABETICAL
    elif command.by_category:
        numbers_in_draw = by_category(numbers, state.origins, command.by_category)
        ordered_by = FormationMethod.CATEGORY
    else:
        numbers_in_draw = tuple(numbers)
    if command.fixed or command.mobile:
        method = FormationMethod.DIRECTOR
        fixed, mobile = command.fixed, command.mobile
        named = [*fixed, *mobile]
        if sorted(named) != numbers:
            raise InvalidLines(
                "the fixed and mobile lines name every entered pair once",
                field="fixed",
                law=art(2),
            )
        if state.giallo:
            extra = 2 if len(numbers) % 4 == 2 else 0
            if len(fixed) != len(mobile) + extra or len(fixed) % 2:
                raise InvalidLines(
                    "a giallo's table has a fixed and a mobile line of two "
                    "players each (the incomplete table's pair the last two "
                    "fixed numbers)",
                    field="mobile",
                    law=art(2),
                )
            mobile = (*mobile, *((REST, REST) if extra else ()))
        elif len(fixed) - len(mobile) not in (0, len(numbers) % 2):
            raise InvalidLines(
                "as many fixed lines as mobile ones (one more fixed with an "
                "odd field: its table is incomplete)",
                field="mobile",
                law=art(2),
            )
    elif command.separate_by:
        if state.opened.movement is Movement.ITALIANA:
            raise InvalidLines(
                "an all'italiana calendar meets everyone: nothing to keep apart",
                field="separate_by",
                law=art(2),
            )
        key = command.separate_by
        method, separated_by = FormationMethod.SEPARATED, key

        def label(entry: int) -> str:
            origin = state.origins.get(entry)
            return "" if origin is None else origin.of(key).strip().casefold()

        if state.giallo:
            fixed, mobile = _giallo_separated(tuple(numbers), label)
        else:
            fixed, mobile = separated_lines(tuple(numbers), label)
    else:
        method = ordered_by
        if state.giallo:
            seats = _giallo_order(numbers_in_draw)
            fixed = tuple(n for p in seats for n in (p.fixed, p.fixed_partner))
            mobile = tuple(n for p in seats for n in (p.mobile, p.mobile_partner))
        else:
            half = (len(numbers) + 1) // 2
            fixed = numbers_in_draw[:half]
            mobile = numbers_in_draw[half:]
    minimum = 4 if state.giallo else 2
    if len(numbers) < minimum:
        raise InvalidLines(
            f"{len(numbers)} entries do not make a table",
            value=len(numbers),
            law=art(2),
        )
    if state.giallo:
        return LinesFormed(
            method=method,
            fixed=tuple(fixed),
            mobile=tuple(mobile),
            separated_by=separated_by,
            seed=seed,
            from_letter=command.from_letter.upper() if command.alphabetical else "",
            categories=command.by_category,
        )
    if len(numbers) % 2:
        # The empty side of the incomplete table moves with the mobile
        # lines: a fixed pair rests once in the Mitchell (Art. 39).
        mobile = (*mobile, REST)
    rounds = len(numbers) - 1 + len(numbers) % 2
    if state.opened.movement is Movement.ITALIANA:
        if state.opened.turns > rounds:
            raise InvalidLines(
                f"an all'italiana of {len(numbers)} pairs has "
                f"{rounds} turns, not {state.opened.turns}",
                law=art(2),
            )
    elif state.mitchell_turns > len(fixed):
        raise InvalidLines(
            f"a Mitchell on {len(fixed)} tables has at most {len(fixed)} turns "
            f"without a repeat, not {state.mitchell_turns}",
            law=art(2),
        )
    return LinesFormed(
        method=method,
        fixed=tuple(fixed),
        mobile=tuple(mobile),
        separated_by=separated_by,
        seed=seed,
        from_letter=command.from_letter.upper() if command.alphabetical else "",
        categories=command.by_category,
    )


SEPARATE_BY = ("region", "province", "club")


def _giallo_separated(
    numbers: tuple[int, ...], label: Callable[[int], str]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A giallo's first tables with the players of one region, province or
    club spread over the tables (decision 0175): the players, the larger
    groups first, dealt to the tables in turn; each table's four then seated
    as ``giallo_positions`` seats them."""
    groups: dict[str, list[int]] = {}
    for number in numbers:
        groups.setdefault(label(number) or f"#{number}", []).append(number)
    dealt = [
        n
        for _, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        for n in members
    ]
    tables = len(numbers) // 4
    seats: list[list[int]] = [[] for _ in range(tables)]
    for i, number in enumerate(dealt[: 4 * tables]):
        seats[i % tables].append(number)
    fixed: list[int] = []
    mobile: list[int] = []
    for a, b, c, d in seats:
        fixed.extend((a, d))
        mobile.extend((b, c))
    if len(dealt) > 4 * tables:  # the incomplete table's pair
        fixed.extend(dealt[4 * tables :])
        mobile.extend((REST, REST))
    return tuple(fixed), tuple(mobile)


def _giallo_order(numbers: tuple[int, ...]) -> tuple[Position, ...]:
    """A giallo's first tables in the given order: four a table, the last
    two at the incomplete table when the field is four tables and a pair."""
    return giallo_positions(numbers, {})


def _giallo_first(state: BurracoState) -> tuple[Position, ...]:
    """A giallo's first turn: table i's fixed line is the i-th two numbers
    of the fixed lines, its mobile line the i-th two of the mobile ones."""
    return tuple(
        Position(
            table=i // 2 + 1,
            fixed=state.fixed[i],
            fixed_partner=state.fixed[i + 1],
            mobile=state.mobile[i],
            mobile_partner=state.mobile[i + 1],
        )
        for i in range(0, len(state.fixed), 2)
    )


def _last_met(state: BurracoState, turn: int, *, partners: bool) -> dict[int, int]:
    """Each entry's opponent (individual) or partner (giallo) in ``turn``."""
    out: dict[int, int] = {}
    for p in state.positions.get(turn, ()):
        if partners:
            out.update(
                {
                    p.fixed: p.fixed_partner,
                    p.fixed_partner: p.fixed,
                    p.mobile: p.mobile_partner,
                    p.mobile_partner: p.mobile,
                }
            )
        else:
            out.update({p.fixed: p.mobile, p.mobile: p.fixed})
    out.pop(REST, None)
    return out


def publish_positions(
    state: BurracoState, command: PublishPositions, now: datetime
) -> PositionsPublished:
    assert state.opened is not None
    if not state.fixed:
        raise TurnNotCurrent("the lines are not formed yet", law=art(2))
    expected = state.current_turn + 1
    if command.turn != expected or expected > state.opened.turns:
        raise TurnNotCurrent(
            f"the next turn to publish is {expected} of {state.opened.turns}, "
            f"not {command.turn}",
            field="turn",
            value=command.turn,
            law=art(2),
        )
    if state.current_turn and not state.turn_complete(state.current_turn):
        raise TurnIncomplete(
            f"turn {state.current_turn} still has sheets to enter", law=art(19)
        )
    split = state.split_after
    if split is not None and command.turn > split and not state.groups:
        raise GroupsNotFormed(
            f"turn {command.turn} is played in merit groups: form them first, "
            "once the standings before the split are final",
            law=ART_20,
        )
    if state.giallo:
        if command.turn == 1:
            positions = _giallo_first(state)
        else:
            order = tuple(s.pair for s in standings_after(state, state.current_turn))
            last = _last_met(state, state.current_turn, partners=True)
            # A player who abandoned stays in the draw but never rests: his
            # table is awarded (Art. 38; decision 0187).
            positions = giallo_positions(
                order,
                last,
                lambda p: (
                    p not in state.abandoned and not state.rested(p, command.turn)
                ),
            )
    elif split is not None and command.turn > split and state.italiana:
        positions = group_positions((), state.groups, round_=command.turn - split)
    elif state.opened.movement is Movement.ITALIANA:
        positions = calendar_with_rest(state.pairs, command.turn)
    elif command.turn == 1 or command.turn <= state.mitchell_turns:
        positions = mitchell_positions(state.fixed, state.mobile, command.turn)
    else:
        # Danese puro from the standings shown after the last turn (Art. 2),
        # within each merit group after the split (Poteri g).
        # A pair that abandoned is paired no more (Art. 38).
        order = tuple(
            s.pair
            for s in standings_after(state, state.current_turn)
            if s.pair not in state.abandoned
        )

        def may_rest(pair: int) -> bool:
            return not state.rested(pair, command.turn)

        pairing: Callable[[tuple[int, ...]], tuple[Position, ...]] = danese_positions
        if state.form is EntryForm.INDIVIDUAL:
            # Art. 2: a new opponent every turn (decision 0173).
            pairing = partial(
                danese_new_opponents,
                last=_last_met(state, state.current_turn, partners=False),
            )

        if split is not None and command.turn > split:
            playing = tuple(
                tuple(p for p in g if p not in state.abandoned) for g in state.groups
            )
            positions = group_positions(
                order, playing, may_rest=may_rest, pairing=pairing
            )
        else:
            positions = danese_with_rest(order, may_rest, pairing)
    return PositionsPublished(turn=command.turn, positions=positions, published_at=now)
