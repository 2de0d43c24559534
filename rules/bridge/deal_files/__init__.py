"""Hand-record files of the dealing machines: DUP, BRI and DLM, read and written.

Clubs deal their boards with Duplimate (Jannersten) and Dealer4 machines and
exchange the deals as DUP, BRI and DLM files besides PBN (decision 0225).
Each reader returns the deals a file holds, every one checked (Laws of
Duplicate Bridge 2017, FIGB edition, Law 6B: 52 distinct cards, 13 a hand)
and refused with the record or line, the board and the hand named; each
writer numbers the boards as its format does (Law 2 then gives each board's
dealer and vulnerability; none of the three formats writes them). No
maintained library reads these formats (endplay reads PBN, LIN and JSON),
so they are read here, pure standard library. PBN is read and written by
``scoring.formats.pbn`` through ``tournaments.adapters.hand_records``.
"""

from __future__ import annotations

import contextlib

from rules.bridge.deal_files.bri import read_bri, write_bri
from rules.bridge.deal_files.cards import MACHINE_ORDER, card_number, checked_deal
from rules.bridge.deal_files.dlm import looks_like_dlm, read_dlm, write_dlm
from rules.bridge.deal_files.dup import looks_like_dup, read_dup, write_dup
from rules.bridge.deal_files.errors import DealFileError, DealsNotWritable, Where
from rules.bridge.deal_files.model import DealFileFormat, FiledDeal

__all__ = [
    "MACHINE_ORDER",
    "DealFileError",
    "DealFileFormat",
    "DealsNotWritable",
    "FiledDeal",
    "Where",
    "card_number",
    "checked_deal",
    "detect_format",
    "read_bri",
    "read_dlm",
    "read_dup",
    "write_bri",
    "write_dlm",
    "write_dup",
]


def detect_format(data: bytes, name: str | None = None) -> DealFileFormat:
    """Return a hand-record file's format: its name's extension, else its content.

    By content: a DUP record (78 digits, then ``Y``/``N`` at bytes 147 and
    148), else 78 digits (BRI), else a ``[Document]`` section with boards
    (DLM), else PBN.
    """
    if name:
        extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        with contextlib.suppress(ValueError):
            return DealFileFormat(extension)
    if looks_like_dup(data):
        return DealFileFormat.DUP
    if data[:78].isdigit():
        return DealFileFormat.BRI
    if looks_like_dlm(data[:4096].decode("latin-1")):
        return DealFileFormat.DLM
    return DealFileFormat.PBN
