"""Lenient parsers from the spellings real files use to the model's strings.

Scoring programs disagree on small things: ``3N`` or ``3NT``, ``4S*`` or
``4SX``, ``Pass`` or ``PASS``, leads as ``S6`` (PBN) or ``6S`` (USEBIO),
``All`` or ``Both``. Each parser accepts the variants seen in the wild and
returns the model's single spelling, or raises ``ValueError`` naming the bad
input. The readers turn that ``ValueError`` into a ``FormatError`` with the
line or element.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from rules.limits import NUMBER_CHARS, Limit, shown
from scoring.formats.model import PASS, artificial_marker

__all__ = [
    "decimal_within",
    "int_within",
    "leading_number",
    "parse_card",
    "parse_contract",
    "parse_decimal",
    "parse_int",
    "parse_seat",
    "parse_vulnerability",
]

_CONTRACT = re.compile(
    r"(?P<level>[1-7])\s*(?P<denomination>NT|N|SA|C|D|H|S)\s*(?P<doubling>XX|X|\*\*|\*|R)?",
    re.IGNORECASE,
)
_ARTIFICIAL_SLASH = re.compile(r"A(\d{1,3}(?:\.\d{1,2})?)/(\d{1,3}(?:\.\d{1,2})?)")
_ARTIFICIAL_COMPACT = re.compile(r"A(\d\d)(\d\d)")
_PASSED_OUT = {"PASS", "P", "AP", "ALLPASS", "ALL PASS", "PASSED", "PASSED OUT"}
_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W"}
_SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_VULNERABILITY = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "N-S": "NS",
    "EW": "EW",
    "E-W": "EW",
    "ALL": "All",
    "BOTH": "All",
    "B": "All",
}
_SUITS = "SHDC"
_RANKS = "AKQJT98765432"


def parse_contract(text: str) -> str:
    """Return the model spelling of a contract, ``PASS`` or artificial marker.

    ``3N``/``3NT``/``3SA`` (Italian *senza atout*) give ``3NT``; ``*``, ``x``
    give ``X``; ``**``, ``R`` give ``XX``; ``A60/40`` and the EBU compact
    ``A6040`` give ``A60/40`` (Law 12C2).
    """
    value = text.strip()
    upper = value.upper()
    if upper in _PASSED_OUT:
        return PASS
    artificial = _ARTIFICIAL_SLASH.fullmatch(upper) or _ARTIFICIAL_COMPACT.fullmatch(
        upper
    )
    if artificial is not None:
        ns, ew = Decimal(artificial[1]), Decimal(artificial[2])
        if ns > 100 or ew > 100:
            raise ValueError(f"artificial score {text!r} is above 100%")
        return artificial_marker(ns, ew)
    match = _CONTRACT.fullmatch(upper)
    if match is None:
        raise ValueError(f"{text!r} is not a contract")
    denomination = match["denomination"]
    if denomination in ("N", "SA"):
        denomination = "NT"
    doubling = {None: "", "X": "X", "*": "X", "XX": "XX", "**": "XX", "R": "XX"}[
        match["doubling"]
    ]
    return f"{match['level']}{denomination}{doubling}"


def parse_seat(text: str) -> str:
    """Return ``N``, ``E``, ``S`` or ``W`` for a seat letter or word."""
    value = text.strip().upper()
    seat = _SEATS.get(value) or _SEAT_WORDS.get(value)
    if seat is None:
        raise ValueError(f"{text!r} is not a seat")
    return seat


def parse_vulnerability(text: str) -> str:
    """Return ``None``, ``NS``, ``EW`` or ``All`` (Law 2 conditions)."""
    value = _VULNERABILITY.get(text.strip().upper())
    if value is None:
        raise ValueError(f"{text!r} is not a vulnerability")
    return value


def parse_card(text: str) -> str:
    """Return a card as suit then rank (``SA``); accepts ``AS``, ``S10``, ``10S``."""
    value = text.strip().upper().replace("10", "T")
    if len(value) == 2:
        if value[0] in _SUITS and value[1] in _RANKS:
            return value
        if value[1] in _SUITS and value[0] in _RANKS:
            return value[1] + value[0]
    raise ValueError(f"{text!r} is not a card")


def _number_text(text: str) -> str:
    """The text of a number, at most ``NUMBER_CHARS`` long (decision 0212)."""
    value = text.strip()
    if len(value) > NUMBER_CHARS:
        raise ValueError(
            f"the number {shown(value)} is longer than {NUMBER_CHARS} characters"
        )
    return value


def parse_decimal(text: str, limit: Limit | None = None) -> Decimal:
    """Return a finite decimal within ``limit``; accepts a comma as decimal
    separator."""
    try:
        value = Decimal(_number_text(text).replace(",", "."))
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a number") from None
    if not value.is_finite():
        raise ValueError(f"{text!r} is not a number")
    return value if limit is None else limit.check(value)


def parse_int(text: str, limit: Limit | None = None) -> int:
    """Return an integer within ``limit``, allowing a leading sign."""
    value = _number_text(text)
    if not re.fullmatch(r"[+-]?\d+", value):
        raise ValueError(f"{shown(text)!r} is not a whole number")
    number = int(value)
    return number if limit is None else limit.check(number)


def int_within(limit: Limit) -> Callable[[str], int]:
    """A parser of whole numbers within ``limit``, for a reader's column."""
    return lambda text: parse_int(text, limit)


def decimal_within(limit: Limit) -> Callable[[str], Decimal]:
    """A parser of decimals within ``limit``, for a reader's column."""
    return lambda text: parse_decimal(text, limit)


def leading_number(identifier: str) -> int | None:
    """Return the number a pair or team id starts with (``"12NS"`` -> 12)."""
    match = re.match(r"\d+", identifier)
    return None if match is None else int(_number_text(match[0]))
