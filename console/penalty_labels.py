"""The FIGB penalty catalogue's rows as the console lists them, in the
reader's language (the domain keeps its descriptions in English, for the
API's schema). Each English label is the domain's description word for word
(a test holds them equal), so the catalogue and the console cannot drift.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain.penalties import PenaltyRule

__all__ = ["DESCRIPTIONS", "label"]

DESCRIPTIONS: dict[str, Promise] = {
    "diagram_error": gettext_lazy(
        "wrong or incomplete hand diagram (both pairs at the table)"
    ),
    "duplication_error": gettext_lazy(
        "error in the initial duplication of pre-dealt boards (both pairs that duplicated it)"
    ),
    "result_not_recorded": gettext_lazy(
        "a result not recorded on the score sheet: 40% of the top to both pairs"
    ),
    "stop_card": gettext_lazy(
        "jump bid without the STOP card (10%; Law 16 may apply too)"
    ),
    "dummy_infringement": gettext_lazy(
        "dummy's infringement (e.g. looking at the score sheet before the end)"
    ),
    "closed_room_exit": gettext_lazy(
        "leaving the closed room without the director's permission"
    ),
    "wrong_seating_first": gettext_lazy(
        "teams seated wrongly in a segment before the last: 20% of the match's draw "
        "score to each team (3 VP on the 25-0 scale)"
    ),
    "wrong_seating_last": gettext_lazy(
        "teams seated wrongly in the last segment: 40% of the match's draw score to "
        "each team (6 VP on the 25-0 scale)"
    ),
    "fouled_previous_table": gettext_lazy(
        "the table that fouled the board before it was detected"
    ),
    "fouled_180": gettext_lazy(
        "cards rotated 180 degrees inside the board: 60% of the top to both pairs at "
        "the table (teams: the board cancelled, 3 IMPs to each team)"
    ),
    "board_rotated_90": gettext_lazy(
        "board placed rotated 90 degrees and a hand seen: the result stands and both "
        "pairs are warned (teams: the board cancelled, 3 IMPs to both teams)"
    ),
    "board_rotated_180": gettext_lazy(
        "board placed rotated 180 degrees and partner's hand seen: both sides warned, "
        "the result stands"
    ),
    "wrong_extraction": gettext_lazy(
        "a player took out and looked at another player's cards (the offender's pair; "
        "teams: the board cancelled and the offender's team only)"
    ),
    "swapped_cards_responsible": gettext_lazy(
        "teams: the players responsible for cards swapped between hands (the board cancelled)"
    ),
    "card_omission": gettext_lazy(
        "a convention needing a prepared defence omitted from the card: from 50% of "
        "the top (teams: 1 VP) up to a ban"
    ),
    "system_breach": gettext_lazy(
        "a breach of the permitted systems noticed by the innocent side: at least 60% "
        "to the innocent and at most 40% to the offender (teams: the board cancelled, "
        "at least 3 IMPs to the innocent team)"
    ),
    "system_breach_revealed": gettext_lazy(
        "a breach of the permitted systems revealed by the offending side before play "
        "ends: at least 60% to the innocent and at most 20% to the offender (teams: at "
        "least 3 IMPs to the innocent team and 3 IMPs penalty to the offending team)"
    ),
}


def label(rule: PenaltyRule) -> str:
    """The row's option text: its description, its norm and its pairs amount
    (a percentage of the top, or a warning when the norm deducts nothing)."""
    text = str(DESCRIPTIONS.get(rule.key, rule.description))
    amount = ""
    if rule.pairs is not None:
        if rule.pairs.unit == "percent_of_top":
            amount = f", {rule.pairs.amount}% {_('of a top')}"
        elif rule.pairs.unit == "none":
            amount = f", {_('a warning')}"
        else:
            amount = f", {rule.pairs.amount} {rule.pairs.unit}"
    return f"{text} ({rule.source}{amount})"
