"""One board's result at one table: entry, confirmation, corrections, adjustments.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79A-B (tricks agreed, the
result entered by North and confirmed by East-West), Law 79C (corrections
within the correction period; afterwards only with the organizer's approval,
Law 79C2), Law 12 (adjusted scores), Laws 13-15 and 87 (wrong number of cards,
wrong board, fouled board). FIGB N-L79: after the general deadline only
inadmissible results may be corrected, within the inadmissible-result window.

The correction window itself is data of the tournament stream: the caller
passes it as a ``CorrectionWindow`` together with database time.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime
from typing import ClassVar, assert_never
from uuid import UUID

from rules.bridge import (
    Card,
    Contract,
    Seat,
    Vulnerability,
    dealer_for,
    vulnerability_for,
)
from rules.bridge.law_references import checked_law
from rules.errors import ArticleRef, LawRef, RuleViolation, StateConflict
from scoring.bridge import Artificial, Assigned, check_ns_score, score_ns

__all__ = [
    "INITIAL",
    "AdjustedScoreAwarded",
    "AwardAdjustedScore",
    "BoardIrregularityRecorded",
    "BoardMarkingsRecorded",
    "BoardResultState",
    "ConfirmResult",
    "CorrectResult",
    "CorrectionWindow",
    "EnterResult",
    "RecordBoardIrregularity",
    "RecordBoardMarkings",
    "ResultConfirmed",
    "ResultCorrected",
    "ResultEntered",
    "decide",
    "evolve",
    "stream_id",
]

STREAM_TYPE = "board_result"
NAMESPACE = UUID("0b8e7c61-8d5e-4b1f-a2f4-59f6a8d31c20")


def stream_id(tournament_id: UUID, session: int, board_number: int, table: int) -> UUID:
    return uuid.uuid5(NAMESPACE, f"{tournament_id}:{session}:{board_number}:{table}")


# -- events -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultEntered:
    """A table result: ``contract`` None is a passed-out board (Law 22)."""

    event_type: ClassVar[str] = "board_result.entered"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    contract: str | None
    lead: str | None
    tricks: int | None
    entered_by: str  # "N" at a table device, "director", or "play" (card by card)
    # The vulnerability the table played under when its copy of the board
    # was marked otherwise than Law 2 says ("" Law 2's for the number;
    # ``BoardMarkingsRecorded``, decision 0170), added v1.
    vulnerability: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultConfirmed:
    """East-West agreed the result entered by North (Law 79A)."""

    event_type: ClassVar[str] = "board_result.confirmed"
    schema_version: ClassVar[int] = 1

    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultCorrected:
    """A score correction (Law 79C) with its reason and, if late, its approval."""

    event_type: ClassVar[str] = "board_result.corrected"
    schema_version: ClassVar[int] = 1

    contract: str | None
    lead: str | None
    tricks: int | None
    reason: str
    after_period: bool  # corrected after the period with organizer approval (Law 79C2)
    vulnerability: str = ""  # the table's copy's, as on ``ResultEntered`` (v1)


@dataclass(frozen=True, slots=True, kw_only=True)
class LateCorrectionApproved:
    """Law 79C2: the organizer approved one correction after the correction
    period; ``by`` is the organizer's account. The next correction consumes it."""

    event_type: ClassVar[str] = "board_result.late_correction_approved"
    schema_version: ClassVar[int] = 1

    by: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AdjustedScoreAwarded:
    """Law 12: ``score`` is "A60/40"-style (artificial) or "assigned:<ns>@<w>,…".

    The text form is the one ``scoring.bridge`` parses, so the projection
    scores exactly what the director decided.
    """

    event_type: ClassVar[str] = "board_result.adjusted_score_awarded"
    schema_version: ClassVar[int] = 1

    score: str
    law: str
    reason: str
    ruling_id: UUID | None
    by_appeal: bool = False  # ordered by an appeal decision (Law 93), added in v1


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardIrregularityRecorded:
    """A board not played, a wrong board (Law 15), wrong number of cards
    (Laws 13-14) or a fouled board (Law 87, with its group)."""

    event_type: ClassVar[str] = "board_result.irregularity_recorded"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    kind: str
    group: int
    note: str
    # A fouled board (FIGB N-L87 §7a): which hands held swapped cards here
    # ("north_south", "east_west", "across"; "" unknown) and whether this
    # table found the error (added, v1).
    swap: str = ""
    found_here: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardMarkingsRecorded:
    """The copy of the board this table played, as it was marked (Law 2).

    Law 2: a board marked against the dealer and vulnerability table that is
    used anyway keeps its markings for the session, so the table scores with
    its copy's vulnerability (decision 0170). Recorded when the copy's
    markings differ from what the table's stream had (Law 2's for the number
    at first), whether the copies then differ (the board is fouled, Law 87A)
    or every copy was marked the same.
    """

    event_type: ClassVar[str] = "board_result.markings_recorded"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    copy: str
    dealer: str  # "N", "E", "S", "W"
    vulnerability: str  # "None", "NS", "EW", "All"


