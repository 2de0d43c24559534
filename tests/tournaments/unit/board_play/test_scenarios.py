"""Given/when/then scenarios for one board at one table (decide/evolve)."""

import pytest

from rules.bridge import Card, Contract, Seat, parse_call
from rules.bridge.errors import (
    CardNotHeld,
    IllegalPlayRefused,
    IrregularCallRefused,
    IrregularPlayRefused,
    PlaySuspended,
    RectificationPending,
)
from rules.bridge.revoke import AttentionTiming
from rules.errors import LawRef
from tests.tournaments.unit.board_play.builders import (
    DEAL,
    T0,
    TABLE,
    called,
    cards_played,
    dealt,
    in_four_spades,
    run,
)
from tournaments.domain.board_play import BoardPhase, decide, stream_id
from tournaments.domain.board_play.commands import (
    AdjudicateClaim,
    ChooseRectification,
    ClaimTricks,
    DrawAttentionToRevoke,
    MakeCall,
    PlayCard,
    RespondToClaim,
    StartBoard,
)
from tournaments.domain.board_play.errors import AuctionPeriodOver, BoardAlreadyDealt
from tournaments.domain.board_play.events import (
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    RectificationChosen,
    ResultRecorded,
)


def test_stream_id_is_a_stable_uuid5_of_table_and_board() -> None:
    """The same table and board always name the same stream."""
    assert stream_id(TABLE, 3) == stream_id(TABLE, 3)
    assert stream_id(TABLE, 3) != stream_id(TABLE, 4)
    assert stream_id(TABLE, 3).version == 5


def test_a_board_is_dealt_once() -> None:
    """A board goes on the table once (Laws 6, 7)."""
    with pytest.raises(BoardAlreadyDealt):
        decide(
            dealt(), StartBoard(table_id=TABLE, board_number=3, deal=DEAL, at=T0), T0
        )


def test_the_dealer_calls_first_and_the_auction_ends_with_three_passes() -> None:
    """Law 17B: the dealer calls first; Law 22A: three passes end it; Law 41A: leader."""
    state = dealt()
    assert state.phase is BoardPhase.AUCTION
    assert state.turn is Seat.S
    state = in_four_spades()
    assert state.phase is BoardPhase.PLAY
    assert state.play is not None
    assert state.play.contract == Contract.parse("4SS")
    assert state.turn is Seat.W


def test_a_passed_out_board_is_completed_with_no_contract() -> None:
    """Law 22B: four passes; the result is passed out."""
    state, events = run(
        dealt(), *(MakeCall(seat=Seat(s), call=parse_call("P"), at=T0) for s in "SWNE")
    )
    assert state.phase is BoardPhase.COMPLETED
    assert state.result is not None
    assert state.result.is_passed_out is True
    assert events[-1] == ResultRecorded(contract=None, tricks_made=None, at=T0)


def test_an_insufficient_bid_is_recorded_with_its_law_and_options() -> None:
    """Law 27: the bid is recorded; its LHO chooses first."""
    state = called(dealt(), "1S")
    [event] = decide(state, MakeCall(seat=Seat.W, call=parse_call("1H"), at=T0), T0)
    assert isinstance(event, CallMade)
    assert event.irregularity is not None
    assert event.irregularity == LawRef("27")
    after = run(state, MakeCall(seat=Seat.W, call=parse_call("1H"), at=T0))[0]
    assert after.pending is not None
    assert after.pending.choosers == ("N",)
    assert after.pending.options == ("accept", "decline")


def test_strict_board_refuses_an_irregular_call() -> None:
    """Strict mode refuses instead of rectifying (online platforms)."""
    with pytest.raises(IrregularCallRefused):
        decide(
            dealt(strict=True), MakeCall(seat=Seat.N, call=parse_call("1S"), at=T0), T0
        )


def test_opening_lead_out_of_turn_is_recorded_not_rejected() -> None:
    """An opening lead faced out of turn is an irregularity to rule on (Law 54)."""
    state = in_four_spades()
    [event] = decide(state, PlayCard(seat=Seat.E, card=Card.parse("HA"), at=T0), T0)
    assert isinstance(event, CardPlayed)
    assert event.irregularity == LawRef("54")
    after = run(state, PlayCard(seat=Seat.E, card=Card.parse("HA"), at=T0))[0]
    assert after.pending is not None
    assert after.pending.choosers == ("S",)
    assert after.pending.options == (
        "accept_lead",
        "declarer_spreads_hand",
        "withdraw_lead",
    )
    assert after.turn is None


def test_declarer_chooses_and_the_choice_is_recorded() -> None:
    """Law 54D chosen by declarer: recorded with its Law and chooser (Law 10C)."""
    state = run(in_four_spades(), PlayCard(seat=Seat.E, card=Card.parse("HA"), at=T0))[
        0
    ]
    state, [event] = run(
        state, ChooseRectification(chooser=Seat.S, option="withdraw_lead", at=T0)
    )
    assert event == RectificationChosen(
        law=LawRef("54"), chooser=Seat.S, option="withdraw_lead", at=T0
    )
    assert state.pending is not None
    assert state.pending.law == LawRef("50D2")


