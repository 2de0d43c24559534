"""A player's stream (split out of the package in the next step)."""

from registry.domain import PlayerCategory, PlayerState, UnknownPlayer

__all__ = ["PlayerCategory", "PlayerState", "UnknownPlayer"]
