"""The movement an imported file implies (decision 0041): the file's own
rounds and tables when they make a valid movement (Law 8: one NS and one EW
contestant a table, nobody at two tables in a round, a board once a table;
teams once each way, Law 86), else one round per board, or for teams the
matches playing the same boards as a round at two tables each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.formats import TableResult as FileResult
from tournaments.domain import tournament

__all__ = ["EXPLICIT", "FILE_TABLES", "SYNTHETIC", "assignments_of", "seated"]

EXPLICIT = "explicit"  # the file's rounds and tables
FILE_TABLES = "synthetic-rounds"  # the file's tables, one round per board
SYNTHETIC = "synthetic"  # neither: one round per board, tables in file order


def seated(line: FileResult, entries: Mapping[str, int]) -> tuple[int, ...]:
    """The entries at the line's table: NS and EW pairs, or an individual's
    North, East, South and West (Law 4)."""
    if line.players is not None:
        return tuple(entries[p] for p in line.players)
    return entries[line.ns_id], entries[line.ew_id]


def _file_movement_holds(
    lines: Sequence[FileResult], entries: Mapping[str, int], teams: bool = False
) -> bool:
    """Return whether the file's own rounds and tables make a valid movement.

    Law 8: each table of a round seats one NS and one EW pair, no pair sits at
    two tables in a round, and a board is played once at a table (its stream
    is keyed by board and table).
    """
    seating: dict[tuple[int, int], tuple[int, ...]] = {}
    boards_at: set[tuple[int, int]] = set()
    sitting: dict[tuple[int, int, str], tuple[int, int]] = {}
    for line in lines:
        if line.round_number is None or line.table_number is None:
            return False
        key = (line.round_number, line.table_number)
        pairs = seated(line, entries)
        if seating.setdefault(key, pairs) != pairs:
            return False
        if (line.board_number, line.table_number) in boards_at:
            return False
        boards_at.add((line.board_number, line.table_number))
        sides = ("NS", "EW", "NS", "EW") if len(pairs) == 4 else ("NS", "EW")
        for pair, side in zip(pairs, sides, strict=True):
            # Law 86: a team sits in both rooms of its match, once each way.
            at = (line.round_number, pair, side if teams else "")
            if sitting.setdefault(at, key) != key:
                return False
    return True


def _team_places(lines: Sequence[FileResult]) -> list[tuple[int, int]]:
    """Each line's (round, table) in a teams file that gives none usable.

    Law 86: a match is the two teams' lines; the matches that play the same
    boards are one round (in board order); in a round, match k takes tables
    2k - 1 (its first team NS, the open room) and 2k (decision 0179).
    """
    boards: dict[frozenset[str], set[int]] = {}
    for line in lines:
        boards.setdefault(frozenset((line.ns_id, line.ew_id)), set()).add(
            line.board_number
        )
    played = sorted({tuple(sorted(b)) for b in boards.values()})
    round_of = {m: played.index(tuple(sorted(b))) + 1 for m, b in boards.items()}
    first: dict[frozenset[str], str] = {}
    for line in lines:
        first.setdefault(frozenset((line.ns_id, line.ew_id)), line.ns_id)
    in_round: dict[int, list[frozenset[str]]] = {}
    for match in sorted(boards, key=lambda m: min(m)):
        in_round.setdefault(round_of[match], []).append(match)
    places = []
    for line in lines:
        match = frozenset((line.ns_id, line.ew_id))
        index = in_round[round_of[match]].index(match)
        table = 2 * index + (1 if line.ns_id == first[match] else 2)
        places.append((round_of[match], table))
    return places


def assignments_of(
    lines: Sequence[FileResult], entries: Mapping[str, int], teams: bool = False
) -> tuple[tuple[tournament.TableAssignment, ...], list[tuple[int, int]], str]:
    """Return the session's assignments, each line's (round, table) and the label."""
    if _file_movement_holds(lines, entries, teams):
        places = [(line.round_number or 0, line.table_number or 0) for line in lines]
        movement = EXPLICIT
    elif teams:
        places = _team_places(lines)
        movement = SYNTHETIC
    else:
        # One round per board (so no pair sits twice in a round), decision 0041.
        order = {n: i for i, n in enumerate(sorted({x.board_number for x in lines}), 1)}
        tables = [line.table_number for line in lines]
        per_board = [(line.board_number, line.table_number) for line in lines]
        if None not in tables and len(set(per_board)) == len(per_board):
            places = [(order[x.board_number], x.table_number or 0) for x in lines]
            movement = FILE_TABLES
        else:
            counter: dict[int, int] = {}
            places = []
            for line in lines:
                counter[line.board_number] = counter.get(line.board_number, 0) + 1
                places.append((order[line.board_number], counter[line.board_number]))
            movement = SYNTHETIC
    grouped: dict[tuple[int, int], tuple[tuple[int, ...], list[int]]] = {}
    for line, place in zip(lines, places, strict=True):
        at_table = (seated(line, entries), list[int]())
        grouped.setdefault(place, at_table)[1].append(line.board_number)
    assignments = tuple(
        tournament.TableAssignment(
            round=r,
            table=t,
            ns=at[0],
            ew=at[1],
            boards=tuple(sorted(boards)),
            # Law 4: an individual table seats four players, N E S W.
            players=at if len(at) == 4 else (),
        )
        for (r, t), (at, boards) in sorted(grouped.items())
    )
    return assignments, places, movement
