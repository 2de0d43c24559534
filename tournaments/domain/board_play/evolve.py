"""``evolve``: the state after a recorded board-play event, by the rules engines."""

from __future__ import annotations

from dataclasses import fields, replace
from operator import attrgetter
from typing import assert_never

from rules.bridge.attempted_call import BidAboveSeven
from rules.bridge.auction import Auction, AuctionStatus
from rules.bridge.auction_procedure import apply_option, record_call
from rules.bridge.claims import (
    Claim,
    ClaimStatus,
    accept_claim,
    adjudicate_claim,
    dispute_claim,
    make_claim,
    resume_play,
    withdraw_concession,
)
from rules.bridge.exposed_card import apply_exposed_cards, classify_exposed_cards
from rules.bridge.irregularity import (
    DIRECTOR,
    Director,
    OptionCode,
    RectificationChoice,
)
from rules.bridge.play.defective_tricks import rectify_defective_trick
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.leads_and_plays import apply_play, start_play
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play.revokes import (
    correct_revoke,
    draw_attention_to_revoke,
    establish_revokes,
)
from rules.bridge.play_rectification import PlayOption
from rules.bridge.play_state import PlayState
from rules.bridge.seat import Seat
from rules.bridge.vulnerability import dealer_for
from tournaments.domain.board_play.current import auction_of, claim_of, play_of
from tournaments.domain.board_play.events import (
    AlertMade,
    AttentionDrawnToRevoke,
    BidAboveSevenMade,
    BoardDealt,
    BoardPlayEvent,
    CallMade,
    CardExposed,
    CardPlayed,
    ClaimAccepted,
    ClaimAdjudicated,
    ClaimDisputed,
    ClaimMade,
    ConcessionWithdrawn,
    DefectiveTrickRectified,
    DirectorDecisionRecorded,
    DummyCardDesignated,
    ExplanationGiven,
    PlayResumedAfterClaim,
    RectificationChosen,
    ResultRecorded,
    RevokeCorrected,
)
from tournaments.domain.board_play.state import (
    BoardPlayState,
    CallNote,
    DesignationNote,
    DirectorDecision,
)

__all__ = ["evolve"]

_FIELDS = tuple(field.name for field in fields(BoardPlayState))
_SLOTS = tuple(BoardPlayState.__dict__[name] for name in _FIELDS)
_GET_ALL = attrgetter(*_FIELDS)


