"""The burraco tournament's state, folded from its events (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import assert_never

from burraco.domain.events import (
    AbsenceRecorded,
    BurracoEvent,
    BurracoOpened,
    FinalStandingsPublished,
    GroupsFormed,
    LatenessRecorded,
    LinesFormed,
    LineUpDeclared,
    OriginsRecorded,
    PairAbandoned,
    PlayerSubstituted,
    PositionsPublished,
    PrizesSet,
    ProvisionalStandingsFinal,
    ProvisionalStandingsPublished,
    ScoreInverted,
    ScoreSheetCorrected,
    ScoreSheetDelivered,
    ScoreSheetEntered,
    ScoreSheetFiled,
    ScoreSheetSigned,
    StandingsFinal,
    TournamentInterrupted,
    TurnAwarded,
    TurnStarted,
    WarningIssued,
    WrongTableRecorded,
)
from burraco.domain.remedy_events import (
    REMEDY_ANNULLED,
    REMEDY_BOTH_ABANDONED,
    REMEDY_MISCONDUCT,
    REMEDY_QUARREL,
    AlteredSheetAnnulled,
    BothPairsAbandoned,
    MisconductSuspended,
    QuarrelAbandonment,
    RemedyEvent,
    SportsJusticeReported,
)
from burraco.domain.values import (
    REST,
    EntryForm,
    GroupMovement,
    Movement,
    Origin,
    Position,
    SheetHand,
)
from rules.burraco.articles import art
from rules.burraco.match_format import MatchFormat
from rules.windows import in_time

__all__ = ["INITIAL", "BurracoState", "SheetDraft", "TableResult", "evolve", "merge"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetDraft:
    """Art. 19: a sheet filed from the table, not yet delivered: the keeper's
    side (``keeper``), its hands and the sides that signed it."""

    keeper: int
    hands: tuple[SheetHand, ...]
    closed_hands: tuple[SheetHand, ...] = ()
    signed: frozenset[int] = frozenset()
    delivered_by: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResult:
    """One table's turn as it stands: the sheet's hands, MP and VP.

    ``inverted_after``: the turn after whose standings an Art. 20 inversion
    counts (None: not inverted). The fixed and mobile figures are as the
    sheet was entered or corrected; ``for_pair`` applies the inversion.
    ``awarded``: no sheet (Art. 39's forfeit); ``fixed_mp`` and ``mobile_mp``
    are then each side's signed MP, not its total.
    """

    turn: int
    table: int
    fixed: int
    mobile: int
    hands: tuple[SheetHand, ...]
    fixed_mp: int
    mobile_mp: int
    fixed_vp: int
    mobile_vp: int
    corrected: bool = False
    closed_hands: tuple[SheetHand, ...] = ()
    inverted_after: int | None = None
    awarded: bool = False
    award_article: str = ""
    # A lost sheet's 7-7 that a found sheet replaced from ``restored_after``.
    replaced: TableResult | None = None
    restored_after: int | None = None
    # I poteri dell'arbitro (g): "called" (800 MP reached, the director
    # countersigned), "annulled" (reached without him), "" otherwise.
    threshold_800: str = ""
    # The director's remedy that gave this result (Arts. 20, 38; decision
    # 0217): "annulled", "quarrel", "misconduct", "both_abandoned"; "" none.
    remedy: str = ""

    def for_pair(self, pair: int, after_turn: int) -> tuple[int, int]:
        """Return (VP, signed MP difference) of ``pair`` in standings after
        ``after_turn``: an inversion counts from the turn it names, a found
        sheet from the turn it names (the 7-7 before)."""
        if (
            self.replaced is not None
            and self.restored_after is not None
            and after_turn < self.restored_after
        ):
            return self.replaced.for_pair(pair, after_turn)
        swap = self.inverted_after is not None and self.inverted_after <= after_turn
        fixed_side = (pair == self.fixed) != swap
        if self.awarded:
            return (
                (self.fixed_vp, self.fixed_mp)
                if fixed_side
                else (self.mobile_vp, self.mobile_mp)
            )
        difference = self.fixed_mp - self.mobile_mp
        if fixed_side:
            return self.fixed_vp, difference
        return self.mobile_vp, -difference


def _frozen() -> MappingProxyType[int, tuple[Position, ...]]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True, kw_only=True)
class BurracoState:
    opened: BurracoOpened | None = None
    fixed: tuple[int, ...] = ()
    mobile: tuple[int, ...] = ()
    positions: MappingProxyType[int, tuple[Position, ...]] = field(
        default_factory=_frozen
    )
    results: MappingProxyType[tuple[int, int], TableResult] = field(
        default_factory=lambda: MappingProxyType({})
    )
    warnings: tuple[WarningIssued, ...] = ()
    lateness: MappingProxyType[tuple[int, int], LatenessRecorded] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # Art. 20 inversions by (turn, table): the turn after whose standings
    # each counts; kept apart so that a result on a table stream takes it
    # in ``merge`` (decision 0144).
    inversions: MappingProxyType[tuple[int, int], int] = field(
        default_factory=lambda: MappingProxyType({})
    )
    final_published_at: datetime | None = None
    check_deadline: datetime | None = None
    final: bool = False
    provisional_deadline: datetime | None = None
    provisional_final: bool = False
    groups: tuple[tuple[int, ...], ...] = ()
    absences: frozenset[tuple[int, int]] = frozenset()  # (turn, pair), Art. 38
    substitutions: MappingProxyType[int, PlayerSubstituted] = field(
        default_factory=lambda: MappingProxyType({})
    )
    interrupted: TournamentInterrupted | None = None
    prizes: PrizesSet | None = None  # decision 0189
    abandoned: frozenset[int] = frozenset()
    # The turn after which each entry abandoned (Art. 38; decision 0187).
    abandoned_after: MappingProxyType[int, int] = field(
        default_factory=lambda: MappingProxyType({})
    )
    origins: MappingProxyType[int, Origin] = field(
        default_factory=lambda: MappingProxyType({})
    )
    formed: LinesFormed | None = None
    started: MappingProxyType[int, TurnStarted] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # Art. 3 (teams): each team's declared line-up by (turn, team).
    line_ups: MappingProxyType[tuple[int, int], LineUpDeclared] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # Art. 19: the sheets filed from the tables by (turn, table).
    drafts: MappingProxyType[tuple[int, int], SheetDraft] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # The tables whose result a remedy of the burraco stream gave (Arts. 20,
    # 38): it stands over the table's own stream in ``merge`` (decision 0217).
    remedied: frozenset[tuple[int, int]] = frozenset()
    # The director's reports to the Sports Justice bodies, in order.
    reports: tuple[SportsJusticeReported, ...] = ()

    @property
    def exists(self) -> bool:
        return self.opened is not None

    @property
    def form(self) -> EntryForm:
        return EntryForm.PAIRS if self.opened is None else self.opened.form

    @property
    def giallo(self) -> bool:
        """Players change partner every turn (Art. 2; decision 0173)."""
        return self.form is EntryForm.GIALLO

    def position(self, turn: int, table: int) -> Position | None:
        return next((p for p in self.positions.get(turn, ()) if p.table == table), None)

    @property
    def current_turn(self) -> int:
        """The last turn whose positions are published (0: none yet)."""
        return max(self.positions, default=0)

    @property
    def match_format(self) -> MatchFormat:
        """The VP table of a turn: the team table for teams (Le tabelle)."""
        assert self.opened is not None
        if self.opened.form is EntryForm.TEAMS:
            return MatchFormat.TEAMS
        return MatchFormat.for_hands(self.opened.hands_per_turn)

    @property
    def split_after(self) -> int | None:
        """The single group's last turn (None: no merit groups)."""
        return None if self.opened is None else self.opened.split_after

    @property
    def italiana(self) -> bool:
        """The merit groups play a round-robin calendar."""
        return (
            self.opened is not None
            and self.opened.group_movement is GroupMovement.ITALIANA
        )

    def group_of(self, pair: int) -> str:
        """The pair's merit group's letter ("" before the split)."""
        for index, members in enumerate(self.groups):
            if pair in members:
                return chr(ord("A") + index)
        return ""

    def protected(self, turn: int) -> bool:
        """Art. 20 point 3: the single group's last turn, every merit-group
        turn, and the last turn: corrected only with the director
        countersigning."""
        assert self.opened is not None
        if turn == self.opened.turns:
            return True
        split = self.opened.split_after
        return split is not None and turn >= split

    def before_split_closed(self, turn: int, now: datetime) -> bool:
        """Art. 20 point 4: the standings before the split are final once
        their check ended: the single group's turns no longer change."""
        split = self.split_after
        if split is None or turn > split:
            return False
        deadline = self.provisional_deadline
        return self.provisional_final or (
            deadline is not None and not in_time(deadline, now)
        )

    @property
    def mitchell_turns(self) -> int:
        """The turns moved by Mitchell; the later ones are Danese."""
        if (
            self.opened is None
            or self.opened.movement is Movement.ITALIANA
            or self.opened.form is EntryForm.GIALLO
        ):
            return 0
        if self.opened.mitchell_turns is None:
            return self.opened.turns
        return self.opened.mitchell_turns

    def bonus_to(self, turn: int, pair: int, opponent: int) -> int:
        """The Art. 39 bonus ``pair`` takes for its opponent's lateness."""
        late = self.lateness.get((turn, opponent))
        return 0 if late is None else late.bonus_to_opponents

    @property
    def pairs(self) -> tuple[int, ...]:
        return tuple(sorted(p for p in self.fixed + self.mobile if p != REST))

    def gone(self, turn: int, entry: int) -> bool:
        """Whether ``entry`` is away from its table in ``turn``: recorded
        absent, or abandoned in an earlier turn (Art. 38)."""
        after = self.abandoned_after.get(entry)
        return (turn, entry) in self.absences or (after is not None and turn > after)

    def session_of(self, turn: int) -> int:
        """The session a turn belongs to (0-based; one session when unset)."""
        size = self.opened.session_turns if self.opened else None
        return 0 if not size else (turn - 1) // size

    def rested(self, pair: int, turn: int) -> bool:
        """Whether ``pair`` rested at an incomplete table earlier in the
        session of ``turn`` (Art. 39: once a session)."""
        session = self.session_of(turn)
        return any(
            REST in (p.fixed, p.mobile)
            and pair in (p.fixed, p.mobile, p.fixed_partner, p.mobile_partner)
            for t, seats in self.positions.items()
            if t < turn and self.session_of(t) == session
            for p in seats
        )

    @property
    def completed_turns(self) -> int:
        """The turns whose every table has its result."""
        return sum(1 for turn in self.positions if self.turn_complete(turn))

    def turn_complete(self, turn: int) -> bool:
        tables = self.positions.get(turn, ())
        return bool(tables) and all((turn, p.table) in self.results for p in tables)

    def results_public(self, turn: int) -> bool:
        """Art. 20: a turn's results are shown with the next turn's positions,
        the last turn's with the final standings (decision 0122)."""
        return (
            turn + 1 in self.positions
            or (self.final_published_at is not None and turn in self.positions)
            or (self.provisional_deadline is not None and turn == self.split_after)
        )


INITIAL = BurracoState()


def _with(
    mapping: MappingProxyType[tuple[int, int], TableResult], result: TableResult
) -> MappingProxyType[tuple[int, int], TableResult]:
    return MappingProxyType({**mapping, (result.turn, result.table): result})


def evolve(state: BurracoState, event: BurracoEvent) -> BurracoState:
    match event:
        case BurracoOpened():
            return replace(state, opened=event)
        case LinesFormed():
            return replace(state, fixed=event.fixed, mobile=event.mobile, formed=event)
        case PositionsPublished():
            positions = {**state.positions, event.turn: event.positions}
            return replace(state, positions=MappingProxyType(positions))
        case ScoreSheetEntered():
            lost = state.results.get((event.turn, event.table))
            result = TableResult(
                turn=event.turn,
                table=event.table,
                fixed=event.fixed,
                mobile=event.mobile,
                hands=event.hands,
                fixed_mp=event.fixed_mp,
                mobile_mp=event.mobile_mp,
                fixed_vp=event.fixed_vp,
                mobile_vp=event.mobile_vp,
                closed_hands=event.closed_hands,
                replaced=lost if event.restored_after is not None else None,
                restored_after=event.restored_after,
                threshold_800=""
                if not event.threshold_reached
                else "called"
                if event.director_called
                else "annulled",
            )
            return replace(state, results=_with(state.results, result))
        case ScoreSheetCorrected():
            before = state.results[(event.turn, event.table)]
            result = replace(
                before,
                hands=event.hands,
                closed_hands=event.closed_hands,
                fixed_mp=event.fixed_mp,
                mobile_mp=event.mobile_mp,
                fixed_vp=event.fixed_vp,
                mobile_vp=event.mobile_vp,
                corrected=True,
            )
            return replace(state, results=_with(state.results, result))
        case ScoreInverted():
            key = (event.turn, event.table)
            inversions = {**state.inversions, key: event.effective_after_turn}
            state = replace(state, inversions=MappingProxyType(inversions))
            if key in state.results:  # the sheet is on this stream
                result = replace(
                    state.results[key], inverted_after=event.effective_after_turn
                )
                state = replace(state, results=_with(state.results, result))
            if event.positions_swapped_in is None:
                return state
            turn = event.positions_swapped_in
            seat = next(
                p for p in state.positions[event.turn] if p.table == event.table
            )
            swap = {seat.fixed: seat.mobile, seat.mobile: seat.fixed}
            seats = tuple(
                replace(
                    p,
                    fixed=swap.get(p.fixed, p.fixed),
                    mobile=swap.get(p.mobile, p.mobile),
                )
                for p in state.positions[turn]
            )
            positions = {**state.positions, turn: seats}
            return replace(state, positions=MappingProxyType(positions))
        case LatenessRecorded():
            lateness = {**state.lateness, (event.turn, event.pair): event}
            return replace(state, lateness=MappingProxyType(lateness))
        case TurnAwarded():
            previous = state.results.get((event.turn, event.table))
            result = TableResult(
                turn=event.turn,
                table=event.table,
                fixed=event.fixed,
                mobile=event.mobile,
                hands=(),
                fixed_mp=event.fixed_mp,
                mobile_mp=event.mobile_mp,
                fixed_vp=event.fixed_vp,
                mobile_vp=event.mobile_vp,
                awarded=True,
                award_article=event.article,
                threshold_800="" if previous is None else previous.threshold_800,
            )
            return replace(state, results=_with(state.results, result))
        case FinalStandingsPublished():
            return replace(
                state,
                final_published_at=event.published_at,
                check_deadline=event.check_deadline,
            )
        case StandingsFinal():
            return replace(state, final=True)
        case WarningIssued():
            return replace(state, warnings=(*state.warnings, event))
        case ProvisionalStandingsPublished():
            return replace(state, provisional_deadline=event.check_deadline)
        case ProvisionalStandingsFinal():
            return replace(state, provisional_final=True)
        case GroupsFormed():
            return replace(state, groups=event.groups)
        case AbsenceRecorded():
            return replace(state, absences=state.absences | {(event.turn, event.pair)})
        case PlayerSubstituted():
            substitutions = {**state.substitutions, event.pair: event}
            return replace(state, substitutions=MappingProxyType(substitutions))
        case TournamentInterrupted():
            return replace(state, interrupted=event)
        case PrizesSet():
            return replace(state, prizes=event)
        case PairAbandoned():
            return replace(
                state,
                abandoned=state.abandoned | {event.pair},
                abandoned_after=MappingProxyType(
                    {**state.abandoned_after, event.pair: event.after_turn}
                ),
            )
        case WrongTableRecorded():
            swap = {event.pair: event.other, event.other: event.pair}
            seats = tuple(
                replace(
                    p,
                    fixed=swap.get(p.fixed, p.fixed),
                    mobile=swap.get(p.mobile, p.mobile),
                )
                for p in state.positions[event.turn]
            )
            positions = {**state.positions, event.turn: seats}
            return replace(state, positions=MappingProxyType(positions))
        case TurnStarted():
            started = {**state.started, event.turn: event}
            return replace(state, started=MappingProxyType(started))
        case OriginsRecorded():
            origins = {**state.origins, **{o.entry: o for o in event.origins}}
            return replace(state, origins=MappingProxyType(origins))
        case LineUpDeclared():
            line_ups = {**state.line_ups, (event.turn, event.team): event}
            return replace(state, line_ups=MappingProxyType(line_ups))
        case ScoreSheetFiled():
            draft = SheetDraft(
                keeper=event.line,
                hands=event.hands,
                closed_hands=event.closed_hands,
                signed=frozenset({event.line}),
            )
            return _drafted(state, event.turn, event.table, draft)
        case ScoreSheetSigned():
            draft = state.drafts[(event.turn, event.table)]
            signed = replace(draft, signed=draft.signed | {event.line})
            return _drafted(state, event.turn, event.table, signed)
        case ScoreSheetDelivered():
            draft = state.drafts[(event.turn, event.table)]
            delivered = replace(draft, delivered_by=event.line)
            return _drafted(state, event.turn, event.table, delivered)
        case (
            AlteredSheetAnnulled()
            | QuarrelAbandonment()
            | MisconductSuspended()
            | BothPairsAbandoned()
        ):
            return _remedied(state, event)
        case SportsJusticeReported():
            return replace(state, reports=(*state.reports, event))
        case _:
            assert_never(event)


_REMEDIES: dict[type[RemedyEvent], tuple[str, str]] = {
    AlteredSheetAnnulled: (REMEDY_ANNULLED, str(art(20))),
    QuarrelAbandonment: (REMEDY_QUARREL, str(art(38))),
    MisconductSuspended: (REMEDY_MISCONDUCT, str(art(38))),
    BothPairsAbandoned: (REMEDY_BOTH_ABANDONED, str(art(38))),
}


def _remedied(state: BurracoState, event: RemedyEvent) -> BurracoState:
    """A remedy's result replaces the table's sheet, if any (Arts. 20, 38):
    each side's VP and signed MP, as an award is held."""
    remedy, article = _REMEDIES[type(event)]
    previous = state.results.get((event.turn, event.table))
    result = TableResult(
        turn=event.turn,
        table=event.table,
        fixed=event.fixed,
        mobile=event.mobile,
        hands=(),
        fixed_mp=event.fixed_mp,
        mobile_mp=event.mobile_mp,
        fixed_vp=event.fixed_vp,
        mobile_vp=event.mobile_vp,
        awarded=True,
        award_article=article,
        threshold_800="" if previous is None else previous.threshold_800,
        remedy=remedy,
    )
    return replace(
        state,
        results=_with(state.results, result),
        remedied=state.remedied | {(event.turn, event.table)},
    )


def _drafted(
    state: BurracoState, turn: int, table: int, draft: SheetDraft
) -> BurracoState:
    drafts = {**state.drafts, (turn, table): draft}
    return replace(state, drafts=MappingProxyType(drafts))


def merge(tournament: BurracoState, *tables: BurracoState) -> BurracoState:
    """The tournament stream's state with the results, lateness and warnings
    folded from its table streams (decision 0144); the tournament stream's
    inversions apply to the tables' results."""
    if not tables:
        return tournament
    results = dict(tournament.results)
    lateness = dict(tournament.lateness)
    warnings = list(tournament.warnings)
    absences = set(tournament.absences)
    line_ups = dict(tournament.line_ups)
    for table in tables:
        absences |= table.absences
        line_ups.update(table.line_ups)
    drafts = dict(tournament.drafts)
    for table in tables:
        absences |= table.absences
        drafts.update(table.drafts)
        results.update(table.results)
        lateness.update(table.lateness)
        warnings.extend(table.warnings)
    for key in tournament.remedied:
        # A remedy of the burraco stream stands over the table's sheet.
        results[key] = tournament.results[key]
    for key, after in tournament.inversions.items():
        if key in results and results[key].inverted_after != after:
            results[key] = replace(results[key], inverted_after=after)
    return replace(
        tournament,
        results=MappingProxyType(results),
        lateness=MappingProxyType(lateness),
        warnings=tuple(warnings),
        absences=frozenset(absences),
        line_ups=MappingProxyType(line_ups),
        drafts=MappingProxyType(drafts),
    )
