"""Issue 16, item 5, over real HTTP: a correction after the period (Law 79C2)
needs the organizer's approval, given by the organizer's own account (an
office of its own on the event) and recorded as its own event; a director
cannot approve his own correction (decision 0119)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.http import HttpClient
from tests.support.pairs_event import enter_all, make_tournament, seat_pairs
from tests.support.server import Server
from tournaments.domain import board_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
BOARD = "/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/"


def _user(**grant: dict[str, Any]) -> Any:
    user = get_user_model().objects.create_user(f"l-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def test_only_the_organizers_account_approves_a_late_correction(
    server: Server,
) -> None:
    staff = HttpClient(server.url, _user(federation_staff={}))
    tid = make_tournament(  # type: ignore[arg-type]
        staff, timedelta(hours=-1), inadmissible_minutes=0, appeal_minutes=0
    )
    director = HttpClient(
        server.url, _user(chief_director={"tournament_id": uuid.UUID(tid)})
    )
    seat_pairs(staff, tid, {}, timedelta(minutes=-1))  # type: ignore[arg-type]
    enter_all(director, tid)  # type: ignore[arg-type]
    published = director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert published.status_code == 201
    board = BOARD.format(tid=tid)
    correction = {"contract": "4SN", "tricks": 9, "reason": "recount"}

    # The director's own "approval" flag is no longer an approval.
    flagged = director.post(
        f"{board}corrections/", {**correction, "organizer_approval": True}
    )
    assert (flagged.status_code, flagged.json()["code"], flagged.json()["law"]) == (
        409,
        "correction_period_closed",
        "Norme integrative FIGB Art. N-L79",  # a FIGB pairs event's period
    )
    # Nor may a director (or staff) give the organizer's approval.
    for caller in (director, staff):
        denied = caller.post(f"{board}late-correction-approvals/", {"reason": "x"})
        assert (denied.status_code, denied.json()["detail"]) == (
            403,
            "only the organizer's account of this tournament approves a late "
            "correction (Law 79C2)",
        )

    organizer_user = _user()
    appointed = staff.post(
        f"/api/v1/tournaments/{tid}/officials/",
        {
            "username": organizer_user.username,
            "role": "organizer",
            "name": "ASD Bridge",
        },
    )
    assert appointed.status_code == 201, appointed.json()
    organizer = HttpClient(server.url, organizer_user)
    approved = organizer.post(
        f"{board}late-correction-approvals/", {"reason": "the scorer's slip"}
    )
    assert approved.status_code == 201, approved.json()
    stream = board_result.stream_id(uuid.UUID(tid), 1, 1, 1)
    last = event_store().read_stream(stream).events[-1]
    assert last.event == board_result.LateCorrectionApproved(
        by=f"user:{organizer_user.pk}", reason="the scorer's slip"
    )
    assert last.metadata["actor"] == f"user:{organizer_user.pk}"

    corrected = director.post(f"{board}corrections/", correction)
    assert corrected.status_code == 201, corrected.json()
    [event] = [
        e.event
        for e in event_store().read_stream(stream).events
        if isinstance(e.event, board_result.ResultCorrected)
    ]
    assert event.after_period is True
    # One approval, one correction.
    again = director.post(f"{board}corrections/", {**correction, "tricks": 8})
    assert (again.status_code, again.json()["code"]) == (
        409,
        "correction_period_closed",
    )
