"""Other PBN readers understand what write_pbn writes.

endplay is used here only as an independent reader (the pure package never
imports it; decision 0025).
"""

from __future__ import annotations

from endplay.parsers import pbn as endplay_pbn

from scoring.formats.pbn import read_pbn, write_pbn


def test_endplay_reads_our_deals_and_tables(club_pbn: str) -> None:
    """Board numbers, deals and ScoreTable columns come through endplay."""
    results = read_pbn(club_pbn)
    boards = endplay_pbn.loads(write_pbn(results))
    dealt = [b for b in boards if b.board_num is not None]
    assert [b.board_num for b in dealt] == [1, 2, 3, 4]
    for board, record in zip(dealt, results.boards, strict=True):
        assert board.deal.to_pbn() == record.deal
        table = board.info["ScoreTable"]
        assert len(table["rows"]) == 3