BoardResultEvent = (
    ResultEntered
    | ResultConfirmed
    | ResultCorrected
    | LateCorrectionApproved
    | AdjustedScoreAwarded
    | BoardIrregularityRecorded
    | BoardMarkingsRecorded
)
EVENT_TYPES: tuple[type[BoardResultEvent], ...] = (
    ResultEntered,
    ResultConfirmed,
    ResultCorrected,
    LateCorrectionApproved,
    AdjustedScoreAwarded,
    BoardIrregularityRecorded,
    BoardMarkingsRecorded,
)
# A director's entry, or a result the engine recorded from the play itself,
# needs no confirmation by East-West (Law 79A).
CONFIRMED_BY = ("director", "play")
IRREGULARITY_LAWS = {
    "not_played": "12C2",
    "wrong_board": "15",
    "wrong_number_of_cards": "13",
    "missing_card": "14",
    "fouled": "87",
}


# -- state --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardResultState:
    entered: ResultEntered | None = None
    confirmed: bool = False
    contract: str | None = None
    lead: str | None = None
    tricks: int | None = None
    adjusted: str | None = None
    irregularity: BoardIrregularityRecorded | None = None
    late_approval: LateCorrectionApproved | None = None  # not yet used (79C2)
    markings: BoardMarkingsRecorded | None = None  # the copy played (Law 2)

    @property
    def has_result(self) -> bool:
        return self.entered is not None

    @property
    def vulnerability(self) -> str:
        """The vulnerability the table scores with: its copy's, "" for Law
        2's by the board's number (decision 0170)."""
        return self.markings.vulnerability if self.markings is not None else ""


INITIAL = BoardResultState()


def evolve(state: BoardResultState, event: BoardResultEvent) -> BoardResultState:
    match event:
        case ResultEntered():
            return replace(
                state,
                entered=event,
                contract=event.contract,
                lead=event.lead,
                tricks=event.tricks,
                confirmed=event.entered_by in CONFIRMED_BY,
            )
        case ResultConfirmed():
            return replace(state, confirmed=True)
        case ResultCorrected():
            return replace(
                state,
                contract=event.contract,
                lead=event.lead,
                tricks=event.tricks,
                adjusted=None,
                late_approval=None if event.after_period else state.late_approval,
            )
        case LateCorrectionApproved():
            return replace(state, late_approval=event)
        case AdjustedScoreAwarded():
            return replace(state, adjusted=event.score)
        case BoardIrregularityRecorded():
            return replace(state, irregularity=event)
        case BoardMarkingsRecorded():
            return replace(state, markings=event)
        case _:
            assert_never(event)


# -- commands -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionWindow:
    """The session's periods as the tournament stream records them."""

    published: bool
    correction_deadline: datetime | None = None
    inadmissible_deadline: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterResult:
    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    contract: str | None
    lead: str | None
    tricks: int | None
    entered_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmResult:
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectResult:
    contract: str | None
    lead: str | None
    tricks: int | None
    reason: str
    inadmissible: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveLateCorrection:
    """The organizer's approval of a correction after the period (Law 79C2);
    the API lets only the event's organizer send it."""

    by: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardAdjustedScore:
    """``by_appeal``: ordered by an appeal decision, which the appeal period
    (Law 92B) governs, not the correction period (Law 79C)."""

    score: str
    law: str
    reason: str
    ruling_id: UUID | None = None
    by_appeal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoardIrregularity:
    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    kind: str
    group: int = 0
    note: str = ""
    swap: str = ""
    found_here: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoardMarkings:
    """The markings of the copy of the board the table played (Law 2)."""

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    copy: str
    dealer: str
    vulnerability: str


BoardResultCommand = (
    EnterResult
    | ConfirmResult
    | CorrectResult
    | ApproveLateCorrection
    | AwardAdjustedScore
    | RecordBoardIrregularity
    | RecordBoardMarkings
)


