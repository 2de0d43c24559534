"""The register left the tournaments app in state only (decision 0087): rows
written under main's migrations are read, unchanged, through the registry
app's models once its migrations run."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from registry.models import (
    Club,
    DeclaredConventionCard,
    PlayerIdentity,
    RegisteredPair,
    RegisteredPlayer,
    RegisteredTeam,
    TeamIdentity,
    TeamLineup,
    TeamMembership,
)
from registry.projections import RegistryProjection
from tests.support.schema import applied, migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

T0 = datetime(2026, 11, 25, 15, tzinfo=UTC)
# main's head: the register's models in the tournaments app, no registry app.
BEFORE_THE_MOVE = [
    ("tournaments", "0012_result_carry_checkpoint"),
    ("access", None),
    ("registry", None),
]


def test_rows_written_before_the_move_are_read_through_the_registry_app() -> None:
    old = migrate_to(BEFORE_THE_MOVE)
    assert ("registry", "0001_initial") not in applied()
    club, a, b = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    pair, team, match = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    model = lambda name: old.get_model("tournaments", name)  # noqa: E731
    model("Club").objects.create(club_id=club, code="C042", name="Circolo Roma")
    model("PlayerIdentity").objects.create(
        player_id=a, federation_number="4242", family_name="Rossi", given_name="Ada"
    )
    model("RegisteredPlayer").objects.create(
        player_id=a, category="1P", club_id=club, registered_at=T0, last_position=7
    )
    model("RegisteredPair").objects.create(
        pair_id=pair, player_a_id=a, player_b_id=b, formed_at=T0, last_position=8
    )
    model("DeclaredConventionCard").objects.create(
        global_position=9,
        pair_id=pair,
        category=2,
        form="pairs",
        colour="green",
        suggested_colour="green",
        card={"colour": "green"},
        declared_at=T0,
    )
    model("TeamIdentity").objects.create(team_id=team, name="Squadra Blu")
    model("RegisteredTeam").objects.create(
        team_id=team, captain_id=a, formed_at=T0, last_position=10
    )
    model("TeamMembership").objects.create(team_id=team, player_id=a)
    model("TeamLineup").objects.create(
        team_id=team,
        tournament_id=uuid.uuid4(),
        match_id=match,
        segment=1,
        open_room_a=a,
        open_room_b=b,
        closed_room_a=uuid.uuid4(),
        closed_room_b=uuid.uuid4(),
        declared_at=T0,
        last_position=11,
    )

    migrate_to_latest()

    assert ("registry", "0001_initial") in applied()
    assert Club.objects.get(club_id=club).name == "Circolo Roma"
    assert PlayerIdentity.objects.get(player_id=a).federation_number == "4242"
    player = RegisteredPlayer.objects.get(player_id=a)
    assert (player.category, player.club_id, player.last_position) == ("1P", club, 7)
    assert RegisteredPair.objects.get(pair_id=pair).player_b_id == b
    card = DeclaredConventionCard.objects.get(pair_id=pair)
    assert (card.global_position, card.category, card.card) == (
        9,
        2,
        {"colour": "green"},
    )
    assert TeamIdentity.objects.get(team_id=team).name == "Squadra Blu"
    assert RegisteredTeam.objects.get(team_id=team).captain_id == a
    assert list(TeamMembership.objects.values_list("player_id", flat=True)) == [a]
    assert TeamLineup.objects.get(team_id=team).segment == 1
    assert Club._meta.db_table == "tournaments_club"


def test_the_projection_keeps_its_name_so_its_checkpoint_row_is_kept() -> None:
    assert RegistryProjection.name == "tournaments.registry.v1"
