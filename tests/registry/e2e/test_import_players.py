"""Bulk import of players from CSV: all rows checked, nothing half-written."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.models import Event
from registry.models import PlayerIdentity, RegisteredPlayer
from tests.registry.e2e.conftest import API, CSV, MARKS

pytestmark = MARKS

EXPECTED_REJECTIONS = [
    {"row": 3, "column": "family_name", "reason": "required"},
    {"row": 4, "column": "category", "reason": "'4X' is not a FIGB category"},
    {"row": 5, "column": "club_code", "reason": "no club has code 'ZZ99'"},
    {"row": 6, "column": "federation_number", "reason": "200301 repeats row 2"},
    {"row": 7, "column": "federation_number", "reason": "'20A305' is not a number"},
    {"row": 8, "column": "email", "reason": "'laura-at-example' is not an email"},
]


def upload(client: APIClient, name: str, query: str = "") -> object:
    with open(CSV / name, "rb") as handle:
        return client.post(
            f"{API}/players/imports/{query}", {"file": handle}, format="multipart"
        )


def test_a_clean_file_registers_every_player(
    staff: APIClient, clubs: dict, catch_up: Callable[[], int]
) -> None:
    """Five rows, five players with their categories and clubs."""
    response = upload(staff, "players.csv")
    assert response.status_code == 201  # type: ignore[attr-defined]
    report = response.json()  # type: ignore[attr-defined]
    assert report["rows"] == 5
    assert [r["row"] for r in report["imported"]] == [2, 3, 4, 5, 6]
    assert report["rejected"] == []
    catch_up()
    assert RegisteredPlayer.objects.count() == 5
    rossi = PlayerIdentity.objects.get(federation_number="100201")
    player = staff.get(f"{API}/players/{rossi.player_id}/").json()
    assert (player["family_name"], player["category"], player["club"]["code"]) == (
        "Rossi",
        "1P",
        "BO01",
    )
    student = PlayerIdentity.objects.get(federation_number="100205")
    assert RegisteredPlayer.objects.get(player_id=student.player_id).category == "AL"


def test_a_file_with_bad_rows_writes_nothing_and_names_each_problem(
    staff: APIClient, clubs: dict
) -> None:
    """Every rejection by row, column and reason; no identity, no event."""
    response = upload(staff, "players_rejected.csv")
    assert response.status_code == 422  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["code"] == "import_rejected"
    assert body["rejected"] == EXPECTED_REJECTIONS
    assert body["written"] is False
    assert PlayerIdentity.objects.count() == 0
    assert Event.objects.filter(event_type="player.registered").count() == 0


def test_a_dry_run_checks_without_writing(staff: APIClient, clubs: dict) -> None:
    response = upload(staff, "players.csv", "?dry_run=true")
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert response.json()["accepted_rows"] == [2, 3, 4, 5, 6]  # type: ignore[attr-defined]
    assert PlayerIdentity.objects.count() == 0


def test_importing_the_same_file_again_changes_nothing(
    staff: APIClient, clubs: dict
) -> None:
    """Rows already registered with the same data are unchanged, not duplicated."""
    upload(staff, "players.csv")
    again = upload(staff, "players.csv")
    assert again.status_code == 200  # type: ignore[attr-defined]
    report = again.json()  # type: ignore[attr-defined]
    assert report["imported"] == []
    assert len(report["unchanged"]) == 5
    assert Event.objects.filter(event_type="player.registered").count() == 5


def test_a_registered_number_with_other_data_is_rejected(
    staff: APIClient, clubs: dict
) -> None:
    upload(staff, "players.csv")
    changed = (
        "federation_number,family_name,given_name,category\n100202,Bianchi,Luca,1P\n"
    )
    response = staff.post(f"{API}/players/imports/", changed, content_type="text/csv")
    assert response.status_code == 422
    assert response.json()["rejected"] == [
        {
            "row": 2,
            "column": "federation_number",
            "reason": "100202 is registered with other data",
        }
    ]


def test_a_header_problem_is_reported_on_row_one(staff: APIClient) -> None:
    text = "tessera;cognome;colore\n1;Rossi;verde\n"
    response = staff.post(f"{API}/players/imports/", {"csv": text}, format="json")
    assert response.status_code == 422
    assert response.json()["rejected"] == [
        {"row": 1, "column": "colore", "reason": "unknown column"},
        {"row": 1, "column": "given_name", "reason": "missing column"},
        {"row": 1, "column": "category", "reason": "missing column"},
    ]


def test_only_staff_import(client_for: Callable[..., APIClient]) -> None:
    player = client_for(
        RoleGrant.Role.PLAYER, player_id="00000000-0000-4000-8000-000000000001"
    )
    assert upload(player, "players.csv").status_code == 403  # type: ignore[attr-defined]


def test_the_management_command_imports_or_lists_rejections(
    clubs: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    """``manage.py import_players FILE``: same checks, same all-or-nothing."""
    with pytest.raises(CommandError, match="6 problem"):
        call_command("import_players", str(CSV / "players_rejected.csv"))
    err = capsys.readouterr().err
    assert "row 4, column category: '4X' is not a FIGB category" in err
    assert PlayerIdentity.objects.count() == 0
    call_command("import_players", str(CSV / "players.csv"))
    assert "registered 5" in capsys.readouterr().out
    event = Event.objects.filter(event_type="player.registered").first()
    assert event is not None
    assert event.metadata["actor"] == "system:import_players"


def test_a_federation_number_of_digits_that_are_not_ascii_is_refused(
    staff: APIClient, clubs: dict
) -> None:
    """ "²" and "٣" are digits to ``str.isdigit``: the file imported them
    as federation numbers, which the register's own POST refuses."""
    rows = "federation_number,family_name,given_name,category\n²,Rossi,Ada,NC\n٣,Bo,Eva,NC\n"
    response = staff.post(
        f"{API}/players/imports/", rows.encode(), content_type="text/csv"
    )
    assert response.status_code == 422  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert (body["code"], body["written"]) == ("import_rejected", False)
    assert body["rejected"] == [
        {"row": 2, "column": "federation_number", "reason": "'²' is not a number"},
        {"row": 3, "column": "federation_number", "reason": "'٣' is not a number"},
    ]
    assert PlayerIdentity.objects.count() == 0
