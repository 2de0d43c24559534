"""Incomplete or invalid designations of dummy's card (Law 46B).

Laws of Duplicate Bridge 2017 (FIGB edition), Law 46. Declarer should name
both suit and rank (46A). When he does not, Law 46B deems a card designated,
unless declarer's different intention is incontrovertible (a Director's
judgement, recorded as a ruling by the caller). The rules here are the
mechanical part; where they name no single card the resolver raises
:class:`DesignationNeedsRuling` with the sub-Law, and declarer (46B3(b)) or
the Director says which card was meant.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.card import Card, Rank, Suit
from rules.bridge.errors import DefenderMustChoose, DesignationNeedsRuling
from rules.bridge.play_state import PlayState, legal_cards
from rules.bridge.seat import Seat
from rules.bridge.trick import PlayedCard, trick_winner
from rules.errors import LawRef

__all__ = ["Designation", "ResolvedDesignation", "resolve_designation"]


class Designation(StrEnum):
    """What declarer said when designating dummy's card (Law 46B)."""

    HIGH = "high"
    """"High" or similar: the highest card of the suit being played (46B1(a))."""
    WIN = "win"
    """"Win" or "take the trick": the lowest card known to win it (46B1(b))."""
    LOW = "low"
    """"Low" or similar: the lowest card of the suit being played (46B1(c))."""
    SUIT = "suit"
    """A suit without a rank: the lowest card of that suit (46B2)."""
    RANK = "rank"
    """A rank without a suit (46B3(a) when leading, else 46B3(b))."""
    ANYTHING = "anything"
    """Neither suit nor rank, "play anything": either defender chooses (46B5)."""


@dataclass(frozen=True, slots=True)
class ResolvedDesignation:
    """The card deemed designated from dummy and the Law that deems it."""

    card: Card
    law: LawRef


def resolve_designation(
    state: PlayState,
    designation: Designation,
    *,
    suit: Suit | None = None,
    rank: Rank | None = None,
) -> ResolvedDesignation:
    """Return the card of dummy's that ``designation`` designates (Law 46B1-B3).

    ``suit`` is the suit declarer named ("high spade", "a club"), ``rank``
    the rank ("the queen"). Raises :class:`DesignationNeedsRuling` where the
    Law names no single card, and :class:`DefenderMustChoose` for "play
    anything" (Law 46B5).
    """
    dummy = state.dummy
    hand = state.remaining(dummy)
    trick = state.current
    led = trick.led_suit
    match designation:
        case Designation.HIGH | Designation.LOW:
            law = LawRef("46B1(a)" if designation is Designation.HIGH else "46B1(c)")
            in_play = led if led is not None else suit
            if in_play is None:
                raise DesignationNeedsRuling("No suit is being played", law)
            of_suit = [card for card in hand if card.suit is in_play]
            if not of_suit:
                raise DesignationNeedsRuling(f"Dummy holds no {in_play.value}", law)
            pick = max if designation is Designation.HIGH else min
            return ResolvedDesignation(pick(of_suit), law)
        case Designation.WIN:
            law = LawRef("46B1(b)")
            winners = [
                card
                for card in legal_cards(state, dummy)
                if _known_to_win(state, dummy, card)
            ]
            if not winners:
                raise DesignationNeedsRuling("No card of dummy's is known to win", law)
            return ResolvedDesignation(min(winners, key=_order), law)
        case Designation.SUIT:
            law = LawRef("46B2")
            if suit is None:
                raise DesignationNeedsRuling("Name the suit", law)
            of_suit = [card for card in hand if card.suit is suit]
            if not of_suit:
                raise DesignationNeedsRuling(f"Dummy holds no {suit.value}", law)
            return ResolvedDesignation(min(of_suit), law)
        case Designation.RANK:
            if rank is None:
                raise DesignationNeedsRuling("Name the rank", LawRef("46B3"))
            if not trick.cards and state.completed:
                previous = state.completed[-1]
                won_with = previous.card_of(dummy)
                if previous.winner is dummy and won_with is not None:
                    card = Card(won_with.suit, rank)
                    if card in hand:
                        return ResolvedDesignation(card, LawRef("46B3(a)"))
            law = LawRef("46B3(b)")
            playable = [card for card in legal_cards(state, dummy) if card.rank is rank]
            if len(playable) != 1:
                raise DesignationNeedsRuling(
                    "Declarer says which card of that rank he meant", law
                )
            return ResolvedDesignation(playable[0], law)
        case Designation.ANYTHING:
            raise DefenderMustChoose()


def _order(card: Card) -> tuple[int, int]:
    return (card.rank, card.suit.rank)


def _known_to_win(state: PlayState, dummy: Seat, card: Card) -> bool:
    """Return whether ``card`` wins the trick whatever the defenders hold (46B1(b)).

    Known to declarer: it beats the cards already played and no card he
    cannot see (the defenders' unplayed cards) could beat it from a defender
    still to play. A defender may be void, so a side-suit card is not known
    to win while an unseen trump remains.
    """
    trick = state.current
    played = (*trick.cards, PlayedCard(dummy, card))
    trump = state.trump
    if trick.cards and _winner_so_far(played, trump) is not dummy:
        return False
    to_play = [
        seat
        for seat in (dummy.next(1), dummy.next(2), dummy.next(3))
        if seat not in trick.seats_played and state.is_defender(seat)
    ]
    if not to_play:
        return True
    defenders = (dummy.next(1), dummy.next(3))
    unseen = [other for seat in defenders for other in state.remaining(seat)]
    for other in unseen:
        if other.suit is card.suit and other.rank > card.rank:
            return False
        if trump is not None and other.suit is trump and card.suit is not trump:
            return False
    return True


def _winner_so_far(cards: tuple[PlayedCard, ...], trump: Suit | None) -> Seat:
    """Return the hand winning an incomplete trick so far (Laws 44E, 44F)."""
    return trick_winner(cards, trump)
