"""Export a teams session from the read models (issue 15; decision 0153).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78B (IMPs: the two results
of a board in the open and the closed room), Law 86 (team events); FIGB
N-L78 §5 (WBF victory points, published to two decimals per match).

Each traveller line keeps its round and table; a board's IMPs are written on
both of its rooms' lines, to the team sitting NS there (the open room's NS
gains what the closed room's NS loses). The matches come from the one
scoring pipeline (``session_scoring``: IMPs, boards, VPs), the ranking from
``rank_teams`` with the FIGB tie-breaks, as the standings show them.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from uuid import UUID

from django.utils import timezone

from scoring.bridge import publish
from scoring.bridge.imps import team_board_imps
from scoring.formats import (
    CompetitionForm,
    MatchRecord,
    RankingEntry,
    ScoringMethod,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats import TableResult as FileResult
from scoring.formats.model import tie_flags
from tournaments.domain import tournament
from tournaments.models import ResultRow, SessionRow, TournamentRow
from tournaments.result_reads import score_read_model
from tournaments.results_io.errors import ExportRefused
from tournaments.results_io.export_lines import (
    board_records,
    file_line,
    marked_vulnerabilities,
    participants_of,
    penalties_of,
    rules_of,
)

__all__ = ["export_teams", "export_teams_event"]


def _board_imps(rows: list[ResultRow]) -> dict[int, int]:
    """Each row's IMPs to the team sitting NS at its table (Law 78B): the two
    rooms of a board are the rows whose teams sit the other way round."""
    rooms: dict[tuple[frozenset[int], int], list[ResultRow]] = {}
    for row in sorted(rows, key=lambda r: r.table):
        rooms.setdefault((frozenset((row.ns, row.ew)), row.board_number), []).append(
            row
        )
    imps: dict[int, int] = {}
    for pair in rooms.values():
        if len(pair) != 2 or pair[0].ns != pair[1].ew:
            continue
        open_room, closed_room = pair
        if open_room.score_ns is None or closed_room.score_ns is None:
            continue  # an artificial score's IMPs are not a line's figure
        net = team_board_imps(open_room.score_ns, closed_room.score_ns)
        imps[open_room.id] = net
        imps[closed_room.id] = -net
    return imps


def export_teams(
    row: TournamentRow, chosen: SessionRow, *, names: bool
) -> tuple[TournamentResults, tuple[str, ...]]:
    """The interchange model of one teams session, with its matches."""
    tid = UUID(str(row.tournament_id))
    rows, figures = score_read_model(tid, chosen.session)
    ids, participants = participants_of(tid, {}, names=names, teams=True)
    rounds = {
        (a["table"], board): a["round"]
        for a in chosen.assignments
        for board in a["boards"]
    }
    imps = _board_imps(rows)
    notes: list[str] = []
    lines: list[FileResult] = []
    for result in sorted(rows, key=lambda r: (r.board_number, r.table)):
        if result.ns not in ids or result.ew not in ids:
            notes.append(
                f"board {result.board_number} table {result.table}: a team not "
                "entered, left out"
            )
            continue
        place = (rounds.get((result.table, result.board_number)), result.table)
        line = file_line(result, ids, place, None)
        if line is None:
            notes.append(
                f"board {result.board_number} table {result.table}: "
                "neither played nor adjusted, left out"
            )
            continue
        gained = imps.get(result.id)
        if gained is not None:
            line = replace(line, imp_ns=Decimal(gained), imp_ew=Decimal(-gained))
        lines.append(line)
    matches = tuple(
        MatchRecord(
            round_number=m.round,
            team_a=ids[m.team_a],
            team_b=ids[m.team_b],
            boards=m.boards,
            imps_a=m.imps_a,
            imps_b=m.imps_b,
            vp_a=publish(m.vp_a),
            vp_b=publish(m.vp_b),
        )
        for m in figures.matches
        if m.round >= 1 and m.team_a in ids and m.team_b in ids
    )
    ranking = tuple(
        RankingEntry(
            participant_id=ids[s.entry_number],
            rank=s.rank,
            tied=s.tied,
            total=None if s.vp is None else publish(s.vp),
        )
        for s in sorted(figures.standings, key=lambda s: (s.rank, s.entry_number))
        if s.entry_number in ids
    )
    model = TournamentResults(
        header=TournamentHeader(
            name=row.name,
            date=timezone.localtime(chosen.starts_at).date(),
            form=CompetitionForm.TEAMS,
            scoring=ScoringMethod.IMPS,
            rules=rules_of(row),
        ),
        participants=participants,
        boards=board_records(
            tid,
            chosen.session,
            {line.board_number for line in lines},
            vulnerabilities=marked_vulnerabilities(rows, notes),
        ),
        results=tuple(lines),
        ranking=tie_flags(ranking, participants),
        matches=matches,
        penalties=penalties_of(tid, chosen.session, ids),
    )
    return model, tuple(notes)


def export_teams_event(
    tournament_id: UUID, *, names: bool
) -> tuple[tuple[TournamentResults, ...], tuple[RankingEntry, ...], tuple[str, ...]]:
    """Every session of a teams event, in order, and the event's ranking:
    each team's VPs over the sessions, highest first, equal totals sharing a
    place (decision 0179)."""
    row = TournamentRow.objects.filter(tournament_id=tournament_id).first()
    if row is None:
        raise tournament.TournamentNotFound("no such tournament")
    sessions = []
    notes: list[str] = []
    for chosen in SessionRow.objects.filter(tournament_id=tournament_id).order_by(
        "session"
    ):
        model, noted = export_teams(row, chosen, names=names)
        sessions.append(model)
        notes.extend(f"session {chosen.session}: {n}" for n in noted)
    if not sessions:
        raise ExportRefused("the tournament has no session")
    totals: dict[str, Decimal] = {}
    for model in sessions:
        for entry in model.ranking:
            if entry.total is not None:
                totals[entry.participant_id] = (
                    totals.get(entry.participant_id, Decimal(0)) + entry.total
                )
    ranking = tuple(
        RankingEntry(
            participant_id=pid,
            rank=1 + sum(1 for other in totals.values() if other > total),
            total=total,
        )
        for pid, total in sorted(totals.items(), key=lambda item: -item[1])
    )
    return tuple(sessions), tie_flags(ranking, sessions[0].participants), tuple(notes)
