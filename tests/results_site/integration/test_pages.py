"""The results site's pages, rendered in process on the test database.

Names and clubs from the register on every result, number only for a player
who asked not to be published; nothing before publication for the public,
everything for the session's director; each page in a fixed number of queries
(no N+1: the same bound with 6 pairs as the 304 check proves per poll).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.support.site import FAMILY, GIVEN, HIDDEN, site_event

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9,en;q=0.5"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_home_page_speaks_italian_to_an_italian_browser_and_english_else() -> None:
    client = Client()
    italian = client.get("/", **IT)
    english = Client().get("/", **EN)
    assert italian.status_code == english.status_code == 200
    assert italian["Content-Language"] == "it"
    assert english["Content-Language"] == "en"
    assert "Risultati di bridge e burraco" in text(italian)
    assert "Bridge and burraco results" in text(english)
    assert '<html lang="it">' in italian.content.decode()


def test_the_language_switch_sets_the_language_for_the_next_pages() -> None:
    client = Client()
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"}, **IT)
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "Bridge and burraco results" in text(client.get("/", **IT))


def test_a_published_session_shows_names_and_clubs_and_a_number_for_the_hidden(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/"
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = Client().get(path, **EN)
    assert response.status_code == 200
    page = text(response)
    for i in range(12):
        if i == HIDDEN:
            assert f"Player no. {event.numbers[i]}" in page
            assert FAMILY[i] not in page
        else:
            assert f"{GIVEN[i]} {FAMILY[i]}" in page
    assert event.clubs[0] in page
    assert event.clubs[1] in page
    assert "Official" in page
    assert "Appeals until" in page
    italian = text(Client().get(path, **IT))
    assert "Classifica" in italian
    assert "Ufficiale" in italian
    assert f"Giocatore n. {event.numbers[HIDDEN]}" in italian


def test_before_publication_the_public_sees_that_results_are_not_published() -> None:
    event = site_event(publish=False)
    base = f"/events/{event.tid}/sessions/1/"
    for path in (base, base + "boards/1/", base + "entries/1/"):
        response = Client().get(path, **EN)
        assert response.status_code == 200
        page = text(response)
        assert "The results of this session are not yet published." in page
        if path == base:
            assert FAMILY[0] not in page  # no ranking, so no names
        assert "4S N" not in page
    director = Client()
    director.force_login(event.director_user)  # type: ignore[arg-type]
    page = text(director.get(base, **EN))
    assert "not yet published" not in page
    assert f"{GIVEN[0]} {FAMILY[0]}" in page
    assert "Provisional" in page


def test_a_traveller_in_italian_notation_and_in_english(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/boards/1/"
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        english = text(Client().get(path, **EN))
    italian = text(Client().get(path, **IT))
    assert "4S N" in english
    assert "3NT S" in english
    assert "H A" in english
    assert "4P N" in italian
    assert "3SA S" in italian
    assert "C A" in italian
    assert "Smazzata 1" in italian


def test_a_score_card_from_the_pairs_side(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/entries/4/"
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = Client().get(path, **EN)
    page = text(response)
    assert "Score card of pair 4" in page
    assert f"{GIVEN[6]} {FAMILY[6]}" in page  # pair 4's first player
    rows = re.findall(
        r"<tr>\s*<td class=\"num\"><a [^>]*>(\d+)</a></td>\s*<td>(\w+)</td>",
        response.content.decode(),
    )
    assert rows
    assert all(direction == "EW" for _, direction in rows)
    assert re.findall(r"-\d{3}", page)  # EW's scores from its side


def event_store_day() -> str:
    from django.utils import timezone

    from eventstore.store import event_store

    return timezone.localtime(event_store().now()).date().isoformat()


def test_the_events_list_searches_by_name_club_and_day() -> None:
    event = site_event(publish=True)
    client = Client()
    everything = text(client.get("/events/", **EN))
    assert "Coppa Arbitro" in everything
    assert "In progress" in everything
    assert "Coppa Arbitro" in text(client.get("/events/?q=coppa", **EN))
    assert "Coppa Arbitro" not in text(client.get("/events/?q=zzzz", **EN))
    assert "Coppa Arbitro" in text(
        client.get("/events/", {"club": event.clubs[0]}, **EN)
    )
    assert "Coppa Arbitro" not in text(client.get("/events/?club=nessuno", **EN))
    assert "Coppa Arbitro" not in text(client.get("/events/?day=2001-01-01", **EN))
    both = {"q": "coppa", "club": event.clubs[1]}
    assert "Coppa Arbitro" in text(client.get("/events/", both, **EN))
    wrong_name = {"q": "zzzz", "club": event.clubs[1]}
    assert "Coppa Arbitro" not in text(client.get("/events/", wrong_name, **EN))
    today = event_store_day()
    assert "Coppa Arbitro" in text(client.get("/events/", {"day": today}, **EN))


def test_an_event_page_lists_its_sessions_and_entries_with_names() -> None:
    event = site_event(publish=True)
    page = text(Client().get(f"/events/{event.tid}/", **IT))
    assert "Turno 1" in page
    assert "Ufficiale" in page
    assert f"{GIVEN[2]} {FAMILY[2]}" in page


def test_a_missing_page_is_the_sites_404_in_the_readers_language() -> None:
    for path in ("/nowhere/", "/events/00000000-0000-4000-8000-000000000000/"):
        response = Client().get(path, **IT)
        assert response.status_code == 404
        assert "Pagina non trovata" in text(response)
        assert "/static/results_site/site.css" in response.content.decode()
    assert "Page not found" in text(Client().get("/nowhere/", **EN))


def test_a_poll_that_finds_nothing_new_is_a_304_and_a_new_result_changes_it() -> None:
    event = site_event(publish=False, skip={(2, 1), (2, 2), (2, 3)})
    client = Client()
    client.force_login(event.director_user)  # type: ignore[arg-type]
    path = f"/events/{event.tid}/sessions/1/"
    first = client.get(path, HTTP_HX_REQUEST="true", **EN)
    assert first.status_code == 200
    tag = first["ETag"]
    assert first["Cache-Control"] == "no-cache"
    assert "<html" not in first.content.decode()  # a fragment, not a page
    again = client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag, **EN)
    assert again.status_code == 304
    assert again.content == b""
    from tests.support.pairs_event import enter_all, project

    enter_all(
        event.director,
        event.tid,
        {(b, t) for b in range(1, 7) for t in range(1, 4) if b != 2},
    )
    project()
    changed = client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag, **EN)
    assert changed.status_code == 200
    assert changed["ETag"] != tag


def test_static_files_and_the_offline_api_docs_are_served() -> None:
    client = Client()
    css = client.get("/static/results_site/site.css")
    assert css.status_code == 200
    assert b"@media print" in b"".join(css.streaming_content)  # type: ignore[attr-defined]
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    body = docs.content.decode()
    assert (
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in body
    )
    assert "cdn" not in body.lower()
    bundle = client.get(
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"
    )
    assert bundle.status_code == 200
    redoc = client.get("/api/redoc/").content.decode()
    assert "/static/drf_spectacular_sidecar/redoc/" in redoc
    assert "cdn" not in redoc.lower()
    htmx = client.get("/static/results_site/vendor/htmx-2.0.10.min.js")
    assert htmx.status_code == 200


def test_the_server_error_page_is_the_sites_and_the_apis_stays_a_problem() -> None:
    from django.test import RequestFactory
    from django.utils import translation

    from httpapi.problems import server_error

    with translation.override("it"):
        page = server_error(RequestFactory().get("/events/"))
    assert page.status_code == 500
    assert "Errore del server" in page.content.decode()
    assert "/static/results_site/site.css" in page.content.decode()
    api = server_error(RequestFactory().get("/api/v1/tournaments/"))
    assert api.status_code == 500
    assert api["Content-Type"] == "application/problem+json"


def test_the_recap_sheet_shows_every_pairs_points_on_every_board(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/recap/"
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = Client().get(path, **IT)
    body = response.content.decode()
    assert response.status_code == 200
    assert "Riepilogo" in text(response)
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]
    assert len(rows) == 6
    # Pair 2 (NS, first): 4 matchpoints on each of its six boards, 24 in all.
    cells = re.findall(r'<td class="num">([^<]*)</td>', rows[0])
    assert cells[-8:] == ["4", "4", "4", "4", "4", "4", "24,00", "100,00"]


def _queries(path: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path, **EN).status_code == 200
    return len(queries)


def test_the_lists_cost_the_same_queries_for_one_event_as_for_three(
    django_assert_max_num_queries: object,
) -> None:
    """No N+1: the home page, the events list (with a club search) and an
    event's page read a fixed number of queries whatever the field."""
    first = site_event(publish=True)
    club = first.clubs[0].replace(" ", "+")
    paths = ["/", "/events/", f"/events/?club={club}", f"/events/{first.tid}/"]
    one = [_queries(p) for p in paths]
    site_event(publish=True)
    site_event(publish=False)
    three = [_queries(p) for p in paths]
    assert one == three
    for path in paths:
        with django_assert_max_num_queries(8):  # type: ignore[operator]
            Client().get(path, **EN)


