"""The results site in a real browser: Debian's chromium driven by Playwright,
against the gunicorn server process (``tests/support/server.py``).

Never a downloaded browser: ``executable_path`` is the system's chromium, in
a new user-data-dir, with no network of its own beyond the test server.
Screenshots go to ``$ARBITRO_SHOTS`` when it names a folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from tests.support.server import server

__all__ = ["browser", "server", "shot"]

# Playwright's sync API keeps an event loop running in the test's thread;
# the test's own database calls are synchronous and safe there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Browser:
    """One chromium for the test; a new context (window) per call."""

    def __init__(self, playwright: Any, root: Path) -> None:
        self.playwright = playwright
        self.root = root
        self.contexts: list[Any] = []

    def window(self, size: dict[str, int], language: str = "en-GB") -> Any:
        data_dir = self.root / f"profile-{len(self.contexts)}"
        context = self.playwright.chromium.launch_persistent_context(
            str(data_dir),
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport=size,
            locale=language,
            extra_http_headers={"Accept-Language": f"{language},{language[:2]};q=0.9"},
        )
        self.contexts.append(context)
        return context.pages[0] if context.pages else context.new_page()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        opened = Browser(playwright, tmp_path)
        try:
            yield opened
        finally:
            for context in opened.contexts:
                context.close()
            # The test's database calls made while Playwright's loop ran used
            # a connection of that context: close it here, in the same one,
            # or the test database cannot be dropped at the end.
            connections.close_all()


@pytest.fixture
def shot() -> Any:
    folder = os.environ.get("ARBITRO_SHOTS")

    def take(page: Any, name: str, full_page: bool = True) -> None:
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            path = str(Path(folder) / f"{name}.png")
            page.screenshot(path=path, full_page=full_page)

    return take
