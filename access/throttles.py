"""Per-client rate limits (issues 16 and 28, decisions 0106 and 0211).

DRF's throttles, counted in the default cache (Redis in production), with
their rates read from ``ARBITRO_THROTTLE_RATES`` at each request (so a test
or an operator's override applies at once). A throttled request answers 429
with ``Retry-After``. Every one of them identifies a caller by
``access.callers.caller_address``: the address the deployment's trusted
proxies name, never a header the client wrote (decision 0211).

- ``anon``: an anonymous caller, by address; stricter than
- ``user``: an authenticated caller, by user;
- ``login``: attempts to obtain a token, by username and address together:
  past the rate (5 a minute), every attempt for that username from that
  address is refused, the right password included, until the oldest attempt
  leaves the window (a lockout of at most a minute that another address does
  not share, so nobody locks a director out from elsewhere); the admin's and
  the site's sign-in forms count the same way (``login_refused``);
- ``reset`` and ``reset_caller``: password reset requests, by the e-mail
  address asked for (counted whether or not an account has it, so the
  answer tells nothing) and by caller;
- ``table``: a table's sign-in with its code, by caller.
"""

from __future__ import annotations

import hashlib
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

from access.callers import caller_address

__all__ = [
    "AnonThrottle",
    "FormThrottle",
    "LoginThrottle",
    "UserThrottle",
    "login_refused",
    "refused_for",
    "reset_throttles",
    "table_throttle",
]


class _RateFromSettings:
    scope: str | None

    def get_rate(self) -> str | None:
        if self.scope is None:
            return None
        rate: str | None = settings.ARBITRO_THROTTLE_RATES.get(self.scope)
        return rate

    def get_ident(self, request: Any) -> str:
        """The caller, as the deployment's trusted proxies name it."""
        return caller_address(request)


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


class FormThrottle(_RateFromSettings, SimpleRateThrottle):
    """A rate of ``scope`` for a form outside DRF, counted under ``ident``
    (built from the caller's address and what the form names)."""

    def __init__(self, scope: str, ident: str) -> None:
        self.scope = scope
        self.ident = ident
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}


def refused_for(request: HttpRequest, *throttles: FormThrottle) -> int | None:
    """Seconds to wait when one of ``throttles`` refuses the request (the
    ones before it counted it; those after do not), else None."""
    for throttle in throttles:
        if not throttle.allow_request(request, None):  # type: ignore[arg-type]  # a Django request: the throttle reads nothing of it
            return max(1, round(throttle.wait() or 60))
    return None


def _name(text: str) -> str:
    return text.strip().lower()[:254]


def login_refused(request: HttpRequest, prefix: str) -> HttpResponse | None:
    """429 with ``Retry-After`` when a sign-in form's POST is past the rate:
    the ``login`` rate, by the form's username and the caller, under the
    form's prefix (the admin's, the site's)."""
    if request.method != "POST":
        return None
    name = _name(str(request.POST.get("username", "")))[:150]
    ident = f"{prefix}|{name}|{caller_address(request)}"
    wait = refused_for(request, FormThrottle("login", ident))
    if wait is None:
        return None
    response = HttpResponse(
        _("Too many login attempts: try again in a minute."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(wait)
    return response


def reset_throttles(request: HttpRequest, email: str) -> tuple[FormThrottle, ...]:
    """The password reset's rates: by caller, then by the address asked for
    (its digest: no e-mail address is kept in the cache)."""
    digest = hashlib.sha256(_name(email).encode()).hexdigest()[:32]
    return (
        FormThrottle("reset_caller", caller_address(request)),
        FormThrottle("reset", digest),
    )


def table_throttle(request: HttpRequest) -> FormThrottle:
    """The table sign-in's rate, by caller (codes tried from one address)."""
    return FormThrottle("table", caller_address(request))
