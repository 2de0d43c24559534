"""The model's strings parse into the rules value types the importer records.

The formats package does not import ``rules.bridge`` (it stays independent);
this test pins the spellings the two share: contract + declarer, card, deal,
vulnerability (decision 0029).
"""

from __future__ import annotations

from rules.bridge import Card, Contract, Deal, Seat, Vulnerability
from scoring.formats.model import is_played
from scoring.formats.pbn import read_pbn
from scoring.formats.usebio import read_usebio


def test_fixture_values_parse_as_rules_types(
    club_pbn: str, mitchell_usebio: bytes
) -> None:
    """Every contract, lead, deal, dealer and vulnerability parses (Laws 2, 22)."""
    for results in (read_pbn(club_pbn), read_usebio(mitchell_usebio)):
        for line in results.results:
            if is_played(line.contract):
                assert line.declarer is not None
                contract = Contract.parse(line.contract + line.declarer)
                assert str(contract) == line.contract + line.declarer
            if line.lead is not None:
                assert str(Card.parse(line.lead)) == line.lead
        for board in results.boards:
            assert board.deal is not None
            assert str(Deal.from_pbn(board.deal)) == board.deal
            if board.dealer is not None:
                assert Seat.parse(board.dealer) == board.dealer
            if board.vulnerability is not None:
                assert Vulnerability(board.vulnerability) == board.vulnerability
