"""The play of one deal: leads, plays, and the irregularities of the play.

Laws of Duplicate Bridge 2017 (FIGB edition): Laws 41-47 (opening lead,
rotation, following suit, played cards), 48-52 (exposed and penalty cards),
53-56 (leads out of turn), 57-60 (premature, simultaneous and irregular
plays), 61-64 (revokes).

Irregular is not impossible (decision 0015): a lead out of turn, a revoke or
an exposed card is recorded with its Law and the options the Law offers
(who chooses, see :class:`PendingPlayRectification`); what cannot happen (a
card the hand never held, a card already played, a play after the last
trick) raises a typed error naming the Law. In ``strict`` mode, as on
online platforms, irregular actions are refused outright.

Every transition returns a new :class:`PlayState`; nothing is mutated.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from operator import attrgetter
from typing import Any

from rules.bridge.card import Card, Suit
from rules.bridge.contract import Contract
from rules.bridge.deal import Deal
from rules.bridge.defective_trick import (
    DefectKind,
    card_left_among_played,
    deemed_revoke,
    omitted_card_choices,
)
from rules.bridge.errors import (
    AlreadyPenaltyCard,
    AttentionAlreadyDrawn,
    CardAlreadyPlayed,
    CardNotHeld,
    DefectiveTrickRefused,
    IllegalPlayRefused,
    IrregularPlayRefused,
    NoRectificationPending,
    OptionNotOffered,
    PlayEnded,
    RectificationPending,
    RevokeEstablished,
    RevokeMustBeCorrected,
    RevokeNotFound,
    WrongChooser,
)
from rules.bridge.irregularity import Director
from rules.bridge.penalty_cards import (
    PenaltyCard,
    PenaltyCardKind,
    add_penalty_card,
    lead_options,
)
from rules.bridge.play_rectification import (
    PendingPlayRectification,
    PlayOption,
    PlayOptionCode,
)
from rules.bridge.play_state import (
    SEATS,
    LeadConstraint,
    PlayConstraint,
    PlayIrregularity,
    PlayState,
    allowed_cards,
    legal_cards,
)
from rules.bridge.restrictions import LeadRestriction, PenaltyCardFromAuction
from rules.bridge.revoke import AttentionTiming, Revoke, RevokeKind
from rules.bridge.seat import Seat, Side
from rules.bridge.trick import PlayedCard, Trick, trick_winner
from rules.errors import LawRef

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

_ACCEPT = PlayOption(PlayOptionCode.ACCEPT_LEAD)
_SPREAD = PlayOption(PlayOptionCode.DECLARER_SPREADS_HAND)
_WITHDRAW = PlayOption(PlayOptionCode.WITHDRAW_LEAD)
_LEAD_OUT_OF_TURN = frozenset({"54", "55", "56"})
_LEAD_OPTIONS = frozenset({"26B", "50D2", "51B"})
_FOUR = 4
_LAW_49 = LawRef("49")
_LAW_62C3 = LawRef("62C3")
_LAW_67 = LawRef("67")
_INDEX = {seat: position for position, seat in enumerate(SEATS)}
_FIELDS = tuple(field.name for field in fields(PlayState))
_SLOTS = tuple(PlayState.__dict__[name] for name in _FIELDS)
_GET_ALL = attrgetter(*_FIELDS)
_POSITION = {name: position for position, name in enumerate(_FIELDS)}


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """The state after a play, and the Law of the irregularity it was, if any."""

    state: PlayState
    irregularity: LawRef | None = None


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
    return _settle(state)


def play_card(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Play ``card`` from the hand at ``seat`` and classify the play.

    ``seat`` is the hand the card comes from: dummy's seat for a card of
    dummy's, which declarer designates (Laws 45B, 46). Raises
    :class:`PlayEnded`, :class:`CardNotHeld` or :class:`CardAlreadyPlayed`
    for what cannot happen, :class:`RectificationPending` while a choice is
    awaited (Law 9B2), and in strict mode the refusals of irregular plays.
    """
    _check_card(state, seat, card)
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
        return _settle(_commit(state, seat, card))
    return play_card(state, seat, card).state


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
        new = _withdraw_lead(base, pending)
    elif code in (PlayOptionCode.REQUIRE_LEAD_SUIT, PlayOptionCode.PROHIBIT_LEAD_SUITS):
        new = _restrict_lead(base, pending, option)
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
        new = _replace_with_penalty_card(base, pending)
    else:
        # NO_LEAD_RESTRICTION (Laws 26B, 50D2(b), 51B2(c)), ACCEPT_PLAY (52B1).
        new = base
    return _settle(new)


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
    _check_card(state, seat, card)
    if state.strict:
        raise IrregularPlayRefused("Cards may not be exposed", law)
    if any(pc.card == card for pc in state.penalty_cards):
        raise AlreadyPenaltyCard(card)
    if not state.is_defender(seat):
        return PlayOutcome(_note(state, "48A", seat, card), LawRef("48A"))
    cards = add_penalty_card(
        state.penalty_cards, seat, card, deliberate=deliberate, law=law
    )
    pending = state.pending
    if pending is not None and pending.law.law in ("50D2", "51B"):
        # The lead options depend on the penalty cards: offer them afresh.
        state = replace(state, pending=None, lead_options_trick=0)
    return PlayOutcome(
        _settle(_note(replace(state, penalty_cards=cards), law.law, seat, card)), law
    )


