"""Hand records as PBN: read a file of deals, write one for dealing machines.

Portable Bridge Notation 2.1: each board is a game with ``[Board]``,
``[Dealer]``, ``[Vulnerable]`` and ``[Deal]`` tags, the deal written from
the dealer's seat (as dealing machines and the EYC files do). Reading reuses
the pure results-file reader (decision 0025), so a hand record file and a
results file with deals are read alike. Laws of Duplicate Bridge 2017 (FIGB
edition), Law 2: a board's number fixes its dealer and vulnerability, so a
file whose markings disagree with its numbers is refused (decision 0051).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import ClassVar

from rules.bridge import Deal, dealer_for, vulnerability_for
from rules.errors import LawRef, RuleViolation
from scoring.formats import FormatError
from scoring.formats.pbn import read_pbn
from tournaments.domain.tournament import HandRecord

__all__ = [
    "MEDIA_TYPE",
    "BoardMarkingsDisagree",
    "decode",
    "read_hand_records",
    "write_hand_records",
]

MEDIA_TYPE = "application/x-pbn"


class BoardMarkingsDisagree(RuleViolation):
    code: ClassVar[str] = "board_markings_disagree"


def decode(raw: bytes) -> str:
    """Return the text of an uploaded file: UTF-8, else ISO-8859-1 (PBN §2.1)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("iso-8859-1")


def read_hand_records(text: str) -> tuple[HandRecord, ...]:
    """Return the deals of a PBN file, one per board, in board order.

    Raise ``FormatError`` naming the line for a malformed file or a board
    without a deal, and ``BoardMarkingsDisagree`` when a board's Dealer or
    Vulnerable tag is not the one its number gives (Law 2).
    """
    boards = read_pbn(text).boards
    records = []
    for board in sorted(boards, key=lambda b: b.board_number):
        number = board.board_number
        if board.deal is None:
            raise FormatError(f"board {number} has no Deal tag")
        dealer, vulnerability = dealer_for(number), vulnerability_for(number)
        if board.dealer is not None and board.dealer != dealer.value:
            raise BoardMarkingsDisagree(
                f"board {number} is dealt by {dealer.value}, not {board.dealer}",
                law=LawRef("2"),
            )
        if board.vulnerability is not None and board.vulnerability != (
            vulnerability.value
        ):
            raise BoardMarkingsDisagree(
                f"board {number} has vulnerability {vulnerability.value}, "
                f"not {board.vulnerability}",
                law=LawRef("2"),
            )
        records.append(HandRecord(board_number=number, deal=board.deal))
    if not records:
        raise FormatError("the file holds no boards")
    return tuple(records)


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_hand_records(
    deals: Mapping[int, str], *, event: str, played_on: date | None = None
) -> str:
    """Return a PBN 2.1 file of the deals, one game per board in board order.

    Dealer and Vulnerable come from the board number (Law 2); the Deal tag
    starts with the dealer's hand.
    """
    out = ["% PBN 2.1", "% EXPORT", "% Arbitro hand records", ""]
    for number in sorted(deals):
        dealer = dealer_for(number)
        out.append(f"[Event {_quote(event)}]")
        out.append('[Site "?"]')
        out.append(f'[Date "{played_on:%Y.%m.%d}"]' if played_on else '[Date "?"]')
        out.append(f'[Board "{number}"]')
        out.append(f'[Dealer "{dealer.value}"]')
        out.append(f'[Vulnerable "{vulnerability_for(number).value}"]')
        out.append(f'[Deal "{Deal.from_pbn(deals[number]).to_pbn(dealer)}"]')
        out.append("")
    return "\n".join(out)
