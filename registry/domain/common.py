"""What the register's three streams share: the refusals' bases, the pair
ids' namespace, the fold.

A refusal the rules forbid is a ``RegistryViolation`` (HTTP 422); one the
register's current state forbids now is a ``RegistryConflict`` (HTTP 409).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, TypeVar
from uuid import UUID

from rules.errors import RuleViolation, StateConflict

__all__ = [
    "FIGB_NORMS",
    "REGISTRY_NAMESPACE",
    "NothingChanges",
    "RegistryConflict",
    "RegistryViolation",
    "fold",
]

REGISTRY_NAMESPACE = UUID("0b7d3c1e-5a0f-4e8e-9f6b-2c4d8a1e7f35")
FIGB_NORMS = "Norme integrative FIGB"


# A refusal's class may name the Law or article it applies as ``law`` (the
# ``DomainError`` attribute); a ``law=`` given where it is raised wins.


class RegistryViolation(RuleViolation):
    """A registration the rules forbid (HTTP 422)."""

    code: ClassVar[str] = "registry_violation"


class RegistryConflict(StateConflict):
    """The registry's current state forbids the command now (HTTP 409)."""

    code: ClassVar[str] = "registry_conflict"


class NothingChanges(RegistryConflict):
    """The command would record what is already recorded."""

    code: ClassVar[str] = "nothing_changes"


S = TypeVar("S")
E = TypeVar("E")


def fold(evolve: Callable[[S, E], S], initial: S, events: Iterable[E]) -> S:
    """Replay events through ``evolve`` from ``initial``."""
    state = initial
    for event in events:
        state = evolve(state, event)
    return state
