"""Errors the bridge rules engine raises when a command is impossible.

Laws of Duplicate Bridge 2017 (FIGB edition). Irregular calls are *not*
errors: they are classified and rectified (Laws 24-39). These classes cover
what cannot happen at all: a call on an auction closed by an adjusted score
(Law 15A2(a)), a seat that does not exist, an option the Law does not offer,
a call refused in strict mode.

The first section belongs to the auction engine; the play and claims engine
adds its own classes in the clearly marked section below it.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import LawRef, RuleViolation, StateConflict

_LAW_10C1 = LawRef("10C1")

__all__ = [
    "AuctionAbandoned",
    "AuctionNotComplete",
    "ChangeOfCallNotAllowed",
    "IrregularCallRefused",
    "MustRepeatCall",
    "NoRectificationPending",
    "NotACall",
    "OptionNotOffered",
    "RectificationPending",
    "UnknownSeat",
    "WrongChooser",
]

# ---------------------------------------------------------------------------
# Auction (Laws 15A, 17-39): rules-values / auction helper
# ---------------------------------------------------------------------------


class UnknownSeat(RuleViolation):
    """The caller is not one of the four seats (Law 3)."""

    code: ClassVar[str] = "unknown_seat"

    def __init__(self, seat: object) -> None:
        super().__init__(f"{seat!r} is not a seat at the table", law=LawRef("3"))


class NotACall(RuleViolation):
    """The attempted call is neither a call nor a bid above seven (Law 18A)."""

    code: ClassVar[str] = "not_a_call"

    def __init__(self, call: object) -> None:
        super().__init__(f"{call!r} is not a call", law=LawRef("18A"))


class AuctionAbandoned(StateConflict):
    """The auction was closed by an adjusted score and takes no more calls."""

    code: ClassVar[str] = "auction_abandoned"

    def __init__(self, law: LawRef) -> None:
        super().__init__("The auction was closed by an adjusted score", law=law)


class RectificationPending(StateConflict):
    """No player may act until the Director has explained the rectification."""

    code: ClassVar[str] = "rectification_pending"

    def __init__(self, detail: str = "A rectification is pending") -> None:
        super().__init__(detail, law=LawRef("9B2"))


class NoRectificationPending(StateConflict):
    """An option was chosen but no irregularity awaits a decision."""

    code: ClassVar[str] = "no_rectification_pending"

    def __init__(self) -> None:
        super().__init__("No rectification is pending", law=LawRef("10C1"))


class OptionNotOffered(RuleViolation):
    """The chosen option is not one the Law offers here (Law 10C1)."""

    code: ClassVar[str] = "option_not_offered"

    def __init__(self, detail: str, law: LawRef = _LAW_10C1) -> None:
        super().__init__(detail, law=law)


class WrongChooser(RuleViolation):
    """The option belongs to another player or to the Director (Law 10C)."""

    code: ClassVar[str] = "wrong_chooser"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


class MustRepeatCall(RuleViolation):
    """The offender must repeat the call made out of rotation (Laws 31A1, 32A1)."""

    code: ClassVar[str] = "must_repeat_call"

    def __init__(self, expected: str, law: LawRef) -> None:
        super().__init__(f"The offender must repeat {expected}", law=law)


class ChangeOfCallNotAllowed(StateConflict):
    """A change of call after partner has called or after the auction period."""

    code: ClassVar[str] = "change_of_call_not_allowed"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


class AuctionNotComplete(StateConflict):
    """The auction has not ended, so there is no contract or leader yet (Law 22)."""

    code: ClassVar[str] = "auction_not_complete"

    def __init__(self) -> None:
        super().__init__("The auction has not ended", law=LawRef("22"))


class IrregularCallRefused(RuleViolation):
    """Strict mode: an irregular call is refused instead of rectified."""

    code: ClassVar[str] = "irregular_call_refused"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


# ---------------------------------------------------------------------------
# Play and claims (Laws 40-71): play/claims helper adds its classes below
# ---------------------------------------------------------------------------

__all__ += [
    "AlreadyPenaltyCard",
    "AttentionAlreadyDrawn",
    "CardAlreadyPlayed",
    "CardNotHeld",
    "ClaimNotAllowed",
    "ClaimTricksOutOfRange",
    "ConcessionNotCancellable",
    "ConcessionWindowClosed",
    "IllegalPlayRefused",
    "IrregularPlayRefused",
    "NoClaimPending",
    "NotEntitledToRespond",
    "PlayEnded",
    "PlaySuspended",
    "RevokeEstablished",
    "RevokeMustBeCorrected",
    "RevokeNotFound",
]


class PlayEnded(StateConflict):
    """The play period is over: thirteen tricks, or play stopped (Law 44B)."""

    code: ClassVar[str] = "play_ended"

    def __init__(self, detail: str = "The play has ended", law: str = "44B") -> None:
        super().__init__(detail, law=LawRef(law))


class CardNotHeld(RuleViolation):
    """The hand never held the card (Laws 44A, 45A)."""

    code: ClassVar[str] = "card_not_held"

    def __init__(self, seat: object, card: object) -> None:
        super().__init__(f"Seat {seat} does not hold {card}", law=LawRef("45A"))


class CardAlreadyPlayed(RuleViolation):
    """A played card cannot be played again (Laws 45A, 47F)."""

    code: ClassVar[str] = "card_already_played"

    def __init__(self, seat: object, card: object) -> None:
        super().__init__(f"Seat {seat} has already played {card}", law=LawRef("47F"))


class IrregularPlayRefused(RuleViolation):
    """Strict mode: a lead or play out of turn, or an exposure, is refused."""

    code: ClassVar[str] = "irregular_play_refused"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


class IllegalPlayRefused(RuleViolation):
    """Strict mode: a card the Laws do not allow now is refused (Laws 44C, 50, 61A)."""

    code: ClassVar[str] = "illegal_play_refused"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


class AlreadyPenaltyCard(StateConflict):
    """The card already lies face up as a penalty card (Law 50A)."""

    code: ClassVar[str] = "already_penalty_card"

    def __init__(self, card: object) -> None:
        super().__init__(f"{card} is already a penalty card", law=LawRef("50A"))


class RevokeNotFound(RuleViolation):
    """No revoke by that hand matches (Law 61A)."""

    code: ClassVar[str] = "revoke_not_found"

    def __init__(self, detail: str) -> None:
        super().__init__(detail, law=LawRef("61A"))


class RevokeEstablished(StateConflict):
    """An established revoke can no longer be corrected (Law 63B)."""

    code: ClassVar[str] = "revoke_established"

    def __init__(self) -> None:
        super().__init__("The revoke is established", law=LawRef("63B"))


class RevokeMustBeCorrected(RuleViolation):
    """A revoke not yet established must be corrected instead (Law 62A)."""

    code: ClassVar[str] = "revoke_must_be_corrected"

    def __init__(self, detail: str = "The revoke is not established") -> None:
        super().__init__(detail, law=LawRef("62A"))


class AttentionAlreadyDrawn(StateConflict):
    """Attention was already drawn to this revoke (Laws 64B4, 64B5)."""

    code: ClassVar[str] = "attention_already_drawn"

    def __init__(self) -> None:
        super().__init__("Attention was already drawn to the revoke", law=LawRef("64B"))


class ClaimNotAllowed(RuleViolation):
    """Only declarer or a defender claims or concedes, during the play (Law 68)."""

    code: ClassVar[str] = "claim_not_allowed"

    def __init__(self, detail: str, law: str = "68") -> None:
        super().__init__(detail, law=LawRef(law))


class ClaimTricksOutOfRange(RuleViolation):
    """A claim or award for more tricks than remain, or fewer than none (Law 68)."""

    code: ClassVar[str] = "claim_tricks_out_of_range"

    def __init__(self, tricks: int, remaining: int, law: str = "68") -> None:
        super().__init__(
            f"{tricks} tricks is outside 0..{remaining} remaining", law=LawRef(law)
        )


class PlaySuspended(StateConflict):
    """Play stops after a claim or concession (Law 68D)."""

    code: ClassVar[str] = "play_suspended"

    def __init__(self) -> None:
        super().__init__("Play is suspended by a claim", law=LawRef("68D"))


class NoClaimPending(StateConflict):
    """There is no open or disputed claim to answer or adjudicate (Law 68D)."""

    code: ClassVar[str] = "no_claim_pending"

    def __init__(self, detail: str = "No claim is pending") -> None:
        super().__init__(detail, law=LawRef("68D"))


class NotEntitledToRespond(RuleViolation):
    """Only the claimer's opponents accept a claim; anyone may dispute (Laws 68D, 69A)."""

    code: ClassVar[str] = "not_entitled_to_respond"

    def __init__(self, detail: str, law: str = "69A") -> None:
        super().__init__(detail, law=LawRef(law))


