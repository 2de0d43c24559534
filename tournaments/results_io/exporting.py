"""Export a session's results from the read models (decision 0040).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 2 (dealer and
vulnerability from the board number), Law 12C (adjusted scores), Law 78A.
"""

from __future__ import annotations

from uuid import UUID

from django.utils import timezone

from scoring.bridge import publish
from scoring.formats import (
    CompetitionForm,
    RankingEntry,
    ScoringMethod,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.json_export import write_json_sessions
from scoring.formats.model import tie_flags
from scoring.formats.usebio import write_usebio_sessions
from tournaments.domain import tournament
from tournaments.models import (
    SessionRow,
    TournamentRow,
)
from tournaments.result_reads import individual_seats
from tournaments.results_io.errors import ExportRefused
from tournaments.results_io.export_lines import (
    board_records,
    file_line,
    marked_vulnerabilities,
    participants_of,
    penalties_of,
    rules_of,
)
from tournaments.results_io.files import write_results
from tournaments.results_io.plan import FILE_TABLES, SYNTHETIC
from tournaments.results_io.scores import session_scores
from tournaments.results_io.teams_export import export_teams, export_teams_event

__all__ = ["export_file", "export_results"]


# The tournament's scoring as the file names it (Law 78A; 78D).
_METHODS: dict[str, ScoringMethod] = {
    tournament.ScoringMethod.MATCHPOINTS.value: ScoringMethod.MATCHPOINTS,
    tournament.ScoringMethod.IMPS_BUTLER.value: ScoringMethod.BUTLER,
    tournament.ScoringMethod.CROSS_IMPS.value: ScoringMethod.CROSS_IMPS,
}


def export_results(
    tournament_id: UUID, session: int | None = None, *, names: bool = True
) -> tuple[TournamentResults, tuple[str, ...]]:
    """Build the interchange model of one session from the read models.

    Decision 0040. Participants are entry numbers; with ``names``, each
    registered player's name and federation number from the register (never
    from events, which hold ids only); the deals of the session's hand
    records; a teams session with its matches (``teams_export``). The venue
    is not recorded.
    Returns the model and notes on what was left out.
    """
    row = TournamentRow.objects.filter(tournament_id=tournament_id).first()
    if row is None:
        raise tournament.TournamentNotFound("no such tournament")
    forms = (tournament.Form.PAIRS, tournament.Form.INDIVIDUAL)
    method = _METHODS.get(row.scoring)
    teams = (
        row.form == tournament.Form.TEAMS
        and row.scoring == tournament.ScoringMethod.TEAMS_IMPS_VP.value
    )
    if not teams and (row.form not in forms or method is None):
        raise ExportRefused(
            "only matchpointed, Butler and cross-IMP pairs, individual events "
            f"and teams scored in IMPs and VPs can be exported, not {row.form} "
            f"scored in {row.scoring}"
        )
    imps = method is not ScoringMethod.MATCHPOINTS
    individual = row.form == tournament.Form.INDIVIDUAL
    sessions = {
        s.session: s for s in SessionRow.objects.filter(tournament_id=tournament_id)
    }
    if session is None:
        if len(sessions) != 1:
            raise ExportRefused(
                f"the tournament has {len(sessions)} sessions: choose one"
            )
        session = next(iter(sessions))
    chosen = sessions.get(session)
    if chosen is None:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    if teams:
        return export_teams(row, chosen, names=names)
    assert method is not None
    scored = session_scores(tournament_id, session)
    # Individual events: (board, table) -> North, East, South, West (Law 4).
    seats = individual_seats(tournament_id, session) if individual else {}
    directions = {n: s.direction for n, s in scored.standings.items() if s.direction}
    ids, participants = participants_of(tournament_id, directions, names=names)
    rounds = {
        (a["table"], board): a["round"]
        for a in chosen.assignments
        for board in a["boards"]
    }
    notes: list[str] = []
    lines = []
    data: dict[int, int] = {}  # each Butler board's datum (Law 78D)
    for result in sorted(scored.rows.values(), key=lambda r: (r.board_number, r.table)):
        place: tuple[int | None, int | None] = (None, None)
        if chosen.movement not in (SYNTHETIC, FILE_TABLES):
            place = (rounds.get((result.table, result.board_number)), result.table)
        elif chosen.movement == FILE_TABLES:
            place = (None, result.table)
        seated = seats.get((result.board_number, result.table), ())
        if any(c not in ids for c in seated or (result.ns, result.ew)):
            notes.append(
                f"board {result.board_number} table {result.table}: "
                f"a {'seat' if seated else 'pair'} not entered (a phantom), left out"
            )
            continue
        players = (
            (ids[seated[0]], ids[seated[1]], ids[seated[2]], ids[seated[3]])
            if seated
            else None
        )
        figures = scored.line.get(result.stream_id)
        line = file_line(result, ids, place, figures, players, imps=imps)
        if figures is not None and figures.datum is not None:
            data[result.board_number] = figures.datum
        if line is None:
            notes.append(
                f"board {result.board_number} table {result.table}: "
                "neither played nor adjusted, left out"
            )
            continue
        if line.weighted is not None:
            notes.append(
                f"board {result.board_number} table {result.table}: a weighted or "
                "split assigned score (Law 12C1): the JSON carries it; PBN and "
                "USEBIO carry the table result it replaced and its figures"
            )
        if result.group:
            notes.append(
                f"board {result.board_number} table {result.table}: fouled-board "
                f"group {result.group} (Law 87) is not carried by the file"
            )
        lines.append(line)
    played = {line.board_number for line in lines}
    boards = board_records(
        tournament_id,
        session,
        played,
        data,
        marked_vulnerabilities(
            (r for r in scored.rows.values() if r.board_number in played), notes
        ),
    )
    ranking = tuple(
        RankingEntry(
            participant_id=ids[s.entry_number],
            rank=s.rank,
            tied=s.tied,
            total=publish(s.net),
            percentage=None if imps else publish(s.percent),
        )
        for s in sorted(
            scored.standings.values(),
            key=lambda s: (s.direction, s.rank, s.entry_number),
        )
    )
    header = TournamentHeader(
        name=row.name,
        date=timezone.localtime(chosen.starts_at).date(),
        form=CompetitionForm.INDIVIDUAL if individual else CompetitionForm.PAIRS,
        scoring=method,
        rules=rules_of(row),
    )
    model = TournamentResults(
        header=header,
        participants=participants,
        boards=boards,
        results=tuple(lines),
        ranking=tie_flags(ranking, participants),
        penalties=penalties_of(tournament_id, session, ids),
    )
    return model, tuple(notes)


def export_file(
    tournament_id: UUID,
    session: int | None,
    fmt: str,
    *,
    names: bool,
    usebio_version: str = "1.2",
) -> tuple[str, tuple[str, ...]]:
    """One session as a results file; a teams event of several sessions with
    no session chosen as one USEBIO or JSON file of them all (decision 0179;
    PBN has no place for sessions)."""
    several = (
        session is None
        and fmt in ("usebio", "json")
        and TournamentRow.objects.filter(
            tournament_id=tournament_id, form=tournament.Form.TEAMS.value
        ).exists()
        and SessionRow.objects.filter(tournament_id=tournament_id).count() > 1
    )
    if several:
        sessions, ranking, notes = export_teams_event(tournament_id, names=names)
        if fmt == "json":
            return write_json_sessions(sessions, ranking), notes
        return write_usebio_sessions(sessions, ranking, version=usebio_version), notes
    results, notes = export_results(tournament_id, session, names=names)
    return write_results(results, fmt, usebio_version=usebio_version), notes
