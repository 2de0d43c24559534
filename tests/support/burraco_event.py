"""A burraco tournament opened through the handlers, as the API opens one
(decision 0120): the tournament and burraco streams, the pairs entered with
the players given, the lines formed."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from uuid import UUID

from burraco import domain as b
from burraco.handlers import create_burraco, handle_burraco
from eventstore.store import Metadata, event_store
from tournaments.domain import tournament
from tournaments.handlers import handle_tournament


def open_burraco(
    pairs: Sequence[tuple[UUID, UUID]],
    *,
    hands_per_turn: int,
    turns: int,
    name: str = "Burraco",
    form: b.EntryForm = b.EntryForm.PAIRS,
) -> tuple[UUID, Metadata]:
    """A new burraco event whose pair n (from 1) are ``pairs[n - 1]`` (an
    individual or giallo event: one player each)."""
    tid = uuid.uuid4()
    meta = Metadata(actor="system:tests", tournament_id=tid)
    create_burraco(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name=name,
            game=tournament.Game.BURRACO,
            form=tournament.Form.INDIVIDUAL if form.singles else tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            windows=tournament.WindowRules(),
            starts_at=event_store().now(),
        ),
        b.OpenBurraco(
            tournament_id=tid, hands_per_turn=hands_per_turn, turns=turns, form=form
        ),
        metadata=meta,
    )
    for number, players in enumerate(pairs, start=1):
        handle_tournament(
            tid,
            tournament.EnterPair(
                number=number, entry_id=uuid.uuid4(), player_ids=tuple(players)
            ),
            metadata=meta,
        )
    handle_burraco(tid, b.FormLines(), metadata=meta)
    return tid, meta