class ConcessionWindowClosed(StateConflict):
    """A concession or agreement may be cancelled only in the Correction Period (Laws 69B, 71, 79C)."""

    code: ClassVar[str] = "concession_window_closed"

    def __init__(self) -> None:
        super().__init__("The Correction Period has ended", law=LawRef("79C"))


class ConcessionNotCancellable(RuleViolation):
    """The tricks to restore exceed the tricks conceded (Laws 69B, 71)."""

    code: ClassVar[str] = "concession_not_cancellable"

    def __init__(self, detail: str, law: str = "71") -> None:
        super().__init__(detail, law=LawRef(law))


class DesignationNeedsRuling(RuleViolation):
    """Law 46B gives no card for this designation: declarer or the Director says which."""

    code: ClassVar[str] = "designation_needs_ruling"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


class DesignationVoid(RuleViolation):
    """A card named from dummy that dummy does not hold designates nothing (Law 46B4)."""

    code: ClassVar[str] = "designation_void"

    def __init__(self, card: object) -> None:
        super().__init__(
            f"Dummy does not hold {card}: designate any legal card", law=LawRef("46B4")
        )


class DefenderMustChoose(RuleViolation):
    """After "play anything" either defender names dummy's card (Law 46B5)."""

    code: ClassVar[str] = "defender_must_choose"

    def __init__(self) -> None:
        super().__init__("Either defender names dummy's card", law=LawRef("46B5"))


__all__ += ["DefenderMustChoose", "DesignationNeedsRuling", "DesignationVoid"]


class DefectiveTrickRefused(RuleViolation):
    """The finding or the card given does not fit the defective trick (Law 67)."""

    code: ClassVar[str] = "defective_trick_refused"

    def __init__(self, detail: str, law: LawRef) -> None:
        super().__init__(detail, law=law)


__all__ += ["DefectiveTrickRefused"]
