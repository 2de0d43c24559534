"""A turn's result: the hands' totals, the MP difference and the VP.

F.I.Bur. Codice di Gara, April 2024 edition, "Le tabelle" (the VP come from
the MP difference at the end of the turn), Art. 6 (2, 3 or 4 hands a turn),
Art. 15 (a time-out can end play before every hand is dealt) and Art. 39
(a lateness bonus goes to the side present, before the lookup; in team
events on the open-room sheet).

Team match (digest Q9; decision 0069): the match's MP are the sum of the
two rooms' differences, each taken from the same team's point of view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.burraco.articles import art
from rules.burraco.match_format import MatchFormat
from scoring.burraco.errors import InvalidTurn
from scoring.burraco.hand_score import HandScore
from scoring.burraco.vp import check_multiple_of_five, vp_for_difference

__all__ = ["HANDS", "TurnResult", "score_turn", "team_match_difference"]

HANDS: dict[MatchFormat, int] = {
    MatchFormat.TWO_HANDS: 2,
    MatchFormat.THREE_HANDS: 3,
    MatchFormat.FOUR_HANDS: 4,
}
"""Hands a turn holds at most (Art. 6); a team match's rooms are scored per room."""


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One table's turn: the hands, the lateness bonuses, the totals and the VP."""

    match_format: MatchFormat
    hands: tuple[HandScore, ...]
    ns_bonus: int
    ew_bonus: int

    @property
    def ns_total(self) -> int:
        """Return North-South's MP: its hand scores plus its bonus."""
        return sum(hand.ns.total for hand in self.hands) + self.ns_bonus

    @property
    def ew_total(self) -> int:
        """Return East-West's MP: its hand scores plus its bonus."""
        return sum(hand.ew.total for hand in self.hands) + self.ew_bonus

    @property
    def difference(self) -> int:
        """Return the MP difference from North-South's point of view."""
        return self.ns_total - self.ew_total

    @property
    def vp(self) -> tuple[int, int]:
        """Return (North-South's VP, East-West's VP) from the format's table."""
        return vp_for_difference(self.difference, self.match_format)

    @property
    def running_differences(self) -> tuple[int, ...]:
        """Return North-South's difference after each hand, bonuses included."""
        running = self.ns_bonus - self.ew_bonus
        out = []
        for hand in self.hands:
            running += hand.difference
            out.append(running)
        return tuple(out)


def score_turn(
    hands: Iterable[HandScore],
    match_format: MatchFormat,
    *,
    ns_bonus: int = 0,
    ew_bonus: int = 0,
) -> TurnResult:
    """Return the turn's result from its scored hands and any lateness bonus.

    Refuse more hands than the format holds (Art. 6; fewer are allowed, as a
    time-out may end play, Art. 15) and bonuses other than the lateness
    bonuses of Art. 39 (0, 150, 200, or their sum for one side's two rooms).
    """
    played = tuple(hands)
    limit = HANDS.get(match_format)
    if limit is not None and len(played) > limit:
        raise InvalidTurn(
            f"a {match_format.value.replace('_', ' ')} turn holds at most {limit} "
            f"hands, not {len(played)}",
            law=art(6),
        )
    for name, bonus in (("NS", ns_bonus), ("EW", ew_bonus)):
        check_multiple_of_five(bonus, f"{name}'s lateness bonus")
        if bonus < 0:
            raise InvalidTurn(f"{name}'s lateness bonus is not negative", law=art(39))
    return TurnResult(match_format, played, ns_bonus, ew_bonus)


def team_match_difference(open_room: int, closed_room: int) -> int:
    """Return a team match's MP: the two rooms' differences for the same team.

    Decision 0069 (digest Q9): the team's difference in the open room plus
    its difference in the closed room (the open-room sheet holds any
    lateness bonus, Art. 39). Look the VP up in the team table.
    """
    check_multiple_of_five(open_room, "the open room's difference")
    check_multiple_of_five(closed_room, "the closed room's difference")
    return open_room + closed_room
