"""Issue 19's scoring-room exam over real HTTP on PostgreSQL: an 11-turn
national event on 50 tables (100 pairs), 6 Mitchell turns, 2 Danese turns on
the single group, the split into merit groups A and B, 3 Danese turns within
them.

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (Mitchell, Danese
puro), Art. 6 (three hands a turn), Art. 20 (the standings before the split
checked, then the split; the final standings checked), I poteri
dell'arbitro (g). The registrations come from an XLSX file (openpyxl), each
member checked against the register; a file naming a non-member is refused
whole. The sheets are entered table by table; the positions of every turn
are read as they would be printed; the standings file is the CSV the
federation receives. The Codice di Gara defines no prizes (they are the
federation's Regulations): the final standings are what prizes follow.
"""

from __future__ import annotations

import http.client
import io
import random
import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest

from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.http import HttpClient, HttpResponse
from tests.support.server import Server

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

TABLES = 50
PAIRS = 2 * TABLES
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def raw_post(client: HttpClient, path: str, body: bytes, media: str) -> HttpResponse:
    connection = http.client.HTTPConnection(client.host, client.port, timeout=60)
    try:
        connection.request(
            "POST", path, body, {**client.headers, "Content-Type": media}
        )
        response = connection.getresponse()
        return HttpResponse(response.status, response.read(), dict(response.headers))
    finally:
        connection.close()


def members(count: int) -> list[str]:
    """``count`` members on the register with federation numbers EX00001..."""
    from eventstore.store import Metadata
    from registry.domain import PlayerCategory
    from registry.handlers import Identity, register_player

    run = uuid.uuid4().hex[:6]
    numbers = [f"EX{run}{n:04d}" for n in range(1, count + 1)]
    for n, number in enumerate(numbers):
        register_player(
            Identity(
                federation_number=number, family_name=f"Socio {n}", given_name="Esame"
            ),
            PlayerCategory.NOT_CLASSIFIED,
            metadata=Metadata(actor="system:tests"),
        )
    return numbers


