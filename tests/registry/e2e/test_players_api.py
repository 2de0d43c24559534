"""Players over HTTP: registration, identity kept out of events, permissions."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from uuid import UUID

from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.models import Event
from registry.boundary import player_names
from registry.models import PlayerIdentity
from tests.registry.e2e.conftest import API, MARKS

pytestmark = MARKS


def test_staff_register_a_player_and_read_it_back_at_the_returned_position(
    staff: APIClient, clubs: dict, catch_up: Callable[[], int]
) -> None:
    """A command answers 201 with positions; a read at that position sees it."""
    response = staff.post(
        f"{API}/players/",
        {
            "federation_number": "123456",
            "family_name": "Rossi",
            "given_name": "Maria",
            "email": "maria@example.org",
            "category": "1P",
            "club_id": str(clubs["BO01"].club_id),
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["stream_version"] == 1
    catch_up()
    read = staff.get(
        f"{API}/players/{body['player_id']}/?min_position={body['last_position']}"
    )
    assert read.status_code == 200
    player = read.json()
    assert player["family_name"] == "Rossi"
    assert player["federation_number"] == "123456"
    assert player["category"] == "1P"
    assert player["club"]["code"] == "BO01"


def test_names_and_numbers_never_enter_an_event(staff: APIClient) -> None:
    """Events carry ids and the category only (spec/eventstore-research.md §6.8)."""
    staff.post(
        f"{API}/players/",
        {
            "federation_number": "654321",
            "family_name": "Bianchi",
            "given_name": "Luca",
            "email": "luca@example.org",
            "category": "2C",
        },
        format="json",
    )
    event = Event.objects.get(event_type="player.registered")
    text = str(event.payload) + str(event.metadata)
    for secret in ("654321", "Bianchi", "Luca", "luca@example.org"):
        assert secret not in text


def test_a_federation_number_is_registered_once(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    """A second registration of the same number is a 409 conflict."""
    body = {
        "federation_number": "777777",
        "family_name": "Neri",
        "given_name": "Ugo",
        "category": "NC",
    }
    assert staff.post(f"{API}/players/", body, format="json").status_code == 201
    again = staff.post(f"{API}/players/", body, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "federation_number_registered"
    assert again["Content-Type"].startswith("application/problem+json")


def test_a_retry_with_the_same_player_id_replays(staff: APIClient) -> None:
    """A client retrying with its own player id gets the original result."""
    player_id = str(uuid.uuid4())
    body = {
        "player_id": player_id,
        "federation_number": "424242",
        "family_name": "Neri",
        "given_name": "Ugo",
        "category": "NC",
    }
    first = staff.post(f"{API}/players/", body, format="json")
    second = staff.post(f"{API}/players/", body, format="json")
    assert first.status_code == second.status_code == 201
    assert second.json()["last_position"] == first.json()["last_position"]
    assert Event.objects.filter(event_type="player.registered").count() == 1


def test_bad_input_is_400_and_an_unknown_club_is_422(staff: APIClient) -> None:
    bad = staff.post(
        f"{API}/players/",
        {
            "federation_number": "12a",
            "family_name": "X",
            "given_name": "Y",
            "category": "9Z",
        },
        format="json",
    )
    assert bad.status_code == 400
    unknown = staff.post(
        f"{API}/players/",
        {
            "federation_number": "1",
            "family_name": "X",
            "given_name": "Y",
            "category": "NC",
            "club_id": str(uuid.uuid4()),
        },
        format="json",
    )
    assert unknown.status_code == 422
    assert unknown.json()["code"] == "unknown_club"


def test_a_transfer_and_a_reclassification_show_in_the_read_model(
    staff: APIClient,
    clubs: dict,
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    """Club and category changes are events on the player's stream (N-L4 §2)."""
    player_id = register_player("3F")
    moved = staff.post(
        f"{API}/players/{player_id}/affiliations/",
        {"club_id": str(clubs["MI02"].club_id)},
        format="json",
    )
    promoted = staff.post(
        f"{API}/players/{player_id}/categories/", {"category": "2P"}, format="json"
    )
    assert moved.status_code == promoted.status_code == 201
    assert promoted.json()["stream_version"] == 3
    same = staff.post(
        f"{API}/players/{player_id}/categories/", {"category": "2P"}, format="json"
    )
    assert same.status_code == 409
    assert same.json()["code"] == "nothing_changes"
    catch_up()
    player = staff.get(f"{API}/players/{player_id}/").json()
    assert (player["category"], player["club"]["code"]) == ("2P", "MI02")


