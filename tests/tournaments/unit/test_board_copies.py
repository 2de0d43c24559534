"""A board's copies and their groups (Laws 2, 87A-B), pure."""

from __future__ import annotations

from tournaments.domain.tournament import BoardCopiesRecorded, CopyForm, copy_forms


def marked(name: str, dealer: str, vul: str, *tables: int) -> BoardCopiesRecorded:
    return BoardCopiesRecorded(
        session=1,
        board_number=19,
        copy=name,
        dealer=dealer,
        vulnerability=vul,
        tables=tables,
    )


def test_law_2s_form_is_the_correct_one_and_the_others_follow_by_name() -> None:
    # Board 19 = board 3 of the cycle: South deals, East-West vulnerable.
    forms = copy_forms(
        19,
        [
            marked("C", "S", "EW", 5),
            marked("B", "S", "All", 3, 4),
            marked("A", "N", "None", 1, 2),
            marked("D", "N", "None", 6),
        ],
    )
    assert forms == (
        CopyForm("A", "N", "None", (1, 2), conforms=False, group=1),
        CopyForm("B", "S", "All", (3, 4), conforms=False, group=2),
        CopyForm("C", "S", "EW", (5,), conforms=True, group=0),
        CopyForm("D", "N", "None", (6,), conforms=False, group=1),
    )


def test_without_law_2s_form_the_most_played_is_group_0() -> None:
    forms = copy_forms(19, [marked("A", "N", "None", 1), marked("B", "S", "All", 2, 3)])
    assert [(f.copy, f.group) for f in forms] == [("A", 1), ("B", 0)]
    tie = copy_forms(19, [marked("B", "S", "All", 2), marked("A", "N", "None", 1)])
    assert [(f.copy, f.group) for f in tie] == [("A", 0), ("B", 1)]


def test_copies_that_agree_are_one_group_even_off_law_2() -> None:
    forms = copy_forms(19, [marked("A", "W", "NS", 1), marked("B", "W", "NS", 2)])
    assert [(f.conforms, f.group) for f in forms] == [(False, 0), (False, 0)]
