"""Exposed and penalty cards in the play, and the lead options they give.

Laws of Duplicate Bridge 2017 (FIGB edition): Laws 48-49 (a card declarer
exposes goes back to his hand; a defender's is a penalty card), 50D2 and 51
(declarer's lead options, and his designation, when a defender holds penalty
cards) and 52B (a penalty card not played when it should have been), with
the lead restriction an auction irregularity leaves (Law 26B), which declarer
exercises in the same way. After every transition :func:`settle` raises the
choices these Laws give at the start of a turn. The penalty card itself,
major or minor, and its play obligations are :mod:`rules.bridge.penalty_cards`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.bridge.card import Card
from rules.bridge.errors import AlreadyPenaltyCard, IrregularPlayRefused
from rules.bridge.penalty_cards import PenaltyCardKind, add_penalty_card, lead_options
from rules.bridge.play.record import PlayOutcome, as_hands, check_card, commit, note
from rules.bridge.play_rectification import (
    PendingPlayRectification,
    PlayOption,
    PlayOptionCode,
)
from rules.bridge.play_state import (
    InformationMarker,
    LeadConstraint,
    PlayState,
    legal_cards,
)
from rules.bridge.seat import Seat
from rules.bridge.trick import Trick
from rules.errors import LawRef

__all__ = ["expose_card", "replace_with_penalty_card", "restrict_lead", "settle"]

_LAW_49 = LawRef("49")
_LAW_50E2 = LawRef("50E2")


def expose_card(
    state: PlayState,
    seat: Seat,
    card: Card,
    *,
    deliberate: bool,
    law: LawRef = _LAW_49,
) -> PlayOutcome:
    """Record a card exposed outside the normal course of play.

    Law 49: a defender's card his partner could see, or that he named, is a
    penalty card, major or minor by Law 50B. Law 48A: declarer's and dummy's
    exposed cards are not penalty cards and carry no rectification.
    """
    check_card(state, seat, card)
    if state.strict:
        raise IrregularPlayRefused("Cards may not be exposed", law)
    if any(pc.card == card for pc in state.penalty_cards):
        raise AlreadyPenaltyCard(card)
    if not state.is_defender(seat):
        return PlayOutcome(note(state, "48A", seat, card), LawRef("48A"))
    cards = add_penalty_card(
        state.penalty_cards, seat, card, deliberate=deliberate, law=law
    )
    pending = state.pending
    if pending is not None and pending.law.law in ("50D2", "51B"):
        # The lead options depend on the penalty cards: offer them afresh.
        state = replace(state, pending=None, lead_options_trick=0)
    return PlayOutcome(
        settle(note(replace(state, penalty_cards=cards), law.law, seat, card)), law
    )


def settle(state: PlayState) -> PlayState:
    """Raise the choices due at the start of a turn (Laws 26B, 50D2, 51B, 51A)."""
    if state.pending is not None or len(state.completed) == 13:
        return state
    trick = state.current
    declarer = state.contract.declarer
    if not trick.cards:
        leader = trick.leader
        if leader.side is not declarer.side:
            for restriction in state.lead_restrictions:
                if restriction.leader is leader:
                    rest = tuple(
                        r for r in state.lead_restrictions if r is not restriction
                    )
                    suits = sorted(restriction.prohibitable_suits, key=lambda s: s.rank)
                    options = (
                        *(
                            PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, (s,))
                            for s in suits
                        ),
                        PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION),
                    )
                    pending = PendingPlayRectification(
                        law=restriction.law,
                        offender=restriction.offender,
                        choosers=(declarer,),
                        options=options,
                        correct_leader=leader,
                    )
                    return replace(state, lead_restrictions=rest, pending=pending)
            if state.penalty_cards and state.lead_options_trick != trick.number:
                owner = leader.partner
                own = state.penalty_cards_of(owner)
                majors = [pc for pc in own if pc.kind is PenaltyCardKind.MAJOR]
                if majors:
                    pending = PendingPlayRectification(
                        law=LawRef("50D2" if len(own) == 1 else "51B"),
                        offender=owner,
                        choosers=(declarer,),
                        options=lead_options(pc.card.suit for pc in majors),
                        correct_leader=leader,
                    )
                    return replace(
                        state, lead_options_trick=trick.number, pending=pending
                    )
    if state.penalty_cards and state.designated is None:
        seat = state.turn
        if seat is not None and seat.side is not declarer.side:
            legal = legal_cards(state, seat)
            major_cards = {
                pc.card
                for pc in state.penalty_cards_of(seat)
                if pc.kind is PenaltyCardKind.MAJOR
            }
            if len(legal) > 1 and legal <= major_cards:
                # Law 51A: declarer designates which penalty card is played.
                pending = PendingPlayRectification(
                    law=LawRef("51A"),
                    offender=seat,
                    choosers=(declarer,),
                    options=tuple(
                        PlayOption(PlayOptionCode.DESIGNATE_PENALTY_CARD, card=card)
                        for card in sorted(legal)
                    ),
                )
                return replace(state, pending=pending)
    return state


def restrict_lead(
    state: PlayState, pending: PendingPlayRectification, option: PlayOption
) -> PlayState:
    """Laws 26B, 50D2(a), 51B: restrict the leader; named penalty cards are picked up."""
    leader = state.current.leader
    law = pending.law
    cards = state.penalty_cards
    markers = state.information
    if law.law != "26B":
        # The owner picks up his penalty cards in the suits named (50D2(a), 51B1, 51B2).
        cards = tuple(
            pc
            for pc in cards
            if not (pc.seat is pending.offender and pc.card.suit in option.suits)
        )
        # Law 50E2: what a card picked up showed is unauthorized for the
        # owner's partner (and authorized for declarer).
        markers = (
            *markers,
            *(
                InformationMarker(
                    _LAW_50E2,
                    pc.seat.side,
                    law,
                    pc.seat,
                    state.current.number,
                    pc.card,
                )
                for pc in state.penalty_cards
                if pc not in cards
            ),
        )
    if option.code is PlayOptionCode.REQUIRE_LEAD_SUIT:
        constraint = LeadConstraint(seat=leader, law=law, required=option.suits[0])
    else:
        constraint = LeadConstraint(seat=leader, law=law, prohibited=option.suits)
    return replace(
        state,
        penalty_cards=cards,
        lead_constraints=(*state.lead_constraints, constraint),
        information=markers,
    )


def replace_with_penalty_card(
    state: PlayState, pending: PendingPlayRectification
) -> PlayState:
    """Law 52B2: the penalty card replaces the card played; that card becomes major."""
    seat, wrong = pending.offender, pending.card
    assert wrong is not None
    current, completed = state.current, state.completed
    if current.cards and current.cards[-1].seat is seat:
        trick = current
    else:
        # The wrong card completed the trick: reopen it.
        trick, completed = completed[-1], completed[:-1]
    cards = tuple(pc for pc in trick.cards if pc.seat is not seat)
    hands = list(state.hands)
    hands[seat.position] = hands[seat.position] | {wrong}
    revokes = tuple(
        replace(r, corrected=True)
        if r.seat is seat and r.card == wrong and r.trick_number == trick.number
        else r
        for r in state.revokes
    )
    reopened = replace(
        state,
        hands=as_hands(hands),
        completed=completed,
        current=Trick(trick.number, trick.leader, cards),
        revokes=revokes,
    )
    required = sorted(legal_cards(reopened, seat))
    penalty = state.designated if state.designated in required else required[0]
    assert penalty is not None
    played = commit(reopened, seat, penalty)
    cards_now = add_penalty_card(
        played.penalty_cards, seat, wrong, deliberate=True, law=LawRef("52B2")
    )
    return replace(played, penalty_cards=cards_now)
