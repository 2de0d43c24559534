"""Public reads of the results read models, for the results site.

The site (``results_site``) imports this module and nothing else of the
tournament app's shell (decision 0113, held by import-linter): each function
answers rows of the read models in the order a page shows them, in a fixed
number of queries whatever the field's size. Who may see a session's results
is the API's rule (decision 0105), read from the tournament stream so a
publication counts at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db.models import Q, QuerySet

from access.roles import (
    AnyUser,
    is_director,
    is_federation_staff,
    is_staff_or_director,
)
from eventstore.projections.checkpoints import read_checkpoint
from rules.bridge import Deal, dealer_for, vulnerability_for
from rules.bridge.deal import format_hand
from tournaments import handlers, record
from tournaments.domain import tournament
from tournaments.models import (
    DoubleDummyRow,
    EntryRow,
    PenaltyRow,
    ResultRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)
from tournaments.projections import TournamentResults

__all__ = [
    "HIDDEN",
    "OFFICIAL",
    "PUBLIC",
    "BoardDeal",
    "EntryRow",
    "PenaltyRow",
    "ResultRow",
    "SessionRow",
    "StandingRow",
    "TournamentRow",
    "board_deal",
    "board_numbers",
    "entries",
    "penalties",
    "result_history",
    "results_position",
    "score_card",
    "session",
    "session_position",
    "session_published",
    "session_results",
    "session_results_visible",
    "session_sight",
    "sessions",
    "sight_of",
    "standings",
    "standings_at",
    "tournament_row",
    "tournaments",
    "traveller",
]


def tournaments(
    text: str = "", player_ids: set[str] | None = None
) -> QuerySet[TournamentRow]:
    """Events, latest first: with ``text`` in the name, and, when
    ``player_ids`` is given, with an entry naming one of them (the site's
    search by club)."""
    rows = TournamentRow.objects.all()
    if text:
        rows = rows.filter(name__icontains=text)
    if player_ids is not None:
        # One query over the entries (their players are a JSON list, which
        # SQLite cannot search inside).
        ids = {
            tid
            for tid, names in EntryRow.objects.values_list(
                "tournament_id", "player_ids"
            )
            if player_ids & set(names)
        }
        rows = rows.filter(tournament_id__in=ids)
    return rows


def tournament_row(tournament_id: UUID) -> TournamentRow | None:
    return TournamentRow.objects.filter(tournament_id=tournament_id).first()


def sessions(tournament_ids: list[UUID]) -> list[SessionRow]:
    """The sessions of these events, by event and number."""
    return list(
        SessionRow.objects.filter(tournament_id__in=tournament_ids).order_by(
            "tournament_id", "session"
        )
    )


def session(tournament_id: UUID, number: int) -> SessionRow | None:
    return SessionRow.objects.filter(
        tournament_id=tournament_id, session=number
    ).first()


def entries(tournament_id: UUID) -> list[EntryRow]:
    return list(EntryRow.objects.filter(tournament_id=tournament_id).order_by("number"))


def standings(tournament_id: UUID, number: int) -> list[StandingRow]:
    """A session's ranking, by direction then rank."""
    return list(StandingRow.objects.filter(tournament_id=tournament_id, session=number))


def penalties(tournament_id: UUID, number: int) -> list[PenaltyRow]:
    """A session's penalties (Laws 90-91), in the order they were imposed."""
    return list(
        PenaltyRow.objects.filter(tournament_id=tournament_id, session=number).order_by(
            "position"
        )
    )


def board_numbers(tournament_id: UUID, number: int) -> list[int]:
    """The boards of a session that have at least one result."""
    return list(
        ResultRow.objects.filter(tournament_id=tournament_id, session=number)
        .order_by("board_number")
        .values_list("board_number", flat=True)
        .distinct()
    )


def traveller(tournament_id: UUID, number: int, board: int) -> list[ResultRow]:
    """A board's results, by table."""
    return list(
        ResultRow.objects.filter(
            tournament_id=tournament_id, session=number, board_number=board
        ).order_by("table", "ns")
    )


def session_results(tournament_id: UUID, number: int) -> list[ResultRow]:
    """Every result of a session (the recap sheet), by board and table."""
    return list(
        ResultRow.objects.filter(tournament_id=tournament_id, session=number).order_by(
            "board_number", "table"
        )
    )


def score_card(tournament_id: UUID, number: int, entry: int) -> list[ResultRow]:
    """The results of one pair (either direction), by board."""
    return list(
        ResultRow.objects.filter(tournament_id=tournament_id, session=number)
        .filter(Q(ns=entry) | Q(ew=entry))
        .order_by("board_number")
    )


def session_results_visible(user: AnyUser, tournament_id: UUID, number: int) -> bool:
    """The API's rule (decision 0105) for a page: the session's directors and
    federation staff always; anyone once its scores are published (from the
    tournament stream, so a publication counts at once)."""
    return session_sight(user, tournament_id, number) != HIDDEN


# A reader's visibility class of a session's results (decision 0167): what a
# page of the session shows depends on the reader only through it.
PUBLIC = "public"  # published (or no such session): anyone sees the results
OFFICIAL = "official"  # not published; a director of the event or staff sees them
HIDDEN = "hidden"  # not published; this reader sees no result (Law 79C)


