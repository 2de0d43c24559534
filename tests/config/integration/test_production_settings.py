"""Production refuses to start on the embedded key or with DEBUG (issue 16, item 8).

Each case imports the settings in a fresh interpreter, as a server would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GOOD_KEY = "k" * 50


def _start(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("debug", ["0", "1"])
def test_production_refuses_the_embedded_key_whatever_debug_says(debug: str) -> None:
    run = _start(ARBITRO_PRODUCTION="1", DEBUG=debug)
    assert run.returncode == 1
    assert "SECRET_KEY must be set in production" in run.stderr


def test_production_refuses_a_short_key() -> None:
    run = _start(ARBITRO_PRODUCTION="1", SECRET_KEY="change-me")
    assert run.returncode == 1
    assert "at least 50 characters" in run.stderr


def test_production_refuses_debug_even_with_a_good_key() -> None:
    run = _start(ARBITRO_PRODUCTION="1", SECRET_KEY=GOOD_KEY, DEBUG="1")
    assert run.returncode == 1
    assert "DEBUG must be off in production" in run.stderr


def test_production_starts_with_a_good_key_and_debug_off() -> None:
    run = _start(ARBITRO_PRODUCTION="1", SECRET_KEY=GOOD_KEY, DEBUG="0")
    assert (run.returncode, run.stdout.strip()) == (0, "started")


def test_embedded_mode_starts_on_the_embedded_key() -> None:
    run = _start(ARBITRO_PRODUCTION="0", DEBUG="1")
    assert (run.returncode, run.stdout.strip()) == (0, "started")


@pytest.mark.parametrize(
    ("value", "refusal"),
    [
        ("-1", "ARBITRO_TRUSTED_PROXIES must be 0 or the number of proxies, not -1"),
        ("one", "ARBITRO_TRUSTED_PROXIES must be an integer, not 'one'"),
    ],
)
def test_a_number_of_trusted_proxies_that_is_none_is_refused(
    value: str, refusal: str
) -> None:
    """Decision 0211: a wrong count would name a forged entry the caller."""
    run = _start(ARBITRO_TRUSTED_PROXIES=value)
    assert run.returncode == 1
    assert refusal in run.stderr
