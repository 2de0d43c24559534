"""Withdrawal by the appellant contestant; the opponents cannot withdraw it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support.appeals import Event, project

pytestmark = pytest.mark.django_db


def test_the_appellants_withdraw_and_the_officials_see_the_outcome() -> None:
    """Law 92A: the appeal is the contestant's to withdraw before the decision."""
    event = Event()
    appeal_id = event.lodge().json()["appeal_id"]
    opponent = event.post(
        "east", appeal_id, "withdrawal/", {"player_id": event.player("east")}
    )
    assert opponent.status_code == 422
    assert (opponent.json()["code"], opponent.json()["law"]) == (
        "not_the_appellant",
        "Law 92A",
    )
    withdrawn = event.post(
        "south", appeal_id, "withdrawal/", {"player_id": event.player("south")}
    )
    assert withdrawn.status_code == 201, withdrawn.json()
    project()
    # Until the session is published its outcomes are its officials' (0214).
    url = f"/api/v1/tournaments/{event.tid}/appeals/"
    assert APIClient().get(url).json()["count"] == 0
    outcomes = event.clients["chief"].get(url).json()
    assert outcomes["count"] == 1
    assert [a["status"] for a in outcomes["results"]] == ["withdrawn"]
    again = event.post("chief", appeal_id, "referral/", {"body": "chief_director"})
    assert again.status_code == 409
    assert again.json()["code"] == "appeal_wrong_stage"
    assert "law" not in again.json()  # a stage, not a Law, forbids it


def test_an_unknown_appeal_is_404() -> None:
    """A step on an appeal that was never lodged names the problem."""
    event = Event()
    response = event.post(
        "chief",
        "00000000-0000-0000-0000-000000000000",
        "referral/",
        {"body": "chief_director"},
    )
    assert response.status_code == 404
