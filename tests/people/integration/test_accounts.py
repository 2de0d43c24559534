"""Accounts (decision 0138): the invitation's link sets the password once and
expires; a forgotten password gets the same link; a player is linked to one
register entry; the site's sign-in is throttled; a session expires."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.core.cache import cache
from django.test import Client

from access.models import RoleGrant
from people import accounts
from registry.models import PlayerIdentity
from tests.support.players import register_players

pytestmark = pytest.mark.django_db
PASSWORD = "una-password-lunga-17"


def invited(name: str = "ada") -> tuple[Any, str]:
    tag = uuid.uuid4().hex[:6]
    result = accounts.invite(
        username=f"{name}-{tag}",
        email=f"{name}-{tag}@example.org",
        first_name="Ada",
        last_name="Rossi",
    )
    user = get_user_model().objects.get(pk=result.user_id)
    return user, result.link


def path_of(link: str) -> str:
    [path] = re.findall(r"/accounts/set-password/\S+/", link)
    return str(path)


def set_password(client: Client, link: str) -> int:
    """Follow the link (Django swaps the token for a session's) and post."""
    first = client.get(path_of(link))
    if first.status_code != 302:
        return first.status_code
    response = client.post(
        first["Location"],
        {"new_password1": PASSWORD, "new_password2": PASSWORD},
    )
    return int(response.status_code)


def test_an_invitation_mails_a_link_that_sets_the_password_once() -> None:
    mail.outbox.clear()
    user, link = invited()
    assert not user.has_usable_password()
    [message] = mail.outbox
    assert message.to == [user.email]
    assert message.subject == "[Arbitro] Il tuo account Arbitro / Your Arbitro account"
    assert link in message.body
    assert "Imposta qui la tua password entro 72 ore" in message.body
    assert "Set your password here within 72 hours" in message.body
    client = Client()
    assert set_password(client, link) == 302
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    # Used once: the same link now shows the expired page (200, no form).
    again = Client().get(path_of(link), follow=True)
    assert "This link has expired or was already used." in again.content.decode()


def test_an_invitation_expires(monkeypatch: pytest.MonkeyPatch) -> None:
    user, link = invited()
    # Django's generator counts in its own (naive) clock: three days on.
    later = default_token_generator._now() + timedelta(days=3, seconds=1)  # type: ignore[attr-defined]
    monkeypatch.setattr(default_token_generator, "_now", lambda: later)
    page = Client().get(path_of(link), follow=True)
    assert "This link has expired or was already used." in page.content.decode()
    user.refresh_from_db()
    assert not user.has_usable_password()


def test_a_forgotten_password_gets_the_same_kind_of_link() -> None:
    user, link = invited()
    assert set_password(Client(), link) == 302
    mail.outbox.clear()
    response = Client().post("/accounts/password-reset/", {"email": user.email})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password-reset/sent/"
    [message] = mail.outbox
    assert (
        message.subject == "[Arbitro] Nuova password per Arbitro / Set a new password"
    )
    # The one link, in the Italian and the English text.
    assert (
        len(set(re.findall(r"http\S+/accounts/set-password/\S+/", message.body))) == 1
    )
    # An unknown address sends nothing and says the same.
    mail.outbox.clear()
    other = Client().post("/accounts/password-reset/", {"email": "no@example.org"})
    assert (other.status_code, len(mail.outbox)) == (302, 0)


def test_a_player_is_linked_once_by_federation_number() -> None:
    user, _link = invited()
    other, _link = invited("bea")
    [player] = register_players(1)
    number = PlayerIdentity.objects.get(player_id=player).federation_number
    assert accounts.link_player(user, number) == uuid.UUID(player)
    assert accounts.link_player(user, number) == uuid.UUID(player)  # again: nothing new
    with pytest.raises(accounts.AccountRefused, match="linked to another account"):
        accounts.link_player(other, number)
    with pytest.raises(accounts.AccountRefused, match="federation number 0000"):
        accounts.link_player(other, "0000")
    [second] = register_players(1)
    number2 = PlayerIdentity.objects.get(player_id=second).federation_number
    with pytest.raises(accounts.AccountRefused, match="linked to another player"):
        accounts.link_player(user, number2)
    assert list(
        RoleGrant.objects.filter(user=user).values_list("role", "player_id")
    ) == [("player", uuid.UUID(player))]


def test_the_sites_sign_in_is_throttled_and_a_session_expires(settings: Any) -> None:
    settings.ARBITRO_THROTTLE_RATES = {"anon": None, "user": None, "login": "5/min"}
    cache.clear()
    user, link = invited()
    assert set_password(Client(), link) == 302
    client = Client()
    wrong = [
        client.post(
            "/login/", {"username": user.username, "password": "no"}
        ).status_code
        for _ in range(5)
    ]
    assert wrong == [200] * 5
    refused = client.post("/login/", {"username": user.username, "password": PASSWORD})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    cache.clear()
    good = client.post("/login/", {"username": user.username, "password": PASSWORD})
    assert (good.status_code, good["Location"]) == (302, "/me/")
    assert good.cookies["sessionid"]["max-age"] == 12 * 3600


def test_an_account_without_an_email_reads_without_an_empty_field() -> None:
    """The demo's accounts have no e-mail: the page read "player · · password
    impostata", a separator around nothing."""
    staff = get_user_model().objects.create_superuser(f"st-{uuid.uuid4().hex[:6]}")
    bare = get_user_model().objects.create_user(
        f"bare-{uuid.uuid4().hex[:6]}", password=PASSWORD
    )
    client = Client()
    client.force_login(staff)
    page = client.get(f"/accounts/{bare.pk}/", HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")
    assert page.status_code == 200
    meta = re.search(r'<p class="meta">(.*?)</p>', page.content.decode(), flags=re.S)
    assert meta is not None
    assert meta.group(1) == f"{bare.username} · password impostata"
    user, _link = invited()
    page = client.get(f"/accounts/{user.pk}/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    meta = re.search(r'<p class="meta">(.*?)</p>', page.content.decode(), flags=re.S)
    assert meta is not None
    assert meta.group(1) == f"{user.username} · {user.email} · invited, no password yet"
