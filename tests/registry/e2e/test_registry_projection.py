"""The registry projection: rebuild equals incremental, replays change nothing."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from rest_framework.test import APIClient

from eventstore.models import Checkpoint
from eventstore.projections import ProjectionRunner
from eventstore.registry import registry
from registry import domain
from registry.domain.systems.card import (
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.findings import (
    Finding,
    Severity,
)
from registry.models import (
    DeclaredConventionCard,
    RegisteredPair,
    RegisteredPlayer,
    RegisteredTeam,
    TeamLineup,
    TeamMembership,
)
from registry.projections import RegistryProjection
from tests.registry.e2e.conftest import API, MARKS, enter_team
from tests.registry.unit.cards import natural

pytestmark = MARKS


def _state() -> list[list[tuple]]:
    return [
        sorted(model.objects.values_list(*fields))
        for model, fields in (
            (RegisteredPlayer, ("player_id", "category", "club_id", "forgotten")),
            (RegisteredPair, ("pair_id", "player_a_id", "player_b_id")),
            (DeclaredConventionCard, ("global_position", "pair_id", "colour")),
            (RegisteredTeam, ("team_id", "captain_id", "non_playing_captain_id")),
            (TeamMembership, ("team_id", "player_id")),
            (TeamLineup, ("team_id", "segment", "open_room_a", "change_authorised")),
        )
    ]


def _history(staff: APIClient, register_player: Callable[..., str]) -> None:
    players = [register_player() for _ in range(7)]
    staff.post(
        f"{API}/players/{players[0]}/categories/", {"category": "1P"}, format="json"
    )
    pair = staff.post(
        f"{API}/pairs/", {"player_ids": players[:2]}, format="json"
    ).json()
    card = {"colour": "green", "base": "five_card_majors"}
    staff.post(
        f"{API}/pairs/{pair['pair_id']}/convention-cards/",
        {"card": card, "context": {"category": 2, "form": "pairs"}},
        format="json",
    )
    team = staff.post(
        f"{API}/teams/",
        {"name": "T", "member_ids": players[:5], "captain_id": players[0]},
        format="json",
    ).json()["team_id"]
    staff.post(f"{API}/teams/{team}/members/", {"player_id": players[5]}, format="json")
    staff.delete(f"{API}/teams/{team}/members/{players[4]}/")
    tournament = uuid.uuid4()
    enter_team(staff, team, [*players[:4], players[5]], tournament=tournament)
    declared = staff.post(
        f"{API}/teams/{team}/lineups/",
        {
            "tournament_id": str(tournament),
            "match_id": str(uuid.uuid4()),
            "segment": 1,
            "open_room": players[:2],
            "closed_room": players[2:4],
        },
        format="json",
    )
    assert declared.status_code == 201, declared.json()
    staff.post(f"{API}/players/{players[6]}/erasures/")


def test_rebuild_from_zero_equals_the_incremental_state(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    runner = ProjectionRunner(RegistryProjection(), batch_size=3)
    _history(staff, register_player)
    runner.catch_up()
    _history(staff, register_player)
    runner.catch_up()
    incremental = _state()
    assert len(incremental[0]) == 14
    assert len(incremental[4]) == 10
    runner.rebuild()
    assert _state() == incremental


def test_a_batch_delivered_twice_changes_nothing(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    runner = ProjectionRunner(RegistryProjection())
    _history(staff, register_player)
    runner.catch_up()
    before = _state()
    Checkpoint.objects.filter(name=runner.name).update(last_position=0)
    runner.catch_up()
    assert _state() == before


def test_every_registry_event_survives_the_codec() -> None:
    """Each event encodes to JSON and decodes to an equal value."""
    ids = [uuid.uuid4() for _ in range(6)]
    events = [
        domain.PlayerRegistered(
            player_id=ids[0], category=domain.PlayerCategory.STUDENT
        ),
        domain.PlayerAffiliated(player_id=ids[0], club_id=ids[1]),
        domain.PlayerCategoryChanged(
            player_id=ids[0], category=domain.PlayerCategory.NOT_CLASSIFIED
        ),
        domain.PlayerForgotten(player_id=ids[0]),
        domain.PlayerPublicationChanged(player_id=ids[0], published=False),
        domain.PairFormed(pair_id=ids[2], player_ids=(ids[0], ids[1])),
        domain.ConventionCardDeclared(
            pair_id=ids[2],
            card=natural(),
            category=domain.SystemCategory.TWO,
            form=TournamentForm.TEAMS,
            tournament_id=None,
            suggested_colour=SystemColour.RED,
            hum_features=(),
            brown_stickers=(),
            findings=(
                Finding(
                    code="x", severity=Severity.WARNING, citation="App1 §5", message="m"
                ),
            ),
        ),
        domain.TeamFormed(team_id=ids[3], member_ids=tuple(ids[:4]), captain_id=ids[0]),
        domain.TeamMemberAdded(team_id=ids[3], player_id=ids[4]),
        domain.TeamMemberRemoved(team_id=ids[3], player_id=ids[4]),
        domain.CaptainAppointed(team_id=ids[3], captain_id=ids[1]),
        domain.LineupDeclared(
            team_id=ids[3],
            tournament_id=ids[5],
            match_id=ids[4],
            segment=2,
            open_room=(ids[0], ids[1]),
            closed_room=(ids[2], ids[3]),
        ),
    ]
    assert {type(e) for e in events} == set(domain.EVENT_TYPES)
    for event in events:
        name, version, payload = registry.encode(event)
        assert registry.decode(name, version, payload) == event
