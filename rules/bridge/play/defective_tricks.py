"""Defective tricks: the Director's finding put right in the record of play.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 67: before a player of
each side has played to the next trick, the trick is completed as played
(67A); afterwards it keeps its winner, an omitted card is a deemed revoke
(67B1) and extra cards go back to the hand (67B2). The findings, and the
rules that say which card stays on the trick, are
:mod:`rules.bridge.defective_trick`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.bridge.card import Card
from rules.bridge.defective_trick import (
    DefectKind,
    card_left_among_played,
    deemed_revoke,
    omitted_card_choices,
)
from rules.bridge.errors import CardNotHeld, DefectiveTrickRefused
from rules.bridge.penalty_cards import add_penalty_card
from rules.bridge.play.exposed_cards import settle
from rules.bridge.play.record import as_hands, note, place
from rules.bridge.play_state import PlayState, allowed_cards
from rules.bridge.revoke import Revoke, RevokeKind
from rules.bridge.seat import Seat
from rules.bridge.trick import PlayedCard, Trick
from rules.errors import LawRef

__all__ = ["DefectiveTrickOutcome", "rectify_defective_trick"]

_LAW_67 = LawRef("67")


@dataclass(frozen=True, slots=True)
class DefectiveTrickOutcome:
    """The play after a defective trick was put right, and the Law applied."""

    state: PlayState
    law: LawRef


def rectify_defective_trick(
    state: PlayState,
    seat: Seat,
    trick_number: int,
    defect: DefectKind,
    *,
    card: Card | None = None,
    extra: Iterable[Card] = (),
    faced: Card | None = None,
    exposed: bool = False,
) -> DefectiveTrickOutcome:
    """Put right the defective trick ``trick_number`` the Director found (Law 67).

    OMITTED: the card recorded for ``seat`` was not played and stays in his
    hand; ``card`` is the one he now places on the trick. Before a player of
    each side has played to the next trick it is any card he can legally
    play and the trick is completed as played (67A1; cards already led to
    the next trick go back, as for a revoke correction); afterwards a card
    of the suit led if he has one, the trick keeps its winner and he is
    deemed to have revoked, losing one trick under Law 64A2 (67B1).

    TOO_MANY: ``extra`` are the other cards of his on the trick. In time,
    Laws 45E and 58B apply (67A2): a defender's extra cards become penalty
    cards, declarer's go back. Afterwards the card he faced (``faced``), or
    else the highest he could legally have played, stays; the others go back
    to his hand and the trick keeps its winner (67B2(a)); a defender's
    returned card that was ``exposed`` becomes a penalty card (67B2 note).
    A card returned counts as held all along, so failing to play it to a
    later trick may be a revoke (67B2(b)): those revokes are recorded.
    """
    index = trick_number - 1
    if not 0 <= index < len(state.completed):
        raise DefectiveTrickRefused(f"Trick {trick_number} is not complete", _LAW_67)
    trick = state.completed[index]
    recorded = trick.card_of(seat)
    led = trick.led_suit
    if recorded is None or led is None:  # pragma: no cover - completed tricks
        raise DefectiveTrickRefused("The trick has no card of this hand", _LAW_67)
    later = [pc for t in state.completed[index + 1 :] for pc in t.cards]
    later.extend(state.current.cards)
    in_time = len({pc.seat.side for pc in later}) < 2
    if defect is DefectKind.OMITTED:
        if trick.leader is seat:
            raise DefectiveTrickRefused("The lead to a trick was not omitted", _LAW_67)
        if card is None:
            raise DefectiveTrickRefused("Name the card placed on the trick", _LAW_67)
        if in_time:
            return _complete_omitted_trick(state, seat, trick, card)
        return _deem_omitted_card(state, seat, trick, card)
    extras = tuple(dict.fromkeys(extra))
    if not extras or recorded in extras:
        raise DefectiveTrickRefused("Name the extra cards played", _LAW_67)
    for other in extras:
        if other not in state.remaining(seat):
            raise CardNotHeld(seat, other)
    if in_time:
        law = LawRef("67A2")
        penalty = state.penalty_cards
        if state.is_defender(seat):
            for other in extras:
                penalty = add_penalty_card(
                    penalty, seat, other, deliberate=True, law=LawRef("45E1")
                )
        played = replace(state, penalty_cards=penalty)
        return DefectiveTrickOutcome(
            settle(note(played, law.law, seat, recorded, number=trick_number)), law
        )
    return _return_extra_cards(state, seat, trick, extras, faced, exposed=exposed)


def _complete_omitted_trick(
    state: PlayState, seat: Seat, trick: Trick, card: Card
) -> DefectiveTrickOutcome:
    """Law 67A1: supply a legal card; the trick is then complete as played."""
    law = LawRef("67A1")
    if trick is not state.completed[-1]:  # pragma: no cover - both sides played on
        raise DefectiveTrickRefused("Both sides have played to a later trick", law)
    recorded = trick.card_of(seat)
    assert recorded is not None
    hands = list(state.hands)
    following = state.current.cards
    for played in following:
        hands[played.seat.position] = hands[played.seat.position] | {played.card}
    physical = hands[seat.position] | {recorded}
    allowed = allowed_cards(
        state, seat, hand=physical, led=trick.led_suit, leading=False
    )
    if card not in allowed:
        raise DefectiveTrickRefused(f"{card} cannot be played to the trick", law)
    hands[seat.position] = physical - {card}
    returned = {(pc.seat, pc.card) for pc in following}
    revokes = tuple(
        r
        for r in state.revokes
        if (r.seat, r.card) not in returned
        and not (r.seat is seat and r.trick_number == trick.number)
    )
    rebuilt = replace(
        state,
        hands=as_hands(hands),
        completed=state.completed[:-1],
        current=Trick(trick.number, trick.leader),
        revokes=revokes,
        deferred=(),
        pending=None,
    )
    cards = tuple(
        PlayedCard(seat, card) if pc.seat is seat else pc for pc in trick.cards
    )
    rebuilt = place(rebuilt, cards)
    return DefectiveTrickOutcome(
        settle(note(rebuilt, law.law, seat, card, number=trick.number)), law
    )


def _deem_omitted_card(
    state: PlayState, seat: Seat, trick: Trick, card: Card
) -> DefectiveTrickOutcome:
    """Law 67B1: the card placed keeps the winner; a deemed revoke costs a trick."""
    recorded = trick.card_of(seat)
    led = trick.led_suit
    assert recorded is not None
    assert led is not None
    physical = state.remaining(seat) | {recorded}
    choices = omitted_card_choices(physical, led)
    law = LawRef("67B1(a)" if any(c.suit is led for c in physical) else "67B1(b)")
    if card not in choices:
        raise DefectiveTrickRefused(f"{card} is not a card of the suit led", law)
    hands = list(state.hands)
    hands[seat.position] = physical - {card}
    revokes = tuple(
        r
        for r in state.revokes
        if not (r.seat is seat and r.trick_number == trick.number)
    )
    revokes = (*revokes, deemed_revoke(seat, trick.number, card, led))
    flags = state.review_flags
    if LawRef("64C") not in flags:
        flags = (*flags, LawRef("64C"))
    fixed = replace(
        state,
        hands=as_hands(hands),
        completed=_replace_card(state.completed, trick, seat, card),
        revokes=revokes,
        review_flags=flags,
    )
    return DefectiveTrickOutcome(
        note(fixed, law.law, seat, card, number=trick.number), law
    )


def _return_extra_cards(
    state: PlayState,
    seat: Seat,
    trick: Trick,
    extras: tuple[Card, ...],
    faced: Card | None,
    *,
    exposed: bool,
) -> DefectiveTrickOutcome:
    """Law 67B2: one card stays on the trick, which keeps its winner."""
    law = LawRef("67B2(a)")
    recorded = trick.card_of(seat)
    led = trick.led_suit
    assert recorded is not None
    assert led is not None
    played = (recorded, *extras)
    if faced is not None and faced not in played:
        raise DefectiveTrickRefused(f"{faced} was not played to the trick", law)
    left = card_left_among_played(played, led, faced=faced)
    hands = list(state.hands)
    hands[seat.position] = (hands[seat.position] - {left}) | {recorded}
    penalty = state.penalty_cards
    if exposed and state.is_defender(seat):
        for other in played:
            if other != left:
                penalty = add_penalty_card(
                    penalty, seat, other, deliberate=True, law=LawRef("67B2")
                )
    completed = _replace_card(state.completed, trick, seat, left)
    revokes = state.revokes
    if left != recorded:
        # Law 67B2(b): the returned card was held all along.
        for later in completed[trick.number :]:
            own = later.card_of(seat)
            later_led = later.led_suit
            if (
                own is not None
                and later_led is not None
                and recorded.suit is later_led
                and own.suit is not later_led
                and later.leader is not seat
            ):
                revokes = (
                    *revokes,
                    Revoke(
                        seat=seat,
                        trick_number=later.number,
                        card=own,
                        suit=later_led,
                        kind=RevokeKind.FOLLOW_SUIT,
                        established=True,
                    ),
                )
    fixed = replace(
        state,
        hands=as_hands(hands),
        completed=completed,
        penalty_cards=penalty,
        revokes=revokes,
    )
    return DefectiveTrickOutcome(
        note(fixed, law.law, seat, left, number=trick.number), law
    )


def _replace_card(
    completed: tuple[Trick, ...], trick: Trick, seat: Seat, card: Card
) -> tuple[Trick, ...]:
    """Return the tricks with ``seat``'s card on ``trick`` replaced; the winner stays."""
    cards = tuple(
        PlayedCard(seat, card) if pc.seat is seat else pc for pc in trick.cards
    )
    fixed = Trick(trick.number, trick.leader, cards, trick.winner)
    return tuple(fixed if t is trick else t for t in completed)
