"""Issue 28: callers are identified as the deployment says, never by a
header they write (decision 0211).

Over real HTTP against gunicorn in other processes: one server names no
trusted proxy, the other one (``ARBITRO_TRUSTED_PROXIES=1``), both with
every rate at three in their environment and their throttle counters in
Redis, as in production, under a prefix of this module's that each test
empties first. Every throttled surface is tried: the API's token login,
the site's and the admin's sign-in forms, the anonymous rate, the table
sign-in, and the password reset by caller and by address (the mails it
writes counted in the servers' mail folder).

- No trusted proxy (the default): a new ``X-Forwarded-For`` each request
  changes nothing, the caller is the socket's peer: 429 past the rate.
- One trusted proxy (one nginx appending ``$remote_addr``): the right-most
  entry is the caller; entries a client forged to its left are not read, so
  rotating them changes nothing, and two real clients count apart.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.people.mailbox import inbox
from tests.support.celery_worker import redis_up
from tests.support.forms import Browser
from tests.support.http import HttpClient
from tests.support.redis_cache import RUN, clear_redis_cache, redis_url
from tests.support.server import start_server, stop_server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-enough-secret-17"
RATE = 3
RATES = {
    "ARBITRO_THROTTLE_ANON": "3/min",
    "ARBITRO_THROTTLE_LOGIN": "3/min",
    "ARBITRO_THROTTLE_TABLE": "3/min",
    "ARBITRO_THROTTLE_RESET": "3/hour",
    "ARBITRO_THROTTLE_RESET_CALLER": "3/hour",
}
ENGLISH = {"Accept-Language": "en"}
CLIENT_A, CLIENT_B = "198.51.100.7", "198.51.100.8"  # as nginx appends them
PREFIX = f"test-{RUN}-callers-{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    retry_after: str | None
    body: str


Attempt = Callable[[str, dict[str, str], int, list[Any]], Reply]


def _alert(body: str) -> list[str]:
    """The page's alerts (the console's are errors, the people's notices)."""
    return re.findall(r'<p class="(?:error|notice)" role="alert">([^<]*)</p>', body)


def api_login(url: str, headers: dict[str, str], n: int, people: list[Any]) -> Reply:
    client = HttpClient(url)
    client.headers.update(headers)
    password = PASSWORD if n == RATE else "guess"  # the right one, at last
    answer = client.post(
        "/api/v1/auth/token/", {"username": people[0].username, "password": password}
    )
    return Reply(
        answer.status_code, answer.headers.get("Retry-After"), answer.content.decode()
    )


def _form(
    path: str, fields: dict[str, str], url: str, headers: dict[str, str], **more: Any
) -> Reply:
    answer = Browser(url).submit(path, fields, headers={**ENGLISH, **headers}, **more)
    return Reply(answer.status, answer.headers.get("Retry-After"), answer.body)


def site_login(url: str, headers: dict[str, str], n: int, people: list[Any]) -> Reply:
    password = PASSWORD if n == RATE else "guess"
    fields = {"username": people[0].username, "password": password}
    return _form("/login/", fields, url, headers)


def admin_login(url: str, headers: dict[str, str], n: int, people: list[Any]) -> Reply:
    password = PASSWORD if n == RATE else "guess"
    fields = {"username": people[0].username, "password": password, "next": "/admin/"}
    return _form("/admin/login/", fields, url, headers, action="/admin/login/?next=/")


def anonymous(url: str, headers: dict[str, str], n: int, people: list[Any]) -> Reply:
    client = HttpClient(url)
    client.headers.update(headers)
    answer = client.get("/api/v1/ping/")
    return Reply(
        answer.status_code, answer.headers.get("Retry-After"), answer.content.decode()
    )


def table(url: str, headers: dict[str, str], n: int, people: list[Any]) -> Reply:
    return _form("/table/", {"code": f"WRONG{n:03d}"}, url, headers)


