"""Event ids are UUID version 7 (RFC 9562): time first, so appends fill the
right edge of the event-id index."""

from __future__ import annotations

import time
import uuid

from hypothesis import given
from hypothesis import strategies as st

from eventstore.ids import uuid7

MAX_NS = (1 << 48) * 1_000_000 - 1  # the last millisecond 48 bits can hold


@given(st.integers(min_value=0, max_value=MAX_NS))
def test_the_id_is_version_7_and_carries_its_millisecond(ns: int) -> None:
    value = uuid7(ns)
    assert value.version == 7
    assert value.variant == uuid.RFC_4122
    assert value.int >> 80 == ns // 1_000_000


@given(
    st.integers(min_value=0, max_value=MAX_NS),
    st.integers(min_value=0, max_value=MAX_NS),
)
def test_ids_sort_by_time_to_the_4096th_of_a_millisecond(a: int, b: int) -> None:
    """RFC 9562 §6.2 method 3: 12 bits of the millisecond follow the version."""
    tick = 1_000_000 / 4096
    if abs(a - b) >= tick:
        assert (uuid7(a) < uuid7(b)) == (a < b)


def test_ids_made_in_one_instant_differ() -> None:
    assert len({uuid7(1_700_000_000_000_000_000) for _ in range(10_000)}) == 10_000


def test_ids_made_now_increase_across_milliseconds() -> None:
    first = uuid7()
    later = uuid7(time.time_ns() + 2_000_000)
    assert first < later
