"""Bridge notation as each language writes it (pure; decision 0113).

Italian pages write no-trump as SA (senza atout), the suits as P, C, Q, F
(picche, cuori, quadri, fiori), doubled and redoubled as contré and
surcontré, West as O (ovest), and the honours as A, R, D, F (asso, re,
donna, fante). English pages keep the letters the API uses.
"""

from __future__ import annotations

import re

__all__ = [
    "contract_text",
    "holding_text",
    "lead_text",
    "par_text",
    "seat_text",
    "strain_text",
]

_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(X{0,2})([NESW])$")
_STRAINS = {
    "it": {"C": "F", "D": "Q", "H": "C", "S": "P", "NT": "SA", "N": "SA"},
    "en": {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT"},
}
_DOUBLES = {
    "it": {"": "", "X": " contré", "XX": " surcontré"},
    "en": {"": "", "X": " doubled", "XX": " redoubled"},
}
_SEATS = {
    "it": {"N": "N", "E": "E", "S": "S", "W": "O"},
    "en": {"N": "N", "E": "E", "S": "S", "W": "W"},
}
_RANKS = {
    "it": {"A": "A", "K": "R", "Q": "D", "J": "F", "T": "10"},
    "en": {"T": "10"},
}
_PASSED = {"it": "Passo", "en": "Passed out"}


def _lang(language: str) -> str:
    return "it" if language.lower().startswith("it") else "en"


def contract_text(contract: str | None, language: str) -> str:
    """``4SXN`` as ``4P contré N`` in Italian, ``4S doubled N`` in English;
    a passed-out board (no contract) as the language's word for it; text
    the API would not store is shown as it is."""
    lang = _lang(language)
    if not contract or contract.upper() in {"PASS", "P", "AP"}:
        return _PASSED[lang]
    found = _CONTRACT.match(contract.upper())
    if found is None:
        return contract
    level, strain, doubled, declarer = found.groups()
    return (
        f"{level}{_STRAINS[lang][strain]}{_DOUBLES[lang][doubled]} "
        f"{_SEATS[lang][declarer]}"
    )


def lead_text(lead: str | None, language: str) -> str:
    """The opening lead ``HA`` (suit, rank) as ``C A`` in Italian, ``H A`` in
    English; empty when none was recorded."""
    if not lead or len(lead) < 2:
        return lead or ""
    lang = _lang(language)
    suit, rank = lead[0].upper(), lead[1:].upper()
    strain = _STRAINS[lang].get(suit)
    if strain is None:
        return lead
    return f"{strain} {_RANKS[lang].get(rank, rank)}"


def seat_text(seat: str, language: str) -> str:
    """A compass seat in the language (West is O, ovest, in Italian)."""
    return _SEATS[_lang(language)].get(seat.upper(), seat)


def strain_text(strain: str, language: str) -> str:
    """A denomination's letter (``S``, ``H``, ``D``, ``C``, ``NT``) in the
    language: P, C, Q, F and SA in Italian."""
    return _STRAINS[_lang(language)].get(strain.upper(), strain)


def holding_text(ranks: str, language: str) -> str:
    """A suit's cards (PBN ranks, high to low: ``AKT9``) as the language
    writes them, one by one: ``A R 10 9`` in Italian, ``A K 10 9`` in
    English; empty for a void."""
    table = _RANKS[_lang(language)]
    return " ".join(table.get(rank, rank) for rank in ranks.upper())


_PAR = re.compile(r"^([1-7])(NT|N|S|H|D|C)([NESW])(X{0,2})(=|[+-]\d{1,2})?$")


def par_text(contract: str, language: str) -> str:
    """A par contract as DDS writes it (``4SEx-1``: level, denomination,
    declarer, doubled, result) in the language: ``4P contré E -1`` in
    Italian, ``4S doubled E -1`` in English; other text as it is."""
    found = _PAR.match(contract.strip().upper())
    if found is None:
        return contract
    level, strain, declarer, doubled, result = found.groups()
    text = contract_text(f"{level}{strain}{doubled}{declarer}", language)
    return f"{text} {result}" if result else text
