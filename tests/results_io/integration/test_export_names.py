"""An export names each registered player and his federation number, from the
register (never from events); --no-names leaves them out (issue 15)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scoring.formats import read_usebio
from tests.support.pairs_event import (
    client_for,
    enter_all,
    make_tournament,
    project,
    seat_pairs,
)
from tests.support.results_io import run

pytestmark = pytest.mark.django_db


def event() -> str:
    staff, _ = client_for("xstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=3))
    seat_pairs(staff, tid, {}, timedelta(hours=3))
    director, _ = client_for("xtd", chief_director={"tournament_id": tid})
    enter_all(director, tid)
    project()
    return tid


def test_players_and_federation_numbers_are_exported_unless_left_out() -> None:
    tid = event()
    named = read_usebio(run("export_results", tid, "--format", "usebio"))
    players = [p for pair in named.participants for p in pair.players]
    assert len(players) == 12
    assert {p.name for p in players} == {"Ada Rossi"}
    assert all(p.federation_id and len(p.federation_id) == 12 for p in players)
    anonymous = run("export_results", tid, "--format", "usebio", "--no-names")
    assert "<PLAYER>" not in anonymous
    assert [p.players for p in read_usebio(anonymous).participants] == [()] * 6
