"""Players on the register, as tests need them (decision 0083: an entry names
registered players).

``registered_facts`` gives a pure ``decide`` the register's facts for an
entry's players; ``register_players`` puts players on the register through
the registry's handler (one append each) for tests that run the shell.
"""

from __future__ import annotations

import uuid
from uuid import UUID

from registry.domain import PlayerCategory, PlayerState
from tournaments.domain import tournament


def registered_facts(command: object) -> dict[UUID, PlayerState]:
    """Every player an ``EnterPair`` names, as a registered player."""
    if not isinstance(command, tournament.EnterPair):
        return {}
    return {
        p: PlayerState(player_id=p, category=PlayerCategory.NOT_CLASSIFIED)
        for p in command.player_ids
    }


def register_players(count: int) -> list[str]:
    """Register ``count`` new players; return their ids as text."""
    from eventstore.store import Metadata
    from registry.handlers import Identity, register_player

    ids = []
    for _ in range(count):
        number = str(uuid.uuid4().int)[:12]
        player_id, _result = register_player(
            Identity(federation_number=number, family_name="Rossi", given_name="Ada"),
            PlayerCategory.NOT_CLASSIFIED,
            metadata=Metadata(actor="system:tests"),
        )
        ids.append(str(player_id))
    return ids


def new_player() -> UUID:
    """Register one new player; return the id."""
    return UUID(register_players(1)[0])
