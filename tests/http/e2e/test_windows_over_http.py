"""Law 79C windows enforced at their instant over real HTTP, in Europe/Rome,
on both sides of the 2026 daylight-saving changes (issue 11, defect 5).

The server process reads the same pinned clock as the test (written to its
clock file, ``tests/support/wsgi.py``); a director's correction after
publication (FIGB N-L79, Law 79C) is admitted a second before the deadline
and at its instant, which the period still holds (decision 0218), and
refused naming FIGB N-L79 (the norm that sets a FIGB pairs
session's periods) a second after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from tests.eventstore.integration.test_deadlines_in_utc import (
    ENDS,
    clock,  # noqa: F401 - the pinned clock fixture
    published_session,
)
from tests.support.http import HttpClient
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def pinned(server: Server) -> Iterator[Server]:
    """The server, its clock back to real time after the test."""
    yield server
    server.pin(None)


@pytest.mark.parametrize("case", list(ENDS))
def test_a_correction_is_admitted_at_its_instant_and_refused_a_second_later(
    case: str,
    clock: list[datetime],  # noqa: F811
    pinned: Server,
) -> None:
    local = datetime.fromisoformat(ENDS[case][0])
    instant = datetime.fromisoformat(ENDS[case][1]).replace(tzinfo=UTC)
    tid = published_session(local, clock, with_result=True)
    user = get_user_model().objects.create_user(f"td-{case.replace(' ', '-')}")
    RoleGrant.objects.create(
        user=user, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    director = HttpClient(pinned.url, user)
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    for at, tricks in ((instant - timedelta(seconds=1), 9), (instant, 10)):
        clock[0] = at
        pinned.pin(clock[0])
        admitted = director.post(
            base + "boards/1/tables/1/corrections/",
            {"contract": "4SN", "tricks": tricks, "reason": "scorer's slip"},
        )
        assert admitted.status_code == 201, admitted.json()
    clock[0] = instant + timedelta(seconds=1)
    pinned.pin(clock[0])
    late = director.post(
        base + "boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 11, "reason": "scorer's slip"},
    )
    assert late.status_code == 409, late.json()
    # A FIGB pairs session: N-L79 sets its periods.
    assert (late.json()["code"], late.json()["law"]) == (
        "correction_period_closed",
        "Norme integrative FIGB Art. N-L79",
    )
