"""A browser's form posts over real HTTP, against a server process.

Cookies are kept between requests, as a browser keeps them; each form is
read first (GET) for its CSRF token, then posted with it, as Django's pages
expect. Extra headers go with both requests (``X-Forwarded-For``, as a
proxy or a forger would send it; ``Accept-Language``).
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

__all__ = ["Answer", "Browser"]


@dataclass(frozen=True, slots=True)
class Answer:
    """What the post answered: redirects followed, ``url`` where it landed."""

    status: int
    headers: dict[str, str]
    body: str
    url: str


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar)
        )

    def _open(self, request: urllib.request.Request) -> Answer:
        try:
            with self.opener.open(request, timeout=30) as response:
                return Answer(
                    response.status,
                    dict(response.headers),
                    response.read().decode(),
                    response.geturl(),
                )
        except urllib.error.HTTPError as error:
            return Answer(
                error.code, dict(error.headers), error.read().decode(), error.url
            )

    def submit(
        self,
        path: str,
        fields: dict[str, str],
        *,
        action: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """Open the form at ``path`` and post ``fields`` to ``action`` (the
        form's own path by default) with the page's CSRF token."""
        sent = dict(headers or {})
        page = self._open(urllib.request.Request(f"{self.base}{path}", headers=sent))
        assert page.status == 200, (path, page.status)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        token = found.group(1) if found else ""
        assert len(token) == 64  # Django's masked CSRF token
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields})
        request = urllib.request.Request(
            f"{self.base}{action or path}",
            data=body.encode(),
            headers={**sent, "Referer": f"{self.base}{path}"},
        )
        return self._open(request)
