"""Who may appeal, and against what (Law 92A); players act only as themselves."""

from __future__ import annotations

import uuid

import pytest

from tests.support.appeals import Event

pytestmark = pytest.mark.django_db


def test_a_player_from_another_table_has_no_standing_422_with_the_reason() -> None:
    """Law 92A: a contestant appeals a ruling given at its own table."""
    event = Event()
    refused = event.lodge(by="outsider")
    assert refused.status_code == 422, refused.json()
    body = refused.json()
    assert body["code"] == "no_standing"
    assert body["law"] == "Law 92A"
    assert body["detail"] == "the ruling was not given at the appellant's table"


def test_only_a_ruling_of_the_tournament_can_be_appealed() -> None:
    """Law 92A: the object of an appeal is a Director's ruling."""
    event = Event()
    event.ruling_id = str(uuid.uuid4())
    refused = event.lodge()
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["law"]) == (
        "ruling_not_found",
        "Law 92A",
    )


def test_a_player_cannot_lodge_in_someone_elses_name() -> None:
    """A player acts as themself; only a director lodges for another (Law 92C)."""
    event = Event()
    refused = event.lodge(by="north", appellant_id=event.player("east"))
    assert refused.status_code == 403
    forged = event.lodge(concurring_ids=[event.player("south")])
    assert forged.status_code == 403


def test_the_director_lodges_for_the_pair_with_both_members_present() -> None:
    """Law 92C: through the Director, who records both members' concurrence."""
    event = Event()
    lodged = event.lodge(
        by="assistant",
        appellant_id=event.player("north"),
        concurring_ids=[event.player("south")],
    )
    assert lodged.status_code == 201, lodged.json()
    file = event.file("north", lodged.json()["appeal_id"]).json()
    assert file["status"] == "lodged"
    assert file["missing_concurrence"] == []