def test_the_api_keeps_answering_in_english_to_an_italian_client() -> None:
    """LocaleMiddleware would give DRF's Italian messages to an Italian
    client: the API's answers stay as they were (config/locale.py)."""
    response = Client().get("/api/v1/me/", **IT)
    assert response.status_code == 403
    assert response.json()["detail"] == "Authentication credentials were not provided."
    assert "Content-Language" not in response
    page = Client().get("/events/", **IT)
    assert page["Content-Language"] == "it"


def test_english_pages_write_the_day_first_and_the_24_hour_clock() -> None:
    """Django's "en" formats are American ("Nov. 26, 2026, 8 a.m."); the
    English pages of an Italian event read as the venue's clock does."""
    from django.utils import timezone

    from tournaments.models import TournamentRow

    event = site_event(publish=True)
    row = TournamentRow.objects.get(tournament_id=event.tid)
    when = timezone.localtime(row.starts_at)
    english = text(Client().get(f"/events/{event.tid}/", **EN))
    assert f"{when.day} {when:%B} {when.year}, {when:%H:%M}" in english
    assert not re.search(r"\b[ap]\.m\.", english)
    assert not re.search(
        r"\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\. \d", english
    )
    italian = text(Client().get(f"/events/{event.tid}/", **IT))
    months = "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
    month = months.split()[when.month - 1]
    assert f"{when.day} {month} {when.year}, {when:%H:%M}" in italian


def test_a_board_the_session_does_not_play_is_not_found() -> None:
    """Board 99 of a six-board session answered 200, "Smazzata 99 … Ancora
    nessun risultato.", as if it were still to be played."""
    event = site_event(publish=True)
    base = f"/events/{event.tid}/sessions/1/boards/"
    missing = Client().get(base + "99/", **IT)
    assert missing.status_code == 404
    assert "Pagina non trovata" in text(missing)
    assert Client().get(base + "6/", **IT).status_code == 200
    assert Client().get(base + "7/", **IT).status_code == 404
