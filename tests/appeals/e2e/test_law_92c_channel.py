"""Law 92C over the API, on PostgreSQL: "Tutte le richieste di revisione di
una decisione dovranno essere presentate tramite l'Arbitro" (FIGB N-L92-93
§3: "a mezzo dell'Arbitro Coadiutore"). The channel is an input: an appeal
handed to the committee's chair is recorded as handed and refused naming
Law 92C, or, where the event's appeal conditions let the director accept it,
lodged by his act (decision 0218)."""

from __future__ import annotations

import uuid

import pytest

from appeals.domain import appeal
from eventstore.store import event_store
from tests.support.appeals import Event

pytestmark = pytest.mark.django_db


def recorded(appeal_id: str) -> list[object]:
    return list(
        event_store().read_stream(appeal.stream_id(uuid.UUID(appeal_id))).domain_events
    )


def test_an_appeal_handed_to_the_committees_chair_is_recorded_and_refused() -> None:
    event = Event()
    handed = event.lodge(channel="committee_chair", received_by="the chair, Rossi")
    assert handed.status_code == 422
    body = handed.json()
    assert (body["code"], body["law"], body["status"]) == (
        "appeal_not_through_director",
        "Law 92C",
        422,
    )
    assert body["detail"] == (
        "the appeal was handed to the committee chair: it is recorded, and lodged "
        "only through the director"
    )
    appeal_id = str(
        appeal.appeal_id_for(uuid.UUID(event.tid), uuid.UUID(event.ruling_id), 1)
    )
    [record] = recorded(appeal_id)
    assert isinstance(record, appeal.AppealHandedElsewhere)
    assert (record.channel, record.received_by, record.refused) == (
        appeal.Channel.COMMITTEE_CHAIR,
        "the chair, Rossi",
        True,
    )
    # Through the director, in time, it is then lodged.
    lodged = event.ok(event.lodge())
    assert lodged.json()["appeal_id"] == appeal_id
    last = recorded(appeal_id)[1]
    assert isinstance(last, appeal.AppealLodged)
    assert (last.channel, last.accepted_by) == (appeal.Channel.DIRECTOR, "")


def test_where_the_regulation_allows_the_director_accepts_it_by_his_act() -> None:
    event = Event(conditions={"director_accepts_handed": True})
    handed = event.ok(event.lodge(channel="other", received_by="the organizer"))
    appeal_id = handed.json()["appeal_id"]
    # Not the appellant's to accept: the director's act.
    assert event.post("north", appeal_id, "acceptance/", {}).status_code == 403
    accepted = event.ok(event.post("chief", appeal_id, "acceptance/", {}))
    assert accepted.json()["appeal_id"] == appeal_id
    handed_event, lodged = recorded(appeal_id)[:2]
    assert isinstance(handed_event, appeal.AppealHandedElsewhere)
    assert handed_event.refused is False
    assert isinstance(lodged, appeal.AppealLodged)
    assert lodged.channel is appeal.Channel.OTHER
    assert lodged.accepted_by.startswith("user:")
    assert lodged.lodged_at == handed_event.handed_at  # the appellant's act
    again = event.post("chief", appeal_id, "acceptance/", {})
    assert (again.status_code, again.json()["code"]) == (409, "appeal_exists")


def test_without_the_regulations_leave_the_director_cannot_accept_it() -> None:
    event = Event()
    assert event.lodge(channel="committee_chair").status_code == 422
    appeal_id = str(
        appeal.appeal_id_for(uuid.UUID(event.tid), uuid.UUID(event.ruling_id), 1)
    )
    refused = event.post("chief", appeal_id, "acceptance/", {})
    assert (refused.status_code, refused.json()["code"], refused.json()["law"]) == (
        422,
        "appeal_not_through_director",
        "Law 92C",
    )


def test_the_channel_is_an_input_never_assumed() -> None:
    event = Event()
    body = {
        "tournament_id": event.tid,
        "ruling_id": event.ruling_id,
        "appellant_id": event.player("north"),
        "grounds": "the hesitation did not suggest 4S",
    }
    missing = event.clients["north"].post("/api/v1/appeals/", body, format="json")
    assert missing.status_code == 400
    assert missing.json()["errors"] == [
        {"field": "channel", "code": "required", "detail": "This field is required."}
    ]
