"""The console's pages in Debian's chromium, as the results site's tests
drive it (their ``browser``, ``shot`` and ``server`` fixtures), and the
results projection's runner process (``start_runner``)."""

from tests.results_site.e2e.conftest import browser, server, shot
from tests.support.runner import start_runner

__all__ = ["browser", "server", "shot", "start_runner"]
