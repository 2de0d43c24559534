"""Public reads for the results site's teams, knockout, rulings and player pages.

Beside ``tournaments.selectors`` (decision 0113: the site reads the context
only through its selectors), in a module of its own (decision 0154). Each
function answers plain values in a fixed number of queries; who may see a
session's results is the one rule of decision 0105, asked here of
``selectors.session_results_visible`` (one session) or ``visible_sessions``
(the sessions of an event, as the API's bracket and overall standings).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from django.db import connection

from access.roles import AnyUser, is_director, is_federation_staff
from rules.errors import RuleViolation
from scoring.bridge import Artificial
from tournaments import handlers, knockout, swiss
from tournaments.domain import tournament
from tournaments.domain.board_result import parse_adjusted
from tournaments.domain.session_scoring import room_imps
from tournaments.models import (
    EntryRow,
    MatchRow,
    ResultRow,
    RulingRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)

__all__ = [
    "Adjusted",
    "BoardImps",
    "BracketMatch",
    "HistoryEntry",
    "MatchRow",
    "Ruling",
    "TeamMatch",
    "bracket",
    "overall_standings",
    "player_history",
    "rulings",
    "team_matches",
    "visible_sessions",
]


def visible_sessions(user: AnyUser, tournament_id: UUID) -> frozenset[int] | None:
    """The sessions whose results ``user`` may see across an event (the
    bracket, the overall standings): ``None`` for all (its directors and
    federation staff), else the published ones (decision 0105; from the
    tournament stream, so a publication counts at once)."""
    if is_federation_staff(user) or is_director(user, tournament_id):
        return None
    state = handlers.load_tournament(tournament_id)
    return frozenset(
        number
        for number, session in state.sessions.items()
        if tournament.hand_records_public(session)
    )


# -- team matches (Law 78B: IMPs per board; WBF VPs per match) -------------------


@dataclass(frozen=True, slots=True)
class BoardImps:
    """One board of a match: the two rooms' lines (``a_ns``: team A sat
    North-South; ``b_ns``: team B did) and the IMPs it gave each team."""

    board: int
    a_ns: ResultRow
    b_ns: ResultRow
    imps_a: int
    imps_b: int


@dataclass(frozen=True, slots=True)
class TeamMatch:
    row: MatchRow
    boards: list[BoardImps]


def team_matches(tournament_id: UUID, number: int) -> list[TeamMatch]:
    """A teams session's matches as scored, each with its boards' IMPs: the
    two rooms compared (Law 78B), an artificial score as its IMP equivalent
    (Law 12C2(b)), as the results projection scored them. Two queries."""
    results = ResultRow.objects.filter(tournament_id=tournament_id, session=number)
    rooms: dict[tuple[int, int, int], ResultRow] = {}  # (board, ns, ew) -> line
    for r in results.order_by("board_number", "table"):
        rooms.setdefault((r.board_number, r.ns, r.ew), r)
    out = []
    for match in MatchRow.objects.filter(
        tournament_id=tournament_id, session=number
    ).order_by("round", "team_a"):
        a, b = match.team_a, match.team_b
        boards = []
        for (board, ns, ew), a_ns in rooms.items():
            b_ns = rooms.get((board, b, a))
            if (ns, ew) != (a, b) or b_ns is None:
                continue
            imps = room_imps(_result(a_ns), _result(b_ns))
            boards.append(BoardImps(board, a_ns, b_ns, max(imps, 0), max(-imps, 0)))
        out.append(TeamMatch(match, sorted(boards, key=lambda x: x.board)))
    return out


def _result(row: ResultRow) -> Any:
    """What the board is scored on: the adjusted score, else the table's."""
    return parse_adjusted(row.adjusted) if row.adjusted else row.score_ns


def overall_standings(
    tournament_id: UUID, sessions: Collection[int] | None
) -> list[dict[str, Any]]:
    """The event's standings over ``sessions`` (None: all): the API's
    (teams: VPs with the FIGB tie-breaks, N-L78 §5)."""
    return swiss.overall_standings(tournament_id, sessions)


# -- knockout brackets (FIGB N-L78 §2c, decision 0059) ---------------------------


@dataclass(frozen=True, slots=True)
class BracketMatch:
    stage: int
    number: int
    home: int | None
    away: int | None
    winner: int | None
    bye: bool
    carry_over: Fraction
    # IMPs each side won over the match's visible sessions (None: unplayed).
    home_imps: int | None
    away_imps: int | None
    extra_boards: int | None


