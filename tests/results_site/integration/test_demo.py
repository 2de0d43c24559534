"""``make run``'s demo holds a session in play for the results site."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from registry.projections import RegistryProjection
from tournaments import demo
from tournaments.domain.board_result import ResultCorrected
from tournaments.models import ResultRow, RulingRow, SessionRow
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_session_in_play_shown_live_to_its_director() -> None:
    assert demo.build() is True
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(RegistryProjection()).catch_up()
    session = SessionRow.objects.get(tournament_id=demo.LIVE_EVENT, session=1)
    assert session.status == "provisional"
    tables = set(
        ResultRow.objects.filter(tournament_id=demo.LIVE_EVENT).values_list(
            "table", flat=True
        )
    )
    assert tables == {1, 2, 3}  # three of five tables through their first round
    path = f"/events/{demo.LIVE_EVENT}/sessions/1/"
    public = Client().get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert "not yet published" in public.content.decode()
    director = get_user_model().objects.create_user("demo-td")
    RoleGrant.objects.create(
        user=director, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=demo.LIVE_EVENT
    )
    client = Client()
    client.force_login(director)
    page = client.get(path, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'hx-trigger="every 1s"' in page
    assert "Provvisoria" in page
    assert "Circolo del Bridge Roma" in page
    assert len(re.findall(r'aria-label="Smazzata \d+"', page)) == 9
    teams = Client().get(
        f"/events/{demo.TEAMS_EVENT}/sessions/1/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert teams.status_code == 200


def test_a_final_sessions_pages_stop_polling() -> None:
    """The fragment carries its own polling (outerHTML swap): a session whose
    scores are final answers a fragment without it, and the page stops."""
    assert demo.build() is True
    ProjectionRunner(TournamentResults()).catch_up()
    final = SessionRow.objects.get(tournament_id=demo.PAIRS_EVENT, session=1)
    assert final.status == "final"
    path = f"/events/{demo.PAIRS_EVENT}/sessions/1/"
    page = Client().get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    fragment = Client().get(path, HTTP_HX_REQUEST="true").content.decode()
    assert "Final" in page
    assert "hx-trigger" not in page
    assert fragment.startswith('<div id="live" aria-live="polite">')
    official = (
        Client()
        .get(f"/events/{demo.PAIRS_EVENT}/sessions/2/", HTTP_HX_REQUEST="true")
        .content.decode()
    )
    assert 'hx-trigger="every 1s" hx-swap="outerHTML"' in official


def test_the_demos_ruling_and_correction_read_in_italian() -> None:
    """The demo's director wrote his ruling and correction in English, shown
    as typed on the Italian pages; the demo is Italian (its players, clubs
    and events), so is what its director writes."""
    assert demo.build() is True
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(RegistryProjection()).catch_up()
    page = (
        Client()
        .get(
            f"/events/{demo.PAIRS_EVENT}/sessions/1/rulings/",
            HTTP_ACCEPT_LANGUAGE="it",
        )
        .content.decode()
    )
    decisions = re.findall(r"<dt>Decisione</dt><dd>([^<]*)</dd>", page)
    assert decisions == ["media più a Nord-Sud, media meno a Est-Ovest"]
    ruling = RulingRow.objects.get(tournament_id=demo.PAIRS_EVENT)
    assert (ruling.facts, ruling.decision) == (
        "è stata sfruttata un'esitazione prima del passo finale",
        "media più a Nord-Sud, media meno a Est-Ovest",
    )
    corrected = [
        e.event.reason
        for e in event_store().read_tournament(demo.PAIRS_EVENT)
        if isinstance(e.event, ResultCorrected)
    ]
    assert corrected == ["prese concordate dopo un riconteggio"]
