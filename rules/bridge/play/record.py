"""The record of the play: cards committed, tricks closed, irregularities noted.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 44 (four cards make a
trick; its winner leads to the next), Law 63A1 (a revoke is established once
the offending side plays to a later trick), and what cannot happen, refused
with its Law: a play after the last trick (44B), a card the hand never held
(45A), a card already played (47F). Every transition of
:mod:`rules.bridge.play` is built from these primitives; :func:`commit` is
the hot path of every replay.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from operator import attrgetter
from typing import Any

from rules.bridge.card import Card
from rules.bridge.errors import CardAlreadyPlayed, CardNotHeld, PlayEnded
from rules.bridge.play_state import (
    SEATS,
    InformationMarker,
    PlayIrregularity,
    PlayState,
)
from rules.bridge.seat import Seat, Side
from rules.bridge.trick import PlayedCard, Trick, trick_winner
from rules.errors import LawRef

__all__ = [
    "PlayOutcome",
    "as_hands",
    "check_card",
    "commit",
    "establish",
    "note",
    "place",
]

_FOUR = 4
_LAW_50E3 = LawRef("50E3")
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


def check_card(state: PlayState, seat: Seat, card: Card) -> None:
    """Refuse what cannot happen, with its Law.

    A play after the last trick (Law 44B), a card the hand never held (45A),
    a card already played (47F).
    """
    if state.is_complete:
        raise PlayEnded()
    if card not in state.remaining(seat):
        if card in state.deal.hand(seat):
            raise CardAlreadyPlayed(seat, card)
        raise CardNotHeld(seat, card)


def commit(state: PlayState, seat: Seat, card: Card) -> PlayState:
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
        # Law 50E3: once a penalty card is played, what the circumstances of
        # its creation showed is unauthorized for the owner's partner.
        changes["information"] = (
            *state.information,
            *(
                InformationMarker(
                    _LAW_50E3, seat.side, pc.law, seat, trick.number, card
                )
                for pc in state.penalty_cards
                if pc.card == card
            ),
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
        new = establish(new, seat.side, before=trick.number)
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


def place(state: PlayState, cards: tuple[PlayedCard, ...]) -> PlayState:
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


def establish(state: PlayState, side: Side, *, before: int) -> PlayState:
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


def note(
    state: PlayState,
    law: str,
    seat: Seat,
    card: Card | None,
    *,
    number: int | None = None,
) -> PlayState:
    """Record the irregularity of ``law`` by ``seat`` (decision 0015)."""
    entry = PlayIrregularity(
        law=LawRef(law),
        seat=seat,
        trick_number=state.current.number if number is None else number,
        card=card,
    )
    return replace(state, irregularities=(*state.irregularities, entry))


def as_hands(
    hands: list[frozenset[Card]],
) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]:
    """Return the four hands, in seat order, as :class:`PlayState` holds them."""
    north, east, south, west = hands
    return (north, east, south, west)
