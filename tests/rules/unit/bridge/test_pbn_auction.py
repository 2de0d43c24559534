"""PBN auction sections round trip through the Laws engine (PBN 2.1 §3.5)."""

from pathlib import Path

import pytest

from rules.bridge import Contract, Deal, Seat, dealer_for
from rules.bridge.pbn_auction import (
    auction_from_pbn,
    auction_to_pbn,
    iter_auction_sections,
)
from tests.rules.unit.bridge.support import auction

FIXTURE = Path(__file__).parents[3] / "fixtures" / "pbn" / "auctions.pbn"


def _sections() -> list[tuple[Seat, str]]:
    return list(iter_auction_sections(FIXTURE.read_text(encoding="utf-8")))


def test_fixture_has_three_boards_with_law_2_dealers() -> None:
    """Each board's auction starts with its Law 2 dealer; deals are valid."""
    text = FIXTURE.read_text(encoding="utf-8")
    sections = _sections()
    assert [dealer for dealer, _ in sections] == [dealer_for(n) for n in (1, 2, 3)]
    deals = [
        line.split('"')[1] for line in text.splitlines() if line.startswith("[Deal ")
    ]
    assert len({Deal.from_pbn(d) for d in deals}) == 3


def test_fixture_auctions_give_the_recorded_contracts() -> None:
    """The contracts follow from the calls (Law 22); board 3 is passed out."""
    contracts = [auction_from_pbn(d, body).final_contract for d, body in _sections()]
    assert contracts == [Contract.parse("4SN"), Contract.parse("1NTXXE"), None]


def test_alerts_and_notes_are_kept() -> None:
    """ "!" marks an alert and "=n=" the note text (Law 20F explanation)."""
    dealer, body = _sections()[0]
    parsed = auction_from_pbn(dealer, body)
    help_suit = parsed.calls[4]
    assert str(help_suit.call) == "3C"
    assert help_suit.alerted is True
    assert help_suit.explanation == "Help-suit game try"
    assert [c.alerted for c in parsed.calls].count(True) == 1
    dealer, body = _sections()[1]
    parsed = auction_from_pbn(dealer, body)
    assert [c.explanation for c in parsed.calls[:3]] == ["15-17", "Penalty", "To play"]
    assert [c.alerted for c in parsed.calls[:3]] == [False, False, True]
    assert len(parsed.calls) == 6  # AP gave three passes


@pytest.mark.parametrize("index", [0, 1, 2])
def test_round_trip(index: int) -> None:
    """auction_to_pbn then auction_from_pbn gives the same auction."""
    dealer, body = _sections()[index]
    parsed = auction_from_pbn(dealer, body)
    text = auction_to_pbn(parsed)
    assert auction_from_pbn(dealer, text) == parsed
    assert auction_to_pbn(auction_from_pbn(dealer, text)) == text


def test_written_form() -> None:
    """Four calls a line, then the notes."""
    dealer, body = _sections()[0]
    assert auction_to_pbn(auction_from_pbn(dealer, body), tag=True) == (
        '[Auction "N"]\n'
        "1S 2H 2S Pass\n"
        "3C! =1= Pass 4S Pass\n"
        "Pass Pass\n"
        '[Note "1:Help-suit game try"]'
    )


def test_notes_may_be_passed_separately() -> None:
    """Notes given as a mapping fill the explanations."""
    parsed = auction_from_pbn(Seat.N, "1NT =1= AP", notes={1: "12-14"})
    assert parsed.calls[0].explanation == "12-14"
    assert parsed == auction_from_pbn(Seat.N, auction_to_pbn(parsed))
    assert [c.call for c in parsed.calls] == [
        c.call for c in auction(Seat.N, "1NT P P P").calls
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1S 1H", "Law 27"),
        ("1S P P P 2S", "after the end of the auction"),
        ("1S Z", "is not a PBN call"),
        ("! 1S", "an alert must follow a call"),
        ("1S P X", "Law 36"),
    ],
)
def test_irregular_or_malformed_sections_are_refused(text: str, message: str) -> None:
    """PBN auctions are replayed strictly: an irregular call names its Law."""
    with pytest.raises(ValueError, match=message):
        auction_from_pbn(Seat.N, text)


def test_comments_are_ignored() -> None:
    """PBN commentary in braces and escaped lines are not calls (PBN 2.1 §2.4, §3.8)."""
    text = "1NT {strong} P\n% directive\nP P"
    assert auction_from_pbn(Seat.N, text) == auction(Seat.N, "1NT P P P")
