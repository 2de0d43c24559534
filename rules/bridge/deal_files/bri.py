"""BRI files: Duplimate's card numbers, North, East and South, a board each.

Layout (Jannersten's description of the DUP file, whose first part this is;
Hans van Staveren's BigDeal, ``output.c``, ``print_bri``): a board is 78
ASCII digits, 13 two-digit card numbers for North, then East, then South
(``01`` the ace of spades ... ``52`` the two of clubs, ``cards.py``); West
holds the 13 cards left over. No board number is written: the records are
boards in order, the first one the set's first board. BigDeal pads each
record with 32 spaces and 18 NUL bytes (128 bytes a board); other programs
end each record with a line break. The reader takes either: between records
it skips spaces, NULs, line breaks and the DOS end-of-file byte (0x1A). The
writer writes BigDeal's 128-byte records, the cards of a hand in the
machines' order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.bridge.card import Card
from rules.bridge.deal import Deal
from rules.bridge.deal_files.cards import (
    MACHINE_ORDER,
    SEATS,
    card_number,
    checked_deal,
)
from rules.bridge.deal_files.errors import DealFileError, Where
from rules.bridge.deal_files.model import DealFileFormat, FiledDeal, board_range
from rules.bridge.seat import Seat

__all__ = ["BRI_LENGTH", "bri_part", "deal_of_bri", "read_bri", "write_bri"]

BRI_LENGTH = 78
_PADDING = b" " * 32 + b"\0" * 18
_BETWEEN = frozenset(b" \0\r\n\x1a")


def deal_of_bri(part: bytes, *, board: int, where: Where) -> Deal:
    """Return the deal of one 78-digit BRI part, or refuse it naming the hand."""
    hands: dict[Seat, list[Card]] = {}
    for index, seat in enumerate(SEATS[:3]):
        cards: list[Card] = []
        for offset in range(index * 26, index * 26 + 26, 2):
            pair = part[offset : offset + 2]
            text = pair.decode("latin-1")
            if not (pair.isdigit() and 1 <= int(pair) <= 52):
                raise DealFileError(
                    f"{text!r} is not a card number (01 to 52)",
                    where=where,
                    board=board,
                    seat=seat,
                )
            cards.append(MACHINE_ORDER[int(pair) - 1])
        hands[seat] = cards
    dealt = {card for cards in hands.values() for card in cards}
    hands[Seat.W] = [card for card in MACHINE_ORDER if card not in dealt]
    return checked_deal(hands, board=board, where=where)


def bri_part(deal: Deal) -> bytes:
    """Return the 78 digits of a deal: North, East, South, in card order."""
    return "".join(
        f"{card_number(card):02d}"
        for seat in SEATS[:3]
        for card in sorted(deal.hand(seat), key=card_number)
    ).encode("ascii")


def read_bri(data: bytes, *, first_board: int = 1) -> tuple[FiledDeal, ...]:
    """Return the deals of a BRI file, the first record ``first_board``.

    Raise ``DealFileError`` naming the record, the board and the hand for a
    record that is not 78 digits or a deal that is not one (Law 6B).
    """
    deals: list[FiledDeal] = []
    pos = 0
    while True:
        while pos < len(data) and data[pos] in _BETWEEN:
            pos += 1
        if pos >= len(data):
            break
        record = len(deals) + 1
        board = first_board + len(deals)
        part = data[pos : pos + BRI_LENGTH]
        where = Where(record=record)
        if len(part) < BRI_LENGTH:
            raise DealFileError(
                f"the file ends {len(part)} characters into the record, "
                f"not {BRI_LENGTH}",
                where=where,
                board=board,
            )
        deals.append(FiledDeal(board, deal_of_bri(part, board=board, where=where)))
        pos += BRI_LENGTH
    if not deals:
        raise DealFileError("the file holds no boards")
    return tuple(deals)


def write_bri(deals: Mapping[int, Deal]) -> bytes:
    """Return a BRI file of the deals, one 128-byte record a board in order.

    Raise ``DealsNotWritable`` when a board between the first and the last
    has no deal: a BRI file numbers its boards by position only.
    """
    boards = board_range(deals, DealFileFormat.BRI, None)
    return b"".join(bri_part(deals[number]) + _PADDING for number in boards)
