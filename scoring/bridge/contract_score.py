"""Law 77: the score of a played contract.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 77 (the scoring table) and
Law 22 (a passed-out board scores 0). Honours are not part of Law 77; total
points regulations that ask for them (FIGB N-L78 §2b) enable them with
``honours`` (decision 0021).
"""

from __future__ import annotations

from enum import StrEnum

from rules.bridge import Contract, Denomination, Doubling, Seat, Side, Vulnerability
from rules.errors import LawRef
from scoring.bridge.errors import ImpossibleResult

__all__ = [
    "Honours",
    "contract_score",
    "honours_bonus",
    "score_ns",
    "score_result",
]

_MULTIPLIER = {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}
_INSULT = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}


class Honours(StrEnum):
    """Honours held in one hand, as a total points regulation may score them.

    Not in Law 77. Customary rubber-bridge values (100; 150; 150), disabled
    unless a regulation asks for them (Law 78D; decision 0021).
    """

    NONE = "none"
    FOUR_TRUMP_HONOURS = "four_trump_honours"
    FIVE_TRUMP_HONOURS = "five_trump_honours"
    FOUR_ACES_AT_NOTRUMP = "four_aces_at_notrump"


_HONOURS_VALUE = {
    Honours.NONE: 0,
    Honours.FOUR_TRUMP_HONOURS: 100,
    Honours.FIVE_TRUMP_HONOURS: 150,
    Honours.FOUR_ACES_AT_NOTRUMP: 150,
}


def honours_bonus(honours: Honours, denomination: Denomination) -> int:
    """Return the honours bonus for the side holding them (decision 0021)."""
    if honours is Honours.FOUR_ACES_AT_NOTRUMP and denomination is not Denomination.NT:
        raise ImpossibleResult(
            "four aces score as honours only at notrump", law=LawRef("77")
        )
    if honours in (Honours.FOUR_TRUMP_HONOURS, Honours.FIVE_TRUMP_HONOURS) and (
        denomination is Denomination.NT
    ):
        raise ImpossibleResult(
            "trump honours cannot be held at notrump", law=LawRef("77")
        )
    return _HONOURS_VALUE[honours]


def _trick_points(level: int, denomination: Denomination, doubling: Doubling) -> int:
    """Return the trick points of the contract bid and made (Law 77)."""
    per = 20 if denomination in (Denomination.C, Denomination.D) else 30
    first_extra = 10 if denomination is Denomination.NT else 0
    return (per * level + first_extra) * _MULTIPLIER[doubling]


def _undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """Return the undertrick penalty for ``down`` tricks (Law 77).

    Doubled: 100/300/500 then +300 each not vulnerable; 200/500 then +300 each
    vulnerable. Redoubled is twice doubled.
    """
    if doubling is Doubling.UNDOUBLED:
        return (100 if vulnerable else 50) * down
    if vulnerable:
        doubled = 300 * down - 100
    elif down <= 3:
        doubled = 200 * down - 100
    else:
        doubled = 300 * down - 400
    return doubled * (_MULTIPLIER[doubling] // 2)


def score_result(
    level: int,
    denomination: Denomination,
    doubling: Doubling,
    vulnerable: bool,
    tricks: int,
) -> int:
    """Return the declaring side's score for a contract and the tricks it took.

    Law 77. Game is 100 or more trick points (doubled trick points count);
    overtricks are not trick points. Negative means undertricks, scored by the
    defenders.
    """
    if isinstance(level, bool) or not 1 <= level <= 7:
        raise ImpossibleResult(f"{level!r} is not a contract level", law=LawRef("77"))
    if isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise ImpossibleResult(
            f"{tricks!r} is not a number of tricks", law=LawRef("77")
        )
    need = level + 6
    if tricks < need:
        return -_undertrick_penalty(need - tricks, doubling, vulnerable)
    points = _trick_points(level, denomination, doubling)
    score = points + ((500 if vulnerable else 300) if points >= 100 else 50)
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    score += _INSULT[doubling]
    overtricks = tricks - need
    if doubling is Doubling.UNDOUBLED:
        per = 20 if denomination in (Denomination.C, Denomination.D) else 30
    else:
        per = (200 if vulnerable else 100) * (_MULTIPLIER[doubling] // 2)
    return score + overtricks * per


def contract_score(
    contract: Contract,
    tricks: int,
    vulnerability: Vulnerability,
    *,
    honours: Honours = Honours.NONE,
    honours_side: Side | None = None,
) -> int:
    """Return the declaring side's score for ``contract`` taking ``tricks`` tricks.

    Law 77; vulnerability from the board (Law 2). ``honours`` (not in Law 77)
    adds to ``honours_side``'s score for total points regulations, seen here
    from the declaring side (decision 0021).
    """
    score = score_result(
        contract.level,
        contract.denomination,
        contract.doubling,
        vulnerability.is_vulnerable(contract.declarer),
        tricks,
    )
    if honours is not Honours.NONE:
        bonus = honours_bonus(honours, contract.denomination)
        if honours_side is None:
            raise ImpossibleResult("honours need the side that held them")
        score += bonus if honours_side is contract.declarer.side else -bonus
    return score


def score_ns(
    contract: Contract | None,
    tricks: int,
    vulnerability: Vulnerability,
    *,
    honours: Honours = Honours.NONE,
    honours_side: Side | None = None,
) -> int:
    """Return the score from North-South's point of view (positive: NS gain).

    ``contract=None`` is a passed-out board: 0 to both sides (Law 22, Law 77).
    """
    if contract is None:
        return 0
    score = contract_score(
        contract, tricks, vulnerability, honours=honours, honours_side=honours_side
    )
    return score if contract.declarer in (Seat.N, Seat.S) else -score