def workbook(rows: list[list[Any]]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.append(["pair", "member_1", "member_2", "region", "province", "club"])
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def sheet(rng: random.Random) -> list[dict[str, int]]:
    hands = []
    for _ in range(3):
        closes = rng.random() < 0.5
        hands.append(
            {
                "fixed_base": rng.choice((100, 150, 200, 300)) + (100 if closes else 0),
                "fixed_points": rng.randrange(-50, 300, 5),
                "mobile_base": rng.choice((0, 100, 200)) + (0 if closes else 100),
                "mobile_points": rng.randrange(-50, 300, 5),
            }
        )
    return hands


def seats(event: Burraco, turn: int) -> list[tuple[int, int, int]]:
    body = event.director.get(event.base + f"turns/{turn}/positions/").json()
    return [(p["table"], p["fixed"], p["mobile"]) for p in body["positions"]]


def play(event: Burraco, turn: int, rng: random.Random) -> None:
    for table in range(1, TABLES + 1):
        r = event.sheet(turn, table, *sheet(rng))
        assert r.status_code == 201, r.json()


def danese(order: list[int], offset: int = 0) -> list[tuple[int, int, int]]:
    return [
        (offset + i // 2 + 1, order[i], order[i + 1]) for i in range(0, len(order), 2)
    ]


def test_the_scoring_room_exam(server: Server) -> None:
    event = Burraco(
        server.url,
        pairs=0,
        hands_per_turn=3,
        turns=11,
        mitchell_turns=6,
        split_after=8,
        merit_groups=2,
    )
    numbers = members(2 * PAIRS)
    rows = [
        [
            pair,
            numbers[2 * pair - 2],
            numbers[2 * pair - 1],
            "Lazio",
            "RM",
            f"Club {pair % 7}",
        ]
        for pair in range(1, PAIRS + 1)
    ]
    path = event.base + "entries/import/"
    # A non-member on row 5: the whole file is refused, nothing entered.
    wrong = [list(r) for r in rows]
    wrong[3][2] = "NOT-A-MEMBER"
    body = problem(raw_post(event.director, path, workbook(wrong), XLSX), 422)
    assert body["code"] == "import_rejected"
    assert body["rejected"] == [
        {
            "row": 5,
            "column": "member_2",
            "reason": "'NOT-A-MEMBER' is not a member on the register",
        }
    ]
    r = raw_post(event.director, path, workbook(rows), XLSX)
    assert r.status_code == 201, r.json()
    assert r.json()["entered"] == PAIRS
    csv_again = "pair,member_1,member_2\n1," + numbers[0] + "," + numbers[1] + "\n"
    body = problem(raw_post(event.director, path, csv_again.encode(), "text/csv"), 422)
    assert body["rejected"][0]["reason"] == "pair 1 is entered twice"

    rng = random.Random(19)
    # The director keeps each club's pairs on one Mitchell line where they
    # fit (decision 0175): clubs 1-5 (15, 15, 14, 14, 14 pairs) each whole
    # on a line; club 6's 14 fill the last places, 7 on each line.
    event.ok("lines/", {"separate_by": "club"})
    detail = event.director.get(event.base).json()
    fixed, mobile = detail["fixed"], detail["mobile"]
    club = {pair: f"Club {pair % 7}" for pair in range(1, PAIRS + 1)}
    assert {club[p] for p in fixed} & {club[p] for p in mobile} == {"Club 6"}
    for turn in range(1, 7):
        event.ok(f"turns/{turn}/positions/")
        met = {club[f] for _, f, m in seats(event, turn) if club[f] == club[m]}
        assert met <= {"Club 6"}
        play(event, turn, rng)
    assert seats(event, 6) == [
        (i + 1, fixed[i], mobile[(i - 5) % TABLES]) for i in range(TABLES)
    ]
    for turn in (7, 8):
        event.ok(f"turns/{turn}/positions/")
        after = event.read(event.director, "standings/", after_turn=turn - 1).json()
        assert seats(event, turn) == danese([s["pair"] for s in after["standings"]])
        play(event, turn, rng)

    event.ok("standings/provisional/")
    deadline = datetime.fromisoformat(
        event.director.get(event.base).json()["provisional_check_deadline"]
    )
    before = event.read(event.director, "standings/", after_turn=8).json()["standings"]
    order = [s["pair"] for s in before]
    server.pin(deadline + timedelta(seconds=1))  # after the check (decision 0218)
    try:
        event.ok("groups/", {})
    finally:
        server.pin(None)
    groups = event.director.get(event.base).json()["groups"]
    assert groups == {"A": order[:50], "B": order[50:]}

    for turn in (9, 10, 11):
        event.ok(f"turns/{turn}/positions/")
        after = event.read(event.director, "standings/", after_turn=turn - 1).json()
        ranked = [s["pair"] for s in after["standings"]]
        in_a = [p for p in ranked if p in groups["A"]]
        in_b = [p for p in ranked if p in groups["B"]]
        assert seats(event, turn) == danese(in_a) + danese(in_b, offset=25)
        printed = event.director.get(event.base + f"turns/{turn}/positions.csv")
        lines = printed.content.decode().splitlines()
        assert lines[0] == "table,group,fixed,mobile"
        assert lines[1] == f"1,A,{in_a[0]},{in_a[1]}"
        assert lines[26] == f"26,B,{in_b[0]},{in_b[1]}"
        play(event, turn, rng)

    # A single-group turn printed after the split names no group.
    printed = event.director.get(event.base + "turns/8/positions.csv")
    assert printed.content.decode().splitlines()[1] == "1,,{},{}".format(
        *seats(event, 8)[0][1:]
    )
    event.ok("standings/final/")
    final = event.read(event.director, "standings/", after_turn=11).json()["standings"]
    assert [s["rank"] for s in final if not s["tied"]] == [
        i + 1 for i, s in enumerate(final) if not s["tied"]
    ]
    assert [s["group"] for s in final] == ["A"] * 50 + ["B"] * 50
    assert sorted(s["pair"] for s in final[:50]) == sorted(groups["A"])
    assert sum(s["turn_vp"] for s in final) == 20 * TABLES * 11
    assert [s["turns"] for s in final] == [11] * PAIRS
    federation = event.read(event.director, "standings.csv", after_turn=11)
    lines = federation.content.decode().splitlines()
    assert len(lines) == PAIRS + 1
    assert lines[0] == "rank,tied,pair,vp,turn_vp,deduction,mp,turns,group"
    first = final[0]
    assert lines[1] == (
        f"{first['rank']},{int(first['tied'])},{first['pair']},{first['vp']},"
        f"{first['turn_vp']},0,{first['mp']},11,A"
    )
