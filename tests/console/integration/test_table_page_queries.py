"""The table's phone pages cost a fixed number of queries whatever the
round (decision 0220): they read the results read model (the session's row
and the table's result rows with the board's traveller), never the
tournament's nor every board's stream; a result entered or confirmed costs
the command's own statements, as by the API (issue 13).

The counts are exact, so a page that starts reading a stream again, or a
query a board, fails here. Inside the test's transaction an append shows
its savepoints; the statements besides them are counted apart.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from console.models import TableCode
from console.table_codes import issue_codes
from tests.support.pairs_event import project
from tests.support.site import site_event
from tournaments import handlers

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}
EVERYTHING = frozenset((b, t) for b in range(1, 7) for t in range(1, 4))

# The device's session and its table code, then the page's two reads.
PAGE = 4
# ... and read-your-writes (decision 0073): the store's head, the tournament's
# parked partition, the checkpoint before and after the (bounded) wait.
PAGE_AFTER_A_COMMAND = PAGE + 4
# The device's session and its table code, the idempotency key looked up,
# the append (one statement, checking the cached tournament's guard).
COMMAND = 4


def counted(call: Callable[[], Any]) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    return response, [
        q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]
    ]


def key_of(response: Any) -> str:
    [key] = re.findall(
        r'name="idempotency_key" value="([0-9a-f]+)"', response.content.decode()
    )
    return key


def test_every_board_of_every_round_costs_the_same_queries() -> None:
    """Round 1's boards and round 3's, before and after their result, with
    the other tables' results on the traveller: the same counts each time."""
    event = site_event(publish=False, skip=EVERYTHING)
    tid = uuid.UUID(event.tid)
    issue_codes(tid, 1, (1, 2, 3))
    code = TableCode.objects.get(tournament_id=tid, session=1, table=1).code
    phone = Client()
    assert phone.post("/table/", {"code": code}, **IT).status_code == 302
    state = handlers.load_tournament(tid)
    boards = [
        (a.round, b)
        for a in sorted(state.sessions[1].assignments, key=lambda a: a.round)
        if a.table == 1
        for b in a.boards
    ]
    assert [r for r, _b in boards] == [1, 1, 2, 2, 3, 3]
    listed, queries = counted(lambda: phone.get("/table/boards/", **IT))
    assert listed.status_code == 200
    assert len(queries) == PAGE
    for _round, board in boards:
        page, queries = counted(lambda b=board: phone.get(f"/table/boards/{b}/", **IT))
        assert page.status_code == 200
        assert "Nord inserisce il risultato" in page.content.decode()
        assert len(queries) == PAGE
        form = {
            "idempotency_key": key_of(page),
            "action": "enter",
            "contract": "3SA",
            "declarer": "N",
            "lead": "C A",
            "tricks": "9",
        }
        entered, queries = counted(
            lambda b=board, f=form: phone.post(f"/table/boards/{b}/", f, **IT)
        )
        assert entered.status_code == 303
        assert re.fullmatch(
            rf"/table/boards/{board}/\?min_position=\d+", entered["Location"]
        )
        assert len(queries) == COMMAND
        project()
        shown, queries = counted(lambda e=entered: phone.get(e["Location"], **IT))
        assert shown.status_code == 200
        assert 'id="traveller"' in shown.content.decode()
        assert len(queries) == PAGE_AFTER_A_COMMAND
        confirmed, queries = counted(
            lambda b=board, s=shown: phone.post(
                f"/table/boards/{b}/",
                {"idempotency_key": key_of(s), "action": "confirm"},
                **IT,
            )
        )
        assert confirmed.status_code == 303
        assert len(queries) == COMMAND
        project()
        done, queries = counted(lambda c=confirmed: phone.get(c["Location"], **IT))
        assert "Risultato confermato da Est-Ovest." in done.content.decode()
        assert len(queries) == PAGE_AFTER_A_COMMAND
    listed, queries = counted(lambda: phone.get("/table/boards/", **IT))
    assert listed.content.decode().count("confermato") == len(boards)
    assert len(queries) == PAGE


def test_a_page_behind_its_own_write_says_so() -> None:
    """No runner applied the result yet (none holds the projection's lock,
    so the page does not wait, decision 0071): the page says the result is
    recorded and not shown yet, rather than read the board's stream."""
    event = site_event(publish=False, skip=EVERYTHING)
    tid = uuid.UUID(event.tid)
    issue_codes(tid, 1, (1,))
    code = TableCode.objects.get(tournament_id=tid, session=1, table=1).code
    phone = Client()
    phone.post("/table/", {"code": code}, **IT)
    page = phone.get("/table/boards/1/", **IT)
    form = {
        "idempotency_key": key_of(page),
        "action": "enter",
        "contract": "4P",
        "declarer": "N",
        "tricks": "10",
    }
    entered = phone.post("/table/boards/1/", form, **IT)
    assert entered.status_code == 303
    behind = phone.get(entered["Location"], **IT)
    assert behind.status_code == 200
    assert (
        "Quanto appena inviato è registrato; questa pagina non lo mostra ancora. "
        "Ricaricala tra un momento." in behind.content.decode()
    )
    project()
    shown = phone.get(entered["Location"], **IT)
    assert "Ricaricala" not in shown.content.decode()
    assert 'id="traveller"' in shown.content.decode()
    assert (behind["Arbitro-Behind"], shown["Arbitro-Behind"]) == ("true", "false")
    asked = int(entered["Location"].rsplit("=", 1)[1])
    assert int(shown["Arbitro-Read-Position"]) >= asked
    # A value that is no position is refused naming it, nothing read.
    for odd, said in (
        ("x", "'x' is not a whole number of 0 or more"),
        ("-1", "'-1' is not a whole number of 0 or more"),
        ("²", "'²' is not a whole number of 0 or more"),
        (str(asked + 10**6), f"{asked + 10**6} is beyond the last recorded position"),
    ):
        refused = phone.get(f"/table/boards/1/?min_position={odd}", **IT)
        assert refused.status_code == 400
        assert refused.content.decode().startswith(f"min_position: {said}")
