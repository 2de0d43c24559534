"""The play of one deal: leads, plays, and the irregularities of the play.

Laws of Duplicate Bridge 2017 (FIGB edition), one module per group of Laws:

- :mod:`~rules.bridge.play.leads_and_plays`: Laws 41-47 (opening lead,
  rotation, played cards) and 53-60 (leads out of turn, premature,
  simultaneous and irregular plays);
- :mod:`~rules.bridge.play.exposed_cards`: Laws 48-52 (exposed and penalty
  cards, declarer's lead options), with the lead restriction of Law 26B;
- :mod:`~rules.bridge.play.rectification`: Law 10C, the option chosen
  after an irregularity, applied;
- :mod:`~rules.bridge.play.revokes`: Laws 61-64 (revokes recorded,
  corrected and established);
- :mod:`~rules.bridge.play.defective_tricks`: Law 67 (defective tricks);
- :mod:`~rules.bridge.play.record`: Laws 44 and 63A, the primitives every
  transition is built from.

The state of the play is :mod:`rules.bridge.play_state`; claims and
concessions (Laws 68-71) are :mod:`rules.bridge.claims`.

Irregular is not impossible (decision 0015): a lead out of turn, a revoke or
an exposed card is recorded with its Law and the options the Law offers
(who chooses, see :class:`~rules.bridge.play_rectification.PendingPlayRectification`);
what cannot happen (a card the hand never held, a card already played, a
play after the last trick) raises a typed error naming the Law. In
``strict`` mode, as on online platforms, irregular actions are refused
outright.

Every transition returns a new :class:`~rules.bridge.play_state.PlayState`;
nothing is mutated. This package re-exports the public transitions.
"""

from rules.bridge.play.defective_tricks import (
    DefectiveTrickOutcome,
    rectify_defective_trick,
)
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.leads_and_plays import apply_play, play_card, start_play
from rules.bridge.play.record import PlayOutcome
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play.revokes import (
    correct_revoke,
    draw_attention_to_revoke,
    establish_revokes,
)

__all__ = [
    "DefectiveTrickOutcome",
    "PlayOutcome",
    "apply_play",
    "choose_rectification",
    "correct_revoke",
    "draw_attention_to_revoke",
    "establish_revokes",
    "expose_card",
    "play_card",
    "rectify_defective_trick",
    "start_play",
]
