"""Which Law references exist: the structure of the 2017 Laws.

Laws of Duplicate Bridge 2017 (FIGB edition, the normative Italian text):
Laws 1 to 93, each with its lettered sections (A, B, ...), their numbered
subsections (1, 2, ...) and their lettered and roman items ((a), (b); (i),
(ii)). A reference names a Law and, optionally, a path down that structure:
"4", "12C", "12C1", "12C1(e)", "12C1(e)(ii)". ``SECTIONS`` lists, for each
Law, its most specific sections in the Laws' order, transcribed from the
headings of the FIGB edition (decision 0082); every prefix of a listed
section exists too (12C1(e)(ii) gives 12C, 12C1 and 12C1(e)).

A reference is checked to its full depth: "12C1(f)" is refused because Law
12C1 has items (a) to (e) only. ``parse_law_ref`` also accepts the ways a
director writes one ("Law 12 C 1 (c)", "L12c1(c)", "12C1c") and returns the
canonical text the events store ("12C1(c)").
"""

from __future__ import annotations

import re
from typing import ClassVar

from rules.errors import LawRef, RuleViolation

__all__ = [
    "SECTIONS",
    "NotALawReference",
    "UnknownLaw",
    "checked_law",
    "is_law_ref",
    "parse_law_ref",
]

# Each Law's most specific sections; "" for a Law without sections.
SECTIONS: dict[int, str] = {
    1: "A B C",
    2: "",
    3: "",
    4: "",
    5: "A B",
    6: "A B C D1 D2 D3 E1 E2 E3 E4 F",
    7: "A B1 B2 B3 C D",
    8: "A1 A2 B1 B2 C",
    9: "A1 A2 A3 A4 A5 B1(a) B1(b) B1(c) B1(d) B2 C",
    10: "A B C1 C2 C3 C4",
    11: "A B",
    12: (
        "A1 A2 A3 B1 B2 C1(a) C1(b) C1(c) C1(d) C1(e)(i) C1(e)(ii) C2(a) C2(b) "
        "C2(c) C2(d) C3 C4"
    ),
    13: "A1 A2 B1 B2 C D",
    14: "A1 A2 A3 B1 B2 B3 B4 C",
    15: "A1 A2(a) A2(b) A2(c) A3 A4 B1 B2 B3",
    16: (
        "A1(a) A1(b) A1(c) A1(d) A2 B1(a) B1(b) B2 B3 C1 C2 C3 D1 D2(a) D2(b) D2(c) "
        "D2(d) D3"
    ),
    17: "A B C D1 D2 D3",
    18: "A B C D E F",
    19: "A1 A2 A3 B1 B2 B3 C D",
    20: "A B C1 C2 D E F1 F2 F3 F4(a) F4(b) F5(a) F5(b)(i) F5(b)(ii) F6 G1 G2 G3",
    21: "A B1(a) B1(b) B2 B3",
    22: "A B",
    23: "A1 A2 A3 B C",
    24: "A B C D E",
    25: "A1 A2 A3 A4 A5 A6 B1 B2 B3",
    26: "A B",
    27: "A1 A2 B1(a) B1(b) B2 B3 B4 C D",
    28: "A B",
    29: "A B C",
    30: "A B1(a) B1(b)(i) B1(b)(ii) B2 C",
    31: "A1 A2(a) A2(b) B1 B2 C",
    32: "A1 A2(a) A2(b) B1 B2 C",
    33: "",
    34: "",
    35: "A B C D",
    36: "A B1 B2 B3 B4 C",
    37: "A B1 B2",
    38: "A B C D",
    39: "A B C",
    40: (
        "A1(a) A1(b) A2 A3 A4 B1(a) B1(b) B1(c) B2(a)(i) B2(a)(ii) B2(a)(iii) "
        "B2(a)(iv) B2(a)(v) B2(b) B2(c)(i) B2(c)(ii) B2(c)(iii) B2(c)(iv) B2(d) "
        "B3(a) B3(b) B4 B5(a) B5(b) C1 C2"
    ),
    41: "A B C D",
    42: "A1 A2 A3 B1 B2 B3",
    43: "A1(a) A1(b) A1(c) A2(a) A2(b) A2(c) A3 B1 B2(a) B2(b) B3",
    44: "A B C D E F G",
    45: "A B C1 C2(a) C2(b) C3 C4(a) C4(b) C5 D1 D2 E1 E2 F G",
    46: "A B1(a) B1(b) B1(c) B2 B3(a) B3(b) B4 B5",
    47: "A B C D E1 E2(a) E2(b) F1 F2",
    48: "A B1 B2",
    49: "",
    50: "A B C D1(a) D1(b) D2(a) D2(b) E1 E2 E3 E4",
    51: "A B1(a) B1(b) B2(a) B2(b) B2(c)",
    52: "A B1(a) B1(b) B1(c) B2",
    53: "A B C",
    54: "A B1 B2 C D E",
    55: "A B1 B2 C",
    56: "A B",
    57: "A1 A2 A3 A4 B C1 C2 C3 D",
    58: "A B1 B2 B3 B4",
    59: "",
    60: "A1 A2 A3 B C",
    61: "A B1 B2(a) B2(b) B3 C",
    62: "A B1 B2 C1 C2 C3 D1 D2",
    63: "A1 A2 A3 A4 B",
    64: "A1 A2 B1 B2 B3 B4 B5 B6 B7 B8 C1 C2(a) C2(b)",
    65: "A B1 B2 B3 C D",
    66: "A B C D",
    67: "A1 A2 B1(a) B1(b) B2(a) B2(b) B3",
    68: "A B1 B2 C D1 D2(a) D2(b)(i) D2(b)(ii)",
    69: "A B1 B2",
    70: "A B1 B2 B3 C1 C2 C3 D1 D2 E1 E2",
    71: "A B",
    72: "A B1 B2 B3 C",
    73: "A1 A2 B1 B2 C1 C2 D1 D2 E1 E2",
    74: "A1 A2 A3 B1 B2 B3 B4 B5 C1 C2 C3 C4 C5 C6 C7 C8",
    75: "A B1 B2 B3 C D1 D2 D3",
    76: "A1 A2 B1 B2 B3 B4 B5 C1 C2 D",
    77: "",
    78: "A B C D",
    79: "A1 A2 B1 B2 B3 C1 C2",
    80: (
        "A1(a) A1(b) A1(c) A2 A3 B1 B2(a) B2(b) B2(c) B2(d) B2(e) B2(f) B2(g)(i) "
        "B2(g)(ii) B2(h) B2(i) B2(j) B2(k) B2(l)"
    ),
    81: "A B1 B2 C1 C2 C3 C4 C5 C6 C7 C8 D",
    82: "A B1 B2 B3 C",
    83: "",
    84: "A B C D",
    85: "A1 A2 B",
    86: "A B1 B2(a) B2(b) B2(c) B3",
    87: "A B C",
    88: "",
    89: "",
    90: "A B1 B2 B3 B4 B5 B6 B7 B8",
    91: "A B",
    92: "A B C D1 D2",
    93: "A B1 B2 B3 C1 C2 C3(a) C3(b)",
}

