"""Team matches, team standings, the knockout bracket and rulings on the
results site (issue 17), rendered in process on the test database.

The demo's own events (``tournaments.demo``, ``tournaments.demo_knockout``):
a Swiss teams event of three rounds, the last unpublished, and a knockout of
four teams, every stage published. Each page in a fixed number of queries;
what is not published shows to nobody but its directors (decision 0105).
"""

from __future__ import annotations

import random
import re
import uuid
from decimal import Decimal

import pytest
from django.test import Client

from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry.projections import RegistryProjection
from tournaments import demo, demo_knockout, handlers, page_selectors
from tournaments.domain import board_result, tournament
from tournaments.models import MatchRow
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
KO = demo_knockout.KNOCKOUT_EVENT


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def catch_up() -> None:
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(RegistryProjection()).catch_up()


@pytest.fixture
def teams() -> None:
    demo.build_teams_event(random.Random(2017))
    catch_up()


@pytest.fixture
def knockout() -> None:
    demo_knockout.build()
    catch_up()


def names(event: uuid.UUID, entry: int) -> list[str]:
    """The registered names of an entry's players, as the demo made them."""
    from registry.boundary import public_people
    from tournaments.models import EntryRow

    row = EntryRow.objects.get(tournament_id=event, number=entry)
    people = public_people(row.player_ids)
    return [str(people[p].name) for p in row.player_ids]


def test_a_teams_session_shows_each_match_board_by_board_in_imps_and_its_vps(
    teams: None, django_assert_max_num_queries: object
) -> None:
    path = f"/events/{demo.TEAMS_EVENT}/sessions/1/matches/"
    with django_assert_max_num_queries(9):  # type: ignore[operator]
        response = Client().get(path, **EN)
    assert response.status_code == 200
    page = text(response)
    matches = list(
        MatchRow.objects.filter(tournament_id=demo.TEAMS_EVENT, session=1).order_by(
            "round", "team_a"
        )
    )
    assert len(matches) == 3  # six teams, three matches a round
    for m in matches:
        assert f"Round 1: team {m.team_a} v team {m.team_b}" in page
        assert f"IMPs {m.imps_a} – {m.imps_b}" in page
        assert f"VP {m.vp_a:.2f} – {m.vp_b:.2f}" in page
        for name in names(demo.TEAMS_EVENT, m.team_a):
            assert name in page
    # The boards' IMPs add up to each match's, as the projection scored it.
    for scored, m in zip(
        page_selectors.team_matches(demo.TEAMS_EVENT, 1), matches, strict=True
    ):
        assert len(scored.boards) == demo.BOARDS_PER_MATCH
        assert sum(b.imps_a for b in scored.boards) == m.imps_a
        assert sum(b.imps_b for b in scored.boards) == m.imps_b
    assert page.count("IMPs board by board") == 3
    assert "WBF 20-VP scale" in page
    italian = text(Client().get(path, **IT))
    assert "Incontri del turno 1" in italian
    assert f"VP {str(matches[0].vp_a).replace('.', ',')}" in italian


def test_an_unpublished_teams_session_shows_its_matches_to_its_director_only(
    teams: None,
) -> None:
    path = f"/events/{demo.TEAMS_EVENT}/sessions/3/matches/"
    public = text(Client().get(path, **EN))
    assert "The results of this session are not yet published." in public
    assert "IMPs board by board" not in public
    from django.contrib.auth import get_user_model

    from access.models import RoleGrant

    director = get_user_model().objects.create_user("teams-td")
    RoleGrant.objects.create(
        user=director,
        role=RoleGrant.Role.CHIEF_DIRECTOR,
        tournament_id=demo.TEAMS_EVENT,
    )
    client = Client()
    client.force_login(director)
    page = text(client.get(path, **EN))
    assert "not yet published" not in page
    assert page.count("IMPs board by board") == 3


def test_the_team_standings_count_the_published_sessions_with_the_players_names(
    teams: None, django_assert_max_num_queries: object
) -> None:
    path = f"/events/{demo.TEAMS_EVENT}/standings/"
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = Client().get(path, **EN)
    page = text(response)
    assert "Over 2 published sessions of 3" in page
    expected = page_selectors.overall_standings(demo.TEAMS_EVENT, {1, 2})
    rows = re.findall(
        r"<tr>\s*<td class=\"num\">(\d+)=?</td><td class=\"num\">(\d+)</td>",
        response.content.decode(),
    )
    assert [(int(r), int(n)) for r, n in rows] == [
        (line["rank"], line["entry_number"]) for line in expected
    ]
    assert f"{Decimal(expected[0]['vp']):.2f}" in page
    for name in names(demo.TEAMS_EVENT, expected[0]["entry_number"]):
        assert name in page
    italian = text(Client().get(path, **IT))
    assert "Classifica a squadre" in italian
    assert "Su 2 turni pubblicati di 3" in italian


