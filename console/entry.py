"""What a director or a table types, read into the API's notation (pure).

Italian pages take Italian notation (decision 0113's notation, read back):
the denominations F, Q, C, P, SA (fiori, quadri, cuori, picche, senza atout),
the honours A, R, D, F (asso, re, donna, fante), West as O (ovest). English
pages take the API's letters. A contract is a level and a denomination with
an optional X (contré) or XX (surcontré); the declarer and the tricks are
their own fields (Law 79A: the number of tricks won is agreed at the table).
An adjusted score is built from a form, never typed as a code (Law 12C):
artificial percentages (Law 12C2), an assigned score (Law 12C1(a)) or a
weighted one (Law 12C1(c)), each outcome a contract and its tricks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "ARTIFICIAL_PERCENTS",
    "PASSED",
    "EntryError",
    "Outcome",
    "artificial_text",
    "assigned_text",
    "check_weights",
    "contract_of",
    "lead_of",
    "seat_of",
]

_DENOMINATIONS = {
    "it": {"F": "C", "Q": "D", "C": "H", "P": "S", "SA": "NT"},
    "en": {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT"},
}
_SEATS = {
    "it": {"N": "N", "E": "E", "S": "S", "O": "W"},
    "en": {"N": "N", "E": "E", "S": "S", "W": "W"},
}
_RANKS = {
    "it": {"A": "A", "R": "K", "D": "Q", "F": "J", "10": "T", "T": "T"},
    "en": {"A": "A", "K": "K", "Q": "Q", "J": "J", "10": "T", "T": "T"},
}
# A passed-out board (Law 22): typed as the word, or a dash.
PASSED = {"PASSO", "PASS", "PASSATA", "-", "AP"}
_CONTRACT = re.compile(r"^([1-7])\s*(SA|NT|[A-Z])\s*(X{0,2})$")
# Law 12C2(a): average plus, average, average minus; 0 and 100 are not
# artificial scores, but 50/50 and 60/60 are.
ARTIFICIAL_PERCENTS = (60, 50, 40)


class EntryError(ValueError):
    """Input that is not the notation: ``field`` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _lang(language: str) -> str:
    return "it" if language.lower().startswith("it") else "en"


def seat_of(text: str, language: str) -> str:
    """A compass seat as typed (``O`` for West in Italian) -> N, E, S, W."""
    seat = _SEATS[_lang(language)].get(text.strip().upper())
    if seat is None:
        raise EntryError("declarer", f"{text!r} is not a seat")
    return seat


def contract_of(text: str, declarer: str, language: str) -> str | None:
    """``4P`` with declarer ``N`` (Italian) -> ``4SN``; ``3SAX`` + ``O`` ->
    ``3NTXW``; a passed-out board -> None (Law 22)."""
    typed = text.strip().upper().replace(" ", "")
    if typed in PASSED:
        return None
    found = _CONTRACT.match(typed)
    if found is None:
        raise EntryError("contract", f"{text!r} is not a contract")
    level, denomination, doubled = found.groups()
    strain = _DENOMINATIONS[_lang(language)].get(denomination)
    if strain is None:
        raise EntryError("contract", f"{denomination!r} is not a denomination")
    if not declarer.strip():
        raise EntryError("declarer", "a contract has a declarer")
    return f"{level}{strain}{doubled}{seat_of(declarer, language)}"


def lead_of(text: str, language: str) -> str | None:
    """The opening lead, suit first as the pages write it: ``C A`` (Italian:
    the ace of hearts) -> ``HA``; ``S10`` -> ``ST``; empty -> None."""
    typed = text.strip().upper().replace(" ", "")
    if not typed:
        return None
    lang = _lang(language)
    suit = _DENOMINATIONS[lang].get(typed[0])
    rank = _RANKS[lang].get(typed[1:]) or (typed[1:] if typed[1:].isdigit() else None)
    if suit is None or suit == "NT" or rank is None or not _is_rank(rank):
        raise EntryError("lead", f"{text!r} is not a card")
    return f"{suit}{rank}"


def _is_rank(rank: str) -> bool:
    return rank in {"A", "K", "Q", "J", "T"} or rank in {str(n) for n in range(2, 10)}


def artificial_text(ns_percent: int, ew_percent: int) -> str:
    """Law 12C2: each side's percentage -> the scorer's ``A60/40``."""
    for value in (ns_percent, ew_percent):
        if value not in ARTIFICIAL_PERCENTS:
            raise EntryError("artificial", f"{value}% is not an artificial score")
    return f"A{ns_percent}/{ew_percent}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One outcome of an assigned score: North-South's score and its weight
    in percent (100 for a single assigned score)."""

    score_ns: int
    percent: int


def check_weights(percents: list[int]) -> None:
    """Law 12C1(a), (c): an assigned score has an outcome, its weights whole
    percents that sum to 100 (decision 0022)."""
    if not percents:
        raise EntryError("assigned", "an assigned score has an outcome")
    if sum(percents) != 100 or any(not 0 < p <= 100 for p in percents):
        raise EntryError("weights", "the weights sum to 100%")


def assigned_text(outcomes: list[Outcome]) -> str:
    """Law 12C1(a), (c): outcomes -> the scorer's ``assigned:620@0.6,-100@0.4``;
    the percentages sum to 100, each a whole percent (decision 0022)."""
    check_weights([o.percent for o in outcomes])
    parts = []
    for outcome in outcomes:
        weight = Fraction(outcome.percent, 100)
        written = "1" if weight == 1 else f"{float(weight):.2f}".rstrip("0")
        parts.append(f"{outcome.score_ns}@{written}")
    return "assigned:" + ",".join(parts)
