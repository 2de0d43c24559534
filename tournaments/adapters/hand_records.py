"""Hand-record files: PBN, DUP, BRI and DLM in, and out for dealing machines.

Portable Bridge Notation 2.1: each board is a game with ``[Board]``,
``[Dealer]``, ``[Vulnerable]`` and ``[Deal]`` tags, the deal written from
the dealer's seat (as dealing machines and the EYC files do). Reading reuses
the pure results-file reader (decision 0025), so a hand record file and a
results file with deals are read alike. Laws of Duplicate Bridge 2017 (FIGB
edition), Law 2: a board's number fixes its dealer and vulnerability, so a
file whose markings disagree with its numbers is refused (decision 0051).

The dealing machines' DUP, BRI and DLM files are read and written by the
pure ``rules.bridge.deal_files`` (decision 0225); a file's format is the one
asked for, else its name's extension, else what its content is. Every deal
of a PBN file is checked as the machines' are (Law 6B), naming the line,
the board and the hand, before the results-file reader reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import ClassVar

from rules.bridge import Card, Deal, Rank, Seat, Suit, dealer_for, vulnerability_for
from rules.bridge.deal_files import (
    DealFileFormat,
    FiledDeal,
    Where,
    checked_deal,
    detect_format,
    read_bri,
    read_dlm,
    read_dup,
    write_bri,
    write_dlm,
    write_dup,
)
from rules.errors import LawRef, RuleViolation
from scoring.formats import FormatError
from scoring.formats.pbn import read_pbn
from scoring.formats.pbn.syntax import scan
from tournaments.domain.tournament import HandRecord

__all__ = [
    "MEDIA_TYPE",
    "BoardMarkingsDisagree",
    "decode",
    "read_hand_record_file",
    "read_hand_records",
    "write_deal_file",
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
    _check_pbn_deals(text)
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


_PBN_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)


def _pbn_hands(value: str) -> dict[Seat, list[Card]] | None:
    """The cards of each hand of a PBN Deal tag as written (a card twice
    kept, ``-`` an empty hand), or None when its syntax is not a deal's
    (the results-file reader names that)."""
    head, sep, body = value.strip().partition(":")
    parts = body.split()
    try:
        first = Seat.parse(head)
    except ValueError:
        return None
    if not sep or len(parts) != 4:
        return None
    hands: dict[Seat, list[Card]] = {}
    for offset, part in enumerate(parts):
        cards: list[Card] = []
        holdings = [] if part == "-" else part.split(".")
        if part != "-" and len(holdings) != 4:
            return None
        for suit, holding in zip(_PBN_SUITS, holdings, strict=False):
            try:
                cards.extend(
                    Card(suit, Rank.parse(symbol))
                    for symbol in holding.upper().replace("10", "T")
                )
            except ValueError:
                return None
        hands[first.next(offset)] = cards
    return hands


def _check_pbn_deals(text: str) -> None:
    """Check each game's deal as a dealing machine's (Law 6B), naming the
    line, the board and the hand; what is not a deal's syntax, or a game
    without a board number, is left to the results-file reader."""
    for game in scan(text):
        tags = {tag.name: tag for tag in game}
        board, deal = tags.get("Board"), tags.get("Deal")
        if board is None or deal is None or not board.value.strip().isdigit():
            continue
        hands = _pbn_hands(deal.value)
        if hands is not None:
            checked_deal(hands, board=int(board.value), where=Where(line=deal.line))


def _records(deals: tuple[FiledDeal, ...]) -> tuple[HandRecord, ...]:
    return tuple(
        HandRecord(board_number=d.board_number, deal=d.deal.to_pbn()) for d in deals
    )


def read_hand_record_file(
    raw: bytes,
    *,
    name: str | None = None,
    file_format: DealFileFormat | None = None,
    first_board: int = 1,
) -> tuple[DealFileFormat, tuple[HandRecord, ...]]:
    """Return a hand-record file's format and its deals, in board order.

    ``file_format`` as asked, else by the name's extension or the content.
    A BRI file numbers no board: its first record is ``first_board``, as is
    a DUP file's whose records leave the set's lowest board blank. Raise
    ``DealFileError`` or ``FormatError`` naming where the file is wrong.
    """
    found = file_format or detect_format(raw, name)
    if found is DealFileFormat.PBN:
        return found, read_hand_records(decode(raw))
    if found is DealFileFormat.DLM:
        return found, _records(read_dlm(decode(raw)))
    if found is DealFileFormat.DUP:
        return found, _records(read_dup(raw, first_board=first_board))
    return found, _records(read_bri(raw, first_board=first_board))


def write_deal_file(
    file_format: DealFileFormat,
    deals: Mapping[int, str],
    *,
    event: str,
    played_on: date | None = None,
) -> bytes:
    """Return the session's deals as a file of the format.

    Raise ``DealsNotWritable`` when a machine format cannot number the
    boards (a board without a deal between the first and the last; a
    board above 99 in DLM, 999 in DUP).
    """
    if file_format is DealFileFormat.PBN:
        return write_hand_records(deals, event=event, played_on=played_on).encode()
    parsed = {number: Deal.from_pbn(deal) for number, deal in deals.items()}
    if file_format is DealFileFormat.DUP:
        return write_dup(parsed)
    if file_format is DealFileFormat.BRI:
        return write_bri(parsed)
    return write_dlm(parsed, headline=f"Arbitro: {event}")


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
