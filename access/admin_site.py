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

from access.throttles import login_refused

__all__ = ["ArbitroAdminSite"]


class ArbitroAdminSite(AdminSite):
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return login_refused(request, "admin") or super().login(request, extra_context)
