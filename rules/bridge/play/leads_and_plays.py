"""Leads and plays: the opening lead, and plays in turn and out of turn.

Laws of Duplicate Bridge 2017 (FIGB edition): Laws 41 (the opening lead),
44-45 (rotation, the card played, a fifth card to a trick: 45E), 46 (dummy's
cards, designated by declarer), 53-56 (leads out of turn, accepted or
withdrawn at the entitled player's choice), 57 (premature plays) and 60
(play after an irregular lead). A card played when a compliant card was held
is a revoke (:mod:`rules.bridge.play.revokes`); the penalty cards these Laws
create are :mod:`rules.bridge.play.exposed_cards`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.bridge.card import Card, Suit
from rules.bridge.contract import Contract
from rules.bridge.deal import Deal
from rules.bridge.errors import IrregularPlayRefused, RectificationPending
from rules.bridge.penalty_cards import PenaltyCard, add_penalty_card
from rules.bridge.play.exposed_cards import settle
from rules.bridge.play.record import PlayOutcome, as_hands, check_card, commit, note
from rules.bridge.play.revokes import record_revoke
from rules.bridge.play_rectification import (
    PendingPlayRectification,
    PlayOption,
    PlayOptionCode,
)
from rules.bridge.play_state import PlayState, legal_cards
from rules.bridge.restrictions import LeadRestriction, PenaltyCardFromAuction
from rules.bridge.seat import Seat
from rules.bridge.trick import PlayedCard, Trick
from rules.errors import LawRef

__all__ = ["apply_play", "play_card", "start_play", "withdraw_lead"]

_ACCEPT = PlayOption(PlayOptionCode.ACCEPT_LEAD)
_SPREAD = PlayOption(PlayOptionCode.DECLARER_SPREADS_HAND)
_WITHDRAW = PlayOption(PlayOptionCode.WITHDRAW_LEAD)
_LEAD_OUT_OF_TURN = frozenset({"54", "55", "56"})
_LEAD_OPTIONS = frozenset({"26B", "50D2", "51B"})


def start_play(
    deal: Deal,
    contract: Contract,
    *,
    strict: bool = False,
    lead_restrictions: Iterable[LeadRestriction] = (),
    penalty_cards: Iterable[PenaltyCardFromAuction] = (),
) -> PlayState:
    """Return the play state once the auction has produced ``contract``.

    Law 41A: the defender on presumed declarer's left makes the opening
    lead. Law 24E: a future defender's card exposed during the auction is a
    penalty card; declarer's and dummy's go back to the hand (Law 48A).
    Law 26B: a lead restriction applies only if the offender became a
    defender; declarer then chooses at the restricted player's first lead.
    """
    declaring = contract.declarer.side
    cards: tuple[PenaltyCard, ...] = ()
    for exposed in penalty_cards:
        if exposed.seat.side is not declaring:
            cards = add_penalty_card(
                cards,
                exposed.seat,
                exposed.card,
                deliberate=exposed.major,
                law=exposed.law,
            )
    restrictions = tuple(
        restriction
        for restriction in lead_restrictions
        if restriction.offender.side is not declaring and restriction.prohibitable_suits
    )
    hands = (deal.hand(Seat.N), deal.hand(Seat.E), deal.hand(Seat.S), deal.hand(Seat.W))
    state = PlayState(
        deal=deal,
        contract=contract,
        hands=hands,
        current=Trick(1, contract.declarer.lho),
        strict=strict,
        penalty_cards=cards,
        lead_restrictions=restrictions,
    )
    return settle(state)


def play_card(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Play ``card`` from the hand at ``seat`` and classify the play.

    ``seat`` is the hand the card comes from: dummy's seat for a card of
    dummy's, which declarer designates (Laws 45B, 46). Raises
    :class:`PlayEnded`, :class:`CardNotHeld` or :class:`CardAlreadyPlayed`
    for what cannot happen, :class:`RectificationPending` while a choice is
    awaited (Law 9B2), and in strict mode the refusals of irregular plays.
    """
    check_card(state, seat, card)
    if state.pending is not None:
        return _play_while_pending(state, seat, card, state.pending)
    return _play(state, seat, card)


