"""A player's history across events and a burraco event's page (issue 17),
rendered in process on the test database.

The history is by federation number and only for a published player: one
who asked not to be published appears by number only, and has no page
(decision 0113). The burraco page shows the standings (VP, MP) with names
after the turns the reader may see (Art. 20, decision 0122).
"""

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from burraco import demo as burraco_demo
from burraco import domain as burraco
from burraco import selectors as burraco_selectors
from burraco.handlers import handle_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry import domain
from registry.handlers import Identity, player_command, register_player
from tests.results_site.integration.test_pages import _queries
from tests.results_site.integration.test_team_pages import EN, IT, catch_up, text
from tests.support.burraco_event import open_burraco
from tournaments import demo, demo_knockout

pytestmark = pytest.mark.django_db

DEMO_NUMBER = "99001010"  # the demo player: pair 1 of the pairs event
BURRACO = burraco_demo.BURRACO_EVENT


def test_a_players_history_lists_his_events_with_his_ranks(
    django_assert_max_num_queries: object,
) -> None:
    demo.build_pairs_event(random.Random(2017))
    catch_up()
    path = f"/players/{DEMO_NUMBER}/"
    one = _queries(path)
    demo_knockout.build()  # team 1 fields the demo player
    catch_up()
    # Fixed reads, and one read of each event's stream for its visibility.
    assert _queries(path) == one + 1
    with django_assert_max_num_queries(13):  # type: ignore[operator]
        response = Client().get(path, **EN)
    page = text(response)
    assert "Federation number 99001010" in page
    assert "Coppa Arbitro (demo pairs)" in page
    assert "Coppa a eliminazione (demo knockout)" in page
    # The knockout first: the events latest first.
    assert page.index("demo knockout") < page.index("demo pairs")
    assert "Team 1:" in page
    assert "Pair 1:" in page
    body = response.content.decode()
    assert f'href="/events/{demo.PAIRS_EVENT}/sessions/1/entries/1/"' in body
    italian = text(Client().get(path, **IT))
    assert "Tessera federale 99001010" in italian
    assert "Tornei giocati" in italian


def test_an_unpublished_player_has_no_page_and_shows_by_number_only() -> None:
    demo.build_pairs_event(random.Random(2017))
    catch_up()
    partner = demo.player(1, 1, demo.PAIRS_EVENT)
    before = Client().get("/players/99001011/", **EN)
    assert before.status_code == 200
    name = re.search(r"<h1>([^<]+)</h1>", before.content.decode())
    assert name is not None
    player_command(
        domain.SetPlayerPublication(player_id=partner, published=False),
        metadata=Metadata(actor="system:tests"),
    )
    catch_up()
    assert Client().get("/players/99001011/", **EN).status_code == 404
    assert Client().get("/players/00000000/", **EN).status_code == 404
    assert Client().get("/players/" + "9" * 40 + "/", **EN).status_code == 404
    # On his partner's page he is a number, with no link to a page of his own.
    page = Client().get(f"/players/{DEMO_NUMBER}/", **EN).content.decode()
    assert "Player no. 99001011" in page
    assert name.group(1) not in page
    assert 'href="/players/99001011/"' not in page


def _burraco() -> None:
    director = get_user_model().objects.create_user(f"bd{uuid.uuid4().hex[:6]}")
    burraco_demo.build(lambda _m: None, director=f"user:{director.pk}")
    catch_up()


def test_a_burraco_event_shows_its_standings_with_names_vp_and_mp(
    django_assert_max_num_queries: object,
) -> None:
    _burraco()
    path = f"/events/{BURRACO}/burraco/"
    with django_assert_max_num_queries(10):  # type: ignore[operator]
        response = Client().get(path, **EN)
    assert response.status_code == 200
    page = text(response)
    assert "Standings after turn 5" in page
    final = burraco_selectors.standings(BURRACO, burraco_demo.TURNS)
    body = response.content.decode()
    rows = re.findall(
        r'<tr>\s*<td class="num">(\d+)=?</td><td class="num">(\d+)</td>.*?'
        r'<td class="num">(-?\d+)</td><td class="num wide">[^<]*</td>'
        r'<td class="num">(-?\d+)</td>',
        body,
        flags=re.S,
    )
    assert [tuple(map(int, r)) for r in rows] == [
        (s["rank"], s["pair"], s["vp"], s["mp"]) for s in final
    ]
    assert "Demo burraco Giocatore 1.1" in page
    warned = next(s for s in final if s["pair"] == burraco_demo.WARNED)
    assert f"−{warned['deduction']}" in page
    assert "Checks until" in page  # the final standings' ten minutes (Art. 20)
    assert "Tables of turn 5" in page
    # Every turn's standings, once the next positions were shown.
    earlier = text(Client().get(path + "?turn=2", **EN))
    assert "Standings after turn 2" in earlier
    assert "Standings after turn 5" not in earlier
    italian = text(Client().get(path, **IT))
    assert "Classifica dopo il turno 5" in italian
    assert "Controlli fino al" in italian


