"""Hand records as the dealing machines' files over the API: DUP, BRI and DLM
uploaded for a session and downloaded from it (decision 0225).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 6B (52 distinct cards,
13 a hand), Law 6E4 (dealt by computer), Law 6F (the same deals at every
table), Law 2 (a board's number gives its dealer and vulnerability).
The round trip: boards dealt by Arbitro, written to each machine's file,
read back, are the session's hand records, and the public traveller shows
the same cards once the scores are published.
"""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from rules.bridge import Deal, Seat, Suit
from rules.bridge.deal_files import (
    read_bri,
    read_dlm,
    read_dup,
    write_bri,
    write_dup,
)
from tests.boards.e2e.conftest import Event
from tests.support.pairs_event import project
from tests.support.site import site_event

pytestmark = pytest.mark.django_db

FIRST = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def recorded(client: APIClient, url: str) -> dict[int, str]:
    response = client.get(f"{url}hand-records/")
    assert response.status_code == 200, response.json()
    return {b["board_number"]: b["deal"] for b in response.json()["boards"]}


def download(client: APIClient, url: str, kind: str) -> bytes:
    response = client.get(f"{url}hand-records.{kind}")
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Disposition"] == (
        f'attachment; filename="hand-records-session-1.{kind}"'
    )
    return response.content


def upload(client: APIClient, url: str, name: str, data: bytes, **fields: object):
    file = SimpleUploadedFile(name, data, "application/octet-stream")
    return client.post(
        f"{url}hand-records/", {"file": file, **fields}, format="multipart"
    )


def read_back(kind: str, data: bytes) -> dict[int, str]:
    if kind == "dup":
        read = read_dup(data)
    elif kind == "bri":
        read = read_bri(data)
    else:
        read = read_dlm(data.decode("cp1252"))
    return {d.board_number: d.deal.to_pbn() for d in read}


def shown_hand(html: str, seat: Seat) -> dict[Suit, str]:
    """The ranks the traveller's diagram shows in each suit of a hand."""
    block = re.search(
        rf'<div class="hand hand-{seat.value.lower()}".*?</ul>\s*</div>', html, re.S
    )
    assert block, f"no hand {seat}"
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block.group(0)))
    parts = re.split(r"[♠♥♦♣] (?:Spades|Hearts|Diamonds|Clubs)", text)[1:]
    ranks = [
        "".join(
            "T" if t == "10" else t
            for t in p.split()
            if re.fullmatch(r"[AKQJ2-9]|10", t)
        )
        for p in parts
    ]
    return dict(zip((Suit.S, Suit.H, Suit.D, Suit.C), ranks, strict=True))


def test_dealt_boards_written_to_each_machine_file_are_the_ones_the_site_shows() -> (
    None
):
    """Generate (Law 6E4) -> write DUP, BRI, DLM -> read: the session's hand
    records; uploaded again they change nothing; published, each board's
    traveller shows those cards."""
    event = site_event(publish=False)
    url = f"/api/v1/tournaments/{event.tid}/sessions/1/"
    director: APIClient = event.director  # type: ignore[assignment]
    dealt = director.post(f"{url}hand-records/", {"generate": True}, format="json")
    assert dealt.status_code == 201, dealt.json()
    deals = recorded(director, url)
    assert sorted(deals) == [1, 2, 3, 4, 5, 6]
    for kind in ("dup", "bri", "dlm"):
        data = download(director, url, kind)
        assert read_back(kind, data) == deals, kind
        again = upload(director, url, f"set.{kind}", data)
        assert again.status_code == 200, again.json()
        assert again.json()["detail"] == "nothing to record"
    published = director.post(f"{url}publications/")
    assert published.status_code == 201, published.json()
    project()
    for number, text in deals.items():
        page = Client().get(f"/events/{event.tid}/sessions/1/boards/{number}/", **EN)
        assert page.status_code == 200
        html = page.content.decode()
        deal = Deal.from_pbn(text)
        for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
            expected = {
                suit: "".join(
                    c.rank.symbol
                    for c in sorted(deal.hand(seat), reverse=True)
                    if c.suit is suit
                )
                for suit in (Suit.S, Suit.H, Suit.D, Suit.C)
            }
            assert shown_hand(html, seat) == expected, (number, seat)


