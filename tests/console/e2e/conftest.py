"""The console's pages in Debian's chromium, as the results site's tests
drive it (their ``browser``, ``shot`` and ``server`` fixtures)."""

from tests.results_site.e2e.conftest import browser, server, shot

__all__ = ["browser", "server", "shot"]
