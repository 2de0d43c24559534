"""``rebuild_projections`` in the deployment's two-role set-up (issue 28,
decision 0213), with real processes.

The runner runs as the application's role in its own process; the rebuild
runs as the deployment runs it (``DATABASE_URL`` the application's role,
``ARBITRO_OWNER_DATABASE_URL`` the owner): every configured projection is
rebuilt beside the runner and swapped in with the live tables' owner and
grants, so the runner goes on writing the new tables, nothing is parked,
and the API, served as the application's role, answers from them. Run as
the application's role alone, the rebuild refuses before building anything.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection

from burraco import domain as b
from burraco.handlers import handle_burraco
from eventstore.models import Checkpoint, ProjectionFailure
from eventstore.projections import configured_projections
from eventstore.store import event_store
from tests.support.burraco import open_tournament
from tests.support.eventstore import subprocess_env
from tests.support.http import HttpClient
from tests.support.pairs_event import client_for, enter_all, make_tournament, seat_pairs
from tests.support.roles import ROOT, app_role, database_url_as, manage
from tests.support.server import start_server, stop_server

__all__ = ["app_role"]  # a fixture

pytestmark = [pytest.mark.postgres]
NAMES = sorted(p.name for p in configured_projections())
TABLES = sorted(
    m._meta.db_table for p in configured_projections() for m in p.read_models or ()
)


def _grants() -> dict[str, tuple[str, list[tuple[str, str, bool]]]]:
    """Each read model table's owner and grants (grantee, privilege, option),
    its identity sequences' grants beside it."""
    out: dict[str, tuple[str, list[tuple[str, str, bool]]]] = {}
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(
                "SELECT c.relowner::regrole::text, coalesce(array_agg(ARRAY["
                "a.grantee::regrole::text, a.privilege_type, a.is_grantable::text] "
                "ORDER BY a.grantee::regrole::text, a.privilege_type) FILTER (WHERE a.grantee IS NOT NULL), '{}') "
                "FROM pg_class c LEFT JOIN LATERAL aclexplode(c.relacl) a ON true "
                "WHERE c.oid = %s::regclass GROUP BY c.relowner",
                [table],
            )
            owner, acl = cursor.fetchone()
            out[table] = (owner, [(g, p, o == "true") for g, p, o in acl])
            cursor.execute(
                "SELECT s.relname, array_agg(ARRAY[a.grantee::regrole::text, "
                "a.privilege_type] ORDER BY a.grantee::regrole::text, a.privilege_type) "
                "FROM pg_class s "
                "JOIN pg_depend d ON d.objid = s.oid AND d.refobjid = %s::regclass "
                "AND s.relkind = 'S', aclexplode(s.relacl) a GROUP BY s.relname",
                [table],
            )
            for name, acl in cursor.fetchall():
                out[name] = ("", [(g, p, False) for g, p in acl])
    return out


def _projected(head: int) -> bool:
    return Checkpoint.objects.filter(
        name__in=NAMES, last_position=head, status=Checkpoint.Status.RUNNING
    ).count() == len(NAMES)


def _wait(predicate: Any, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def _pairs_event(staff: Any, director_name: str) -> tuple[str, Any]:
    tid = make_tournament(staff, timedelta(hours=1))
    director, user = client_for(director_name, chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    enter_all(director, tid)
    return tid, user


def _burraco_event() -> None:
    tid, meta = open_tournament(4, hands_per_turn=3, turns=2)
    sheet = b.SheetHand(fixed_base=300, fixed_points=40, mobile_base=0, mobile_points=0)
    for command in (
        b.FormLines(fixed=(4, 2), mobile=(1, 3)),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(sheet,)),
    ):
        handle_burraco(tid, command, metadata=meta)


def _run(*args: str, **env: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=subprocess_env(**env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.django_db(transaction=True)
def test_a_rebuild_as_the_owner_beside_the_runner_keeps_the_app_role_working(
    app_role: str,
) -> None:
    staff, _ = client_for("ops-staff", federation_staff={})
    events = [_pairs_event(staff, "ops-td1"), _pairs_event(staff, "ops-td2")]
    _burraco_event()
    app_url = database_url_as(app_role)
    runner = _run("run_projections", "--poll", "0.1", DATABASE_URL=app_url)
    try:
        _wait(lambda: _projected(event_store().head_position()))
        granted = _grants()
        assert [e for e in granted["tournaments_resultrow"][1] if e[0] == app_role] == [
            (app_role, "DELETE", False),
            (app_role, "INSERT", False),
            (app_role, "SELECT", False),
            (app_role, "UPDATE", False),
        ]
        rebuilt = manage(
            "rebuild_projections",
            "--no-progress",
            env=subprocess_env(
                DATABASE_URL=app_url, ARBITRO_OWNER_DATABASE_URL=database_url_as()
            ),
        )
        assert rebuilt.returncode == 0, rebuilt.stderr
        lines = rebuilt.stdout.splitlines()
        assert [line.partition(":")[0] for line in lines] == [
            p.name for p in configured_projections()
        ]
        for line in lines:
            assert re.fullmatch(
                r"\S+: rebuilt from \d+ events in [\d.]+ s \([\d,]+ events/s\), "
                r"built beside the live tables, swapped in",
                line,
            ), line
        # The swapped-in tables: the live tables' owner and exactly their grants.
        assert _grants() == granted
        # The runner, as the application's role, writes the new tables.
        events.append(_pairs_event(staff, "ops-td3"))
        _burraco_event()
        _wait(lambda: _projected(event_store().head_position()))
    finally:
        runner.send_signal(signal.SIGTERM)
        runner.wait(timeout=30)
    assert list(ProjectionFailure.objects.filter(resolved_at__isnull=True)) == []
    assert sorted(
        Checkpoint.objects.filter(name__in=NAMES).values_list("name", "last_error")
    ) == [(name, "") for name in NAMES]
    # Reads, served as the application's role, answer from the new tables.
    server, address = start_server(DATABASE_URL=app_url)
    try:
        for tid, director in events:
            board = HttpClient(address, director).get(
                f"/api/v1/tournaments/{tid}/sessions/1/boards/1/traveller/"
            )
            assert board.status_code == 200, board.content
            assert [(r["table"], r["contract"]) for r in board.json()["results"]] == [
                (1, "4SN"),
                (2, "4SN"),
                (3, "3NTS"),
            ]
    finally:
        stop_server(server)


@pytest.mark.django_db(transaction=True)
def test_a_rebuild_as_the_application_role_is_refused_before_anything(
    app_role: str,
) -> None:
    refused = manage(
        "rebuild_projections",
        "--no-progress",
        env=subprocess_env(DATABASE_URL=database_url_as(app_role)),
    )
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "CommandError: rebuild_projections runs as the tables' owner: the role "
        f"{app_role} may not create the rebuild's schema in the database. Set "
        "ARBITRO_OWNER_DATABASE_URL to the owner's URL (decision 0118)\n"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%%'"
        )
        assert cursor.fetchone() == (0,)
