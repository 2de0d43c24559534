"""A burraco tournament created from the console with its prize settings
(decision 0193): federation staff only; the form becomes the API's
commands; sent again after a lost answer it is the same creation; a bad
setting is refused in Italian naming the article, and nothing is stored."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from access.roles import actor_of
from burraco import domain as b
from burraco.handlers import load_burraco
from console.burraco_create import CREATION_IDS
from eventstore.commands import client_key
from eventstore.store import Metadata, event_store
from tests.console.integration.test_burraco_console import text, user_with
from tournaments.domain import tournament as t
from tournaments.handlers import handle_official

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

PATH = "/console/burraco/new/"
KEY = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')


def form(client: Client, **more: str) -> dict[str, str]:
    [key] = KEY.findall(client.get(PATH).content.decode())  # one form, one key
    return {
        "idempotency_key": key,
        "name": "Burraco di primavera",
        "starts_at": "2026-03-19T21:00",
        "form": "pairs",
        "category": "club",
        "hands_per_turn": "3",
        "turns": "4",
        "mitchell_turns": "2",
        "split_after": "2",
        "merit_groups": "2",
        **more,
    }


def created_id(answer: Any) -> uuid.UUID:
    assert answer.status_code == 303, text(answer)[-600:]
    location = answer["Location"]
    assert location.startswith(f"{PATH}?created=")
    return uuid.UUID(location.rsplit("=", 1)[1])


def test_staff_create_a_tournament_with_its_prizes() -> None:
    staff = user_with("federation_staff")
    page = staff.get(PATH)
    assert page.status_code == 200
    assert "Nuovo torneo di burraco" in text(page)
    sent = form(
        staff,
        entry_fee="12,50",
        pool_percent="60",
        shares="50 30",
        group_shares="30 10 / 15 5",
        costs_per_entry="4",
    )
    tid = created_id(staff.post(PATH, sent))
    # The form sent again (its answer lost) is the same creation.
    assert created_id(staff.post(PATH, sent)) == tid
    state = load_burraco(tid)
    assert isinstance(state.opened, b.BurracoOpened)
    assert (
        state.opened.hands_per_turn,
        state.opened.turns,
        state.opened.split_after,
        state.opened.merit_groups,
    ) == (3, 4, 2, 2)
    assert state.prizes == b.PrizesSet(
        entry_fee_cents=1250,
        pool_percent=60,
        shares=(50, 30),
        costs_per_entry_cents=400,
        group_shares=((30, 10), (15, 5)),
    )
    stream = event_store().read_stream(b.stream_id(tid))
    assert [type(e.event).__name__ for e in stream.events] == [
        "BurracoOpened",
        "PrizesSet",
    ]
    shown = text(staff.get(f"{PATH}?created={tid}"))
    assert "Torneo creato." in shown
    assert f'href="/console/burraco/{tid}/"' in shown


def test_a_bad_setting_is_refused_naming_the_rule() -> None:
    staff = user_with("federation_staff")
    over = form(staff, entry_fee="10", pool_percent="50", shares="70 40")
    refused = staff.post(PATH, over)
    assert refused.status_code == 422
    assert (
        "Ogni posto ha una quota in percentuale intera, tutte insieme al massimo il "
        "montepremi (100%) (Codice di Gara Art. 40)"
    ) in text(refused)
    assert (
        'id="shares" name="shares" placeholder="50 30 20" value="70 40" aria-invalid="true"'
        in text(refused)
    )
    # The id the form's key names holds nothing.
    actor = actor_of(refused.wsgi_request.user)
    key = client_key(actor, over["idempotency_key"])
    assert key == f"client:{actor}:{over['idempotency_key']}"
    assert load_burraco(uuid.uuid5(CREATION_IDS, key)).opened is None

    no_groups = form(
        staff, split_after="", entry_fee="10", pool_percent="50", group_shares="40 / 20"
    )
    refused = staff.post(PATH, no_groups)
    assert refused.status_code == 422
    assert "(Codice di Gara Art. 40)" in text(refused)
    assert "solo per i gironi in cui il torneo si divide" in text(refused)

    typed = staff.post(PATH, form(staff, entry_fee="dieci"))
    assert typed.status_code == 400
    assert "Scrivi un importo in euro, come 15 o 12,50" in text(typed)
    fee_missing = staff.post(PATH, form(staff, shares="60 40"))
    assert fee_missing.status_code == 400
    assert "I premi richiedono la quota di iscrizione" in text(fee_missing)
    hands = staff.post(PATH, form(staff, hands_per_turn="5"))
    assert hands.status_code == 422
    assert "Un turno ha 2, 3 o 4 smazzate (Codice di Gara Art. 6)" in text(hands)


def test_who_may_create() -> None:
    anonymous = Client().get(PATH)
    assert (anonymous.status_code, anonymous["Location"]) == (
        302,
        f"/login/?next={PATH}",
    )
    assert user_with(None).get(PATH).status_code == 403
    assert (
        user_with("director", tournament_id=uuid.uuid4()).get(PATH).status_code == 403
    )


def test_the_creator_made_chief_director_as_the_api_appoints() -> None:
    """Decision 0201: the checkbox, on by default, appoints the creator the
    new tournament's chief director through the API's appointment: an
    ``OfficialAppointed`` on the tournament's stream naming who did it, the
    grant beside it; the form sent again appoints once."""
    staff = user_with("federation_staff")
    page = text(staff.get(PATH))
    assert (
        '<input type="checkbox" id="chief_director" name="chief_director" value="1" '
        'aria-describedby="chief-director-help" checked> Nominami direttore del torneo'
    ) in page
    sent = form(staff, chief_director="1")
    tid = created_id(staff.post(PATH, sent))
    assert created_id(staff.post(PATH, sent)) == tid  # its answer lost
    user = staff.get(PATH).wsgi_request.user
    grants = RoleGrant.objects.filter(user=user, tournament_id=tid)
    assert list(grants.values_list("role", flat=True)) == ["chief_director"]
    stream = event_store().read_stream(t.stream_id(tid))
    appointed = [e for e in stream.events if isinstance(e.event, t.OfficialAppointed)]
    assert len(appointed) == 1
    assert appointed[0].event == t.OfficialAppointed(
        user=actor_of(user),
        name=user.get_username(),
        role=t.OfficialRole.CHIEF_DIRECTOR,
    )
    recorded = appointed[0].metadata
    assert (recorded["actor"], recorded["command"]) == (
        actor_of(user),
        "appoint_official",
    )
    # The scoring room is his; the officials' list announces him.
    assert staff.get(f"/console/burraco/{tid}/").status_code == 200
    officials = staff.get(f"/api/v1/tournaments/{tid}/officials/").json()
    assert [(o["name"], o["role"]) for o in officials["results"]] == [
        (user.get_username(), "chief_director")
    ]


def test_unchecked_the_creator_is_not_a_director() -> None:
    staff = user_with("federation_staff")
    tid = created_id(staff.post(PATH, form(staff)))  # the box unticked: not sent
    user = staff.get(PATH).wsgi_request.user
    assert not RoleGrant.objects.filter(tournament_id=tid).exists()
    stream = event_store().read_stream(t.stream_id(tid))
    assert [type(e.event).__name__ for e in stream.events] == ["TournamentCreated"]
    assert staff.get(f"/console/burraco/{tid}/").status_code == 403
    # A refusal keeps the box as it was sent: unticked stays unticked.
    refused = staff.post(PATH, form(staff, turns="0"))
    assert refused.status_code == 422
    assert 'aria-describedby="chief-director-help">' in text(refused)
    ticked = staff.post(PATH, form(staff, turns="0", chief_director="1"))
    assert 'aria-describedby="chief-director-help" checked>' in text(ticked)
    assert user.role_grants.count() == 1  # only his federation staff grant


def test_a_tournament_with_a_chief_director_keeps_him() -> None:
    """The form resent after federation staff appointed another chief
    director: the tournament stands, the refusal says so, no second chief
    (Law 81A's one director in charge)."""
    staff = user_with("federation_staff")
    sent = form(staff)
    tid = created_id(staff.post(PATH, sent))
    other = get_user_model().objects.create_user("the-other-chief")
    handle_official(
        tid,
        t.AppointOfficial(
            user=f"user:{other.pk}", name="Altro", role=t.OfficialRole.CHIEF_DIRECTOR
        ),
        metadata=Metadata(actor="system:tests", tournament_id=tid),
    )
    again = staff.post(PATH, {**sent, "chief_director": "1"})
    assert again.status_code == 422
    shown = text(again)
    assert (
        "Il torneo è creato, ma non ne sei il direttore: ne ha già un altro. "
        "Gli ufficiali di gara li nomina la Federazione."
    ) in shown
    assert f'href="/console/burraco/{tid}/"' in shown
    chiefs = RoleGrant.objects.filter(tournament_id=tid, role="chief_director")
    assert list(chiefs.values_list("user__username", flat=True)) == ["the-other-chief"]
