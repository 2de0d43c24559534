"""PBN syntax: tag pairs, strings, commentary, games and tables, with lines.

PBN 2.1 §2-3 (import format) and §5.1-5.2 (supplemental sections and
tables). Internal to ``scoring.formats.pbn``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from scoring.formats.errors import FormatError

__all__ = [
    "ABSENT",
    "PLAYER_COLUMNS",
    "Cell",
    "Column",
    "Element",
    "Row",
    "T",
    "Tag",
    "convert",
    "get_cell",
    "get_text",
    "is_section",
    "required",
    "scan",
    "table_columns",
    "table_rows",
]

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_COLUMN = re.compile(
    r"(?P<order>[+-]?)(?P<name>[A-Za-z][A-Za-z0-9_]*)"
    r"(?:\\(?P<width>\d+)(?P<align>[LR]?))?"
)
_STOP = frozenset('[]{};"')
ABSENT = frozenset({"-", "?", ""})
# An individual event's ScoreTable names the four players (Competition "Individuals").
# PBN 2.1 §5.3: a board's double-dummy tricks, one row per declarer and strain.
OPTIMUM_COLUMNS = "Declarer;Denomination\\2R;Result\\2R"
PLAYER_COLUMNS = ("PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West")
T = TypeVar("T")


# --- scanning -------------------------------------------------------------


@dataclass(slots=True)
class Element:
    """One table element (or other section token) and the line it is on."""

    text: str
    line: int
    quoted: bool


@dataclass(slots=True)
class Tag:
    """A tag pair and the section data that follows it."""

    name: str
    value: str
    line: int
    data: list[Element] = field(default_factory=list)


def is_section(name: str) -> bool:
    """Return whether a tag may be followed by section data (PBN §3.5, §5)."""
    return name in ("Auction", "Play") or (name.endswith("Table") and name != "Table")


def _scan_string(raw: str, pos: int, line: int) -> tuple[str, int]:
    """Read the string token starting at ``raw[pos] == '"'``.

    PBN §2.4: ``\\"`` is a quote and ``\\\\`` a backslash inside a string; any
    other backslash is kept as written (column formats like ``\\2R``).
    """
    chars: list[str] = []
    pos += 1
    while pos < len(raw):
        char = raw[pos]
        if char == "\\" and pos + 1 < len(raw) and raw[pos + 1] in '"\\':
            chars.append(raw[pos + 1])
            pos += 2
        elif char == '"':
            return "".join(chars), pos + 1
        else:
            chars.append(char)
            pos += 1
    raise FormatError("string is not closed before the end of the line", line=line)


def _scan_tag(raw: str, pos: int, line: int) -> tuple[Tag, int]:
    """Read the tag pair starting at ``raw[pos] == '['``."""
    pos += 1
    while pos < len(raw) and raw[pos].isspace():
        pos += 1
    name_match = _TAG_NAME.match(raw, pos)
    if name_match is None:
        raise FormatError("tag name expected after '['", line=line)
    name = name_match[0]
    pos = name_match.end()
    while pos < len(raw) and raw[pos].isspace():
        pos += 1
    if pos >= len(raw) or raw[pos] != '"':
        raise FormatError(f"tag {name} has no quoted value", line=line)
    value, pos = _scan_string(raw, pos, line)
    while pos < len(raw) and raw[pos].isspace():
        pos += 1
    if pos >= len(raw) or raw[pos] != "]":
        raise FormatError(f"tag {name} is not closed with ']'", line=line)
    return Tag(name, value, line), pos + 1


def scan(text: str) -> list[list[Tag]]:
    """Split a PBN text into games, each a list of tags with their data."""
    games: list[list[Tag]] = []
    tags: list[Tag] = []
    open_comment: int | None = None
    for line, raw in enumerate(text.splitlines(), start=1):
        pos = 0
        if open_comment is not None:
            end = raw.find("}")
            if end < 0:
                continue
            open_comment = None
            pos = end + 1
        elif raw.startswith("%"):
            continue  # escape line (PBN §2.2): directives such as "% PBN 2.1"
        elif not raw.strip():
            if tags:
                games.append(tags)
                tags = []
            continue
        while pos < len(raw):
            char = raw[pos]
            if char.isspace():
                pos += 1
            elif char == ";":
                break
            elif char == "{":
                end = raw.find("}", pos + 1)
                if end < 0:
                    open_comment = line
                    break
                pos = end + 1
            elif char == "[":
                tag, pos = _scan_tag(raw, pos, line)
                tags.append(tag)
            elif char in "]}":
                raise FormatError(f"unexpected {char!r}", line=line)
            else:
                if char == '"':
                    text_value, pos = _scan_string(raw, pos, line)
                    element = Element(text_value, line, quoted=True)
                else:
                    start = pos
                    while (
                        pos < len(raw)
                        and not raw[pos].isspace()
                        and raw[pos] not in _STOP
                    ):
                        pos += 1
                    element = Element(raw[start:pos], line, quoted=False)
                if not tags:
                    raise FormatError(f"{element.text!r} is outside any tag", line=line)
                if not is_section(tags[-1].name):
                    raise FormatError(
                        f"unexpected {element.text!r} after tag {tags[-1].name}",
                        line=line,
                    )
                tags[-1].data.append(element)
    if open_comment is not None:
        raise FormatError("comment opened with '{' is never closed", line=open_comment)
    if tags:
        games.append(tags)
    return games


# --- tables ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    width: int | None = None
    align: str | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    """A present table element: text without its caret, and the caret."""

    text: str
    artificial: bool
    line: int


Row = dict[str, Element]


def table_columns(tag: Tag) -> list[Column]:
    """Parse a table's column list, e.g. ``PairId_NS\\2R;Contract\\4L``."""
    columns = []
    for spec in tag.value.split(";"):
        match = _COLUMN.fullmatch(spec.strip())
        if match is None:
            raise FormatError(f"{tag.name} column {spec!r} is malformed", line=tag.line)
        width = int(match["width"]) if match["width"] else None
        columns.append(Column(match["name"], width, match["align"] or None))
    names = [c.name for c in columns]
    if len(set(names)) != len(names):
        raise FormatError(f"{tag.name} names a column twice", line=tag.line)
    return columns


