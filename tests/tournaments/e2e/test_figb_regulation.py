"""The regulation decides the methods, end to end over the API: a FIGB pairs
event with an averaged and two fouled boards comes out with the norms'
figures, the same event under the Laws with the Laws' (issue 14).

A 14-pair Mitchell, 7 tables, 7 rounds of one board: each board is played
once at every table, so top = 2 x 7 - 2 = 12 (Law 78A). At every board the
tables' contracts give the same order of NS scores, vulnerable or not:

    table 1: 4S by N, 11 tricks  (+450 / +650)
    table 2: 4S by N, 10 tricks  (+420 / +620)
    table 3: 3NT by S, 9 tricks  (+400 / +600)
    table 6: 3S by N, 9 tricks   (+140)
    table 5: 2S by N, 8 tricks   (+110)
    table 7: 1NT by N, 7 tricks  (+90)
    table 4: 4S by N, 9 tricks   (-50 / -100)

Every figure below is worked by hand in the test's comments from the text
of FIGB N-L12 and N-L87 §7a (the text wins over the digest).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tournaments.models import PenaltyRow

pytestmark = pytest.mark.django_db

CONTRACTS = {
    1: ("4SN", 11),
    2: ("4SN", 10),
    3: ("3NTS", 9),
    4: ("4SN", 9),
    5: ("2SN", 8),
    6: ("3SN", 9),
    7: ("1NTN", 7),
}


def event(staff: APIClient, regulation: str) -> str:
    """Create the event, enter fourteen pairs, schedule the Mitchell."""
    now = event_store().now()
    tid = str(uuid.uuid4())
    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": f"Regolamento {regulation}",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "windows": {"regulation": regulation},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    for number in range(1, 15):
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
            "pairs": 14,
            "boards_per_round": 1,
            "starts_at": (now - timedelta(hours=2)).isoformat(),
            "ends_at": (now + timedelta(hours=1)).isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    return tid


def ok(client: APIClient, path: str, body: dict) -> None:
    """POST ``body`` to the session's ``path``; it must be recorded."""
    r = client.post(path, body, format="json")
    assert r.status_code == 201, r.json()


def play(director: APIClient, tid: str) -> None:
    """Every table's result on boards 1-3, board 1 at table 6 averaged, board
    2 fouled at table 6 only (found there), board 3 fouled at tables 5 and 6."""
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    for board in (1, 2, 3):
        for table, (contract, tricks) in CONTRACTS.items():
            if (board, table) == (1, 6):
                continue
            r = director.post(
                base + "results/",
                {
                    "board_number": board,
                    "table": table,
                    "contract": contract,
                    "tricks": tricks,
                },
                format="json",
            )
            assert r.status_code == 201, r.json()
    # Board 1, table 6: not played; the director gives the average (N-L12).
    ok(
        director,
        base + "boards/1/tables/6/irregularities/",
        {"kind": "not_played", "note": "slow play at the previous round"},
    )
    ok(
        director,
        base + "rulings/",
        {
            "board_number": 1,
            "table": 6,
            "laws": ["12C2"],
            "facts": "board not played",
            "decision": "mano media to both pairs",
            "adjusted_score": "A50/50",
        },
    )
    # Board 2: N and S cards swapped, played so only at table 6, which found
    # it at the end of play. Board 3: E and W swapped at table 5, N and S at
    # table 6, which found it.
    for board, table, swap, found in (
        (2, 6, "north_south", True),
        (3, 5, "east_west", False),
        (3, 6, "north_south", True),
    ):
        r = director.post(
            base + f"boards/{board}/tables/{table}/irregularities/",
            {"kind": "fouled", "group": 1, "swap": swap, "found_here": found},
            format="json",
        )
        assert r.status_code == 201, r.json()
    project()


def figures(client: APIClient, tid: str, board: int) -> dict[int, tuple[str, str]]:
    lines = client.get(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/{board}/traveller/"
    ).json()["results"]
    return {line["table"]: (line["mp_ns"], line["mp_ew"]) for line in lines}


