"""Events used only by the event-store tests (no bridge here)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar
from uuid import UUID


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    name: str
    weight: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Pinged:
    event_type: ClassVar[str] = "test.pinged"
    schema_version: ClassVar[int] = 2

    n: int
    note: str = ""  # added in v2; v1 payloads carry "text" instead


@dataclass(frozen=True, slots=True, kw_only=True)
class Rich:
    event_type: ClassVar[str] = "test.rich"
    schema_version: ClassVar[int] = 1

    ref: UUID
    at: datetime
    colour: Colour
    items: tuple[Item, ...]
    maybe: int | None = None
    pair: tuple[str, int] = ("a", 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class WindowOpened:
    event_type: ClassVar[str] = "test.window_opened"
    schema_version: ClassVar[int] = 1

    due_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class WindowClosed:
    event_type: ClassVar[str] = "test.window_closed"
    schema_version: ClassVar[int] = 1

    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Echoed:
    """What the test process manager appends for each ``Pinged``."""

    event_type: ClassVar[str] = "test.echoed"
    schema_version: ClassVar[int] = 1

    n: int


def _pinged_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    new = {k: v for k, v in data.items() if k != "text"}
    new["note"] = data.get("text", "")
    return new


EVENT_TYPES = (Pinged, Rich, WindowOpened, WindowClosed, Echoed)
UPCASTERS = {"test.pinged": {1: _pinged_v1_to_v2}}
