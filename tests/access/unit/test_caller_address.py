"""Who is calling (issue 28, decision 0211): the one function every throttle
identifies a caller by, DRF's right-most-but-N rule behind the trusted
proxies, and the socket's peer when none is named."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.core.checks import Warning
from django.test import RequestFactory
from rest_framework.throttling import BaseThrottle

from access.callers import caller_address
from access.checks import trusted_proxies

ROOT = Path(__file__).resolve().parents[3]
PEER = "10.0.0.2"  # nginx, as gunicorn sees it


def _request(forwarded: str | None) -> Any:
    extra = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return RequestFactory().get("/", REMOTE_ADDR=PEER, **extra)


@pytest.mark.parametrize(
    ("proxies", "forwarded", "caller"),
    [
        # No trusted proxy: whatever the client wrote is not read.
        (0, "203.0.113.9", PEER),
        (0, "203.0.113.9, 198.51.100.7", PEER),
        (0, None, PEER),
        # One nginx appending $remote_addr: its entry, the right-most.
        (1, "198.51.100.7", "198.51.100.7"),
        (1, "203.0.113.9, 198.51.100.7", "198.51.100.7"),
        (1, "1.1.1.1,2.2.2.2 , 198.51.100.7 ", "198.51.100.7"),
        (1, None, PEER),
        # Two proxies: the outer one's entry, second from the right.
        (2, "203.0.113.9, 198.51.100.7, 10.0.0.1", "198.51.100.7"),
        # Fewer entries than proxies: the left-most, as DRF takes it.
        (2, "198.51.100.7", "198.51.100.7"),
        (1, "2001:DB8::1", "2001:db8::1"),
    ],
)
def test_the_caller_is_the_trusted_proxies_entry(
    proxies: int, forwarded: str | None, caller: str, settings: Any
) -> None:
    settings.ARBITRO_TRUSTED_PROXIES = proxies
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}
    request = _request(forwarded)
    assert caller_address(request) == caller
    # DRF's own rule with NUM_PROXIES wired to the same number agrees (an
    # IPv6 address aside, which DRF leaves as written).
    if ":" not in caller:
        assert BaseThrottle().get_ident(request) == caller


@pytest.mark.parametrize("entry", ["", "unknown", "198.51.100.7:443", "x" * 300])
def test_an_entry_no_proxy_writes_leaves_the_peer(entry: str, settings: Any) -> None:
    """nginx writes an address; anything else reached gunicorn around it."""
    settings.ARBITRO_TRUSTED_PROXIES = 1
    assert caller_address(_request(f"198.51.100.7, {entry}")) == PEER


def test_only_the_one_function_reads_the_callers_headers() -> None:
    """The class closed: no module but access.callers reads REMOTE_ADDR or
    X-Forwarded-For (a view counting by either would be forgeable again)."""
    pattern = re.compile(
        r"""["'](REMOTE_ADDR|HTTP_X_FORWARDED_FOR|X-Forwarded-For)["']""",
        re.IGNORECASE,
    )
    packages = [
        top
        for top in ROOT.iterdir()
        if top.is_dir() and (top / "__init__.py").exists() and top.name != "tests"
    ]
    readers = sorted(
        str(path.relative_to(ROOT))
        for top in packages
        for path in top.rglob("*.py")
        if pattern.search(path.read_text())
    )
    assert readers == ["access/callers.py"]


def test_a_deployment_naming_no_proxy_is_warned(settings: Any) -> None:
    settings.ARBITRO_TRUSTED_PROXIES = 0
    [warning] = trusted_proxies(None)
    assert isinstance(warning, Warning)
    assert (warning.id, warning.msg) == (
        "access.W001",
        "ARBITRO_TRUSTED_PROXIES is not set: each caller is the socket's peer "
        "and X-Forwarded-For is ignored",
    )
    settings.ARBITRO_TRUSTED_PROXIES = 1
    assert trusted_proxies(None) == []