def apply_play(
    state: PlayState, seat: Seat, card: Card, irregularity: LawRef | None
) -> PlayState:
    """Apply a recorded play; ``irregularity`` is what :func:`play_card` found.

    A play recorded as regular with nothing pending is committed directly
    (the replay fast path); any other goes through :func:`play_card` again,
    which is deterministic and so yields the same state.
    """
    if irregularity is None and state.pending is None:
        # A regular play with nothing pending was in turn: see play_card.
        return settle(commit(state, seat, card))
    return play_card(state, seat, card).state


def _play(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Play in turn (Law 44), or classify a lead (53-56) or play (45E, 57) out of it."""
    if seat is state.turn:
        if card in legal_cards(state, seat):
            return PlayOutcome(settle(commit(state, seat, card)))
        return record_revoke(state, seat, card)
    if state.strict:
        law = "53A" if not state.current.cards else "57A"
        raise IrregularPlayRefused(f"It is not seat {seat}'s turn", LawRef(law))
    if not state.current.cards:
        return _lead_out_of_turn(state, seat, card)
    return _play_out_of_turn(state, seat, card)


def _play_while_pending(
    state: PlayState, seat: Seat, card: Card, pending: PendingPlayRectification
) -> PlayOutcome:
    """Classify a card played while a choice is awaited (Law 9B2).

    It may accept a lead out of turn (53A, 53C) or a penalty card not played
    (52B1(b)); a lead before declarer chooses his lead options is a penalty
    card (50D2).
    """
    law = pending.law.law
    if law in _LEAD_OUT_OF_TURN and (
        seat is pending.offender.lho or (law == "55" and seat is pending.offender.rho)
    ):
        # Law 53A: a card played from the next hand accepts the lead; Law 53C:
        # after declarer's lead, a play by the defender on its right lets the
        # lead stand and is itself a premature play (Law 57).
        accepted = settle(replace(state, pending=None, dummy_faced=True))
        return _play(accepted, seat, card)
    if law == "52" and seat in (state.declarer, state.dummy):
        # Law 52B1(b): declarer must accept once he has played from either hand.
        return _play(settle(replace(state, pending=None)), seat, card)
    if (
        law in _LEAD_OPTIONS
        and seat is state.current.leader
        and not state.current.cards
    ):
        if state.strict:
            raise RectificationPending(f"Declarer chooses under {pending.law} first")
        # Law 50D2: leading before declarer has chosen makes the card a
        # penalty card (Law 49); declarer's choice is still to come.
        cards = add_penalty_card(
            state.penalty_cards, seat, card, deliberate=True, law=LawRef("49")
        )
        noted = note(replace(state, penalty_cards=cards), law, seat, card)
        return PlayOutcome(noted, LawRef(law))
    raise RectificationPending(f"A choice under {pending.law} is pending")


def _lead_out_of_turn(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Record a lead out of turn and the options of Laws 54, 55 or 56."""
    trick = state.current
    declarer, dummy = state.declarer, state.dummy
    if trick.number == 13:
        # Law 53A footnote: a lead out of turn at trick 13 must be withdrawn.
        return PlayOutcome(note(state, "53A", seat, card), LawRef("53A"))
    prevailing: Seat | None = None
    if trick.number == 1 and not state.dummy_faced:
        if seat in (declarer, dummy):
            # Law 54E: the declaring side's attempted opening lead is a card
            # exposed during the auction (Law 24); it goes back to the hand.
            return PlayOutcome(note(state, "54E", seat, card), LawRef("54E"))
        law = "54"
        options: tuple[PlayOption, ...] = (_ACCEPT, _SPREAD, _WITHDRAW)
        choosers: tuple[Seat, ...] = (declarer,)
    elif seat in (declarer, dummy):
        # Law 55A: either defender chooses; the next in rotation prevails.
        law, options, choosers, prevailing = (
            "55",
            (_ACCEPT, _WITHDRAW),
            (seat.lho, seat.rho),
            seat.lho,
        )
    else:
        law, options, choosers = "56", (_ACCEPT, _WITHDRAW), (declarer,)
    hands = list(state.hands)
    hands[seat.position] = hands[seat.position] - {card}
    pending = PendingPlayRectification(
        law=LawRef(law),
        offender=seat,
        choosers=choosers,
        options=options,
        card=card,
        correct_leader=trick.leader,
        prevailing=prevailing,
    )
    new = replace(
        state,
        hands=as_hands(hands),
        current=Trick(trick.number, seat, (PlayedCard(seat, card),)),
        pending=pending,
    )
    return PlayOutcome(note(new, law, seat, card), LawRef(law))


def _play_out_of_turn(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Classify a play out of turn to a trick in progress (Laws 45E, 57)."""
    played = state.current.seats_played
    declarer, dummy = state.declarer, state.dummy
    if seat in (declarer, dummy):
        if seat in played:
            # Law 45E2: declarer's fifth card goes back without rectification.
            return PlayOutcome(note(state, "45E2", seat, card), LawRef("45E2"))
        if card in legal_cards(state, seat):
            # Law 57C3: declarer's premature play is played and, if legal, stands.
            return PlayOutcome(
                settle(note(commit(state, seat, card), "57C3", seat, card)),
                LawRef("57C3"),
            )
        return record_revoke(state, seat, card)
    partner = seat.partner
    declarer_played_both = declarer in played and dummy in played
    if seat in played:
        if partner not in played and not declarer_played_both:
            return _premature(state, seat, card)
        # Law 45E1: a defender's fifth card becomes a penalty card.
        return _penalise(state, seat, card, "45E1")
    if partner not in played:
        if declarer_played_both:
            # Law 57C1: no rectification once declarer has played from both hands.
            if card in legal_cards(state, seat):
                return PlayOutcome(
                    settle(note(commit(state, seat, card), "57C1", seat, card)),
                    LawRef("57C1"),
                )
            return record_revoke(state, seat, card)
        return _premature(state, seat, card)
    # Law 57D: a defender plays at his RHO's turn. A legal card must be played
    # at his correct turn; any other becomes a major penalty card.
    if card in legal_cards(state, seat):
        deferred = (*state.deferred, PlayedCard(seat, card))
        return PlayOutcome(
            note(replace(state, deferred=deferred), "57D", seat, card), LawRef("57D")
        )
    return _penalise(state, seat, card, "57D")


def _premature(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Law 57A: a major penalty card, and declarer's four options for partner."""
    cards = add_penalty_card(
        state.penalty_cards, seat, card, deliberate=True, law=LawRef("57A")
    )
    led = state.current.led_suit
    others = [suit for suit in Suit if suit is not led]
    options = (
        PlayOption(PlayOptionCode.PLAY_HIGHEST),
        PlayOption(PlayOptionCode.PLAY_LOWEST),
        *(PlayOption(PlayOptionCode.REQUIRE_PLAY_SUIT, (suit,)) for suit in others),
        *(PlayOption(PlayOptionCode.PROHIBIT_PLAY_SUIT, (suit,)) for suit in others),
    )
    pending = PendingPlayRectification(
        law=LawRef("57A"),
        offender=seat,
        choosers=(state.declarer,),
        options=options,
        card=card,
    )
    new = note(replace(state, penalty_cards=cards, pending=pending), "57A", seat, card)
    return PlayOutcome(new, LawRef("57A"))


def _penalise(state: PlayState, seat: Seat, card: Card, law: str) -> PlayOutcome:
    """Make a defender's card a major penalty card (Laws 45E1, 57D)."""
    cards = add_penalty_card(
        state.penalty_cards, seat, card, deliberate=True, law=LawRef(law)
    )
    new = note(replace(state, penalty_cards=cards), law, seat, card)
    return PlayOutcome(settle(new), LawRef(law))


def withdraw_lead(state: PlayState, pending: PendingPlayRectification) -> PlayState:
    """Laws 54D, 55B, 56B: the lead goes back; a defender's becomes a penalty card."""
    offender, card = pending.offender, pending.card
    assert card is not None
    assert pending.correct_leader is not None
    hands = list(state.hands)
    hands[offender.position] = hands[offender.position] | {card}
    cards = state.penalty_cards
    law = pending.law.law
    if law != "55" and state.is_defender(offender):
        cards = add_penalty_card(
            cards,
            offender,
            card,
            deliberate=True,
            law=LawRef("54D" if law == "54" else "56B"),
        )
    return replace(
        state,
        hands=as_hands(hands),
        current=Trick(state.current.number, pending.correct_leader),
        penalty_cards=cards,
    )
