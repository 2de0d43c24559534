"""Withdrawals under FIGB N-L4 §3-§5, over the API (decision 0171).

N-L4 §4 (the Italian text): "In caso di abbandono del torneo da parte di
una coppia durante una sessione di gioco, i risultati conseguiti dalla
stessa fino a quel momento resteranno validi e l'Arbitro assegnerà un
punteggio arbitrale per le smazzate successive. [...] Il C.D. della F.I.G.B.
potrà escludere dai tornei a coppie quei giocatori che siano incorsi per tre
volte nella suddetta mancanza." The norm names no figure: Law 12C2(a) gives
the pair at fault average minus (40%) and its opponents, in no way at
fault, average plus (60%, or their session percentage if higher, Law
12C2(c)).

The 14-pair Mitchell of the regulation test: 7 tables, 7 rounds of one
board, top 12 (Law 78A).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from eventstore.store import event_store
from rules.bridge import Seat, vulnerability_for
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tests.tournaments.e2e.test_figb_regulation import traveller_lines
from tests.tournaments.e2e.test_teams_tie_breaks import round_robin
from tournaments import handlers

pytestmark = pytest.mark.django_db


def event(staff: APIClient, pair_1: list[str] | None = None) -> str:
    """A FIGB event of 14 pairs, pair 1's players as given."""
    now = event_store().now()
    tid = str(uuid.uuid4())
    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Abbandoni",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "windows": {"regulation": "figb"},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    for number in range(1, 15):
        players = pair_1 if number == 1 and pair_1 else register_players(2)
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": number, "player_ids": players},
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


def tables_of(tid: str, entry: int) -> dict[int, tuple[int, int, int, int]]:
    """Round -> (table, board, NS, EW) where ``entry`` sits in session 1."""
    session = handlers.load_tournament(uuid.UUID(tid)).sessions[1]
    return {
        a.round: (a.table, a.boards[0], a.ns, a.ew)
        for a in session.assignments
        if entry in (a.ns, a.ew)
    }


def result(director: APIClient, tid: str, board: int, table: int, contract, tricks):
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": board, "table": table, "contract": contract, "tricks": tricks},
        format="json",
    )
    assert r.status_code == 201, r.json()


def withdraw(director: APIClient, tid: str, body: dict):
    return director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/withdrawals/", body, format="json"
    )


def line(staff: APIClient, tid: str, board: int, table: int) -> dict:
    [found] = [x for x in traveller_lines(staff, tid, board) if x["table"] == table]
    return found


# Partscores score the same vulnerable or not (Law 77), NS's: 170, 140,
# 120, 110, 90, 70.
PARTSCORES = [("2SN", 10), ("3SN", 9), ("1NTN", 8), ("2SN", 8), ("1NTN", 7), ("1CN", 7)]


