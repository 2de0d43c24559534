"""Double-dummy tables and par for a session's deals, run in-process.

The figures are checked against DDS's own examples/hands.cpp (spec
stack-notes §2): boards 1-3 of the fixture are its three deals, and Law 2
gives boards 1-3 the vulnerabilities None, NS and EW, for which DDS's par is
-110 (2S by E/W), +100 (4SX-1 by E/W) and -300 (5HX-2 by N/S). Information,
never a ruling (decision 0052).
"""

from __future__ import annotations

import uuid

import pytest

from config.celery import app
from tests.boards.e2e.conftest import Event
from tournaments.models import DoubleDummyJob, DoubleDummyRow
from tournaments.tasks import analyse_session

pytestmark = pytest.mark.django_db

BOARD_4 = "N:AKJ.A942.Q4.AJ53 Q2.KQT763.652.T7 T643.85.KJ9.K642 9875.J.AT873.Q98"


def import_fixture(event: Event, text: str) -> dict:
    response = event.director.post(
        f"{event.url}hand-records/", text, content_type="application/x-pbn"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def job(event: Event) -> DoubleDummyJob:
    return DoubleDummyJob.objects.get(tournament_id=event.tid, session=1)


def test_the_task_solves_every_board_and_reports_its_progress(
    event: Event, fixture_pbn: str
) -> None:
    """Tricks per declarer and denomination, and par, for each board (DDS)."""
    import_fixture(event, fixture_pbn)
    assert analyse_session(event.tid, 1) == 6
    progress = job(event)
    assert (progress.status, progress.done, progress.total) == ("done", 6, 6)
    body = event.director.get(f"{event.url}double-dummy/").json()
    assert body["analysis"]["status"] == "done"
    boards = {b["board_number"]: b for b in body["boards"]}
    assert sorted(boards) == [1, 2, 3, 4, 5, 6]
    first = boards[1]
    assert first["tricks"]["NT"] == {"N": 6, "E": 6, "S": 6, "W": 6}
    assert first["tricks"]["S"] == {"N": 5, "E": 8, "S": 5, "W": 8}
    assert first["tricks"]["C"] == {"N": 7, "E": 5, "S": 7, "W": 5}
    assert (first["par_score"], first["par_contracts"]) == (-110, ["2SE=", "2SW="])
    assert (boards[2]["par_score"], boards[2]["par_contracts"]) == (
        100,
        ["4SEx-1", "4SWx-1"],
    )
    assert boards[2]["tricks"]["H"] == {"N": 10, "E": 2, "S": 10, "W": 2}
    assert (boards[3]["par_score"], boards[3]["par_contracts"]) == (
        -300,
        ["5HNx-2", "5HSx-2"],
    )
    assert boards[3]["tricks"]["S"] == {"N": 3, "E": 10, "S": 3, "W": 10}


def test_the_analysis_is_shown_with_the_hand_records(
    event: Event, fixture_pbn: str
) -> None:
    """Each board of the hand records carries its double-dummy figures."""
    import_fixture(event, fixture_pbn)
    analyse_session(event.tid, 1)
    body = event.director.get(f"{event.url}hand-records/").json()
    assert body["analysis"]["done"] == 6
    first = body["boards"][0]
    assert first["double_dummy"]["par_score"] == -110
    assert first["double_dummy"]["tricks"]["NT"]["N"] == 6


def test_a_second_run_skips_boards_already_solved(
    event: Event, fixture_pbn: str
) -> None:
    """Idempotent: only boards without an analysis of their current deal run."""
    import_fixture(event, fixture_pbn)
    assert analyse_session(event.tid, 1) == 6
    assert analyse_session(event.tid, 1) == 0
    # Board 4's deal is replaced: its old figures are stale, only it runs again.
    replaced = event.director.post(
        f"{event.url}hand-records/",
        f'[Board "4"]\n[Deal "{BOARD_4}"]\n',
        content_type="application/x-pbn",
    )
    assert replaced.status_code == 201, replaced.json()
    shown = event.director.get(f"{event.url}double-dummy/").json()["boards"]
    assert [b["board_number"] for b in shown] == [1, 2, 3, 5, 6]
    assert analyse_session(event.tid, 1) == 1
    row = DoubleDummyRow.objects.get(tournament_id=event.tid, session=1, board_number=4)
    assert row.deal == BOARD_4
    assert (job(event).done, job(event).total) == (6, 6)


def test_recording_hand_records_queues_the_analysis(
    event: Event, fixture_pbn: str, settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Setting the deals sends the task; eager Celery runs it in the request."""
    settings.ARBITRO_DOUBLE_DUMMY_ON_RECORD = True  # type: ignore[attr-defined]
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    body = import_fixture(event, fixture_pbn)
    assert body["analysis_queued"] is True
    assert (job(event).status, job(event).done) == ("done", 6)
    again = event.director.post(f"{event.url}double-dummy/")
    assert again.status_code == 202
    assert again.json()["queued"] is True
    assert again.json()["analysis"]["status"] == "done"


def test_asking_for_an_analysis_needs_deals_and_a_director(
    event: Event, fixture_pbn: str
) -> None:
    """No deals, nothing to solve (409); players cannot ask (403)."""
    empty = event.director.post(f"{event.url}double-dummy/")
    assert empty.status_code == 409
    assert empty.json()["code"] == "no_hand_records"
    assert event.player.post(f"{event.url}double-dummy/").status_code == 403


def test_an_unknown_session_has_nothing_to_analyse() -> None:
    """A task for a session that does not exist does nothing."""
    assert analyse_session(str(uuid.uuid4()), 1) == 0
    assert DoubleDummyJob.objects.count() == 0
