"""Replay of complete boards through the bridge rules engine (issue 3).

Builds N complete boards (auction and 52 cards, through ``decide``) as event
lists, JSON-encodes them (dataclass -> dict, ``str()`` for Card/Call/Deal),
then times:

(a) the anchor: decoding the JSON back into event objects, without applying;
(b) the figure: decoding plus replaying each board through ``evolve`` to its
    result.

Both are timed in process CPU time, alternately, best of five.

Goal: applying costs no more than 3x decoding, i.e. ratio (b)/(a) <= 3.
Pure: no Django, no database. ``BENCH_BOARDS`` (default 500) sets N.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sys
import time
import types
import typing
from collections.abc import Callable
from datetime import UTC, datetime
from enum import Enum
from typing import Any
from uuid import UUID

from rules.bridge import Card, Deal, parse_call, random_deal
from rules.bridge.call import Call
from rules.errors import LawRef
from tournaments.domain.board_play import (
    EVENT_TYPES,
    BoardPhase,
    BoardPlayEvent,
    evolve,
)
from tournaments.domain.board_play.aggregate import INITIAL, decide, replay
from tournaments.domain.board_play.commands import MakeCall, PlayCard, StartBoard

__all__ = ["build_board", "decode", "encode", "main"]

T0 = datetime(2025, 3, 1, 15, 0, tzinfo=UTC)
_BY_TYPE = {cls.event_type: cls for cls in EVENT_TYPES}


# --- codec ------------------------------------------------------------------


def _encode_value(value: object) -> object:
    if value is None or isinstance(value, bool | int | str):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, LawRef):
        return value.law
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_encode_value(item) for item in value]
    # Card, Call, Deal, UUID: their canonical text.
    return str(value)


def encode(event: BoardPlayEvent) -> dict[str, object]:
    """Return a JSON-able dict: the registry name and each field's value."""
    data: dict[str, object] = {"type": event.event_type}
    for field in dataclasses.fields(event):
        data[field.name] = _encode_value(getattr(event, field.name))
    return data


def _converter(annotation: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        inner = _converter(args[0])
        return lambda raw: None if raw is None else inner(raw)
    if origin is tuple:
        item = _converter(typing.get_args(annotation)[0])
        return lambda raw: tuple(item(x) for x in raw)
    if annotation is Card:
        return Card.parse
    if annotation is Deal:
        return Deal.from_pbn
    if annotation is LawRef:
        return LawRef
    if annotation is UUID:
        return UUID
    if annotation is datetime:
        return datetime.fromisoformat
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return annotation
    return lambda raw: raw


def _decoders() -> dict[
    str, tuple[type[BoardPlayEvent], tuple[tuple[str, Callable[[Any], Any]], ...]]
]:
    out = {}
    for cls in EVENT_TYPES:
        hints = typing.get_type_hints(cls)
        fields = []
        for field in dataclasses.fields(cls):
            hint = hints[field.name]
            convert = parse_call if hint == Call else _converter(hint)
            fields.append((field.name, convert))
        out[cls.event_type] = (cls, tuple(fields))
    return out


_DECODERS = _decoders()


def decode(data: dict[str, Any]) -> BoardPlayEvent:
    """Return the event a dict from :func:`encode` describes."""
    cls, fields = _DECODERS[data["type"]]
    return cls(**{name: convert(data[name]) for name, convert in fields})


# --- boards -----------------------------------------------------------------


def build_board(rng: random.Random, board_number: int = 1) -> list[BoardPlayEvent]:
    """Return the events of one board played to the end with legal calls and cards."""
    state = INITIAL
    events: list[BoardPlayEvent] = []

    def apply(command: Any) -> None:
        nonlocal state
        for event in decide(state, command, T0):
            state = evolve(state, event)
            events.append(event)

    table = UUID(int=rng.getrandbits(128))
    apply(
        StartBoard(
            table_id=table, board_number=board_number, deal=random_deal(rng), at=T0
        )
    )
    while state.phase is BoardPhase.AUCTION:
        turn = state.turn
        assert turn is not None
        calls = state.legal_calls()
        bids = [c for c in calls if str(c) not in ("P", "X", "XX")]
        call = rng.choice(bids[:6]) if bids and rng.random() < 0.45 else parse_call("P")
        apply(MakeCall(seat=turn, call=call, at=T0))
    while state.phase is BoardPhase.PLAY:
        turn = state.turn
        assert turn is not None
        apply(PlayCard(seat=turn, card=rng.choice(sorted(state.legal_cards())), at=T0))
    return events


def _played_boards(count: int, rng: random.Random) -> list[list[BoardPlayEvent]]:
    boards: list[list[BoardPlayEvent]] = []
    while len(boards) < count:
        events = build_board(rng, board_number=len(boards) % 32 + 1)
        if any(type(e).__name__ == "CardPlayed" for e in events):
            boards.append(events)
    return boards


def main() -> int:
    count = int(os.environ.get("BENCH_BOARDS", "500"))
    rng = random.Random(20250301)
    boards = _played_boards(count, rng)
    payload = [json.dumps([encode(e) for e in events]) for events in boards]
    events_total = sum(len(events) for events in boards)

    def decode_all() -> list[list[BoardPlayEvent]]:
        return [[decode(item) for item in json.loads(text)] for text in payload]

    def replay_all() -> int:
        made = 0
        for text in payload:
            state = replay(decode(item) for item in json.loads(text))
            result = state.result
            assert result is not None
            made += result.tricks_made or 0
        return made

    assert decode_all() == boards
    decode_time, replay_time = _interleaved(decode_all, replay_all)
    anchor = count / decode_time
    figure = count / replay_time
    print(
        f"# {count} boards, {events_total} events ({events_total / count:.1f} per board)"
    )
    print(
        f"replay (decode + evolve to result): {figure:.0f} boards/s"
        f" | anchor decode only: {anchor:.0f} boards/s"
        f" | ratio {replay_time / decode_time:.2f}"
    )
    return 0


def _interleaved(
    anchor: Callable[[], object], figure: Callable[[], object], repeats: int = 5
) -> tuple[float, float]:
    """Return the best CPU time of each, measured alternately.

    Process CPU time and alternation keep other work on a shared machine
    from skewing the ratio.
    """
    best_anchor = best_figure = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        anchor()
        best_anchor = min(best_anchor, time.process_time() - start)
        start = time.process_time()
        figure()
        best_figure = min(best_figure, time.process_time() - start)
    return best_anchor, best_figure


if __name__ == "__main__":
    sys.exit(main())
