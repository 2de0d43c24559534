"""Hand records in the director's console: a dealing machine's file uploaded
for the session, its refusal shown beside the form, and a link to each
format's download (decision 0225; Law 6B, Law 6F)."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.bridge import Deal
from rules.bridge.deal_files import read_dlm, write_dlm
from tests.support.site import site_event

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
FIRST = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


@pytest.fixture
def event(settings: object) -> object:
    settings.ARBITRO_DOUBLE_DUMMY_ON_RECORD = False  # type: ignore[attr-defined]
    return site_event(publish=False)


def page(event: object) -> str:
    return f"/console/events/{event.tid}/sessions/1/hand-records/"  # type: ignore[attr-defined]


def director(event: object) -> Client:
    client = Client()
    client.force_login(event.director_user)  # type: ignore[attr-defined]
    return client


def test_a_dlm_file_uploaded_in_the_console_records_its_deals_and_links_downloads(
    event: object,
) -> None:
    client = director(event)
    console = client.get(f"/console/events/{event.tid}/sessions/1/", **EN)  # type: ignore[attr-defined]
    assert page(event) in console.content.decode()
    data = write_dlm({1: Deal.from_pbn(FIRST)}, headline="club")
    upload = SimpleUploadedFile("SET.DLM", data, "application/octet-stream")
    response = client.post(page(event), {"file": upload, "idempotency_key": "k1"}, **EN)
    assert response.status_code == 201
    assert "1 deal recorded from the DLM file." in text(response)
    html = response.content.decode()
    api = f"/api/v1/tournaments/{event.tid}/sessions/1/"  # type: ignore[attr-defined]
    for kind in ("pbn", "dup", "bri", "dlm"):
        assert f'href="{api}hand-records.{kind}"' in html
    assert "Boards without a deal: 2, 3, 4, 5, 6" in text(response)
    # The link the page gives is the file the director's browser downloads.
    download = client.get(f"{api}hand-records.dlm")
    assert download.status_code == 200
    [board] = read_dlm(download.content.decode("cp1252"))
    assert board.deal.to_pbn() == FIRST


def test_a_file_refused_in_the_console_names_the_board_and_hand(event: object) -> None:
    client = director(event)
    wrong = FIRST.replace("QJ6.", "QJ5.")
    pbn = f'[Board "1"]\n[Deal "{wrong}"]\n'.encode()
    upload = SimpleUploadedFile("session.pbn", pbn, "application/x-pbn")
    response = client.post(page(event), {"file": upload}, **EN)
    assert response.status_code == 422
    assert (
        "Nothing was recorded: line 2, board 1, hand S: holds S5, which hand N "
        "holds too (Law 6B)"
    ) in text(response)
    assert "No deal is recorded yet." in text(response)


def test_only_the_sessions_directors_see_the_hand_records_page(event: object) -> None:
    anonymous = Client().get(page(event))
    assert anonymous.status_code == 302
    assert director(event).get(page(event), **EN).status_code == 200
