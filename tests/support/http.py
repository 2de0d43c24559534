"""A test client that speaks real HTTP to the test server, with a real token.

It answers like DRF's ``APIClient`` as the end-to-end tests use it
(``status_code``, ``json()``), so the same scenarios run in process and over
a socket to gunicorn in another process (``tests/support/server.py``). A
client for a user logs in at ``/api/v1/auth/token/`` as any client does and
sends the key it gets back (``tests/support/auth.py``).
"""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlencode, urlsplit

from tests.support.auth import sign_in


class HttpResponse:
    def __init__(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.status_code = status
        self.content = body
        self.headers = headers

    def json(self) -> Any:
        return json.loads(self.content)


class HttpClient:
    def __init__(self, base_url: str, user: Any | None = None) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.headers = {"Accept": "application/json"}
        if user is not None:
            self.headers["Authorization"] = f"Token {sign_in(self, user)}"

    def _request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> HttpResponse:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        sent = {**self.headers, **(headers or {})}
        payload: bytes | str | None
        if isinstance(body, bytes):
            payload = body  # a file, sent with its own Content-Type header
        else:
            payload = None if body is None else json.dumps(body, default=str)
            if payload is not None:
                sent["Content-Type"] = "application/json"
        try:
            connection.request(method, path, payload, sent)
            response = connection.getresponse()
            return HttpResponse(
                response.status, response.read(), dict(response.headers)
            )
        finally:
            connection.close()

    def get(
        self, path: str, data: dict[str, Any] | None = None, **_: Any
    ) -> HttpResponse:
        if data:
            path = f"{path}?{urlencode(data)}"
        return self._request("GET", path)

    def post(
        self, path: str, data: Any = None, format: str = "json", **extra: Any
    ) -> HttpResponse:
        headers = {
            key.removeprefix("HTTP_").replace("_", "-").title(): str(value)
            for key, value in extra.items()
            if key.startswith("HTTP_")
        }
        return self._request("POST", path, data, headers)

    def post_file(self, path: str, data: bytes, content_type: str) -> HttpResponse:
        """Send ``data`` as the request body, with its own content type."""
        return self._request("POST", path, data, {"Content-Type": content_type})

    def delete(self, path: str, **_: Any) -> HttpResponse:
        return self._request("DELETE", path)
