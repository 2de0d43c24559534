"""A hand edit the file's own figures prove is named, and the figures it
moves follow it (decision 0152): an artificial line printed otherwise than
its worth, a board scored as if a line holding a played score were
artificial, a total that is not the sum of the file's board figures. The
fixture is edited in memory."""

from __future__ import annotations

import pytest

from tests.support.results_io import MITCHELL_XML
from tournaments.results_io import import_file

pytestmark = pytest.mark.django_db

CLEAN = MITCHELL_XML.read_bytes()


def edit(*changes: tuple[str, str]) -> bytes:
    text = CLEAN.decode("latin-1")
    for old, new in changes:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    return text.encode("latin-1")


def shown(data: bytes) -> list[str]:
    return [
        str(d)
        for d in import_file(
            data, "usebio", source="edited", settings={"averaged_boards": "neuberg"}
        ).differences
    ]


def test_the_clean_fixture_shows_no_difference() -> None:
    assert shown(CLEAN) == []


def test_an_artificial_line_printed_otherwise_is_a_hand_edit() -> None:
    """Law 12C2: A6040 is worth 2.4/1.6 on a top of 4; printed 3.0/1.0."""
    data = edit(
        (
            "<NS_MATCH_POINTS>2.4</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>1.6</EW_MATCH_POINTS>",
            "<NS_MATCH_POINTS>3.0</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>1.0</EW_MATCH_POINTS>",
        ),
    )
    reason = (
        "edited by hand: the artificial score A60/40 is printed as 3.0/1.0, "
        "not its worth (Law 12C2)"
    )
    assert shown(data) == [
        f"board 3 (2NS v 2EW) at table 2: MP NS: file 3.0, ours 2.40 ({reason})",
        f"board 3 (2NS v 2EW) at table 2: MP EW: file 1.0, ours 1.60 ({reason})",
    ]


def test_a_board_scored_without_a_played_line_names_it_and_the_rest_follow() -> None:
    """Board 1 scored as if 430 at table 1 were 50/50: the other two results
    are compared with each other and factored to three (Neuberg, Law 78A):
    400 gets (2 + 1) * 3 / 2 - 1 = 3.5, -50 gets 0.5."""
    data = edit(
        (
            "<SCORE>430</SCORE>\n    <NS_MATCH_POINTS>4</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>0</EW_MATCH_POINTS>",
            "<SCORE>430</SCORE>\n    <NS_MATCH_POINTS>2</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>2</EW_MATCH_POINTS>",
        ),
        (
            "<SCORE>400</SCORE>\n    <NS_MATCH_POINTS>2</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>2</EW_MATCH_POINTS>",
            "<SCORE>400</SCORE>\n    <NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>",
        ),
        (
            "<SCORE>-50</SCORE>\n    <NS_MATCH_POINTS>0</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>4</EW_MATCH_POINTS>",
            "<SCORE>-50</SCORE>\n    <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>3.5</EW_MATCH_POINTS>",
        ),
        # 1NS's total as the sum of the file's own figures: 2 + 2 + 0.5.
        ("<TOTAL_SCORE>6.5</TOTAL_SCORE>", "<TOTAL_SCORE>4.5</TOTAL_SCORE>"),
    )
    edited = (
        "edited by hand: the board is scored as if this line were an artificial "
        "score (2/2) while it prints the played score 430 (Law 12C2)"
    )
    follows = (
        "follows a figure edited by hand at table 1: the file scores the board "
        "without that line's result (Law 78A)"
    )
    lines = shown(data)
    assert lines[:6] == [
        f"board 1 (1NS v 1EW) at table 1: MP NS: file 2, ours 4.00 ({edited})",
        f"board 1 (1NS v 1EW) at table 1: MP EW: file 2, ours 0.00 ({edited})",
        f"board 1 (2NS v 3EW) at table 2: MP NS: file 3.5, ours 2.00 ({follows})",
        f"board 1 (2NS v 3EW) at table 2: MP EW: file 0.5, ours 2.00 ({follows})",
        f"board 1 (3NS v 2EW) at table 3: MP NS: file 0.5, ours 0.00 ({follows})",
        f"board 1 (3NS v 2EW) at table 3: MP EW: file 3.5, ours 4.00 ({follows})",
    ]
    assert (
        "ranking 1NS (entry 1): total: file 4.5, ours 6.50 (follows a figure "
        "edited by hand: the total adds the file's board figures)"
    ) in lines


def test_a_total_that_is_not_its_lines_sum_is_a_hand_edit() -> None:
    data = edit(("<TOTAL_SCORE>6.5</TOTAL_SCORE>", "<TOTAL_SCORE>7.5</TOTAL_SCORE>"))
    assert shown(data)[0] == (
        "ranking 1NS (entry 1): total: file 7.5, ours 6.50 (edited by hand: the "
        "total is not the sum of the file's own board figures (6.50))"
    )