def test_the_bracket_shows_each_stage_its_imps_and_the_winners(
    knockout: None, django_assert_max_num_queries: object
) -> None:
    path = f"/events/{KO}/bracket/"
    # 12: one of them reads the IMP penalties (decision 0163).
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = Client().get(path, **EN)
    assert response.status_code == 200
    page = text(response)
    assert "Semifinals" in page
    assert "Final" in page
    assert "Winners: Team 1" in page
    body = response.content.decode()
    # The semifinals: 1 beat 4, 3 beat 2 (the demo's upset); 1 won the final.
    won = re.findall(
        r'ko-side ko-won"><span class="ko-team"><span class="ko-number">(\d)', body
    )
    assert won == ["1", "3", "1"]
    imps = [int(i) for i in re.findall(r'class="ko-imps"[^>]*>(\d+)<', body)]
    assert imps == [21, 4, 4, 21, 23, 4]
    italian = text(Client().get(path, **IT))
    assert "Tabellone a eliminazione diretta" in italian
    assert "Vincitori: Squadra 1" in italian
    assert "Qualificata" in italian


def test_the_bracket_counts_only_the_sessions_given(knockout: None) -> None:
    """A reader who may see only the semifinals sees the final still to play."""
    stages, champion, matches = page_selectors.bracket(KO, {1}) or (0, None, [])
    assert (stages, champion) == (2, None)
    final = next(m for m in matches if m.stage == 2)
    assert (final.home, final.away, final.winner) == (1, 3, None)
    assert (final.home_imps, final.away_imps) == (None, None)


def test_pages_an_event_does_not_have_are_the_sites_404(teams: None) -> None:
    assert Client().get(f"/events/{demo.TEAMS_EVENT}/bracket/", **EN).status_code == 404
    assert Client().get(f"/events/{uuid.uuid4()}/standings/", **EN).status_code == 404
    missing = Client().get(f"/events/{demo.TEAMS_EVENT}/sessions/9/matches/", **IT)
    assert missing.status_code == 404
    assert "Pagina non trovata" in text(missing)


def test_a_ruling_shows_its_board_law_and_adjusted_score_in_words(
    django_assert_max_num_queries: object,
) -> None:
    demo.build_pairs_event(random.Random(2017))
    catch_up()
    path = f"/events/{demo.PAIRS_EVENT}/sessions/1/rulings/"
    with django_assert_max_num_queries(9):  # type: ignore[operator]
        response = Client().get(path, **EN)
    page = text(response)
    assert "Board 1, table 1" in page
    assert "Law 16B, Law 12C2" in page
    # The director's words as he wrote them (Italian, decision 0198).
    assert "media più a Nord-Sud, media meno a Est-Ovest" in page
    assert "Awarded: 60% / 40%" in page
    for name in names(demo.PAIRS_EVENT, 1):
        assert name in page
    italian = text(Client().get(path, **IT))
    assert "Assegnato: 60% / 40%" in italian
    assert "Legge 16B, Legge 12C2" in italian


def test_a_weighted_assigned_score_in_words_and_nothing_before_publication() -> None:
    from tests.support.site import site_event

    event = site_event(publish=False)
    tid = uuid.UUID(event.tid)
    ruling = uuid.uuid4()
    meta = Metadata(actor="system:tests", tournament_id=tid)
    handlers.handle_tournament(
        tid,
        tournament.GiveRuling(
            ruling_id=ruling,
            session=1,
            board_number=2,
            table=1,
            laws=("23", "12C1"),
            facts="a revoke",
            decision="four spades doubled, weighted",
            director="system:tests",
        ),
        metadata=meta,
    )
    handlers.handle_board_result(
        handlers.TableRef(tid, 1, 2, 1),
        lambda _a: board_result.AwardAdjustedScore(
            score="assigned:-420@0.7,-450@0.3",
            law="12C1",
            reason="Law 23",
            ruling_id=ruling,
        ),
        metadata=meta,
    )
    catch_up()
    path = f"/events/{tid}/sessions/1/rulings/"
    public = text(Client().get(path, **EN))
    assert "not yet published" in public
    assert "four spades doubled" not in public
    handlers.handle_tournament(tid, tournament.PublishScores(session=1), metadata=meta)
    catch_up()
    page = text(Client().get(path, **EN))
    assert (
        "Assigned score (Law 12C1): -420 to North-South (70%), -450 to North-South (30%)"
        in page
    )
    assert "a revoke" not in page  # the facts stay the director's, as in the API


def test_a_teams_event_page_links_its_standings_bracket_matches_and_rulings(
    teams: None, knockout: None
) -> None:
    body = Client().get(f"/events/{KO}/", **EN).content.decode()
    for link in (
        "standings/",
        "bracket/",
        "sessions/1/matches/",
        "sessions/2/rulings/",
    ):
        assert f'href="/events/{KO}/{link}"' in body
    swiss = Client().get(f"/events/{demo.TEAMS_EVENT}/", **EN).content.decode()
    assert f'href="/events/{demo.TEAMS_EVENT}/standings/"' in swiss
    assert "bracket/" not in swiss  # a Swiss has no knockout session
