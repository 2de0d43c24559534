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
from functools import partial
from typing import assert_never
from uuid import UUID

from burraco.domain import table_sheets
from burraco.domain.absences import abandon, absent, away, interrupt, substitute
from burraco.domain.awards import late, lost_sheet
from burraco.domain.commands import (
    AnnulAlteredSheet,
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
    RecordBothAbandoned,
    RecordLateness,
    RecordLostSheet,
    RecordOrigins,
    RecordQuarrel,
    RecordWrongTable,
    ReportToSportsJustice,
    SetPrizes,
    SignSheet,
    SplitIntoGroups,
    StartTurn,
    SubstitutePlayer,
    SuspendForMisconduct,
)
from burraco.domain.errors import (
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
    WARNING_SHEET_LEFT,
    WARNING_WRONG_TABLE,
    BurracoEvent,
    FinalStandingsPublished,
    GroupsFormed,
    OriginsRecorded,
    PrizesSet,
    ProvisionalStandingsPublished,
    ScoreInverted,
    ScoreSheetCorrected,
    ScoreSheetEntered,
    TurnStarted,
    WarningIssued,
    WrongTableRecorded,
)
from burraco.domain.groups import even_sizes, form_groups
from burraco.domain.guards import entered, not_awarded, table_at
from burraco.domain.lines import form_lines, publish_positions
from burraco.domain.lineups import declare
from burraco.domain.monitoring import monitored
from burraco.domain.opening import ART_20, MAX_TURNS, open_burraco, turn_minutes
from burraco.domain.remedies import remedy, report
from burraco.domain.sheets import scored
from burraco.domain.standings import standings_after
from burraco.domain.state import BurracoState, TableResult
from burraco.domain.values import REST, GroupMovement, Movement
from rules.burraco.articles import art
from rules.burraco.errors import InvalidSetting
from rules.windows import in_time
from scoring.burraco.prizes import PrizeSettings

__all__ = ["MAX_TURNS", "decide"]


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
        return [open_burraco(state, command)]
    if state.opened is None:
        raise BurracoNotOpen("this tournament is not a burraco tournament")
    if isinstance(command, ReportToSportsJustice):
        return [report(state, command, now)]  # changes no result: to the end
    if state.final or (
        state.check_deadline is not None and not in_time(state.check_deadline, now)
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
            return [form_lines(state, command, entries, names)]
        case PublishPositions():
            published = publish_positions(state, command, now)
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
            return [_set_prizes(state, command)]
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
        case (
            AnnulAlteredSheet()
            | RecordQuarrel()
            | SuspendForMisconduct()
            | RecordBothAbandoned()
            | ReportToSportsJustice()
        ):
            return remedy(state, command, now)
        case _:
            assert_never(command)


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
            reason="",
            cause=WARNING_WRONG_TABLE,
            table=b.table,
            expected_table=a.table,
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
            reason="",
            cause=WARNING_SHEET_LEFT,
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


def _set_prizes(state: BurracoState, command: SetPrizes) -> PrizesSet:
    """Decisions 0189, 0194: the settings checked (Art. 40 named on a
    refusal); group shares only for the tournament's merit groups."""
    group_shares = tuple(tuple(group) for group in command.group_shares)
    PrizeSettings(
        command.entry_fee_cents,
        command.pool_percent,
        tuple(command.shares),
        group_shares,
    )
    if command.costs_per_entry_cents < 0:
        raise InvalidSetting(
            "the organiser's costs cannot be negative",
            law=art(40),
            field="costs_per_entry_cents",
            value=command.costs_per_entry_cents,
        )
    assert state.opened is not None
    groups = state.opened.merit_groups if state.split_after is not None else 0
    if len(group_shares) > groups:
        raise InvalidSetting(
            f"prizes for {len(group_shares)} merit groups, but the tournament "
            + (f"splits into {groups}" if groups else "has no merit groups"),
            law=art(40),
            field="group_shares",
            value=len(group_shares),
        )
    return PrizesSet(
        entry_fee_cents=command.entry_fee_cents,
        pool_percent=command.pool_percent,
        shares=tuple(command.shares),
        costs_per_entry_cents=command.costs_per_entry_cents,
        group_shares=group_shares,
    )
