"""The results site's tests render a live page at every new position.

Production renders a page at most every ``ARBITRO_SITE_RENDER_INTERVAL``
seconds and reads a session's position at most every
``ARBITRO_SITE_STATE_SECONDS`` (decision 0167); the tests that enter a result
and poll at once would otherwise be answered the render of a moment before.
Their own tests set them back.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _render_every_position(settings: Any) -> None:
    settings.ARBITRO_SITE_RENDER_INTERVAL = 0
    settings.ARBITRO_SITE_STATE_SECONDS = 0
