"""Revokes in the play: recorded, corrected, established, attention drawn.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 61A (a revoke: failing to
follow suit, Law 44C, or to lead or play a card or suit the Laws or an
opponent require; a major penalty card not played, Law 52, is recorded the
same way), Law 62 (correction before establishment; 62C3 when both sides
revoked on one trick, 62D1 on the twelfth trick), Law 63 (establishment, by
play or by a claim or concession: 63A3-A4) and Laws 64B4-B5 (when attention
was first drawn). The revoke value and the trick transfer of Law 64 are
:mod:`rules.bridge.revoke`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.bridge.card import Card, Suit
from rules.bridge.errors import (
    AttentionAlreadyDrawn,
    IllegalPlayRefused,
    RevokeEstablished,
    RevokeMustBeCorrected,
    RevokeNotFound,
)
from rules.bridge.penalty_cards import PenaltyCardKind, add_penalty_card
from rules.bridge.play.exposed_cards import settle
from rules.bridge.play.record import (
    PlayOutcome,
    as_hands,
    commit,
    establish,
    note,
    place,
)
from rules.bridge.play_rectification import (
    PendingPlayRectification,
    PlayOption,
    PlayOptionCode,
)
from rules.bridge.play_state import InformationMarker, PlayState, allowed_cards
from rules.bridge.revoke import AttentionTiming, Revoke, RevokeKind
from rules.bridge.seat import Seat, Side
from rules.bridge.trick import PlayedCard, Trick
from rules.errors import LawRef

__all__ = [
    "correct_revoke",
    "draw_attention_to_revoke",
    "establish_revokes",
    "record_revoke",
]

_LAW_62C3 = LawRef("62C3")
_LAW_16C2 = LawRef("16C2")


def record_revoke(state: PlayState, seat: Seat, card: Card) -> PlayOutcome:
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
    new = commit(state, seat, card)
    new = note(
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
    return PlayOutcome(settle(new), LawRef(law))


def _required_suit(state: PlayState, seat: Seat) -> Suit | None:
    """Return the suit ``seat`` failed to play, if any suit was required.

    To a trick, the suit Law 57A's option names, else the suit led (44C); on
    a lead, the suit a lead constraint requires (50D2(a), 51B).
    """
    if state.current.cards:
        if state.play_constraint is not None and state.play_constraint.suit is not None:
            return state.play_constraint.suit
        return state.current.led_suit
    for constraint in state.lead_constraints:
        if constraint.seat is seat and constraint.required is not None:
            return constraint.required
    return None


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
    withdrawn_under = under
    if under == "62B":
        withdrawn_under = "62B1" if state.is_defender(seat) else "62B2"
    markers = [
        InformationMarker(
            _LAW_16C2, offending, LawRef(withdrawn_under), seat, number, revoke.card
        )
    ]
    for played in returned:
        if played.seat in withdrawing:
            cause = under if under == "62C3" else "62C1"
            if under != "62C3" and played.seat.side is offending:
                cause = "62C2"
            markers.append(
                InformationMarker(
                    _LAW_16C2,
                    offending,
                    LawRef(cause),
                    played.seat,
                    number,
                    played.card,
                )
            )
    rebuilt = replace(
        state,
        information=(*state.information, *markers),
        hands=as_hands(hands),
        completed=completed,
        current=Trick(number, trick.leader),
        penalty_cards=penalty,
        revokes=revokes,
        review_flags=flags,
        deferred=(),
        pending=None,
    )
    rebuilt = place(rebuilt, cards)
    if replay_last:
        while not rebuilt.is_complete and rebuilt.turn is not None:
            turn = rebuilt.turn
            [last] = rebuilt.remaining(turn)
            rebuilt = commit(rebuilt, turn, last)
    return settle(note(rebuilt, under, seat, replacement, number=number))


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
    """Return ``revoke`` corrected under ``under`` (Law 62B, 62C3 or 62D1)."""
    return replace(
        revoke,
        corrected=True,
        established=revoke.established and under == "62D1",
        attention=AttentionTiming.IN_TIME,
        corrected_under=LawRef(under),
    )


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
    return establish(state, side, before=14)


def _last_revoke(state: PlayState, seat: Seat) -> Revoke:
    """Return ``seat``'s latest revoke still to be corrected (Law 62A)."""
    for revoke in reversed(state.revokes):
        if (
            revoke.seat is seat
            and not revoke.corrected
            and revoke.kind is not RevokeKind.PENALTY_CARD
        ):
            return revoke
    raise RevokeNotFound(f"Seat {seat} has no revoke to correct")
