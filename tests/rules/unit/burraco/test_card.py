"""Burraco cards: the 108-card deck, ranks, values and the seat draw (Arts. 1, 3)."""

from collections import Counter

import pytest

from rules.burraco import (
    DECK,
    DECK_POINTS,
    JOKER,
    Card,
    Rank,
    Suit,
    cards_value,
    draw_key,
    parse_cards,
)
from rules.burraco.articles import (
    CONDUCT,
    DEFINITIONS,
    SCREENS,
    TABLES,
    CodeSection,
    art,
    powers,
)
from rules.errors import ArticleRef, RuleViolation


def test_the_deck_is_two_54_card_decks_with_four_jolly() -> None:
    """Two Anglo-French decks of 54 cards, four jolly in all: 108 (Art. 1)."""
    assert len(DECK) == 108
    counts = Counter(DECK)
    assert counts[JOKER] == 4
    assert all(n == 2 for card, n in counts.items() if card != JOKER)
    assert len(counts) == 53


def test_the_whole_deck_is_worth_1080_points() -> None:
    """8 x (15 + 6 x 10 + 5 x 5 + 20) + 4 x 30 = 1080 (Art. 1)."""
    assert cards_value(DECK) == DECK_POINTS == 1080


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("JK", 30),
        ("H2", 20),
        ("SA", 15),
        ("DK", 10),
        ("CQ", 10),
        ("HJ", 10),
        ("ST", 10),
        ("D9", 10),
        ("C8", 10),
        ("H7", 5),
        ("S6", 5),
        ("D5", 5),
        ("C4", 5),
        ("H3", 5),
    ],
)
def test_card_values(text: str, points: int) -> None:
    """Jolly 30, pinella 20, ace 15, K to 8 10, 7 to 3 5 (Art. 1)."""
    assert Card.parse(text).value == points


def test_every_card_is_worth_a_multiple_of_five() -> None:
    """Every hand score is a multiple of 5 because every card is (Art. 1)."""
    assert {card.value % 5 for card in DECK} == {0}


def test_suits_rank_hearts_diamonds_clubs_spades() -> None:
    """Suit rank, highest first: ♥ ♦ ♣ ♠ (Art. 1)."""
    assert [s.rank for s in (Suit.H, Suit.D, Suit.C, Suit.S)] == [3, 2, 1, 0]
    assert [s.symbol for s in Suit] == ["♥", "♦", "♣", "♠"]


def test_ranks_order_two_above_ace_jolly_above_all() -> None:
    """Rank, highest first: jolly, 2, A, K, Q, J, 10 ... 3 (Art. 1)."""
    assert Rank.JOKER > Rank.TWO > Rank.ACE > Rank.KING > Rank.TEN > Rank.THREE
    assert [r.symbol for r in Rank] == [*"3456789TJQKA2", "JK"]


def test_seat_draw_orders_by_rank_then_suit() -> None:
    """Highest card first; equal ranks by suit; two jolly are equal (Art. 3)."""
    drawn = parse_cards("SA H2 HA JK CA S2 D3")
    ordered = sorted(drawn, key=draw_key, reverse=True)
    assert [str(c) for c in ordered] == ["JK", "H2", "S2", "HA", "CA", "SA", "D3"]
    assert draw_key(JOKER) == draw_key(Card.parse("joker"))


@pytest.mark.parametrize("card", sorted(set(DECK), key=draw_key))
def test_card_text_round_trips(card: Card) -> None:
    """str(card) is the suit letter and the rank symbol, "JK" for a jolly."""
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


def test_card_text_examples() -> None:
    """Ten as "T" or "10"; suits by letter or symbol; "jolly" names a jolly."""
    assert Card.parse("S10") == Card(Suit.S, Rank.TEN)
    assert Card.parse("♥7") == Card(Suit.H, Rank.SEVEN)
    assert Card.parse("jolly") is JOKER
    assert str(Card(Suit.D, Rank.TWO)) == "D2"
    assert parse_cards("H4, H5 JK") == (
        Card(Suit.H, Rank.FOUR),
        Card(Suit.H, Rank.FIVE),
        JOKER,
    )


@pytest.mark.parametrize("text", ["", "H", "X5", "H1", "HJK", "S11"])
def test_bad_card_text_is_refused(text: str) -> None:
    """Text that names no card is refused with the text in the message."""
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_a_jolly_has_no_suit_and_others_need_one() -> None:
    """Only the jolly goes without a suit (Art. 1)."""
    with pytest.raises(ValueError, match="the jolly has no suit"):
        Card(Suit.H, Rank.JOKER)
    with pytest.raises(ValueError, match="is not a card"):
        Card(None, Rank.ACE)


def test_wilds_are_the_jolly_and_every_two() -> None:
    """Matte are every jolly and every 2 (Definizioni; Art. 10)."""
    wild = {str(c) for c in set(DECK) if c.is_wild}
    assert wild == {"JK", "H2", "D2", "C2", "S2"}


def test_article_references_render_as_the_house_style_names_them() -> None:
    """Numbered articles read "Codice di Gara Art. N"; sections by heading."""
    assert str(art(17)) == "Codice di Gara Art. 17"
    assert art(17) == ArticleRef("17")
    assert str(TABLES) == "Codice di Gara, Le tabelle"
    assert str(DEFINITIONS) == "Codice di Gara, Definizioni"
    assert str(CONDUCT) == "Codice di Gara, Norme comportamentali"
    assert str(SCREENS) == "Codice di Gara, Tavoli provvisti di separé e paramani"
    assert str(powers("g")) == "Codice di Gara, I poteri dell'arbitro (g)"
    assert isinstance(TABLES, ArticleRef)
    assert isinstance(TABLES, CodeSection)


def test_errors_carry_a_section_as_their_law() -> None:
    """A section reference goes in ``law`` and renders in the problem body."""
    error = RuleViolation("no row", law=TABLES)
    assert error.as_dict() == {
        "code": "rule_violation",
        "detail": "no row",
        "law": "Codice di Gara, Le tabelle",
    }


@pytest.mark.parametrize("number", [0, 41, True])
def test_articles_outside_the_code_are_refused(number: int) -> None:
    """The Codice di Gara has Arts. 1 to 40."""
    with pytest.raises(ValueError, match="has no article"):
        art(number)


def test_the_directors_powers_run_from_a_to_g() -> None:
    """I poteri dell'arbitro list items a) to g)."""
    with pytest.raises(ValueError, match="no item 'h'"):
        powers("h")
