"""Results files: guess the format, read into and write from the interchange model.

PBN (decisions 0025-0026), USEBIO (0027-0028) and the JSON export
(docs/results-json.md), all through ``scoring.formats``.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from scoring.formats import (
    FormatError,
    RankingEntry,
    TournamentResults,
    read_json,
    read_json_sessions,
    read_pbn,
    read_usebio,
    read_usebio_sessions,
    write_json,
    write_pbn,
    write_usebio,
)
from scoring.formats.sniff import identify

__all__ = [
    "FORMATS",
    "guess_format",
    "read_results",
    "read_sessions",
    "write_results",
]

FORMATS = ("pbn", "usebio", "json")


# -- reading ---------------------------------------------------------------


def guess_format(name: str, data: bytes) -> str:
    """Return "pbn", "usebio" or "json" from the file name, else its content."""
    lowered = name.lower()
    for suffix, fmt in ((".pbn", "pbn"), (".xml", "usebio"), (".json", "json")):
        if lowered.endswith(suffix):
            return fmt
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    return {b"<": "usebio", b"{": "json"}.get(start, "pbn")


def _text(data: bytes, fmt: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if fmt == "pbn":
            # PBN 2.1 §3.1: the character set is ISO 8859-1 unless declared.
            return data.decode("latin-1")
        line = data[: exc.start].count(b"\n") + 1
        raise FormatError("the file is not UTF-8 text", line=line) from None


def read_results(
    data: bytes, fmt: str, settings: Mapping[str, object] | None = None
) -> TournamentResults:
    """Read a results file; raise ``FormatError`` naming the line or element.

    ``settings`` are the user's import settings (decision 0129); the reader
    takes what it needs of them (the worth of ``A+``/``A-`` in PBN).
    """
    identify(data)  # another program's page or JSON, named (decision 0224)
    settings = settings or {}
    if fmt == "usebio":
        section = settings.get("section")
        return read_usebio(data, section=str(section) if section else None)
    if fmt == "pbn":
        plus, minus = settings.get("average_plus"), settings.get("average_minus")
        return read_pbn(
            _text(data, fmt),
            average_plus=Decimal(str(plus)) if plus is not None else None,
            average_minus=Decimal(str(minus)) if minus is not None else None,
        )
    if fmt == "json":
        return read_json(_text(data, fmt))
    raise ValueError(f"unknown format {fmt!r}")


def read_sessions(
    data: bytes, fmt: str, settings: Mapping[str, object] | None = None
) -> tuple[tuple[TournamentResults, ...], tuple[RankingEntry, ...]]:
    """Read a results file session by session, with the event's ranking: a
    USEBIO or JSON file may hold several sessions of a teams event (decision
    0179); a PBN file is one session."""
    identify(data)
    if fmt == "usebio":
        section = (settings or {}).get("section")
        return read_usebio_sessions(data, section=str(section) if section else None)
    if fmt == "json":
        return read_json_sessions(_text(data, fmt))
    one = read_results(data, fmt, settings)
    return (one,), one.ranking


def write_results(
    results: TournamentResults, fmt: str, *, usebio_version: str = "1.2"
) -> str:
    """Write the model as "pbn", "usebio" (1.2 or 1.3) or "json" text."""
    if fmt == "pbn":
        return write_pbn(results)
    if fmt == "usebio":
        return write_usebio(results, version=usebio_version)
    if fmt == "json":
        return write_json(results)
    raise ValueError(f"unknown format {fmt!r}")
