"""A rebuild gives exactly the read model the runner process built live.

A 20-pair Mitchell (10 tables, 5 rounds of 2 boards) is played through the
API while a ``run_projections`` process applies the events as they come:
every result, corrections, adjusted scores, a confirmation, Law 90
penalties, an assistant appointed and relieved. Then ``rebuild_projections``
(beside the live tables, decision 0109: every session scored once, at the
end) must give every row of every table of the read model, column by
column, and the same role grants; and so must a rebuild that holds too many
rows in memory and writes them out before the end.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.models import Checkpoint
from eventstore.store import event_store
from tests.support.eventstore import subprocess_env
from tests.support.pairs_event import client_for
from tests.support.players import register_players
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
PAIRS, BOARDS_PER_ROUND, ROUNDS = 20, 2, 5
CONTRACTS = [("4SN", 10), ("3NTS", 9), ("4HE", 11), ("2SN", 7), ("5DW", 11)]


def every_row() -> dict[str, list[tuple[object, ...]]]:
    """Every table of the read model, every column but the surrogate id."""
    tables: dict[str, list[tuple[object, ...]]] = {}
    for model in TournamentResults.ROW_MODELS:
        names = [f.attname for f in model._meta.concrete_fields if f.name != "id"]
        tables[model.__name__] = sorted(model.objects.values_list(*names), key=repr)
    tables["RoleGrant"] = sorted(
        RoleGrant.objects.values_list("user_id", "role", "tournament_id"), key=repr
    )
    return tables


def session(director: APIClient, tid: str) -> None:
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    entered: list[tuple[int, int]] = []
    for board in range(1, 2 * PAIRS // 2 + 1):
        for table in range(1, PAIRS // 2 + 1):
            contract, tricks = CONTRACTS[(board * 7 + table * 3) % len(CONTRACTS)]
            r = director.post(
                base + "results/",
                {
                    "board_number": board,
                    "table": table,
                    "contract": contract,
                    "tricks": tricks - (board + table) % 3 + 1,
                    "lead": "HA",
                },
                format="json",
            )
            if r.status_code == 422 and r.json()["code"] == "not_seated":
                continue
            assert r.status_code == 201, r.json()
            entered.append((board, table))
    assert len(entered) == PAIRS // 2 * ROUNDS * BOARDS_PER_ROUND
    for board, table in entered[3:60:11]:
        r = director.post(
            base + f"boards/{board}/tables/{table}/corrections/",
            {"contract": "3NTS", "tricks": 8, "reason": "scorer's slip"},
            format="json",
        )
        assert r.status_code in (200, 201), r.json()
    for board, table, score in [
        (*entered[7], "A60/40"),
        (*entered[41], "A40/60"),
        (*entered[77], "assigned:400@0.5,-50@0.5"),
    ]:
        r = director.post(
            base + "rulings/",
            {
                "board_number": board,
                "table": table,
                "laws": ["12C1"],
                "facts": "misinformation",
                "decision": "adjusted",
                "adjusted_score": score,
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
    for entry, amount in [(3, 1), (14, 2)]:
        r = director.post(
            base + "penalties/",
            {
                "entry_number": entry,
                "kind": "procedural",
                "unit": "matchpoints",
                "amount": amount,
                "law": "90A",
                "reason": "slow play",
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
    # A late result corrected after the penalties: incremental again.
    board, table = entered[-1]
    r = director.post(
        base + f"boards/{board}/tables/{table}/corrections/",
        {"contract": "4SN", "tricks": 11, "reason": "scorer's slip"},
        format="json",
    )
    assert r.status_code in (200, 201), r.json()


def test_a_rebuild_equals_what_the_runner_built_live(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    staff, _ = client_for("staff", federation_staff={})
    client_for("assistant")
    tid = str(uuid.uuid4())
    now = event_store().now()
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Sera di gara",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "windows": {},
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    runner = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "run_projections",
            TournamentResults.name,
            "--poll",
            "0.1",
        ],
        cwd=ROOT,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for number in range(1, PAIRS + 1):
            r = staff.post(
                f"/api/v1/tournaments/{tid}/entries/",
                {"number": number, "player_ids": register_players(2)},
                format="json",
            )
            assert r.status_code == 201, r.json()
        r = staff.post(
            f"/api/v1/tournaments/{tid}/sessions/",
            {
                "session": 1,
                "movement": "mitchell",
                "pairs": PAIRS,
                "boards_per_round": BOARDS_PER_ROUND,
                "rounds": ROUNDS,
                "starts_at": (now - timedelta(hours=2)).isoformat(),
                "ends_at": (now + timedelta(hours=4)).isoformat(),
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
        chief, _ = client_for("chief", chief_director={"tournament_id": tid})
        r = chief.post(
            f"/api/v1/tournaments/{tid}/officials/",
            {"username": "assistant", "role": "director"},
            format="json",
        )
        assert r.status_code == 201, r.json()
        session(chief, tid)
        assistant = RoleGrant.objects.get(
            user__username="assistant", tournament_id=tid
        ).user_id
        r = chief.delete(f"/api/v1/tournaments/{tid}/officials/{assistant}/")
        assert r.status_code == 200, r.json()
        head = event_store().head_position()
        deadline = time.monotonic() + 120
        while not Checkpoint.objects.filter(
            name=TournamentResults.name, last_position=head
        ).exists():
            assert time.monotonic() < deadline, "the runner did not catch up"
            time.sleep(0.05)
    finally:
        runner.send_signal(signal.SIGTERM)
        runner.communicate(timeout=30)
    live = every_row()
    assert len(live["ResultRow"]) == 100
    assert all(row[-3] is not None for row in live["ResultRow"])  # mp_ns
    assert len(live["StandingRow"]) == PAIRS
    assert len(live["PenaltyRow"]) == 2
    assert len(live["RulingRow"]) == 3
    assert live["OfficialRow"] == []  # appointed, then relieved
    call_command("rebuild_projections", TournamentResults.name, "--no-progress")
    assert every_row() == live
    # Past HELD_ROWS the rebuild writes its rows out and scores the session
    # from them at the end: the same read model.
    monkeypatch.setattr(TournamentResults, "HELD_ROWS", 30)
    call_command(
        "rebuild_projections",
        TournamentResults.name,
        "--no-progress",
        "--batch-size",
        "40",
    )
    assert every_row() == live