def D(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(v) for v in values)


def as_decimals(found: dict[int, tuple[str, str]]) -> dict[int, tuple[Decimal, ...]]:
    return {table: D(*pair) for table, pair in found.items()}


def test_a_figb_pairs_event_is_scored_by_the_norms() -> None:
    staff, _ = client_for("staff", federation_staff={})
    tid = event(staff, "figb")
    director, _ = client_for("td", chief_director={"tournament_id": tid})
    play(director, tid)

    detail = staff.get(f"/api/v1/tournaments/{tid}/").json()
    assert detail["regulation"] == "figb"
    assert detail["scoring_rules"] == {
        "averaged_boards": "figb_n_l12",
        "fouled_boards": "figb_n_l87_7",
        "fouled_split": "1/5",
        "average_revision": "figb_session_percent",
    }
    # N-L12: six real results and one average (m = 1). Among the six, 450
    # beats five (10), 420 four (8), 400 three (6), 110 two (4), 90 one (2),
    # -50 none (0); each + m: 11, 9, 7, 5, 3, 1 ("il top scende ... il
    # minimo sale"). The averaged pairs: (max + min) / 2 = (11 + 1) / 2 = 6.
    board_1 = {
        1: D("11", "1"),
        2: D("9", "3"),
        3: D("7", "5"),
        4: D("1", "11"),
        5: D("5", "7"),
        6: D("6", "6"),
        7: D("3", "9"),
    }
    assert as_decimals(figures(staff, tid, 1)) == board_1
    # N-L87 §7a: one round of seven with the wrong cards (1 x 5 < 7):
    # artificial scores; table 6 found it: 60% of 12 = 7.2 to both pairs;
    # the six others count it as a tie (N-L12): 11, 9, 7, 5, 3, 1 again.
    assert as_decimals(figures(staff, tid, 2)) == {**board_1, 6: D("7.2", "7.2")}
    # Two rounds of seven (2 x 5 >= 7): two groups, "aggiungendo ... 1 punto
    # per ogni coppia dell'altro gruppo". Right cards (tables 1-4 and 7; top
    # 8): 450 -> 8, 420 -> 6, 400 -> 4, 90 -> 2, -50 -> 0, + 2: 10, 8, 6, 4,
    # 2. Swapped (tables 5, 6; top 2): 140 -> 2, 110 -> 0, + 5: 7 and 5.
    # Both groups average a + b - 1 = 6.
    assert as_decimals(figures(staff, tid, 3)) == {
        1: D("10", "2"),
        2: D("8", "4"),
        3: D("6", "6"),
        4: D("2", "10"),
        5: D("5", "7"),
        6: D("7", "5"),
        7: D("4", "8"),
    }

    # The catalogue (digest §2.2): a result not recorded on the score sheet
    # is restored as 40% of the top to both pairs (N-L8 §5), a ruling naming
    # the entry; a wrong diagram costs both pairs 10% of the top (N-L8 §5).
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    ok(
        director,
        base + "results/",
        {"board_number": 4, "table": 1, "contract": "4SN", "tricks": 10},
    )
    ok(
        director,
        base + "rulings/",
        {
            "board_number": 4,
            "table": 1,
            "laws": ["12C2"],
            "facts": "the result was not written on the score sheet",
            "decision": "40% of the top to both pairs",
            "catalogue": "result_not_recorded",
        },
    )
    for entry in (1, 8):
        ok(
            director,
            base + "penalties/",
            {"entry_number": entry, "catalogue": "diagram_error"},
        )
    # Law 79B3 through the ruling endpoint: table 2's 4S making 10 on board 4
    # (+620, NS vulnerable) lowered for North-South to +170; East-West keep
    # -620. A raise is refused naming the Law, nothing written.
    ok(
        director,
        base + "results/",
        {"board_number": 4, "table": 2, "contract": "4SN", "tricks": 10},
    )
    reduce = {
        "board_number": 4,
        "table": 2,
        "laws": ["79B3"],
        "facts": "tricks disputed after the round",
        "decision": "NS lowered to nine tricks, EW keep the table result",
    }
    raised = director.post(
        base + "rulings/", {**reduce, "adjusted_score": "reduce:ns=650"}, format="json"
    )
    assert raised.status_code == 422, raised.json()
    assert (raised.json()["law"], raised.json()["detail"]) == (
        "Law 79B3",
        "'reduce:ns=650' does not lower NS's score from the table's +620",
    )
    ok(director, base + "rulings/", {**reduce, "adjusted_score": "reduce:ns=170"})
    project()
    (reduced,) = [t for t in traveller_lines(staff, tid, 4) if t["table"] == 2]
    assert reduced["adjusted"] == "split:ns=170;ew=620"
    (line,) = [t for t in traveller_lines(staff, tid, 4) if t["table"] == 1]
    assert (line["adjusted"], line["mp_ns"], line["mp_ew"]) == (
        "A40/40",
        "4.80",
        "4.80",
    )
    assert list(
        PenaltyRow.objects.filter(tournament_id=tid)
        .order_by("position")
        .values_list("entry_number", "unit", "amount", "law")
    ) == [(1, "percent_of_top", 10, "90"), (8, "percent_of_top", 10, "90")]


