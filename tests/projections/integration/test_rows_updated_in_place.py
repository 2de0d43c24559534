"""The results projection's rewritten rows have room on their pages (decision
0205): the tables carry their fillfactor from the migration, and keep it when
a rebuild swaps its copies in."""

from __future__ import annotations

import pytest
from django.db import connection

from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

EXPECTED = {
    "tournaments_matchrow": ["fillfactor=50"],
    "tournaments_resultrow": ["fillfactor=70"],
    "tournaments_standingrow": ["fillfactor=50"],
}


def _reloptions() -> dict[str, list[str] | None]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reloptions FROM pg_class WHERE relname = ANY(%s) "
            "AND relkind = 'r' AND pg_table_is_visible(oid)",
            [list(EXPECTED)],
        )
        return dict(cursor.fetchall())


def test_the_rewritten_tables_leave_room_on_their_pages() -> None:
    assert _reloptions() == EXPECTED


def test_a_rebuild_swaps_in_tables_with_the_same_room() -> None:
    runner = ProjectionRunner(TournamentResults())
    assert runner.rebuilds_beside()
    assert runner.rebuild() == event_store().head_position()
    assert _reloptions() == EXPECTED
