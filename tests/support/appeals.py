"""A pairs event over the API with a ruling at table 1, and the people around it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from appeals.policies import run_policies
from appeals.projections import AppealFiles, AppealNotifications
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.support.auth import token_client
from tests.support.pairs_event import enter_all
from tests.support.players import register_players
from tournaments.projections import TournamentResults

PAIRS = 6  # a 3-table Mitchell: round 1 puts pair 1 (NS) against pair 4 at table 1


def person(username: str, **grant: Any) -> tuple[APIClient, Any]:
    user = get_user_model().objects.create_user(
        f"{username}-{uuid.uuid4().hex[:6]}", email=f"{username}@example.org"
    )
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return token_client(user), user


def project() -> None:
    """Run the read models and the decision policy, as the workers would."""
    run_policies()
    for projection in (TournamentResults(), AppealFiles(), AppealNotifications()):
        ProjectionRunner(projection).catch_up()


@dataclass
class Event:
    """Staff, the chief director, pair 1 (appellants) and pair 4 (opponents)."""

    appeal_minutes: int = 15
    regulation: str = "figb"
    conditions: dict[str, Any] | None = None
    tid: str = field(default_factory=lambda: str(uuid.uuid4()))
    players: dict[int, list[str]] = field(default_factory=dict)
    clients: dict[str, APIClient] = field(default_factory=dict)
    users: dict[str, Any] = field(default_factory=dict)
    ruling_id: str = ""

    def __post_init__(self) -> None:
        self.add("staff", federation_staff={})
        now = event_store().now()
        body = {
            "tournament_id": self.tid,
            "name": "Coppa Italia a coppie",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "windows": {
                "regulation": self.regulation,
                "appeal_minutes": self.appeal_minutes,
            },
        }
        self.ok(self.clients["staff"].post("/api/v1/tournaments/", body, format="json"))
        self.add("chief", chief_director={"tournament_id": self.tid})
        self.add("assistant", director={"tournament_id": self.tid})
        for number in range(1, PAIRS + 1):
            ids = register_players(2)
            self.players[number] = ids
            self.ok(
                self.clients["staff"].post(
                    f"/api/v1/tournaments/{self.tid}/entries/",
                    {"number": number, "player_ids": ids},
                    format="json",
                )
            )
        for name, (number, index) in {
            "north": (1, 0),
            "south": (1, 1),
            "east": (4, 0),
            "west": (4, 1),
            "outsider": (2, 0),
        }.items():
            self.add(name, player={"player_id": self.players[number][index]})
        self.ok(
            self.clients["staff"].post(
                f"/api/v1/tournaments/{self.tid}/sessions/",
                {
                    "session": 1,
                    "movement": "mitchell",
                    "pairs": PAIRS,
                    "boards_per_round": 2,
                    "starts_at": (now - timedelta(hours=2)).isoformat(),
                    "ends_at": (now + timedelta(hours=1)).isoformat(),
                },
                format="json",
            )
        )
        if self.conditions is not None:
            self.ok(
                self.clients["staff"].post(
                    f"/api/v1/tournaments/{self.tid}/appeal-conditions/",
                    self.conditions,
                    format="json",
                )
            )
        enter_all(self.clients["chief"], self.tid)
        ruling = self.clients["assistant"].post(
            f"/api/v1/tournaments/{self.tid}/sessions/1/rulings/",
            {
                "board_number": 1,
                "table": 1,
                "laws": ["16B"],
                "facts": "South hesitated before passing; North bid 4S",
                "decision": "result stands: no logical alternative to 4S",
            },
            format="json",
        )
        self.ok(ruling)
        self.ruling_id = ruling.json()["ruling_id"]

    def add(self, name: str, **grant: Any) -> None:
        self.clients[name], self.users[name] = person(name, **grant)

    @staticmethod
    def ok(response: Any, status: int = 201) -> Any:
        """``response``, checked: 201 (recorded) unless told 200 (nothing new)."""
        assert response.status_code == status, response.json()
        return response

    def player(self, name: str) -> str:
        return str(
            RoleGrant.objects.get(user=self.users[name], role="player").player_id
        )

    def lodge(self, by: str = "north", **extra: Any) -> Any:
        body = {
            "tournament_id": self.tid,
            "ruling_id": self.ruling_id,
            "appellant_id": extra.pop("appellant_id", None) or self.player(by),
            "grounds": "the hesitation did not suggest 4S",
            "channel": "director",  # Law 92C
            **extra,
        }
        return self.clients[by].post("/api/v1/appeals/", body, format="json")

    def post(self, who: str, appeal_id: str, step: str, body: dict[str, Any]) -> Any:
        return self.clients[who].post(
            f"/api/v1/appeals/{appeal_id}/{step}", body, format="json"
        )

    def file(self, who: str, appeal_id: str) -> Any:
        return self.clients[who].get(f"/api/v1/appeals/{appeal_id}/")

    def lodged_and_heard(
        self, body: str = "chief_director", appeal_id: str = "", **route: Any
    ) -> str:
        """Lodged by North (unless given) with South's concurrence, routed, heard.

        A repeated concurrence records nothing (200), so an appeal already
        complete passes through unchanged.
        """
        appeal_id = appeal_id or self.ok(self.lodge()).json()["appeal_id"]
        missing = self.file("north", appeal_id).json()["missing_concurrence"]
        self.ok(
            self.post(
                "south", appeal_id, "concurrence/", {"player_id": self.player("south")}
            ),
            201 if self.player("south") in missing else 200,
        )
        hearer = "chief" if body == "chief_director" else route.pop("hearer", "c1")
        self.ok(self.post("chief", appeal_id, "referral/", {"body": body, **route}))
        now = event_store().now()
        self.ok(
            self.post(
                hearer, appeal_id, "hearing/", {"at": now.isoformat(), "place": "sala"}
            )
        )
        self.ok(
            self.post(
                "assistant",
                appeal_id,
                "reports/",
                {"text": "I was called after the auction; the tempo break was agreed"},
            )
        )
        members = route.get("members", [])
        self.ok(
            self.post(
                hearer,
                appeal_id,
                "hearing/minutes/",
                {
                    "statements": [
                        {
                            "by": self.player("north"),
                            "role": "appellant",
                            "text": "4S is clear",
                        },
                        {
                            "by": self.player("east"),
                            "role": "opponent",
                            "text": "pass is a logical alternative",
                        },
                    ],
                    "members_present": members,
                },
            )
        )
        return appeal_id

    def standings(self) -> list[tuple[Any, ...]]:
        from tournaments.models import ResultRow, StandingRow

        return [
            *StandingRow.objects.filter(tournament_id=self.tid)
            .order_by("entry_number")
            .values_list("entry_number", "matchpoints", "penalty", "percent", "rank"),
            *ResultRow.objects.filter(tournament_id=self.tid)
            .order_by("board_number", "table")
            .values_list("board_number", "table", "adjusted", "mp_ns", "mp_ew"),
        ]
