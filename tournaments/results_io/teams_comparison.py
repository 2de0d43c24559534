"""Compare a teams file's figures with ours, and say why they differ.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 77 (table scores), Law 78B
(IMPs: a board's two rooms compared), Law 12C2(b) (an artificial score's IMP
equivalent); FIGB N-L78 §5 (WBF victory points, published to two decimals
per match). Decision 0179, after 0042 and 0128 for pairs.

Compared, each figure the file gives: per line the raw NS score and the
IMPs to each side; per match the IMPs each team won, its boards and its VPs;
per team its total VPs (the event's over every session) and its rank. Our
figures are the one pipeline's (``session_scoring`` over the read models,
decision 0075). A figure the file prints with fewer decimals is compared at
its precision. Every difference names its reason: a figure it follows, a
convention that reproduces it, a hand edit the file's own figures prove, or
none.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from uuid import UUID

from scoring.bridge.imps import team_board_imps
from scoring.bridge.vp import wbf_discrete_vp
from scoring.formats import RankingEntry, TournamentResults
from scoring.formats.conventions import Rounding, round_figure
from scoring.formats.model import MatchRecord
from scoring.formats.model import TableResult as FileResult
from tournaments.domain import board_result, session_scoring
from tournaments.domain.session_scoring import SessionFigures
from tournaments.models import ResultRow
from tournaments.result_reads import score_read_model, session_lines
from tournaments.result_rows import LINE_FIELDS
from tournaments.results_io.differences import (
    PENALTY,
    UNEXPLAINED,
    Difference,
    as_published,
    decimal_places,
)
from tournaments.results_io.plan import ImportPlan, PlannedTable, describe_line

__all__ = ["compare_teams", "room_imps_of"]

FOLLOWS_SCORE = "follows the score of a room of the board"
FOLLOWS_LINES = "follows the board IMPs"
FOLLOWS_IMPS = "follows the match IMPs"
FOLLOWS_VPS = "follows the match VPs"
FOLLOWS_TOTAL = "follows the total"


def _printed(value: Fraction, like: Decimal) -> Decimal:
    """Our figure at the file's precision, rounded once half up (0020)."""
    return round_figure(value, min(decimal_places(like), 2), Rounding.HALF_UP)


def room_imps_of(rows: Sequence[ResultRow]) -> dict[UUID, int]:
    """Each row's IMPs to the team sitting NS at its table (Law 78B): the two
    rooms of a board are the rows whose teams sit the other way round; an
    artificial score counts its IMP equivalent (Law 12C2(b))."""
    lines = {
        line.key: line
        for line in session_lines([[getattr(r, n) for n in LINE_FIELDS] for r in rows])
    }
    rooms: dict[tuple[frozenset[int], int], list[ResultRow]] = {}
    for row in sorted(rows, key=lambda r: r.table):
        rooms.setdefault((frozenset((row.ns, row.ew)), row.board_number), []).append(
            row
        )
    imps: dict[UUID, int] = {}
    for pair in rooms.values():
        if len(pair) != 2 or pair[0].ns != pair[1].ew:
            continue
        open_room, closed_room = pair
        first = lines[open_room.stream_id].result()
        second = lines[closed_room.stream_id].result()
        if first is None or second is None:
            continue
        net = session_scoring.room_imps(first, second)
        imps[open_room.stream_id] = net
        imps[closed_room.stream_id] = -net
    return imps


