"""The live pages read a signed-in reader with his grants in one query
(``access.sessions.session_reader``, decision 0167): the same user, the same
grants and the same visibility class as Django's ``get_user`` followed by the
grants' own query, for every role; a revoked grant, a deactivated user and a
changed password are seen on the very next poll."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user, get_user_model
from django.test import Client, RequestFactory

from access.models import RoleGrant
from access.roles import grants_of, with_grants
from access.sessions import session_reader
from tests.support.site import site_event
from tournaments.selectors import HIDDEN, OFFICIAL, sight_of

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
HX = {"HTTP_HX_REQUEST": "true"}


def _user(**flags: Any) -> Any:
    return get_user_model().objects.create_user(
        f"reader{uuid.uuid4().hex[:8]}", password="pw-1234-long", **flags
    )


def _request(client: Client) -> Any:
    request = RequestFactory().get("/")
    request.session = client.session
    return request


def _readers(tid: uuid.UUID, other: uuid.UUID) -> dict[str, tuple[Any, str]]:
    """Each role, and the class it must have before the publication."""
    roles: dict[str, tuple[dict[str, Any], dict[str, Any], str]] = {
        "no grant": ({}, {}, HIDDEN),
        "player": ({}, {"role": "player", "player_id": uuid.uuid4()}, HIDDEN),
        "organizer": ({}, {"role": "organizer", "tournament_id": tid}, HIDDEN),
        "director elsewhere": (
            {},
            {"role": "chief_director", "tournament_id": other},
            HIDDEN,
        ),
        "director": ({}, {"role": "director", "tournament_id": tid}, OFFICIAL),
        "chief director": (
            {},
            {"role": "chief_director", "tournament_id": tid},
            OFFICIAL,
        ),
        "federation staff": ({}, {"role": "federation_staff"}, OFFICIAL),
        "superuser": ({"is_superuser": True}, {}, OFFICIAL),
    }
    made = {}
    for name, (flags, grant, sight) in roles.items():
        user = _user(**flags)
        if grant:
            RoleGrant.objects.create(user=user, **grant)
        RoleGrant.objects.create(user=user, role="player", player_id=uuid.uuid4())
        client = Client()
        client.force_login(user)
        made[name] = (client, sight)
    return made


def test_every_role_reads_as_djangos_user_and_grants() -> None:
    tid, other = uuid.uuid4(), uuid.uuid4()
    for name, (client, sight) in _readers(tid, other).items():
        ours = session_reader(_request(client))
        theirs = with_grants(get_user(_request(client)))
        assert ours.pk == theirs.pk, name
        assert ours.is_authenticated, name
        assert theirs.is_authenticated, name
        assert set(grants_of(ours)) == set(grants_of(theirs)), name
        assert len(grants_of(ours)) == len(grants_of(theirs)), name
        assert sight_of(ours, tid, False) == sight_of(theirs, tid, False) == sight
        assert sight_of(ours, tid, True) == sight_of(theirs, tid, True)
        fields = [f.attname for f in type(ours)._meta.concrete_fields]
        assert fields, name
        assert [getattr(ours, f) for f in fields] == [
            getattr(theirs, f) for f in fields
        ], name


def test_one_query_and_kept_as_the_requests_user(
    django_assert_num_queries: Any,
) -> None:
    tid = uuid.uuid4()
    user = _user()
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)
    RoleGrant.objects.create(user=user, role="federation_staff")
    client = Client()
    client.force_login(user)
    request = _request(client)
    assert "_auth_user_id" in request.session  # the session row, read aside
    with django_assert_num_queries(1):
        reader = session_reader(request)
        assert sight_of(reader, tid, False) == OFFICIAL
        assert len(grants_of(reader)) == 2
    assert request._cached_user is reader
    with django_assert_num_queries(0):
        assert session_reader(request) is reader


def test_refused_as_django_refuses() -> None:
    """No session, a deactivated user, a changed password, a deleted user:
    anonymous for both."""
    assert not session_reader(_request(Client())).is_authenticated
    for change in ("inactive", "password", "deleted"):
        user = _user()
        RoleGrant.objects.create(user=user, role="federation_staff")
        client = Client()
        client.force_login(user)
        assert session_reader(_request(client)).is_authenticated
        if change == "inactive":
            user.is_active = False
            user.save()
        elif change == "password":
            user.set_password("another-pw-5678")
            user.save()
        else:
            user.delete()
        ours = session_reader(_request(client))
        theirs = get_user(_request(client))
        assert not ours.is_authenticated, change
        assert not theirs.is_authenticated, change
        assert grants_of(ours) == (), change


def test_a_revoked_grant_or_a_deactivated_director_on_the_next_poll() -> None:
    event = site_event(publish=False)
    path = f"/events/{event.tid}/sessions/1/"
    for change in ("revoked", "deactivated"):
        user = _user()
        grant = RoleGrant.objects.create(
            user=user, role="chief_director", tournament_id=event.tid
        )
        client = Client()
        client.force_login(user)
        first = client.get(path, **EN, **HX)
        assert first.status_code == 200
        assert f"-{OFFICIAL}-" in first["ETag"]
        if change == "revoked":
            grant.delete()
        else:
            user.is_active = False
            user.save()
        later = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"], **EN, **HX)
        assert later.status_code == 200, change
        assert f"-{HIDDEN}-" in later["ETag"], change
        anonymous = Client().get(path, **EN, **HX)
        assert later.content == anonymous.content, change
