"""Clients that sign in as the API's callers do: a password, then a token.

The key comes from ``POST /api/v1/auth/token/`` and goes on every request
as ``Authorization: Token <key>``, read by the API's own authentication
class (grants included), never by ``force_authenticate``.
"""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

PASSWORD = "arbitro-test-password"
TOKEN_PATH = "/api/v1/auth/token/"


def sign_in(client: Any, user: Any) -> str:
    """Give ``user`` a password, log in through ``client``; the token key."""
    user.set_password(PASSWORD)
    user.save(update_fields=["password"])
    response = client.post(
        TOKEN_PATH,
        {"username": user.get_username(), "password": PASSWORD},
        format="json",
    )
    assert response.status_code == 200, response.content
    key: str = response.json()["token"]
    assert len(key) == 40, key
    return key


def token_client(user: Any) -> APIClient:
    """Django's in-process client, signed in as ``user`` with a real token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {sign_in(client, user)}")
    return client
