"""The burraco public pages read only the read model ``burraco.standings.v1``
(decision 0221): what the directors publish appears once the projection has
applied it, never from the write side; ``?min_position=`` waits for it as
the API's reads do and says how fresh the page is (decision 0073)."""

from __future__ import annotations

import pytest
from django.test import Client

from burraco import domain as b
from burraco.handlers import handle_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.console.integration.test_burraco_console import text
from tests.console.integration.test_burraco_prizes import catch_up, one_turn_tied

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_prizes_appear_on_the_site_once_the_projection_has_run() -> None:
    """The final standings published (Art. 20; decision 0200): until the
    read model applies them the public prize list and the event page show
    nothing new; then the prize table and its link."""
    tid, meta, (first, second) = one_turn_tied()
    catch_up()
    public = Client(HTTP_ACCEPT_LANGUAGE="it")
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)

    before = public.get(f"/events/{tid}/burraco/prizes/")
    assert before.status_code == 200
    assert 'id="not-shown"' in text(before)
    assert "Tabella dei premi" not in text(before)
    assert 'id="prizes-link"' not in text(public.get(f"/events/{tid}/burraco/"))

    ProjectionRunner(BurracoStandings()).catch_up()
    after = public.get(f"/events/{tid}/burraco/prizes/")
    assert after.status_code == 200
    assert 'id="not-shown"' not in text(after)
    assert '<dd id="pool">€ 20,00 (50%)</dd>' in text(after)
    assert 'id="prizes-link"' in text(public.get(f"/events/{tid}/burraco/"))
    del first, second


def test_a_page_asked_for_its_own_write_says_whether_it_has_it() -> None:
    """``?min_position=`` on the event page and the prize list: a value that
    is no position is 400 naming it; with no runner to wait for, the page
    answers at once marked behind; once applied, not behind."""
    tid, meta, _winners = one_turn_tied()
    catch_up()
    public = Client(HTTP_ACCEPT_LANGUAGE="it")
    wrong = public.get(f"/events/{tid}/burraco/", {"min_position": "abc"})
    assert wrong.status_code == 400
    assert wrong.content.decode() == (
        "min_position: 'abc' is not a whole number of 0 or more"
    )
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    head = event_store().head_position()
    for path in (f"/events/{tid}/burraco/", f"/events/{tid}/burraco/prizes/"):
        behind = public.get(path, {"min_position": head})
        assert behind.status_code == 200
        assert behind["Arbitro-Behind"] == "true"
        assert int(behind["Arbitro-Read-Position"]) < head
    ProjectionRunner(BurracoStandings()).catch_up()
    for path in (f"/events/{tid}/burraco/", f"/events/{tid}/burraco/prizes/"):
        fresh = public.get(path, {"min_position": head})
        assert fresh.status_code == 200
        assert fresh["Arbitro-Behind"] == "false"
        assert int(fresh["Arbitro-Read-Position"]) >= head
