"""What each page shows, read through the contexts' public selectors.

The views stay thin: each calls one function here, which reads the results
read models (``tournaments.selectors``) and the register's public face of the
players (``registry.boundary``) in a fixed number of queries, and answers
plain values for the template. No rule is decided here that the contexts
decide: who may see results is ``tournaments.selectors.session_results_visible``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import UUID

from django.utils import timezone

from access.roles import AnyUser
from registry.boundary import PublicPerson, players_matching_club, public_people
from tournaments import selectors
from tournaments.selectors import (
    EntryRow,
    ResultRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)

__all__ = [
    "BoardPage",
    "Diagram",
    "EventPage",
    "EventsPage",
    "RecapPage",
    "ScoreCardPage",
    "SessionPage",
    "board_page",
    "event_page",
    "events_page",
    "recap_page",
    "score_card_page",
    "session_page",
]

# An event is "current" from its start until this long after its last
# session's end; "past" after.
CURRENT_FOR = timedelta(hours=12)
_DIRECTIONS = {"": 0, "NS": 1, "EW": 2}


@dataclass(frozen=True, slots=True)
class Entry:
    """A pair, team or player of an event, as the public may see it."""

    number: int
    people: tuple[PublicPerson, ...]


@dataclass(frozen=True, slots=True)
class EventCard:
    row: TournamentRow
    sessions: list[SessionRow]
    when: str  # "current" | "upcoming" | "past"


@dataclass(frozen=True, slots=True)
class EventsPage:
    current: list[EventCard]
    upcoming: list[EventCard]
    past: list[EventCard]
    text: str
    club: str
    day: str


@dataclass(frozen=True, slots=True)
class EventPage:
    row: TournamentRow
    sessions: list[SessionRow]
    entries: list[Entry]


@dataclass(frozen=True, slots=True)
class Standing:
    row: StandingRow
    entry: Entry


@dataclass(frozen=True, slots=True)
class SessionPage:
    event: TournamentRow
    session: SessionRow
    visible: bool
    # One ranking per direction (a Mitchell's NS and EW), else one with "".
    rankings: list[tuple[str, list[Standing]]] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    in_vp: bool = False  # teams: IMPs and victory points, not matchpoints


@dataclass(frozen=True, slots=True)
class Line:
    """One result of a traveller or a score card, with both sides' entries."""

    row: ResultRow
    ns: Entry
    ew: Entry


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board of a score card, from the entry's side."""

    row: ResultRow
    direction: str  # "NS" | "EW"
    opponents: Entry
    score: int | None
    matchpoints: Decimal | None


