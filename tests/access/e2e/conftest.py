"""The tests over real HTTP share one server process (``tests/support/server.py``)."""

from tests.support.server import server

__all__ = ["server"]
