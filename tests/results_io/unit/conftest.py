"""Fixture files of hand-written results for the format tests."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "results"


@pytest.fixture
def club_pbn() -> str:
    """A 6-pair Howell, 4 boards x 3 tables, with pass-outs and adjusted scores."""
    return (FIXTURES / "club_pairs_mp.pbn").read_text(encoding="utf-8")


@pytest.fixture
def mitchell_usebio() -> bytes:
    """A 3-table two-winner Mitchell in USEBIO 1.2, ISO-8859-1 encoded."""
    return (FIXTURES / "mitchell_pairs_mp.xml").read_bytes()
