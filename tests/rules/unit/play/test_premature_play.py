"""Premature plays, extra cards and inability to comply (Laws 45E, 57, 59)."""

from rules.bridge import Seat
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import legal_cards
from rules.errors import LawRef
from tests.support.play import card, cards, play, played, started

S_WINS = "W:D8 N:D5 E:D2 S:DA"
D = card("D2").suit


def test_a_defender_playing_before_his_partner_gives_declarer_four_options() -> None:
    """Law 57A: the card becomes a major penalty card; declarer picks an option."""
    state = played(started(), S_WINS + " S:DK")
    outcome = play(state, "E:D3")
    assert outcome.irregularity == LawRef("57A")
    state = outcome.state
    assert state.penalty_cards[0].kind is PenaltyCardKind.MAJOR
    pending = state.pending
    assert pending.choosers == (Seat.S,)
    assert [str(o) for o in pending.options] == [
        "play_highest",
        "play_lowest",
        "require_play_suit:C",
        "require_play_suit:H",
        "require_play_suit:S",
        "prohibit_play_suit:C",
        "prohibit_play_suit:H",
        "prohibit_play_suit:S",
    ]
    lowest = choose_rectification(state, Seat.S, PlayOption(PlayOptionCode.PLAY_LOWEST))
    assert legal_cards(lowest, Seat.W) == cards(["D9"])
    highest = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.PLAY_HIGHEST)
    )
    assert legal_cards(highest, Seat.W) == cards(["DJ"])


def test_partner_unable_to_comply_plays_any_legal_card() -> None:
    """Laws 57B and 59: a void partner cannot be made to play the suit led."""
    state = played(started(), S_WINS + " S:S3")
    state = play(state, "E:S7").state
    state = choose_rectification(state, Seat.S, PlayOption(PlayOptionCode.PLAY_HIGHEST))
    assert legal_cards(state, Seat.W) == state.remaining(Seat.W)
    required = choose_rectification(
        play(played(started(), S_WINS + " S:S3"), "E:S7").state,
        Seat.S,
        PlayOption(PlayOptionCode.REQUIRE_PLAY_SUIT, (D,)),
    )
    assert {c.suit for c in legal_cards(required, Seat.W)} == {D}


def test_no_rectification_once_declarer_has_played_from_both_hands() -> None:
    """Law 57C1: the defender's early card is simply played."""
    state = played(started(), S_WINS + " S:S3 W:H2 N:SA E:S7 N:SK")
    declarer_early = play(state, "S:S4")
    assert declarer_early.irregularity == LawRef("57C3")
    outcome = play(declarer_early.state, "W:H3")
    assert outcome.irregularity == LawRef("57C1")
    assert outcome.state.pending is None
    assert outcome.state.turn is Seat.E


def test_a_legal_card_played_at_rhos_turn_must_be_played_at_the_correct_turn() -> None:
    """Law 57D: it is played at his turn; only that card is then legal."""
    state = played(started(), "W:CA")
    outcome = play(state, "E:C6")
    assert outcome.irregularity == LawRef("57D")
    state = played(outcome.state, "N:C2")
    assert legal_cards(state, Seat.E) == cards(["C6"])


def test_an_illegal_card_played_at_rhos_turn_becomes_a_major_penalty_card() -> None:
    """Law 57D: a card that could not legally be played is a major penalty card."""
    outcome = play(played(started(), "W:CA"), "E:HA")
    assert outcome.irregularity == LawRef("57D")
    assert outcome.state.penalty_cards[0].kind is PenaltyCardKind.MAJOR


def test_a_defenders_fifth_card_becomes_a_penalty_card() -> None:
    """Law 45E1: a card played to a trick he has already played to."""
    outcome = play(played(started(), "W:CA N:C2 E:C5"), "W:CK")
    assert outcome.irregularity == LawRef("45E1")
    assert outcome.state.penalty_cards[0].card == card("CK")


def test_declarers_fifth_card_goes_back_without_rectification() -> None:
    """Law 45E2: declarer's or dummy's extra card returns to the hand."""
    outcome = play(played(started(), "W:CA N:C2"), "N:C3")
    assert outcome.irregularity == LawRef("45E2")
    assert card("C3") in outcome.state.remaining(Seat.N)
    assert outcome.state.penalty_cards == ()


def test_declarers_premature_play_stands_when_legal() -> None:
    """Law 57C3: a premature play by declarer is a played card."""
    outcome = play(played(started(), "W:CA"), "S:C9")
    assert outcome.irregularity == LawRef("57C3")
    assert outcome.state.current.card_of(Seat.S) == card("C9")
    assert outcome.state.turn is Seat.N
