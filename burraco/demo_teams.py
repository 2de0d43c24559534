"""The demo's burraco teams event: four teams of five, two hands a room, two
Mitchell turns; before each match both teams declare their line-up (Art. 3:
the team that turned up the lower card first in turn 1, the team lower in
the standings first in turn 2), a team of five fielding four (Art. 2: the
pairs may change every turn); both rooms' sheets, the final standings in
their Art. 20 check.

Through the same handlers as the API; deterministic (seeded) and
idempotent. Run by ``manage.py demo_burraco`` after the pairs event.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from uuid import UUID

from burraco import domain as burraco
from burraco.demo import _sheet
from burraco.domain.lineups import first_to_declare
from burraco.handlers import create_burraco, handle_burraco, load_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata, event_store
from registry import boundary
from tournaments import handlers
from tournaments.domain import tournament

__all__ = ["TEAMS_EVENT", "build"]

TEAMS_EVENT = UUID("00000000-0000-4000-8000-000000000010")
TEAMS = 4
MEMBERS = 5
TURNS = 2
META = Metadata(actor="system:demo", tournament_id=TEAMS_EVENT)


def _player(team: int, member: int) -> UUID:
    return uuid.uuid5(TEAMS_EVENT, f"player:{team}:{member}")


def _run(command: burraco.BurracoCommand) -> None:
    handle_burraco(TEAMS_EVENT, command, metadata=META)


def _line_up(turn: int, table: int, team: int, *, card: bool) -> None:
    """Four of the team's five: member ``turn - 1`` sits out (a different
    one each turn); the others in order, open room first."""
    four = [_player(team, m) for m in range(MEMBERS) if m != turn - 1][:4]
    _run(
        burraco.DeclareLineUp(
            turn=turn,
            table=table,
            team=team,
            open_room=(four[0], four[1]),
            closed_room=(four[2], four[3]),
            drew_lower_card=card,
        )
    )


def build(progress: Callable[[str], None], *, director: str) -> bool:
    """Build the teams event unless it exists; return whether it wrote."""
    if load_burraco(TEAMS_EVENT).exists:
        return False
    rng = random.Random(2025)
    create_burraco(
        TEAMS_EVENT,
        tournament.CreateTournament(
            tournament_id=TEAMS_EVENT,
            name="Burraco a squadre (demo)",
            game=tournament.Game.BURRACO,
            form=tournament.Form.TEAMS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            starts_at=event_store().now(),
            windows=tournament.WindowRules(),
        ),
        burraco.OpenBurraco(
            tournament_id=TEAMS_EVENT,
            hands_per_turn=2,
            turns=TURNS,
            form=burraco.EntryForm.TEAMS,
        ),
        metadata=META,
    )
    handlers.handle_official(
        TEAMS_EVENT,
        tournament.AppointOfficial(
            user=director,
            name="Direttore (demo)",
            role=tournament.OfficialRole.CHIEF_DIRECTOR,
        ),
        metadata=META,
    )
    for team in range(1, TEAMS + 1):
        for member in range(MEMBERS):
            player_id = _player(team, member)
            if not boundary.load_player(player_id)[0].registered:
                boundary.register_player(
                    boundary.Identity(
                        # 99007...: no other demo's numbers (99001-99006).
                        federation_number=f"99007{team:02d}{member}",
                        family_name=f"Squadra {team}.{member + 1}",
                        given_name="Demo burraco",
                    ),
                    boundary.PlayerCategory.NOT_CLASSIFIED,
                    metadata=META,
                    player_id=player_id,
                )
        handlers.handle_tournament(
            TEAMS_EVENT,
            tournament.EnterPair(
                number=team,
                entry_id=uuid.uuid5(TEAMS_EVENT, f"team:{team}"),
                player_ids=tuple(_player(team, m) for m in range(MEMBERS)),
            ),
            metadata=META,
        )
    _run(burraco.FormLines())
    for turn in range(1, TURNS + 1):
        _run(burraco.PublishPositions(turn=turn))
        state = load_burraco(TEAMS_EVENT)
        for seat in state.positions[turn]:
            first = first_to_declare(state, turn, seat.fixed, seat.mobile)
            # Turn 1 (or a tie): the fixed team turned up the lower card.
            leader = seat.fixed if first is None else first
            other = seat.mobile if leader == seat.fixed else seat.fixed
            _line_up(turn, seat.table, leader, card=first is None)
            _line_up(turn, seat.table, other, card=False)
            _run(
                burraco.EnterScoreSheet(
                    turn=turn,
                    table=seat.table,
                    hands=_sheet(rng)[:2],
                    closed_hands=_sheet(rng)[:2],
                )
            )
    _run(burraco.PublishFinalStandings())
    ProjectionRunner(BurracoStandings()).catch_up()
    progress(
        f"burraco teams event: {TEAMS} teams of {MEMBERS}, {TURNS} Mitchell "
        "turns, each match's line-up declared (Art. 3)"
    )
    return True
