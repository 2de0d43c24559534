"""Opening lead, rotation, following suit and the winner of a trick (Laws 41, 44)."""

from rules.bridge import Contract, Seat, Side
from rules.bridge.play_state import legal_cards
from rules.bridge.trick import PlayedCard, trick_winner
from tests.support.play import card, cards, play, played, started


def test_opening_lead_is_made_by_the_defender_on_declarers_left() -> None:
    """The defender on presumed declarer's left makes the opening lead (Law 41A)."""
    state = started()
    assert state.turn is Seat.W
    assert state.declarer is Seat.S
    assert state.dummy is Seat.N
    assert state.dummy_faced is False


def test_dummy_is_faced_after_the_opening_lead() -> None:
    """Dummy's hand is spread once the opening lead is faced (Law 41C)."""
    outcome = play(started(), "W:CA")
    assert outcome.irregularity is None
    assert outcome.state.dummy_faced is True
    assert outcome.state.turn is Seat.N


def test_turn_passes_clockwise_and_dummys_cards_are_played_from_dummys_seat() -> None:
    """Each hand plays in rotation; declarer designates dummy's cards (Laws 44B, 45B)."""
    state = played(started(), "W:CA N:C2")
    assert state.turn is Seat.E
    assert state.remaining(Seat.N) == state.deal.hand(Seat.N) - {card("C2")}


def test_a_player_must_follow_suit_when_able() -> None:
    """Only cards of the suit led are legal while the hand holds one (Law 44C)."""
    state = played(started(), "W:CA")
    assert legal_cards(state, Seat.N) == cards(["C2", "C3", "C4"])


def test_a_player_void_in_the_suit_led_may_play_any_card() -> None:
    """A hand with no card of the suit led may play any card (Law 44D)."""
    state = played(
        started(), "W:CA N:C2 E:C5 S:C9 W:CK N:C3 E:C6 S:CT W:CQ N:C4 E:C7 S:CJ W:C8"
    )
    assert legal_cards(state, Seat.N) == state.remaining(Seat.N)


def test_the_highest_trump_wins_a_trick_containing_a_trump() -> None:
    """A ruff beats the suit led; a higher trump beats a lower one (Law 44E)."""
    state = played(
        started(),
        "W:CA N:C2 E:C5 S:C9 W:CK N:C3 E:C6 S:CT W:CQ N:C4 E:C7 S:CJ "
        "W:C8 N:SJ E:S7 S:S2",
    )
    fourth = state.completed[3]
    assert fourth.winner is Seat.N
    assert state.turn is Seat.N


def test_the_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    """Without a trump in it, the highest card of the suit led wins (Law 44F)."""
    state = played(started(), "W:CA N:C2 E:C5 S:C9")
    assert state.completed[0].winner is Seat.W
    assert state.turn is Seat.W
    assert state.tricks_won(Side.EW) == 1
    assert state.declarer_tricks == 0


def test_a_discard_never_wins_at_notrump() -> None:
    """At notrump a card of another suit cannot win (Law 44F)."""
    trick = (
        PlayedCard(Seat.W, card("C2")),
        PlayedCard(Seat.N, card("SA")),
        PlayedCard(Seat.E, card("C3")),
        PlayedCard(Seat.S, card("HA")),
    )
    assert trick_winner(trick, None) is Seat.E


def test_an_overruff_wins() -> None:
    """The higher of two trumps wins (Law 44E)."""
    trick = (
        PlayedCard(Seat.W, card("CA")),
        PlayedCard(Seat.N, card("S2")),
        PlayedCard(Seat.E, card("S3")),
        PlayedCard(Seat.S, card("C2")),
    )
    assert trick_winner(trick, card("S2").suit) is Seat.E


def test_a_trick_won_by_dummy_is_led_from_dummy() -> None:
    """The hand that won the trick leads next; dummy's seat when dummy won (Law 44G)."""
    state = played(started(Contract.parse("3NTS")), "W:D8 N:D5 E:D2 S:DA")
    assert state.completed[0].winner is Seat.S
    state = played(state, "S:S2 W:H2 N:SA E:S7")
    assert state.completed[1].winner is Seat.N
    assert state.turn is Seat.N
