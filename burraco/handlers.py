"""Burraco command handlers on the one command path (``eventstore.commands``).

A burraco tournament is two streams (decision 0120): the tournament stream
holds its identity, officials and entries, as for bridge; the burraco stream
holds its settings, lines, positions, sheets and standings windows. Creating
one appends to both in one transaction; every later command is decided on
the burraco stream with the entries read from the tournament stream.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from burraco import domain as burraco
from eventstore.commands import PendingAppend, StreamCache, execute
from eventstore.store import AppendResult, Metadata, NewDeadline
from tournaments import handlers as tournaments
from tournaments.domain import tournament

__all__ = ["BURRACO", "create_burraco", "handle_burraco", "load_burraco"]

BURRACO = StreamCache(burraco.evolve, burraco.INITIAL, size=64)

# Every table's sheet goes to the tournament's one stream (decision 0120):
# with a client per table, a lost compare-and-set is another table's sheet
# stored, so a command is decided again until it is stored or refused;
# the bound only stops a runaway.
CONFLICT_RETRIES = 1000


def load_burraco(tournament_id: UUID) -> burraco.BurracoState:
    """The burraco stream's state, from the process cache."""
    return BURRACO.load(burraco.stream_id(tournament_id))[1]


def _check_deadlines(events: list[Any]) -> list[NewDeadline]:
    """The final standings open the Art. 20 check: the sweeper closes it."""
    return [
        NewDeadline(
            kind="burraco_standings_check",
            due_at=event.check_deadline,
            on_due=burraco.StandingsFinal(check_deadline=event.check_deadline),
        )
        for event in events
        if isinstance(event, burraco.FinalStandingsPublished)
    ]


def create_burraco(
    tournament_id: UUID,
    create: tournament.CreateTournament,
    settings: burraco.OpenBurraco,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Create the tournament and open its burraco stream, together or not at all."""

    def opened(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        stream = burraco.stream_id(tournament_id)
        version, state = BURRACO.load(stream)
        decided = burraco.decide(state, settings, create.starts_at)
        return [PendingAppend(stream, burraco.STREAM_TYPE, decided, version, metadata)]

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        tournaments.TOURNAMENTS,
        lambda state, now: tournament.decide(state, create, now),
        metadata=metadata,
        request=(create, settings),
        idempotency_key=idempotency_key,
        also=opened,
    )


def handle_burraco(
    tournament_id: UUID,
    command: burraco.BurracoCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult | None:
    """Decide a command on the burraco stream against database time."""
    entries: tuple[int, ...] = ()
    if isinstance(command, burraco.FormLines):
        state = tournaments.load_tournament(tournament_id)
        entries = tuple(state.entries)
    return execute(
        burraco.stream_id(tournament_id),
        burraco.STREAM_TYPE,
        BURRACO,
        lambda state, now: burraco.decide(state, command, now, entries=entries),
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        deadlines=_check_deadlines,
        retries=CONFLICT_RETRIES,
    )
