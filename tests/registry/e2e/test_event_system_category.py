"""An event's App1 category: a pair enters only with a card checked for it."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.registry.e2e.conftest import API, MARKS
from tests.registry.e2e.test_pairs_api import CATEGORY_2_PAIRS, GREEN_CARD, form_pair

pytestmark = MARKS


def test_a_pair_without_a_card_for_the_category_cannot_enter(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    """FIGB Appendix 1 §4: pairs declare their system for the event's category."""
    tid = str(uuid.uuid4())
    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Campionato",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": event_store().now().isoformat(),
            "system_category": 2,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    pair_id, players = form_pair(staff, register_player)
    entry = {"number": 1, "entry_id": pair_id, "player_ids": players}
    refused = staff.post(f"/api/v1/tournaments/{tid}/entries/", entry, format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "system_not_declared"
    assert refused.json()["law"] == "FIGB Appendix 1 Art. 4"
    declared = staff.post(
        f"{API}/pairs/{pair_id}/convention-cards/",
        {"card": GREEN_CARD, "context": CATEGORY_2_PAIRS},
        format="json",
    )
    assert declared.status_code == 201, declared.json()
    accepted = staff.post(f"/api/v1/tournaments/{tid}/entries/", entry, format="json")
    assert accepted.status_code == 201, accepted.json()
