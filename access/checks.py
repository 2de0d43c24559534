"""The deployment's checks of how callers are identified (decision 0211)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

__all__ = ["trusted_proxies"]


@register(Tags.security, deploy=True)
def trusted_proxies(app_configs: Any, **kwargs: Any) -> list[Warning]:
    """Warn a deployment that names no trusted proxy: behind one, every
    caller would be the proxy's address and share its rates."""
    if settings.ARBITRO_TRUSTED_PROXIES:
        return []
    return [
        Warning(
            "ARBITRO_TRUSTED_PROXIES is not set: each caller is the socket's "
            "peer and X-Forwarded-For is ignored",
            hint="Behind nginx (or any proxy) set it to the number of proxies "
            "in front of gunicorn (1 for one nginx), or every caller shares "
            "the proxy's address and its rates; 0 only where clients reach "
            "gunicorn directly.",
            id="access.W001",
        )
    ]
