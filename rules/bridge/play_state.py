"""The state of the play of one deal, and what it allows next.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 41-44 (opening lead,
rotation, following suit), with the restrictions later Laws attach to the
play: penalty cards (Laws 50-51), lead restrictions (Laws 26B, 50D2, 51B),
the play restriction after a premature play (Law 57A) and the card a defender
must play at his correct turn (Law 57D). Transitions live in
:mod:`rules.bridge.play`; this module only holds the value and its queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bridge.card import Card, Suit
from rules.bridge.contract import Contract
from rules.bridge.deal import Deal
from rules.bridge.penalty_cards import (
    PenaltyCard,
    PenaltyCardKind,
    apply_minor_obligation,
)
from rules.bridge.play_rectification import PendingPlayRectification, PlayOptionCode
from rules.bridge.restrictions import LeadRestriction
from rules.bridge.revoke import Revoke
from rules.bridge.seat import Seat, Side
from rules.bridge.trick import PlayedCard, Trick
from rules.errors import LawRef

__all__ = [
    "SEATS",
    "InformationMarker",
    "LeadConstraint",
    "PlayConstraint",
    "PlayIrregularity",
    "PlayState",
    "allowed_cards",
    "legal_cards",
]

SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
_ROTATION: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    seat: (seat, seat.next(1), seat.next(2), seat.next(3)) for seat in SEATS
}


@dataclass(frozen=True, slots=True)
class LeadConstraint:
    """A restriction on ``seat``'s leads (Laws 26B, 50D2(a), 51B).

    ``required`` applies to one lead; ``prohibited`` lasts for as long as the
    player keeps the lead. A player unable to comply leads any card (Law 59).
    """

    seat: Seat
    law: LawRef
    required: Suit | None = None
    prohibited: tuple[Suit, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayConstraint:
    """Declarer's Law 57A choice for the offender's partner's play to a trick."""

    seat: Seat
    trick_number: int
    code: PlayOptionCode
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class PlayIrregularity:
    """An irregularity recorded during the play, for the Director's review."""

    law: LawRef
    seat: Seat
    trick_number: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class InformationMarker:
    """Information a later ruling may cite as unauthorized (Laws 16C, 50E).

    ``law`` makes it unauthorized for the side ``unauthorized_for``: Law 16C2
    for a withdrawn action (the offending side's own, or the other side's),
    Law 50E2 for a penalty card picked up, Law 50E3 for the circumstances of a
    penalty card once played. ``cause`` is the Law under which the card was
    withdrawn, picked up or played, or the action cancelled; ``seat`` whose
    card or action it was; ``trick_number`` 0 for the auction.
    """

    law: LawRef
    unauthorized_for: Side
    cause: LawRef
    seat: Seat
    trick_number: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class PlayState:
    """The play of one deal: hands, tricks and every pending obligation.

    ``hands`` are the unplayed cards in N, E, S, W order (penalty cards stay
    in their owner's hand: they are his cards, face up on the table).
    ``current`` is the trick in progress; once thirteen tricks are complete
    it is an empty trick numbered 14 and ``is_complete`` is true.
    """

    deal: Deal
    contract: Contract
    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    current: Trick
    strict: bool = False
    completed: tuple[Trick, ...] = ()
    dummy_faced: bool = False
    penalty_cards: tuple[PenaltyCard, ...] = ()
    lead_constraints: tuple[LeadConstraint, ...] = ()
    play_constraint: PlayConstraint | None = None
    deferred: tuple[PlayedCard, ...] = ()
    designated: Card | None = None
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    lead_options_trick: int = 0
    pending: PendingPlayRectification | None = None
    revokes: tuple[Revoke, ...] = ()
    irregularities: tuple[PlayIrregularity, ...] = ()
    review_flags: tuple[LawRef, ...] = ()
    information: tuple[InformationMarker, ...] = ()  # Laws 16C, 50E

    @property
    def declarer(self) -> Seat:
        """Return the declarer (Law 54A may swap declarer and dummy)."""
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        """Return dummy's seat: declarer's partner."""
        return self.contract.declarer.partner

    @property
    def declaring_side(self) -> Side:
        """Return the declarer's side."""
        return self.contract.declarer.side

    @property
    def trump(self) -> Suit | None:
        """Return the trump suit, or None at notrump."""
        return self.contract.denomination.suit

    @property
    def is_complete(self) -> bool:
        """Return whether all thirteen tricks have been played."""
        return len(self.completed) == 13

    @property
    def trick_number(self) -> int:
        """Return the number of the trick in progress (1..13)."""
        return self.current.number

    @property
    def turn(self) -> Seat | None:
        """Return the hand due to play next, or None once play is complete.

        The first hand in rotation from the leader that has not yet played
        to the trick (Law 44B); out-of-order plays that stand (Laws 57C1,
        57C3) are skipped.
        """
        if len(self.completed) == 13:
            return None
        played = [pc.seat for pc in self.current.cards]
        for seat in _ROTATION[self.current.leader]:
            if seat not in played:
                return seat
        return None  # pragma: no cover - a complete trick is never current

    def remaining(self, seat: Seat) -> frozenset[Card]:
        """Return the cards ``seat`` has not played."""
        return self.hands[seat.position]

    def tricks_won(self, side: Side) -> int:
        """Return the completed tricks won by ``side`` (as played, Law 79A)."""
        return sum(1 for trick in self.completed if trick.winner in side.seats)

    @property
    def declarer_tricks(self) -> int:
        """Return the completed tricks won by the declaring side."""
        return self.tricks_won(self.declaring_side)

    def penalty_cards_of(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        """Return ``seat``'s penalty cards."""
        return tuple(pc for pc in self.penalty_cards if pc.seat is seat)

    def is_defender(self, seat: Seat) -> bool:
        """Return whether ``seat`` is a defender."""
        return seat.side is not self.contract.declarer.side


def allowed_cards(
    state: PlayState,
    seat: Seat,
    *,
    hand: frozenset[Card] | None = None,
    led: Suit | None = None,
    leading: bool | None = None,
) -> frozenset[Card]:
    """Return the cards ``seat`` may play, before penalty-card obligations.

    Law 44C: follow suit if able, which overrides every other requirement.
    Then the lead restrictions (Laws 26B, 50D2, 51B) or Law 57A's play
    restriction narrow the choice; a player unable to comply plays any card
    the earlier steps allowed (Law 59). ``hand``, ``led`` and ``leading``
    default to the current trick.
    """
    cards = state.remaining(seat) if hand is None else hand
    trick = state.current
    if leading is None:
        leading = not trick.cards
    if led is None and not leading:
        led = trick.led_suit
    base = cards
    if led is not None:
        follow = frozenset(card for card in cards if card.suit is led)
        if follow:
            base = follow
    if leading:
        for constraint in state.lead_constraints:
            if constraint.seat is not seat:
                continue
            if constraint.required is not None:
                required = frozenset(c for c in base if c.suit is constraint.required)
                base = required or base
            if constraint.prohibited:
                others = frozenset(
                    c for c in base if c.suit not in constraint.prohibited
                )
                base = others or base
        return base
    constraint57 = state.play_constraint
    if (
        constraint57 is not None
        and constraint57.seat is seat
        and constraint57.trick_number == trick.number
    ):
        base = _apply_play_constraint(base, constraint57, led)
    return base


def _apply_play_constraint(
    base: frozenset[Card], constraint: PlayConstraint, led: Suit | None
) -> frozenset[Card]:
    """Apply declarer's Law 57A option, or leave ``base`` when unable (57B, 59)."""
    code = constraint.code
    in_led = [card for card in base if card.suit is led]
    if code is PlayOptionCode.PLAY_HIGHEST and in_led:
        return frozenset({max(in_led, key=lambda card: card.rank)})
    if code is PlayOptionCode.PLAY_LOWEST and in_led:
        return frozenset({min(in_led, key=lambda card: card.rank)})
    if code is PlayOptionCode.REQUIRE_PLAY_SUIT:
        required = frozenset(card for card in base if card.suit is constraint.suit)
        return required or base
    if code is PlayOptionCode.PROHIBIT_PLAY_SUIT:
        others = frozenset(card for card in base if card.suit is not constraint.suit)
        return others or base
    return base


def legal_cards(state: PlayState, seat: Seat) -> frozenset[Card]:
    """Return the cards ``seat`` may lawfully play to the current trick.

    Adds the penalty-card obligations to :func:`allowed_cards`: a major
    penalty card must be played at the first legal opportunity, declarer
    designating among several (Laws 50D1, 51A); a minor one bars the owner's
    other low cards of its suit (Law 50C). A card a defender must play at
    his correct turn (Law 57D) is the only legal card while it stays legal.
    """
    allowed = allowed_cards(state, seat)
    for deferred in state.deferred:
        if deferred.seat is seat and deferred.card in allowed:
            return frozenset({deferred.card})
    if not state.penalty_cards:
        return allowed
    own = [pc for pc in state.penalty_cards if pc.seat is seat]
    majors = [pc.card for pc in own if pc.kind is PenaltyCardKind.MAJOR]
    playable = frozenset(card for card in majors if card in allowed)
    if playable:
        if state.designated is not None and state.designated in playable:
            return frozenset({state.designated})
        return playable
    minors = [pc for pc in own if pc.kind is PenaltyCardKind.MINOR]
    return apply_minor_obligation(allowed, minors)