def test_burraco_events_are_listed_and_link_to_their_page() -> None:
    _burraco()
    body = Client().get("/events/", **EN).content.decode()
    assert "Torneo di burraco (demo)" in body
    assert f'href="/events/{BURRACO}/burraco/"' in body
    event = Client().get(f"/events/{BURRACO}/", **EN).content.decode()
    assert f'href="/events/{BURRACO}/burraco/"' in event
    assert Client().get(f"/events/{uuid.uuid4()}/burraco/", **EN).status_code == 404
    bad = Client().get(f"/events/{BURRACO}/burraco/?turn=x1", **EN)
    assert bad.status_code == 200
    assert "Standings after turn 5" in text(bad)


def test_a_burraco_event_reads_as_burraco_not_as_bridge() -> None:
    """The listing counted a burraco event's bridge sessions ("0 turni"), its
    page said "Ancora nessun turno." above five played turns, and the footer
    named the bridge Laws and FIGB on F.I.Bur.'s tournament."""
    _burraco()
    listing = text(Client().get("/events/", **IT))
    card = re.search(r"Torneo di burraco \(demo\) (.*?) Burraco", listing)
    assert card is not None, listing
    assert "turni" not in card.group(1)
    assert "0 turni" not in listing
    event = text(Client().get(f"/events/{BURRACO}/", **IT))
    assert "Ancora nessun turno." not in event
    assert "Classifica e turni di burraco" in event
    fibur = "Risultati tenuti da Arbitro, secondo il Codice di Gara F.I.Bur."
    assert fibur in event
    assert "regolamenti FIGB" not in event
    page = text(Client().get(f"/events/{BURRACO}/burraco/", **IT))
    assert fibur in page
    assert "regolamenti FIGB" not in page
    english = text(Client().get(f"/events/{BURRACO}/burraco/", **EN))
    assert "Results kept by Arbitro, by the F.I.Bur. Codice di Gara." in english
    # A bridge event keeps its own footer.
    assert "FIGB" in text(Client().get("/events/", **IT))


def test_a_turn_in_play_shows_nothing_to_the_public_and_all_to_its_director() -> None:
    """Art. 20 (decision 0122): turn 1's results and the standings after it
    are public once turn 2's positions are shown; until then its director
    sees them, the public the rule and no standings."""
    pairs = []
    for number in range(1, 5):
        pairs.append(
            tuple(
                register_player(
                    Identity(
                        federation_number=str(uuid.uuid4().int)[:9],
                        family_name=f"Coppia{number}",
                        given_name=f"Membro{member}",
                    ),
                    domain.PlayerCategory.NOT_CLASSIFIED,
                    metadata=Metadata(actor="system:tests"),
                )[0]
                for member in range(2)
            )
        )
    # The demo's sheets: its hands a turn.
    tid, meta = open_burraco(pairs, hands_per_turn=burraco_demo.HANDS, turns=2)
    handle_burraco(tid, burraco.PublishPositions(turn=1), metadata=meta)
    rng = random.Random(7)
    for table in (1, 2):
        sheet = burraco_demo._sheet(rng)
        handle_burraco(
            tid,
            burraco.EnterScoreSheet(turn=1, table=table, hands=sheet),
            metadata=meta,
        )
    catch_up()
    ProjectionRunner(BurracoStandings()).catch_up()
    path = f"/events/{tid}/burraco/"
    public = text(Client().get(path, **EN))
    assert "Turn 1 is in play." in public
    assert "No turn's results are public yet" in public
    assert "Coppia1" not in public
    assert "Corrections of turn 1 until the positions of turn 2 are shown" in public
    assert "Standings after turn 1" not in text(Client().get(path + "?turn=1", **EN))
    director = get_user_model().objects.create_user("burraco-td")
    RoleGrant.objects.create(
        user=director, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    client = Client()
    client.force_login(director)
    page = text(client.get(path, **EN))
    assert "Standings after turn 1" in page
    assert "Membro0 Coppia1" in page
    handle_burraco(tid, burraco.PublishPositions(turn=2), metadata=meta)
    ProjectionRunner(BurracoStandings()).catch_up()
    assert "Standings after turn 1" in text(Client().get(path, **EN))
