"""Every people page and action refused to every role that may not have it.

Anonymous visitors are sent to the sign-in page (302); a signed-in person
without the role gets 403; an appeal that does not exist is 404; a GET on an
action is 405. Each allowed person gets the page (200) or, for an action,
the redirect back to the appeal (302) with the step recorded.
"""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest
from django.test import Client

from appeals.domain.conditions import AppealConditions
from appeals.handlers import load_appeal, set_conditions
from eventstore.store import Metadata
from tests.support.appeals import Event, person, project

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "staff",
    "chief",
    "assistant",
    "north",
    "south",
    "east",
    "outsider",
    "committee",
    "organizer",
)


def clients(event: Event) -> dict[str, Client]:
    out = {"anonymous": Client()}
    for name in ROLES[1:]:
        out[name] = Client()
        out[name].force_login(event.users[name])
    return out


def expect(
    browsers: dict[str, Client],
    method: str,
    path: str,
    allowed: dict[str, int],
    data: dict[str, Any] | None = None,
) -> None:
    """Each role's exact answer: the allowed ones as given, 302 to the
    sign-in for the anonymous, 403 for everyone else."""
    got = {}
    for role in ROLES:
        if role in allowed:
            continue
        call = getattr(browsers[role], method)
        got[role] = call(path, data or {}).status_code
    want = {r: (302 if r == "anonymous" else 403) for r in ROLES if r not in allowed}
    assert got == want, path
    if method == "get":
        login = browsers["anonymous"].get(path)
        assert login["Location"].startswith("/login/?next=")
    for role, status in allowed.items():
        response = getattr(browsers[role], method)(path, data or {})
        assert response.status_code == status, (role, path, response.content[:300])


def alert(response: Any) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.content.decode())
    return html.unescape(found.group(1)) if found else ""


@pytest.fixture
def event() -> Event:
    event = Event()
    event.add("committee")
    event.add("organizer", organizer={"tournament_id": event.tid})
    project()
    return event


def test_staff_pages_are_staff_only(event: Event) -> None:
    browsers = clients(event)
    _client, target = person("target")
    uid = target.pk
    expect(browsers, "get", "/accounts/", {"staff": 200})
    expect(browsers, "get", f"/accounts/{uid}/", {"staff": 200})
    expect(browsers, "post", f"/accounts/{uid}/", {"staff": 302}, {"action": "staff"})
    expect(
        browsers,
        "post",
        "/accounts/",
        {"staff": 302},
        {
            "username": f"x{uuid.uuid4().hex[:6]}",
            "email": "x@example.org",
            "first_name": "X",
            "last_name": "Y",
        },
    )
    assert browsers["staff"].get("/accounts/999999999/").status_code == 404


def test_my_page_is_for_anyone_signed_in(event: Event) -> None:
    browsers = clients(event)
    expect(browsers, "get", "/me/", {r: 200 for r in ROLES[1:]})


def test_an_appeal_is_lodged_only_by_a_player_at_the_table_as_themself(
    event: Event,
) -> None:
    browsers = clients(event)
    path = f"/events/{event.tid}/rulings/{event.ruling_id}/appeal/"
    expect(browsers, "get", path, {"north": 200, "south": 200, "east": 200})
    response = browsers["north"].post(path, {"grounds": "4S was clear", "key": "k1"})
    assert response.status_code == 302
    appeal_id = response["Location"].split("/")[2]
    assert load_appeal(uuid.UUID(appeal_id))[0].lodged is not None
    # Empty grounds: the form says so (422), nothing is lodged.
    assert browsers["east"].post(path, {"grounds": "", "key": "k2"}).status_code == 422


def test_each_step_of_an_appeal_only_for_its_person(event: Event) -> None:
    browsers = clients(event)
    appeal_id = event.ok(event.lodge()).json()["appeal_id"]
    project()
    a = f"/appeals/{appeal_id}"
    seen = {"north": 200, "south": 200, "east": 200, "chief": 200, "assistant": 200}
    expect(browsers, "get", f"{a}/", seen)
    assert browsers["north"].get(f"/appeals/{uuid.uuid4()}/").status_code == 404
    for step in ("concurrence", "referral", "hearing", "minutes", "decision"):
        assert browsers["chief"].get(f"{a}/{step}/").status_code == 405
    # Only the partner concurs (Law 92D): not the appellant, not a director.
    expect(browsers, "post", f"{a}/concurrence/", {"south": 302})
    # The committee is formed after the appeal was lodged (decision 0139).
    set_conditions(
        uuid.UUID(event.tid),
        AppealConditions(committee_available=True),
        metadata=Metadata(actor="system:tests"),
    )
    # Nobody is on the event's committee yet: a referral names no member and
    # is refused with the Law (422, Law 93B2); nothing is recorded.
    member = event.users["committee"].pk
    expect(
        browsers,
        "post",
        f"{a}/referral/",
        {"chief": 422},
        {"body": "committee", "members": [str(member)]},
    )
    refused = browsers["chief"].post(f"{a}/referral/", {"body": "committee"})
    assert alert(refused) == "a committee needs its members (Law 93B2)"
    state = load_appeal(uuid.UUID(appeal_id))[0]
    assert (state.status.value if state.status else None) == "lodged"


def test_the_hearing_body_alone_schedules_hears_and_decides(event: Event) -> None:
    browsers = clients(event)
    member = event.users["committee"]
    event.ok(
        event.clients["staff"].post(
            f"/api/v1/tournaments/{event.tid}/officials/",
            {"username": member.username, "role": "committee_member"},
            format="json",
        )
    )
    appeal_id = event.ok(event.lodge()).json()["appeal_id"]
    event.ok(
        event.post(
            "south", appeal_id, "concurrence/", {"player_id": event.player("south")}
        )
    )
    set_conditions(
        uuid.UUID(event.tid),
        AppealConditions(committee_available=True),
        metadata=Metadata(actor="system:tests"),
    )
    a = f"/appeals/{appeal_id}"
    expect(
        browsers,
        "post",
        f"{a}/referral/",
        {"chief": 302},
        {"body": "committee", "members": [str(member.pk)]},
    )
    assert load_appeal(uuid.UUID(appeal_id))[0].members == (f"user:{member.pk}",)
    # The committee member now sees it; the chief, who no longer hears it, is refused.
    expect(
        browsers,
        "get",
        f"{a}/",
        {
            "north": 200,
            "south": 200,
            "east": 200,
            "chief": 200,
            "assistant": 200,
            "committee": 200,
        },
    )
    expect(
        browsers,
        "post",
        f"{a}/hearing/",
        {"committee": 302},
        {"at": "2030-05-04T21:30", "place": "Sala B"},
    )
    expect(
        browsers,
        "post",
        f"{a}/minutes/",
        {"committee": 302},
        {"appellant": "4S is clear", "present": [f"user:{member.pk}"]},
    )
    expect(
        browsers,
        "post",
        f"{a}/decision/",
        {"committee": 302},
        {
            "outcome": "changed",
            "reasons": "pass was a logical alternative",
            "score": "A40/60",
        },
    )
    state = load_appeal(uuid.UUID(appeal_id))[0]
    assert state.decision is not None
    assert (state.decision.outcome.value, state.decision.body.value) == (
        "changed",
        "committee",
    )
    assert [
        (o.board_number, o.table, o.score, o.law)
        for o in state.decision.adjusted_scores
    ] == [(1, 1, "A40/60", "12C2")]
    # A second decision: the stage is over (409), named on the page.
    again = browsers["committee"].post(
        f"{a}/decision/", {"outcome": "upheld", "reasons": "again"}
    )
    assert again.status_code == 409
