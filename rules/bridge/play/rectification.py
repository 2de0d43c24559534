"""The option chosen after an irregularity of the play, applied.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 10C1: only an option the
Law offers, chosen by the entitled player or recorded by the Director
(Law 81C). Each option applies its own Law: 53A and 54-56 (a lead out of
turn accepted or withdrawn; 54A, declarer spreads his hand), 26B, 50D2 and
51B (lead options), 51A (declarer designates a penalty card), 52B (a penalty
card not played) and 57A (declarer's options after a premature play). The
options themselves, and who chooses, are :mod:`rules.bridge.play_rectification`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.bridge.errors import NoRectificationPending, OptionNotOffered, WrongChooser
from rules.bridge.irregularity import Director
from rules.bridge.play.exposed_cards import (
    replace_with_penalty_card,
    restrict_lead,
    settle,
)
from rules.bridge.play.leads_and_plays import withdraw_lead
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import PlayConstraint, PlayState
from rules.bridge.seat import Seat

__all__ = ["choose_rectification"]


def choose_rectification(
    state: PlayState, chooser: Seat | Director, option: PlayOption
) -> PlayState:
    """Apply the option ``chooser`` chose for the pending irregularity.

    Law 10C1: only an offered option; the entitled seat chooses, or the
    Director records the choice (Law 81C). Each option applies its Law:
    54A-D, 55, 56, 50D2/51B (lead options), 51A (designation), 52B, 57A.
    """
    pending = state.pending
    if pending is None:
        raise NoRectificationPending()
    if isinstance(chooser, Seat) and chooser not in pending.choosers:
        raise WrongChooser(
            f"Seat {chooser} may not choose under {pending.law}", law=pending.law
        )
    if option not in pending.options:
        raise OptionNotOffered(
            f"{option} is not offered under {pending.law}", pending.law
        )
    base = replace(state, pending=None)
    code = option.code
    if code is PlayOptionCode.ACCEPT_LEAD:
        new = replace(base, dummy_faced=True)
    elif code is PlayOptionCode.DECLARER_SPREADS_HAND:
        # Law 54A: declarer becomes dummy; the lead is then in turn.
        contract = replace(base.contract, declarer=base.declarer.partner)
        new = replace(base, contract=contract, dummy_faced=True)
    elif code is PlayOptionCode.WITHDRAW_LEAD:
        new = withdraw_lead(base, pending)
    elif code in (PlayOptionCode.REQUIRE_LEAD_SUIT, PlayOptionCode.PROHIBIT_LEAD_SUITS):
        new = restrict_lead(base, pending, option)
    elif code in (
        PlayOptionCode.PLAY_HIGHEST,
        PlayOptionCode.PLAY_LOWEST,
        PlayOptionCode.REQUIRE_PLAY_SUIT,
        PlayOptionCode.PROHIBIT_PLAY_SUIT,
    ):
        constraint = PlayConstraint(
            seat=pending.offender.partner,
            trick_number=base.current.number,
            code=code,
            suit=option.suits[0] if option.suits else None,
        )
        new = replace(base, play_constraint=constraint)
    elif code is PlayOptionCode.DESIGNATE_PENALTY_CARD:
        new = replace(base, designated=option.card)
    elif code is PlayOptionCode.REQUIRE_PENALTY_CARD:
        new = replace_with_penalty_card(base, pending)
    else:
        # NO_LEAD_RESTRICTION (Laws 26B, 50D2(b), 51B2(c)), ACCEPT_PLAY (52B1).
        new = base
    return settle(new)