def test_other_actions_wait_for_the_pending_choice() -> None:
    """Law 9B2: no action until the rectification is settled; the state is unchanged."""
    state = run(in_four_spades(), PlayCard(seat=Seat.E, card=Card.parse("HA"), at=T0))[
        0
    ]
    with pytest.raises(RectificationPending) as caught:
        decide(state, PlayCard(seat=Seat.N, card=Card.parse("H8"), at=T0), T0)
    assert caught.value.law == LawRef("9B2")


def test_strict_board_refuses_a_revoke() -> None:
    """Strict mode: failing to follow suit is refused, naming Law 44C."""
    state = cards_played(in_four_spades(strict=True), "W:H6 N:H8 E:HA")
    with pytest.raises(IllegalPlayRefused) as caught:
        decide(state, PlayCard(seat=Seat.S, card=Card.parse("S2"), at=T0), T0)
    assert caught.value.law == LawRef("44C")


def test_strict_board_refuses_a_lead_out_of_turn() -> None:
    """Strict mode: a lead out of turn is refused (Law 53A)."""
    with pytest.raises(IrregularPlayRefused) as caught:
        decide(
            in_four_spades(strict=True),
            PlayCard(seat=Seat.E, card=Card.parse("HA"), at=T0),
            T0,
        )
    assert caught.value.law == LawRef("53A")


def test_a_card_the_hand_does_not_hold_is_refused() -> None:
    """A card the player does not hold cannot be played (Law 45A)."""
    with pytest.raises(CardNotHeld) as caught:
        decide(
            in_four_spades(), PlayCard(seat=Seat.W, card=Card.parse("SA"), at=T0), T0
        )
    assert caught.value.code == "card_not_held"
    assert caught.value.law == LawRef("45A")


def test_no_call_after_the_opening_lead() -> None:
    """The auction period ends when the opening lead is faced (Laws 17D, 41C)."""
    state = cards_played(in_four_spades(), "W:CA")
    with pytest.raises(AuctionPeriodOver):
        decide(state, MakeCall(seat=Seat.N, call=parse_call("P"), at=T0), T0)


def test_a_claim_suspends_play_and_agreement_completes_the_board() -> None:
    """Laws 68D and 69A: play stops; both defenders agree; the result is recorded."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9")
    state, events = run(
        state, ClaimTricks(seat=Seat.S, tricks=10, statement="Drawing trumps", at=T0)
    )
    assert events == [
        ClaimMade(seat=Seat.S, tricks=10, statement="Drawing trumps", at=T0)
    ]
    assert state.phase is BoardPhase.CLAIM
    with pytest.raises(PlaySuspended):
        decide(state, PlayCard(seat=Seat.W, card=Card.parse("CK"), at=T0), T0)
    state, _ = run(state, RespondToClaim(seat=Seat.W, accept=True, at=T0))
    assert state.phase is BoardPhase.CLAIM
    state, events = run(state, RespondToClaim(seat=Seat.E, accept=True, at=T0))
    assert events == [
        ClaimAccepted(seat=Seat.E, at=T0),
        ResultRecorded(contract="4SS", tricks_made=10, at=T0),
    ]
    assert state.phase is BoardPhase.COMPLETED
    assert state.result is not None
    assert state.result.tricks_made == 10


def test_a_disputed_claim_is_adjudicated_by_the_director() -> None:
    """Law 70: the Director decides the tricks and records his reasons."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9")
    state, _ = run(
        state,
        ClaimTricks(seat=Seat.S, tricks=12, statement="All mine", at=T0),
        RespondToClaim(seat=Seat.E, accept=False, at=T0),
    )
    state, events = run(
        state,
        AdjudicateClaim(
            tricks=9,
            reasons="A trump trick is lost",
            at=T0,
            double_dummy_declarer_tricks=9,
        ),
    )
    assert events[-1] == ResultRecorded(contract="4SS", tricks_made=9, at=T0)
    assert state.claim is not None
    assert state.claim.reasons == "A trump trick is lost"


def test_attention_drawn_to_a_revoke_after_play_changes_the_recorded_result() -> None:
    """Law 64A1 transfer once attention is drawn in time; a new ResultRecorded follows."""
    state = cards_played(in_four_spades(), "W:H6 N:H8 E:HA S:S2 S:S3")
    while state.phase is BoardPhase.PLAY:
        assert state.turn is not None
        card = min(state.legal_cards())
        state, _ = run(state, PlayCard(seat=state.turn, card=card, at=T0))
    assert state.result is not None
    before = state.result.tricks_made
    assert before is not None
    assert [r.seat for r in state.result.unresolved] == [Seat.S]
    command = DrawAttentionToRevoke(
        seat=Seat.S, trick_number=1, timing=AttentionTiming.IN_TIME, at=T0
    )
    state, events = run(state, command)
    assert events[-1] == ResultRecorded(contract="4SS", tricks_made=before - 2, at=T0)
    assert state.result is not None
    assert state.result.tricks_made == before - 2
