"""Say what a file is when it is not a results file we read (decision 0224).

A results import is handed whatever a user downloaded: a JFR Pary traveller
page saved from the web, a Tournament Calculator ``results.json``, a PBN or
USEBIO file. Read with the reader its name suggests, the first two were
refused as "malformed usebio file: undefined entity" or "element format:
None is not 'arbitro-results'", which tells the user nothing. ``identify``
looks at the content first and refuses, naming what it found and what to
import instead. Pure standard library.
"""

from __future__ import annotations

import json
import re

from scoring.formats.errors import UnsupportedFile

__all__ = ["READ", "identify"]

READ = "a PBN, USEBIO or Arbitro JSON results file"
"""What the import reads, as every refusal names it."""

_HTML = re.compile(rb"^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>])", re.IGNORECASE)
_GENERATOR = re.compile(
    rb"<meta\s+name=[\"']generator[\"']\s+content=[\"']([^\"']*)[\"']", re.IGNORECASE
)
# Programs whose results are published as web pages, by their GENERATOR.
_PAGE_PROGRAMS = (
    ("jfr", "JFR Pary"),
    ("bridgecomposer", "BridgeComposer"),
    ("bridgewebs", "BridgeWebs"),
)


def identify(data: bytes) -> None:
    """Refuse a file that is not a results file we read, naming what it is.

    Raise ``UnsupportedFile`` for an HTML page (naming the program its
    ``GENERATOR`` says made it) and for a JSON document that is not ours (a
    Tournament Calculator ``results.json`` by name). Anything else is left to
    the format's reader, which names the line or element that is wrong.
    """
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if _HTML.match(head):
        raise UnsupportedFile(_page(data[:16384]))
    if head.lstrip()[:1] in (b"{", b"["):
        _json(data)


def _page(head: bytes) -> str:
    found = _GENERATOR.search(head)
    generator = found[1].decode("latin-1").strip() if found else ""
    program = next(
        (name for needle, name in _PAGE_PROGRAMS if needle in generator.lower()), ""
    )
    said = f" (its GENERATOR says {generator!r})" if generator else ""
    made = f" from {program}" if program else ""
    return (
        f"this is an HTML page{made}{said}, not a results file: export the "
        f"event from {program or 'its program'} as {READ}"
    )


def _json(data: bytes) -> None:
    try:
        root = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return  # the JSON reader names the line or the limit
    if not isinstance(root, dict):
        return
    if root.get("format") == "arbitro-results":
        return
    results = root.get("Results")
    if isinstance(results, list) and any(
        isinstance(r, dict) and "Participant" in r for r in results
    ):
        # Tournament Calculator's web presentation (results.json): places,
        # participants and points, no travellers Arbitro could score.
        raise UnsupportedFile(
            "a Tournament Calculator file (its results.json): not supported; "
            "export the event from Tournament Calculator as PBN and import that"
        )
    if "format" not in root:
        keys = ", ".join(sorted(str(k) for k in root)[:5])
        raise UnsupportedFile(
            f"a JSON document that is not an Arbitro results export (it has "
            f"no format field; its keys: {keys or 'none'}): Arbitro reads {READ}"
        )
