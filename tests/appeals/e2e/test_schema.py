"""The appeal endpoints are in the OpenAPI schema with their error responses."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

STEPS = [
    "/api/v1/appeals/",
    "/api/v1/appeals/{appeal_id}/concurrence/",
    "/api/v1/appeals/{appeal_id}/deposit/",
    "/api/v1/appeals/{appeal_id}/referral/",
    "/api/v1/appeals/{appeal_id}/hearing/",
    "/api/v1/appeals/{appeal_id}/hearing/minutes/",
    "/api/v1/appeals/{appeal_id}/reports/",
    "/api/v1/appeals/{appeal_id}/decision/",
    "/api/v1/appeals/{appeal_id}/withdrawal/",
    "/api/v1/appeals/{appeal_id}/further-appeal/notice/",
    "/api/v1/appeals/{appeal_id}/further-appeal/",
    "/api/v1/appeals/{appeal_id}/further-appeal/decision/",
]


def test_every_step_documents_its_409_and_422() -> None:
    """Errors are part of the contract (STYLE §2.7, RFC 9457)."""
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    for path in STEPS:
        responses = schema["paths"][path]["post"]["responses"]
        assert {"201", "403", "409", "422"} <= set(responses), path
    assert "get" in schema["paths"]["/api/v1/appeals/{appeal_id}/"]
    assert "get" in schema["paths"]["/api/v1/tournaments/{tournament_id}/appeals/"]
