"""The split into merit groups over real HTTP on PostgreSQL (decision 0145).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (Mitchell, Danese puro),
Art. 20 (the single group's last turn and the merit groups' turns corrected
only with the director countersigning; the standings before the split shown
for 10 minutes, then final, and the split proceeds), I poteri dell'arbitro
(g) (Danese turns within the merit groups). Eight pairs on four tables: two
Mitchell turns, one Danese turn, the split into A and B, two Danese turns
within them; the final ranking is group A's, then group B's.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from eventstore.deadlines import sweep
from eventstore.store import EventStore
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.http import HttpClient
from tests.support.server import Server

SECOND = timedelta(seconds=1)
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def one(fixed: int, mobile: int = 0) -> dict[str, int]:
    """One hand: each line's points (2-hand VP table)."""
    return {
        "fixed_base": 0,
        "fixed_points": fixed,
        "mobile_base": 0,
        "mobile_points": mobile,
    }


def seats(client: HttpClient, event: Burraco, turn: int) -> list[tuple[int, int, int]]:
    body = client.get(event.base + f"turns/{turn}/positions/").json()
    return [(p["table"], p["fixed"], p["mobile"]) for p in body["positions"]]


def play(event: Burraco, turn: int, *sheets: dict[str, int]) -> None:
    for table, sheet in enumerate(sheets, start=1):
        r = event.sheet(turn, table, sheet)
        assert r.status_code == 201, r.json()


def test_the_split_into_two_merit_groups_played_danese(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Burraco(
        server.url, pairs=8, turns=5, mitchell_turns=2, split_after=3, merit_groups=2
    )
    anonymous = HttpClient(server.url)
    try:
        event.ok("lines/", {})
        event.ok("turns/1/positions/")
        assert seats(anonymous, event, 1) == [
            (1, 1, 5),
            (2, 2, 6),
            (3, 3, 7),
            (4, 4, 8),
        ]
        play(event, 1, one(1005), one(505), one(0, 305), one(0))
        event.ok("turns/2/positions/")
        assert seats(anonymous, event, 2) == [
            (1, 1, 8),
            (2, 2, 5),
            (3, 3, 6),
            (4, 4, 7),
        ]
        play(event, 2, one(0, 1005), one(125), one(1005), one(45))
        # Turn 3, Danese on the single group: 8 (30), 2 (28), 3 (26), 7 (23)...
        event.ok("turns/3/positions/")
        assert seats(anonymous, event, 3) == [
            (1, 8, 2),
            (2, 3, 7),
            (3, 4, 1),
            (4, 5, 6),
        ]
        play(event, 3, one(0, 205), one(0), one(0, 1005), one(1005))

        # No merit-group turn before the groups, no groups before the check.
        body = problem(event.post("turns/4/positions/"), 409)
        assert (body["code"], body["law"]) == (
            "groups_not_formed",
            "Codice di Gara Art. 20",
        )
        body = problem(event.post("groups/", {}), 409)
        assert body["code"] == "groups_not_formed"
        event.ok("standings/provisional/")
        detail = anonymous.get(event.base).json()
        deadline = datetime.fromisoformat(detail["provisional_check_deadline"])
        # The single group's last turn is protected: the director countersigns.
        correction = {"hands": [one(0, 1005)], "opponents_confirmed": True}
        body = problem(event.post("turns/3/tables/2/corrections/", correction), 422)
        assert (body["code"], body["law"]) == (
            "correction_not_confirmed",
            "Codice di Gara Art. 20",
        )
        event.ok(
            "turns/3/tables/2/corrections/",
            {**correction, "director_countersigned": True},
        )
        # The check holds its last instant (decision 0218).
        server.pin(deadline)
        assert problem(event.post("groups/", {}), 409)["code"] == "groups_not_formed"
        server.pin(deadline + timedelta(microseconds=1))
        body = problem(
            event.post(
                "turns/3/tables/1/corrections/",
                {
                    "hands": [one(0)],
                    "opponents_confirmed": True,
                    "director_countersigned": True,
                },
            ),
            409,
        )
        assert (body["code"], body["law"]) == (
            "correction_window_closed",
            "Codice di Gara Art. 20",
        )
        body = problem(event.post("groups/", {"sizes": [4, 2]}), 422)
        assert body["code"] == "invalid_lines"
        event.ok("groups/", {})
        # The sweep records the end of the check (the deadline row).
        # The check holds its last instant (decision 0218): a second after it.
        monkeypatch.setattr(EventStore, "now", lambda self: deadline + SECOND)
        assert sweep() == 1
        assert sweep() == 0
        monkeypatch.undo()
        assert anonymous.get(event.base).json()["provisional_final"] is True
        # After the correction: 7 (43), 2 (41), 1 (40), 8 (37) | 5 (28), 3 (26)...
        detail = anonymous.get(event.base).json()
        assert detail["groups"] == {"A": [7, 2, 1, 8], "B": [5, 3, 4, 6]}
        event.ok("turns/4/positions/")
        assert seats(anonymous, event, 4) == [
            (1, 7, 2),
            (2, 1, 8),
            (3, 5, 3),
            (4, 4, 6),
        ]
        play(event, 4, one(0), one(0), one(0), one(1005))
        body = problem(event.post("turns/4/tables/4/corrections/", correction), 422)
        assert body["code"] == "correction_not_confirmed"
        event.ok("turns/5/positions/")
        # Group B's order after turn 4: 4 (41), 5 (38), 3 (36), 6 (4).
        assert seats(anonymous, event, 5) == [
            (1, 7, 2),
            (2, 1, 8),
            (3, 4, 5),
            (4, 3, 6),
        ]
        play(event, 5, one(0, 1005), one(0), one(1005), one(0))
        event.ok("standings/final/")
        body = event.read(event.director, "standings/", after_turn=5).json()
        assert [
            (s["rank"], s["group"], s["pair"], s["vp"]) for s in body["standings"]
        ] == [
            (1, "A", 2, 71),
            (2, "A", 1, 60),
            (3, "A", 8, 57),
            (4, "A", 7, 53),
            (5, "B", 4, 61),
            (6, "B", 3, 46),
            (7, "B", 5, 38),
            (8, "B", 6, 14),
        ]
        csv = event.read(event.director, "standings.csv", after_turn=5).content.decode()
        assert csv.splitlines()[:2] == [
            "rank,tied,pair,vp,turn_vp,deduction,mp,turns,group",
            "1,0,2,71,71,0,1840,5,A",
        ]
    finally:
        server.pin(None)
