"""Reading untrusted text: JSON nested and numbered within bounds, CSV rows.

Python's ``json`` recurses once per level, so a body of 100,000 brackets
raises ``RecursionError``; it turns a 5,000-digit numeral into an integer
only to refuse it at 4,300 digits, and ``1e999`` into an infinite float.
``load_json`` refuses all three, naming the limit and the line, before any
of it is built. ``csv_rows`` reads CSV and names the line of a field beyond
``csv``'s field limit. Every refusal is a ``ValueError`` (as
``json.JSONDecodeError`` is), so each caller's handling of malformed text
covers it: a 400 problem for a body, a refused import for a file.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from rules.limits import JSON_DEPTH, NUMBER_CHARS, shown

__all__ = ["TextRefused", "csv_rows", "load_json"]


class TextRefused(ValueError):
    """Text beyond a bound or not of its format: the problem and its line."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        self.problem = problem
        self.line = line
        super().__init__(f"line {line}: {problem}" if line is not None else problem)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, max(at, 0)) + 1


def _check_depth(text: str, depth: int) -> None:
    """Refuse text whose arrays and objects nest deeper than ``depth``."""
    if text.count("[") + text.count("{") <= depth:
        return  # cannot nest deeper: the common body pays two counts
    # Strings hold no raw line break in JSON, so blanking them keeps lines.
    bare = _STRING.sub('""', text)
    level = 0
    for bracket in _BRACKET.finditer(bare):
        if bracket[0] in "[{":
            level += 1
            if level > depth:
                raise TextRefused(
                    f"arrays and objects nested deeper than {depth} levels",
                    _line(bare, bracket.start()),
                )
        else:
            level -= 1


def _number_text(text: str, source: str) -> str:
    if len(text) > NUMBER_CHARS:
        raise TextRefused(
            f"the number {shown(text)} is longer than {NUMBER_CHARS} characters",
            _line(source, source.find(text)),
        )
    return text


def load_json(text: str, *, decimals: bool = False, depth: int = JSON_DEPTH) -> Any:
    """Parse JSON within its bounds; raise ``ValueError`` naming the problem.

    ``decimals``: numbers with a fraction or exponent are ``Decimal`` (a
    results file's points, exact), else finite floats. ``NaN`` and
    ``Infinity`` are not JSON and are refused, as is a number's text longer
    than ``NUMBER_CHARS`` or a nesting deeper than ``depth``.
    """
    _check_depth(text, depth)

    def whole(value: str) -> int:
        return int(_number_text(value, text))

    def fraction(value: str) -> Decimal | float:
        _number_text(value, text)
        if decimals:
            return Decimal(value)
        number = float(value)
        if not math.isfinite(number):
            raise TextRefused(
                f"the number {shown(value)} is beyond a float's range",
                _line(text, text.find(value)),
            )
        return number

    def constant(value: str) -> Any:
        raise TextRefused(f"{value} is not a JSON number")

    return json.loads(
        text, parse_int=whole, parse_float=fraction, parse_constant=constant
    )


def csv_rows(text: str, dialect: Any = csv.excel) -> Iterator[tuple[int, list[str]]]:
    """Yield each CSV row with the line it ends on; a field beyond ``csv``'s
    field limit (or text that is not CSV) raises ``TextRefused`` naming the
    line and the limit."""
    reader = csv.reader(io.StringIO(text), dialect)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            limit = csv.field_size_limit()
            problem = (
                f"a field is longer than {limit} characters, the most a field holds"
                if "field limit" in str(error)
                else f"not CSV: {error}"
            )
            raise TextRefused(problem, reader.line_num) from None
        yield reader.line_num, row