def correct_revoke(
    state: PlayState,
    seat: Seat,
    replacement: Card,
    *,
    withdrawals: Iterable[Seat] = (),
) -> PlayState:
    """Correct ``seat``'s revoke before it is established (Law 62).

    Law 62B: the revoke card is withdrawn and a legal card substituted; a
    defender's withdrawn card becomes a major penalty card (62B1), declarer's
    or dummy's goes back without rectification (62B2). Law 62C1: the
    non-offending side may withdraw cards played after the revoke
    (``withdrawals``); 62C2: then an offending player may too, a defender's
    card becoming a penalty card. Cards already led to the next trick go back
    to their hands, as the trick may now have another winner (decision 0015).

    Two established revokes are still corrected (Law 63B's exceptions): both
    sides revoked on the same trick and only one side has played to the next
    (Law 62C3: both are corrected, every card a defender withdraws becomes a
    penalty card, no transfer under Law 64B8); and a revoke on the twelfth
    trick (Law 62D1), the thirteenth trick then being replayed with the one
    card each hand holds. Whether the hands are still on the table (62D1) is
    the caller's window.
    """
    revoke = _last_revoke(state, seat)
    number = revoke.trick_number
    both_sides = _both_sides_revoked(state, revoke)
    under = "62B"
    if both_sides or revoke.corrected_under == _LAW_62C3:
        under = "62C3"
    elif revoke.established:
        if number != 12:
            raise RevokeEstablished()
        under = "62D1"
    following: tuple[PlayedCard, ...] = ()
    replay_last = False
    if state.current.number == number:
        trick, completed = state.current, state.completed
    elif state.current.number == number + 1:
        trick, following, completed = (
            state.completed[-1],
            state.current.cards,
            state.completed[:-1],
        )
    else:
        # Law 62D1: the play is over; trick 13 is replayed after the correction.
        trick, following, completed = (
            state.completed[-2],
            state.completed[-1].cards,
            state.completed[:-2],
        )
        replay_last = True
    index = next(i for i, pc in enumerate(trick.cards) if pc.seat is seat)
    hands = list(state.hands)
    for played in following:
        hands[played.seat.position] = hands[played.seat.position] | {played.card}
    hand_then = hands[seat.position]
    led = trick.cards[0].card.suit if index else None
    allowed = allowed_cards(state, seat, hand=hand_then, led=led, leading=index == 0)
    if replacement not in allowed:
        raise IllegalPlayRefused(
            f"{replacement} does not correct the revoke", LawRef("62B")
        )
    withdrawing = tuple(dict.fromkeys(withdrawals))
    offending = seat.side
    later = {pc.seat for pc in trick.cards[index + 1 :]}
    for other in withdrawing:
        if other not in later:
            raise IllegalPlayRefused(
                f"Seat {other} played no card after the revoke", LawRef("62C1")
            )
        if (
            under != "62C3"
            and other.side is offending
            and all(w.side is offending for w in withdrawing)
        ):
            raise IllegalPlayRefused(
                "The offending side withdraws only after the other side", LawRef("62C2")
            )
    hands[seat.position] = (hands[seat.position] - {replacement}) | {revoke.card}
    returned: list[PlayedCard] = [pc for pc in trick.cards if pc.seat in withdrawing]
    for played in returned:
        hands[played.seat.position] = hands[played.seat.position] | {played.card}
    returned.extend(following)
    cards = tuple(
        PlayedCard(seat, replacement) if pc.seat is seat else pc
        for pc in trick.cards
        if pc.seat not in withdrawing
    )
    penalty = state.penalty_cards
    if state.is_defender(seat):
        penalty = add_penalty_card(
            penalty, seat, revoke.card, deliberate=True, law=LawRef("62B1")
        )
    for played in returned:
        if (
            played.seat in withdrawing
            and (under == "62C3" or played.seat.side is offending)
            and state.is_defender(played.seat)
        ):
            law = "62C3" if under == "62C3" else "62C2"
            penalty = add_penalty_card(
                penalty, played.seat, played.card, deliberate=True, law=LawRef(law)
            )
    returned_keys = {(pc.seat, pc.card) for pc in returned}
    revokes = tuple(
        _corrected(r, under)
        if r is revoke
        else (
            replace(r, established=False, corrected_under=_LAW_62C3)
            if _c3_partner(r, revoke, under)
            else r
        )
        for r in state.revokes
        if (r.seat, r.card) not in returned_keys
    )
    flags = state.review_flags
    if under == "62C3" and LawRef("62C3") not in flags:
        flags = (*flags, LawRef("62C3"))
    rebuilt = replace(
        state,
        hands=_hands(hands),
        completed=completed,
        current=Trick(number, trick.leader),
        penalty_cards=penalty,
        revokes=revokes,
        review_flags=flags,
        deferred=(),
        pending=None,
    )
    rebuilt = _place(rebuilt, cards)
    if replay_last:
        while not rebuilt.is_complete and rebuilt.turn is not None:
            turn = rebuilt.turn
            [last] = rebuilt.remaining(turn)
            rebuilt = _commit(rebuilt, turn, last)
    return _settle(_note(rebuilt, under, seat, replacement, number=number))


