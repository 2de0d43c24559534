"""The record, shown (issue 17): a result's history from its stream, and the
standings as they stood at any moment, replayed by the one scorer; both
within the visibility rules (decision 0105), each in a fixed number of
queries."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from tests.support.pairs_event import project
from tests.support.site import SiteEvent, site_event, user_named
from tournaments import selectors

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
FIELDS = (
    "entry_number",
    "direction",
    "boards",
    "matchpoints",
    "percent",
    "rank",
    "tied",
)


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def _snapshot(tid: str) -> list[tuple[object, ...]]:
    return sorted(
        tuple(getattr(s, f) for f in FIELDS)
        for s in selectors.standings(uuid.UUID(tid), 1)
    )


def corrected_and_ruled(event: SiteEvent) -> None:
    """Board 1 at table 1 corrected (11 tricks), board 3 at table 2 adjusted."""
    director = event.director
    r = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 11, "lead": "HA", "reason": "recount"},
        format="json",
    )
    assert r.status_code == 201, r.json()
    r = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/rulings/",
        {
            "board_number": 3,
            "table": 2,
            "laws": ["12C2"],
            "facts": "fouled auction",
            "decision": "average plus to NS, average minus to EW",
            "adjusted_score": "A60/40",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    project()


def test_a_results_history_names_the_law_the_reason_and_the_ruling(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=False)
    before = _snapshot(event.tid)
    corrected_and_ruled(event)
    base = f"/events/{event.tid}/sessions/1/boards"
    hidden = Client().get(f"{base}/1/tables/1/", **EN)
    assert hidden.status_code == 200
    assert "not yet published" in text(hidden)
    assert "recount" not in text(hidden)
    director = Client()
    director.force_login(event.director_user)  # type: ignore[arg-type]
    # The director's session and grants (4), the event and session (2), the
    # row, the stream and the rulings (3), the traveller, entries and names (5).
    with django_assert_max_num_queries(14):  # type: ignore[operator]
        page = text(director.get(f"{base}/1/tables/1/", **EN))
    assert "Board 1, table 1 The record of the result" in page
    assert "Entered by the director 4S N, lead H A, 10 tricks" in page
    assert "Corrected (Law 79C1) 4S N, lead H A, 11 tricks Reason: recount" in page
    adjusted = text(director.get(f"{base}/3/tables/2/", **EN))
    assert "Score adjusted to A60/40 (Law 12C2)" in adjusted
    assert "(Laws 12C2): average plus to NS, average minus to EW" in adjusted
    italian = text(director.get(f"{base}/1/tables/1/", **IT))
    assert "Inserito dall'arbitro 4P N, attacco C A, 10 prese" in italian
    assert "Corretto (Legge 79C1)" in italian
    assert "Motivo: recount" in italian
    assert director.get(f"{base}/1/tables/9/", **EN).status_code == 404
    # The time control before the correction and the ruling: the standings
    # the read model held then, replayed by the one scorer.
    staff = user_named(event.director_user.username)  # type: ignore[attr-defined]
    replay = selectors.standings_at(staff, uuid.UUID(event.tid), 1)
    assert replay is not None
    assert len(replay.moments) == 20  # 18 results, a correction, an adjustment
    earlier = selectors.standings_at(staff, uuid.UUID(event.tid), 1, moment=18)
    assert earlier is not None
    assert (
        sorted(tuple(getattr(s, f) for f in FIELDS) for s in earlier.standings)
        == before
    )
    now = sorted(tuple(getattr(s, f) for f in FIELDS) for s in replay.standings)
    assert now == _snapshot(event.tid)
    assert now != before
    assert (
        selectors.standings_at(staff, uuid.UUID(event.tid), 1, moment=0).standings == []
    )  # type: ignore[union-attr]
    anonymous = _anonymous()
    assert selectors.result_history(anonymous, uuid.UUID(event.tid), 1, 1, 1) is None  # type: ignore[arg-type]


def _anonymous() -> object:
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


def test_the_time_control_replays_to_a_moment_or_a_time_and_refuses_bad_input(
    django_assert_max_num_queries: object,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/as-of/"
    client = Client()
    # The event and session (3 with the replay's own), the stream's tail, the
    # tournament's events, the conditions (3), the entries and names (4).
    with django_assert_max_num_queries(13):  # type: ignore[operator]
        now = client.get(path, **EN)
    assert now.status_code == 200
    assert "after 18 of 18 changes to the scores" in text(now)
    assert 'type="range"' in now.content.decode()
    third = text(client.get(f"{path}?moment=3", **IT))
    assert "dopo 3 di 18 modifiche ai punteggi" in third
    assert "Giocatore n." in third  # the hidden player, by number only
    first = text(client.get(f"{path}?moment=0", **EN))
    assert "Before the first result (18 changes to the scores in all)." in first
    assert "No result yet." in first
    early = text(client.get(f"{path}?time=00:00:00", **EN))
    assert "Before the first result" in early
    assert client.get(f"{path}?moment=abc", **EN).status_code == 400
    assert client.get(f"{path}?time=25:99", **EN).status_code == 400
    assert client.get(f"/events/{event.tid}/sessions/7/as-of/", **EN).status_code == 404
    hidden = site_event(publish=False)
    page = text(Client().get(f"/events/{hidden.tid}/sessions/1/as-of/", **EN))
    assert "not yet published" in page
    assert "changes to the scores" not in page
