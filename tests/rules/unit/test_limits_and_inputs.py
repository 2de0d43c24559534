"""The bounds of every input, pure (issue 28, decision 0212): JSON parsed
within its nesting and number limits, CSV within the field limit, and a
command's numbers each held to its field's limit."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest

from rules import limits
from rules.inputs import TextRefused, csv_rows, load_json
from rules.limits import OutOfBounds, check_numbers


def refused(text: str, **options: bool) -> TextRefused:
    with pytest.raises(TextRefused) as caught:
        load_json(text, **options)
    return caught.value


def test_json_nested_deeper_than_64_is_refused_naming_the_line() -> None:
    error = refused("{\n\n" + '"a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert (error.line, error.problem) == (
        3,
        "arrays and objects nested deeper than 64 levels",
    )
    nested = "[" * 64 + "]" * 64
    assert load_json(nested) == load_json(nested)  # 64 levels are read


def test_brackets_inside_strings_do_not_count() -> None:
    assert load_json('{"a": "' + "[" * 1000 + '"}') == {"a": "[" * 1000}
    assert load_json('{"a": "\\"[[[[", "b": [1]}') == {"a": '"[[[[', "b": [1]}


def test_json_numbers_are_bounded_in_length_and_range() -> None:
    assert str(refused("[" + "5" * 5000 + "]")) == (
        "line 1: the number 555555555555555555555555... (5000 characters) is "
        "longer than 40 characters"
    )
    assert (
        str(refused("[1e999]")) == "line 1: the number 1e999 is beyond a float's range"
    )
    assert str(refused("[NaN]")) == "NaN is not a JSON number"
    assert load_json("[1e999]", decimals=True) == [Decimal("1e999")]
    assert load_json('{"a": [1, 2.5]}') == {"a": [1, 2.5]}


def test_a_csv_field_beyond_the_field_limit_names_its_line() -> None:
    text = 'a,b\n1,2\n3,"' + "x" * (128 * 1024 + 1) + '"\n'
    rows = csv_rows(text)
    assert next(rows) == (1, ["a", "b"])
    assert next(rows) == (2, ["1", "2"])
    with pytest.raises(TextRefused) as caught:
        next(rows)
    assert str(caught.value) == (
        "line 3: a field is longer than 131072 characters, the most a field holds"
    )


@dataclass(frozen=True)
class Seat:
    table: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Command:
    session: int
    seats: tuple[Seat, ...]
    other: int = 0
    flag: bool = True
    note: str = "9" * 50


LIMITS = {"session": limits.SESSION, "table": limits.TABLE, "boards": limits.BOARD}


def test_a_commands_numbers_are_each_held_to_their_fields_limit() -> None:
    check_numbers(Command(session=1, seats=(Seat(999, (1, 9999)),)), LIMITS)
    with pytest.raises(OutOfBounds) as caught:
        check_numbers(Command(session=1, seats=(Seat(1, (1, 10**22)),)), LIMITS)
    assert (caught.value.code, caught.value.field, caught.value.value) == (
        "out_of_bounds",
        "seats.0.boards.1",
        "10000000000000000000000",
    )
    with pytest.raises(OutOfBounds) as caught:
        check_numbers(Command(session=1, seats=(), other=2**31), LIMITS)
    assert caught.value.message == (
        "number 2147483648 is not between -2147483648 and 2147483647 "
        "(the most an integer column stores)"
    )
