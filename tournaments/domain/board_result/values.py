"""The board-result stream's identity and the vocabulary its rules share.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79A (a director's entry
needs no confirmation), Laws 12-15 and 87 (the board irregularities); FIGB
N-L87 §7a (the swaps of a fouled board).
"""

from __future__ import annotations

import uuid
from uuid import UUID

STREAM_TYPE = "board_result"
NAMESPACE = UUID("0b8e7c61-8d5e-4b1f-a2f4-59f6a8d31c20")


def stream_id(tournament_id: UUID, session: int, board_number: int, table: int) -> UUID:
    return uuid.uuid5(NAMESPACE, f"{tournament_id}:{session}:{board_number}:{table}")


# A director's entry, or a result the engine recorded from the play itself,
# needs no confirmation by East-West (Law 79A).
CONFIRMED_BY = ("director", "play")
IRREGULARITY_LAWS = {
    "not_played": "12C2",
    "wrong_board": "15",
    "wrong_number_of_cards": "13",
    "missing_card": "14",
    "fouled": "87",
}


SWAPS = ("north_south", "east_west", "across")
"""Which hands held swapped cards on a fouled board (FIGB N-L87 §7a(1)-(3))."""
