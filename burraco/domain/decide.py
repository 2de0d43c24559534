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

from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from typing import assert_never
from uuid import UUID

from burraco.domain.absences import abandon, absent, away, interrupt, substitute
from burraco.domain.awards import late, lost_sheet
from burraco.domain.commands import (
    BurracoCommand,
    CorrectScoreSheet,
    DeclareLineUp,
    EnterScoreSheet,
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
    SplitIntoGroups,
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
)
from burraco.domain.events import (
    BurracoEvent,
    BurracoOpened,
    FinalStandingsPublished,
    GroupsFormed,
    LinesFormed,
    PositionsPublished,
    ProvisionalStandingsPublished,
    ScoreInverted,
    ScoreSheetCorrected,
    ScoreSheetEntered,
    WarningIssued,
)
from burraco.domain.groups import (
    MAX_GROUPS,
    even_sizes,
    form_groups,
    group_positions,
)
from burraco.domain.guards import entered, not_awarded, table_at
from burraco.domain.lineups import declare
from burraco.domain.movement import (
    calendar_with_rest,
    danese_with_rest,
    mitchell_positions,
)
from burraco.domain.sheets import scored
from burraco.domain.standings import standings_after
from burraco.domain.state import BurracoState, TableResult
from burraco.domain.values import (
    REST,
    FormationMethod,
    GroupMovement,
    Movement,
)
from rules.burraco.articles import DEFINITIONS, art
from rules.burraco.errors import InvalidSetting
from rules.burraco.match_format import MatchFormat
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
) -> list[BurracoEvent]:
    """Return the events of ``command``, or raise the refusal naming its article.

    ``entries``: the pair numbers entered in the tournament (its stream's),
    read by the handler for ``FormLines``; ``players``: each pair's players,
    for ``SubstitutePlayer``.
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
            return [_form_lines(state, command, entries)]
        case PublishPositions():
            published = _publish_positions(state, command, now)
            return [published, *away(state, published)]
        case EnterScoreSheet():
            return [_enter(state, command)]
        case CorrectScoreSheet():
            return [_correct(state, command, now)]
        case InvertScore():
            return [_invert(state, command, now)]
        case PublishFinalStandings():
            return [_publish_final(state, now)]
        case IssueWarning():
            return [_warn(state, command)]
        case RecordLateness():
            return late(state, command)
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
        case DeclareLineUp():
            return [declare(state, command, players or {})]
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
    )


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
    state: BurracoState, command: FormLines, entries: Collection[int]
) -> LinesFormed:
    assert state.opened is not None
    if state.fixed:
        raise InvalidLines("the lines are formed already", law=art(2))
    numbers = sorted(entries)
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
        if len(fixed) - len(mobile) not in (0, len(numbers) % 2):
            raise InvalidLines(
                "as many fixed lines as mobile ones (one more fixed with an "
                "odd field: its table is incomplete)",
                field="mobile",
                law=art(2),
            )
    else:
        method = FormationMethod.REGISTRATION_ORDER
        half = (len(numbers) + 1) // 2
        fixed, mobile = tuple(numbers[:half]), tuple(numbers[half:])
    if len(numbers) < 2:
        raise InvalidLines(
            f"{len(numbers)} pairs do not make a table", value=len(numbers), law=art(2)
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
    return LinesFormed(method=method, fixed=tuple(fixed), mobile=tuple(mobile))


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
    if split is not None and command.turn > split and state.italiana:
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

        if split is not None and command.turn > split:
            playing = tuple(
                tuple(p for p in g if p not in state.abandoned) for g in state.groups
            )
            positions = group_positions(order, playing, may_rest=may_rest)
        else:
            positions = danese_with_rest(order, may_rest)
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
    if result.turn != current - 1 or current <= state.mitchell_turns:
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
