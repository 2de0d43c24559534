"""The API's WSGI application as the test server process runs it.

The one difference from ``config.wsgi``: when ``ARBITRO_TEST_CLOCK_FILE``
names a file holding an ISO instant, that instant is the event store's
clock (``EventStore.now``), so a test can pin the server's database time
at a deadline as it pins its own; an empty or missing file is real time.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from config.wsgi import application
from eventstore.store import EventStore

__all__ = ["application"]

_CLOCK = os.environ.get("ARBITRO_TEST_CLOCK_FILE")

if _CLOCK:
    _real_now = EventStore.now
    _file = Path(_CLOCK)

    def _now(self: EventStore) -> datetime:
        text = _file.read_text().strip() if _file.exists() else ""
        return datetime.fromisoformat(text) if text else _real_now(self)

    EventStore.now = _now  # type: ignore[method-assign]