def test_a_pair_withdrawing_during_the_session() -> None:
    staff, _ = client_for("staff-w", federation_staff={})
    tid = event(staff)
    director, _ = client_for("td-w", chief_director={"tournament_id": tid})
    mine = tables_of(tid, 1)
    # Rounds 1 and 2 played at pair 1's table: those results stand.
    for r in (1, 2):
        table, board, _, _ = mine[r]
        result(director, tid, board, table, "4SN", 10)
    # The board pair 1 would have played in round 3, played everywhere else.
    table_3, board_3, _, opponents_3 = mine[3]
    others = [
        a
        for a in handlers.load_tournament(uuid.UUID(tid)).sessions[1].assignments
        if board_3 in a.boards and a.table != table_3
    ]
    for a, (contract, tricks) in zip(
        sorted(others, key=lambda a: a.table), PARTSCORES, strict=True
    ):
        result(director, tid, board_3, a.table, contract, tricks)

    answer = withdraw(
        director, tid, {"entry_number": 1, "from_round": 3, "reason": "ill"}
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    players = handlers.load_tournament(uuid.UUID(tid)).entries[1].player_ids
    assert (body["boards"], body["from_round"], body["norm"]) == (
        5,
        3,
        "Norme integrative FIGB N-L4 §4",
    )
    assert body["artificial_scores"] == [
        {"board_number": board, "table": table, "score": "A40/60"}
        for r, (table, board, _, _) in sorted(mine.items())
        if r >= 3
    ]
    assert body["players"] == [
        {"player": str(p), "withdrawals": 1, "exclusion_referral": False}
        for p in players
    ]
    assert [c["norm"] for c in body["consequences"]] == [
        "Norme integrative FIGB N-L4 §3",
        "Norme integrative FIGB N-L4 §4",
    ]
    assert body["consequences"][1]["text"] == (
        "the results obtained so far stand; each board it does not play of "
        "the 5 left in the session gets an artificial score: 40% to the pair, "
        "60% to its opponents (Law 12C2(a))"
    )
    project()
    # Rounds 1-2 stand; rounds 3-7 at pair 1's table: 40% to pair 1 (NS),
    # 60% to its opponents.
    for r, (table, board, _, _) in mine.items():
        found = line(staff, tid, board, table)
        if r < 3:
            vulnerable = vulnerability_for(board).is_vulnerable(Seat.N)
            expected_score = 620 if vulnerable else 420  # 4S= (Law 77)
            assert (found["score_ns"], found["adjusted"], found["irregularity"]) == (
                expected_score,
                None,
                None,
            )
        else:
            assert (found["irregularity"], found["adjusted"]) == (
                "not_played",
                "A40/60",
            )
    # Board of round 3, worked by hand (FIGB N-L12: one table without a
    # result, m = 1): the six results 170, 140, 120, 110, 90, 70 beat five,
    # four, ... none of the others: 10, 8, 6, 4, 2, 0, each + m = 11, 9, 7,
    # 5, 3, 1. Pair 1's table: 40% of 12 = 4.8 for NS, 60% = 7.2 for EW
    # (who have no other board scored: Law 12C2(c) leaves the 60%).
    figures = {
        x["table"]: (Decimal(x["mp_ns"]), Decimal(x["mp_ew"]))
        for x in traveller_lines(staff, tid, board_3)
    }
    by_table = sorted(a.table for a in others)
    expected = dict(
        zip(
            by_table,
            [(Decimal(n), Decimal(12 - n)) for n in (11, 9, 7, 5, 3, 1)],
            strict=True,
        )
    )
    assert figures == {**expected, table_3: (Decimal("4.8"), Decimal("7.2"))}

    # Pair 1's round-3 opponents withdraw from that round too: both pairs
    # at fault there, 40% each (Law 12C2(a)); their later tables 60/40.
    theirs = tables_of(tid, opponents_3)
    assert theirs[3][0] == table_3
    again = withdraw(director, tid, {"entry_number": opponents_3, "from_round": 3})
    assert again.status_code == 201, again.json()
    assert again.json()["boards"] == 5
    project()
    assert line(staff, tid, board_3, table_3)["adjusted"] == "A40/40"
    for r in range(4, 8):
        table, board, ns, _ = theirs[r]
        assert ns != 1
        assert line(staff, tid, board, table)["adjusted"] == "A60/40"

    # Once only, and only a round the entry plays (N-L4 §4).
    twice = withdraw(director, tid, {"entry_number": 1, "from_round": 4})
    assert twice.status_code == 409, twice.json()
    assert (twice.json()["code"], twice.json()["law"]) == (
        "already_withdrawn",
        "Norme integrative FIGB Art. N-L4 §4",
    )
    unknown = withdraw(director, tid, {"entry_number": 2, "from_round": 9})
    assert unknown.status_code == 422, unknown.json()
    assert (unknown.json()["code"], unknown.json()["detail"]) == (
        "entry_conflict",
        "entry 2 plays no round 9 in session 1",
    )
    listed = staff.get(f"/api/v1/tournaments/{tid}/withdrawals/").json()
    assert [(w["entry_number"], w["from_round"]) for w in listed["withdrawals"]] == [
        (1, 3),
        (opponents_3, 3),
    ]
    # Directors only record it.
    player, _ = client_for("player-w")
    assert withdraw(player, tid, {"entry_number": 2}).status_code == 403


def test_the_third_withdrawal_refers_the_players_to_the_cd() -> None:
    """N-L4 §4: withdrawals are counted per player across events; at the
    third ("per tre volte") the C.D. may exclude the player from pairs
    tournaments: the record says so, naming the norm."""
    staff, _ = client_for("staff-w3", federation_staff={})
    players = register_players(2)
    answers = []
    for n in range(3):
        tid = event(staff, players)
        director, _ = client_for(f"td-w3-{n}", chief_director={"tournament_id": tid})
        # Between sessions (after session 1): no artificial score; the
        # director may replace the pair.
        answer = withdraw(director, tid, {"entry_number": 1})
        assert answer.status_code == 201, answer.json()
        answers.append(answer.json())
    assert [a["boards"] for a in answers] == [0, 0, 0]
    assert [[p["withdrawals"] for p in a["players"]] for a in answers] == [
        [1, 1],
        [2, 2],
        [3, 3],
    ]
    assert [p["exclusion_referral"] for p in answers[2]["players"]] == [True, True]
    assert answers[1]["consequences"][1]["text"] == (
        "the results obtained stand; the director may replace the pair, and "
        "the new formation competes only for session prizes"
    )
    assert [c["text"] for c in answers[2]["consequences"][2:]] == [
        f"player {p} has withdrawn from pairs events 3 times: the FIGB C.D. may "
        "exclude them from pairs tournaments"
        for p in sorted(players)
    ]
    assert {c["norm"] for c in answers[2]["consequences"][1:]} == {
        "Norme integrative FIGB N-L4 §4"
    }


def test_a_team_withdrawing_is_recorded_under_n_l4_5() -> None:
    """N-L4 §5: the members may not remain in the venue; the matches follow
    RC art. 22-23 and RT art. 38-39 (not held): no artificial score, and the
    team's withdrawal does not count towards §4's three."""
    _, director, tid = round_robin("teams_imps_vp", tag="wt")
    answer = withdraw(director, tid, {"entry_number": 2, "from_round": 2})
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["norm"], body["boards"]) == ("Norme integrative FIGB N-L4 §5", 0)
    assert [p["withdrawals"] for p in body["players"]] == [0, 0, 0, 0]
    assert [c["norm"] for c in body["consequences"]] == [
        "Norme integrative FIGB N-L4 §5",
        "Norme integrative FIGB N-L4 §5",
    ]
