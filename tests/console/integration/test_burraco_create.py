"""A burraco tournament created from the console with its prize settings
(decision 0193): federation staff only; the form becomes the API's
commands; sent again after a lost answer it is the same creation; a bad
setting is refused in Italian naming the article, and nothing is stored."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from access.roles import actor_of
from burraco import domain as b
from burraco.handlers import load_burraco
from console.burraco_create import CREATION_IDS
from eventstore.commands import client_key
from eventstore.store import event_store
from tests.console.integration.test_burraco_console import text, user_with

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PATH = "/console/burraco/new/"
KEY = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')


def form(client: Client, **more: str) -> dict[str, str]:
    found = KEY.search(client.get(PATH).content.decode())
    assert found is not None
    return {
        "idempotency_key": found.group(1),
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
    assert state.opened is not None
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
    assert key is not None
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
