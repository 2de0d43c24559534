"""What the teams, knockout and rulings pages show (issue 17).

Read through ``tournaments.selectors`` and ``tournaments.page_selectors``
only (decisions 0113, 0154); who may see a session's results is the API's
rule (decision 0105): ``selectors.session_results_visible`` for one session,
``page_selectors.visible_sessions`` across an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from uuid import UUID

from access.roles import AnyUser
from results_site.pages import Entry, _entries, _entry, _session
from tournaments import page_selectors, selectors
from tournaments.page_selectors import BracketMatch, Ruling, TeamMatch
from tournaments.selectors import SessionRow, TournamentRow

__all__ = [
    "BracketPage",
    "MatchesPage",
    "RulingsPage",
    "StandingsPage",
    "bracket_page",
    "matches_page",
    "rulings_page",
    "standings_page",
]


def _seen_session(
    user: AnyUser, tournament_id: UUID, number: int
) -> tuple[TournamentRow, SessionRow, bool] | None:
    """The event's and the session's rows, and whether ``user`` may see its
    results (decision 0105); None when either does not exist."""
    found = _session(tournament_id, number)
    if found is None:
        return None
    visible = selectors.session_results_visible(user, tournament_id, number)
    return found[0], found[1], visible


@dataclass(frozen=True, slots=True)
class MatchView:
    match: TeamMatch
    team_a: Entry
    team_b: Entry


@dataclass(frozen=True, slots=True)
class MatchesPage:
    event: TournamentRow
    session: SessionRow
    visible: bool
    matches: list[MatchView] = field(default_factory=list)


def matches_page(user: AnyUser, tournament_id: UUID, number: int) -> MatchesPage | None:
    """A teams session's matches, board by board in IMPs, and their VPs."""
    found = _seen_session(user, tournament_id, number)
    if found is None:
        return None
    row, session, visible = found
    if not visible:
        return MatchesPage(row, session, visible=False)
    entries = _entries(selectors.entries(tournament_id))
    return MatchesPage(
        row,
        session,
        visible=True,
        matches=[
            MatchView(m, _entry(entries, m.row.team_a), _entry(entries, m.row.team_b))
            for m in page_selectors.team_matches(tournament_id, number)
        ],
    )


@dataclass(frozen=True, slots=True)
class OverallLine:
    rank: int
    tied: bool
    entry: Entry
    vp: Decimal
    imps: int
    sessions: int


@dataclass(frozen=True, slots=True)
class StandingsPage:
    event: TournamentRow
    sessions: list[SessionRow]
    # The sessions counted (the reader may see), of those the event has.
    counted: list[int]
    lines: list[OverallLine]


def standings_page(user: AnyUser, tournament_id: UUID) -> StandingsPage | None:
    """A teams event's standings over the sessions the reader may see: VPs
    with the FIGB tie-breaks (N-L78 §5), each team with its players."""
    row = selectors.tournament_row(tournament_id)
    if row is None or row.form != "teams":
        return None
    sessions = selectors.sessions([tournament_id])
    visible = page_selectors.visible_sessions(user, tournament_id)
    counted = [s.session for s in sessions if visible is None or s.session in visible]
    entries = _entries(selectors.entries(tournament_id))
    lines = [
        OverallLine(
            line["rank"],
            line["tied"],
            _entry(entries, line["entry_number"]),
            Decimal(line["vp"]),
            line["imps"],
            line["sessions"],
        )
        for line in page_selectors.overall_standings(tournament_id, visible)
    ]
    return StandingsPage(row, sessions, counted, lines)


@dataclass(frozen=True, slots=True)
class BracketSide:
    entry: Entry | None
    imps: int | None
    won: bool


@dataclass(frozen=True, slots=True)
class BracketMatchView:
    match: BracketMatch
    home: BracketSide
    away: BracketSide


@dataclass(frozen=True, slots=True)
class Stage:
    number: int
    # "final" | "semifinal" | "quarterfinal" | "" (then "Stage n")
    name: str
    matches: list[BracketMatchView]


@dataclass(frozen=True, slots=True)
class BracketPage:
    event: TournamentRow
    stages: list[Stage]
    champion: Entry | None


_STAGE_NAMES = {0: "final", 1: "semifinal", 2: "quarterfinal"}


def bracket_page(user: AnyUser, tournament_id: UUID) -> BracketPage | None:
    """A knockout's bracket as the sessions the reader may see decide it."""
    row = selectors.tournament_row(tournament_id)
    if row is None:
        return None
    found = page_selectors.bracket(
        tournament_id, page_selectors.visible_sessions(user, tournament_id)
    )
    if found is None:
        return None
    count, champion, matches = found
    entries = _entries(selectors.entries(tournament_id))

    def side(number: int | None, imps: int | None, winner: int | None) -> BracketSide:
        return BracketSide(
            None if number is None else _entry(entries, number),
            imps,
            number is not None and number == winner,
        )

    stages = [
        Stage(
            n,
            _STAGE_NAMES.get(count - n, ""),
            [
                BracketMatchView(
                    m,
                    side(m.home, m.home_imps, m.winner),
                    side(m.away, m.away_imps, m.winner),
                )
                for m in matches
                if m.stage == n
            ],
        )
        for n in range(1, count + 1)
    ]
    return BracketPage(
        row, stages, None if champion is None else _entry(entries, champion)
    )


@dataclass(frozen=True, slots=True)
class RulingView:
    ruling: Ruling
    ns: Entry | None
    ew: Entry | None


@dataclass(frozen=True, slots=True)
class RulingsPage:
    event: TournamentRow
    session: SessionRow
    visible: bool
    rulings: list[RulingView] = field(default_factory=list)


def rulings_page(user: AnyUser, tournament_id: UUID, number: int) -> RulingsPage | None:
    """A session's rulings with the adjusted scores they gave, once the
    session's results may be seen (an adjusted score is a result)."""
    found = _seen_session(user, tournament_id, number)
    if found is None:
        return None
    row, session, visible = found
    if not visible:
        return RulingsPage(row, session, visible=False)
    entries = _entries(selectors.entries(tournament_id))

    def entry(n: int | None) -> Entry | None:
        return None if n is None else _entry(entries, n)

    return RulingsPage(
        row,
        session,
        visible=True,
        rulings=[
            RulingView(r, entry(r.ns), entry(r.ew))
            for r in page_selectors.rulings(tournament_id, number)
        ],
    )
