"""The format of a turn: two, three or four hands, or a team match.

F.I.Bur. Codice di Gara, April 2024 edition: the VP tables ("Le tabelle")
and the forfeit equivalents (Art. 39) are given per format. Individual and
giallo turns use the table for their number of hands (digest Q10;
decision 0069).
"""

from __future__ import annotations

from enum import StrEnum

from rules.burraco.articles import TABLES
from rules.burraco.errors import InvalidSetting

__all__ = ["MatchFormat"]


class MatchFormat(StrEnum):
    """A turn of 2, 3 or 4 hands between two lines, or a team match."""

    TWO_HANDS = "2_hands"
    THREE_HANDS = "3_hands"
    FOUR_HANDS = "4_hands"
    TEAMS = "teams"

    @classmethod
    def for_hands(cls, hands: int) -> MatchFormat:
        """Return the format of a turn of ``hands`` hands (2, 3 or 4)."""
        formats = {2: cls.TWO_HANDS, 3: cls.THREE_HANDS, 4: cls.FOUR_HANDS}
        if isinstance(hands, bool) or hands not in formats:
            raise InvalidSetting(
                f"a turn has 2, 3 or 4 hands, not {hands!r}", law=TABLES
            )
        return formats[hands]