def card_line(row: ResultRow, entry: int, entries: dict[int, Entry]) -> CardLine:
    if row.ns == entry:
        return CardLine(row, "NS", _entry(entries, row.ew), row.score_ns, row.mp_ns)
    score = None if row.score_ns is None else -row.score_ns
    return CardLine(row, "EW", _entry(entries, row.ns), score, row.mp_ew)


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand of a diagram: its seat and its suits, spades to clubs, each
    as (suit letter S/H/D/C, PBN ranks high to low, "" for a void)."""

    seat: str
    suits: list[tuple[str, str]]
    vulnerable: bool
    dealer: bool


@dataclass(frozen=True, slots=True)
class Diagram:
    """A board's deal as the classic four-hand diagram, with the double-dummy
    table (one row per declarer, one column per denomination) and par."""

    board: int
    dealer: str
    vulnerability: str  # PBN: None, NS, EW, All
    north: HandView
    west: HandView
    east: HandView
    south: HandView
    # Declarer -> tricks in NT, S, H, D, C; empty until the deal is analysed.
    tricks: list[tuple[str, list[int]]] = field(default_factory=list)
    par_score: int | None = None
    par_contracts: tuple[str, ...] = ()
    columns: tuple[str, ...] = ("NT", "S", "H", "D", "C")


# The double-dummy table's columns and rows, as bridge writers lay it out.
DD_COLUMNS = ("NT", "S", "H", "D", "C")
DD_ROWS = ("N", "S", "E", "W")
_VULNERABLE = {"None": "", "NS": "NS", "EW": "EW", "All": "NSEW"}


def diagram(deal: selectors.BoardDeal) -> Diagram:
    vulnerable = _VULNERABLE.get(deal.vulnerability, "")

    def hand(seat: str) -> HandView:
        suits = list(zip("SHDC", deal.hands[seat], strict=True))
        return HandView(seat, suits, seat in vulnerable, seat == deal.dealer)

    tricks = (
        [(seat, [deal.tricks[d][seat] for d in DD_COLUMNS]) for seat in DD_ROWS]
        if deal.tricks is not None
        else []
    )
    return Diagram(
        deal.board_number,
        deal.dealer,
        deal.vulnerability,
        hand("N"),
        hand("W"),
        hand("E"),
        hand("S"),
        tricks,
        deal.par_score,
        deal.par_contracts,
    )


@dataclass(frozen=True, slots=True)
class BoardPage:
    event: TournamentRow
    session: SessionRow
    board: int
    visible: bool
    lines: list[Line] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    # The deal, once the reader may see the hand records (else None).
    deal: Diagram | None = None


@dataclass(frozen=True, slots=True)
class ScoreCardPage:
    event: TournamentRow
    session: SessionRow
    entry: Entry
    visible: bool
    lines: list[CardLine] = field(default_factory=list)
    standing: StandingRow | None = None


def _entries(rows: Iterable[EntryRow]) -> dict[int, Entry]:
    rows = list(rows)
    people = public_people(p for row in rows for p in row.player_ids)
    unknown = PublicPerson("", None, None)
    return {
        row.number: Entry(
            row.number, tuple(people.get(str(p), unknown) for p in row.player_ids)
        )
        for row in rows
    }


def _entry(entries: dict[int, Entry], number: int) -> Entry:
    return entries.get(number) or Entry(number, ())


def _when(row: TournamentRow, sessions: list[SessionRow], now: datetime) -> str:
    if row.starts_at > now:
        return "upcoming"
    end = max((s.ends_at for s in sessions), default=row.starts_at)
    if all(s.status == SessionRow.Status.FINAL for s in sessions) and sessions:
        return "past"
    return "current" if now <= end + CURRENT_FOR else "past"


def events_page(
    now: datetime, text: str = "", club: str = "", day: str = ""
) -> EventsPage:
    """The events, current, upcoming and past; by words of the name, a club
    (its name, code or city: events one of its players entered) and a day
    (ISO date: the events it falls in); the filters given all apply."""
    player_ids = players_matching_club(club) if club else None
    rows = list(selectors.tournaments(text, player_ids))
    by_event: dict[UUID, list[SessionRow]] = {r.tournament_id: [] for r in rows}
    for s in selectors.sessions(list(by_event)):
        by_event[s.tournament_id].append(s)
    cards = [EventCard(r, by_event[r.tournament_id], "") for r in rows]
    if day:
        cards = [c for c in cards if _falls_on(c, day)]
    sorted_cards: dict[str, list[EventCard]] = {
        "current": [],
        "upcoming": [],
        "past": [],
    }
    for c in cards:
        when = _when(c.row, c.sessions, now)
        sorted_cards[when].append(EventCard(c.row, c.sessions, when))
    sorted_cards["upcoming"].reverse()  # the nearest first
    return EventsPage(
        sorted_cards["current"],
        sorted_cards["upcoming"],
        sorted_cards["past"],
        text,
        club,
        day,
    )


def _falls_on(card: EventCard, day: str) -> bool:
    """Whether the event starts, or one of its sessions starts or ends, on
    ``day`` in the site's time zone."""
    instants = [card.row.starts_at]
    for s in card.sessions:
        instants += [s.starts_at, s.ends_at]
    return day in {timezone.localtime(i).date().isoformat() for i in instants}


def event_page(tournament_id: UUID) -> EventPage | None:
    row = selectors.tournament_row(tournament_id)
    if row is None:
        return None
    entries = _entries(selectors.entries(tournament_id))
    return EventPage(
        row, selectors.sessions([tournament_id]), [entries[n] for n in sorted(entries)]
    )


def _session(
    tournament_id: UUID, number: int
) -> tuple[TournamentRow, SessionRow] | None:
    row = selectors.tournament_row(tournament_id)
    found = selectors.session(tournament_id, number) if row is not None else None
    if row is None or found is None:
        return None
    return row, found


