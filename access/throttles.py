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
from rest_framework.request import Request
from rest_framework.throttling import (
    AnonRateThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

__all__ = ["AnonThrottle", "LoginThrottle", "UserThrottle"]


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
