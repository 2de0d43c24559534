"""What a hand-record file holds: a deal for each board, and its format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.deal import Deal
from rules.bridge.deal_files.errors import DealsNotWritable

__all__ = ["DealFileFormat", "FiledDeal", "board_range"]


class DealFileFormat(StrEnum):
    """The hand-record formats read and written, by their file extension."""

    PBN = "pbn"  # Portable Bridge Notation 2.1, text
    DUP = "dup"  # Duplimate (Jannersten): 156-byte records, BRI + DGE + setup
    BRI = "bri"  # Duplimate: 78 digits a board, West the cards left over
    DLM = "dlm"  # Duplimate's and Dealer4's Windows INI text, checksummed

    @property
    def media_type(self) -> str:
        """The media type a download of this format is sent as."""
        if self is DealFileFormat.PBN:
            return "application/x-pbn"
        if self is DealFileFormat.DLM:
            return "text/plain"
        return "application/octet-stream"


@dataclass(frozen=True, slots=True)
class FiledDeal:
    """One board's deal as a file gives it (checked: Law 6B)."""

    board_number: int
    deal: Deal


def board_range(
    deals: Mapping[int, Deal], file_format: DealFileFormat, highest: int | None
) -> range:
    """Return the boards a machine file of ``deals`` holds, first to last.

    Raise ``DealsNotWritable`` when a board between the first and the last
    has no deal (the file numbers its boards by position), or a board is
    beyond the ``highest`` the format can number.
    """
    if not deals:
        raise DealsNotWritable("there are no deals to write")
    boards = range(min(deals), max(deals) + 1)
    missing = [number for number in boards if number not in deals]
    if missing:
        listed = ", ".join(str(number) for number in missing[:10])
        raise DealsNotWritable(
            f"board {listed} has no deal: a {file_format.value.upper()} file "
            f"numbers its boards by position, from board {boards.start} to "
            f"board {boards.stop - 1}"
        )
    if highest is not None and boards.stop - 1 > highest:
        raise DealsNotWritable(
            f"a {file_format.value.upper()} file numbers boards up to {highest}, "
            f"not board {boards.stop - 1}"
        )
    return boards
