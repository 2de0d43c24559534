"""Boards tests: a 6-pair Mitchell session playing boards 1-6, with a director."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.support.pairs_event import (
    client_for,
    make_tournament,
    seat_pairs,
)

FIXTURE = Path(__file__).parents[2] / "fixtures" / "pbn" / "hand_records_session1.pbn"


@dataclass
class Event:
    tid: str
    director: APIClient
    player: APIClient
    url: str  # .../sessions/1/


@pytest.fixture(autouse=True)
def _no_broker(settings: object) -> None:
    """Analysis is run in-process by the tests, not queued on the broker."""
    settings.ARBITRO_DOUBLE_DUMMY_ON_RECORD = False  # type: ignore[attr-defined]


@pytest.fixture
def event() -> Event:
    staff, _ = client_for("boards-staff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("boards-td", chief_director={"tournament_id": tid})
    player, _ = client_for("boards-player", player={"player_id": uuid.uuid4()})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    return Event(tid, director, player, f"/api/v1/tournaments/{tid}/sessions/1/")


@pytest.fixture
def fixture_pbn() -> str:
    return FIXTURE.read_text(encoding="iso-8859-1")