def session_sight(user: AnyUser, tournament_id: UUID, number: int) -> str:
    """The reader's visibility class of the session's results (``PUBLIC``,
    ``OFFICIAL`` or ``HIDDEN``), by ``session_results_visible``'s rule; the
    publication first (the tournament stream, no role read), then the
    reader's grants, read once."""
    return sight_of(user, tournament_id, session_published(tournament_id, number))


def session_published(tournament_id: UUID, number: int) -> bool:
    """Whether anyone may see the session's results: its scores are published
    (from the tournament stream: at once), or there is no such session. Once
    true it stays true: nothing withdraws a publication."""
    state = handlers.load_tournament(tournament_id)
    found = state.sessions.get(number)
    return found is None or tournament.hand_records_public(found)


def sight_of(user: AnyUser, tournament_id: UUID, published: bool) -> str:
    """The reader's visibility class, given ``session_published``."""
    if published:
        return PUBLIC
    if not user.is_authenticated:
        return HIDDEN
    return OFFICIAL if is_staff_or_director(user, tournament_id) else HIDDEN


def result_history(
    user: AnyUser, tournament_id: UUID, number: int, board: int, table: int
) -> list[record.ResultStep] | None:
    """A result's history from its stream (entered, confirmed, corrected with
    the reason and the Law, adjusted by which ruling or appeal), or None: no
    such result, or the reader may not see the session's results (decision
    0105, asked here so no page can forget it)."""
    if not session_results_visible(user, tournament_id, number):
        return None
    return record.result_history(tournament_id, number, board, table)


def standings_at(
    user: AnyUser,
    tournament_id: UUID,
    number: int,
    moment: int | None = None,
    instant: datetime | None = None,
) -> record.Replay | None:
    """The session's standings as they stood after its first ``moment``
    score-changing events or at ``instant`` (``tournaments.record``), or None
    when the reader may not see the session's results or there is no such
    session."""
    if not session_results_visible(user, tournament_id, number):
        return None
    if session(tournament_id, number) is None:
        return None
    return record.standings_at(tournament_id, number, moment, instant)


def session_position(tournament_id: UUID, number: int) -> int:
    """The position of the last event the results projection applied that
    changes what a page of the session shows (``SessionRow.position``,
    decision 0135): a live page's ETag, one indexed read; 0 for no session."""
    found = (
        SessionRow.objects.filter(tournament_id=tournament_id, session=number)
        .values_list("position", flat=True)
        .first()
    )
    return 0 if found is None else int(found)


def results_position() -> int:
    """The last position the results projection has applied: what a page of
    results shows can change only when it moves (the site's ETag)."""
    return read_checkpoint(TournamentResults.name)


# The rows and columns of DoubleDummyRow.tricks (endplay's to_list order).
DD_DENOMINATIONS = ("S", "H", "D", "C", "NT")
DD_SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class BoardDeal:
    """A board's hand record as a page shows it (Law 2: dealer and
    vulnerability by number), with its double-dummy figures when the deal
    as now recorded has been analysed (information, never a ruling).

    ``hands``: seat (N, E, S, W) -> its four holdings, spades to clubs, each
    the PBN ranks high to low ("AKT9", "" for a void). ``tricks``:
    denomination (S, H, D, C, NT) -> declarer -> tricks. ``par_score`` is
    North-South's; ``par_contracts`` as DDS writes them ("4SEx-1").
    """

    board_number: int
    dealer: str
    vulnerability: str  # PBN: None, NS, EW, All
    hands: dict[str, tuple[str, str, str, str]]
    tricks: dict[str, dict[str, int]] | None = None
    par_score: int | None = None
    par_contracts: tuple[str, ...] = ()


def board_deal(
    user: AnyUser, tournament_id: UUID, number: int, board: int
) -> BoardDeal | None:
    """A board's deal with its analysis, or None: when the board has no hand
    record, or the reader may not see it yet. The API's rule (decision 0050):
    the session's directors and federation staff always, anyone else once
    the official scores are published (``hand_records_public``)."""
    state = handlers.load_tournament(tournament_id)
    found = state.sessions.get(number)
    if found is None or board not in found.hand_records:
        return None
    if not (
        tournament.hand_records_public(found)
        or is_federation_staff(user)
        or is_director(user, tournament_id)
    ):
        return None
    text = found.hand_records[board]
    deal = Deal.from_pbn(text, allow_irregular=True)
    hands = {}
    for seat, hand in deal:
        spades, hearts, diamonds, clubs = format_hand(hand).split(".")
        hands[seat.value] = (spades, hearts, diamonds, clubs)
    row = DoubleDummyRow.objects.filter(
        tournament_id=tournament_id, session=number, board_number=board, deal=text
    ).first()
    if row is None:
        return BoardDeal(
            board, dealer_for(board).value, vulnerability_for(board).value, hands
        )
    return BoardDeal(
        board,
        dealer_for(board).value,
        vulnerability_for(board).value,
        hands,
        tricks={
            denomination: dict(zip(DD_SEATS, row.tricks[i], strict=True))
            for i, denomination in enumerate(DD_DENOMINATIONS)
        },
        par_score=row.par_score,
        par_contracts=tuple(row.par_contracts),
    )
