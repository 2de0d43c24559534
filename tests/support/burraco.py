"""A burraco tournament with its pairs entered, through the handlers."""

from __future__ import annotations

import uuid
from typing import Any, TypeVar
from uuid import UUID

from burraco import domain as b
from burraco.handlers import create_burraco
from eventstore.store import Metadata, event_store
from tests.support.players import register_players
from tournaments.domain import tournament
from tournaments.handlers import handle_tournament

__all__ = ["last_event", "open_tournament", "teams_tournament"]

E = TypeVar("E")


def last_event(tournament_id: UUID, kind: type[E]) -> E:
    """The tournament stream's last event of ``kind``, as recorded."""
    found = [
        r.event
        for r in event_store().read_stream(b.stream_id(tournament_id)).events
        if isinstance(r.event, kind)
    ]
    return found[-1]


def open_tournament(pairs: int, **settings: Any) -> tuple[UUID, Metadata]:
    """Create a burraco pairs tournament with ``settings`` (``OpenBurraco``'s;
    two hands and one turn unless given) and enter ``pairs`` registered pairs
    numbered 1 on; return its id and the tests' metadata. With ``form``
    individual or giallo, each entry is one registered player (Art. 2)."""
    alone = settings.get("form") in (b.EntryForm.INDIVIDUAL, b.EntryForm.GIALLO)
    tid = uuid.uuid4()
    meta = Metadata(actor="system:tests", tournament_id=tid)
    create_burraco(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="Burraco",
            game=tournament.Game.BURRACO,
            form=tournament.Form.INDIVIDUAL if alone else tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            windows=tournament.WindowRules(),
            starts_at=event_store().now(),
        ),
        b.OpenBurraco(
            tournament_id=tid, **{"hands_per_turn": 2, "turns": 1, **settings}
        ),
        metadata=meta,
    )
    for number in range(1, pairs + 1):
        handle_tournament(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid4(),
                player_ids=tuple(UUID(p) for p in register_players(1 if alone else 2)),
            ),
            metadata=meta,
        )
    return tid, meta


def teams_tournament(
    teams: int, turns: int = 2
) -> tuple[UUID, Metadata, dict[int, list[UUID]]]:
    """A burraco teams tournament (two hands a turn) with ``teams`` teams of
    five registered players; its id, the metadata and each team's players."""
    tid = uuid.uuid4()
    meta = Metadata(actor="system:tests", tournament_id=tid)
    create_burraco(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="Burraco a squadre",
            game=tournament.Game.BURRACO,
            form=tournament.Form.TEAMS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            windows=tournament.WindowRules(),
            starts_at=event_store().now(),
        ),
        b.OpenBurraco(
            tournament_id=tid, hands_per_turn=2, turns=turns, form=b.EntryForm.TEAMS
        ),
        metadata=meta,
    )
    players = {}
    for number in range(1, teams + 1):
        players[number] = [UUID(p) for p in register_players(5)]
        handle_tournament(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid4(),
                player_ids=tuple(players[number]),
            ),
            metadata=meta,
        )
    return tid, meta, players