def session_page(user: AnyUser, tournament_id: UUID, number: int) -> SessionPage | None:
    """A session's ranking (names and clubs) and its boards, if visible."""
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    if not selectors.session_results_visible(user, tournament_id, number):
        return SessionPage(row, session, visible=False)
    entries = _entries(selectors.entries(tournament_id))
    rankings: dict[str, list[Standing]] = {}
    standings = selectors.standings(tournament_id, number)
    for s in standings:
        rankings.setdefault(s.direction, []).append(
            Standing(s, _entry(entries, s.entry_number))
        )
    return SessionPage(
        row,
        session,
        visible=True,
        rankings=sorted(rankings.items(), key=lambda kv: _DIRECTIONS.get(kv[0], 9)),
        boards=selectors.board_numbers(tournament_id, number),
        in_vp=any(s.vp is not None for s in standings),
    )


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One entry's line of the recap sheet: its points on each board of the
    session (None where it did not play the board), its total and rank."""

    standing: StandingRow
    entry: Entry
    points: list[Decimal | None]


@dataclass(frozen=True, slots=True)
class RecapPage:
    event: TournamentRow
    session: SessionRow
    visible: bool
    boards: list[int] = field(default_factory=list)
    lines: list[RecapLine] = field(default_factory=list)


def recap_page(user: AnyUser, tournament_id: UUID, number: int) -> RecapPage | None:
    """The recap sheet of a pairs session: every entry's points on every
    board from its own side, beside its total and rank, if visible."""
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    if not selectors.session_results_visible(user, tournament_id, number):
        return RecapPage(row, session, visible=False)
    results = selectors.session_results(tournament_id, number)
    boards = sorted({r.board_number for r in results})
    column = {board: i for i, board in enumerate(boards)}
    points: dict[int, list[Decimal | None]] = {}
    for r in results:
        for entry, mp in ((r.ns, r.mp_ns), (r.ew, r.mp_ew)):
            points.setdefault(entry, [None] * len(boards))[column[r.board_number]] = mp
    entries = _entries(selectors.entries(tournament_id))
    return RecapPage(
        row,
        session,
        visible=True,
        boards=boards,
        lines=[
            RecapLine(
                s,
                _entry(entries, s.entry_number),
                points.get(s.entry_number, [None] * len(boards)),
            )
            for s in sorted(
                selectors.standings(tournament_id, number),
                key=lambda s: (_DIRECTIONS.get(s.direction, 9), s.rank, s.entry_number),
            )
        ],
    )


def board_page(
    user: AnyUser, tournament_id: UUID, number: int, board: int
) -> BoardPage | None:
    """A board's traveller, if visible; None for a board the session's
    movement does not play (and no result names)."""
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    played = {b for a in session.assignments for b in a.get("boards", ())}
    if (
        played
        and board not in played
        and not selectors.traveller(tournament_id, number, board)
    ):
        return None
    if not selectors.session_results_visible(user, tournament_id, number):
        return BoardPage(row, session, board, visible=False)
    results = selectors.traveller(tournament_id, number, board)
    entries = _entries(selectors.entries(tournament_id))
    deal = selectors.board_deal(user, tournament_id, number, board)
    return BoardPage(
        row,
        session,
        board,
        visible=True,
        lines=[Line(r, _entry(entries, r.ns), _entry(entries, r.ew)) for r in results],
        boards=selectors.board_numbers(tournament_id, number),
        deal=None if deal is None else diagram(deal),
    )


def score_card_page(
    user: AnyUser, tournament_id: UUID, number: int, entry: int
) -> ScoreCardPage | None:
    """One entry's results in a session, board by board, if visible."""
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    entries = _entries(selectors.entries(tournament_id))
    if entry not in entries:
        return None
    if not selectors.session_results_visible(user, tournament_id, number):
        return ScoreCardPage(row, session, entries[entry], visible=False)
    results = selectors.score_card(tournament_id, number, entry)
    standing = next(
        (
            s
            for s in selectors.standings(tournament_id, number)
            if s.entry_number == entry
        ),
        None,
    )
    return ScoreCardPage(
        row,
        session,
        entries[entry],
        visible=True,
        lines=[card_line(r, entry, entries) for r in results],
        standing=standing,
    )