def test_a_dup_file_records_its_boards_and_says_its_format(event: Event) -> None:
    """A machine's file uploaded by a director: the boards recorded, North first."""
    one = Deal.from_pbn(FIRST)
    response = upload(event.director, event.url, "SET.DUP", write_dup({1: one}))
    assert response.status_code == 201, response.json()
    assert response.json()["boards"] == [1]
    assert response.json()["file_format"] == "dup"
    assert recorded(event.director, event.url) == {1: FIRST}


def test_a_bri_body_starts_at_the_board_asked_for(event: Event) -> None:
    """A BRI file numbers no board: ``first_board`` says which its first is."""
    data = write_bri({1: Deal.from_pbn(FIRST)})
    response = event.director.post(
        f"{event.url}hand-records/?first_board=4",
        data,
        content_type="application/octet-stream",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["boards"] == [4]
    assert response.json()["file_format"] == "bri"
    assert recorded(event.director, event.url) == {4: FIRST}


def test_a_damaged_dlm_file_is_refused_naming_its_line_and_board(event: Event) -> None:
    """A board whose checksum disagrees records nothing: 422, line and board."""
    text = (
        "[Document]\r\nFrom board=1\r\nTo board=1\r\n"
        "Board 01=cgcajjjnakpkchipnjhmbmbpbh023\r\n"
    )
    response = upload(event.director, event.url, "set.dlm", text.encode())
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "malformed_file"
    assert body["detail"] == (
        "line 4, board 1: the checksum is 023, the board's letters give 022: "
        "the file is damaged or was edited"
    )
    assert (body["line"], body["board"]) == ("4", "1")
    assert recorded(event.director, event.url) == {}


def test_a_bri_record_with_a_card_twice_is_refused_naming_the_hand(
    event: Event,
) -> None:
    """Law 6B: record, board and hand named; nothing recorded."""
    data = bytearray(write_bri({1: Deal.from_pbn(FIRST)}))
    data[26:28] = data[0:2]  # East's first card is North's first
    response = upload(event.director, event.url, "set.bri", bytes(data))
    assert response.status_code == 422
    body = response.json()
    assert body["detail"].startswith("record 1, board 1, hand E: holds ")
    assert (body["record"], body["board"], body["seat"]) == ("1", "1", "E")
    assert body["law"] == "Law 6B"


def test_an_unknown_format_is_a_bad_request(event: Event) -> None:
    response = upload(event.director, event.url, "x.pbn", b"", file_format="lin")
    assert response.status_code == 400
    assert response.json()["field"] == "file_format"
    event.director.post(f"{event.url}hand-records/", {"generate": True}, format="json")
    unknown = event.director.get(f"{event.url}hand-records.lin")
    assert unknown.status_code == 400
    assert unknown.json()["field"] == "file_format"


def test_a_session_with_a_board_missing_cannot_be_written_for_a_machine(
    event: Event,
) -> None:
    """Boards 1 and 3 dealt: DUP and BRI number by position (409); PBN can."""
    event.director.post(
        f"{event.url}hand-records/", {"generate": True, "boards": [1, 3]}, format="json"
    )
    for kind in ("dup", "bri", "dlm"):
        response = event.director.get(f"{event.url}hand-records.{kind}")
        assert response.status_code == 409
        assert response.json()["code"] == "deals_not_writable"
        assert response.json()["detail"].startswith("board 2 has no deal: ")
    assert event.director.get(f"{event.url}hand-records.pbn").status_code == 200


def test_machine_files_are_public_only_once_scores_are_published(event: Event) -> None:
    """As the PBN file (decision 0050): a player sees them after publication."""
    event.director.post(f"{event.url}hand-records/", {"generate": True}, format="json")
    for kind in ("dup", "bri", "dlm"):
        assert event.player.get(f"{event.url}hand-records.{kind}").status_code == 403
    assert event.director.post(f"{event.url}publications/").status_code == 201
    for kind in ("dup", "bri", "dlm"):
        assert event.player.get(f"{event.url}hand-records.{kind}").status_code == 200


def test_a_file_larger_than_any_set_of_boards_is_refused_unread(event: Event) -> None:
    """Past 2 MB (13,000 DUP boards) nothing is read nor recorded."""
    response = upload(
        event.director, event.url, "big.bri", b"0" * (2 * 1024 * 1024 + 1)
    )
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "the file is larger than 2097152 bytes: no set of boards is"
    )
    assert recorded(event.director, event.url) == {}
