"""What ``array_literal`` writes, PostgreSQL reads back as the very values
(issue 13): any text, NULLs, numerics, integers, booleans and UUIDs, through
a cast and through the result rows' set-based writes."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import ResultRow
from tournaments.projection_writes import array_literal
from tournaments.result_rows import write_figures, write_rows

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

HOSTILE = [
    "",
    "NULL",
    "null",
    '"',
    "\\",
    '\\"',
    "{}",
    "{a,b}",
    "a,b",
    " x ",
    "it's",
    "line\nbreak",
    "Sì ♠♥♦♣ 黒 😀",
    "E'\\x41'",
]
# Any text PostgreSQL stores: every character but NUL (and the surrogates,
# which UTF-8 cannot encode).
TEXT = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\0"))


def _read(values: list[Any], kind: str) -> list[Any]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT %s::{kind}[]", [array_literal(values)])
        [(read,)] = cursor.fetchall()
    return list(read)


def test_hostile_text_and_nulls_read_back_as_written() -> None:
    assert _read([*HOSTILE, None], "text") == [*HOSTILE, None]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.none() | TEXT, max_size=8))
def test_any_text_reads_back_as_written(values: list[str | None]) -> None:
    assert _read(values, "text") == values


def test_numbers_booleans_and_uuids_read_back_as_written() -> None:
    ids = [uuid.uuid4(), None, uuid.uuid4()]
    decimals = [Decimal("12.50"), Decimal("-0.01"), Decimal("1E+2"), None]
    assert _read(ids, "uuid") == ids
    assert _read(decimals, "numeric") == [
        Decimal("12.50"),
        Decimal("-0.01"),
        Decimal("100"),
        None,
    ]
    assert _read([7, -3, None, 2**40], "bigint") == [7, -3, None, 2**40]
    assert _read([True, False, None], "boolean") == [True, False, None]


def test_the_result_rows_keep_hostile_text_and_their_figures() -> None:
    tid = uuid.uuid4()
    sids = [uuid.uuid4() for _ in HOSTILE]
    write_rows(
        {
            sid: {
                "tournament_id": tid,
                "session": 1,
                "board_number": 1,
                "table": n + 1,
                "ns": n + 1,
                "ew": n + 101,
                "contract": text,
                "lead": None if n % 2 else text,
                "tricks": 9,
                "score_ns": 400,
                "confirmed": n % 2 == 0,
            }
            for n, (sid, text) in enumerate(zip(sids, HOSTILE, strict=True))
        }
    )
    write_figures(
        {sid: (Decimal("3.50"), None, 12) for sid in sids[:2]}
        | {sids[2]: (Decimal("0.25"), Decimal("-1.00"), None)}
    )
    rows = {
        r["stream_id"]: r
        for r in ResultRow.objects.filter(tournament_id=tid).values(
            "stream_id", "contract", "lead", "confirmed", "mp_ns", "mp_ew", "top"
        )
    }
    assert [
        (
            rows[sid]["contract"],
            rows[sid]["lead"],
            rows[sid]["confirmed"],
        )
        for sid in sids
    ] == [(text, None if n % 2 else text, n % 2 == 0) for n, text in enumerate(HOSTILE)]
    assert [(rows[s]["mp_ns"], rows[s]["mp_ew"], rows[s]["top"]) for s in sids[:4]] == [
        (Decimal("3.50"), None, 12),
        (Decimal("3.50"), None, 12),
        (Decimal("0.25"), Decimal("-1.00"), None),
        (None, None, None),
    ]
