"""DLM files: Duplimate's and Dealer4's hand records, a Windows INI text.

Layout (Hans van Staveren's BigDeal, ``output.c``, ``init_dlmcommon`` and
``print_dlm``, whose files Jannersten's software accepts; Steve Foster on
rec.games.bridge, "File formats", March 2011; boards from real Duplimate
files quoted on the BBO forums, "structure of DLM files", July 2013):

- a ``[Document]`` section of ``key=value`` lines: ``Headline``, ``Status``
  (``Show``, or ``Sealed`` for hands not to be shown on the machine's
  screen), ``Duplicates``, ``From board``, ``To board``, ``Next board to
  duplimate``, ``PrintOuts``, ``Crypto key`` and ``Checksum``;
- for each board ``NN`` (two digits, 01 to 99) a ``Duplicates NN=d`` line
  and a ``Board NN=`` line of 26 letters and a three-digit checksum. Each
  letter carries two cards in the machines' order (``cards.py``): ``a`` plus
  4 times the seat of the first card and once the seat of the second (N 0,
  E 1, S 2, W 3), so ``a`` is both to North and ``p`` both to West. The
  checksum is the board number XOR the board's duplicates XOR every letter's
  code (real boards: ``Board 01=cgcajjjnakpkchipnjhmbmbpbh022``).

Duplimate writes all 99 boards whatever the set, so the reader takes only
``From board`` to ``To board``. The writer writes as BigDeal does: the set's
boards, and every other board from 1 to 99 as a filler deal (North the
spades, East the hearts, South the diamonds, West the clubs), the header's
``Checksum`` being Duplicates XOR From board XOR To board, XOR 1 for
``Show``. A file with a ``Crypto key`` other than 0 is encrypted in a way no
description gives: it is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.bridge.card import Card
from rules.bridge.deal import Deal
from rules.bridge.deal_files.cards import MACHINE_ORDER, SEATS, checked_deal
from rules.bridge.deal_files.errors import DealFileError, Where
from rules.bridge.deal_files.model import DealFileFormat, FiledDeal, board_range
from rules.bridge.seat import Seat

__all__ = ["looks_like_dlm", "read_dlm", "write_dlm"]

_HIGHEST = 99
_BOARD_VALUE = re.compile(r"([a-p]{26})(\d{3})")
_KEY = re.compile(r"(board|duplicates) +(\d{1,2})", re.IGNORECASE)
_FILLER = "aaaaaabffffffkkkkkklpppppp"


def looks_like_dlm(text: str) -> bool:
    """Return whether the text is a DLM file: a [Document] section with boards."""
    lowered = text.lower()
    return (
        "[document]" in lowered and re.search(r"^board +\d", lowered, re.M) is not None
    )


def _checksum(board: int, duplicates: int, letters: str) -> int:
    value = board ^ duplicates
    for letter in letters:
        value ^= ord(letter)
    return value


def _header_number(
    header: dict[str, tuple[str, int]], key: str, low: int, high: int
) -> int:
    found = header.get(key)
    if found is None:
        raise DealFileError(f"the [Document] section has no {key!r}")
    value, line = found
    if not value.isdigit() or not low <= int(value) <= high:
        raise DealFileError(
            f"{key} is {value!r}, not a number from {low} to {high}",
            where=Where(line=line),
        )
    return int(value)


def _deal_of(letters: str, *, board: int, where: Where) -> Deal:
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    for index, letter in enumerate(letters):
        code = ord(letter) - ord("a")
        hands[SEATS[code >> 2]].append(MACHINE_ORDER[2 * index])
        hands[SEATS[code & 3]].append(MACHINE_ORDER[2 * index + 1])
    return checked_deal(hands, board=board, where=where)


def read_dlm(text: str) -> tuple[FiledDeal, ...]:
    """Return the deals of a DLM file, boards ``From board`` to ``To board``.

    Raise ``DealFileError`` naming the line, the board and the hand for a
    missing or malformed board, a checksum that disagrees with the board's
    letters, an encrypted file, or a deal that is not one (Law 6B).
    """
    section: str | None = None
    header: dict[str, tuple[str, int]] = {}
    boards: dict[int, tuple[str, int]] = {}
    duplicates: dict[int, int] = {}
    for line, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1].strip().lower()
            continue
        if section != "document":
            continue
        key, sep, value = stripped.partition("=")
        if not sep:
            raise DealFileError(
                f"{stripped[:40]!r} is not key=value", where=Where(line=line)
            )
        key, value = key.strip(), value.strip()
        numbered = _KEY.fullmatch(key)
        if numbered is None:
            header[key.lower()] = (value, line)
        elif numbered.group(1).lower() == "board":
            boards[int(numbered.group(2))] = (value, line)
        else:
            duplicates[int(numbered.group(2))] = int(value) if value.isdigit() else 0
    if section is None and not header:
        raise DealFileError("the file has no [Document] section")
    crypto = header.get("crypto key", ("0", 0))
    if crypto[0] not in ("", "0"):
        raise DealFileError(
            "the deals are encrypted (Crypto key is not 0): export them "
            "unencrypted from the dealing program",
            where=Where(line=crypto[1]),
        )
    first = _header_number(header, "from board", 1, _HIGHEST)
    last = _header_number(header, "to board", first, _HIGHEST)
    deals: list[FiledDeal] = []
    for board in range(first, last + 1):
        if board not in boards:
            raise DealFileError(
                f"the file has no 'Board {board:02d}' line", board=board
            )
        value, line = boards[board]
        where = Where(line=line)
        found = _BOARD_VALUE.fullmatch(value)
        if found is None:
            raise DealFileError(
                "the board is not 26 letters from a to p and a 3-digit checksum",
                where=where,
                board=board,
            )
        letters, written = found.group(1), int(found.group(2))
        expected = _checksum(board, duplicates.get(board, 0), letters)
        if written != expected:
            raise DealFileError(
                f"the checksum is {written:03d}, the board's letters give "
                f"{expected:03d}: the file is damaged or was edited",
                where=where,
                board=board,
            )
        deals.append(FiledDeal(board, _deal_of(letters, board=board, where=where)))
    return tuple(deals)


def _letters(deal: Deal) -> str:
    seat_of = {card: seat.position for seat, hand in deal for card in hand}
    return "".join(
        chr(
            ord("a")
            + (seat_of[MACHINE_ORDER[2 * i]] << 2)
            + seat_of[MACHINE_ORDER[2 * i + 1]]
        )
        for i in range(26)
    )


def _board_lines(number: int, letters: str) -> list[str]:
    return [
        f"Duplicates {number:02d}=0",
        f"Board {number:02d}={letters}{_checksum(number, 0, letters):03d}",
    ]


def write_dlm(deals: Mapping[int, Deal], *, headline: str) -> bytes:
    """Return a DLM file of the deals (Windows lines, code page 1252).

    Raise ``DealsNotWritable`` when a board between the first and the last
    has no deal, or a board is beyond 99 (two digits).
    """
    boards = board_range(deals, DealFileFormat.DLM, _HIGHEST)
    first, last = boards.start, boards.stop - 1
    lines = [
        "[Document]",
        "Headline=" + " ".join(headline.split()),
        "Status=Show",
        "Duplicates=0",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={0 ^ first ^ last ^ 1}",
    ]
    for number in range(1, _HIGHEST + 1):
        letters = _letters(deals[number]) if number in boards else _FILLER
        lines.extend(_board_lines(number, letters))
    return ("\r\n".join(lines) + "\r\n").encode("cp1252", errors="replace")
