"""Swiss (and Danish) events: each round is a session paired from the standings.

Law 8A; the pairing itself is the pure ``movements.swiss`` (decision 0032).
This shell reads the overall standings and earlier meetings from the read
models, pairs the next round, and schedules it as an ordinary session: for
teams, each match has two tables (open and closed room, Law 86), for pairs one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from eventstore.store import AppendResult, Metadata
from scoring.bridge import publish
from scoring.standings import PairEntry, pair_standings
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.domain.movements.swiss import pair_danish, pair_swiss
from tournaments.domain.session_scoring import entry_of
from tournaments.models import SessionRow, StandingRow, TournamentRow
from tournaments.result_reads import IMP_PAIRS, rank_teams


def overall_standings(
    tid: UUID, sessions: Collection[int] | None = None
) -> list[dict[str, Any]]:
    """Standings over every session, or over the ``sessions`` named (the
    published ones, for a caller who may not see the others: decision 0105).

    Teams: total VPs with the FIGB tie-breaks over every match (N-L78 §5,
    ``rank_teams``). Pairs: total matchpoints over total tops (a percentage),
    as multi-session events add up, or total IMPs when scored in IMPs (Law
    78D); ties share a place (N-L78 §4). A Mitchell event ranks each direction
    apart when every session of it did and no pair changed direction
    (decision 0055), else one field.
    """
    kind = (
        TournamentRow.objects.filter(tournament_id=tid)
        .values_list("form", "scoring")
        .first()
    )
    if kind is None:
        return []  # not projected yet: nothing scored either
    form, scoring = kind
    totals: dict[int, dict[str, Any]] = defaultdict(
        lambda: {"vp": Decimal(0), "imps": 0, "mp": Decimal(0), "top": 0, "sessions": 0}
    )
    directions: dict[int, set[str]] = defaultdict(set)
    standings = StandingRow.objects.filter(tournament_id=tid)
    if sessions is not None:
        standings = standings.filter(session__in=sorted(sessions))
    for standing in standings:
        t = totals[standing.entry_number]
        t["sessions"] += 1
        t["vp"] += standing.vp or 0
        t["imps"] += standing.imps or 0
        t["mp"] += standing.matchpoints - standing.penalty
        t["top"] += standing.top
        directions[standing.entry_number].add(standing.direction)
    if form == tournament.Form.TEAMS.value:
        return _teams(tid, totals, sessions)
    by_direction = bool(directions) and all(
        len(seen) == 1 and "" not in seen for seen in directions.values()
    )
    imp_scored = scoring in IMP_PAIRS
    out = []
    for entry, t in totals.items():
        percent = (
            (t["mp"] * 100 / t["top"]).quantize(Decimal("0.01")) if t["top"] else None
        )
        direction = next(iter(directions[entry])) if by_direction else ""
        out.append(
            {"entry_number": entry, "direction": direction, **t, "percent": percent}
        )
    fields: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in out:
        fields[row["direction"]].append(row)
    ranked: list[dict[str, Any]] = []
    for direction in sorted(fields):
        rows = {r["entry_number"]: r for r in fields[direction]}
        for place in pair_standings(
            [
                PairEntry(
                    entry,
                    Fraction(row["mp"] if imp_scored else row["percent"] or 0),
                )
                for entry, row in sorted(rows.items())
            ]
        ):
            row = rows[place.participant]
            row["rank"], row["tied"] = place.rank, place.tied
            ranked.append(row)
    for row in ranked:
        row["vp"], row["mp"] = str(row["vp"]), str(row["mp"])
        row["percent"] = None if row["percent"] is None else str(row["percent"])
    return ranked


def _teams(
    tid: UUID, totals: dict[int, dict[str, Any]], sessions: Collection[int] | None
) -> list[dict[str, Any]]:
    """Teams ranked by net VPs and the FIGB tie-breaks (N-L78 §1/§5, N-L8)."""
    out = []
    for line in rank_teams(tid, sessions=sessions):
        entry = entry_of(line.participant)
        t = totals[entry]
        out.append(
            {
                "entry_number": entry,
                "direction": "",
                **t,
                "vp": str(publish(line.vp)),
                "vp_penalty": str(publish(line.vp_penalty)),
                "mp": str(t["mp"]),
                "percent": None,
                "rank": line.rank,
                "tied": line.tied,
                "criterion": line.criterion,
            }
        )
    return out


def schedule_next_round(
    tid: UUID,
    *,
    session: int,
    starts_at: datetime,
    ends_at: datetime,
    boards: tuple[int, ...],
    danish: bool,
    metadata: Metadata,
) -> AppendResult | None:
    """Pair the next round from the overall standings and schedule it."""
    state = handlers.load_tournament(tid)
    created = state.created
    if created is None:
        raise tournament.TournamentNotFound("no such tournament")
    teams = created.form is tournament.Form.TEAMS
    ranked = {r["entry_number"]: r for r in overall_standings(tid)}
    order = sorted(
        state.entries,
        key=lambda n: (ranked[n]["rank"], n) if n in ranked else (len(ranked) + 1, n),
    )

    def score(n: int) -> Fraction:
        if n not in ranked:
            return Fraction(0)
        return Fraction(ranked[n]["vp"] if teams else ranked[n]["percent"] or 0)

    standings = [(n, score(n)) for n in order]
    played: set[tuple[int, int]] = set()
    home: dict[int, int] = defaultdict(int)
    had_bye: set[int] = set()
    for row in SessionRow.objects.filter(tournament_id=tid):
        seated: set[int] = set()
        for a in row.assignments:
            if a["ns"] and a["ew"]:
                played.add((a["ns"], a["ew"]))
                seated.update((a["ns"], a["ew"]))
        had_bye.update(set(state.entries) - seated)
        for a in row.assignments[:: 2 if teams else 1]:
            home[a["ns"]] += 1
    pairing = (
        pair_danish(standings, had_bye=had_bye, home_counts=home)
        if danish
        else pair_swiss(standings, played=played, had_bye=had_bye, home_counts=home)
    )
    assignments: list[tournament.TableAssignment] = []
    for match in pairing.matches:
        first = 2 * match.table - 1 if teams else match.table
        assignments.append(
            tournament.TableAssignment(
                round=1, table=first, ns=match.home, ew=match.away, boards=boards
            )
        )
        if teams:  # the closed room: the same two teams the other way round
            assignments.append(
                tournament.TableAssignment(
                    round=1,
                    table=first + 1,
                    ns=match.away,
                    ew=match.home,
                    boards=boards,
                )
            )
    return handlers.handle_tournament(
        tid,
        tournament.ScheduleSession(
            session=session,
            movement="danish" if danish else "swiss",
            starts_at=starts_at,
            ends_at=ends_at,
            assignments=tuple(assignments),
        ),
        metadata=metadata,
    )
