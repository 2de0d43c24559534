"""Who is calling: a caller's address, as the deployment names it (issue 28).

The one place that reads ``REMOTE_ADDR`` and ``X-Forwarded-For``
(decision 0211). Every throttle (the API's, the sign-in forms', the
password reset's, the table sign-in's) identifies an anonymous caller by
``caller_address``, so a client can never choose its own identity.

``ARBITRO_TRUSTED_PROXIES`` is how many proxies stand in front of gunicorn
(DRF's ``NUM_PROXIES``, which the settings set to the same number). None
(0, the default): ``X-Forwarded-For`` is ignored, the caller is the peer of
the socket (``REMOTE_ADDR``). N: each proxy appends the address it was
called from, so the entry the N-th proxy from the right wrote is the
client's address as the outermost proxy saw it; entries to its left are
whatever the client sent, and never read. That is DRF's rule (the N-th
entry from the right, or the left-most when there are fewer). An entry
that is not an IP address was not written by a proxy: the socket's peer
is the caller then.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings

__all__ = ["caller_address"]


def caller_address(request: Any) -> str:
    """Return the caller's address: the trusted proxies' entry, or the peer.

    ``request`` is anything with Django's ``META`` (a Django request, DRF's
    ``Request``).
    """
    meta = request.META
    peer = str(meta.get("REMOTE_ADDR") or "")
    proxies: int = settings.ARBITRO_TRUSTED_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if not proxies or not forwarded:
        return peer
    entries = str(forwarded).split(",")
    entry = entries[-min(proxies, len(entries))].strip()
    try:
        return ipaddress.ip_address(entry).compressed
    except ValueError:
        return peer
