"""Rectification options during the play, and who chooses them.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 10C: where a Law gives an
option after an irregularity, the Director explains every option and the
entitled player chooses (without consulting partner). The engine lists the
options, records who chose, and applies the outcome mechanically. The
Director may record any option on a player's behalf (Law 81C).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.card import Card, Suit
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "PendingPlayRectification",
    "PlayOption",
    "PlayOptionCode",
]


class PlayOptionCode(StrEnum):
    """The kinds of option the play Laws offer."""

    ACCEPT_LEAD = "accept_lead"
    """Treat a lead out of turn as a correct lead (Laws 53A, 54B, 55A, 56A)."""
    DECLARER_SPREADS_HAND = "declarer_spreads_hand"
    """Declarer faces his hand and becomes dummy (Law 54A)."""
    WITHDRAW_LEAD = "withdraw_lead"
    """Require the lead out of turn to be withdrawn (Laws 54D, 55B, 56B)."""
    REQUIRE_LEAD_SUIT = "require_lead_suit"
    """Require partner to lead a penalty card's suit (Laws 50D2(a), 51B)."""
    PROHIBIT_LEAD_SUITS = "prohibit_lead_suits"
    """Prohibit leads in suits while partner keeps the lead (26B, 50D2, 51B)."""
    NO_LEAD_RESTRICTION = "no_lead_restriction"
    """Neither require nor prohibit a lead (Laws 26B, 50D2(b), 51B2(c))."""
    PLAY_HIGHEST = "play_highest"
    """Partner plays his highest card of the suit led (Law 57A1)."""
    PLAY_LOWEST = "play_lowest"
    """Partner plays his lowest card of the suit led (Law 57A2)."""
    REQUIRE_PLAY_SUIT = "require_play_suit"
    """Partner plays a card of another specified suit (Law 57A3)."""
    PROHIBIT_PLAY_SUIT = "prohibit_play_suit"
    """Partner may not play a card of another specified suit (Law 57A4)."""
    DESIGNATE_PENALTY_CARD = "designate_penalty_card"
    """Declarer names which penalty card is played (Laws 50D1(a), 51A)."""
    ACCEPT_PLAY = "accept_play"
    """Accept a lead or play made instead of a penalty card (Law 52B1)."""
    REQUIRE_PENALTY_CARD = "require_penalty_card"
    """Replace the card with the penalty card (Law 52B2)."""


@dataclass(frozen=True, slots=True, order=True)
class PlayOption:
    """One option: its code, the suits it names and the card it designates."""

    code: PlayOptionCode
    suits: tuple[Suit, ...] = ()
    card: Card | None = None

    def __str__(self) -> str:
        text = self.code.value
        if self.suits:
            text += ":" + "".join(suit.value for suit in self.suits)
        if self.card is not None:
            text += ":" + str(self.card)
        return text

    @classmethod
    def parse(cls, text: str) -> PlayOption:
        """Parse the ``str()`` form: "prohibit_lead_suits:HS", "accept_lead"."""
        code, _, rest = text.strip().partition(":")
        try:
            option_code = PlayOptionCode(code)
        except ValueError:
            raise ValueError(f"{text!r} is not a rectification option") from None
        if option_code is PlayOptionCode.DESIGNATE_PENALTY_CARD:
            return cls(option_code, card=Card.parse(rest))
        suits = tuple(Suit.parse(letter) for letter in rest)
        return cls(option_code, suits=suits)


@dataclass(frozen=True, slots=True)
class PendingPlayRectification:
    """An irregularity waiting for an entitled player's choice (Law 10C1).

    ``choosers`` are the seats entitled to choose; the Director may always
    record the choice. ``prevailing`` settles a disagreement between two
    entitled defenders (Law 55A: the player next in rotation after the
    irregular lead). ``card`` is the irregular card, ``correct_leader`` the
    hand whose turn it was to lead.
    """

    law: LawRef
    offender: Seat
    choosers: tuple[Seat, ...]
    options: tuple[PlayOption, ...]
    card: Card | None = None
    correct_leader: Seat | None = None
    prevailing: Seat | None = None
