"""Per-client rate limits (issue 16, decision 0106).

DRF's throttles, counted in the default cache (Redis in production), with
their rates read from ``ARBITRO_THROTTLE_RATES`` at each request (so a test
or an operator's override applies at once). A throttled request answers 429
with ``Retry-After``.

- ``anon``: an anonymous caller, by address; stricter than
- ``user``: an authenticated caller, by user;
- ``login``: attempts to obtain a token, by username and address together:
  past the rate (5 a minute), every attempt for that username from that
  address is refused, the right password included, until the oldest attempt
  leaves the window (a lockout of at most a minute that another address does
  not share, so nobody locks a director out from elsewhere).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework.request import Request
from rest_framework.throttling import (
    AnonRateThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

__all__ = [
    "AnonThrottle",
    "FormLoginThrottle",
    "LoginThrottle",
    "UserThrottle",
    "login_refused",
]


class _RateFromSettings:
    scope: str

    def get_rate(self) -> str | None:
        rate: str | None = settings.ARBITRO_THROTTLE_RATES.get(self.scope)
        return rate


class AnonThrottle(_RateFromSettings, AnonRateThrottle):
    scope = "anon"


class UserThrottle(_RateFromSettings, UserRateThrottle):
    scope = "user"


class LoginThrottle(_RateFromSettings, SimpleRateThrottle):
    scope = "login"

    def get_cache_key(self, request: Request, view: Any) -> str:
        try:
            data = request.data
        except Exception:  # an unreadable body: counted under no name
            data = {}
        username = str(data.get("username", "")) if isinstance(data, dict) else ""
        ident = f"{username.strip().lower()[:150]}|{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class FormLoginThrottle(LoginThrottle):
    """The same ``login`` rate for a sign-in form (the admin's, the site's):
    counted by the form's username and the address, under the form's prefix."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def get_cache_key(self, request: Any, view: Any) -> str:
        username = str(request.POST.get("username", ""))
        name = username.strip().lower()[:150]
        ident = f"{self.prefix}|{name}|{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


def login_refused(request: HttpRequest, prefix: str) -> HttpResponse | None:
    """429 with ``Retry-After`` when a sign-in form's POST is past the rate."""
    if request.method != "POST":
        return None
    throttle = FormLoginThrottle(prefix)
    if throttle.allow_request(request, None):  # type: ignore[arg-type]  # a Django request: the throttle reads only META and POST
        return None
    response = HttpResponse(
        _("Too many login attempts: try again in a minute."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(max(1, round(throttle.wait() or 60)))
    return response
