"""A live fragment rendered once per position and shared by every poll that
asks for it (decision 0135).

The fragment's ETag names everything its content depends on: the session's
position, the language, the reader, whether the results are visible, the
page. A hundred phones on one session's standings ask for the same fragment
at each new position: the first poll renders it, the others are answered
from the cache (Django's: per process, or Redis when ``ARBITRO_CACHE_URL``
is set), with no page read. A fragment holds no form and no token.
"""

from __future__ import annotations

from django.core.cache import cache

# Long enough for every open page's next poll; a new position is a new key.
SHARED_SECONDS = 60


def _key(tag: str) -> str:
    return f"results_site:fragment:{tag}"


def shared_fragment(tag: str) -> bytes | None:
    """The fragment already rendered for this ETag, if any."""
    found = cache.get(_key(tag))
    return found if isinstance(found, bytes) else None


def share_fragment(tag: str, content: bytes) -> None:
    cache.set(_key(tag), content, SHARED_SECONDS)