class _TeamsComparer:
    def __init__(self, plan: ImportPlan) -> None:
        self.plan = plan
        self.out: list[Difference] = []
        self.ids = {number: pid for pid, number in plan.entries.items()}
        # Per session: rows by stream id, our IMPs per row, the figures.
        self.rows: dict[int, dict[UUID, ResultRow]] = {}
        self.imps: dict[int, dict[UUID, int]] = {}
        self.figures: dict[int, SessionFigures] = {}
        for number in range(1, plan.sessions + 1):
            rows, figures = score_read_model(plan.tournament_id, number)
            self.rows[number] = {r.stream_id: r for r in rows}
            self.imps[number] = room_imps_of(rows)
            self.figures[number] = figures
        self.score_differs: set[tuple[int, int, frozenset[str]]] = set()
        self.line_differs: set[tuple[int, frozenset[str]]] = set()
        self.match_imps_differ: set[tuple[int, int, frozenset[str]]] = set()
        self.match_vps_differ: set[str] = set()

    def _where(self, session: int, text: str) -> str:
        return f"session {session}: {text}" if self.plan.sessions > 1 else text

    def _stream(self, table: PlannedTable) -> UUID:
        ref = table.ref
        return board_result.stream_id(
            ref.tournament_id, ref.session, ref.board_number, ref.table
        )

    # -- lines ---------------------------------------------------------------

    def lines(self) -> None:
        by_board: dict[tuple[int, int], list[PlannedTable]] = {}
        for table in self.plan.tables:
            by_board.setdefault((table.ref.session, table.ref.board_number), []).append(
                table
            )
        for table in self.plan.tables:
            line, session = table.line, table.ref.session
            row = self.rows[session].get(self._stream(table))
            where = self._where(
                session, f"{describe_line(line)} at table {table.ref.table}"
            )
            teams = frozenset((line.ns_id, line.ew_id))
            if row is None:
                continue
            if (
                line.score_ns is not None
                and row.score_ns is not None
                and line.score_ns != row.score_ns
            ):
                self.score_differs.add((session, line.board_number, teams))
                self.out.append(
                    Difference(
                        where,
                        "score NS",
                        str(line.score_ns),
                        str(row.score_ns),
                        f"Law 77: {row.score_ns} for {line.contract} "
                        f"by {line.declarer} making {line.tricks}",
                    )
                )
        for table in self.plan.tables:
            line, session = table.line, table.ref.session
            ours = self.imps[session].get(self._stream(table))
            where = self._where(
                session, f"{describe_line(line)} at table {table.ref.table}"
            )
            teams = frozenset((line.ns_id, line.ew_id))
            for what, theirs, sign in (
                ("IMPs NS", line.imp_ns, 1),
                ("IMPs EW", line.imp_ew, -1),
            ):
                if theirs is None:
                    continue
                mine = None if ours is None else sign * ours
                if mine is not None and theirs == mine:
                    continue
                self.line_differs.add((session, teams))
                room = by_board[(session, line.board_number)]
                self.out.append(
                    Difference(
                        where,
                        what,
                        str(theirs),
                        "none" if mine is None else str(mine),
                        self._line_reason(session, line, room),
                    )
                )

    def _line_reason(
        self,
        session: int,
        line: FileResult,
        rooms: list[PlannedTable],
    ) -> str:
        teams = frozenset((line.ns_id, line.ew_id))
        if (session, line.board_number, teams) in self.score_differs:
            return FOLLOWS_SCORE
        pair = [
            t.line for t in rooms if frozenset((t.line.ns_id, t.line.ew_id)) == teams
        ]
        if len(pair) == 2 and all(x.score_ns is not None for x in pair):
            first, second = pair
            scale = team_board_imps(first.score_ns or 0, second.score_ns or 0)
            expected = scale if line is first else -scale
            if (line.imp_ns is not None and line.imp_ns != expected) or (
                line.imp_ew is not None and line.imp_ew != -expected
            ):
                return (
                    f"edited by hand: the IMP scale gives {scale} for the file's "
                    f"own scores {first.score_ns} and {second.score_ns} (Law 78B)"
                )
        return UNEXPLAINED

    # -- matches -------------------------------------------------------------

    def _file_line_imps(
        self, session: int, match: MatchRecord
    ) -> tuple[int, int] | None:
        """The match's IMPs as the file's own board IMPs add them (Law 78B:
        each board's net, from its first line), None unless every line of the
        match carries them."""
        teams = frozenset((match.team_a, match.team_b))
        net: dict[int, int] = {}
        for table in self.plan.tables:
            line = table.line
            if table.ref.session != session or (
                frozenset((line.ns_id, line.ew_id)) != teams
            ):
                continue
            if line.imp_ns is None:
                return None
            to_a = int(line.imp_ns) if line.ns_id == match.team_a else -int(line.imp_ns)
            net.setdefault(line.board_number, to_a)
        if not net:
            return None
        return (
            sum(v for v in net.values() if v > 0),
            -sum(v for v in net.values() if v < 0),
        )

    def matches(self, sessions: Sequence[TournamentResults]) -> None:
        for number, results in enumerate(sessions, start=1):
            ours = {
                frozenset((self.ids[m.team_a], self.ids[m.team_b])): m
                for m in self.figures[number].matches
                if m.team_a in self.ids and m.team_b in self.ids
            }
            for match in results.matches:
                teams = frozenset((match.team_a, match.team_b))
                where = self._where(
                    number,
                    f"match {match.team_a} v {match.team_b} (round "
                    f"{match.round_number})",
                )
                mine = ours.get(teams)
                if mine is None:
                    self.out.append(
                        Difference(where, "match", "played", "not scored", UNEXPLAINED)
                    )
                    continue
                flipped = self.ids[mine.team_a] != match.team_a
                imps = (
                    (mine.imps_b, mine.imps_a)
                    if flipped
                    else (mine.imps_a, mine.imps_b)
                )
                vps = (mine.vp_b, mine.vp_a) if flipped else (mine.vp_a, mine.vp_b)
                key = (number, match.round_number, teams)
                if match.boards is not None and match.boards != mine.boards:
                    self.out.append(
                        Difference(
                            where,
                            "boards",
                            str(match.boards),
                            str(mine.boards),
                            UNEXPLAINED,
                        )
                    )
                file_sum = self._file_line_imps(number, match)
                for team, theirs, value in (
                    (match.team_a, match.imps_a, imps[0]),
                    (match.team_b, match.imps_b, imps[1]),
                ):
                    if theirs == value:
                        continue
                    self.match_imps_differ.add(key)
                    if (number, teams) in self.line_differs and file_sum == (
                        match.imps_a,
                        match.imps_b,
                    ):
                        reason = FOLLOWS_LINES
                    elif file_sum is not None and file_sum != (
                        match.imps_a,
                        match.imps_b,
                    ):
                        reason = (
                            "edited by hand: not the sum of the file's own board "
                            f"IMPs ({file_sum[0]}-{file_sum[1]})"
                        )
                    else:
                        reason = UNEXPLAINED
                    self.out.append(
                        Difference(
                            where, f"IMPs {team}", str(theirs), str(value), reason
                        )
                    )
                for team, theirs_vp, exact in (
                    (match.team_a, match.vp_a, vps[0]),
                    (match.team_b, match.vp_b, vps[1]),
                ):
                    if theirs_vp is None or theirs_vp == _printed(exact, theirs_vp):
                        continue
                    self.match_vps_differ.add(team)
                    margin = (
                        match.imps_a - match.imps_b
                        if team == match.team_a
                        else match.imps_b - match.imps_a
                    )
                    boards = match.boards or mine.boards
                    imp_penalty = sum(
                        p.amount
                        for p in results.penalties
                        if p.unit == "IMP"
                        and p.participant_id in teams
                        and p.round_number in (None, match.round_number)
                    )
                    if key in self.match_imps_differ:
                        reason = FOLLOWS_IMPS
                    elif imp_penalty:
                        # FIGB §2.1 rule 2: an IMP penalty comes off the
                        # penalised team's result; the file prints the VPs
                        # of the match as played.
                        reason = (
                            f"{PENALTY}: {imp_penalty} IMPs off this match "
                            "(FIGB §2.1 rule 2)"
                        )
                    elif boards and theirs_vp == wbf_discrete_vp(margin, boards):
                        reason = "the file uses the WBF discrete scale (whole VPs)"
                    else:
                        reason = UNEXPLAINED
                    self.out.append(
                        Difference(
                            where,
                            f"VPs {team}",
                            str(theirs_vp),
                            as_published(exact),
                            reason,
                        )
                    )

    # -- the teams -----------------------------------------------------------

    def teams(
        self,
        sessions: Sequence[TournamentResults],
        ranking: Sequence[RankingEntry],
    ) -> None:
        totals: dict[str, Fraction] = {}
        for figures in self.figures.values():
            for standing in figures.standings:
                pid = self.ids.get(standing.entry_number)
                if pid is not None and standing.vp is not None:
                    totals[pid] = totals.get(pid, Fraction(0)) + standing.vp
        if self.plan.sessions == 1:
            ranks = {
                self.ids[s.entry_number]: s.rank
                for s in self.figures[1].standings
                if s.entry_number in self.ids
            }
        else:
            ranks = {
                pid: 1 + sum(1 for other in totals.values() if other > total)
                for pid, total in totals.items()
            }
        file_vps: dict[str, Decimal] = {}
        for results in sessions:
            for match in results.matches:
                for team, vp in (
                    (match.team_a, match.vp_a),
                    (match.team_b, match.vp_b),
                ):
                    if vp is not None:
                        file_vps[team] = file_vps.get(team, Decimal(0)) + vp
        file_penalty: dict[str, Decimal] = {}
        for results in sessions:
            for penalty in results.penalties:
                if penalty.unit == "VP":
                    file_penalty[penalty.participant_id] = (
                        file_penalty.get(penalty.participant_id, Decimal(0))
                        + penalty.amount
                    )
        for team, vp_off in file_penalty.items():
            # Decision 0181: the file's total takes its VP penalties off.
            if team in file_vps:
                file_vps[team] -= vp_off
        for entry in ranking:
            pid = entry.participant_id
            where = f"team {pid} (entry {self.plan.entries[pid]})"
            total_differs = False
            ours = totals.get(pid)
            if (
                entry.total is not None
                and ours is not None
                and entry.total != _printed(ours, entry.total)
            ):
                total_differs = True
                if pid in self.match_vps_differ and file_vps.get(pid) == entry.total:
                    reason = FOLLOWS_VPS
                elif pid in file_penalty and (
                    file_vps.get(pid, Decimal(0)) + file_penalty[pid] == entry.total
                ):
                    reason = (
                        f"{PENALTY}: the file's total leaves out its "
                        f"{file_penalty[pid]} VP penalty"
                    )
                elif pid in file_vps and file_vps[pid] != entry.total:
                    reason = (
                        "edited by hand: the total is not the sum of the file's "
                        f"own match VPs ({file_vps[pid]})"
                    )
                else:
                    reason = UNEXPLAINED
                self.out.append(
                    Difference(
                        where,
                        "total VPs",
                        str(entry.total),
                        as_published(ours),
                        reason,
                    )
                )
            rank = ranks.get(pid)
            if rank is not None and entry.rank != rank:
                if total_differs:
                    reason = FOLLOWS_TOTAL
                elif entry.tied and self.plan.sessions == 1:
                    reason = (
                        "the file shares the place; the FIGB tie-breaks separate "
                        "equal VPs (N-L78 §5)"
                    )
                else:
                    reason = UNEXPLAINED
                self.out.append(
                    Difference(where, "rank", str(entry.rank), str(rank), reason)
                )


def compare_teams(
    sessions: Sequence[TournamentResults],
    ranking: Sequence[RankingEntry],
    plan: ImportPlan,
) -> list[Difference]:
    """List every figure of a teams file that ours does not reproduce.

    ``ranking`` is the event's (over every session of the file).
    """
    comparer = _TeamsComparer(plan)
    comparer.lines()
    comparer.matches(sessions)
    comparer.teams(sessions, ranking)
    return comparer.out
