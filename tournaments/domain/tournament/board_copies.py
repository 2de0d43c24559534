"""Boards as physical copies: their markings are data (Laws 2, 87A).

Law 2: a board whose dealer or vulnerability differs from the table should
not be used; if one is used anyway, its markings apply for that session.
Law 87A: a board is fouled when the dealer or the vulnerability differed
between copies of the same board and contestants who should have compared
scores did not play it in identical form. A copy marked against Law 2 but
agreeing with every other copy is therefore not fouled (decision 0162).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.bridge import Seat, Vulnerability, dealer_for, vulnerability_for
from rules.errors import LawRef
from tournaments.domain.tournament.commands import RecordBoardCopy
from tournaments.domain.tournament.errors import InvalidBoardCopy
from tournaments.domain.tournament.events import BoardCopiesRecorded, TournamentEvent
from tournaments.domain.tournament.state import SessionState

__all__ = ["CopyForm", "board_forms", "copy_forms", "fouled", "record_board_copy"]


@dataclass(frozen=True, slots=True)
class CopyForm:
    """One copy of a board, its markings, and the group its tables score in.

    ``group`` 0 is the correct form (Law 87B); a copy in another group
    differs from it. ``conforms``: the markings are Law 2's for the number.
    """

    copy: str
    dealer: str
    vulnerability: str
    tables: tuple[int, ...]
    conforms: bool
    group: int


def copy_forms(
    board_number: int, copies: Iterable[BoardCopiesRecorded]
) -> tuple[CopyForm, ...]:
    """The copies of one board, each with its group (Law 87B's forms).

    Copies that agree score together (group 0), Law 2's markings or not.
    When they differ, the form with Law 2's markings is the correct one
    (group 0); without it, the form played at the most tables (on a tie,
    the first copy by name). The other forms take groups 1, 2, ... by their
    first copy's name.
    """
    ordered = sorted(copies, key=lambda c: c.copy)
    law2 = (dealer_for(board_number).value, vulnerability_for(board_number).value)
    tables: dict[tuple[str, str], int] = {}
    for c in ordered:
        mark = (c.dealer, c.vulnerability)
        tables[mark] = tables.get(mark, 0) + len(c.tables)
    marks = list(tables)  # in first-copy order
    # Law 2's form, else the most played (max keeps the first on a tie).
    correct = law2 if law2 in tables else max(marks, key=lambda m: tables[m])
    groups = {correct: 0}
    for mark in marks:
        groups.setdefault(mark, len(groups))
    return tuple(
        CopyForm(
            copy=c.copy,
            dealer=c.dealer,
            vulnerability=c.vulnerability,
            tables=c.tables,
            conforms=(c.dealer, c.vulnerability) == law2,
            group=groups[(c.dealer, c.vulnerability)],
        )
        for c in ordered
    )


def board_forms(session: SessionState, board_number: int) -> tuple[CopyForm, ...]:
    """The recorded copies of one board of the session, with their groups."""
    return copy_forms(
        board_number,
        [c for (b, _), c in session.board_copies.items() if b == board_number],
    )


def fouled(forms: tuple[CopyForm, ...]) -> bool:
    """Whether the copies differ in dealer or vulnerability (Law 87A)."""
    return len({f.group for f in forms}) > 1


def record_board_copy(
    session: SessionState, command: RecordBoardCopy
) -> list[TournamentEvent]:
    """Check one copy's markings and the tables that played it.

    The board is one the session plays (Law 8A), each table plays it there
    (Law 15), and no table played two copies of it. The same record again
    changes nothing; another record of the copy replaces it.
    """
    board = command.board_number
    if board not in session.board_numbers:
        raise InvalidBoardCopy(
            f"board {board} is not played in session {session.number}",
            law=LawRef("8A"),
        )
    copy = command.copy.strip()
    if not copy:
        raise InvalidBoardCopy("a copy is named", law=LawRef("2"), field="copy")
    try:
        dealer = Seat.parse(command.dealer).value
        vulnerability = Vulnerability.parse(command.vulnerability).value
    except ValueError as error:
        raise InvalidBoardCopy(str(error), law=LawRef("2")) from None
    tables = tuple(sorted(set(command.tables)))
    if not tables:
        raise InvalidBoardCopy(
            "a copy names the tables that played it", law=LawRef("2"), field="tables"
        )
    for table in tables:
        if session.seating(board, table) is None:
            raise InvalidBoardCopy(
                f"board {board} is not played at table {table} in this session",
                law=LawRef("15"),
                field="tables",
            )
    for (number, other), recorded in session.board_copies.items():
        clash = set(tables) & set(recorded.tables)
        if number == board and other != copy and clash:
            raise InvalidBoardCopy(
                f"table {min(clash)} played copy {other!r} of board {board}",
                law=LawRef("87A"),
                field="tables",
            )
    event = BoardCopiesRecorded(
        session=session.number,
        board_number=board,
        copy=copy,
        dealer=dealer,
        vulnerability=vulnerability,
        tables=tables,
    )
    if session.board_copies.get((board, copy)) == event:
        return []
    return [event]
