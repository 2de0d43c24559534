"""A table result's score and an adjusted score's spelling, checked.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 77 (the score of a
contract), Law 22 (a passed-out board), Law 2 (the copy's vulnerability),
Law 12 (adjusted scores, artificial, assigned or split).
"""

from __future__ import annotations

from rules.bridge import Card, Contract, Seat, Vulnerability, vulnerability_for
from rules.errors import LawRef, RuleViolation
from scoring.bridge import Artificial, Assigned, score_ns
from tournaments.domain.board_result.errors import (
    ImpossibleTableResult,
    InvalidAdjustedScore,
)


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


def _outcomes_of(text: str) -> list[tuple[int, str]]:
    """ "-420@0.7,-450@0.3" as (NS score, weight) pairs (Law 12C1(c))."""
    outcomes = []
    for part in text.split(","):
        value, _, weight = part.strip().partition("@")
        outcomes.append((int(value), weight or "1"))
    return outcomes


def seat_of_entry(entered_by: str) -> Seat | None:
    return None if entered_by == "director" else Seat.parse(entered_by)