class ResultAlreadyEntered(StateConflict):
    code: ClassVar[str] = "result_already_entered"


class NoResult(StateConflict):
    code: ClassVar[str] = "no_result"


class ImpossibleTableResult(RuleViolation):
    code: ClassVar[str] = "impossible_result"


class CorrectionNotLate(StateConflict):
    code: ClassVar[str] = "correction_not_late"


class CorrectionPeriodClosed(StateConflict):
    code: ClassVar[str] = "correction_period_closed"


class InvalidAdjustedScore(RuleViolation):
    code: ClassVar[str] = "invalid_adjusted_score"


class ResultLocked(StateConflict):
    code: ClassVar[str] = "result_locked"


def check_result(
    board_number: int,
    contract: str | None,
    lead: str | None,
    tricks: int | None,
    vulnerability: str = "",
) -> int:
    """Validate a result and return its NS score (Law 77; Law 22 for a pass-out).

    ``vulnerability``: the table's copy's markings ("None", "NS", "EW",
    "All"; Law 2 keeps a used copy's markings); "" is Law 2's for the
    board's number.
    """
    if contract is None or contract.upper() in {"PASS", "P", "AP"}:
        if tricks not in (None, 0):
            raise ImpossibleTableResult(
                "a passed-out board has no tricks", law=LawRef("22"), field="tricks"
            )
        return 0
    try:
        parsed = Contract.parse(contract)
    except ValueError as exc:
        raise ImpossibleTableResult(
            str(exc), law=LawRef("77"), field="contract", value=contract
        ) from None
    if tricks is None or not 0 <= tricks <= 13:
        raise ImpossibleTableResult(
            "tricks must be 0 to 13", law=LawRef("79A"), field="tricks"
        )
    if lead is not None:
        try:
            Card.parse(lead)
        except ValueError as exc:
            raise ImpossibleTableResult(
                str(exc), law=LawRef("41"), field="lead", value=lead
            ) from None
    vulnerable = (
        Vulnerability.parse(vulnerability)
        if vulnerability
        else vulnerability_for(board_number)
    )
    return score_ns(parsed, tricks, vulnerable)


def parse_adjusted(score: str) -> Artificial | Assigned:
    """Parse an adjusted score in the stream's spelling (Law 12).

    - "A60/40", "60-40": artificial (Law 12C2), NS first; a side given 60% or
      more is not at fault. "A50/50 no-fault" (or "no-fault:ns", ":ew") marks
      the side(s) in no way at fault, e.g. FIGB N-L12's average for a fact
      independent of the pairs, which the session's revision replaces.
    - "assigned:-420@0.7,-450@0.3": assigned to both sides, possibly weighted
      (Law 12C1(a)-(c)).
    - "split:ns=-420@0.5,-450@0.5;ew=-450": a non-balancing score, each side
      its own (Laws 12C1(e), 11A, 43B3, 79B3), every score NS's.
    """
    text = score.strip()
    try:
        lowered = text.lower()
        if lowered.startswith("assigned:"):
            return Assigned.weighted(_outcomes_of(text.split(":", 1)[1]))
        if lowered.startswith("split:"):
            sides = dict(
                part.strip().split("=", 1) for part in lowered[6:].split(";") if part
            )
            if set(sides) != {"ns", "ew"}:
                raise ValueError("a split score names ns= and ew=")
            return Assigned.split(_outcomes_of(sides["ns"]), _outcomes_of(sides["ew"]))
        base, marked, side = lowered.partition("no-fault")
        side = side.strip(": ")
        if not marked:
            return Artificial.parse(text)
        if side not in ("", "ns", "ew"):
            raise ValueError(f"{text!r}: no-fault names ns or ew")
        parsed = Artificial.parse(base)
        return Artificial.of(
            parsed.ns_percent,
            parsed.ew_percent,
            ns_no_fault=side in ("", "ns") or parsed.ns_no_fault,
            ew_no_fault=side in ("", "ew") or parsed.ew_no_fault,
        )
    except RuleViolation:
        raise
    except ValueError as exc:
        raise InvalidAdjustedScore(str(exc), law=LawRef("12")) from None


