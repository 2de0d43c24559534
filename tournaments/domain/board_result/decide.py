"""Turn a board-result command into events, or refuse it with the rule it breaks.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79A-B (entry and
confirmation), Law 79C (corrections within the correction period; afterwards
only with the organizer's approval, Law 79C2), Law 12 (adjusted scores),
Laws 13-15 and 87 (wrong number of cards, wrong board, fouled board), Law 2
(the copy's markings). FIGB N-L79: after the general deadline only
inadmissible results may be corrected, within the inadmissible-result window.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import assert_never

from rules.bridge import Contract, Seat, Vulnerability, dealer_for, vulnerability_for
from rules.bridge.law_references import checked_law
from rules.errors import ArticleRef, LawRef, RuleViolation
from rules.windows import in_time
from scoring.bridge import check_ns_score
from tournaments.domain.board_result.checks import check_result, parse_adjusted
from tournaments.domain.board_result.commands import (
    ApproveLateCorrection,
    AwardAdjustedScore,
    BoardResultCommand,
    ConfirmResult,
    CorrectionWindow,
    CorrectResult,
    EnterResult,
    RecordBoardIrregularity,
    RecordBoardMarkings,
)
from tournaments.domain.board_result.errors import (
    CorrectionNotLate,
    CorrectionPeriodClosed,
    ImpossibleTableResult,
    InvalidAdjustedScore,
    NoResult,
    OnlyInadmissibleCorrections,
    ResultAlreadyEntered,
    ResultLocked,
)
from tournaments.domain.board_result.events import (
    AdjustedScoreAwarded,
    BoardIrregularityRecorded,
    BoardMarkingsRecorded,
    BoardResultEvent,
    LateCorrectionApproved,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
)
from tournaments.domain.board_result.state import BoardResultState
from tournaments.domain.board_result.values import IRREGULARITY_LAWS, SWAPS
from tournaments.domain.bounds import check_command


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


def _period_over(window: CorrectionWindow, now: datetime) -> bool:
    """Whether free corrections have ended (Law 79C; FIGB N-L79 before
    publication too)."""
    return window.correction_deadline is not None and not in_time(
        window.correction_deadline, now
    )


def _check_window(
    window: CorrectionWindow,
    command: CorrectResult,
    now: datetime,
    approval: LateCorrectionApproved | None,
) -> bool:
    """Return whether the correction is late (approved); raise when refused.

    Law 79C1: corrections within the correction period; Law 79C2: afterwards
    only if the organizer approves. FIGB N-L79: for pairs, corrections until
    the time the director set for the last round's boards, then inadmissible
    results only, until 15 minutes from the posting; for teams, a round's
    results are final when the next round starts. Both hold before
    publication as after it; a change the table's own play makes (Law 79A)
    is no report and is limited only once the scores are published.
    """
    if window.correction_deadline is None or not _period_over(window, now):
        return False
    if command.at_table and not window.published:
        return False
    inadmissible_open = window.admits_inadmissible and in_time(
        window.inadmissible_deadline, now
    )
    if command.inadmissible and inadmissible_open:
        return False
    if approval is not None:
        return True
    if inadmissible_open:
        raise OnlyInadmissibleCorrections(
            "after the time set for the last round only an inadmissible result "
            "is corrected",
            law=window.norm,
        )
    raise CorrectionPeriodClosed(
        "the correction period has ended; a correction needs the organizer's approval",
        law=window.norm,
    )


def decide(
    state: BoardResultState,
    command: BoardResultCommand,
    now: datetime,
    window: CorrectionWindow,
) -> list[BoardResultEvent]:
    # Every number held to its limit before anything else (decision 0212).
    check_command(command)
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
