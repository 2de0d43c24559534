"""A client that reads as an operator (federation staff): health's full report."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient


def operator_client() -> APIClient:
    """An API client authenticated as a superuser (never saved: no row)."""
    client = APIClient()
    client.force_authenticate(user=get_user_model()(username="ops", is_superuser=True))
    return client