def reset_by_caller(
    url: str, headers: dict[str, str], n: int, people: list[Any]
) -> Reply:
    """A link asked for a new address each time: counted by caller only."""
    fields = {"email": people[n].email}
    return _form("/accounts/password-reset/", fields, url, headers)


def reset_one_address(
    url: str, headers: dict[str, str], n: int, people: list[Any]
) -> Reply:
    return _form("/accounts/password-reset/", {"email": people[0].email}, url, headers)


def reset_no_account(
    url: str, headers: dict[str, str], n: int, people: list[Any]
) -> Reply:
    """An address no account has: answered exactly as one that has."""
    fields = {"email": f"nobody-{people[0].username}@example.org"}
    return _form("/accounts/password-reset/", fields, url, headers)


TOO_MANY_LOGINS = "Too many login attempts: try again in a minute."
TOO_MANY_LINKS = "Too many requests for a link: try again in 60 minutes."
SENT = "If an account has that e-mail, a link to set a new password is on its way."


def _api_refusal(body: str) -> None:
    assert '"status":429' in body.replace(" ", ""), body
    assert '"code":"throttled"' in body.replace(" ", ""), body


def _page_refusal(text: str) -> Callable[[str], None]:
    def check(body: str) -> None:
        assert _alert(body) == [text], body

    return check


def _plain_refusal(body: str) -> None:
    assert body == TOO_MANY_LOGINS


@dataclass(frozen=True, slots=True)
class Surface:
    attempt: Attempt
    allowed: int  # the status of an attempt within the rate
    refused: Callable[[str], None]  # what the 429's body says
    retry_at_most: int


SURFACES = {
    "api-token-login": Surface(api_login, 400, _api_refusal, 60),
    "site-login": Surface(site_login, 200, _plain_refusal, 60),
    "admin-login": Surface(admin_login, 200, _plain_refusal, 60),
    "anonymous-rate": Surface(anonymous, 200, _api_refusal, 60),
    "table-sign-in": Surface(
        table, 400, _page_refusal("Too many tries: wait a minute."), 60
    ),
    "reset-by-caller": Surface(
        reset_by_caller, 200, _page_refusal(TOO_MANY_LINKS), 3600
    ),
    "reset-one-address": Surface(
        reset_one_address, 200, _page_refusal(TOO_MANY_LINKS), 3600
    ),
    "reset-no-account": Surface(
        reset_no_account, 200, _page_refusal(TOO_MANY_LINKS), 3600
    ),
}


@pytest.fixture(scope="module")
def mail_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mail")


@pytest.fixture(scope="module")
def servers(django_db_setup: None, mail_dir: Path) -> Iterator[dict[int, str]]:
    """The URL of a server by its number of trusted proxies (0 and 1)."""
    if not redis_up():
        pytest.skip("needs Redis on 127.0.0.1:6379 (the throttles' counters)")
    started = {
        proxies: start_server(
            ARBITRO_TRUSTED_PROXIES=str(proxies),
            ARBITRO_CACHE_URL=redis_url(),
            ARBITRO_CACHE_PREFIX=PREFIX,
            ARBITRO_MAIL_DIR=str(mail_dir),
            **RATES,
        )
        for proxies in (0, 1)
    }
    yield {proxies: url for proxies, (_process, url) in started.items()}
    for process, _url in started.values():
        stop_server(process)


