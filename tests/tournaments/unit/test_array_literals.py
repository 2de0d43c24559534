"""Columns written as one PostgreSQL array literal (``array_literal``, issue
13): every text quoted and escaped, so no text reads back as another value
(PostgreSQL, "Array Value Input")."""

from __future__ import annotations

import enum
from decimal import Decimal
from uuid import UUID

import pytest

from tournaments.projection_writes import array_literal

SID = UUID("0190c0de-89ab-7cde-8f01-23456789abcd")


class Kind(enum.StrEnum):
    FOULED = "fouled"


class Old(str, enum.Enum):  # noqa: UP042 (the mixin is the point)
    """A ``str`` mixed into an ``Enum``: its ``str()`` is ``Old.LATE``."""

    LATE = "late"


class Seat(enum.IntEnum):
    NORTH = 1


def test_numbers_uuids_booleans_and_nulls_are_bare() -> None:
    assert array_literal(
        [1, -7, 0, Decimal("12.50"), Decimal("-0.01"), Decimal("1E+2"), SID]
    ) == ("{1,-7,0,12.50,-0.01,1E+2,0190c0de89ab7cde8f0123456789abcd}")
    assert array_literal([True, False, None]) == "{t,f,NULL}"


def test_an_empty_column_is_an_empty_array() -> None:
    assert array_literal([]) == "{}"


@pytest.mark.parametrize(
    ("text", "element"),
    [
        ("3NTS", '"3NTS"'),
        ("", '""'),
        ("NULL", '"NULL"'),
        ("null", '"null"'),
        ('say "pass"', '"say \\"pass\\""'),
        ("a\\b", '"a\\\\b"'),
        ("\\", '"\\\\"'),
        ('\\"', '"\\\\\\""'),
        ("{1,2}", '"{1,2}"'),
        ("a,b", '"a,b"'),
        ("  spaced  ", '"  spaced  "'),
        ("line\nbreak\ttab", '"line\nbreak\ttab"'),
        ("Sì ♠♥♦♣ 黒", '"Sì ♠♥♦♣ 黒"'),
        ("'", '"\'"'),
    ],
)
def test_text_is_quoted_and_escaped(text: str, element: str) -> None:
    assert array_literal([text]) == "{" + element + "}"


def test_enum_members_are_written_as_the_value_they_are() -> None:
    assert array_literal([Kind.FOULED, Old.LATE, Seat.NORTH]) == ('{"fouled","late",1}')


def test_a_value_with_no_element_form_is_refused() -> None:
    with pytest.raises(TypeError) as refused:
        array_literal([1, 2.5])
    assert str(refused.value) == "no array element for float: 2.5"