# Board 3 fouled at tables 5 and 6 under Law 87B, each group factored to
# seven (Neuberg): tables 1-4 and 7, (M + 1) x 7/5 - 1: 8 -> 11.6, 6 -> 8.8,
# 4 -> 6, 2 -> 3.2, 0 -> 0.4; tables 5-6, (M + 1) x 7/2 - 1: 2 -> 9.5,
# 0 -> 2.5.
LAW_87B_BOARD_3 = {
    1: D("11.6", "0.4"),
    2: D("8.8", "3.2"),
    3: D("6", "6"),
    4: D("0.4", "11.6"),
    5: D("2.5", "9.5"),
    6: D("9.5", "2.5"),
    7: D("3.2", "8.8"),
}


def traveller_lines(client: APIClient, tid: str, board: int) -> list[dict]:
    return client.get(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/{board}/traveller/"
    ).json()["results"]


def test_a_laws_event_shows_the_laws_defaults() -> None:
    staff, _ = client_for("staff", federation_staff={})
    tid = event(staff, "laws")
    director, _ = client_for("td", chief_director={"tournament_id": tid})
    play(director, tid)

    detail = staff.get(f"/api/v1/tournaments/{tid}/").json()
    assert detail["regulation"] == "laws"
    assert detail["windows"]["appeal_minutes"] == 30  # Law 92B
    assert detail["scoring_rules"] == {
        "averaged_boards": "neuberg",
        "fouled_boards": "law_87b",
        "fouled_split": "1/5",
        "average_revision": "law_12c2c",
    }
    # Neuberg: the six real results factored to seven, (M + 1) x 7/6 - 1:
    # 10 -> 71/6 (11.83), 8 -> 9.5, 6 -> 43/6 (7.17), 4 -> 29/6 (4.83),
    # 2 -> 2.5, 0 -> 1/6 (0.17); the average 50% of 12.
    board_1 = {
        1: D("11.83", "0.17"),
        2: D("9.5", "2.5"),
        3: D("7.17", "4.83"),
        4: D("0.17", "11.83"),
        5: D("4.83", "7.17"),
        6: D("6", "6"),
        7: D("2.5", "9.5"),
    }
    assert as_decimals(figures(staff, tid, 1)) == board_1
    # Law 87B: groups at any share, each factored to seven. Board 2: the six
    # as above; table 6 alone: (0 + 1) x 7/1 - 1 = 6.
    assert as_decimals(figures(staff, tid, 2)) == board_1
    assert as_decimals(figures(staff, tid, 3)) == LAW_87B_BOARD_3
