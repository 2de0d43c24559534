"""DUP files: the Duplimate machines' own records, 156 bytes a board.

Layout (Jannersten's "Convert" description for Duplimate, quoted in
njhammond/hand_record_utility ``DESIGN.md``; BigDeal's ``output.c``,
``print_dup``), byte positions counted from 1:

- 1-78, the BRI part: the card numbers of North, East and South (``bri.py``);
- 79-146, the DGE part: the four hands sorted, 17 bytes each (North, East,
  South, West): a suit symbol before each suit (DOS code page 437: 0x06
  spades, 0x03 hearts, 0x04 diamonds, 0x05 clubs) and the ranks
  ``AKQJT98765432``; blank (spaces) when the file hides the hands (BigDeal's
  DUPBLIND does so for the first board);
- 147 "Random hands?" and 148 "Backwards counting", each ``Y`` or ``N``;
- 149-151 the set's lowest board, 152-153 the copies of each board, 154-156
  the set's highest board, each left-aligned and padded with spaces. A set of
  32 boards ends ``YN1  1 32 ``.

The machine deals from the BRI part. The reader checks the DGE part against
it when it is given (two copies of a deal that disagree are a damaged file)
and numbers the boards from the lowest board of the first record. The writer
writes the description's example trailer: ``Y``, ``N``, the lowest board,
one copy, the highest board.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.bridge.card import Card, Rank, Suit
from rules.bridge.deal import Deal, format_hand
from rules.bridge.deal_files.bri import BRI_LENGTH, bri_part, deal_of_bri
from rules.bridge.deal_files.cards import SEATS
from rules.bridge.deal_files.errors import DealFileError, Where
from rules.bridge.deal_files.model import DealFileFormat, FiledDeal, board_range

__all__ = ["DUP_LENGTH", "looks_like_dup", "read_dup", "write_dup"]

DUP_LENGTH = 156
_DGE_LENGTH = 68
_SUIT_BYTES = {6: Suit.S, 3: Suit.H, 4: Suit.D, 5: Suit.C}
_SUIT_LETTERS = {ord(suit.value): suit for suit in Suit}
_WRITTEN_SYMBOLS = {Suit.S: 6, Suit.H: 3, Suit.D: 4, Suit.C: 5}
_BETWEEN = frozenset(b"\r\n\x1a")
_HIGHEST = 999  # three bytes for a board number


def looks_like_dup(data: bytes) -> bool:
    """Return whether the data starts with a DUP record (not a BRI one)."""
    return (
        len(data) >= DUP_LENGTH
        and data[:BRI_LENGTH].isdigit()
        and data[146:147] in (b"Y", b"N")
        and data[147:148] in (b"Y", b"N")
    )


def _dge_hands(part: bytes, *, board: int, where: Where) -> list[frozenset[Card]]:
    hands: list[frozenset[Card]] = []
    for index, seat in enumerate(SEATS):
        suit: Suit | None = None
        cards: set[Card] = set()
        for byte in part[index * 17 : index * 17 + 17]:
            if byte in _SUIT_BYTES or byte in _SUIT_LETTERS:
                suit = _SUIT_BYTES.get(byte) or _SUIT_LETTERS[byte]
                continue
            try:
                rank = Rank.parse(chr(byte))
            except ValueError:
                rank = None
            if suit is None or rank is None:
                raise DealFileError(
                    f"the hand diagram (DGE part) has {chr(byte)!r} where a "
                    "suit symbol or a rank belongs",
                    where=where,
                    board=board,
                    seat=seat,
                )
            cards.add(Card(suit, rank))
        hands.append(frozenset(cards))
    return hands


def _lowest_board(record: bytes) -> int | None:
    text = record[148:151].decode("latin-1").strip()
    return int(text) if text.isdigit() and int(text) >= 1 else None


def read_dup(data: bytes, *, first_board: int = 1) -> tuple[FiledDeal, ...]:
    """Return the deals of a DUP file, numbered from the set's lowest board.

    The first record's lowest board numbers the records; where it is blank,
    ``first_board``. Raise ``DealFileError`` naming the record, the board
    and the hand for a short record, a BRI part that is not a deal (Law 6B)
    or a DGE part that gives a hand other cards.
    """
    deals: list[FiledDeal] = []
    pos = 0
    while True:
        while pos < len(data) and data[pos] in _BETWEEN:
            pos += 1
        if pos >= len(data):
            break
        record = data[pos : pos + DUP_LENGTH]
        where = Where(record=len(deals) + 1)
        if not deals:
            first_board = _lowest_board(record) or first_board
        board = first_board + len(deals)
        if len(record) < DUP_LENGTH:
            raise DealFileError(
                f"the file ends {len(record)} bytes into the record, not {DUP_LENGTH}",
                where=where,
                board=board,
            )
        deal = deal_of_bri(record[:BRI_LENGTH], board=board, where=where)
        dge = record[BRI_LENGTH : BRI_LENGTH + _DGE_LENGTH]
        if dge.strip(b" \0"):
            given = _dge_hands(dge, board=board, where=where)
            for seat, hand in zip(SEATS, given, strict=True):
                if hand != deal.hand(seat):
                    raise DealFileError(
                        f"the hand diagram (DGE part) gives {format_hand(hand)}, "
                        f"the card numbers (BRI part) {format_hand(deal.hand(seat))}",
                        where=where,
                        board=board,
                        seat=seat,
                    )
        deals.append(FiledDeal(board, deal))
        pos += DUP_LENGTH
    if not deals:
        raise DealFileError("the file holds no boards")
    return tuple(deals)


def _dge_part(deal: Deal) -> bytes:
    out = bytearray()
    for seat in SEATS:
        hand = deal.hand(seat)
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            out.append(_WRITTEN_SYMBOLS[suit])
            ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
            out.extend("".join(rank.symbol for rank in ranks).encode("ascii"))
    return bytes(out)


def write_dup(deals: Mapping[int, Deal]) -> bytes:
    """Return a DUP file of the deals, one 156-byte record a board in order.

    Raise ``DealsNotWritable`` when a board between the first and the last
    has no deal, or a board is beyond 999 (three bytes).
    """
    boards = board_range(deals, DealFileFormat.DUP, _HIGHEST)
    trailer = f"YN{boards.start:<3}{1:<2}{boards.stop - 1:<3}".encode("ascii")
    return b"".join(
        bri_part(deals[number]) + _dge_part(deals[number]) + trailer
        for number in boards
    )
