"""One board at one table: pure ``decide`` and ``evolve`` over its events.

Laws of Duplicate Bridge 2017 (FIGB edition). ``decide`` asks the rules
engines (auction: :mod:`rules.bridge.auction_procedure`; play:
:mod:`rules.bridge.play`; claims: :mod:`rules.bridge.claims`) whether a
command can happen and how to classify it, and returns the events; it raises
the engines' typed errors, each naming its Law. ``evolve`` applies a recorded
event by the same engines and never raises for one that ``decide`` produced.
Irregular calls and plays are recorded with their Law (decision 0015); a
``strict`` board refuses them instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import assert_never
from uuid import UUID, uuid5

from rules.bridge.attempted_call import BidAboveSeven
from rules.bridge.auction import Auction
from rules.bridge.auction_procedure import RefusedCall, apply_ruling, classify_call
from rules.bridge.claims import (
    accept_claim,
    adjudicate_claim,
    dispute_claim,
    make_claim,
    resume_play,
    withdraw_concession,
)
from rules.bridge.play.defective_tricks import rectify_defective_trick
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.leads_and_plays import play_card
from rules.bridge.play.revokes import correct_revoke, draw_attention_to_revoke
from rules.bridge.play_state import PlayState
from rules.bridge.seat import Seat
from rules.errors import LawRef
from tournaments.domain.board_play.commands import (
    AdjudicateClaim,
    BoardPlayCommand,
    ChooseRectification,
    ClaimTricks,
    CorrectRevoke,
    DesignateDummyCard,
    DrawAttentionToRevoke,
    ExposeCard,
    GiveExplanation,
    MakeAlert,
    MakeCall,
    PlayCard,
    PlaySimultaneousCards,
    RecordDirectorDecision,
    RectifyDefectiveTrick,
    RespondToClaim,
    ResumePlayAfterClaim,
    StartBoard,
    WithdrawConcession,
)
from tournaments.domain.board_play.current import (
    auction_of,
    claim_of,
    play_of,
    playable,
)
from tournaments.domain.board_play.errors import (
    AuctionPeriodOver,
    BoardAlreadyDealt,
    BoardNotDealt,
    NoSuchCall,
    NotCallersPartner,
)
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
    ExplanationGiven,
    PlayResumedAfterClaim,
    ResultRecorded,
    RevokeCorrected,
)
from tournaments.domain.board_play.evolve import evolve
from tournaments.domain.board_play.irregularities import (
    choose,
    designate,
    expose_in_auction,
    simultaneous,
)
from tournaments.domain.board_play.state import BoardPlayState

__all__ = [
    "INITIAL",
    "STREAM_NAMESPACE",
    "decide",
    "initial_state",
    "replay",
    "stream_id",
]

STREAM_NAMESPACE = UUID("5f0c2d1e-8b7a-4c39-9e51-6a2b3c4d5e6f")
"""The uuid5 namespace of board-at-a-table streams; never changes."""

INITIAL = BoardPlayState()
_LAW_49 = LawRef("49")


def initial_state() -> BoardPlayState:
    """Return the state of a stream with no events."""
    return INITIAL


def stream_id(table_id: UUID, board_number: int) -> UUID:
    """Return the stream id of ``board_number`` at ``table_id`` (uuid5 of the key)."""
    return uuid5(STREAM_NAMESPACE, f"board_play:{table_id}:{board_number}")


def replay(events: Iterable[BoardPlayEvent]) -> BoardPlayState:
    """Fold ``events`` from the initial state."""
    state = INITIAL
    for event in events:
        state = evolve(state, event)
    return state


# --- decide ----------------------------------------------------------------


def decide(
    state: BoardPlayState, command: BoardPlayCommand, now: datetime
) -> list[BoardPlayEvent]:
    """Return the events ``command`` produces, or raise a typed error naming the Law.

    ``now`` is the authoritative clock; events carry the table time ``at``
    the command reports. A :class:`ResultRecorded` follows whenever the
    board's result is new or has changed.
    """
    del now  # Table time comes with the command; no window here depends on it.
    if isinstance(command, StartBoard):
        if state.deal is not None:
            raise BoardAlreadyDealt()
        return [
            BoardDealt(
                table_id=command.table_id,
                board_number=command.board_number,
                deal=command.deal,
                strict=command.strict,
                at=command.at,
                dealer=command.dealer,
            )
        ]
    if state.deal is None:
        raise BoardNotDealt()
    events = _decide(state, command)
    return _with_result(state, events, command.at)


def _decide(state: BoardPlayState, command: BoardPlayCommand) -> list[BoardPlayEvent]:
    match command:
        case MakeCall(seat=seat, call=call, at=at):
            if state.play_started:
                raise AuctionPeriodOver()
            auction = auction_of(state)
            ruling = classify_call(auction, seat, call, strict=state.strict)
            if isinstance(ruling, RefusedCall):
                raise ruling.to_error()
            apply_ruling(auction, ruling)
            law = ruling.law
            if isinstance(call, BidAboveSeven):
                return [
                    BidAboveSevenMade(
                        seat=seat,
                        level=call.level,
                        denomination=call.denomination,
                        at=at,
                        irregularity=law,
                    )
                ]
            return [CallMade(seat=seat, call=call, at=at, irregularity=law)]
        case MakeAlert(seat=seat, at=at, call_index=index):
            auction = auction_of(state)
            index = len(auction.calls) - 1 if index is None else index
            _check_partner(auction, seat, index)
            return [AlertMade(seat=seat, call_index=index, at=at)]
        case GiveExplanation(seat=seat, call_index=index, explanation=text, at=at):
            _check_partner(auction_of(state), seat, index)
            return [
                ExplanationGiven(seat=seat, call_index=index, explanation=text, at=at)
            ]
        case ChooseRectification():
            return [choose(state, command)]
        case PlayCard(seat=seat, card=card, at=at):
            if state.play is None:
                return [expose_in_auction(state, seat, card, deliberate=True, at=at)]
            play = playable(state)
            outcome = play_card(play, seat, card)
            return [
                CardPlayed(
                    seat=seat, card=card, at=at, irregularity=outcome.irregularity
                )
            ]
        case DesignateDummyCard():
            return designate(state, command)
        case PlaySimultaneousCards():
            return simultaneous(state, command)
        case ExposeCard(seat=seat, card=card, deliberate=deliberate, at=at):
            if state.play is None:
                return [
                    expose_in_auction(state, seat, card, deliberate=deliberate, at=at)
                ]
            outcome = expose_card(playable(state), seat, card, deliberate=deliberate)
            law = outcome.irregularity or _LAW_49
            return [
                CardExposed(seat=seat, card=card, deliberate=deliberate, law=law, at=at)
            ]
        case CorrectRevoke(seat=seat, card=card, at=at, withdrawals=withdrawals):
            correct_revoke(_correctable(state), seat, card, withdrawals=withdrawals)
            return [
                RevokeCorrected(seat=seat, card=card, withdrawals=withdrawals, at=at)
            ]
        case RectifyDefectiveTrick():
            rectified = rectify_defective_trick(
                _correctable(state),
                command.seat,
                command.trick_number,
                command.defect,
                card=command.card,
                extra=command.extra,
                faced=command.faced,
                exposed=command.exposed,
            )
            return [
                DefectiveTrickRectified(
                    seat=command.seat,
                    trick_number=command.trick_number,
                    defect=command.defect,
                    law=rectified.law,
                    at=command.at,
                    card=command.card,
                    extra=tuple(command.extra),
                    faced=command.faced,
                    exposed=command.exposed,
                )
            ]
        case DrawAttentionToRevoke(
            seat=seat, trick_number=number, timing=timing, at=at
        ):
            draw_attention_to_revoke(play_of(state), seat, number, timing)
            return [
                AttentionDrawnToRevoke(
                    seat=seat, trick_number=number, timing=timing, at=at
                )
            ]
        case ClaimTricks(seat=seat, tricks=tricks, statement=statement, at=at):
            make_claim(playable(state), seat, tricks, statement)
            return [ClaimMade(seat=seat, tricks=tricks, statement=statement, at=at)]
        case RespondToClaim(seat=seat, accept=accept, at=at):
            play, claim = play_of(state), claim_of(state)
            if accept:
                accept_claim(claim, play, seat)
                return [ClaimAccepted(seat=seat, at=at)]
            dispute_claim(claim, play, seat)
            return [ClaimDisputed(seat=seat, at=at)]
        case AdjudicateClaim(tricks=tricks, reasons=reasons, at=at):
            adjudicate_claim(claim_of(state), tricks, reasons)
            return [
                ClaimAdjudicated(
                    tricks=tricks,
                    reasons=reasons,
                    at=at,
                    double_dummy_declarer_tricks=command.double_dummy_declarer_tricks,
                )
            ]
        case ResumePlayAfterClaim(consents=consents, at=at):
            resume_play(claim_of(state), consents)
            return [PlayResumedAfterClaim(consents=tuple(consents), at=at)]
        case WithdrawConcession(seat=seat, tricks=tricks, ground=ground, at=at):
            withdraw_concession(
                claim_of(state), seat, tricks, ground, window_open=command.window_open
            )
            return [
                ConcessionWithdrawn(
                    seat=seat,
                    tricks=tricks,
                    ground=ground,
                    at=at,
                    double_dummy_declarer_tricks=command.double_dummy_declarer_tricks,
                )
            ]
        case RecordDirectorDecision(law=law, decision=decision, at=at):
            return [DirectorDecisionRecorded(law=law, decision=decision, at=at)]
        case StartBoard():
            raise BoardAlreadyDealt()
        case _:
            assert_never(command)


def _correctable(state: BoardPlayState) -> PlayState:
    """Return the play state a revoke may be corrected in (Laws 62, 62D1).

    After the thirteenth trick only a twelfth-trick revoke is corrected
    (Law 62D1); the rules engine refuses any other established revoke. The
    hands still being on the table is the caller's window.
    """
    play = state.play
    if play is not None and play.is_complete and state.claim is None:
        return play
    return playable(state)


def _check_partner(auction: Auction, seat: Seat, index: int) -> None:
    if not 0 <= index < len(auction.calls):
        raise NoSuchCall(index)
    if auction.calls[index].seat is not seat.partner:
        raise NotCallersPartner(seat)


def _with_result(
    state: BoardPlayState, events: list[BoardPlayEvent], at: datetime
) -> list[BoardPlayEvent]:
    """Append a ResultRecorded when the events complete or change the result."""
    after = state
    for event in events:
        after = evolve(after, event)
    result = after.result
    if result is None:
        return events
    contract = None if result.contract is None else str(result.contract)
    if after.recorded_result == (contract, result.tricks_made):
        return events
    return [
        *events,
        ResultRecorded(contract=contract, tricks_made=result.tricks_made, at=at),
    ]