def _reduced(state: BoardResultState, text: str) -> str:
    """Law 79B3: after the round, "lower one side's score without raising
    the other's". "reduce:ns=170" lowers North-South to +170 (NS's score)
    and East-West keep the table result; "reduce:ew=-140" lowers East-West
    (NS's score rises for them only). Recorded as the split score it is
    (Law 12C1(e)'s notation), NS first."""
    law = LawRef("79B3")
    if state.entered is None or state.tricks is None:
        raise NoResult(
            "a reduction lowers the table's result: record it first", law=law
        )
    table = check_result(
        state.entered.board_number,
        state.contract,
        state.lead,
        state.tricks,
        state.vulnerability,
    )
    side, _, value = text[7:].strip().lower().partition("=")
    try:
        lowered = check_ns_score(int(value))
    except (ValueError, RuleViolation):
        raise InvalidAdjustedScore(
            f"{text!r}: reduce:ns=<NS score> or reduce:ew=<NS score>", law=law
        ) from None
    if side == "ns" and lowered < table:
        return f"split:ns={lowered};ew={table}"
    if side == "ew" and lowered > table:
        return f"split:ns={table};ew={lowered}"
    if side not in ("ns", "ew"):
        raise InvalidAdjustedScore(f"{text!r}: the side is ns or ew", law=law)
    raise InvalidAdjustedScore(
        f"{text!r} does not lower {side.upper()}'s score from the table's {table:+d}",
        law=law,
    )


def _outcomes_of(text: str) -> list[tuple[int, str]]:
    """ "-420@0.7,-450@0.3" as (NS score, weight) pairs (Law 12C1(c))."""
    outcomes = []
    for part in text.split(","):
        value, _, weight = part.strip().partition("@")
        outcomes.append((int(value), weight or "1"))
    return outcomes


def _period_over(window: CorrectionWindow, now: datetime) -> bool:
    return (
        window.published
        and window.correction_deadline is not None
        and now >= window.correction_deadline
    )


def _check_window(
    window: CorrectionWindow,
    command: CorrectResult,
    now: datetime,
    approval: LateCorrectionApproved | None,
) -> bool:
    """Return whether the correction is late (approved); raise when refused.

    Law 79C1: corrections within the correction period; Law 79C2: afterwards
    only if the organizer approves. FIGB N-L79 (pairs): after the general
    deadline, inadmissible results within their own window.
    """
    if not window.published or window.correction_deadline is None:
        return False  # provisional scores: corrections are free
    if now < window.correction_deadline:
        return False
    if (
        command.inadmissible
        and window.inadmissible_deadline is not None
        and now < window.inadmissible_deadline
    ):
        return False
    if approval is not None:
        return True
    raise CorrectionPeriodClosed(
        "the correction period has ended; a correction needs the organizer's approval",
        law=LawRef("79C"),
    )


