"""The demo's burraco teams event: built through the handlers, idempotent,
each match's line-up declared in the Art. 3 order, both rooms' sheets, the
final standings; the scoring room's turn page lists the line-ups."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from burraco import demo_teams
from burraco import domain as b
from burraco.domain.lineups import first_to_declare
from burraco.handlers import load_burraco
from burraco.selectors import standings
from eventstore.projections import ProjectionRunner
from registry.projections import RegistryProjection
from tests.console.integration.test_burraco_console import text
from tests.support.burraco import last_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_demo_holds_a_teams_event_with_its_line_ups() -> None:
    call_command("demo")
    call_command("demo_burraco")
    call_command("demo_burraco")  # idempotent
    state = load_burraco(demo_teams.TEAMS_EVENT)
    assert state.current_turn == demo_teams.TURNS
    final = last_event(demo_teams.TEAMS_EVENT, b.FinalStandingsPublished)
    assert state.final_published_at == final.published_at
    # Two matches a turn, each team's line-up declared: eight in all.
    assert sorted(state.line_ups) == [
        (turn, team) for turn in (1, 2) for team in (1, 2, 3, 4)
    ]
    for turn in (1, 2):
        for seat in state.positions[turn]:
            fixed = state.line_ups[(turn, seat.fixed)]
            mobile = state.line_ups[(turn, seat.mobile)]
            assert fixed.first != mobile.first
            leader = fixed if fixed.first else mobile
            # Turn 1: the card; turn 2: the team lower after turn 1 (Art. 3).
            expected = first_to_declare(state, turn, seat.fixed, seat.mobile)
            assert leader.team == (seat.fixed if expected is None else expected)
            result = state.results[(turn, seat.table)]
            assert len(result.hands) == 2
            assert len(result.closed_hands) == 2
            assert result.fixed_vp + result.mobile_vp == 20
    # A team of five fields four: its member turn-1 sits out.
    sits_out = demo_teams._player(1, 0)
    line_up = state.line_ups[(1, 1)]
    assert sits_out not in (*line_up.open_room, *line_up.closed_room)
    final = standings(demo_teams.TEAMS_EVENT, demo_teams.TURNS)
    assert sorted(s["pair"] for s in final) == [1, 2, 3, 4]
    assert sum(s["turn_vp"] for s in final) == 20 * demo_teams.TURNS * 2

    ProjectionRunner(RegistryProjection()).catch_up()  # the names shown
    director = Client(HTTP_ACCEPT_LANGUAGE="it")
    director.force_login(get_user_model().objects.get(username="director"))
    page = director.get(f"/console/burraco/{demo_teams.TEAMS_EVENT}/turns/1/")
    assert page.status_code == 200
    body = text(page)
    assert (
        "Tavolo 1, squadra 1 (prima): sala aperta Demo burraco Squadra 1.2, "
        "Demo burraco Squadra 1.3; sala chiusa Demo burraco Squadra 1.4, "
        "Demo burraco Squadra 1.5"
    ) in body
