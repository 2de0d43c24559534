"""Turn a burraco tournament command into events, or refuse it naming the article.

F.I.Bur. Codice di Gara, April 2024 edition. Art. 2 (the first turn's tables,
Mitchell: the fixed line stays, the mobile one moves to the next table),
Art. 6 (hands a turn), Art. 18 (every score a multiple of 5), Le tabelle
(MP difference to VP), Art. 20 (the windows):

- until the next turn's positions are shown, a sheet is corrected with the
  opponents' confirmation; the last turn is protected (Art. 20, point 3): the
  director must also countersign;
- after that, only a score inversion, confirmed by the two pairs: their
  results swap, and the standings take it at the next turn;
- the final standings are shown for a check period (10 minutes), then are
  final and nothing changes (decision 0122).

Windows are judged against ``now``, database time, so a window is closed
even before the sweep records its closing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from datetime import datetime, timedelta
from functools import partial
from typing import assert_never
from uuid import UUID

from burraco.domain import table_sheets
from burraco.domain.absences import abandon, absent, away, interrupt, substitute
from burraco.domain.awards import late, lost_sheet
from burraco.domain.commands import (
    BurracoCommand,
    CorrectScoreSheet,
    DeclareLineUp,
    DeliverSheet,
    EnterScoreSheet,
    FileSheet,
    FormLines,
    InterruptTournament,
    InvertScore,
    IssueWarning,
    OpenBurraco,
    PublishFinalStandings,
    PublishPositions,
    PublishProvisionalStandings,
    RecordAbandonment,
    RecordAbsence,
    RecordLateness,
    RecordLostSheet,
    RecordOrigins,
    RecordWrongTable,
    SetPrizes,
    SignSheet,
    SplitIntoGroups,
    StartTurn,
    SubstitutePlayer,
)
from burraco.domain.errors import (
    BurracoExists,
    BurracoNotOpen,
    CorrectionNotConfirmed,
    CorrectionWindowClosed,
    GroupsNotFormed,
    InvalidLines,
    InvalidSheet,
    InversionNotAllowed,
    SheetAlreadyEntered,
    StandingsAreFinal,
    TournamentIsInterrupted,
    TurnIncomplete,
    TurnNotCurrent,
    UnknownTable,
)
from burraco.domain.events import (
    BurracoEvent,
    BurracoOpened,
    FinalStandingsPublished,
    GroupsFormed,
    LinesFormed,
    OriginsRecorded,
    PositionsPublished,
    PrizesSet,
    ProvisionalStandingsPublished,
    ScoreInverted,
    ScoreSheetCorrected,
    ScoreSheetEntered,
    TurnStarted,
    WarningIssued,
    WrongTableRecorded,
)
from burraco.domain.formation import alphabetical, by_category
from burraco.domain.groups import (
    MAX_GROUPS,
    even_sizes,
    form_groups,
    group_positions,
)
from burraco.domain.guards import entered, not_awarded, table_at
from burraco.domain.lineups import declare
from burraco.domain.monitoring import monitored
from burraco.domain.movement import (
    calendar_with_rest,
    danese_new_opponents,
    danese_positions,
    danese_with_rest,
    giallo_positions,
    mitchell_positions,
    separated_lines,
)
from burraco.domain.sheets import scored
from burraco.domain.standings import standings_after
from burraco.domain.state import BurracoState, TableResult
from burraco.domain.values import (
    REST,
    EntryForm,
    FormationMethod,
    GroupMovement,
    Movement,
    Position,
)
from rules.burraco.articles import DEFINITIONS, art, powers
from rules.burraco.errors import InvalidSetting
from rules.burraco.match_format import MatchFormat
from scoring.burraco.prizes import PrizeSettings
from scoring.burraco.standings import WarningPolicy

__all__ = ["MAX_TURNS", "decide"]

MAX_TURNS = 99
ART_20 = art(20)


def decide(
    state: BurracoState,
    command: BurracoCommand,
    now: datetime,
    *,
    entries: Collection[int] = (),
    players: Mapping[int, Collection[UUID]] | None = None,
    names: Mapping[int, str] | None = None,
) -> list[BurracoEvent]:
    """Return the events of ``command``, or raise the refusal naming its article.

    ``entries``: the pair numbers entered in the tournament (its stream's),
    read by the handler for ``FormLines``; ``players``: each pair's players,
    for ``SubstitutePlayer`` and the table's sheet; ``names``: each entry's
    players' names, for an alphabetical ``FormLines`` (never in an event).
    """
    if isinstance(command, OpenBurraco):
        return [_open(state, command)]
    if state.opened is None:
        raise BurracoNotOpen("this tournament is not a burraco tournament")
    if state.final or (
        state.check_deadline is not None and now >= state.check_deadline
    ):
        raise StandingsAreFinal(
            "the standings are final: nothing can change now", law=ART_20
        )
    if state.interrupted is not None:
        raise TournamentIsInterrupted(
            "the tournament is interrupted: nothing can change now", law=art(40)
        )
    match command:
        case FormLines():
            return [_form_lines(state, command, entries, names)]
        case PublishPositions():
            published = _publish_positions(state, command, now)
            return [published, *away(state, published)]
        case EnterScoreSheet():
            entered = _enter(state, command)
            return [
                *monitored(state, command, entered),
                *_left(state, entered, command),
            ]
        case CorrectScoreSheet():
            return [_correct(state, command, now)]
        case InvertScore():
            return [_invert(state, command, now)]
        case PublishFinalStandings():
            return [_publish_final(state, now)]
        case IssueWarning():
            return [_warn(state, command)]
        case RecordLateness():
            return late(state, command, now)
        case StartTurn():
            return [_start(state, command, now)]
        case RecordWrongTable():
            return _wrong_table(state, command)
        case RecordLostSheet():
            return [lost_sheet(state, command)]
        case PublishProvisionalStandings():
            return [_publish_provisional(state, now)]
        case SplitIntoGroups():
            return [_split(state, command, now)]
        case RecordAbsence():
            return absent(state, command)
        case SubstitutePlayer():
            return [substitute(state, command, players or {})]
        case InterruptTournament():
            return [interrupt(state, command, now)]
        case RecordAbandonment():
            return [abandon(state, command)]
        case SetPrizes():
            return [_set_prizes(command)]
        case RecordOrigins():
            return [_origins(state, command, entries)]
        case DeclareLineUp():
            return [declare(state, command, players or {})]
        case FileSheet():
            score = partial(_enter, state)
            return [table_sheets.file_sheet(state, command, players or {}, score)]
        case SignSheet():
            return [table_sheets.sign(state, command, players or {})]
        case DeliverSheet():
            score = partial(_enter, state)
            return table_sheets.deliver(state, command, players or {}, score)
        case _:
            assert_never(command)


def _open(state: BurracoState, command: OpenBurraco) -> BurracoOpened:
    if state.exists:
        raise BurracoExists("the tournament already exists")
    try:
        MatchFormat.for_hands(command.hands_per_turn)
    except InvalidSetting as error:
        error.field, error.value = "hands_per_turn", str(command.hands_per_turn)
        error.law = art(6)
        raise
    if not 1 <= command.turns <= MAX_TURNS:
        raise InvalidSetting(
            f"a tournament has 1 to {MAX_TURNS} turns, not {command.turns}",
            field="turns",
            value=command.turns,
            law=art(2),
        )
    if not 1 <= command.standings_check_minutes <= 60:
        raise InvalidSetting(
            "the standings are checked for 1 to 60 minutes (the code says 10)",
            field="standings_check_minutes",
            value=command.standings_check_minutes,
            law=ART_20,
        )
    if command.mitchell_turns is not None and not (
        0 <= command.mitchell_turns <= command.turns
    ):
        raise InvalidSetting(
            f"the Mitchell turns are 0 to {command.turns}, not {command.mitchell_turns}",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )
    _check_split(command)
    if command.session_turns is not None and not (
        1 <= command.session_turns <= command.turns
    ):
        raise InvalidSetting(
            f"a session has 1 to {command.turns} turns, not {command.session_turns}",
            field="session_turns",
            value=command.session_turns,
            law=art(39),
        )
    _check_form(command)
    _check_category(command)
    if len(set(command.tie_breaks)) != len(command.tie_breaks):
        # The code has no tie-breaks (digest Q8): no article to name.
        raise InvalidSetting("a tie-break is listed twice", field="tie_breaks")
    if command.warning_policy not in {p.value for p in WarningPolicy}:
        raise InvalidSetting(
            f"{command.warning_policy!r} is not a warning policy",
            field="warning_policy",
            value=command.warning_policy,
            law=DEFINITIONS,
        )
    return BurracoOpened(
        tournament_id=command.tournament_id,
        hands_per_turn=command.hands_per_turn,
        turns=command.turns,
        movement=command.movement,
        standings_check_minutes=command.standings_check_minutes,
        tie_breaks=command.tie_breaks,
        warning_policy=command.warning_policy,
        mitchell_turns=command.mitchell_turns,
        table_streams=command.table_streams,
        split_after=command.split_after,
        merit_groups=command.merit_groups if command.split_after else 1,
        group_movement=command.group_movement,
        session_turns=command.session_turns,
        form=command.form,
        category=command.category,
        monitoring_800=command.monitoring_800,
        time_reduction_minutes=command.time_reduction_minutes,
    )


def _check_form(command: OpenBurraco) -> None:
    """A giallo changes partners every turn (Art. 2): its lines are drawn
    from the individual standings each turn, neither a Mitchell (whose lines
    keep their partners) nor a calendar, and it has no merit groups
    (decision 0173)."""
    if command.form is not EntryForm.GIALLO:
        return
    if command.movement is Movement.ITALIANA or command.split_after is not None:
        raise InvalidSetting(
            "a giallo changes partners every turn: its lines are drawn from the "
            "standings, without a calendar or merit groups",
            field="movement" if command.split_after is None else "split_after",
            law=art(2),
        )
    if command.mitchell_turns:
        raise InvalidSetting(
            "a giallo changes partners every turn: a Mitchell keeps them",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )


def _check_category(command: OpenBurraco) -> None:
    """What the category allows (decision 0174): the time reduction (Art. 6,
    at most 2 minutes, club and federal events), the 800-MP monitoring
    (I poteri dell'arbitro g: the Danese merit-group turns of regional and
    national events)."""
    reduction = command.time_reduction_minutes
    if not 0 <= reduction <= 2:
        raise InvalidSetting(
            f"a turn's time is reduced by at most 2 minutes, not {reduction}",
            field="time_reduction_minutes",
            value=reduction,
            law=art(6),
        )
    if reduction and not command.category.may_reduce_time:
        raise InvalidSetting(
            f"only club and federal events reduce the turn's time, not a "
            f"{command.category.value} one",
            field="time_reduction_minutes",
            value=reduction,
            law=art(6),
        )
    if not command.monitoring_800:
        return
    if not command.category.may_monitor_800:
        raise InvalidSetting(
            "the 800-MP monitoring is for regional and national events, not a "
            f"{command.category.value} one",
            field="monitoring_800",
            law=powers("g"),
        )
    if (
        command.split_after is None
        or command.group_movement is not GroupMovement.DANESE
    ):
        raise InvalidSetting(
            "the 800-MP monitoring applies in the Danese merit-group turns: "
            "set split_after with the groups played Danese",
            field="monitoring_800",
            law=powers("g"),
        )


TURN_MINUTES = {2: 25, 3: 32, 4: 42}
"""Art. 6: a turn's minutes by its hands, before the allowed reduction."""


def turn_minutes(state: BurracoState) -> int:
    assert state.opened is not None
    hands = state.opened.hands_per_turn
    return TURN_MINUTES[hands] - state.opened.time_reduction_minutes


def _start(state: BurracoState, command: StartTurn, now: datetime) -> TurnStarted:
    """Art. 6: the signal of the turn in play, once."""
    if command.turn != state.current_turn or state.final_published_at is not None:
        raise TurnNotCurrent(
            f"the turn in play is {state.current_turn}, not {command.turn}",
            field="turn",
            value=command.turn,
            law=art(6),
        )
    if command.turn in state.started:
        raise TurnNotCurrent(f"turn {command.turn} has started already", law=art(6))
    return TurnStarted(
        turn=command.turn,
        started_at=now,
        ends_at=now + timedelta(minutes=turn_minutes(state)),
    )


def _wrong_table(state: BurracoState, command: RecordWrongTable) -> list[BurracoEvent]:
    """Art. 2: a pair at a table not its own once play began: the game goes
    on and its score is valid; the scoring room enters it by hand (the two
    pairs exchange places for this turn); the pair that sat wrongly is
    warned; the next turn it takes its normal place (the movement's)."""
    if command.turn != state.current_turn or state.final_published_at is not None:
        raise TurnNotCurrent(
            f"the turn in play is {state.current_turn}, not {command.turn}",
            field="turn",
            value=command.turn,
            law=art(2),
        )
    if state.giallo:
        raise InvalidLines(
            "a giallo's lines are drawn each turn: the director re-forms them",
            law=art(2),
        )
    tables = {}
    for p in state.positions[command.turn]:
        tables[p.fixed] = p
        tables[p.mobile] = p
    for number, name in ((command.pair, "pair"), (command.other, "other")):
        if number == REST or number not in tables:
            raise UnknownTable(
                f"pair {number} has no place in turn {command.turn}",
                field=name,
                value=number,
                law=art(2),
            )
    a, b = tables[command.pair], tables[command.other]
    if a.table == b.table:
        raise InvalidLines(
            "the two pairs sit at one table: an exchange of lines changes no result",
            field="other",
            law=art(2),
        )
    for seat in (a, b):
        if (command.turn, seat.table) in state.results:
            raise SheetAlreadyEntered(
                f"table {seat.table}'s turn {command.turn} has its result",
                law=art(2),
            )
    return [
        WrongTableRecorded(turn=command.turn, pair=command.pair, other=command.other),
        WarningIssued(
            pair=command.pair,
            turn=command.turn,
            article=str(art(2)),
            reason=f"sat at table {b.table} instead of table {a.table}",
        ),
    ]


def _origins(
    state: BurracoState, command: RecordOrigins, entries: Collection[int]
) -> OriginsRecorded:
    """The entries' region, province and club, before the lines are formed."""
    if state.fixed:
        raise InvalidLines(
            "the lines are formed already: origins serve their formation",
            law=art(2),
        )
    unknown = sorted({o.entry for o in command.origins} - set(entries))
    if unknown:
        raise InvalidLines(
            f"entry {unknown[0]} is not entered",
            field="origins",
            value=unknown[0],
            law=art(2),
        )
    return OriginsRecorded(origins=command.origins)


def _check_split(command: OpenBurraco) -> None:
    """The split's turn and the number of merit groups (decision 0145)."""
    split = command.split_after
    if split is None:
        return
    if not 1 <= split < command.turns:
        raise InvalidSetting(
            f"the split follows a turn from 1 to {command.turns - 1}, not {split}",
            field="split_after",
            value=split,
            law=ART_20,
        )
    if not 2 <= command.merit_groups <= MAX_GROUPS:
        raise InvalidSetting(
            f"2 to {MAX_GROUPS} merit groups, not {command.merit_groups}",
            field="merit_groups",
            value=command.merit_groups,
            law=ART_20,
        )
    if command.mitchell_turns is not None and command.mitchell_turns > split:
        raise InvalidSetting(
            "the merit groups play Danese: the Mitchell turns end by the split",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )
    if command.mitchell_turns is None:
        raise InvalidSetting(
            "with a split, say how many turns before it move by Mitchell",
            field="mitchell_turns",
            law=art(2),
        )


def _form_lines(
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


def _publish_positions(
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


def _bonuses(
    state: BurracoState, turn: int, fixed: int, mobile: int
) -> tuple[int, int]:
    return state.bonus_to(turn, fixed, mobile), state.bonus_to(turn, mobile, fixed)


def _enter(state: BurracoState, command: EnterScoreSheet) -> ScoreSheetEntered:
    """A table's sheet for the turn in play, or a lost sheet found again.

    Art. 19: a sheet found again restores the real score over the 7-7. Found
    while its turn is in play, at once; found after the next positions, it
    counts in the standings from the turn in play, as an inversion does
    (Art. 20; decision 0123).
    """
    if not command.countersigned:
        raise InvalidSheet(
            "a score sheet is countersigned by at least one player of each pair",
            field="countersigned",
            law=art(19),
        )
    key = (command.turn, command.table)
    existing = state.results.get(key)
    found = existing is not None and existing.award_article == str(art(19))
    if not found and (
        command.turn != state.current_turn or state.final_published_at is not None
    ):
        raise TurnNotCurrent(
            f"sheets are entered for the turn in play ({state.current_turn}), "
            f"not {command.turn}",
            field="turn",
            value=command.turn,
            law=art(19),
        )
    if found and state.groups and command.turn <= (state.split_after or 0):
        raise CorrectionWindowClosed(
            "a sheet lost in the single group and found in the merit groups "
            "is not restored: the 7-7 stands",
            law=art(19),
        )
    fixed, mobile = table_at(state, command.turn, command.table)
    if not found:
        not_awarded(existing)
        if existing is not None:
            raise SheetAlreadyEntered(
                f"table {command.table}'s sheet of turn {command.turn} is entered: "
                "correct it with the opponents' confirmation",
                law=ART_20,
            )
    fixed_mp, mobile_mp, fixed_vp, mobile_vp = scored(
        state,
        command.hands,
        _bonuses(state, command.turn, fixed, mobile),
        command.closed_hands,
    )
    late = found and command.turn + 1 in state.positions
    return ScoreSheetEntered(
        turn=command.turn,
        table=command.table,
        fixed=fixed,
        mobile=mobile,
        hands=command.hands,
        closed_hands=command.closed_hands,
        fixed_mp=fixed_mp,
        mobile_mp=mobile_mp,
        fixed_vp=fixed_vp,
        mobile_vp=mobile_vp,
        restored_after=state.current_turn if late else None,
    )


def _left(
    state: BurracoState, entered: ScoreSheetEntered, command: EnterScoreSheet
) -> list[WarningIssued]:
    """Art. 19: a sheet left on the table: the side that had to deliver it,
    the winner, is warned (each player of a giallo line). A 10-10 names no
    winner (digest Q29): the director warns whom he finds at fault."""
    if command.delivered or entered.fixed_vp == entered.mobile_vp:
        return []
    winner = entered.fixed if entered.fixed_vp > entered.mobile_vp else entered.mobile
    seat = state.position(entered.turn, entered.table)
    players = (winner,) if seat is None else seat.players(winner)
    return [
        WarningIssued(
            pair=player,
            turn=entered.turn,
            article=str(art(19)),
            reason="the score sheet was left on the table, not delivered",
        )
        for player in players
    ]


def _closed_before_split(state: BurracoState, turn: int, now: datetime) -> None:
    if state.before_split_closed(turn, now):
        raise CorrectionWindowClosed(
            "the standings before the split into groups are final: "
            f"turn {turn} no longer changes",
            law=ART_20,
        )


def _correct(
    state: BurracoState, command: CorrectScoreSheet, now: datetime
) -> ScoreSheetCorrected:
    assert state.opened is not None
    result = entered(state, command.turn, command.table)
    not_awarded(result)
    _closed_before_split(state, command.turn, now)
    if command.turn + 1 in state.positions:
        raise CorrectionWindowClosed(
            f"turn {command.turn + 1}'s positions are published: only an "
            "inversion of the two pairs' scores can be put right now",
            law=ART_20,
        )
    if not command.opponents_confirmed:
        raise CorrectionNotConfirmed(
            "a correction needs the opponents' confirmation",
            field="opponents_confirmed",
            law=ART_20,
        )
    if state.protected(command.turn) and not command.director_countersigned:
        raise CorrectionNotConfirmed(
            "the last turn's, the single group's last turn's and the merit "
            "groups' sheets are corrected only with the director called and "
            "countersigning",
            field="director_countersigned",
            law=ART_20,
        )
    fixed_mp, mobile_mp, fixed_vp, mobile_vp = scored(
        state,
        command.hands,
        _bonuses(state, command.turn, result.fixed, result.mobile),
        command.closed_hands,
    )
    return ScoreSheetCorrected(
        turn=command.turn,
        table=command.table,
        hands=command.hands,
        closed_hands=command.closed_hands,
        fixed_mp=fixed_mp,
        mobile_mp=mobile_mp,
        fixed_vp=fixed_vp,
        mobile_vp=mobile_vp,
        director_countersigned=command.director_countersigned,
    )


def _invert(state: BurracoState, command: InvertScore, now: datetime) -> ScoreInverted:
    result = entered(state, command.turn, command.table)
    not_awarded(result)
    _closed_before_split(state, command.turn, now)
    if command.turn + 1 not in state.positions and state.final_published_at is None:
        raise InversionNotAllowed(
            f"turn {command.turn + 1}'s positions are not published: correct "
            "the sheet with the opponents' confirmation",
            law=ART_20,
        )
    if result.inverted_after is not None:
        raise InversionNotAllowed("this score is inverted already", law=ART_20)
    if result.fixed_vp == result.mobile_vp:
        raise InvalidSheet(
            "a 10-10 turn has no winner to swap", field="table", law=ART_20
        )
    if not command.pairs_confirmed:
        raise CorrectionNotConfirmed(
            "an inversion needs the confirmation of the two pairs",
            field="pairs_confirmed",
            law=ART_20,
        )
    return ScoreInverted(
        turn=command.turn,
        table=command.table,
        effective_after_turn=state.current_turn,
        positions_swapped_in=_danese_swap(state, result),
    )


def _danese_swap(state: BurracoState, result: TableResult) -> int | None:
    """The Danese turn drawn from the standings the inversion would have
    changed, whose seats the two pairs swap (Art. 20), if none of their
    tables in it has a result yet; None otherwise."""
    current = state.current_turn
    if state.giallo or result.turn != current - 1 or current <= state.mitchell_turns:
        return None
    assert state.opened is not None
    split = state.split_after
    if state.opened.movement is Movement.ITALIANA or (
        split is not None and current > split and state.italiana
    ):
        return None  # a calendar's seats do not follow the standings
    pairs = {result.fixed, result.mobile}
    for position in state.positions[current]:
        seated = {position.fixed, position.mobile}
        if pairs & seated and (current, position.table) in state.results:
            return None
    return current


def _publish_final(state: BurracoState, now: datetime) -> FinalStandingsPublished:
    assert state.opened is not None
    if state.final_published_at is not None:
        raise TurnNotCurrent("the final standings are published already", law=ART_20)
    last = state.opened.turns
    if state.current_turn != last or not state.turn_complete(last):
        raise TurnIncomplete(
            f"the final standings follow turn {last}'s last sheet", law=ART_20
        )
    minutes = state.opened.standings_check_minutes
    return FinalStandingsPublished(
        published_at=now, check_deadline=now + timedelta(minutes=minutes)
    )


def _warn(state: BurracoState, command: IssueWarning) -> WarningIssued:
    if command.pair not in state.pairs:
        raise InvalidLines(
            f"pair {command.pair} is not in the movement",
            field="pair",
            value=command.pair,
            law=art(2),
        )
    if not 1 <= command.turn <= state.current_turn:
        raise TurnNotCurrent(
            f"turn {command.turn} is not played yet",
            field="turn",
            value=command.turn,
            law=art(2),
        )
    try:
        article = art(command.article)
    except ValueError as error:
        raise InvalidSetting(
            str(error), field="article", value=command.article
        ) from None
    return WarningIssued(
        pair=command.pair,
        turn=command.turn,
        article=str(article),
        reason=command.reason.strip(),
    )


def _publish_provisional(
    state: BurracoState, now: datetime
) -> ProvisionalStandingsPublished:
    """Art. 20 point 4: the standings before the split, shown for the check."""
    assert state.opened is not None
    split = state.split_after
    if split is None:
        raise TurnNotCurrent("this tournament has no split into groups", law=ART_20)
    if state.provisional_deadline is not None:
        raise TurnNotCurrent(
            "the standings before the split are published already", law=ART_20
        )
    if state.current_turn != split or not state.turn_complete(split):
        raise TurnIncomplete(
            f"the standings before the split follow turn {split}'s last sheet",
            law=ART_20,
        )
    minutes = state.opened.standings_check_minutes
    return ProvisionalStandingsPublished(
        after_turn=split,
        published_at=now,
        check_deadline=now + timedelta(minutes=minutes),
    )


def _split(
    state: BurracoState, command: SplitIntoGroups, now: datetime
) -> GroupsFormed:
    """Form the merit groups from the final standings before the split."""
    assert state.opened is not None
    split = state.split_after
    if split is None:
        raise TurnNotCurrent("this tournament has no split into groups", law=ART_20)
    if state.groups:
        raise TurnNotCurrent("the merit groups are formed already", law=ART_20)
    if not state.before_split_closed(split, now):
        raise GroupsNotFormed(
            "the groups are formed once the standings before the split have "
            "been shown for their check and are final",
            law=ART_20,
        )
    order = tuple(s.pair for s in standings_after(state, split))
    sizes = command.sizes or even_sizes(len(order), state.opened.merit_groups)
    if len(sizes) != state.opened.merit_groups:
        raise InvalidLines(
            f"this tournament has {state.opened.merit_groups} merit groups, "
            f"not {len(sizes)}",
            field="sizes",
            value=len(sizes),
            law=ART_20,
        )
    groups = form_groups(order, sizes)
    rounds = state.opened.turns - split
    calendar = min(size - 1 + size % 2 for size in sizes)
    if state.opened.group_movement is GroupMovement.ITALIANA and rounds > calendar:
        raise InvalidLines(
            f"the smallest group's all'italiana has {calendar} turns; the groups "
            f"play {rounds}",
            field="sizes",
            value=min(sizes),
            law=art(2),
        )
    return GroupsFormed(after_turn=split, groups=groups)


def _set_prizes(command: SetPrizes) -> PrizesSet:
    """Decision 0189: the settings checked (Art. 40 named on a refusal)."""
    PrizeSettings(command.entry_fee_cents, command.pool_percent, tuple(command.shares))
    if command.costs_per_entry_cents < 0:
        raise InvalidSetting("the organiser's costs cannot be negative", law=art(40))
    return PrizesSet(
        entry_fee_cents=command.entry_fee_cents,
        pool_percent=command.pool_percent,
        shares=tuple(command.shares),
        costs_per_entry_cents=command.costs_per_entry_cents,
    )
