"""Each table command documents its own request body in the OpenAPI schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PLAY = "/api/v1/tournaments/{tournament_id}/sessions/{session}/tables/{table}/boards/{board_number}/play/"
BODIES = {
    "start/": "StartBoardInput",
    "calls/": "MakeCallInput",
    "alerts/": "MakeAlertInput",
    "explanations/": "GiveExplanationInput",
    "cards/": "PlayCardInput",
    "claims/": "ClaimTricksInput",
    "claim-responses/": "RespondToClaimInput",
    "claim-adjudications/": "AdjudicateClaimInput",
    "defective-tricks/": "RectifyDefectiveTrickInput",
    "dummy-designations/": "DesignateDummyCardInput",
    "rectifications/": "ChooseRectificationInput",
}


def test_every_table_command_documents_its_own_body() -> None:
    """One view per operation (STYLE §2.7), each with its own input: a card
    play is documented as a seat and a card, not as the last command's body."""
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    documented = {
        step: schema["paths"][PLAY + step]["post"]["requestBody"]["content"][
            "application/json"
        ]["schema"]["$ref"].rsplit("/", 1)[-1]
        for step in BODIES
    }
    assert documented == BODIES
    card = schema["components"]["schemas"]["PlayCardInput"]
    assert set(card["properties"]) == {"seat", "card"}
