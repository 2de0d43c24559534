"""The PBN play section: tricks in and out of Portable Bridge Notation.

PBN 2.1 §3.5 ("Play section"): after ``[Play "W"]`` each line is one trick,
its cards in columns for the seats clockwise from the tagged seat (the
opening leader), whoever led the trick; ``-`` stands for a card not played
(after a claim) and ``*`` ends the section. The leader of each later trick is
the winner of the one before (Laws of Duplicate Bridge 2017, Law 44G), so
reading needs the trump suit. Notes (``=1=``), NAGs (``$1``), comments and
``!``/``?`` suffixes are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.bridge.card import Card, Suit
from rules.bridge.seat import Seat
from rules.bridge.trick import PlayedCard, Trick, trick_winner

__all__ = ["play_from_pbn", "play_to_pbn"]

_TAG = re.compile(r'^\s*\[Play\s+"([NESWnesw])"\]\s*(.*)$')
_COMMENT = re.compile(r"\{[^}]*\}|;.*$")
_NOTE = re.compile(r"^(=\d+=|\$\d+|\^[A-Z])$")


def play_from_pbn(
    text: str, trump: Suit | None, *, first: Seat | None = None
) -> tuple[Trick, ...]:
    """Return the tricks of a PBN play section, in order.

    ``text`` may start with the ``[Play "X"]`` tag (then ``first`` is read
    from it) or hold only the trick lines. A last trick may be incomplete.
    Raises ValueError naming the bad line.
    """
    lines = text.strip().splitlines()
    if lines:
        tag = _TAG.match(lines[0])
        if tag is not None:
            first = Seat.parse(tag.group(1))
            lines = [tag.group(2), *lines[1:]]
    if first is None:
        raise ValueError("the play section names no opening leader")
    rows: list[list[str]] = []
    for line in lines:
        tokens = [
            token.rstrip("!?")
            for token in _COMMENT.sub("", line).split()
            if not _NOTE.match(token)
        ]
        if "*" in tokens or "+" in tokens:
            tokens = tokens[: tokens.index("*" if "*" in tokens else "+")]
            if tokens:
                rows.append(tokens)
            break
        if tokens:
            rows.append(tokens)
    tricks: list[Trick] = []
    leader = first
    for number, row in enumerate(rows, 1):
        if len(row) != 4:
            raise ValueError(
                f"trick {number} {' '.join(row)!r} does not have four columns"
            )
        if tricks and tricks[-1].winner is None:
            raise ValueError(f"trick {number} follows an incomplete trick")
        by_seat = {first.next(column): token for column, token in enumerate(row)}
        cards: list[PlayedCard] = []
        for offset in range(4):
            seat = leader.next(offset)
            token = by_seat[seat]
            if token == "-":
                break
            cards.append(PlayedCard(seat, Card.parse(token)))
        played = tuple(cards)
        if len(played) == 4:
            winner = trick_winner(played, trump)
            tricks.append(Trick(number, leader, played, winner))
            leader = winner
        else:
            tricks.append(Trick(number, leader, played))
    return tuple(tricks)


def play_to_pbn(tricks: Sequence[Trick], *, first: Seat | None = None) -> str:
    """Return the PBN play section (tag, one line per trick, ``*``)."""
    if first is None:
        if not tricks:
            raise ValueError("an empty play section needs its opening leader")
        first = tricks[0].leader
    lines = [f'[Play "{first.value}"]']
    for trick in tricks:
        columns = []
        for column in range(4):
            card = trick.card_of(first.next(column))
            columns.append("-" if card is None else str(card))
        lines.append(" ".join(columns))
    lines.append("*")
    return "\n".join(lines)