@pytest.fixture
def serve(
    servers: dict[int, str], mail_dir: Path, settings: Any
) -> Iterator[dict[int, str]]:
    """The servers, with no count left from another test; their cache and
    mail folder are this process's too."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url(),
            "KEY_PREFIX": PREFIX,
        }
    }
    settings.EMAIL_FILE_PATH = str(mail_dir)
    clear_redis_cache()
    yield servers
    clear_redis_cache()


@pytest.fixture
def people() -> list[Any]:
    """Accounts with an e-mail each; the first is staff (the admin's login)."""
    run = uuid.uuid4().hex[:6]
    return [
        get_user_model().objects.create_user(
            f"caller{n}-{run}",
            email=f"caller{n}-{run}@example.org",
            password=PASSWORD,
            is_staff=n == 0,
        )
        for n in range(RATE + 1)
    ]


def _check_refused(surface: Surface, reply: Reply) -> None:
    assert reply.status == 429, reply
    assert reply.retry_after is not None
    assert 0 < int(reply.retry_after) <= surface.retry_at_most
    surface.refused(reply.body)


def _check_allowed(name: str, surface: Surface, reply: Reply) -> None:
    assert reply.status == surface.allowed, (name, reply.status, reply.body[:300])
    if name.startswith("reset"):
        assert SENT in reply.body  # the same page, account or none


def _mails(people: list[Any]) -> list[int]:
    return [len(inbox(person.email)) for person in people]


@pytest.mark.parametrize("name", SURFACES)
def test_a_forged_forwarded_for_changes_nobody_without_a_trusted_proxy(
    name: str, serve: dict[int, str], people: list[Any]
) -> None:
    """Forty wrong passwords went through before, each under a new
    X-Forwarded-For: with no trusted proxy the header is not read."""
    surface = SURFACES[name]
    url = serve[0]
    replies = [
        surface.attempt(url, {"X-Forwarded-For": f"203.0.113.{n + 1}"}, n, people)
        for n in range(RATE + 1)
    ]
    for reply in replies[:RATE]:
        _check_allowed(name, surface, reply)
    _check_refused(surface, replies[RATE])
    if name == "reset-by-caller":
        assert _mails(people) == [1, 1, 1, 0]  # none past the rate
    if name == "reset-one-address":
        assert _mails(people) == [RATE, 0, 0, 0]
    if name == "reset-no-account":
        assert _mails(people) == [0, 0, 0, 0]


CALLER_SURFACES = [
    n for n in SURFACES if n not in {"reset-one-address", "reset-no-account"}
]


@pytest.mark.parametrize("name", CALLER_SURFACES)
def test_behind_one_trusted_proxy_the_address_it_appends_is_the_caller(
    name: str, serve: dict[int, str], people: list[Any]
) -> None:
    """A client rotating the entries left of the proxy's is one caller; a
    second client, naming the first on its left, counts apart."""
    surface = SURFACES[name]
    url = serve[1]
    forged = [
        surface.attempt(
            url, {"X-Forwarded-For": f"203.0.113.{n + 1}, {CLIENT_A}"}, n, people
        )
        for n in range(RATE + 1)
    ]
    for reply in forged[:RATE]:
        _check_allowed(name, surface, reply)
    _check_refused(surface, forged[RATE])
    other = surface.attempt(
        url, {"X-Forwarded-For": f"{CLIENT_A}, {CLIENT_B}"}, 0, people
    )
    _check_allowed(name, surface, other)
    if name == "reset-by-caller":
        assert _mails(people) == [2, 1, 1, 0]  # the second client's is sent


def test_a_reset_address_is_counted_whoever_asks(
    serve: dict[int, str], people: list[Any]
) -> None:
    """Past the rate for one address no caller gets it another mail: the
    address's own count, behind a trusted proxy, from two real clients
    (neither past the rate by caller)."""
    surface = SURFACES["reset-one-address"]
    url = serve[1]
    replies = [
        surface.attempt(url, {"X-Forwarded-For": client}, 0, people)
        for client in (CLIENT_A, CLIENT_B, CLIENT_A, CLIENT_B)
    ]
    for reply in replies[:RATE]:
        _check_allowed("reset", surface, reply)
    _check_refused(surface, replies[RATE])
    italian = _form(
        "/accounts/password-reset/",
        {"email": people[0].email},
        url,
        {"X-Forwarded-For": CLIENT_B, "Accept-Language": "it"},
    )
    assert (italian.status, _alert(italian.body)) == (
        429,
        ["Troppe richieste di un link: riprova tra 60 minuti."],
    )
    assert _mails(people) == [RATE, 0, 0, 0]