def decide(
    state: BoardResultState,
    command: BoardResultCommand,
    now: datetime,
    window: CorrectionWindow,
) -> list[BoardResultEvent]:
    match command:
        case EnterResult():
            if state.has_result:
                raise ResultAlreadyEntered(
                    "a result is already entered; correct it instead"
                )
            if window.published:
                raise ResultLocked(
                    "the session's scores are published", law=LawRef("79C")
                )
            check_result(
                command.board_number,
                command.contract,
                command.lead,
                command.tricks,
                state.vulnerability,
            )
            return [
                ResultEntered(
                    tournament_id=command.tournament_id,
                    session=command.session,
                    board_number=command.board_number,
                    table=command.table,
                    ns=command.ns,
                    ew=command.ew,
                    contract=_norm(command.contract),
                    lead=command.lead,
                    tricks=None if _norm(command.contract) is None else command.tricks,
                    entered_by=command.entered_by,
                    vulnerability=state.vulnerability,
                )
            ]
        case ConfirmResult():
            if state.entered is None:
                raise NoResult("no result to confirm")
            if state.confirmed:
                return []
            return [ResultConfirmed(by=command.by)]
        case CorrectResult():
            if state.entered is None:
                raise NoResult("no result to correct")
            if not command.reason.strip():
                raise ImpossibleTableResult(
                    "a correction states its reason", law=LawRef("79C")
                )
            check_result(
                state.entered.board_number,
                command.contract,
                command.lead,
                command.tricks,
                state.vulnerability,
            )
            late = _check_window(window, command, now, state.late_approval)
            return [
                ResultCorrected(
                    contract=_norm(command.contract),
                    lead=command.lead,
                    tricks=None if _norm(command.contract) is None else command.tricks,
                    reason=command.reason.strip(),
                    after_period=late,
                    vulnerability=state.vulnerability,
                )
            ]
        case ApproveLateCorrection():
            if state.entered is None:
                raise NoResult("no result to correct")
            if not command.reason.strip():
                raise ImpossibleTableResult(
                    "an approval states its reason", law=LawRef("79C")
                )
            if not _period_over(window, now):
                raise CorrectionNotLate(
                    "the correction period is open: the director corrects without "
                    "approval",
                    law=LawRef("79C"),
                )
            if state.late_approval is not None:
                return []  # approved already, not yet used
            return [
                LateCorrectionApproved(by=command.by, reason=command.reason.strip())
            ]
        case AwardAdjustedScore():
            if state.entered is None and state.irregularity is None:
                raise NoResult("record the table's result or irregularity first")
            score = command.score.strip()
            if score.lower().startswith("reduce:"):
                score = _reduced(state, score)
                command = replace(command, score=score, law=command.law or "79B3")
            parse_adjusted(score)
            if window.published and not command.by_appeal:
                _check_window(
                    window,
                    CorrectResult(
                        contract=None, lead=None, tricks=None, reason=command.reason
                    ),
                    now,
                    None,  # an adjusted score after the period: by appeal only
                )
            law = checked_law(command.law, field="law") if command.law else "12"
            return [
                AdjustedScoreAwarded(
                    score=score,
                    law=law,
                    reason=command.reason,
                    ruling_id=command.ruling_id,
                    by_appeal=command.by_appeal,
                )
            ]
        case RecordBoardIrregularity():
            if command.kind not in IRREGULARITY_LAWS:
                raise ImpossibleTableResult(
                    f"unknown board irregularity {command.kind!r}"
                )
            if state.has_result and command.kind != "fouled":
                raise ResultAlreadyEntered("the board already has a result")
            _check_swap(command)
            return [
                BoardIrregularityRecorded(
                    tournament_id=command.tournament_id,
                    session=command.session,
                    board_number=command.board_number,
                    table=command.table,
                    ns=command.ns,
                    ew=command.ew,
                    kind=command.kind,
                    group=command.group,
                    note=command.note,
                    swap=command.swap,
                    found_here=command.found_here,
                )
            ]
        case RecordBoardMarkings():
            return _markings(state, command)
        case _:
            assert_never(command)


def _markings(
    state: BoardResultState, command: RecordBoardMarkings
) -> list[BoardResultEvent]:
    """Record the copy's markings when they change what the table scores
    with (Law 2): nothing when they are what the stream already has, or
    Law 2's for the number on a stream that had none."""
    try:
        dealer = Seat.parse(command.dealer).value
        vulnerability = Vulnerability.parse(command.vulnerability).value
    except ValueError as exc:
        raise ImpossibleTableResult(str(exc), law=LawRef("2")) from None
    now = (
        (state.markings.dealer, state.markings.vulnerability)
        if state.markings is not None
        else (
            dealer_for(command.board_number).value,
            vulnerability_for(command.board_number).value,
        )
    )
    if (dealer, vulnerability) == now:
        return []
    return [
        BoardMarkingsRecorded(
            tournament_id=command.tournament_id,
            session=command.session,
            board_number=command.board_number,
            table=command.table,
            ns=command.ns,
            ew=command.ew,
            copy=command.copy,
            dealer=dealer,
            vulnerability=vulnerability,
        )
    ]


SWAPS = ("north_south", "east_west", "across")
"""Which hands held swapped cards on a fouled board (FIGB N-L87 §7a(1)-(3))."""


def _check_swap(command: RecordBoardIrregularity) -> None:
    """FIGB N-L87 §7a: the swap and the finding table belong to a fouled
    board, at a table that played it with the wrong cards (group 1 or more)."""
    if not (command.swap or command.found_here):
        return
    norm = ArticleRef("87 §7", source="Norme integrative FIGB")
    if command.kind != "fouled" or command.group < 1:
        raise ImpossibleTableResult(
            "a swap is recorded on a fouled board at a table of a fouled "
            "group (group 1 or more)",
            law=norm,
            field="group",
        )
    if command.swap and command.swap not in SWAPS:
        raise ImpossibleTableResult(
            f"the swap is one of {', '.join(SWAPS)}", law=norm, field="swap"
        )


def _norm(contract: str | None) -> str | None:
    if contract is None or contract.strip().upper() in {"PASS", "P", "AP", ""}:
        return None
    return str(Contract.parse(contract))


def seat_of_entry(entered_by: str) -> Seat | None:
    return None if entered_by == "director" else Seat.parse(entered_by)
