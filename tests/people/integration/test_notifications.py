"""Notifications come from the events, once each (decision 0140): a rebuild
or a second sending pass sends nothing again; an appeal's own adjusted score
is told with its decision, not twice; a player without an account is mailed
nothing, and the row says so."""

from __future__ import annotations

import pytest
from django.core import mail

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from people.models import Notification
from people.notifications import Notifications, send
from tests.support.appeals import Event, project

pytestmark = pytest.mark.django_db


def test_each_event_is_told_once_to_each_player_at_the_table() -> None:
    event = Event()
    RoleGrant.objects.filter(user=event.users["west"]).delete()  # no account
    event.ok(
        event.clients["assistant"].post(
            f"/api/v1/tournaments/{event.tid}/sessions/1/rulings/",
            {
                "board_number": 2,
                "table": 1,
                "laws": ["12C2"],
                "facts": "fouled",
                "decision": "artificial",
                "adjusted_score": "A60/40",
            },
            format="json",
        )
    )
    appeal_id = event.lodged_and_heard()
    event.ok(
        event.post(
            "chief",
            appeal_id,
            "decision/",
            {
                "outcome": "changed",
                "reasons": "pass was a logical alternative",
                "changed_points": ["judgement"],
                "adjusted_scores": [
                    {"board_number": 1, "table": 1, "score": "assigned:-420@1"}
                ],
            },
        )
    )
    project()
    runner = ProjectionRunner(Notifications())
    runner.catch_up()
    kinds = list(
        Notification.objects.filter(player_id=event.player("north"))
        .order_by("position")
        .values_list("kind", flat=True)
    )
    # The appeal's own adjusted score (by_appeal) is in the decision's notice.
    assert kinds == [
        "ruling_adjusted",
        "appeal_lodged",
        "hearing_scheduled",
        "appeal_decided",
    ]
    assert Notification.objects.count() == 16  # four players, four events
    mail.outbox.clear()
    assert send() == 12  # West has no account: recorded, not mailed
    assert send() == 0
    assert len(mail.outbox) == 12
    west = Notification.objects.filter(player_id=event.players[4][1])
    assert set(west.values_list("status", flat=True)) == {"no_address"}
    decided = [m for m in mail.outbox if m.to == ["north@example.org"]][-1]
    assert decided.subject == (
        "[Arbitro] Ricorso deciso sulla smazzata 1 / Appeal decided on board 1"
    )
    assert "è stato deciso: la decisione dell'arbitro è modificata." in decided.body
    assert "was decided: the ruling is changed." in decided.body
    # A rebuild adds nothing and sends nothing.
    runner.rebuild()
    assert Notification.objects.count() == 16
    assert send() == 0
    assert len(mail.outbox) == 12
