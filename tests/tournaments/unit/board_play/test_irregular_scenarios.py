"""Given/when/then: irregularities, alerts and rulings on a board (Laws 20-71)."""

import pytest

from rules.bridge import Card, Seat
from rules.bridge.claims import ConcessionGround
from rules.bridge.errors import ConcessionWindowClosed
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.errors import LawRef
from tests.rules.unit.play.test_revoke_corner_cases import ELEVEN_TRICKS
from tests.tournaments.unit.board_play.builders import (
    T0,
    called,
    cards_played,
    dealt,
    in_four_spades,
    run,
)
from tournaments.domain.board_play import BoardPhase, decide
from tournaments.domain.board_play.commands import (
    ClaimTricks,
    CorrectRevoke,
    ExposeCard,
    GiveExplanation,
    MakeAlert,
    PlayCard,
    PlaySimultaneousCards,
    RecordDirectorDecision,
    RespondToClaim,
    ResumePlayAfterClaim,
    WithdrawConcession,
)
from tournaments.domain.board_play.errors import (
    NotCallersPartner,
    SimultaneousPlayUnclear,
)
from tournaments.domain.board_play.events import (
    AlertMade,
    CardExposed,
    CardPlayed,
    ConcessionWithdrawn,
    DirectorDecisionRecorded,
    ResultRecorded,
    RevokeCorrected,
)


def c(text: str) -> Card:
    return Card.parse(text)


def test_partner_alerts_and_explains_a_call() -> None:
    """The caller's partner alerts and explains (Laws 20F1, 40B2(a)(iii))."""
    state = called(dealt(), "1S")
    state, events = run(state, MakeAlert(seat=Seat.N, at=T0))
    assert events == [AlertMade(seat=Seat.N, call_index=0, at=T0)]
    state, _ = run(
        state,
        GiveExplanation(seat=Seat.N, call_index=0, explanation="5+ spades", at=T0),
    )
    assert state.notes[-1].explanation == "5+ spades"
    with pytest.raises(NotCallersPartner):
        decide(state, MakeAlert(seat=Seat.E, at=T0, call_index=0), T0)


def test_a_card_led_during_the_auction_is_a_law_24_exposure() -> None:
    """Law 24B: a card led prematurely stays face up; partner must pass next turn."""
    state = called(dealt(), "1S")
    state, [event] = run(state, PlayCard(seat=Seat.W, card=c("CA"), at=T0))
    assert isinstance(event, CardExposed)
    assert event.law == LawRef("24B")
    assert state.phase is BoardPhase.AUCTION
    state = called(state, "P 4S P P P")
    assert state.phase is BoardPhase.PLAY
    assert state.play is not None
    assert [(p.seat, p.card) for p in state.play.penalty_cards] == [(Seat.W, c("CA"))]


def test_two_cards_played_at_once_by_a_defender() -> None:
    """Law 58B2: the one he meant is played; the other becomes a penalty card."""
    state = in_four_spades()
    command = PlaySimultaneousCards(seat=Seat.W, visible=(c("CA"), c("C8")), at=T0)
    with pytest.raises(SimultaneousPlayUnclear):
        decide(state, command, T0)
    command = PlaySimultaneousCards(
        seat=Seat.W, visible=(c("CA"), c("C8")), intended=c("CA"), at=T0
    )
    state, events = run(state, command)
    assert isinstance(events[0], CardPlayed)
    assert events[1] == CardExposed(
        seat=Seat.W, card=c("C8"), deliberate=False, law=LawRef("58B2"), at=T0
    )
    assert state.play is not None
    [penalty] = state.play.penalty_cards
    assert penalty.kind is PenaltyCardKind.MINOR


def test_one_visible_card_is_simply_played() -> None:
    """Law 58B1: only one face visible: that card is played, the others picked up."""
    _, [event] = run(
        in_four_spades(), PlaySimultaneousCards(seat=Seat.W, visible=(c("CA"),), at=T0)
    )
    assert event == CardPlayed(
        seat=Seat.W, card=c("CA"), at=T0, irregularity=LawRef("58B1")
    )


def test_a_defender_exposes_a_card_in_the_play() -> None:
    """Law 49: a defender's exposed honour is a major penalty card."""
    state, [event] = run(
        in_four_spades(), ExposeCard(seat=Seat.E, card=c("HQ"), deliberate=False, at=T0)
    )
    assert event.law == LawRef("49")  # type: ignore[union-attr]
    assert state.pending is not None
    assert state.pending.law == LawRef("50D2")