def bracket(
    tournament_id: UUID, sessions: Collection[int] | None
) -> tuple[int, int | None, list[BracketMatch]] | None:
    """A knockout's stages, champion and matches as the visible sessions
    decide them; None when the event has no knockout session."""
    stage_of = dict(
        SessionRow.objects.filter(
            tournament_id=tournament_id, movement__startswith=knockout.PREFIX
        ).values_list("session", "movement")
    )
    if not stage_of:
        return None
    try:
        data = knockout.bracket_json(tournament_id, sessions)
    except RuleViolation:
        return None
    shown = [s for s in stage_of if sessions is None or s in sessions]
    imps: dict[tuple[int, frozenset[int]], dict[int, int]] = {}
    for m in MatchRow.objects.filter(tournament_id=tournament_id, session__in=shown):
        stage = int(stage_of[m.session].removeprefix(knockout.PREFIX))
        tally = imps.setdefault((stage, frozenset((m.team_a, m.team_b))), {})
        tally[m.team_a] = tally.get(m.team_a, 0) + m.imps_a
        tally[m.team_b] = tally.get(m.team_b, 0) + m.imps_b
    matches = []
    for m in data["matches"]:
        home, away = m["home"], m["away"]
        scored = imps.get((m["stage"], frozenset((home, away))))
        matches.append(
            BracketMatch(
                m["stage"],
                m["number"],
                home,
                away,
                m["winner"],
                m["bye"],
                Fraction(m["carry_over"]),
                None if scored is None else scored.get(home, 0),
                None if scored is None else scored.get(away, 0),
                m["extra_boards"],
            )
        )
    return data["stages"], data["champion"], matches


# -- rulings (Laws 81-85) with their adjusted scores (Law 12C) -------------------


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An adjusted score as published: artificial (Law 12C2, each side's
    percentage) or assigned (Law 12C1, each side's outcomes, NS score and
    weight in percent)."""

    artificial: bool
    ns_percent: Decimal | None = None
    ew_percent: Decimal | None = None
    ns_outcomes: tuple[tuple[int, Decimal], ...] = ()
    ew_outcomes: tuple[tuple[int, Decimal], ...] = ()

    @property
    def split(self) -> bool:
        return self.ns_outcomes != self.ew_outcomes


def adjusted(text: str) -> Adjusted:
    score = parse_adjusted(text)
    if isinstance(score, Artificial):
        return Adjusted(True, _decimal(score.ns_percent), _decimal(score.ew_percent))
    return Adjusted(
        False,
        ns_outcomes=tuple(
            (o.ns_score, _decimal(o.weight * 100)) for o in score.ns_side
        ),
        ew_outcomes=tuple(
            (o.ns_score, _decimal(o.weight * 100)) for o in score.ew_side
        ),
    )


def _decimal(value: Fraction) -> Decimal:
    if value.denominator == 1:
        return Decimal(value.numerator)
    return (Decimal(value.numerator) / Decimal(value.denominator)).normalize()


@dataclass(frozen=True, slots=True)
class Ruling:
    row: RulingRow
    # The adjusted score the ruling's board and table carry now, if any.
    adjusted: Adjusted | None
    ns: int | None
    ew: int | None


def rulings(tournament_id: UUID, number: int) -> list[Ruling]:
    """A session's rulings in the order given, each with the adjusted score
    its board carries at its table (two queries)."""
    rows = list(
        RulingRow.objects.filter(tournament_id=tournament_id, session=number).order_by(
            "position"
        )
    )
    boards = {r.board_number for r in rows if r.board_number is not None}
    lines: dict[tuple[int | None, int | None], ResultRow] = {
        (r.board_number, r.table): r
        for r in ResultRow.objects.filter(
            tournament_id=tournament_id, session=number, board_number__in=boards
        )
    }
    out = []
    for r in rows:
        line = lines.get((r.board_number, r.table))
        out.append(
            Ruling(
                r,
                adjusted(line.adjusted) if line and line.adjusted else None,
                line.ns if line else None,
                line.ew if line else None,
            )
        )
    return out


# -- a player's history across events -------------------------------------------


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One event a player entered: his entry, and its standing in each session
    he may see (the others are listed as not published)."""

    event: TournamentRow
    entry: EntryRow
    sessions: list[SessionRow]
    standings: dict[int, StandingRow]


def player_history(player_id: str) -> list[HistoryEntry]:
    """Every event whose entries name ``player_id``, latest first, with the
    entry's session standings (four queries; the caller keeps only what the
    reader may see, by ``session_results_visible``)."""
    rows = EntryRow.objects.only("tournament_id", "number", "player_ids")
    if connection.vendor == "postgresql":
        # JSON containment in the database; SQLite cannot search in a JSON
        # list, so there every entry is read and filtered here.
        rows = rows.filter(player_ids__contains=[player_id])
    entries = [e for e in rows if player_id in e.player_ids]
    ids = {e.tournament_id for e in entries}
    events = {t.tournament_id: t for t in TournamentRow.objects.filter(pk__in=ids)}
    sessions: dict[UUID, list[SessionRow]] = {tid: [] for tid in ids}
    for s in SessionRow.objects.filter(tournament_id__in=ids).order_by("session"):
        sessions[s.tournament_id].append(s)
    mine = {(e.tournament_id, e.number) for e in entries}
    standings: dict[tuple[UUID, int], dict[int, StandingRow]] = {}
    for st in StandingRow.objects.filter(
        tournament_id__in=ids, entry_number__in={e.number for e in entries}
    ):
        if (st.tournament_id, st.entry_number) in mine:
            standings.setdefault((st.tournament_id, st.entry_number), {})[
                st.session
            ] = st
    out = [
        HistoryEntry(
            events[e.tournament_id],
            e,
            sessions[e.tournament_id],
            standings.get((e.tournament_id, e.number), {}),
        )
        for e in entries
        if e.tournament_id in events
    ]
    return sorted(out, key=lambda h: (h.event.starts_at, h.event.name), reverse=True)
