"""A board's deal on its traveller page (issue 17): the four-hand diagram,
the double-dummy table and par, once the hand records may be seen.

The deals are DDS's own examples (``tests/support/site.DEALS``), solved by
DDS in this process; the figures asserted are the ones tests/boards checks
against DDS's examples. Before publication the public sees nothing of a deal,
the session's director sees it; each page in a pinned number of queries.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.support.site import DEALS, record_deals, site_event, strip_csrf

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9,en;q=0.5"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def hand(html: str, seat: str) -> str:
    """The text of one hand of the diagram (its seat's block)."""
    found = re.search(
        rf'<div class="hand hand-{seat}".*?</ul>\s*</div>', html, flags=re.S
    )
    assert found, f"no hand {seat}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))).strip()


def dd_rows(html: str) -> dict[str, list[int]]:
    table = re.search(r'<table class="results dd">.*?</table>', html, flags=re.S)
    assert table, "no double-dummy table"
    rows = re.findall(
        r'<tr><th scope="row"><abbr [^>]*>(\w)</abbr></th>(.*?)</tr>', table.group(0)
    )
    return {
        seat: [int(n) for n in re.findall(r">(\d+)</td>", cells)]
        for seat, cells in rows
    }


def par_line(html: str) -> str:
    found = re.search(r'<p class="par">(.*?)</p>', html, flags=re.S)
    assert found, "no par"
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_deal_with_its_double_dummy_table_and_par_in_english(
    django_assert_num_queries: object,
) -> None:
    event = site_event(publish=True)
    record_deals(event.tid, DEALS)
    path = f"/events/{event.tid}/sessions/1/boards/1/"
    Client().get(path, **EN)  # the tournament stream into the process cache
    cache.clear()  # the page rendered again (decision 0167 keeps renders)
    # The reader's sight and the session's position (the render's key), the
    # traveller's nine, and the deal's two: the tournament stream's tail (its
    # visibility and hand record) and the board's analysis.
    with django_assert_num_queries(13):  # type: ignore[operator]
        response = Client().get(path, **EN)
    assert response.status_code == 200
    # The next reader of the same class gets that render: the sight and the
    # position, no page read.
    with django_assert_num_queries(2):  # type: ignore[operator]
        shared = Client().get(path, **EN)
    assert strip_csrf(shared.content) == strip_csrf(response.content)
    html = response.content.decode()
    assert hand(html, "n") == (
        "North dealer Spades Q J 6 Hearts K 6 5 2 Diamonds J 8 5 Clubs 10 9 8".replace(
            "Spades", "♠ Spades"
        )
        .replace("Hearts", "♥ Hearts")
        .replace("Diamonds", "♦ Diamonds")
        .replace("Clubs", "♣ Clubs")
    )
    assert hand(html, "w") == (
        "West ♠ Spades A 10 9 4 2 ♥ Hearts A Q 4 ♦ Diamonds 3 2 ♣ Clubs K J 3"
    )
    assert hand(html, "e") == (
        "East ♠ Spades 8 7 3 ♥ Hearts J 9 7 ♦ Diamonds A 10 7 6 4 ♣ Clubs Q 4"
    )
    assert hand(html, "s") == (
        "South ♠ Spades K 5 ♥ Hearts 10 8 3 ♦ Diamonds K Q 9 ♣ Clubs A 7 6 5 2"
    )
    assert "Nobody vulnerable" in html
    assert 'Dealer: <abbr title="North">N</abbr>' in html
    # Declarer by row (N, S, E, W), denomination by column (NT, S, H, D, C).
    rows = dd_rows(html)
    assert list(rows) == ["N", "S", "E", "W"]
    assert [r[0] for r in rows.values()] == [6, 6, 6, 6]  # NT
    assert [r[1] for r in rows.values()] == [5, 5, 8, 8]  # spades
    assert par_line(html) == "Par -110 NS: 2S E =, 2S W ="
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    # The traveller is still there, below the deal.
    assert html.index('class="deal"') < html.index('class="results traveller"')
    assert "4S N" in page


def test_the_deal_in_italian_notation() -> None:
    event = site_event(publish=True)
    record_deals(event.tid, DEALS)
    html = Client().get(f"/events/{event.tid}/sessions/1/boards/2/", **IT)
    html_text = html.content.decode()
    assert hand(html_text, "n") == (
        "Nord in zona ♠ Picche A R 9 6 ♥ Cuori R D 8 ♦ Quadri A 9 8 ♣ Fiori R 6 3"
    ).replace("Nord in zona", "Nord , in zona")
    # South holds no spade: a dash, and "vuoto" for a screen reader.
    assert hand(html_text, "s").startswith("Sud , in zona ♠ Picche — vuoto ♥ Cuori F")
    assert hand(html_text, "e").startswith("Est mazziere ♠ Picche D F 10 5 4 3 2")
    assert "Nord-Sud in zona" in html_text
    assert 'Mazziere: <abbr title="Est">E</abbr>' in html_text
    header = re.search(r"<thead>.*?</thead>", html_text.split('class="results dd"')[1])
    assert header
    columns = re.findall(
        r'<span aria-hidden="true">(?:<span[^>]*>.</span>)?(\w+)</span>',
        header.group(0),
    )
    assert columns == ["SA", "P", "C", "Q", "F"]
    assert list(dd_rows(html_text)) == ["N", "S", "E", "O"]
    assert par_line(html_text) == "Par +100 NS: 4P contré E -1, 4P contré O -1"
    assert '<h2 id="deal-title">La distribuzione</h2>' in html_text


def test_nothing_of_the_deal_before_publication_but_the_director_sees_it() -> None:
    event = site_event(publish=False)
    record_deals(event.tid, DEALS)
    path = f"/events/{event.tid}/sessions/1/boards/1/"
    public = Client().get(path, **EN).content.decode()
    assert "not yet published" in public
    for seen in ('class="deal"', "hand-n", "Dealer", "Par", "K 6 5 2", "♠"):
        assert seen not in public
    director = Client()
    director.force_login(event.director_user)  # type: ignore[arg-type]
    html = director.get(path, **EN).content.decode()
    assert 'class="deal"' in html
    assert 'Spades</span> <span class="cards">Q J 6</span>' in html
    assert dd_rows(html)["N"][0] == 6


def test_a_deal_not_yet_analysed_and_a_board_without_a_deal() -> None:
    event = site_event(publish=True)
    record_deals(event.tid, {1: DEALS[1]}, analyse=False)
    base = f"/events/{event.tid}/sessions/1/boards/"
    first = Client().get(base + "1/", **EN).content.decode()
    assert 'class="deal"' in first
    assert "The double-dummy analysis of this deal is not ready yet." in first
    assert 'class="results dd"' not in first
    third = Client().get(base + "3/", **EN).content.decode()
    assert 'class="deal"' not in third
    assert 'class="results traveller"' in third


def test_an_open_board_page_shows_the_deal_at_the_poll_after_publication() -> None:
    from tests.support.pairs_event import project

    event = site_event(publish=False)
    record_deals(event.tid, DEALS)
    path = f"/events/{event.tid}/sessions/1/boards/1/"
    poll = {"HTTP_HX_REQUEST": "true", **EN}
    before = Client().get(path, **poll)
    assert before.status_code == 200
    assert 'class="deal"' not in before.content.decode()
    tag = before["ETag"]
    assert Client().get(path, HTTP_IF_NONE_MATCH=tag, **poll).status_code == 304
    published = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert published.status_code == 201
    project()
    after = Client().get(path, HTTP_IF_NONE_MATCH=tag, **poll)
    assert after.status_code == 200
    html = after.content.decode()
    assert 'class="deal"' in html
    assert html.startswith('<div id="live"')
    assert dd_rows(html)["W"][1] == 8
