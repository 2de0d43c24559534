"""Where the register meets the apps that use it: the one module they import.

A tournament needs two facts from the federation's register, both read from
the streams (never from the read model, which may lag). The results site
reads the public face of players (name and club, or number only) and the
players of a club from the read model here too (decision 0113): the state of each
player an entry names (decision 0083), and the FIGB Appendix 1 categories a
pair's convention cards were checked for (an event of category N admits a
pair whose card was checked for N). The demo registers its players here too.

The pure tournament domain, which may import no shell, meets the register in
``registry.domain.players`` only: a player's state and the refusal of an
unknown player. import-linter holds both rules (decision 0087).
"""

from __future__ import annotations

from uuid import UUID

from registry.domain.players import PlayerCategory, PlayerState, UnknownPlayer
from registry.handlers import (
    Identity,
    ensure_club,
    load_pair,
    load_player,
    player_states,
    register_player,
)
from registry.selectors import PublicPerson, players_matching_club, public_people

__all__ = [
    "Identity",
    "PlayerCategory",
    "PlayerState",
    "PublicPerson",
    "UnknownPlayer",
    "declared_categories",
    "ensure_club",
    "load_player",
    "player_states",
    "players_matching_club",
    "public_people",
    "register_player",
]


def declared_categories(pair_id: UUID) -> tuple[int, ...]:
    """The App1 categories the registered pair's convention cards were checked for."""
    state, _ = load_pair(pair_id)
    return tuple(int(card.category) for card in state.cards)