def test_a_stale_expected_version_is_a_409(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    """If-Match names the version the client read; a moved stream is a conflict."""
    player_id = register_player()
    response = staff.post(
        f"{API}/players/{player_id}/categories/",
        {"category": "1P"},
        format="json",
        HTTP_IF_MATCH='"7"',
    )
    assert response.status_code == 409
    assert response.json()["code"] == "stream_version_conflict"


def test_forgetting_a_player_erases_the_identity_and_keeps_the_id(
    staff: APIClient, register_player: Callable[..., str], catch_up: Callable[[], int]
) -> None:
    """Erasure deletes personal data; the record stays pseudonymous (§6.8)."""
    player_id = register_player()
    assert staff.post(f"{API}/players/{player_id}/erasures/").status_code == 201
    assert PlayerIdentity.objects.filter(player_id=player_id).exists() is False
    catch_up()
    player = staff.get(f"{API}/players/{player_id}/").json()
    assert player["forgotten"] is True
    assert player["family_name"] is None
    again = staff.post(
        f"{API}/players/{player_id}/categories/", {"category": "1P"}, format="json"
    )
    assert again.json()["code"] == "player_forgotten"


def test_a_player_sees_themself_and_nobody_else(
    client_for: Callable[..., APIClient],
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    """A player sees and acts only as themself; the register is for staff."""
    mine, other = register_player(), register_player()
    catch_up()
    me = client_for(RoleGrant.Role.PLAYER, player_id=mine)
    assert me.get(f"{API}/players/{mine}/").status_code == 200
    assert me.get(f"{API}/players/{other}/").status_code == 403
    assert me.get(f"{API}/players/").status_code == 403
    assert (
        me.post(f"{API}/players/{mine}/categories/", {"category": "1P"}).status_code
        == 403
    )
    assert APIClient().get(f"{API}/players/{mine}/").status_code == 403


def test_the_register_lists_players_by_name_and_filters(
    staff: APIClient,
    clubs: dict,
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    register_player("1P", family_name="Zanetti", club_id=str(clubs["BO01"].club_id))
    register_player("2C", family_name="Abate")
    catch_up()
    listed = staff.get(f"{API}/players/").json()
    assert listed["count"] == 2
    assert [p["family_name"] for p in listed["results"]] == ["Abate", "Zanetti"]
    club = staff.get(f"{API}/players/?club_id={clubs['BO01'].club_id}").json()
    assert club["count"] == 1
    assert [p["family_name"] for p in club["results"]] == ["Zanetti"]
    found = staff.get(f"{API}/players/?search=aba").json()
    assert [p["family_name"] for p in found["results"]] == ["Abate"]
    # A page of one: the count of all, the link back, the exact item.
    page = staff.get(f"{API}/players/?limit=1&offset=1").json()
    assert page["count"] == 2
    assert page["next"] is None
    assert page["previous"] == "http://testserver/api/v1/registry/players/?limit=1"
    assert [p["family_name"] for p in page["results"]] == ["Zanetti"]


def test_a_player_asks_not_to_be_published_and_changes_his_mind(
    staff: APIClient, catch_up: Callable[[], int]
) -> None:
    """The publication flag is an event on the player's stream (decision 0113):
    recorded by staff, read back on the player, refused when nothing changes."""
    created = staff.post(
        f"{API}/players/",
        {
            "federation_number": "777001",
            "family_name": "Riservato",
            "given_name": "Rita",
            "category": "NC",
        },
        format="json",
    ).json()
    path = f"{API}/players/{created['player_id']}/publication/"
    hidden = staff.post(path, {"published": False}, format="json")
    assert hidden.status_code == 201
    assert hidden.json()["stream_version"] == 2
    again = staff.post(path, {"published": False}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "nothing_changes"
    assert staff.post(path, {"published": "maybe"}, format="json").status_code == 400
    catch_up()
    read = staff.get(f"{API}/players/{created['player_id']}/").json()
    assert read["published"] is False
    event = (
        Event.objects.filter(stream_id=created["player_id"])
        .order_by("stream_version")
        .last()
    )
    assert event is not None
    assert (event.event_type, event.payload) == (
        "player.publication_changed",
        {"player_id": created["player_id"], "published": False},
    )
    shown = staff.post(path, {"published": True}, format="json")
    assert shown.status_code == 201
    catch_up()
    assert staff.get(f"{API}/players/{created['player_id']}/").json()["published"]


def test_a_results_file_names_only_the_players_who_may_be_published(
    staff: APIClient, catch_up: Callable[[], int]
) -> None:
    """``registry.boundary.player_names`` (results files, issue 15) names a
    player who asked not to be published by his federation number alone
    (decisions 0113, 0180), as the site does."""
    ids = []
    for number, name in (("777101", "Aperto"), ("777102", "Riservato")):
        ids.append(
            staff.post(
                f"{API}/players/",
                {
                    "federation_number": number,
                    "family_name": name,
                    "given_name": "Anna",
                    "category": "NC",
                },
                format="json",
            ).json()["player_id"]
        )
    hidden = staff.post(
        f"{API}/players/{ids[1]}/publication/", {"published": False}, format="json"
    )
    assert hidden.status_code == 201
    catch_up()
    names = player_names(UUID(i) for i in ids)
    assert names == {
        UUID(ids[0]): ("Anna Aperto", "777101"),
        UUID(ids[1]): ("777102", "777102"),
    }
