"""Pairs and their convention cards over HTTP (Law 4; FIGB App1)."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable
from typing import Any

from rest_framework.test import APIClient

from eventstore.models import Event
from tests.e2e.registry.conftest import API, MARKS
from tournaments.models import RoleGrant

pytestmark = MARKS

GREEN_CARD: dict[str, Any] = {
    "colour": "green",
    "base": "five_card_majors",
    "methods": [
        {"ref": "1H", "kind": "opening", "call": "1H",
         "meanings": [{"min_hcp": 12, "max_hcp": 21, "suits": [{"suit": "H", "min_length": 5}]}]},
        {"ref": "1NT", "kind": "opening", "call": "1NT",
         "meanings": [{"min_hcp": 15, "max_hcp": 17}]},
        {"ref": "2D", "kind": "opening", "call": "2D", "artificial": True,
         "meanings": [
             {"min_hcp": 5, "max_hcp": 10, "suits": [{"suit": "H", "min_length": 6}]},
             {"min_hcp": 5, "max_hcp": 10, "suits": [{"suit": "S", "min_length": 6}]},
         ]},
    ],
}  # fmt: skip
CATEGORY_2_PAIRS = {"category": 2, "form": "pairs"}


def form_pair(
    staff: APIClient, register_player: Callable[..., str]
) -> tuple[str, list[str]]:
    players = [register_player(), register_player()]
    response = staff.post(f"{API}/pairs/", {"player_ids": players}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["pair_id"], players


def test_a_pair_is_formed_once_whatever_the_order(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    """The pair id is the same two players either way round (Law 4)."""
    _, (a, b) = form_pair(staff, register_player)
    again = staff.post(f"{API}/pairs/", {"player_ids": [b, a]}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "pair_already_formed"
    one = staff.post(f"{API}/pairs/", {"player_ids": [a, a]}, format="json")
    assert one.status_code == 422
    assert one.json()["law"] == "Law 4"
    stranger = staff.post(
        f"{API}/pairs/", {"player_ids": [a, str(uuid.uuid4())]}, format="json"
    )
    assert stranger.json()["code"] == "unknown_player"


def test_a_declared_card_is_recorded_with_its_warnings(
    staff: APIClient, register_player: Callable[..., str], catch_up: Callable[[], int]
) -> None:
    """A Multi not listed on the front and declared Green: two warnings (V7, V8)."""
    pair_id, _ = form_pair(staff, register_player)
    response = staff.post(
        f"{API}/pairs/{pair_id}/convention-cards/",
        {"card": GREEN_CARD, "context": CATEGORY_2_PAIRS},
        format="json",
    )
    assert response.status_code == 201, response.json()
    catch_up()
    pair = staff.get(f"{API}/pairs/{pair_id}/").json()
    [card] = pair["convention_cards"]
    assert card["colour"] == "green"
    assert card["suggested_colour"] == "red"
    assert [(f["code"], f["citation"]) for f in card["findings"]] == [
        ("front_right_item_missing", "App1 §5"),
        ("colour_mismatch", "App1 §2.3"),
    ]
    assert card["card"]["methods"][2]["call"] == "2D"


def test_a_hum_card_is_refused_with_every_failure_named(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    """HUM and encrypted signals in category 3: 422 citing App1 §3 and §2.5."""
    pair_id, _ = form_pair(staff, register_player)
    card = copy.deepcopy(GREEN_CARD)
    card["methods"][0]["meanings"][0]["min_hcp"] = 6
    card["encrypted_signals"] = True
    response = staff.post(
        f"{API}/pairs/{pair_id}/convention-cards/",
        {"card": card, "context": {"category": 3, "form": "pairs"}},
        format="json",
    )
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "system_not_permitted"
    assert body["law"] == "Norme integrative FIGB, Appendice 1 Art. 3"
    assert [(f["code"], f["citation"], f["method_ref"]) for f in body["failures"]] == [
        ("hum_not_permitted", "App1 §3", "1H"),
        ("encrypted_signals", "App1 §2.5", None),
    ]
    assert Event.objects.filter(event_type="pair.convention_card_declared").count() == 0


def test_a_malformed_card_is_a_400(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    pair_id, _ = form_pair(staff, register_player)
    card = copy.deepcopy(GREEN_CARD)
    card["front_right_items"] = ["9Z"]
    response = staff.post(
        f"{API}/pairs/{pair_id}/convention-cards/",
        {"card": card, "context": CATEGORY_2_PAIRS},
        format="json",
    )
    assert response.status_code == 400
    assert "names no method" in str(response.json()["detail"])


def test_anyone_signed_in_may_check_a_card_without_recording_it(
    client_for: Callable[..., APIClient],
) -> None:
    """The check alone (App1; digest §5.8), for pairs preparing their card."""
    response = client_for().post(
        f"{API}/system-checks/",
        {"card": GREEN_CARD, "context": {"category": 1, "form": "teams"}},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["permitted"] is True
    assert body["suggested_colour"] == "red"
    assert Event.objects.count() == 0


def test_a_player_sees_their_own_pairs_only(
    staff: APIClient,
    client_for: Callable[..., APIClient],
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    mine, (me, _) = form_pair(staff, register_player)
    other, _ = form_pair(staff, register_player)
    catch_up()
    client = client_for(RoleGrant.Role.PLAYER, player_id=me)
    own = client.get(f"{API}/pairs/").json()
    assert own["count"] == 1
    assert [p["pair_id"] for p in own["results"]] == [mine]
    assert client.get(f"{API}/pairs/{mine}/").status_code == 200
    assert client.get(f"{API}/pairs/{other}/").status_code == 403
    every = staff.get(f"{API}/pairs/").json()
    assert every["count"] == 2
    assert sorted(p["pair_id"] for p in every["results"]) == sorted([mine, other])
