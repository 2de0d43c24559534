"""A score sheet's MP and VP: a pairs table's, or a team match's two rooms.

F.I.Bur. Codice di Gara, April 2024 edition: Art. 6 (hands a turn), Art. 18
(every value a multiple of 5; the base never negative), Art. 39 (a lateness
bonus, on the open room's sheet for teams), Le tabelle (the VP: the pairs'
table for the hands a turn, the team table for a team match). A team
match's MP are the team's difference in the open room plus its difference
in the closed room (decision 0069).
"""

from __future__ import annotations

from burraco.domain.errors import InvalidSheet
from burraco.domain.state import BurracoState
from burraco.domain.values import EntryForm, SheetHand
from rules.burraco.articles import art
from rules.burraco.hand_end import HandEnding
from rules.burraco.match_format import MatchFormat
from scoring.burraco import (
    HandScore,
    NotAMultipleOfFive,
    SideScore,
    score_turn,
    team_match_difference,
    vp_for_difference,
)

__all__ = ["scored"]


def _checked(hands: tuple[SheetHand, ...], limit: int, field: str) -> None:
    if not 1 <= len(hands) <= limit:
        raise InvalidSheet(
            f"a sheet of this tournament holds 1 to {limit} hands, not {len(hands)}",
            field=field,
            value=len(hands),
            law=art(6),
        )
    for n, hand in enumerate(hands):
        for name in ("fixed_base", "fixed_points", "mobile_base", "mobile_points"):
            points = getattr(hand, name)
            if points % 5:
                raise NotAMultipleOfFive(
                    f"hand {n + 1}'s {name.replace('_', ' ')} {points} is not a "
                    "multiple of 5: every value in the count is one",
                    field=f"{field}.{n}.{name}",
                    value=points,
                    law=art(18),
                )
            if name.endswith("base") and points < 0:
                raise InvalidSheet(
                    f"hand {n + 1}'s {name.replace('_', ' ')} is never negative: "
                    "burraco, closing and bonuses",
                    field=f"{field}.{n}.{name}",
                    value=points,
                    law=art(18),
                )


def _room(
    hands: tuple[SheetHand, ...], limit: int, bonuses: tuple[int, int]
) -> tuple[int, int]:
    turn = score_turn(
        (
            HandScore(
                HandEnding.CLOSED,
                SideScore(hand.fixed_base, hand.fixed_points),
                SideScore(hand.mobile_base, hand.mobile_points),
            )
            for hand in hands
        ),
        MatchFormat.for_hands(limit),
        ns_bonus=bonuses[0],
        ew_bonus=bonuses[1],
    )
    return turn.ns_total, turn.ew_total


def scored(
    state: BurracoState,
    hands: tuple[SheetHand, ...],
    bonuses: tuple[int, int] = (0, 0),
    closed_hands: tuple[SheetHand, ...] = (),
) -> tuple[int, int, int, int]:
    """Return (fixed MP, mobile MP, fixed VP, mobile VP) of a sheet, each
    line's Art. 39 bonus for its opponents' lateness added before the VP.

    Teams: ``hands`` is the open room's, ``closed_hands`` the closed room's;
    in both, "fixed" is the team at the fixed line of the match."""
    assert state.opened is not None
    limit = state.opened.hands_per_turn
    _checked(hands, limit, "hands")
    if state.opened.form is not EntryForm.TEAMS:
        if closed_hands:
            raise InvalidSheet(
                "a pairs tournament's sheet has no closed room",
                field="closed_hands",
                law=art(2),
            )
        fixed_mp, mobile_mp = _room(hands, limit, bonuses)
        return (
            fixed_mp,
            mobile_mp,
            *vp_for_difference(fixed_mp - mobile_mp, state.match_format),
        )
    _checked(closed_hands, limit, "closed_hands")
    open_fixed, open_mobile = _room(hands, limit, bonuses)
    closed_fixed, closed_mobile = _room(closed_hands, limit, (0, 0))
    difference = team_match_difference(
        open_fixed - open_mobile, closed_fixed - closed_mobile
    )
    fixed_vp, mobile_vp = vp_for_difference(difference, MatchFormat.TEAMS)
    return open_fixed + closed_fixed, open_mobile + closed_mobile, fixed_vp, mobile_vp