def evolve(state: BoardPlayState, event: BoardPlayEvent) -> BoardPlayState:
    """Return the state after a recorded event."""
    version = state.version + 1
    match event:
        # The commonest event first: a replay is mostly cards.
        case CardPlayed():
            play = apply_play(
                play_of(state), event.seat, event.card, event.irregularity
            )
            return _copy(state, play=play, version=version)
        case BoardDealt():
            return BoardPlayState(
                table_id=event.table_id,
                board_number=event.board_number,
                deal=event.deal,
                strict=event.strict,
                auction=Auction(
                    Seat.parse(event.dealer)
                    if event.dealer
                    else dealer_for(event.board_number)
                ),
                version=version,
            )
        case CallMade():
            auction = record_call(
                auction_of(state), event.seat, event.call, strict=state.strict
            )
            return _with_auction(state, auction, version)
        case BidAboveSevenMade():
            attempt = BidAboveSeven(event.level, event.denomination)
            auction = record_call(
                auction_of(state), event.seat, attempt, strict=state.strict
            )
            return _with_auction(state, auction, version)
        case AlertMade():
            note = CallNote(event.seat, event.call_index)
            return replace(state, notes=(*state.notes, note), version=version)
        case ExplanationGiven():
            note = CallNote(event.seat, event.call_index, event.explanation)
            return replace(state, notes=(*state.notes, note), version=version)
        case RectificationChosen():
            chooser: Seat | Director = (
                DIRECTOR if event.chooser is None else event.chooser
            )
            in_play = state.play
            if in_play is not None and in_play.pending is not None:
                chosen = choose_rectification(
                    in_play, chooser, PlayOption.parse(event.option)
                )
                return replace(state, play=chosen, version=version)
            choice = RectificationChoice(
                option=OptionCode(event.option),
                chosen_by=chooser,
                comparable=event.comparable,
                same_denominations=event.same_denominations,
                artificial=event.artificial,
            )
            rectified = apply_option(auction_of(state), choice)
            return _with_auction(state, rectified.auction, version)
        case CardExposed():
            if state.play is None:
                auction = auction_of(state)
                irregularity = classify_exposed_cards(
                    auction, event.seat, [event.card], premature_lead=event.deliberate
                )
                exposed = apply_exposed_cards(
                    auction, irregularity, [event.card], premature_lead=event.deliberate
                )
                return _with_auction(state, exposed, version)
            play = expose_card(
                state.play,
                event.seat,
                event.card,
                deliberate=event.deliberate,
                law=event.law,
            ).state
            return replace(state, play=play, version=version)
        case RevokeCorrected():
            play = correct_revoke(
                play_of(state), event.seat, event.card, withdrawals=event.withdrawals
            )
            return replace(state, play=play, version=version)
        case DefectiveTrickRectified():
            play = rectify_defective_trick(
                play_of(state),
                event.seat,
                event.trick_number,
                event.defect,
                card=event.card,
                extra=event.extra,
                faced=event.faced,
                exposed=event.exposed,
            ).state
            return replace(state, play=play, version=version)
        case AttentionDrawnToRevoke():
            play = draw_attention_to_revoke(
                play_of(state), event.seat, event.trick_number, event.timing
            )
            return replace(state, play=play, version=version)
        case ClaimMade():
            play = play_of(state)
            claim = make_claim(play, event.seat, event.tricks, event.statement)
            # Law 63A3: a claim by the offending side establishes its revoke.
            play = establish_revokes(play, event.seat.side)
            return replace(state, play=play, claim=claim, version=version)
        case ClaimAccepted():
            play = play_of(state)
            claim = accept_claim(claim_of(state), play, event.seat)
            if claim.status is ClaimStatus.ACCEPTED:
                # Law 63A4: agreeing to an opponent's claim establishes a revoke.
                play = establish_revokes(play, claim.claimer.side.opponents)
            return replace(state, play=play, claim=claim, version=version)
        case ClaimDisputed():
            claim = dispute_claim(claim_of(state), play_of(state), event.seat)
            if claim.status is ClaimStatus.VOID:
                return _void_claim(state, claim, version)
            return replace(state, claim=claim, version=version)
        case ClaimAdjudicated():
            claim = adjudicate_claim(claim_of(state), event.tricks, event.reasons)
            return replace(state, claim=claim, version=version)
        case PlayResumedAfterClaim():
            return _void_claim(
                state, resume_play(claim_of(state), event.consents), version
            )
        case ConcessionWithdrawn():
            claim = withdraw_concession(
                claim_of(state),
                event.seat,
                event.tricks,
                event.ground,
                window_open=True,
            )
            return replace(state, claim=claim, version=version)
        case DirectorDecisionRecorded():
            decision = DirectorDecision(event.law, event.decision)
            return replace(
                state, decisions=(*state.decisions, decision), version=version
            )
        case DummyCardDesignated():
            designated = DesignationNote(event.card, event.law, event.ruled)
            designations = (*state.designations, designated)
            return replace(state, designations=designations, version=version)
        case ResultRecorded():
            recorded = (event.contract, event.tricks_made)
            return replace(state, recorded_result=recorded, version=version)
        case _:
            assert_never(event)


def _with_auction(
    state: BoardPlayState, auction: Auction, version: int
) -> BoardPlayState:
    """Set the auction; start the play once it has a contract (Laws 22A, 41A)."""
    play = state.play
    if not state.play_started:
        play = None
        if auction.status is AuctionStatus.COMPLETED:
            contract = auction.final_contract
            assert contract is not None
            assert state.deal is not None
            play = start_play(
                state.deal,
                contract,
                strict=state.strict,
                lead_restrictions=auction.lead_restrictions(),
                penalty_cards=auction.penalty_cards(),
            )
    return replace(state, auction=auction, play=play, version=version)


def _void_claim(state: BoardPlayState, claim: Claim, version: int) -> BoardPlayState:
    voided = (*state.voided_claims, replace(claim, status=ClaimStatus.VOID))
    return replace(state, claim=None, voided_claims=voided, version=version)


def _copy(state: BoardPlayState, *, play: PlayState, version: int) -> BoardPlayState:
    """Return ``state`` with a new play and version; a faster ``replace``."""
    new = object.__new__(BoardPlayState)
    for slot, value in zip(_SLOTS, _GET_ALL(state), strict=True):
        slot.__set__(new, value)
    object.__setattr__(new, "play", play)
    object.__setattr__(new, "version", version)
    return new
