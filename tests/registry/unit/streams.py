"""Pure helpers: registered players and replayed streams."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from uuid import UUID

from registry.domain import (
    PLAYER_INITIAL,
    PlayerCategory,
    PlayerForgotten,
    PlayerRegistered,
    PlayerState,
    evolve_player,
    fold,
)

T0 = datetime(2026, 3, 1, 14, 0, tzinfo=UTC)


def registered(*, forgotten: bool = False) -> tuple[UUID, PlayerState]:
    player_id = uuid.uuid4()
    events: list[PlayerRegistered | PlayerForgotten] = [
        PlayerRegistered(player_id=player_id, category=PlayerCategory.SECOND_HEARTS)
    ]
    if forgotten:
        events.append(PlayerForgotten(player_id=player_id))
    return player_id, fold(evolve_player, PLAYER_INITIAL, events)


def roster(n: int) -> dict[UUID, PlayerState]:
    return dict(registered() for _ in range(n))


def ids(players: Iterable[UUID]) -> list[UUID]:
    return list(players)
