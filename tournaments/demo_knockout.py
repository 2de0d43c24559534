"""The demo's knockout teams event: four teams, semifinals then the final,
each stage a session of four boards (FIGB N-L78 §2c; decision 0059), every
stage published, so the results site shows the bracket with its winners.

Team 1 fields the demo pairs event's first pair (the demo player among
them), so his history page lists two events. Through the same handlers as
the API; deterministic and idempotent (``demo.build`` runs it once).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from uuid import UUID

from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata, event_store
from registry import boundary
from tournaments import demo_cast, handlers, knockout
from tournaments.domain import tournament
from tournaments.projections import TournamentResults

__all__ = ["KNOCKOUT_EVENT", "build"]

KNOCKOUT_EVENT = UUID("00000000-0000-4000-8000-000000000006")
TEAMS = 4
BOARDS = 4
META = Metadata(actor="system:demo", tournament_id=KNOCKOUT_EVENT)

# A table's result: the contract and the tricks (None: passed out).
Result = tuple[str, int | None]
# Each board's result in the room where the home team sits North-South, then
# in the other: the home team wins this set of boards.
HOME_WINS: tuple[tuple[Result, Result], ...] = (
    (("4SN", 10), ("4SN", 9)),
    (("3NTS", 9), ("3NTS", 10)),
    (("2HE", 8), ("4HE", 10)),
    (("PASS", None), ("1NTN", 7)),
)
# The same boards with the rooms swapped: the away team wins.
AWAY_WINS: tuple[tuple[Result, Result], ...] = tuple(
    (closed, open_) for open_, closed in HOME_WINS
)


def _player(team: int, member: int) -> UUID:
    """Team 1's first two are the demo pairs event's first pair."""
    if team == 1 and member < 2:
        return demo_cast.player(1, member, demo_cast.PAIRS_EVENT)
    return uuid.uuid5(KNOCKOUT_EVENT, f"player:{team}:{member}")


def _register(team: int, member: int) -> None:
    player_id = _player(team, member)
    if boundary.load_player(player_id)[0].registered:
        return
    seed = 600 + team * 4 + member
    boundary.register_player(
        boundary.Identity(
            # 99006...: no other demo's numbers (99001-99005).
            federation_number=f"99006{team:02d}{member}",
            family_name=demo_cast.FAMILY_NAMES[seed % len(demo_cast.FAMILY_NAMES)],
            given_name=demo_cast.GIVEN_NAMES[(seed * 3) % len(demo_cast.GIVEN_NAMES)],
        ),
        boundary.PlayerCategory.NOT_CLASSIFIED,
        boundary.ensure_club(*demo_cast.CLUBS[seed % len(demo_cast.CLUBS)]),
        metadata=demo_cast.SYSTEM,
        player_id=player_id,
    )


def _run(command: tournament.TournamentCommand) -> None:
    handlers.handle_tournament(KNOCKOUT_EVENT, command, metadata=META)


def _play_stage(stage: int, outcomes: list[tuple[tuple[Result, Result], ...]]) -> None:
    """Seat the stage from the bracket (home team NS in the open room, N-L4
    §1), enter each match's boards from ``outcomes``, score and publish."""
    now = event_store().now()
    first = 1 + (stage - 1) * BOARDS
    assignments = knockout.stage_assignments(KNOCKOUT_EVENT, stage, BOARDS, first)
    start = now - timedelta(hours=5 - 2 * stage)
    _run(
        tournament.ScheduleSession(
            session=stage,
            movement=f"{knockout.PREFIX}{stage}",
            starts_at=start,
            ends_at=start + timedelta(hours=1, minutes=30),
            assignments=assignments,
        )
    )
    for a in assignments:
        boards = outcomes[(a.table - 1) // 2]
        for i, board in enumerate(a.boards):
            demo_cast.enter_result(
                KNOCKOUT_EVENT, stage, board, a.table, boards[i][(a.table - 1) % 2]
            )
    ProjectionRunner(TournamentResults()).catch_up()
    _run(tournament.PublishScores(session=stage))


def build() -> None:
    """Create the event, play the semifinals (the second an upset) and the
    final, each published."""
    _run(
        tournament.CreateTournament(
            tournament_id=KNOCKOUT_EVENT,
            name="Coppa a eliminazione (demo knockout)",
            form=tournament.Form.TEAMS,
            scoring=tournament.ScoringMethod.TEAMS_IMPS_VP,
            starts_at=event_store().now() - timedelta(hours=4),
            windows=tournament.WindowRules(),
        )
    )
    for team in range(1, TEAMS + 1):
        for member in range(4):
            _register(team, member)
        _run(
            tournament.EnterPair(
                number=team,
                entry_id=uuid.uuid5(KNOCKOUT_EVENT, f"team:{team}"),
                player_ids=tuple(_player(team, m) for m in range(4)),
            )
        )
    _play_stage(1, [HOME_WINS, AWAY_WINS])
    _play_stage(2, [HOME_WINS])
