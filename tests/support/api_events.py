"""Build an event over the API: created by staff, a chief director granted,
entries numbered from 1 (each with ``players_each`` new players)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.support.pairs_event import client_for
from tests.support.players import register_players


def event_with_entries(
    label: str,
    *,
    form: str,
    scoring: str,
    entries: int,
    players_each: int,
    **creation: object,
) -> tuple[str, APIClient, APIClient]:
    """Return the tournament id, the staff client and the director client
    (``creation``: more of the creation's fields, e.g. ``scoring_rules``)."""
    staff, _ = client_for(f"{label}-staff", federation_staff={})
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": label,
            "form": form,
            "scoring": scoring,
            "starts_at": event_store().now().isoformat(),
            **creation,
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    director, _ = client_for(f"{label}-td", chief_director={"tournament_id": tid})
    for number in range(1, entries + 1):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {
                "number": number,
                "player_ids": register_players(players_each),
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
    return tid, staff, director


def schedule_session(
    client: APIClient,
    tid: str,
    session: int,
    *,
    hours: int = 1,
    starts_in: timedelta = timedelta(0),
    **movement: object,
) -> Any:
    """POST a session of ``movement`` (name and its fields), starting now
    (or ``starts_in`` from now)."""
    now = event_store().now() + starts_in
    return client.post(
        f"/api/v1/tournaments/{tid}/sessions/",
        {
            "session": session,
            "starts_at": now.isoformat(),
            "ends_at": (now + timedelta(hours=hours)).isoformat(),
            **movement,
        },
        format="json",
    )
