"""Time-ordered event ids (UUID version 7, RFC 9562 §5.7).

Every stored event's id has a unique index. Random (version 4) ids land on a
random leaf of that index, so once the index outgrows memory each append
reads a cold page and, after a checkpoint, writes it whole to the WAL.
Version 7 ids begin with the time in milliseconds, so appends fill the
index's right edge, as the global position's index does. The 12 bits after
the version hold the time within the millisecond (RFC 9562 §6.2, method 3);
62 random bits follow, from the operating system's generator.
"""

from __future__ import annotations

import os
import time
import uuid

__all__ = ["uuid7"]


def uuid7(ns: int | None = None) -> uuid.UUID:
    """A version 7 UUID for the time ``ns`` (nanoseconds since the epoch, now by default)."""
    now = time.time_ns() if ns is None else ns
    millis, within = divmod(now, 1_000_000)
    fraction = within * 4096 // 1_000_000  # 12 bits of the millisecond
    random = int.from_bytes(os.urandom(8)) & ((1 << 62) - 1)
    value = (
        (millis & ((1 << 48) - 1)) << 80
        | 0x7 << 76
        | fraction << 64
        | 0b10 << 62
        | random
    )
    return uuid.UUID(int=value)
