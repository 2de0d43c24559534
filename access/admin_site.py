"""The admin site, with its login throttled like the API's (issue 16, item 4).

Django's admin login would otherwise take guesses at any speed. Its POSTs
count against the same ``login`` rate as ``/api/v1/auth/token/``, by
username and address (decision 0106): past it, 429 with ``Retry-After``,
the right password included, until the window slides.
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin import AdminSite
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from access.throttles import LoginThrottle

__all__ = ["ArbitroAdminSite"]


class _AdminLoginThrottle(LoginThrottle):
    def get_cache_key(self, request: Any, view: Any) -> str:
        username = str(request.POST.get("username", ""))
        ident = f"admin|{username.strip().lower()[:150]}|{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class ArbitroAdminSite(AdminSite):
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if request.method == "POST":
            throttle = _AdminLoginThrottle()
            if not throttle.allow_request(request, None):  # type: ignore[arg-type]  # a Django request: the throttle reads only META and POST
                wait = throttle.wait()
                response = HttpResponse(
                    _("Too many login attempts: try again in a minute."),
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                response["Retry-After"] = str(max(1, round(wait or 60)))
                return response
        return super().login(request, extra_context)