def test_a_revoke_is_corrected_through_the_board() -> None:
    """Law 62: the correction is an event; the corrected card stands."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:HQ")
    state, events = run(state, CorrectRevoke(seat=Seat.E, card=c("C5"), at=T0))
    assert events == [RevokeCorrected(seat=Seat.E, card=c("C5"), at=T0)]
    assert state.play is not None
    assert state.play.current.card_of(Seat.E) == c("C5")


def test_play_resumes_after_a_disputed_claim_with_all_four_consenting() -> None:
    """Law 68D2(b): the claim is void and play goes on."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9")
    state, _ = run(
        state,
        ClaimTricks(seat=Seat.S, tricks=12, statement="", at=T0),
        RespondToClaim(seat=Seat.W, accept=False, at=T0),
        ResumePlayAfterClaim(consents=tuple(Seat), at=T0),
    )
    assert state.phase is BoardPhase.PLAY
    assert state.claim is None
    assert len(state.voided_claims) == 1


def test_a_concession_is_withdrawn_in_the_correction_period() -> None:
    """Laws 71 and 79C: the result is recorded again; a closed window refuses it."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9")
    state, _ = run(
        state,
        ClaimTricks(seat=Seat.S, tricks=9, statement="", at=T0),
        RespondToClaim(seat=Seat.W, accept=True, at=T0),
        RespondToClaim(seat=Seat.E, accept=True, at=T0),
    )
    closed = WithdrawConcession(
        seat=Seat.S,
        tricks=1,
        ground=ConcessionGround.CONCEDED_TRICK_UNLOSABLE,
        window_open=False,
        at=T0,
    )
    with pytest.raises(ConcessionWindowClosed):
        decide(state, closed, T0)
    command = WithdrawConcession(
        seat=Seat.S,
        tricks=1,
        ground=ConcessionGround.CONCEDED_TRICK_UNLOSABLE,
        window_open=True,
        at=T0,
        double_dummy_declarer_tricks=10,
    )
    state, events = run(state, command)
    assert isinstance(events[0], ConcessionWithdrawn)
    assert events[-1] == ResultRecorded(contract="4SS", tricks_made=10, at=T0)


def test_the_director_records_a_decision() -> None:
    """A Director's ruling is kept on the board with its Law (Law 64C review)."""
    state, _ = run(
        in_four_spades(),
        RecordDirectorDecision(law=LawRef("64C"), decision="no damage", at=T0),
    )
    assert state.decisions[-1].law == LawRef("64C")
    assert state.decisions[-1].decision == "no damage"


def test_a_twelfth_trick_revoke_is_corrected_after_play_and_the_result_re_recorded() -> (
    None
):
    """Law 62D1: the board's result is recorded again after the correction."""
    state = cards_played(in_four_spades(), ELEVEN_TRICKS + " S:CJ")
    offender = state.turn
    assert offender is not None
    assert state.play is not None
    hand = state.play.remaining(offender)
    clubs = [x for x in hand if x.suit is c("C2").suit]
    others = [x for x in hand if x.suit is not c("C2").suit]
    assert clubs
    assert others
    state = cards_played(state, f"{offender.value}:{others[0]}")
    while state.turn is not None:
        state = cards_played(state, f"{state.turn.value}:{min(state.legal_cards())}")
    assert state.recorded_result is not None
    state, events = run(state, CorrectRevoke(seat=offender, card=clubs[0], at=T0))
    assert isinstance(events[0], RevokeCorrected)
    assert state.play is not None
    assert state.play.revokes[0].corrected is True
    assert state.play.completed[11].card_of(offender) == clubs[0]


def test_both_sides_revoke_in_one_trick_and_the_director_records_the_ruling() -> None:
    """Law 62C3: both revokes corrected, flagged for the Director, ruling recorded."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:HQ S:S2 S:S3")
    state, events = run(
        state,
        CorrectRevoke(seat=Seat.S, card=c("C9"), at=T0),
        CorrectRevoke(seat=Seat.E, card=c("C5"), at=T0),
        RecordDirectorDecision(
            law=LawRef("62C3"),
            decision="Both revokes corrected; HQ is a major penalty card",
            at=T0,
        ),
    )
    assert [type(e) for e in events] == [
        RevokeCorrected,
        RevokeCorrected,
        DirectorDecisionRecorded,
    ]
    assert state.play is not None
    assert LawRef("62C3") in state.play.review_flags
    assert all(r.corrected for r in state.play.revokes)
    assert state.tricks[0].winner is Seat.W
    assert state.decisions[-1].law == LawRef("62C3")