def table_rows(tag: Tag) -> list[tuple[int, Row]]:
    """Split a table's elements into rows.

    PBN §5.2 allows any number of elements on a text line; this reader asks
    that each line hold whole rows, so that a missing value is reported on
    its own line instead of shifting every later row.
    """
    names = [c.name for c in table_columns(tag)]
    by_line: dict[int, list[Element]] = {}
    for element in tag.data:
        by_line.setdefault(element.line, []).append(element)
    rows = []
    for line, elements in by_line.items():
        if len(elements) % len(names):
            raise FormatError(
                f"{tag.name} row has {len(elements)} values for {len(names)} columns",
                line=line,
            )
        for start in range(0, len(elements), len(names)):
            chunk = elements[start : start + len(names)]
            rows.append((line, dict(zip(names, chunk, strict=True))))
    return rows


def get_text(row: Row, name: str) -> str | None:
    """Return the text of ``name`` (names, numbers) unless missing, ``-`` or ``?``.

    Unlike ``get_cell``, a leading ``^`` is part of the text: PBN §5.7 uses
    the caret to mark artificial scores, never names.
    """
    element = row.get(name)
    if element is None or element.text.strip() in ABSENT:
        return None
    return element.text


def get_cell(row: Row, name: str) -> Cell | None:
    """Return the element of ``name`` unless missing, ``-`` or ``?``."""
    element = row.get(name)
    if element is None:
        return None
    text = element.text.strip()
    artificial = text.startswith("^")
    if artificial:
        text = text[1:].strip()
    if text in ABSENT:
        return None
    return Cell(text, artificial, element.line)


def convert(cell: Cell | None, parse: Callable[[str], T], column: str) -> T | None:
    """Parse a present cell; a ``ValueError`` becomes a ``FormatError`` with its line."""
    if cell is None:
        return None
    try:
        return parse(cell.text)
    except ValueError as error:
        raise FormatError(f"{column}: {error}", line=cell.line) from None


def required(cell: Cell, parse: Callable[[str], T], column: str) -> T:
    """Parse a cell known to be present, as ``convert`` does."""
    try:
        return parse(cell.text)
    except ValueError as error:
        raise FormatError(f"{column}: {error}", line=cell.line) from None