_PART = re.compile(r"[A-H]|\d{1,2}|\([a-l]\)|\([ivx]+\)")
_PREFIX = re.compile(r"^(?:law|legge|art\.?|l)\s*", re.IGNORECASE)


def _split(section: str) -> tuple[list[str], str]:
    """Split a section into its parts; return them and any text left over."""
    parts: list[str] = []
    at = 0
    while at < len(section):
        match = _PART.match(section, at)
        if match is None:
            break
        parts.append(match.group())
        at = match.end()
    return parts, section[at:]


def _expand(spec: str) -> frozenset[str]:
    """Every section a Law's listed sections name, with their prefixes."""
    known: set[str] = set()
    for section in spec.split():
        parts, rest = _split(section)
        if rest:
            raise ValueError(f"malformed section {section!r}")
        known.update("".join(parts[:i]) for i in range(1, len(parts) + 1))
    return frozenset(known)


_KNOWN: dict[int, frozenset[str]] = {
    law: _expand(spec) for law, spec in SECTIONS.items()
}


class NotALawReference(ValueError):
    """The text names no Law, or a section the Law does not have."""


def _normalise(text: str) -> str:
    """Drop a leading "Law"/"L"/"Art." and the spaces; letters in the Laws'
    case; an item written without its parentheses ("12C1c") gets them."""
    compact = re.sub(r"\s+", "", _PREFIX.sub("", text.strip()))
    match = re.fullmatch(r"(\d+)([A-Za-z]?)(.*)", compact)
    if match is None:
        return compact
    law, section, rest = match.groups()
    rest = re.sub(r"^(\d{1,2})([a-l])(?=\(|$)", r"\1(\2)", rest.lower())
    return f"{law}{section.upper()}{rest}"


def parse_law_ref(text: str) -> LawRef:
    """Return the reference ``text`` names, in canonical form.

    Raise ``NotALawReference`` naming what does not exist: a Law outside 1 to
    93, or the first section, subsection or item the Law does not have.
    """
    canonical = _normalise(text)
    shown = f'"{text}"' if len(text) <= 40 else f'"{text[:37]}..."'
    match = re.fullmatch(r"(\d+)(.*)", canonical)
    if match is None:
        raise NotALawReference(
            f'{shown} is not a Law reference (a Law 1 to 93, e.g. "12C1(c)")'
        )
    number, section = match.groups()
    law = int(number) if len(number) <= 2 else 0
    if law not in _KNOWN or number.startswith("0"):
        named = number if len(number) <= 4 else f"{number[:4]}..."
        raise NotALawReference(
            f"{shown}: the 2017 Laws have no Law {named} (Laws 1 to 93)"
        )
    parts, rest = _split(section)
    for i, part in enumerate([*parts, rest] if rest else parts):
        if "".join(parts[: i + 1]) in _KNOWN[law] and i < len(parts):
            continue
        where = f"Law {law}{''.join(parts[:i])}"
        kind = "section" if i == 0 else "subsection" if part.isdigit() else "item"
        raise NotALawReference(f"{shown}: {where} has no {kind} {part}")
    return LawRef(canonical)


def is_law_ref(text: str) -> bool:
    """Return whether ``text`` names a Law or a section the Law has."""
    try:
        parse_law_ref(text)
    except NotALawReference:
        return False
    return True


class UnknownLaw(RuleViolation):
    """A command cites a Law reference the 2017 Laws do not have (HTTP 422)."""

    code: ClassVar[str] = "unknown_law"


def checked_law(text: str, *, field: str) -> str:
    """Return the canonical text of a Law reference a command carries.

    Raise ``UnknownLaw`` naming the command's ``field`` and the value: what
    is recorded cites only Laws that exist (decision 0082).
    """
    try:
        return parse_law_ref(text).law
    except NotALawReference as error:
        raise UnknownLaw(str(error), field=field, value=text) from None
