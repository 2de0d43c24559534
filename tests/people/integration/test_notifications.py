"""Notifications come from the events, once each (decision 0140): a rebuild
or a second sending pass sends nothing again; an appeal's own adjusted score
is told with its decision, not twice; a player without an account is mailed
nothing, and the row says so."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
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


def test_a_corrected_score_and_a_penalty_reach_the_players_they_concern() -> None:
    """Law 79C: the table's four players hear of a corrected score; Laws 90
    and 92B: the penalised pair hears of its penalty with the end of the
    appeal period (FIGB: 15 minutes from the ruling before publication)."""
    event = Event()
    chief = event.clients["chief"]
    event.ok(
        chief.post(
            f"/api/v1/tournaments/{event.tid}/sessions/1/boards/2/tables/1/corrections/",
            {"contract": "3NTS", "tricks": 10, "reason": "the scorer's slip"},
            format="json",
        )
    )
    event.ok(
        chief.post(
            f"/api/v1/tournaments/{event.tid}/sessions/1/penalties/",
            {
                "entry_number": 4,
                "kind": "procedural",
                "unit": "percent_of_top",
                "amount": 25,
                "law": "Law 90",
                "reason": "Slow play.",
            },
            format="json",
        )
    )
    project()
    ProjectionRunner(Notifications()).catch_up()
    north = Notification.objects.filter(player_id=event.player("north"))
    assert list(north.values_list("kind", flat=True)) == ["score_corrected"]
    [corrected] = north
    assert corrected.params == {
        "board": 2,
        "table": 1,
        "session": 1,
        "result": "3NTS 10",
        "reason": "the scorer's slip",
    }
    assert corrected.deadline is None  # unpublished: the period has not begun
    east = Notification.objects.filter(player_id=event.player("east"))
    assert list(east.order_by("position").values_list("kind", flat=True)) == [
        "score_corrected",
        "penalty_imposed",
    ]
    penalised = east.get(kind="penalty_imposed")
    [recorded] = event_store().read_all(after_position=penalised.position - 1, limit=1)
    assert recorded.event_type == "tournament.penalty_imposed"
    assert penalised.deadline == recorded.recorded_at + timedelta(minutes=15)

    mail.outbox.clear()
    send()
    [to_east] = [
        m for m in mail.outbox if m.to == ["east@example.org"] and "25%" in m.body
    ]
    assert to_east.subject == (
        "[Arbitro] Penalità procedurale nella sessione 1 / "
        "Procedural penalty in session 1"
    )
    assert (
        "Penalità procedurale per la coppia o squadra 4 nella sessione 1: "
        "25% di un top (Legge 90). Slow play."
    ) in to_east.body
    assert (
        "Procedural penalty for entry 4 in session 1: 25% of a top (Law 90). Slow play."
    ) in to_east.body
    [fixed] = [
        m for m in mail.outbox if m.to == ["north@example.org"] and "3NTS" in m.body
    ]
    assert fixed.subject == (
        "[Arbitro] Punteggio corretto sulla smazzata 2 / Score corrected on board 2"
    )
    assert (
        "Il punteggio della smazzata 2, tavolo 1 (sessione 1) è stato corretto in "
        "3NTS 10: the scorer's slip."
    ) in fixed.body
