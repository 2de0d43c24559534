"""Where the register meets the apps that use it: the one module they import.

A tournament needs two facts from the federation's register, both read from
the streams (never from the read model, which may lag): the state of each
player an entry names (decision 0083), and the FIGB Appendix 1 categories a
pair's convention cards were checked for (an event of category N admits a
pair whose card was checked for N). The demo registers its players here too.

The pure tournament domain, which may import no shell, meets the register in
``registry.domain.players`` only: a player's state and the refusal of an
unknown player. import-linter holds both rules (decision 0087).
"""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID

from registry.domain.players import PlayerCategory, PlayerState, UnknownPlayer
from registry.handlers import (
    Identity,
    load_pair,
    load_player,
    player_states,
    register_player,
)
from registry.models import PlayerIdentity

__all__ = [
    "Identity",
    "PlayerCategory",
    "PlayerState",
    "UnknownPlayer",
    "declared_categories",
    "load_player",
    "player_names",
    "player_states",
    "register_player",
]


def declared_categories(pair_id: UUID) -> tuple[int, ...]:
    """The App1 categories the registered pair's convention cards were checked for."""
    state, _ = load_pair(pair_id)
    return tuple(int(card.category) for card in state.cards)


def player_names(player_ids: Iterable[UUID]) -> dict[UUID, tuple[str, str]]:
    """Each registered player's name and federation number, for a results
    file (issue 15). Names live only in the identity table, never in events;
    a player the register does not know (an imported one) is absent."""
    return {
        identity.player_id: (
            f"{identity.given_name} {identity.family_name}".strip(),
            identity.federation_number,
        )
        for identity in PlayerIdentity.objects.filter(player_id__in=list(player_ids))
    }
