"""Token authentication reads the caller's grants with the token.

One query gives the token's binding, the user and every grant
(``access.auth``); the checks of ``access.roles`` then answer from them.
Nothing is kept between requests (decision 0215): a grant given or
withdrawn anywhere counts from the next request.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from access.models import RoleGrant
from access.roles import grants_of
from access.tokens import issue

pytestmark = pytest.mark.django_db
Role = RoleGrant.Role


def _client(username: str, **user: object) -> tuple[APIClient, object]:
    account = get_user_model().objects.create_user(username, **user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue(account.pk).key}")
    return client, account


def test_one_query_reads_the_token_the_user_and_all_grants() -> None:
    client, user = _client("tg1")
    mine, player = uuid.uuid4(), uuid.uuid4()
    RoleGrant.objects.create(user=user, role=Role.DIRECTOR, tournament_id=mine)
    RoleGrant.objects.create(user=user, role=Role.PLAYER, player_id=player)
    with CaptureQueriesContext(connection) as queries:
        me = client.get("/api/v1/me/")
    assert me.status_code == 200
    grant_reads = [q for q in queries.captured_queries if "rolegrant" in q["sql"]]
    assert len(grant_reads) == 1, "the grants come with the token, once"
    assert {
        (g["role"], g["tournament_id"], g["player_id"]) for g in me.json()["grants"]
    } == {
        ("director", str(mine), None),
        ("player", None, str(player)),
    }


def test_a_director_token_acts_on_its_tournament_only() -> None:
    client, user = _client("tg2")
    mine, other = uuid.uuid4(), uuid.uuid4()
    RoleGrant.objects.create(user=user, role=Role.CHIEF_DIRECTOR, tournament_id=mine)
    for tid, allowed in ((mine, True), (other, False)):
        response = client.post(
            f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/start/",
            {
                "deal": "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
            },
            format="json",
        )
        # On its own tournament the director passes the permission and meets
        # the next rule (no such tournament); on another one it is refused.
        assert (response.status_code == 403) is not allowed, response.json()


def test_a_grant_counts_from_the_next_request_and_a_withdrawal_too() -> None:
    client, user = _client("tg3")
    tid = uuid.uuid4()
    url = f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/start/"
    assert client.post(url, {}, format="json").status_code == 403
    grant = RoleGrant.objects.create(user=user, role=Role.DIRECTOR, tournament_id=tid)
    assert client.post(url, {}, format="json").status_code != 403
    grant.delete()
    assert client.post(url, {}, format="json").status_code == 403


def test_a_bad_token_or_an_inactive_user_is_refused() -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    bad = client.get("/api/v1/me/")
    assert bad.status_code == 403
    assert "Invalid token" in bad.json()["detail"]
    inactive, _ = _client("tg4", is_active=False)
    refused = inactive.get("/api/v1/me/")
    assert refused.status_code == 403
    assert "inactive" in refused.json()["detail"]


def test_without_the_token_path_the_grants_are_read_from_the_database() -> None:
    user = get_user_model().objects.create_user("tg5")
    staff = RoleGrant.objects.create(user=user, role=Role.FEDERATION_STAFF)
    assert [g.role for g in grants_of(user)] == [staff.role]


def test_the_user_is_built_as_the_orm_builds_it() -> None:
    """The plain-cursor read gives the same user the ORM would, converters applied."""
    from access.auth import TokenWithGrantsAuthentication

    _, account = _client("tg-fields", email="td@example.org", first_name="Ada")
    key = Token.objects.get(user=account).key
    user, _ = TokenWithGrantsAuthentication().authenticate_credentials(key)
    stored = get_user_model().objects.get(pk=account.pk)
    for field in get_user_model()._meta.concrete_fields:
        assert getattr(user, field.attname) == getattr(stored, field.attname), (
            field.name
        )
    assert user.date_joined.utcoffset() == timedelta(0)
    assert user._state.adding is False
    assert grants_of(user) == ()


def _reads(client: APIClient) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/v1/me/").status_code == 200
    return sum("authtoken_token" in q["sql"] for q in queries.captured_queries)


def test_every_request_reads_the_token_again_in_one_query() -> None:
    client, user = _client("tg-fresh")
    assert [_reads(client) for _ in range(2)] == [1, 1]
    # The database changes behind this process's back (no signal), as
    # another process's write would: the next request counts it.
    tid = uuid.uuid4()
    RoleGrant.objects.bulk_create(  # sends no signal
        [RoleGrant(user=user, role=Role.DIRECTOR, tournament_id=tid)]
    )
    assert client.get("/api/v1/me/").json()["grants"][0]["tournament_id"] == str(tid)


def test_a_change_in_this_process_is_seen_at_once() -> None:
    client, user = _client("tg-signal")
    assert _reads(client) == 1
    user.is_active = False
    user.save()
    inactive = client.get("/api/v1/me/")
    assert (inactive.status_code, inactive.json()["detail"]) == (
        403,
        "User inactive or deleted.",
    )
    user.is_active = True
    user.save()
    assert client.get("/api/v1/me/").status_code == 200
    Token.objects.filter(user=user).delete()
    refused = client.get("/api/v1/me/")
    assert refused.status_code == 403
    assert "Invalid token" in refused.json()["detail"]


def test_a_token_without_a_binding_is_refused() -> None:
    """A token made by ``Token.objects.create`` (``drf_create_token``, a
    script) is bound to nothing: refused (decision 0215)."""
    user = get_user_model().objects.create_user("tg-unbound")
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}"
    )
    refused = client.get("/api/v1/me/")
    assert (refused.status_code, refused.json()["detail"]) == (
        403,
        "Token revoked: the account changed since the login.",
    )
