"""A pairs event end to end over the API: register, seat, enter, rule, publish,
correct within the window, refuse after it (Law 79C), close it, final standings."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from eventstore.deadlines import sweep
from eventstore.store import event_store
from tests.support.pairs_event import (
    PAIRS,
    client_for,
    enter_all,
    make_tournament,
    project,
    seat_pairs,
    traveller,
)
from tests.support.players import new_player, register_players
from tournaments.models import PenaltyRow

pytestmark = pytest.mark.django_db


def test_pairs_event_from_registration_to_final_standings() -> None:
    staff, _ = client_for("staff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("td", chief_director={"tournament_id": tid})
    north_player = new_player()
    east_player = new_player()
    north, _ = client_for("north", player={"player_id": north_player})
    east, _ = client_for("east", player={"player_id": east_player})
    seat_pairs(
        staff,
        tid,
        {
            1: [str(north_player), *register_players(1)],
            4: [str(east_player), *register_players(1)],
        },
        timedelta(hours=1),
    )

    # Round 1, table 1: pair 1 (NS) meets pair 4 (EW) on boards 1-2.
    r = north.post(
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": 1, "table": 1, "contract": "4SN", "tricks": 10, "lead": "HA"},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert (
        east.post(
            f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/confirmations/"
        ).status_code
        == 201
    )
    # East-West cannot enter, and North cannot confirm for them.
    refused = east.post(
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": 2, "table": 1, "contract": "4SN", "tricks": 10},
        format="json",
    )
    assert refused.status_code == 422
    enter_all(director, tid, skip={(1, 1)})
    # An illegal result names its Law.
    bad = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/2/tables/1/corrections/",
        {"contract": "4SN", "tricks": 14, "reason": "typo"},
        format="json",
    )
    assert bad.status_code == 400
    # A ruling with an artificial adjusted score (Law 12C2) on board 3 at table 2.
    project()
    table = min(t["table"] for t in traveller(staff, tid, 3))
    ruling = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/rulings/",
        {
            "board_number": 3,
            "table": table,
            "laws": ["12C2"],
            "facts": "fouled auction",
            "decision": "average plus to NS, average minus to EW",
            "adjusted_score": "A60/40",
        },
        format="json",
    )
    assert ruling.status_code == 201, ruling.json()
    project()
    line = next(t for t in traveller(staff, tid, 3) if t["table"] == table)
    assert line["adjusted"] == "A60/40"
    assert Decimal(line["mp_ns"]) == Decimal("2.40")  # 60% of a top of 4

    standings = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    assert standings["status"] == "provisional"
    assert len(standings["standings"]) == PAIRS
    # Every board: matchpoints of the three tables sum to n(n-1) = 6 (Law 78A).
    for board in (1, 2, 4, 5, 6):
        lines = traveller(staff, tid, board)
        assert sum(Decimal(t["mp_ns"]) + Decimal(t["mp_ew"]) for t in lines) == 12

    publish = director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert publish.status_code == 201
    project()
    published = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    assert published["status"] == "official"
    # Correction inside the period (FIGB pairs: until the end of the last round).
    fix = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/2/tables/1/corrections/",
        {"contract": "4SN", "tricks": 9, "reason": "tricks misentered"},
        format="json",
    )
    assert fix.status_code == 201, fix.json()
    project()
    [fixed] = [t for t in traveller(staff, tid, 2) if t["table"] == 1]
    assert fixed["score_ns"] == -100  # board 2: North-South vulnerable (Law 2)
    # Anyone can read published results without logging in.
    assert (
        APIClient().get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").status_code
        == 200
    )


def test_late_correction_is_refused_naming_n_l79_even_without_a_worker() -> None:
    """A FIGB pairs session's periods are N-L79's, which the refusal names
    (decision 0218); the organizer's approval is Law 79C2's."""
    staff, _ = client_for("staff2", federation_staff={})
    tid = make_tournament(
        staff, timedelta(hours=-1), inadmissible_minutes=0, appeal_minutes=0
    )
    director, _ = client_for("td2", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(minutes=-1))  # the last round's time is over
    enter_all(director, tid)
    assert (
        director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/").status_code
        == 201
    )
    late = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 9, "reason": "late"},
        format="json",
    )
    assert late.status_code == 409
    assert late.json()["code"] == "correction_period_closed"
    assert late.json()["law"] == "Norme integrative FIGB Art. N-L79"
    organizer, organizer_user = client_for("org2")
    appointed = staff.post(
        f"/api/v1/tournaments/{tid}/officials/",
        {"username": organizer_user.username, "role": "organizer", "name": "ASD"},
        format="json",
    )
    assert appointed.status_code == 201, appointed.json()
    approval = organizer.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/late-correction-approvals/",
        {"reason": "the scorer's slip"},
        format="json",
    )
    assert approval.status_code == 201, approval.json()
    approved = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 9, "reason": "late"},
        format="json",
    )
    assert approved.status_code == 201  # Law 79C2
    # The sweeper records the closing of both periods; the standings become final.
    assert sweep() == 2
    project()
    final = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    assert final["status"] == "final"
    assert final["correction_closed"] is True


def test_director_of_another_tournament_cannot_publish() -> None:
    staff, _ = client_for("staff3", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    other, _ = client_for("td3", chief_director={"tournament_id": uuid.uuid4()})
    response = other.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert response.status_code == 403
    anonymous = APIClient().post("/api/v1/tournaments/", {}, format="json")
    assert anonymous.status_code == 403


def test_guide_cards_and_score_cards_are_public() -> None:
    """Law 8: a pair's guide card lists its rounds; its score card its boards."""
    staff, _ = client_for("staff4", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("td4", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    enter_all(director, tid)
    project()
    public = APIClient()
    guide = public.get(
        f"/api/v1/tournaments/{tid}/sessions/1/entries/1/guide-card/"
    ).json()
    assert [line["round"] for line in guide["rounds"]] == [1, 2, 3]
    assert all(line["direction"] == "NS" for line in guide["rounds"])  # a Mitchell
    assert {line["opponent"] for line in guide["rounds"]} == {4, 5, 6}
    # Before publication the score card and travellers are the director's
    # (decision 0105); the guide card is public.
    card = director.get(
        f"/api/v1/tournaments/{tid}/sessions/1/entries/4/score-card/"
    ).json()
    assert len(card["boards"]) == 6
    assert all(line["direction"] == "EW" for line in card["boards"])
    line = card["boards"][0]
    ns_view = next(
        t
        for t in traveller(director, tid, line["board_number"])
        if t["table"] == line["table"]
    )
    assert line["score"] == -ns_view["score_ns"]
    assert Decimal(line["points"]) == Decimal(ns_view["mp_ew"])
    path = f"/api/v1/tournaments/{tid}/sessions/1/standings/"
    assert public.get(path).status_code == 403  # not yet published (Law 79)
    standings = director.get(path).json()
    [pair_4] = [s for s in standings["standings"] if s["entry_number"] == 4]
    assert card["rank"] == pair_4["rank"]


def test_a_catalogue_penalty_takes_the_events_amount() -> None:
    """Law 90 with the FIGB catalogue: a dummy's infringement costs 20% of the
    top in pairs unless the event set its own amount."""
    staff, _ = client_for("staff5", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("td5", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    enter_all(director, tid)
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
        {"entry_number": 1, "catalogue": "dummy_infringement"},
        format="json",
    )
    assert r.status_code == 201, r.json()
    refused = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
        {"entry_number": 1, "catalogue": "closed_room_exit"},
        format="json",
    )
    assert refused.status_code == 422  # a teams-only penalty in a pairs event
    assert (refused.json()["code"], refused.json()["law"]) == (
        "invalid_penalty",
        "Law 90",
    )
    project()
    [standing] = [
        s
        for s in staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()[
            "standings"
        ]
        if s["entry_number"] == 1
    ]
    assert Decimal(standing["penalty"]) > 0


def test_an_event_may_override_a_catalogue_amount() -> None:
    staff, _ = client_for("staff6", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Club",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "penalty_overrides": [
                {"key": "stop_card", "unit": "percent_of_top", "amount": 5}
            ],
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    director, _ = client_for("td6", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    assert (
        director.post(
            f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
            {"entry_number": 2, "catalogue": "stop_card"},
            format="json",
        ).status_code
        == 201
    )
    project()
    [penalty] = PenaltyRow.objects.filter(tournament_id=tid)
    assert (penalty.unit, penalty.amount, penalty.law) == ("percent_of_top", 5, "90")


def test_the_recap_sheet_gives_every_pair_its_points_board_by_board() -> None:
    """The recap sheet agrees with the travellers and the standings: each
    pair's board points sum to its session total (FIGB §2, matchpoints)."""
    staff, _ = client_for("staff9", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("td9", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    enter_all(director, tid)
    project()
    public = director  # provisional: the directors' until published (0105)
    recap = public.get(f"/api/v1/tournaments/{tid}/sessions/1/recap/").json()
    assert recap["status"] == "provisional"
    assert recap["matches"] == []
    lines = {line["entry_number"]: line for line in recap["entries"]}
    assert set(lines) == {1, 2, 3, 4, 5, 6}
    for number, line in lines.items():
        assert len(line["boards"]) == 6
        points = sum(Decimal(b["points"]) for b in line["boards"].values())
        assert points == Decimal(line["total"]) + Decimal(line["penalty"] or 0)
        for board, cell in line["boards"].items():
            [row] = [
                t
                for t in traveller(public, tid, int(board))
                if number in (t["ns"], t["ew"])
            ]
            side = "ns" if row["ns"] == number else "ew"
            assert cell["direction"] == side.upper()
            assert Decimal(cell["points"]) == Decimal(row[f"mp_{side}"])
    missing = public.get(f"/api/v1/tournaments/{tid}/sessions/9/recap/")
    assert missing.status_code == 404


def test_an_event_is_bridge_unless_it_says_otherwise_and_burraco_waits() -> None:
    staff, _ = client_for("staff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    project()
    listed = staff.get("/api/v1/tournaments/").json()
    assert listed["count"] == 1
    [row] = [t for t in listed["results"] if t["tournament_id"] == tid]
    assert row["game"] == "bridge"
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "name": "Burraco d'autunno",
            "game": "burraco",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": event_store().now().isoformat(),
        },
        format="json",
    )
    assert r.status_code == 422, r.json()
    assert r.json()["code"] == "game_not_supported"


@pytest.mark.parametrize(
    ("windows", "appeal_minutes"),
    [
        ({"regulation": "laws"}, 30),  # Law 92B
        ({"regulation": "figb"}, 15),  # FIGB N-L92-93 §2
        ({}, 15),
        ({"regulation": "laws", "appeal_minutes": 20}, 20),
    ],
)
def test_a_tournament_takes_its_regulations_appeal_period_by_default(
    windows: dict[str, object], appeal_minutes: int
) -> None:
    staff, _ = client_for("wstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1), **windows)
    project()
    detail = staff.get(f"/api/v1/tournaments/{tid}/").json()
    assert detail["windows"]["appeal_minutes"] == appeal_minutes
