"""Issue 19's scoring-room exam in the director's pages (decision 0176), on
PostgreSQL: an 11-turn national event on 50 tables (100 pairs), three hands
a turn; the registrations imported from an XLSX file (a non-member refuses
the whole file), 6 Mitchell turns, 2 Danese turns on the single group, the
standings before the split checked, the split into merit groups A and B, 3
Danese turns within them, every turn's sheets typed into the turn's one
form and its positions printed, the final standings, and the standings file
the federation receives (``manage.py export_burraco --standings-csv``).
Every step is a form of the console; the API's own exam is
tests/burraco/e2e/test_scoring_room_exam_over_http.py.
"""

from __future__ import annotations

import io
import random
import re
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from burraco import domain as b
from burraco.handlers import load_burraco
from eventstore.store import EventStore
from tests.burraco.e2e.test_scoring_room_exam_over_http import (
    PAIRS,
    TABLES,
    XLSX,
    danese,
    members,
    workbook,
)
from tests.console.integration.test_burraco_console import text, user_with
from tests.support.burraco import last_event, open_tournament

SECOND = timedelta(seconds=1)
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db,
]


def typed_sheets(rng: random.Random) -> dict[str, str]:
    """Every table's three hands as the director types them."""
    form: dict[str, str] = {}
    for table in range(1, TABLES + 1):
        for hand in range(3):
            closes = rng.random() < 0.5
            values = (
                rng.choice((100, 150, 200, 300)) + (100 if closes else 0),
                rng.randrange(-50, 300, 5),
                rng.choice((0, 100, 200)) + (0 if closes else 100),
                rng.randrange(-50, 300, 5),
            )
            for column, value in zip(
                ("fixed_base", "fixed_points", "mobile_base", "mobile_points"),
                values,
                strict=True,
            ):
                form[f"t{table}-h{hand}-{column}"] = str(value)
    return form


def seats(tid: Any, turn: int) -> list[tuple[int, int, int]]:
    return [(p.table, p.fixed, p.mobile) for p in load_burraco(tid).positions[turn]]


def order_after(tid: Any, turn: int) -> list[int]:
    return [s.pair for s in b.standings_after(load_burraco(tid), turn)]


def test_the_scoring_room_exam_in_the_directors_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tid, _meta = open_tournament(
        0, hands_per_turn=3, turns=11, mitchell_turns=6, split_after=8, merit_groups=2
    )
    director = user_with("director", tournament_id=tid)
    base = f"/console/burraco/{tid}/"

    def step(action: str) -> None:
        answered = director.post(
            f"{base}steps/", {"action": action, "idempotency_key": uuid.uuid4().hex}
        )
        assert answered.status_code == 201, text(answered)

    def play(turn: int, rng: random.Random) -> None:
        form = {**typed_sheets(rng), "idempotency_key": uuid.uuid4().hex}
        answered = director.post(f"{base}turns/{turn}/", form)
        assert answered.status_code == 201, text(answered)
        assert f"{TABLES} score registrati." in text(answered)
        printed = text(director.get(f"{base}turns/{turn}/print/"))
        assert printed.count("<tr><td>") == TABLES

    numbers = members(2 * PAIRS)
    rows = [
        [pair, numbers[2 * pair - 2], numbers[2 * pair - 1], "Lazio", "RM", "Club"]
        for pair in range(1, PAIRS + 1)
    ]
    wrong = [list(r) for r in rows]
    wrong[3][2] = "NOT-A-MEMBER"
    refused = director.post(
        f"{base}entries/",
        {"file": SimpleUploadedFile("iscrizioni.xlsx", workbook(wrong), XLSX)},
    )
    assert refused.status_code == 422
    body = text(refused)
    assert "Non è stato iscritto nessuno: correggi le righe qui sotto." in body
    assert re.search(
        r"<td class=\"num\">5</td><td>member_2</td><td>'NOT-A-MEMBER' is "
        r"not a member on the register</td>",
        body,
    )
    imported = director.post(
        f"{base}entries/",
        {"file": SimpleUploadedFile("iscrizioni.xlsx", workbook(rows), XLSX)},
    )
    assert imported.status_code == 201
    assert "100 coppie iscritte." in text(imported)

    rng = random.Random(19)
    step("lines")
    for turn in range(1, 7):
        step("positions")
        play(turn, rng)
    assert seats(tid, 6) == [
        (i + 1, i + 1, TABLES + 1 + (i - 5) % TABLES) for i in range(TABLES)
    ]
    for turn in (7, 8):
        step("positions")
        assert seats(tid, turn) == danese(order_after(tid, turn - 1))
        play(turn, rng)

    step("provisional")
    published = last_event(tid, b.ProvisionalStandingsPublished)
    deadline = published.check_deadline
    assert load_burraco(tid).provisional_deadline == deadline
    assert deadline == published.published_at + timedelta(minutes=10)  # Art. 20
    order = order_after(tid, 8)
    # The check holds its last instant (decision 0218): a second after it.
    monkeypatch.setattr(EventStore, "now", lambda self: deadline + SECOND)
    step("groups")
    monkeypatch.undo()
    groups = load_burraco(tid).groups
    assert (list(groups[0]), list(groups[1])) == (order[:50], order[50:])

    for turn in (9, 10, 11):
        step("positions")
        ranked = order_after(tid, turn - 1)
        in_a = [p for p in ranked if p in groups[0]]
        in_b = [p for p in ranked if p in groups[1]]
        assert seats(tid, turn) == danese(in_a) + danese(in_b, offset=25)
        play(turn, rng)

    step("final")
    final = b.standings_after(load_burraco(tid), 11)
    assert [s.group for s in final] == ["A"] * 50 + ["B"] * 50
    assert sum(s.turn_vp for s in final) == 20 * TABLES * 11
    out = io.StringIO()
    call_command("export_burraco", str(tid), "--standings-csv", stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == PAIRS + 1
    first = final[0]
    assert lines[1] == (
        f"{first.rank},{int(first.tied)},{first.pair},{first.vp},{first.turn_vp},0,"
        f"{first.mp},11,A"
    )