def _other_side_revoke(state: PlayState, revoke: Revoke) -> Revoke | None:
    """Return an uncorrected revoke by the other side on the same trick (62C3)."""
    for other in state.revokes:
        if (
            other.trick_number == revoke.trick_number
            and other.seat.side is not revoke.seat.side
            and not other.corrected
            and other.kind is not RevokeKind.PENALTY_CARD
        ):
            return other
    return None


def _both_sides_revoked(state: PlayState, revoke: Revoke) -> bool:
    """Law 62C3: both sides revoked on a trick and only one side played to the next."""
    if _other_side_revoke(state, revoke) is None:
        return False
    current = state.current
    if current.number != revoke.trick_number + 1 or not current.cards:
        return False
    return len({pc.seat.side for pc in current.cards}) == 1


def _c3_partner(other: Revoke, revoke: Revoke, under: str) -> bool:
    """Return whether ``other`` must now be corrected too (Law 62C3)."""
    return (
        under == "62C3"
        and other.trick_number == revoke.trick_number
        and other.seat.side is not revoke.seat.side
        and not other.corrected
    )


def _corrected(revoke: Revoke, under: str) -> Revoke:
    return replace(
        revoke,
        corrected=True,
        established=revoke.established and under == "62D1",
        attention=AttentionTiming.IN_TIME,
        corrected_under=LawRef(under),
    )


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
            _settle(_note(played, law.law, seat, recorded, number=trick_number)), law
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
        hands=_hands(hands),
        completed=state.completed[:-1],
        current=Trick(trick.number, trick.leader),
        revokes=revokes,
        deferred=(),
        pending=None,
    )
    cards = tuple(
        PlayedCard(seat, card) if pc.seat is seat else pc for pc in trick.cards
    )
    rebuilt = _place(rebuilt, cards)
    return DefectiveTrickOutcome(
        _settle(_note(rebuilt, law.law, seat, card, number=trick.number)), law
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
        hands=_hands(hands),
        completed=_replace_card(state.completed, trick, seat, card),
        revokes=revokes,
        review_flags=flags,
    )
    return DefectiveTrickOutcome(
        _note(fixed, law.law, seat, card, number=trick.number), law
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
        hands=_hands(hands),
        completed=completed,
        penalty_cards=penalty,
        revokes=revokes,
    )
    return DefectiveTrickOutcome(
        _note(fixed, law.law, seat, left, number=trick.number), law
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


def draw_attention_to_revoke(
    state: PlayState, seat: Seat, trick_number: int, timing: AttentionTiming
) -> PlayState:
    """Record when attention was first drawn to an established revoke.

    Laws 64B4 and 64B5: attention first drawn after a non-offending player
    called on the next deal, or after the round ended, gives no automatic
    transfer. A revoke not yet established must be corrected (Law 62A).
    """
    for revoke in state.revokes:
        if (
            revoke.seat is seat
            and revoke.trick_number == trick_number
            and not revoke.corrected
        ):
            if not revoke.established:
                raise RevokeMustBeCorrected()
            if revoke.attention is not None:
                raise AttentionAlreadyDrawn()
            revokes = tuple(
                replace(r, attention=timing) if r is revoke else r
                for r in state.revokes
            )
            return replace(state, revokes=revokes)
    raise RevokeNotFound(f"Seat {seat} did not revoke on trick {trick_number}")


def establish_revokes(state: PlayState, side: Side) -> PlayState:
    """Establish ``side``'s pending revokes (Law 63A3 claim, 63A4 agreement)."""
    return _establish(state, side, before=14)


# --- the play of a card ----------------------------------------------------


def _check_card(state: PlayState, seat: Seat, card: Card) -> None:
    if state.is_complete:
        raise PlayEnded()
    if card not in state.remaining(seat):
        if card in state.deal.hand(seat):
            raise CardAlreadyPlayed(seat, card)
        raise CardNotHeld(seat, card)


def _play(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    if seat is state.turn:
        if card in legal_cards(state, seat):
            return PlayOutcome(_settle(_commit(state, seat, card)))
        return _illegal(state, seat, card)
    if state.strict:
        law = "53A" if not state.current.cards else "57A"
        raise IrregularPlayRefused(f"It is not seat {seat}'s turn", LawRef(law))
    if not state.current.cards:
        return _lead_out_of_turn(state, seat, card)
    return _play_out_of_turn(state, seat, card)


def _play_while_pending(
    state: PlayState, seat: Seat, card: Card, pending: PendingPlayRectification
) -> PlayOutcome:
    law = pending.law.law
    if law in _LEAD_OUT_OF_TURN and (
        seat is pending.offender.lho or (law == "55" and seat is pending.offender.rho)
    ):
        # Law 53A: a card played from the next hand accepts the lead; Law 53C:
        # after declarer's lead, a play by the defender on its right lets the
        # lead stand and is itself a premature play (Law 57).
        accepted = _settle(replace(state, pending=None, dummy_faced=True))
        return _play(accepted, seat, card)
    if law == "52" and seat in (state.declarer, state.dummy):
        # Law 52B1(b): declarer must accept once he has played from either hand.
        return _play(_settle(replace(state, pending=None)), seat, card)
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
        noted = _note(replace(state, penalty_cards=cards), law, seat, card)
        return PlayOutcome(noted, LawRef(law))
    raise RectificationPending(f"A choice under {pending.law} is pending")


def _illegal(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Record a revoke (Law 61A): a card played when a compliant card was held."""
    trick = state.current
    led = trick.led_suit
    hand = state.remaining(seat)
    suit: Suit | None
    if led is not None and card.suit is not led and any(c.suit is led for c in hand):
        kind, suit, law = RevokeKind.FOLLOW_SUIT, led, "44C"
    elif card not in allowed_cards(state, seat) or any(
        d.seat is seat for d in state.deferred
    ):
        kind, suit, law = RevokeKind.REQUIREMENT, _required_suit(state, seat), "61A"
    else:
        majors = [
            pc.card
            for pc in state.penalty_cards_of(seat)
            if pc.kind is PenaltyCardKind.MAJOR
        ]
        suit = majors[0].suit if majors else card.suit
        kind, law = RevokeKind.PENALTY_CARD, "52"
    if state.strict:
        raise IllegalPlayRefused(f"{card} may not be played now", LawRef(law))
    if seat is state.dummy:
        kind = RevokeKind.DUMMY
    revoke = Revoke(
        seat=seat, trick_number=trick.number, card=card, suit=suit, kind=kind
    )
    new = _commit(state, seat, card)
    new = _note(
        replace(new, revokes=(*new.revokes, revoke)),
        law,
        seat,
        card,
        number=trick.number,
    )
    if kind is RevokeKind.PENALTY_CARD:
        pending = PendingPlayRectification(
            law=LawRef("52"),
            offender=seat,
            choosers=(new.declarer,),
            options=(
                PlayOption(PlayOptionCode.ACCEPT_PLAY),
                PlayOption(PlayOptionCode.REQUIRE_PENALTY_CARD),
            ),
            card=card,
        )
        new = replace(new, pending=pending)
    return PlayOutcome(_settle(new), LawRef(law))


def _required_suit(state: PlayState, seat: Seat) -> Suit | None:
    if state.current.cards:
        if state.play_constraint is not None and state.play_constraint.suit is not None:
            return state.play_constraint.suit
        return state.current.led_suit
    for constraint in state.lead_constraints:
        if constraint.seat is seat and constraint.required is not None:
            return constraint.required
    return None


def _lead_out_of_turn(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Record a lead out of turn and the options of Laws 54, 55 or 56."""
    trick = state.current
    declarer, dummy = state.declarer, state.dummy
    if trick.number == 13:
        # Law 53A footnote: a lead out of turn at trick 13 must be withdrawn.
        return PlayOutcome(_note(state, "53A", seat, card), LawRef("53A"))
    prevailing: Seat | None = None
    if trick.number == 1 and not state.dummy_faced:
        if seat in (declarer, dummy):
            # Law 54E: the declaring side's attempted opening lead is a card
            # exposed during the auction (Law 24); it goes back to the hand.
            return PlayOutcome(_note(state, "54E", seat, card), LawRef("54E"))
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
        hands=_hands(hands),
        current=Trick(trick.number, seat, (PlayedCard(seat, card),)),
        pending=pending,
    )
    return PlayOutcome(_note(new, law, seat, card), LawRef(law))


def _play_out_of_turn(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
    """Classify a play out of turn to a trick in progress (Laws 45E, 57)."""
    played = state.current.seats_played
    declarer, dummy = state.declarer, state.dummy
    if seat in (declarer, dummy):
        if seat in played:
            # Law 45E2: declarer's fifth card goes back without rectification.
            return PlayOutcome(_note(state, "45E2", seat, card), LawRef("45E2"))
        if card in legal_cards(state, seat):
            # Law 57C3: declarer's premature play is played and, if legal, stands.
            return PlayOutcome(
                _settle(_note(_commit(state, seat, card), "57C3", seat, card)),
                LawRef("57C3"),
            )
        return _illegal(state, seat, card)
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
                    _settle(_note(_commit(state, seat, card), "57C1", seat, card)),
                    LawRef("57C1"),
                )
            return _illegal(state, seat, card)
        return _premature(state, seat, card)
    # Law 57D: a defender plays at his RHO's turn. A legal card must be played
    # at his correct turn; any other becomes a major penalty card.
    if card in legal_cards(state, seat):
        deferred = (*state.deferred, PlayedCard(seat, card))
        return PlayOutcome(
            _note(replace(state, deferred=deferred), "57D", seat, card), LawRef("57D")
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
    new = _note(replace(state, penalty_cards=cards, pending=pending), "57A", seat, card)
    return PlayOutcome(new, LawRef("57A"))


def _penalise(state: PlayState, seat: Seat, card: Card, law: str) -> PlayOutcome:
    cards = add_penalty_card(
        state.penalty_cards, seat, card, deliberate=True, law=LawRef(law)
    )
    new = _note(replace(state, penalty_cards=cards), law, seat, card)
    return PlayOutcome(_settle(new), LawRef(law))


# --- applying options ------------------------------------------------------


def _withdraw_lead(state: PlayState, pending: PendingPlayRectification) -> PlayState:
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
        hands=_hands(hands),
        current=Trick(state.current.number, pending.correct_leader),
        penalty_cards=cards,
    )


def _restrict_lead(
    state: PlayState, pending: PendingPlayRectification, option: PlayOption
) -> PlayState:
    """Laws 26B, 50D2(a), 51B: restrict the leader; named penalty cards are picked up."""
    leader = state.current.leader
    law = pending.law
    cards = state.penalty_cards
    if law.law != "26B":
        # The owner picks up his penalty cards in the suits named (50D2(a), 51B1, 51B2).
        cards = tuple(
            pc
            for pc in cards
            if not (pc.seat is pending.offender and pc.card.suit in option.suits)
        )
    if option.code is PlayOptionCode.REQUIRE_LEAD_SUIT:
        constraint = LeadConstraint(seat=leader, law=law, required=option.suits[0])
    else:
        constraint = LeadConstraint(seat=leader, law=law, prohibited=option.suits)
    return replace(
        state,
        penalty_cards=cards,
        lead_constraints=(*state.lead_constraints, constraint),
    )


def _replace_with_penalty_card(
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
        hands=_hands(hands),
        completed=completed,
        current=Trick(trick.number, trick.leader, cards),
        revokes=revokes,
    )
    required = sorted(legal_cards(reopened, seat))
    penalty = state.designated if state.designated in required else required[0]
    assert penalty is not None
    played = _commit(reopened, seat, penalty)
    cards_now = add_penalty_card(
        played.penalty_cards, seat, wrong, deliberate=True, law=LawRef("52B2")
    )
    return replace(played, penalty_cards=cards_now)


# --- primitives ------------------------------------------------------------


def _commit(state: PlayState, seat: Seat, card: Card) -> PlayState:
    """Add ``card`` from ``seat`` to the trick in progress; close a full trick.

    Built as one copy of the state: this is the hot path of every replay.
    """
    trick = state.current
    index = _INDEX[seat]
    hands = list(state.hands)
    hands[index] = hands[index] - {card}
    changes: dict[str, Any] = {"hands": tuple(hands), "dummy_faced": True}
    if state.penalty_cards:
        changes["penalty_cards"] = tuple(
            pc for pc in state.penalty_cards if pc.card != card
        )
    constraints = state.lead_constraints
    if constraints and not trick.cards:
        # A required lead binds one lead only; prohibitions last while the
        # player keeps the lead (Laws 26B, 50D2(a), 51B).
        constraints = tuple(
            replace(c, required=None) if c.seat is seat else c
            for c in constraints
            if not (c.seat is seat and not c.prohibited)
        )
        changes["lead_constraints"] = constraints
    if state.play_constraint is not None and state.play_constraint.seat is seat:
        changes["play_constraint"] = None
    if state.deferred:
        changes["deferred"] = tuple(d for d in state.deferred if d.seat is not seat)
    if state.designated is not None and state.designated == card:
        changes["designated"] = None
    cards = (*trick.cards, PlayedCard(seat, card))
    if len(cards) < _FOUR:
        changes["current"] = Trick(trick.number, trick.leader, cards)
    else:
        winner = trick_winner(cards, state.contract.denomination.suit)
        changes["completed"] = (
            *state.completed,
            Trick(trick.number, trick.leader, cards, winner),
        )
        changes["current"] = Trick(trick.number + 1, winner)
        if constraints:
            # A player who loses the lead is freed of his lead prohibition.
            changes["lead_constraints"] = tuple(
                c for c in constraints if c.seat is winner
            )
        if state.play_constraint is not None:
            changes["play_constraint"] = None
        if state.deferred:
            changes["deferred"] = ()
        if state.designated is not None:
            changes["designated"] = None
    new = _copy(state, changes)
    if state.revokes:
        new = _establish(new, seat.side, before=trick.number)
    return new


def _copy(state: PlayState, changes: dict[str, Any]) -> PlayState:
    """Return ``state`` with ``changes``; a faster ``dataclasses.replace``.

    PlayState has no ``__post_init__``, so copying the slots is equivalent.
    """
    values = list(_GET_ALL(state))
    for name, value in changes.items():
        values[_POSITION[name]] = value
    new = object.__new__(PlayState)
    for slot, value in zip(_SLOTS, values, strict=True):
        slot.__set__(new, value)
    return new


def _place(state: PlayState, cards: tuple[PlayedCard, ...]) -> PlayState:
    """Set the cards of the trick in progress, closing it when all four played."""
    trick = state.current
    if len(cards) < _FOUR:
        return replace(state, current=Trick(trick.number, trick.leader, cards))
    winner = trick_winner(cards, state.trump)
    done = Trick(trick.number, trick.leader, cards, winner)
    constraints = state.lead_constraints
    if constraints:
        # A player who loses the lead is freed of his lead prohibition.
        constraints = tuple(c for c in constraints if c.seat is winner)
    return replace(
        state,
        completed=(*state.completed, done),
        current=Trick(trick.number + 1, winner),
        lead_constraints=constraints,
        play_constraint=None,
        deferred=(),
        designated=None,
    )


def _establish(state: PlayState, side: Side, *, before: int) -> PlayState:
    """Law 63A: the offending side's play to a later trick establishes a revoke."""
    changed = False
    revokes = []
    for revoke in state.revokes:
        if (
            not revoke.established
            and not revoke.corrected
            and revoke.seat.side is side
            and revoke.trick_number < before
        ):
            revoke = replace(revoke, established=True)
            changed = True
        revokes.append(revoke)
    if not changed:
        return state
    flags = state.review_flags
    if LawRef("64C") not in flags:
        flags = (*flags, LawRef("64C"))
    return replace(state, revokes=tuple(revokes), review_flags=flags)


def _settle(state: PlayState) -> PlayState:
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


def _note(
    state: PlayState,
    law: str,
    seat: Seat,
    card: Card | None,
    *,
    number: int | None = None,
) -> PlayState:
    entry = PlayIrregularity(
        law=LawRef(law),
        seat=seat,
        trick_number=state.current.number if number is None else number,
        card=card,
    )
    return replace(state, irregularities=(*state.irregularities, entry))


def _last_revoke(state: PlayState, seat: Seat) -> Revoke:
    for revoke in reversed(state.revokes):
        if (
            revoke.seat is seat
            and not revoke.corrected
            and revoke.kind is not RevokeKind.PENALTY_CARD
        ):
            return revoke
    raise RevokeNotFound(f"Seat {seat} has no revoke to correct")


def _hands(
    hands: list[frozenset[Card]],
) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]:
    north, east, south, west = hands
    return (north, east, south, west)
