"""Decide irregular plays: Laws 24, 46B and 58B, and a chosen rectification."""

from __future__ import annotations

from datetime import datetime

from rules.bridge.auction_procedure import apply_option
from rules.bridge.card import Card
from rules.bridge.dummy_designation import Designation, resolve_designation
from rules.bridge.errors import (
    CardNotHeld,
    DefenderMustChoose,
    DesignationNeedsRuling,
    DesignationVoid,
    IrregularPlayRefused,
    NoRectificationPending,
    OptionNotOffered,
)
from rules.bridge.exposed_card import classify_exposed_cards
from rules.bridge.irregularity import (
    DIRECTOR,
    Director,
    OptionCode,
    RectificationChoice,
)
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.leads_and_plays import play_card
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_rectification import PlayOption
from rules.bridge.seat import Seat
from rules.errors import LawRef
from tournaments.domain.board_play.commands import (
    ChooseRectification,
    DesignateDummyCard,
    PlaySimultaneousCards,
)
from tournaments.domain.board_play.current import auction_of, playable
from tournaments.domain.board_play.errors import BoardCompleted, SimultaneousPlayUnclear
from tournaments.domain.board_play.events import (
    BoardPlayEvent,
    CardExposed,
    CardPlayed,
    DirectorDecisionRecorded,
    DummyCardDesignated,
    RectificationChosen,
)
from tournaments.domain.board_play.state import BoardPhase, BoardPlayState

__all__ = ["choose", "designate", "expose_in_auction", "simultaneous"]

_LAW_46B = LawRef("46B")
_LAW_46B3B = LawRef("46B3(b)")
_LAW_46B5 = LawRef("46B5")
_LAW_58B1 = LawRef("58B1")
_LAW_58B2 = LawRef("58B2")


def designate(
    state: BoardPlayState, command: DesignateDummyCard
) -> list[BoardPlayEvent]:
    """Law 46B: play the card declarer's incomplete designation designates.

    The Law deems the card (46B1-B3); after "play anything" a defender names
    it (46B5); when 46B3(b) finds two cards declarer says which; otherwise
    the Director rules (declarer's incontrovertible intention, or a
    designation the Law leaves open), recorded as a decision under Law 46B.
    A card dummy does not hold designates nothing (46B4).
    """
    play = playable(state)
    dummy, chooser, chosen = play.dummy, command.chooser, command.card
    ruled = False
    if chosen is None:
        resolved = resolve_designation(
            play, command.designation, suit=command.suit, rank=command.rank
        )
        card, law = resolved.card, resolved.law
    elif command.designation is Designation.ANYTHING and chooser is not None:
        if not play.is_defender(chooser):
            raise DefenderMustChoose()
        card, law = chosen, _LAW_46B5
    elif chooser is None:
        card, law, ruled = chosen, _LAW_46B, True
    elif (
        chooser is play.declarer
        and command.designation is Designation.RANK
        and chosen.rank is command.rank
    ):
        card, law = chosen, _LAW_46B3B
    else:
        raise DesignationNeedsRuling("Only the Director rules this card", _LAW_46B)
    if card not in play.remaining(dummy):
        raise DesignationVoid(card)
    outcome = play_card(play, dummy, card)
    events: list[BoardPlayEvent] = []
    if ruled:
        events.append(
            DirectorDecisionRecorded(
                law=law,
                decision=f"Dummy's card designated: {card}",
                at=command.at,
            )
        )
    events.append(
        DummyCardDesignated(
            designation=command.designation,
            card=card,
            law=law,
            at=command.at,
            suit=command.suit,
            rank=command.rank,
            chooser=chooser,
            ruled=ruled,
        )
    )
    events.append(
        CardPlayed(
            seat=dummy, card=card, at=command.at, irregularity=outcome.irregularity
        )
    )
    return events


def choose(state: BoardPlayState, command: ChooseRectification) -> RectificationChosen:
    chooser: Seat | Director = DIRECTOR if command.chooser is None else command.chooser
    play = state.play
    if play is not None and play.pending is not None:
        law = play.pending.law
        try:
            option = PlayOption.parse(command.option)
        except ValueError:
            raise OptionNotOffered(
                f"{command.option!r} is not an option", law
            ) from None
        choose_rectification(play, chooser, option)
    else:
        auction = auction_of(state)
        if auction.pending is None:
            raise NoRectificationPending()
        law = auction.pending.irregularity.law
        try:
            code = OptionCode(command.option)
        except ValueError:
            raise OptionNotOffered(
                f"{command.option!r} is not an option", law
            ) from None
        apply_option(
            auction,
            RectificationChoice(
                option=code,
                chosen_by=chooser,
                comparable=command.comparable,
                same_denominations=command.same_denominations,
                artificial=command.artificial,
            ),
        )
    return RectificationChosen(
        law=law,
        chooser=command.chooser,
        option=command.option,
        at=command.at,
        comparable=command.comparable,
        same_denominations=command.same_denominations,
        artificial=command.artificial,
    )


def expose_in_auction(
    state: BoardPlayState, seat: Seat, card: Card, *, deliberate: bool, at: datetime
) -> CardExposed:
    """Law 24: a card exposed or led during the auction period."""
    assert state.deal is not None
    if state.phase is BoardPhase.COMPLETED:
        raise BoardCompleted()
    if card not in state.deal.hand(seat):
        raise CardNotHeld(seat, card)
    law = LawRef("24")
    if state.strict:
        raise IrregularPlayRefused("No card may be exposed during the auction", law)
    irregularity = classify_exposed_cards(
        auction_of(state), seat, [card], premature_lead=deliberate
    )
    return CardExposed(
        seat=seat, card=card, deliberate=deliberate, law=irregularity.law, at=at
    )


def simultaneous(
    state: BoardPlayState, command: PlaySimultaneousCards
) -> list[BoardPlayEvent]:
    """Law 58B: one visible card is played; otherwise the one meant, the rest exposed."""
    play = playable(state)
    seat, visible = command.seat, tuple(dict.fromkeys(command.visible))
    if state.strict:
        raise IrregularPlayRefused("Play one card at a time", _LAW_58B1)
    if not visible:
        raise SimultaneousPlayUnclear("No card was visible")
    intended = visible[0] if len(visible) == 1 else command.intended
    if intended is None or intended not in visible:
        raise SimultaneousPlayUnclear("Name which of the visible cards was meant")
    outcome = play_card(play, seat, intended)
    law = outcome.irregularity or (_LAW_58B1 if len(visible) == 1 else _LAW_58B2)
    events: list[BoardPlayEvent] = [
        CardPlayed(seat=seat, card=intended, at=command.at, irregularity=law)
    ]
    after = outcome.state
    if after.is_defender(seat):
        for card in visible:
            if card == intended:
                continue
            after = expose_card(
                after, seat, card, deliberate=False, law=_LAW_58B2
            ).state
            events.append(
                CardExposed(
                    seat=seat, card=card, deliberate=False, law=_LAW_58B2, at=command.at
                )
            )
    return events
