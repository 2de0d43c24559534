"""Role grants left the tournaments app in state only (decision 0087): a grant
written under main's migrations is read, unchanged, through the access app."""

from __future__ import annotations

import uuid

import pytest

from access.models import RoleGrant
from tests.support.schema import applied, migrate_to, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_THE_MOVE = [
    ("tournaments", "0012_result_carry_checkpoint"),
    ("access", None),
    ("registry", None),
]


def test_a_grant_written_before_the_move_is_read_through_the_access_app() -> None:
    old = migrate_to(BEFORE_THE_MOVE)
    assert ("access", "0001_initial") not in applied()
    user = old.get_model("auth", "User").objects.create(username="arbitro")
    tournament = uuid.uuid4()
    old.get_model("tournaments", "RoleGrant").objects.create(
        user=user, role="chief_director", tournament_id=tournament
    )

    migrate_to_latest()

    assert ("access", "0001_initial") in applied()
    grant = RoleGrant.objects.get()
    assert (grant.user.username, grant.role, grant.tournament_id) == (
        "arbitro",
        RoleGrant.Role.CHIEF_DIRECTOR,
        tournament,
    )
    assert RoleGrant._meta.db_table == "tournaments_rolegrant"
