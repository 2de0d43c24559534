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
from dataclasses import fields, replace
from datetime import datetime
from operator import attrgetter
from typing import assert_never
from uuid import UUID, uuid5

from rules.bridge.attempted_call import BidAboveSeven
from rules.bridge.auction import Auction, AuctionStatus
from rules.bridge.auction_procedure import (
    RefusedCall,
    apply_option,
    apply_ruling,
    classify_call,
    record_call,
)
from rules.bridge.card import Card
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
from rules.bridge.dummy_designation import Designation, resolve_designation
from rules.bridge.errors import (
    CardNotHeld,
    DefenderMustChoose,
    DesignationNeedsRuling,
    DesignationVoid,
    IrregularPlayRefused,
    NoClaimPending,
    NoRectificationPending,
    OptionNotOffered,
    PlayEnded,
    PlaySuspended,
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
from rules.bridge.play.leads_and_plays import apply_play, play_card, start_play
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
from tournaments.domain.board_play.errors import (
    AuctionInProgress,
    AuctionPeriodOver,
    BoardAlreadyDealt,
    BoardCompleted,
    BoardNotDealt,
    NoSuchCall,
    NotCallersPartner,
    SimultaneousPlayUnclear,
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
    DummyCardDesignated,
    ExplanationGiven,
    PlayResumedAfterClaim,
    RectificationChosen,
    ResultRecorded,
    RevokeCorrected,
)
from tournaments.domain.board_play.state import (
    BoardPhase,
    BoardPlayState,
    CallNote,
    DesignationNote,
    DirectorDecision,
)

__all__ = [
    "INITIAL",
    "STREAM_NAMESPACE",
    "decide",
    "evolve",
    "initial_state",
    "replay",
    "stream_id",
]

STREAM_NAMESPACE = UUID("5f0c2d1e-8b7a-4c39-9e51-6a2b3c4d5e6f")
"""The uuid5 namespace of board-at-a-table streams; never changes."""

INITIAL = BoardPlayState()
_LAW_49 = LawRef("49")
_FIELDS = tuple(field.name for field in fields(BoardPlayState))
_SLOTS = tuple(BoardPlayState.__dict__[name] for name in _FIELDS)
_GET_ALL = attrgetter(*_FIELDS)
_LAW_46B = LawRef("46B")
_LAW_46B3B = LawRef("46B3(b)")
_LAW_46B5 = LawRef("46B5")
_LAW_58B1 = LawRef("58B1")
_LAW_58B2 = LawRef("58B2")


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


# --- evolve ----------------------------------------------------------------


def evolve(state: BoardPlayState, event: BoardPlayEvent) -> BoardPlayState:
    """Return the state after a recorded event."""
    version = state.version + 1
    match event:
        # The commonest event first: a replay is mostly cards.
        case CardPlayed():
            play = apply_play(_play(state), event.seat, event.card, event.irregularity)
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
                _auction(state), event.seat, event.call, strict=state.strict
            )
            return _with_auction(state, auction, version)
        case BidAboveSevenMade():
            attempt = BidAboveSeven(event.level, event.denomination)
            auction = record_call(
                _auction(state), event.seat, attempt, strict=state.strict
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
            rectified = apply_option(_auction(state), choice)
            return _with_auction(state, rectified.auction, version)
        case CardExposed():
            if state.play is None:
                auction = _auction(state)
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
                _play(state), event.seat, event.card, withdrawals=event.withdrawals
            )
            return replace(state, play=play, version=version)
        case DefectiveTrickRectified():
            play = rectify_defective_trick(
                _play(state),
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
                _play(state), event.seat, event.trick_number, event.timing
            )
            return replace(state, play=play, version=version)
        case ClaimMade():
            play = _play(state)
            claim = make_claim(play, event.seat, event.tricks, event.statement)
            # Law 63A3: a claim by the offending side establishes its revoke.
            play = establish_revokes(play, event.seat.side)
            return replace(state, play=play, claim=claim, version=version)
        case ClaimAccepted():
            play = _play(state)
            claim = accept_claim(_claim(state), play, event.seat)
            if claim.status is ClaimStatus.ACCEPTED:
                # Law 63A4: agreeing to an opponent's claim establishes a revoke.
                play = establish_revokes(play, claim.claimer.side.opponents)
            return replace(state, play=play, claim=claim, version=version)
        case ClaimDisputed():
            claim = dispute_claim(_claim(state), _play(state), event.seat)
            if claim.status is ClaimStatus.VOID:
                return _void_claim(state, claim, version)
            return replace(state, claim=claim, version=version)
        case ClaimAdjudicated():
            claim = adjudicate_claim(_claim(state), event.tricks, event.reasons)
            return replace(state, claim=claim, version=version)
        case PlayResumedAfterClaim():
            return _void_claim(
                state, resume_play(_claim(state), event.consents), version
            )
        case ConcessionWithdrawn():
            claim = withdraw_concession(
                _claim(state), event.seat, event.tricks, event.ground, window_open=True
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


def _auction(state: BoardPlayState) -> Auction:
    if state.auction is None:
        raise BoardNotDealt()
    return state.auction


def _play(state: BoardPlayState) -> PlayState:
    if state.play is None:
        raise AuctionInProgress()
    return state.play


def _claim(state: BoardPlayState) -> Claim:
    if state.claim is None:
        raise NoClaimPending()
    return state.claim


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
            auction = _auction(state)
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
            auction = _auction(state)
            index = len(auction.calls) - 1 if index is None else index
            _check_partner(auction, seat, index)
            return [AlertMade(seat=seat, call_index=index, at=at)]
        case GiveExplanation(seat=seat, call_index=index, explanation=text, at=at):
            _check_partner(_auction(state), seat, index)
            return [
                ExplanationGiven(seat=seat, call_index=index, explanation=text, at=at)
            ]
        case ChooseRectification():
            return [_choose(state, command)]
        case PlayCard(seat=seat, card=card, at=at):
            if state.play is None:
                return [_expose_in_auction(state, seat, card, deliberate=True, at=at)]
            play = _playing(state)
            outcome = play_card(play, seat, card)
            return [
                CardPlayed(
                    seat=seat, card=card, at=at, irregularity=outcome.irregularity
                )
            ]
        case DesignateDummyCard():
            return _designate(state, command)
        case PlaySimultaneousCards():
            return _simultaneous(state, command)
        case ExposeCard(seat=seat, card=card, deliberate=deliberate, at=at):
            if state.play is None:
                return [
                    _expose_in_auction(state, seat, card, deliberate=deliberate, at=at)
                ]
            outcome = expose_card(_playing(state), seat, card, deliberate=deliberate)
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
            draw_attention_to_revoke(_play(state), seat, number, timing)
            return [
                AttentionDrawnToRevoke(
                    seat=seat, trick_number=number, timing=timing, at=at
                )
            ]
        case ClaimTricks(seat=seat, tricks=tricks, statement=statement, at=at):
            make_claim(_playing(state), seat, tricks, statement)
            return [ClaimMade(seat=seat, tricks=tricks, statement=statement, at=at)]
        case RespondToClaim(seat=seat, accept=accept, at=at):
            play, claim = _play(state), _claim(state)
            if accept:
                accept_claim(claim, play, seat)
                return [ClaimAccepted(seat=seat, at=at)]
            dispute_claim(claim, play, seat)
            return [ClaimDisputed(seat=seat, at=at)]
        case AdjudicateClaim(tricks=tricks, reasons=reasons, at=at):
            adjudicate_claim(_claim(state), tricks, reasons)
            return [
                ClaimAdjudicated(
                    tricks=tricks,
                    reasons=reasons,
                    at=at,
                    double_dummy_declarer_tricks=command.double_dummy_declarer_tricks,
                )
            ]
        case ResumePlayAfterClaim(consents=consents, at=at):
            resume_play(_claim(state), consents)
            return [PlayResumedAfterClaim(consents=tuple(consents), at=at)]
        case WithdrawConcession(seat=seat, tricks=tricks, ground=ground, at=at):
            withdraw_concession(
                _claim(state), seat, tricks, ground, window_open=command.window_open
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


def _playing(state: BoardPlayState) -> PlayState:
    """Return the play state if cards may be played now (Laws 41, 68D)."""
    phase = state.phase
    if phase is BoardPhase.CLAIM:
        raise PlaySuspended()
    if phase is BoardPhase.COMPLETED:
        if state.play is not None and state.play.is_complete:
            raise PlayEnded()
        raise BoardCompleted()
    return _play(state)


def _correctable(state: BoardPlayState) -> PlayState:
    """Return the play state a revoke may be corrected in (Laws 62, 62D1).

    After the thirteenth trick only a twelfth-trick revoke is corrected
    (Law 62D1); the rules engine refuses any other established revoke. The
    hands still being on the table is the caller's window.
    """
    play = state.play
    if play is not None and play.is_complete and state.claim is None:
        return play
    return _playing(state)


def _designate(
    state: BoardPlayState, command: DesignateDummyCard
) -> list[BoardPlayEvent]:
    """Law 46B: play the card declarer's incomplete designation designates.

    The Law deems the card (46B1-B3); after "play anything" a defender names
    it (46B5); when 46B3(b) finds two cards declarer says which; otherwise
    the Director rules (declarer's incontrovertible intention, or a
    designation the Law leaves open), recorded as a decision under Law 46B.
    A card dummy does not hold designates nothing (46B4).
    """
    play = _playing(state)
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


def _choose(state: BoardPlayState, command: ChooseRectification) -> RectificationChosen:
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
        auction = _auction(state)
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


def _expose_in_auction(
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
        _auction(state), seat, [card], premature_lead=deliberate
    )
    return CardExposed(
        seat=seat, card=card, deliberate=deliberate, law=irregularity.law, at=at
    )


def _simultaneous(
    state: BoardPlayState, command: PlaySimultaneousCards
) -> list[BoardPlayEvent]:
    """Law 58B: one visible card is played; otherwise the one meant, the rest exposed."""
    play = _playing(state)
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
