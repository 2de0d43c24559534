"""The demo: a two-session Mitchell pairs event, a Swiss teams event, an
individual event, a knockout teams event (``demo_knockout``), and a pairs
event in play (some tables finished, some playing: the results site's live
pages have something to show at once).

Everything goes through the same handlers as the API, so the demo's history
is an ordinary event history: results entered, a ruling with an adjusted
score (Law 12C2), a correction (Law 79C), publication, and closed windows.
Deterministic (seeded), and idempotent: a second run changes nothing.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from uuid import UUID

from eventstore.deadlines import sweep
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from registry import boundary
from rules.bridge import Deal, dealer_for, parse_call, random_deal
from tournaments import demo_knockout, handlers, live_play, swiss
from tournaments.analysis import queue_analysis
from tournaments.demo_cast import (
    CLUBS,
    FAMILY_NAMES,
    GIVEN_NAMES,
    PAIRS_EVENT,
    SYSTEM,
    enter_result,
    metadata_for,
    player,
)
from tournaments.domain import board_result, tournament
from tournaments.domain.board_play import commands as play_commands
from tournaments.domain.movements.seating import (
    individual_assignments,
    mitchell_assignments,
)
from tournaments.projections import TournamentResults

TEAMS_EVENT = UUID("00000000-0000-4000-8000-000000000002")
INDIVIDUAL_EVENT = UUID("00000000-0000-4000-8000-000000000003")
LIVE_EVENT = UUID("00000000-0000-4000-8000-000000000004")
# The live event's tables that have finished their first round.
LIVE_TABLES_DONE = 3
PAIRS = 10
BOARDS_PER_ROUND = 3
TEAMS = 6
SWISS_ROUNDS = 3
BOARDS_PER_MATCH = 4
INDIVIDUAL_PLAYERS = 8
# The pairs event's ruling and correction, in the director's words: Italian,
# as the demo's players and events are (a director's text is shown as typed).
RULING_FACTS = "è stata sfruttata un'esitazione prima del passo finale"
RULING_DECISION = "media più a Nord-Sud, media meno a Est-Ovest"
CORRECTION_REASON = "prese concordate dopo un riconteggio"

# Plausible table results per board: (contract, tricks); the RNG picks among them.
OUTCOMES = [
    ("4SN", 10),
    ("4SN", 11),
    ("4SN", 9),
    ("3NTS", 9),
    ("3NTS", 10),
    ("2HE", 8),
    ("3DW", 9),
    ("4HE", 10),
    ("4HE", 9),
    ("1NTN", 7),
    ("PASS", None),
    ("3NTXS", 8),
]


def _run(tid: UUID, command: tournament.TournamentCommand) -> None:
    handlers.handle_tournament(tid, command, metadata=metadata_for(tid))


DEMO_EVENTS = (PAIRS_EVENT, TEAMS_EVENT, INDIVIDUAL_EVENT, LIVE_EVENT)


def _register(player_id: UUID, tid: UUID, number: int, member: int) -> None:
    """Put a demo player on the register (an entry names registered players,
    decision 0083); a player already there is left as he is."""
    if boundary.load_player(player_id)[0].registered:
        return
    event = DEMO_EVENTS.index(tid) + 1
    seed = event * 100 + number * 4 + member
    club = boundary.ensure_club(*CLUBS[seed % len(CLUBS)])
    boundary.register_player(
        boundary.Identity(
            federation_number=f"9900{event}{number:02d}{member}",
            family_name=FAMILY_NAMES[seed % len(FAMILY_NAMES)],
            given_name=GIVEN_NAMES[(seed * 5) % len(GIVEN_NAMES)],
        ),
        boundary.PlayerCategory.NOT_CLASSIFIED,
        club,
        metadata=SYSTEM,
        player_id=player_id,
    )


def _enter_entries(tid: UUID, count: int, *, players_each: int, kind: str) -> None:
    """Entries 1..count with stable ids (the demo is idempotent)."""
    for number in range(1, count + 1):
        for member in range(players_each):
            _register(player(number, member, tid), tid, number, member)
        _run(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid5(tid, f"{kind}:{number}"),
                player_ids=tuple(player(number, m, tid) for m in range(players_each)),
            ),
        )


# Each form's entries: how many, of how many players, named as what.
_ENTRIES = {
    tournament.Form.PAIRS: (PAIRS, 2, "pair"),
    tournament.Form.TEAMS: (TEAMS, 4, "team"),
    tournament.Form.INDIVIDUAL: (INDIVIDUAL_PLAYERS, 1, "player"),
}


def _create_event(
    tid: UUID,
    name: str,
    form: tournament.Form,
    scoring: tournament.ScoringMethod,
    starts_at: datetime,
    windows: tournament.WindowRules | None = None,
) -> None:
    """Create the tournament and enter its entries (``_ENTRIES``)."""
    _run(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name=name,
            form=form,
            scoring=scoring,
            starts_at=starts_at,
            windows=tournament.WindowRules() if windows is None else windows,
        ),
    )
    count, players_each, kind = _ENTRIES[form]
    _enter_entries(tid, count, players_each=players_each, kind=kind)


def _enter(tid: UUID, session: int, board: int, table: int, rng: random.Random) -> None:
    enter_result(tid, session, board, table, rng.choice(OUTCOMES))


def build_pairs_event(rng: random.Random) -> None:
    now = event_store().now()
    tid = PAIRS_EVENT
    _create_event(
        tid,
        "Coppa Arbitro (demo pairs)",
        tournament.Form.PAIRS,
        tournament.ScoringMethod.MATCHPOINTS,
        now - timedelta(days=1),
        tournament.WindowRules(inadmissible_minutes=0, appeal_minutes=0),
    )
    for session, (start, end) in enumerate(
        [
            (now - timedelta(hours=26), now - timedelta(hours=23)),
            (now - timedelta(hours=2), now + timedelta(hours=2)),
        ],
        start=1,
    ):
        assignments = mitchell_assignments(PAIRS, BOARDS_PER_ROUND, None)
        boards = sorted({b for a in assignments for b in a.boards})
        _run(
            tid,
            tournament.ScheduleSession(
                session=session,
                movement="mitchell",
                starts_at=start,
                ends_at=end,
                assignments=assignments,
            ),
        )
        # Hand records dealt by computer (Law 6E4), seeded so the demo repeats.
        _run(
            tid,
            tournament.SetHandRecords(
                session=session,
                source=tournament.HandSource.DEALT,
                records=tuple(
                    tournament.HandRecord(
                        board_number=b,
                        deal=random_deal(random.Random(100 * session + b)).to_pbn(),
                    )
                    for b in boards
                ),
            ),
        )
        for index, a in enumerate(assignments):
            if a.ns and a.ew:
                for board in a.boards:
                    if session == 2 and index == 0:
                        play_card_by_card(tid, session, a.table, board)
                    else:
                        _enter(tid, session, board, a.table, rng)
    # Session 1: a ruling with an artificial adjusted score, then publication;
    # its periods have run out, so the sweep records them closed.
    first = mitchell_assignments(PAIRS, BOARDS_PER_ROUND, None)[0]
    ruling = uuid.uuid5(tid, "ruling:1")
    _run(
        tid,
        tournament.GiveRuling(
            ruling_id=ruling,
            session=1,
            board_number=first.boards[0],
            table=first.table,
            laws=("16B", "12C2"),
            facts=RULING_FACTS,
            decision=RULING_DECISION,
            director=SYSTEM.actor,
        ),
    )
    handlers.handle_board_result(
        handlers.TableRef(tid, 1, first.boards[0], first.table),
        lambda _a: board_result.AwardAdjustedScore(
            score="A60/40", law="12C2", reason="Legge 16B", ruling_id=ruling
        ),
        metadata=metadata_for(tid),
    )
    _run(tid, tournament.PublishScores(session=1))
    # Session 2: a correction inside the correction period, then publication.
    second = mitchell_assignments(PAIRS, BOARDS_PER_ROUND, None)[1]
    handlers.handle_board_result(
        handlers.TableRef(tid, 2, second.boards[0], second.table),
        lambda _a: board_result.CorrectResult(
            contract="4SN", lead="HK", tricks=10, reason=CORRECTION_REASON
        ),
        metadata=metadata_for(tid),
    )
    _run(tid, tournament.PublishScores(session=2))


def build_teams_event(rng: random.Random) -> None:
    """A Swiss teams event: each round a session paired from the VP standings."""
    now = event_store().now()
    tid = TEAMS_EVENT
    _create_event(
        tid,
        "Swiss a squadre (demo teams)",
        tournament.Form.TEAMS,
        tournament.ScoringMethod.TEAMS_IMPS_VP,
        now - timedelta(hours=6),
    )
    for round_number in range(1, SWISS_ROUNDS + 1):
        boards = tuple(
            range(
                1 + (round_number - 1) * BOARDS_PER_MATCH,
                1 + round_number * BOARDS_PER_MATCH,
            )
        )
        start = now - timedelta(hours=6 - 2 * round_number)
        swiss.schedule_next_round(
            tid,
            session=round_number,
            starts_at=start,
            ends_at=start + timedelta(hours=1),
            boards=boards,
            danish=False,
            metadata=metadata_for(tid),
        )
        for a in handlers.load_tournament(tid).sessions[round_number].assignments:
            for board in a.boards:
                _enter(tid, round_number, board, a.table, rng)
        # Pair the next round from the standings including this one.
        ProjectionRunner(TournamentResults()).catch_up()
        if round_number < SWISS_ROUNDS:
            # The rounds played are published, the last is still provisional:
            # the public's team standings count the published ones.
            _run(tid, tournament.PublishScores(session=round_number))


def play_card_by_card(tid: UUID, session: int, table: int, board: int) -> None:
    """Play one board through the rules engine: an auction and 52 cards."""
    ref = handlers.TableRef(tid, session, board, table)
    at = event_store().now()
    deal = handlers.load_tournament(tid).sessions[session].hand_records[board]
    live_play.play(
        ref,
        play_commands.StartBoard(
            table_id=live_play.table_id(tid, session, table),
            board_number=board,
            deal=Deal.from_pbn(deal),
            at=at,
        ),
        metadata=metadata_for(tid),
    )
    dealer = dealer_for(board)
    for i, call in enumerate(("1NT", "P", "3NT", "P", "P", "P")):
        live_play.play(
            ref,
            play_commands.MakeCall(seat=dealer.next(i), call=parse_call(call), at=at),
            metadata=metadata_for(tid),
        )
    for _ in range(52):
        state = live_play.load(ref)
        if state.turn is None:
            break  # the play is over
        card = max(state.legal_cards(), key=lambda c: (c.rank, c.suit.rank))
        live_play.play(
            ref,
            play_commands.PlayCard(seat=state.turn, card=card, at=at),
            metadata=metadata_for(tid),
        )


def build_individual_event(rng: random.Random) -> None:
    """An individual (Law 4): 8 players, a whist movement on duplicated boards,
    every result entered; partners change every round, each player ranked."""
    now = event_store().now()
    tid = INDIVIDUAL_EVENT
    _create_event(
        tid,
        "Individuale d'autunno (demo individual)",
        tournament.Form.INDIVIDUAL,
        tournament.ScoringMethod.MATCHPOINTS,
        now - timedelta(hours=3),
    )
    assignments = individual_assignments(INDIVIDUAL_PLAYERS, 2, None)
    _run(
        tid,
        tournament.ScheduleSession(
            session=1,
            movement="individual",
            starts_at=now - timedelta(hours=3),
            ends_at=now + timedelta(hours=1),
            assignments=assignments,
        ),
    )
    for a in assignments:
        for board in a.boards:
            _enter(tid, 1, board, a.table, rng)


def build_live_event(rng: random.Random) -> None:
    """A pairs event in play now: session 1 of a 10-pair Mitchell, its first
    round finished at some tables and still being played at the others; not
    published, so its directors see it live and the public sees that its
    results are not yet published (decision 0105)."""
    now = event_store().now()
    tid = LIVE_EVENT
    _create_event(
        tid,
        "Torneo del giovedì (demo live)",
        tournament.Form.PAIRS,
        tournament.ScoringMethod.MATCHPOINTS,
        now - timedelta(hours=1),
    )
    assignments = mitchell_assignments(PAIRS, BOARDS_PER_ROUND, None)
    _run(
        tid,
        tournament.ScheduleSession(
            session=1,
            movement="mitchell",
            starts_at=now - timedelta(hours=1),
            ends_at=now + timedelta(hours=2),
            assignments=assignments,
        ),
    )
    for a in assignments[:LIVE_TABLES_DONE]:
        if a.ns and a.ew:
            for board in a.boards:
                _enter(tid, 1, board, a.table, rng)


def build(progress: Callable[[str], None] = lambda _msg: None) -> bool:
    """Build the demo unless it exists; return whether anything was written."""
    if handlers.load_tournament(PAIRS_EVENT).exists:
        return False
    rng = random.Random(2017)
    build_pairs_event(rng)
    progress("pairs event: 2 sessions, Mitchell 10 pairs")
    build_teams_event(rng)
    progress("teams event: 6 teams, 3 Swiss rounds")
    build_individual_event(rng)
    progress("individual event: 8 players, whist movement")
    build_live_event(rng)
    progress("live event: a session in play, 3 of 5 tables through round 1")
    demo_knockout.build()
    progress("knockout event: 4 teams, semifinals and final")
    sweep()
    ProjectionRunner(TournamentResults()).catch_up()
    for session in (1, 2):  # double-dummy tables, computed by the worker
        queue_analysis(PAIRS_EVENT, session)
    return True
