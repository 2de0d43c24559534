"""The people's pages in chromium, against the server process (as the results site's)."""

from tests.results_site.e2e.conftest import browser, shot
from tests.support.server import server

__all__ = ["browser", "server", "shot"]
