"""The tournament lifecycle stream: creation, entries, sessions, publication.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 8, 79C, 81, 90-92;
FIGB supplementary norms (2004), N-L79 and N-L92-93. Publishing the official
scores of a session opens its correction period (Law 79C; FIGB N-L79) and its
appeal period (Law 92B; FIGB N-L92-93 §2). The deadlines are computed here,
once, and travel in the event (spec/eventstore-research.md §6.7): replay never
depends on today's configuration or clock.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar, assert_never
from uuid import UUID

from rules.bridge import Deal
from rules.bridge.law_references import checked_law
from rules.errors import ArticleRef, LawRef, RuleViolation, StateConflict
from tournaments.domain import session_scoring
from tournaments.domain.penalties import FIGB_CATALOGUE, PenaltyOverride, amount_for
from tournaments.domain.registry import PlayerState, UnknownPlayer

__all__ = [
    "INITIAL",
    "SCORING_FOR_FORM",
    "AppealWindowClosed",
    "CorrectionWindowClosed",
    "CreateTournament",
    "EnterPair",
    "Form",
    "Game",
    "HandRecord",
    "HandRecordsSet",
    "HandSource",
    "KnockoutCarryOverSet",
    "OfficialAppointed",
    "OfficialRelieved",
    "OfficialRole",
    "PairEntered",
    "PenaltyImposed",
    "PublishScores",
    "Regulation",
    "RulingGiven",
    "ScheduleSession",
    "ScoringMethod",
    "ScoringNotForForm",
    "SessionScheduled",
    "SessionScoresPublished",
    "SetHandRecords",
    "TableAssignment",
    "TournamentCreated",
    "TournamentState",
    "WindowRules",
    "decide",
    "evolve",
    "hand_records_public",
    "stream_id",
]

STREAM_TYPE = "tournament"
NAMESPACE = UUID("a6a0b3c2-1f7e-4c0e-9b6e-3f1d2c4b5a60")


def stream_id(tournament_id: UUID) -> UUID:
    return uuid.uuid5(NAMESPACE, f"tournament:{tournament_id}")


class Game(StrEnum):
    """The card game an event is played at: the rules engine and scoring it uses."""

    BRIDGE = "bridge"  # the 2017 Laws and the FIGB regulations
    BURRACO = "burraco"  # the F.I.Bur. Codice di Gara: not yet supported


class Form(StrEnum):
    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class ScoringMethod(StrEnum):
    MATCHPOINTS = "matchpoints"
    IMPS_BUTLER = "imps_butler"
    CROSS_IMPS = "cross_imps"
    TEAMS_IMPS_VP = "teams_imps_vp"


# Law 78 and the conditions of contest: the methods each form is scored by
# here. Pairs: matchpoints (78A) or IMPs against the field, Butler or cross
# (78B, 78D; decision 0053). Teams: IMPs converted to VPs (78B, 78D; FIGB).
# Individual: matchpoints (decision 0056). A teams method compares the two
# rooms of a match and has no meaning for pairs; the projection scores
# teams and individual events only as listed (decision 0081).
SCORING_FOR_FORM: dict[Form, tuple[ScoringMethod, ...]] = {
    Form.PAIRS: (
        ScoringMethod.MATCHPOINTS,
        ScoringMethod.IMPS_BUTLER,
        ScoringMethod.CROSS_IMPS,
    ),
    Form.TEAMS: (ScoringMethod.TEAMS_IMPS_VP,),
    Form.INDIVIDUAL: (ScoringMethod.MATCHPOINTS,),
}


class Regulation(StrEnum):
    """Whose windows apply: FIGB's norms, or the Laws' defaults where FIGB is silent."""

    FIGB = "figb"
    LAWS = "laws"


@dataclass(frozen=True, slots=True, kw_only=True)
class WindowRules:
    """Window and period parameters; FIGB values by default (figb-norms §1.1-1.2).

    - ``correction_minutes``: Law 79C's correction period after the official
      score (30 minutes unless the regulation says otherwise). Used for teams,
      and for pairs when the session's end of play is not known.
    - ``inadmissible_minutes``: FIGB N-L79, pairs: after the last round's time
      only inadmissible results may be corrected, within 15 minutes of the
      results being posted.
    - ``appeal_minutes``: FIGB N-L92-93 §2 (15 minutes from the official score);
      Law 92B's default is 30 minutes.
    """

    regulation: Regulation = Regulation.FIGB
    correction_minutes: int = 30
    inadmissible_minutes: int = 15
    appeal_minutes: int = 15


@dataclass(frozen=True, slots=True, kw_only=True)
class TableAssignment:
    """One table in one round (Law 8).

    Pairs and teams: ``ns`` and ``ew`` are the entries seated there.
    Individual events (Law 4): ``players`` are the four entries at North,
    East, South and West, and ``ns``/``ew`` repeat North and East so that a
    traveller line names its table the same way in every form.
    """

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    players: tuple[int, ...] = ()  # N, E, S, W in individual events (added, v1)

    def side(self, ns: bool) -> tuple[int, ...]:
        """Return the entries sitting North-South (or East-West) here."""
        if self.players:
            return self.players[0::2] if ns else self.players[1::2]
        return (self.ns,) if ns else (self.ew,)

    @property
    def seated(self) -> tuple[int, ...]:
        """Return every entry seated at the table (a phantom's 0 left out)."""
        return tuple(n for n in (self.players or (self.ns, self.ew)) if n)


# -- events -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCreated:
    event_type: ClassVar[str] = "tournament.created"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    name: str
    form: Form
    scoring: ScoringMethod
    windows: WindowRules
    starts_at: datetime
    strict: bool = False  # online-platform mode: irregular actions refused (added, v1)
    penalty_overrides: tuple[PenaltyOverride, ...] = ()  # FIGB amounts otherwise (v1)
    system_category: int | None = None  # FIGB Appendix 1 category 1-4 (added, v1)
    game: Game = Game.BRIDGE  # (added, v1: every earlier event is a bridge event)
    # Recorded from a results file: its entries name the file's players by
    # derived ids, not the register's (decisions 0041, 0083; added, v1).
    imported: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PairEntered:
    """A pair (or team) entered with its number; players by id only."""

    event_type: ClassVar[str] = "tournament.pair_entered"
    schema_version: ClassVar[int] = 1

    number: int
    entry_id: UUID
    player_ids: tuple[UUID, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionScheduled:
    """Law 8: the rounds, their tables, pairs and boards, and the end of play."""

    event_type: ClassVar[str] = "tournament.session_scheduled"
    schema_version: ClassVar[int] = 1

    session: int
    movement: str
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    winners: str = "auto"  # "auto" | "one" | "by_direction" (added, schema v1)


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionScoresPublished:
    """Official scores published: the periods of Law 79C and Law 92B start."""

    event_type: ClassVar[str] = "tournament.session_scores_published"
    schema_version: ClassVar[int] = 1

    session: int
    published_at: datetime
    correction_deadline: datetime
    inadmissible_deadline: datetime | None
    appeal_deadline: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionWindowClosed:
    event_type: ClassVar[str] = "tournament.correction_window_closed"
    schema_version: ClassVar[int] = 1

    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealWindowClosed:
    event_type: ClassVar[str] = "tournament.appeal_window_closed"
    schema_version: ClassVar[int] = 1

    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingGiven:
    """A director's ruling (Laws 81-85), with the notice of the right to appeal (Law 83)."""

    event_type: ClassVar[str] = "tournament.ruling_given"
    schema_version: ClassVar[int] = 1

    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    laws: tuple[str, ...]
    facts: str
    decision: str
    director: str
    appeal_notice_given: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyImposed:
    """A procedural (Law 90) or disciplinary (Law 91) penalty, or a warning."""

    event_type: ClassVar[str] = "tournament.penalty_imposed"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    kind: str  # "procedural" | "disciplinary" | "warning"
    unit: str  # "percent_of_top" | "matchpoints" | "imps" | "vp" | "none"
    amount: int
    law: str
    reason: str
    catalogue: str | None = None  # the FIGB catalogue entry applied (added, v1)


class HandSource(StrEnum):
    """How a session's deals came to be (Law 6E)."""

    IMPORTED = "imported"  # a hand record file, e.g. from a dealing machine
    DEALT = "dealt"  # dealt by computer with a secure generator (Law 6E4)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """The deal of one board, PBN text with North first ("N:AKQ.… … … …")."""

    board_number: int
    deal: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecordsSet:
    """The deals of some boards of a session, recorded for duplication (Law 6F).

    A later record of the same board replaces the earlier one (decision 0050).
    """

    event_type: ClassVar[str] = "tournament.hand_records_set"
    schema_version: ClassVar[int] = 1

    session: int
    source: HandSource
    records: tuple[HandRecord, ...]


class OfficialRole(StrEnum):
    """The officials the organizer appoints for an event (Law 80B2)."""

    CHIEF_DIRECTOR = "chief_director"  # Law 80B2(a), 81A: the Director in charge
    DIRECTOR = "director"  # Law 80B2(g)(i), 81D: an assistant director
    COMMITTEE_MEMBER = "committee_member"  # Law 80B2(k), 93B: the appeals committee


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficialAppointed:
    """An official appointed for the event; ``user`` is the actor id ("user:<pk>")."""

    event_type: ClassVar[str] = "tournament.official_appointed"
    schema_version: ClassVar[int] = 1

    user: str
    name: str
    role: OfficialRole


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficialRelieved:
    event_type: ClassVar[str] = "tournament.official_relieved"
    schema_version: ClassVar[int] = 1

    user: str
    role: OfficialRole
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockoutCarryOverSet:
    """The carry-over of a knockout match, credited to the home team before play
    (negative: to the away team), as the conditions of contest set it
    (decision 0033); ``imps`` is exact, as a fraction's text ("7/2")."""

    event_type: ClassVar[str] = "tournament.knockout_carry_over_set"
    schema_version: ClassVar[int] = 1

    stage: int
    match: int
    imps: str
    reason: str = ""


TournamentEvent = (
    TournamentCreated
    | PairEntered
    | SessionScheduled
    | SessionScoresPublished
    | CorrectionWindowClosed
    | AppealWindowClosed
    | RulingGiven
    | PenaltyImposed
    | HandRecordsSet
    | OfficialAppointed
    | OfficialRelieved
    | KnockoutCarryOverSet
)
EVENT_TYPES: tuple[type, ...] = (
    TournamentCreated,
    PairEntered,
    SessionScheduled,
    SessionScoresPublished,
    CorrectionWindowClosed,
    AppealWindowClosed,
    RulingGiven,
    PenaltyImposed,
    HandRecordsSet,
    OfficialAppointed,
    OfficialRelieved,
    KnockoutCarryOverSet,
)


# -- state --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SessionState:
    number: int
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    published: SessionScoresPublished | None = None
    winners: str = "auto"
    movement: str = ""
    correction_closed: bool = False
    appeal_closed: bool = False
    hand_records: dict[int, str] = field(default_factory=dict)

    @property
    def board_numbers(self) -> tuple[int, ...]:
        """Return the boards the session's movement plays, in order (Law 8A)."""
        return tuple(sorted({b for a in self.assignments for b in a.boards}))

    def seating(self, board_number: int, table: int) -> TableAssignment | None:
        for a in self.assignments:
            if a.table == table and board_number in a.boards:
                return a
        return None


@dataclass(frozen=True, slots=True)
class TournamentState:
    created: TournamentCreated | None = None
    entries: dict[int, PairEntered] = field(default_factory=dict)
    sessions: dict[int, SessionState] = field(default_factory=dict)
    rulings: dict[UUID, RulingGiven] = field(default_factory=dict)
    officials: dict[str, OfficialAppointed] = field(default_factory=dict)
    carry_overs: dict[tuple[int, int], Fraction] = field(default_factory=dict)

    @property
    def exists(self) -> bool:
        return self.created is not None


INITIAL = TournamentState()


def evolve(state: TournamentState, event: TournamentEvent) -> TournamentState:
    match event:
        case TournamentCreated():
            return replace(state, created=event)
        case PairEntered():
            return replace(state, entries={**state.entries, event.number: event})
        case SessionScheduled():
            session = SessionState(
                event.session,
                event.starts_at,
                event.ends_at,
                event.assignments,
                winners=event.winners,
                movement=event.movement,
            )
            return replace(state, sessions={**state.sessions, event.session: session})
        case SessionScoresPublished():
            return _with_session(state, event.session, published=event)
        case CorrectionWindowClosed():
            return _with_session(state, event.session, correction_closed=True)
        case AppealWindowClosed():
            return _with_session(state, event.session, appeal_closed=True)
        case RulingGiven():
            return replace(state, rulings={**state.rulings, event.ruling_id: event})
        case PenaltyImposed():
            return state
        case HandRecordsSet():
            records = dict(state.sessions[event.session].hand_records)
            records.update((r.board_number, r.deal) for r in event.records)
            return _with_session(state, event.session, hand_records=records)
        case OfficialAppointed():
            return replace(state, officials={**state.officials, event.user: event})
        case OfficialRelieved():
            officials = dict(state.officials)
            officials.pop(event.user, None)
            return replace(state, officials=officials)
        case KnockoutCarryOverSet():
            key = (event.stage, event.match)
            return replace(
                state, carry_overs={**state.carry_overs, key: Fraction(event.imps)}
            )
        case _:
            assert_never(event)


def _with_session(
    state: TournamentState, number: int, **changes: object
) -> TournamentState:
    session = replace(state.sessions[number], **changes)  # type: ignore[arg-type]
    return replace(state, sessions={**state.sessions, number: session})


# -- commands -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTournament:
    tournament_id: UUID
    name: str
    form: Form
    scoring: ScoringMethod
    windows: WindowRules
    starts_at: datetime
    strict: bool = False
    penalty_overrides: tuple[PenaltyOverride, ...] = ()
    system_category: int | None = None
    game: Game = Game.BRIDGE
    imported: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterPair:
    """An entry of any form: a pair, a team's players or one player.

    ``card_categories``: the App1 categories the pair's declared convention
    cards were checked for (the registry's facts, read by the handler). The
    players' own facts (on the register, not forgotten) reach ``decide`` as
    its ``players`` argument, read from their streams (decision 0083).
    """

    number: int
    entry_id: UUID
    player_ids: tuple[UUID, ...]
    card_categories: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleSession:
    session: int
    movement: str
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    winners: str = "auto"


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishScores:
    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveRuling:
    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    laws: tuple[str, ...]
    facts: str
    decision: str
    director: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ImposePenalty:
    """A penalty; with ``catalogue`` the kind, unit and amount are the event's
    fixed amount for that FIGB catalogue entry (pairs or teams)."""

    session: int
    entry_number: int
    kind: str = "procedural"
    unit: str = "none"
    amount: int = 0
    law: str = ""
    reason: str = ""
    catalogue: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SetHandRecords:
    """Record deals (PBN text, any first seat) for boards of a session."""

    session: int
    source: HandSource
    records: tuple[HandRecord, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AppointOfficial:
    user: str
    name: str
    role: OfficialRole


@dataclass(frozen=True, slots=True, kw_only=True)
class RelieveOfficial:
    user: str
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetCarryOver:
    stage: int
    match: int
    imps: Fraction
    reason: str = ""


TournamentCommand = (
    CreateTournament
    | EnterPair
    | ScheduleSession
    | PublishScores
    | GiveRuling
    | ImposePenalty
    | SetHandRecords
    | AppointOfficial
    | RelieveOfficial
    | SetCarryOver
)


class TournamentNotFound(StateConflict):
    code: ClassVar[str] = "tournament_not_found"


class TournamentExists(StateConflict):
    code: ClassVar[str] = "tournament_exists"


class GameNotSupported(RuleViolation):
    code: ClassVar[str] = "game_not_supported"


class ScoringNotForForm(RuleViolation):
    """The scoring method cannot score an event of this form (Law 78)."""

    code: ClassVar[str] = "scoring_not_for_form"


class OfficialConflict(RuleViolation):
    code: ClassVar[str] = "official_conflict"


class EntryConflict(RuleViolation):
    code: ClassVar[str] = "entry_conflict"


class SessionNotFound(StateConflict):
    code: ClassVar[str] = "session_not_found"


class InvalidSchedule(RuleViolation):
    code: ClassVar[str] = "invalid_schedule"


class AlreadyPublished(StateConflict):
    code: ClassVar[str] = "already_published"


class SystemNotDeclared(RuleViolation):
    code: ClassVar[str] = "system_not_declared"


class InvalidPenalty(RuleViolation):
    code: ClassVar[str] = "invalid_penalty"


class InvalidHandRecords(RuleViolation):
    code: ClassVar[str] = "invalid_hand_records"


# One ranking, or one per direction (a two-winner Mitchell); "auto" ranks by
# direction when no pair changed direction.
WINNERS = ("auto", "one", "by_direction")
PENALTY_KINDS = {"procedural": "90", "disciplinary": "91", "warning": "90A"}
PENALTY_UNITS = {"percent_of_top", "matchpoints", "imps", "vp", "none"}


def publication_deadlines(
    windows: WindowRules,
    form: Form,
    session: SessionState,
    published_at: datetime,
    next_round_starts_at: datetime | None = None,
) -> tuple[datetime, datetime | None, datetime]:
    """Return the correction, inadmissible-result and appeal deadlines.

    Law 79C: the correction period ends 30 minutes (by default) after the
    official score. FIGB N-L79, pairs: general corrections end with the time
    set for the last round; afterwards only inadmissible results, within
    15 minutes of posting. FIGB N-L79, teams: results are final when the next
    round starts, if that comes before the Law 79C period ends. Law 92B /
    FIGB N-L92-93 §2: appeals within the appeal period from the official score.
    """
    appeal = published_at + timedelta(minutes=windows.appeal_minutes)
    if windows.regulation is Regulation.FIGB and form is Form.PAIRS:
        inadmissible = published_at + timedelta(minutes=windows.inadmissible_minutes)
        return session.ends_at, inadmissible, appeal
    correction = published_at + timedelta(minutes=windows.correction_minutes)
    if (
        windows.regulation is Regulation.FIGB
        and form is Form.TEAMS
        and next_round_starts_at is not None
        and next_round_starts_at > published_at
    ):
        correction = min(correction, next_round_starts_at)
    return correction, None, appeal


def _require(state: TournamentState) -> TournamentCreated:
    if state.created is None:
        raise TournamentNotFound("no such tournament")
    return state.created


def _session(state: TournamentState, number: int) -> SessionState:
    session = state.sessions.get(number)
    if session is None:
        raise SessionNotFound(f"session {number} is not scheduled")
    return session


def decide(
    state: TournamentState,
    command: TournamentCommand,
    now: datetime,
    *,
    players: Mapping[UUID, PlayerState] | None = None,
) -> list[TournamentEvent]:
    """Turn a command into events, or raise the error that names the rule.

    ``players``: the register's facts on the players an ``EnterPair`` names,
    read from their streams by the handler; a player missing from it is not
    on the register.
    """
    match command:
        case CreateTournament():
            if state.exists:
                raise TournamentExists("the tournament already exists")
            if not command.name.strip():
                raise InvalidSchedule("a tournament needs a name", field="name")
            if command.game is not Game.BRIDGE:
                raise GameNotSupported(
                    f"{command.game} events are not supported yet: only bridge",
                    field="game",
                    value=command.game,
                )
            _check_scoring(command.form, command.scoring)
            return [
                TournamentCreated(
                    tournament_id=command.tournament_id,
                    name=command.name.strip(),
                    form=command.form,
                    scoring=command.scoring,
                    windows=command.windows,
                    starts_at=command.starts_at,
                    strict=command.strict,
                    penalty_overrides=command.penalty_overrides,
                    system_category=command.system_category,
                    game=command.game,
                    imported=command.imported,
                )
            ]
        case EnterPair():
            created = _require(state)
            _check_entry_size(created.form, command.player_ids)
            if not created.imported:
                _check_registered(command.player_ids, players or {})
            if (
                created.system_category is not None
                and created.form is Form.PAIRS
                and created.system_category not in command.card_categories
            ):
                raise SystemNotDeclared(
                    "the pair has no convention card checked for this event's "
                    f"category {created.system_category}",
                    law=ArticleRef("4", source="FIGB Appendix 1"),
                    field="entry_id",
                )
            if command.number < 1:
                raise EntryConflict("entry numbers start at 1", field="number")
            if command.number in state.entries:
                raise EntryConflict(
                    f"number {command.number} is already taken", field="number"
                )
            taken = {p for e in state.entries.values() for p in e.player_ids}
            for index, player_id in enumerate(command.player_ids):
                if player_id in taken:
                    raise EntryConflict(
                        "a player is already entered in this tournament",
                        law=LawRef("4"),
                        field=f"player_ids.{index}",
                        value=player_id,
                    )
            if len(set(command.player_ids)) != len(command.player_ids):
                raise EntryConflict(
                    "the same player twice in one entry",
                    law=LawRef("4"),
                    field="player_ids",
                )
            return [
                PairEntered(
                    number=command.number,
                    entry_id=command.entry_id,
                    player_ids=command.player_ids,
                )
            ]
        case ScheduleSession():
            _require(state)
            if command.session in state.sessions:
                raise InvalidSchedule(f"session {command.session} is already scheduled")
            if command.ends_at <= command.starts_at:
                raise InvalidSchedule("a session must end after it starts")
            _check_assignments(state, command.assignments, _require(state).form)
            if command.winners not in WINNERS:
                raise InvalidSchedule(f"winners must be one of {', '.join(WINNERS)}")
            _check_scorable(_require(state), command.winners, command.assignments)
            return [
                SessionScheduled(
                    session=command.session,
                    movement=command.movement,
                    starts_at=command.starts_at,
                    ends_at=command.ends_at,
                    assignments=command.assignments,
                    winners=command.winners,
                )
            ]
        case PublishScores():
            created = _require(state)
            session = _session(state, command.session)
            if session.published is not None:
                raise AlreadyPublished(
                    f"session {command.session} is already published", law=LawRef("79C")
                )
            later = [
                s.starts_at
                for s in state.sessions.values()
                if s.starts_at > session.starts_at
            ]
            correction, inadmissible, appeal = publication_deadlines(
                created.windows, created.form, session, now, min(later, default=None)
            )
            return [
                SessionScoresPublished(
                    session=command.session,
                    published_at=now,
                    correction_deadline=correction,
                    inadmissible_deadline=inadmissible,
                    appeal_deadline=appeal,
                )
            ]
        case GiveRuling():
            _require(state)
            _session(state, command.session)
            if not command.laws:
                raise InvalidSchedule(
                    "a ruling cites the Laws it applies", law=LawRef("85"), field="laws"
                )
            laws = tuple(
                checked_law(text, field=f"laws.{i}")
                for i, text in enumerate(command.laws)
            )
            return [
                RulingGiven(
                    ruling_id=command.ruling_id,
                    session=command.session,
                    board_number=command.board_number,
                    table=command.table,
                    laws=laws,
                    facts=command.facts,
                    decision=command.decision,
                    director=command.director,
                    appeal_notice_given=True,  # Law 83: the notice goes with every ruling
                )
            ]
        case ImposePenalty():
            created = _require(state)
            _session(state, command.session)
            if command.entry_number not in state.entries:
                raise InvalidPenalty(f"no entry number {command.entry_number}")
            _check_seated(state, command.session, command.entry_number)
            if command.catalogue is not None:
                command = _from_catalogue(command, created)
            if command.kind not in PENALTY_KINDS or command.unit not in PENALTY_UNITS:
                raise InvalidPenalty("unknown penalty kind or unit", law=LawRef("90"))
            if command.kind != "warning" and command.amount <= 0:
                raise InvalidPenalty(
                    "a penalty has a positive amount", law=LawRef("90"), field="amount"
                )
            law = PENALTY_KINDS[command.kind]
            if command.law:
                law = checked_law(command.law, field="law")
            return [
                PenaltyImposed(
                    session=command.session,
                    entry_number=command.entry_number,
                    kind=command.kind,
                    unit=command.unit,
                    amount=command.amount,
                    law=law,
                    reason=command.reason,
                    catalogue=command.catalogue,
                )
            ]
        case SetHandRecords():
            _require(state)
            return _set_hand_records(_session(state, command.session), command)
        case AppointOfficial():
            _require(state)
            return _appoint(state, command)
        case RelieveOfficial():
            _require(state)
            current = state.officials.get(command.user)
            if current is None:
                raise OfficialConflict(
                    f"{command.user} is not an official of this event",
                    law=LawRef("80B2"),
                )
            return [
                OfficialRelieved(
                    user=command.user, role=current.role, reason=command.reason
                )
            ]
        case SetCarryOver():
            created = _require(state)
            knockout = ArticleRef("78 §2c", source="Norme integrative FIGB")
            if created.form is not Form.TEAMS:
                raise InvalidSchedule(
                    "carry-over belongs to knockout teams events", law=knockout
                )
            if command.stage < 1 or command.match < 1:
                raise InvalidSchedule(
                    "stages and matches are numbered from 1", law=knockout
                )
            if state.carry_overs.get((command.stage, command.match)) == command.imps:
                return []
            return [
                KnockoutCarryOverSet(
                    stage=command.stage,
                    match=command.match,
                    imps=str(command.imps),
                    reason=command.reason,
                )
            ]
        case _:
            assert_never(command)


def _check_scorable(
    created: TournamentCreated, winners: str, assignments: tuple[TableAssignment, ...]
) -> None:
    """Refuse a schedule the scoring would refuse once results arrive.

    The one scoring pipeline scores the schedule with every board played
    (decision 0076): a two-winner session in which a pair changes direction
    (Law 78A: it cannot be ranked in one direction), a pair that meets a board
    twice.
    """
    try:
        session_scoring.check_schedule(
            created.form.value, created.scoring.value, winners, assignments
        )
    except RuleViolation as exc:
        raise InvalidSchedule(exc.message, law=exc.law) from None


def _check_seated(state: TournamentState, session: int, entry: int) -> None:
    """Law 90 takes a penalty off a score of the session: the entry plays in it."""
    if not any(entry in a.seated for a in _session(state, session).assignments):
        raise InvalidPenalty(
            f"entry {entry} does not play in session {session}", law=LawRef("90")
        )


def _appoint(state: TournamentState, command: AppointOfficial) -> list[TournamentEvent]:
    """Law 80B2(a), (g)(i), (k): the organizer appoints the Director in charge,
    the assistants and the appeals committee; one person holds one office.

    Law 81A: one Director is in charge, so a second chief director waits
    until the first is relieved. Law 93B: the committee hears appeals from the
    Director's rulings, so a director does not sit on it. Appointing someone
    again to the office they hold changes nothing.
    """
    held = state.officials.get(command.user)
    if held is not None:
        if held.role is command.role:
            return []
        raise OfficialConflict(
            f"{command.user} is already {held.role.replace('_', ' ')} of this event: "
            "relieve them first",
            law=LawRef("80B2"),
        )
    if command.role is OfficialRole.CHIEF_DIRECTOR and any(
        o.role is OfficialRole.CHIEF_DIRECTOR for o in state.officials.values()
    ):
        raise OfficialConflict(
            "the event already has a chief director: relieve them first",
            law=LawRef("81A"),
        )
    return [
        OfficialAppointed(
            user=command.user, name=command.name.strip(), role=command.role
        )
    ]


def _check_scoring(form: Form, scoring: ScoringMethod) -> None:
    """Law 78: the event's scoring method is one its form can be scored by."""
    allowed = SCORING_FOR_FORM[form]
    if scoring not in allowed:
        raise ScoringNotForForm(
            f"a {form} event is scored by {' or '.join(allowed)}, not {scoring}",
            law=LawRef("78"),
            field="scoring",
            value=scoring,
        )


def _check_registered(
    player_ids: tuple[UUID, ...], players: Mapping[UUID, PlayerState]
) -> None:
    """An entry names players on the federation's register (decision 0083):
    a result is credited to a person the register knows, and a forgotten
    player (personal data erased) enters nothing new."""
    for index, player_id in enumerate(player_ids):
        player = players.get(player_id)
        if player is None or not player.registered:
            raise UnknownPlayer(
                f"player {player_id} is not on the register",
                field=f"player_ids.{index}",
                value=player_id,
            )
        if player.forgotten:
            raise UnknownPlayer(
                f"player {player_id} was forgotten and enters no new event",
                field=f"player_ids.{index}",
                value=player_id,
            )


# Definitions, "Contestant": one player (individual), two playing as partners
# throughout (pairs), four or more team-mates (teams; FIGB allows up to six).
ENTRY_SIZES = {Form.INDIVIDUAL: (1, 1), Form.PAIRS: (2, 2), Form.TEAMS: (4, 6)}


def _check_entry_size(form: Form, player_ids: tuple[UUID, ...]) -> None:
    """Definitions, "Contestant": how many players one entry of the form holds."""
    low, high = ENTRY_SIZES[form]
    if not low <= len(player_ids) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise EntryConflict(
            f"an entry of a {form} event has {wanted} players, not {len(player_ids)}",
            law=LawRef("4"),
            field="player_ids",
        )


def _from_catalogue(
    command: ImposePenalty, created: TournamentCreated
) -> ImposePenalty:
    """Law 90 with the FIGB catalogue: the event's fixed amount for the entry."""
    key = command.catalogue or ""
    rule = FIGB_CATALOGUE.get(key)
    teams = created.form is Form.TEAMS
    fixed = amount_for(key, teams, created.penalty_overrides)
    if rule is None or fixed is None:
        raise InvalidPenalty(
            f"the catalogue has no fixed {'teams' if teams else 'pairs'} penalty {key!r}",
            law=LawRef("90"),
        )
    return replace(
        command,
        kind="procedural",
        unit=fixed.unit,
        amount=fixed.amount,
        law=rule.law,
        reason=command.reason or f"{rule.description} (FIGB {rule.source})",
    )


def hand_records_public(session: SessionState) -> bool:
    """Return whether anyone, not only a director, may see the session's deals.

    A board may be seen once no table can still play it: the deals become
    public when the session's official scores are published (Law 79C's
    period starts then); directors see them at any time (decision 0050).
    """
    return session.published is not None


def _set_hand_records(
    session: SessionState, command: SetHandRecords
) -> list[TournamentEvent]:
    """Check and normalise the deals: 52 distinct cards, 13 to each hand (Law 6B).

    Every board must be one the session's movement plays (Law 8A). A board
    recorded again with the same deal changes nothing; with another deal the
    new record replaces the old one (decision 0050).
    """
    if not command.records:
        raise InvalidHandRecords("no deals to record", law=LawRef("6F"))
    playing = set(session.board_numbers)
    seen: set[int] = set()
    records: list[HandRecord] = []
    for record in command.records:
        number = record.board_number
        if number in seen:
            raise InvalidHandRecords(f"board {number} appears twice", law=LawRef("6F"))
        seen.add(number)
        if number not in playing:
            raise InvalidHandRecords(
                f"board {number} is not played in session {session.number}",
                law=LawRef("8A"),
            )
        try:
            deal = Deal.from_pbn(record.deal).to_pbn()
        except ValueError as error:
            raise InvalidHandRecords(
                f"board {number}: {error}", law=LawRef("6B")
            ) from None
        if session.hand_records.get(number) != deal:
            records.append(HandRecord(board_number=number, deal=deal))
    if not records:
        return []
    return [
        HandRecordsSet(
            session=session.number,
            source=command.source,
            records=tuple(sorted(records, key=lambda r: r.board_number)),
        )
    ]


def _check_individual_table(
    state: TournamentState, a: TableAssignment, seen: set[tuple[int, int, str]]
) -> None:
    """Law 4 and Law 8: four different entered players at each table, North
    and East repeated as ``ns`` and ``ew``, nobody at two tables in a round."""
    if len(a.players) != 4 or len(set(a.players)) != 4:
        raise InvalidSchedule(
            f"table {a.table} in round {a.round} needs four different players "
            "(North, East, South, West)",
            law=LawRef("4"),
        )
    if (a.ns, a.ew) != a.players[:2]:
        raise InvalidSchedule(
            f"table {a.table} in round {a.round}: ns and ew are North and East",
            law=LawRef("8"),
        )
    for player in a.players:
        if player not in state.entries:
            raise InvalidSchedule(f"player {player} is not entered", law=LawRef("8"))
        if (a.round, player, "") in seen:
            raise InvalidSchedule(
                f"player {player} sits twice in round {a.round}", law=LawRef("8")
            )
        seen.add((a.round, player, ""))
    if not a.boards:
        raise InvalidSchedule(
            f"table {a.table} has no boards in round {a.round}", law=LawRef("8")
        )


def _check_assignments(
    state: TournamentState, assignments: tuple[TableAssignment, ...], form: Form
) -> None:
    """Law 8: each table has one NS and one EW pair; no pair sits twice in a round.

    Law 86 (teams): a team's two pairs sit in the two rooms of a match, once
    in each direction, so a team appears twice in a round, never twice in one
    direction.
    """
    if not assignments:
        raise InvalidSchedule("a session needs its table assignments", law=LawRef("8"))
    seen: set[tuple[int, int, str]] = set()
    tables: set[tuple[int, int]] = set()
    for a in assignments:
        if (a.round, a.table) in tables:
            raise InvalidSchedule(
                f"table {a.table} twice in round {a.round}", law=LawRef("8")
            )
        tables.add((a.round, a.table))
        if form is Form.INDIVIDUAL:
            _check_individual_table(state, a, seen)
            continue
        if a.players:
            raise InvalidSchedule(
                "only an individual event seats players one by one", law=LawRef("4")
            )
        for pair, direction in ((a.ns, "NS"), (a.ew, "EW")):
            if pair and pair not in state.entries:
                raise InvalidSchedule(f"pair {pair} is not entered", law=LawRef("8"))
            key = (a.round, pair, direction if form is Form.TEAMS else "")
            if pair and key in seen:
                raise InvalidSchedule(
                    f"pair {pair} sits twice in round {a.round}", law=LawRef("8")
                )
            seen.add(key)
        if not a.boards:
            raise InvalidSchedule(
                f"table {a.table} has no boards in round {a.round}", law=LawRef("8")
            )
