"""Hand records over the API: PBN import, computer dealing, PBN export, visibility.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 2 (dealer and
vulnerability by board number), Law 6B (four hands of 13), Law 6E4
(computer dealing), Law 6F (duplication), Law 8A (the session's boards);
visibility per decision 0050.
"""

from __future__ import annotations

import uuid

import endplay.config
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from eventstore.store import event_store
from rules.bridge import FULL_DECK, Deal, dealer_for, vulnerability_for
from tests.boards.e2e.conftest import Event
from tournaments.domain import tournament

endplay.config.use_unicode = False
from endplay.parsers import pbn as endplay_pbn  # noqa: E402
from endplay.types import Player, Vul  # noqa: E402

pytestmark = pytest.mark.django_db

FIRST = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def records(client: APIClient, event: Event) -> dict:
    response = client.get(f"{event.url}hand-records/")
    assert response.status_code == 200, response.json()
    return response.json()


def import_pbn(event: Event, text: str, **extra: object):
    return event.director.post(
        f"{event.url}hand-records/", text, content_type="application/x-pbn", **extra
    )


def test_a_pbn_file_from_a_dealing_program_records_every_board(
    event: Event, fixture_pbn: str
) -> None:
    """Each board's deal is recorded, North first, with Law 2 markings."""
    response = import_pbn(event, fixture_pbn)
    assert response.status_code == 201, response.json()
    assert response.json()["boards"] == [1, 2, 3, 4, 5, 6]
    boards = records(event.director, event)["boards"]
    assert [b["board_number"] for b in boards] == [1, 2, 3, 4, 5, 6]
    assert boards[0]["deal"] == FIRST
    assert boards[0]["hands"]["W"] == "AT942.AQ4.32.KJ3"
    # Board 3 is written from South in the file: recorded from North.
    assert boards[2]["deal"].startswith("N:73.QJT.AQ54.T752 ")
    for board in boards:
        number = board["board_number"]
        assert board["dealer"] == dealer_for(number).value
        assert board["vulnerability"] == vulnerability_for(number).value
        assert board["double_dummy"] is None  # not analysed yet


def test_a_pbn_file_can_be_uploaded_as_a_multipart_file(
    event: Event, fixture_pbn: str
) -> None:
    """A browser upload (multipart ``file``) records the same deals."""
    upload = SimpleUploadedFile(
        "session1.pbn", fixture_pbn.encode("iso-8859-1"), "application/x-pbn"
    )
    response = event.director.post(
        f"{event.url}hand-records/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 201, response.json()
    assert len(records(event.director, event)["boards"]) == 6


def test_importing_the_same_file_twice_records_nothing_new(
    event: Event, fixture_pbn: str
) -> None:
    """A repeated import is harmless: the deals are already those (Law 6F)."""
    assert import_pbn(event, fixture_pbn).status_code == 201
    again = import_pbn(event, fixture_pbn)
    assert again.status_code == 200
    assert again.json()["detail"] == "nothing to record"


def test_a_board_the_session_does_not_play_is_refused(event: Event) -> None:
    """Board 7 is not in this 6-board session (Law 8A)."""
    text = f'[Board "7"]\n[Deal "{FIRST}"]\n'
    response = import_pbn(event, text)
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_hand_records"
    assert response.json()["law"] == "Law 8A"


def test_a_deal_with_a_card_twice_is_refused(event: Event) -> None:
    """52 distinct cards, 13 to each hand (Law 6B): the reader names the line,
    the board and the hand (decision 0225)."""
    text = f'[Board "1"]\n[Deal "{FIRST.replace("QJ6.", "QJ5.")}"]\n'
    response = import_pbn(event, text)
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "malformed_file"
    assert body["detail"] == "line 2, board 1, hand S: holds S5, which hand N holds too"
    assert (body["line"], body["board"], body["seat"]) == ("2", "1", "S")
    assert body["law"] == "Law 6B"


def test_a_board_marked_with_another_dealer_is_refused(event: Event) -> None:
    """Board 2 is dealt by East (Law 2): a file saying North is mismatched."""
    text = f'[Board "2"]\n[Dealer "N"]\n[Deal "{FIRST}"]\n'
    response = import_pbn(event, text)
    assert response.status_code == 422
    assert response.json()["code"] == "board_markings_disagree"
    assert response.json()["law"] == "Law 2"


def test_a_malformed_file_names_its_line(event: Event) -> None:
    """A file that cannot be read is refused whole, naming the line."""
    response = import_pbn(event, '[Board "1"]\n[Deal "N:AKQ]\n')
    assert response.status_code == 422
    assert response.json()["code"] == "malformed_file"
    assert "line 2" in response.json()["detail"]


def test_only_a_director_records_hand_records(event: Event, fixture_pbn: str) -> None:
    """Players and anonymous callers cannot record deals."""
    url = f"{event.url}hand-records/"
    assert (
        event.player.post(url, fixture_pbn, content_type="application/x-pbn")
    ).status_code == 403
    anonymous = APIClient().post(url, fixture_pbn, content_type="application/x-pbn")
    assert anonymous.status_code == 403  # session authentication first


def _cards(deal: str) -> list:
    return [card for _, hand in Deal.from_pbn(deal) for card in hand]


def test_boards_dealt_by_computer_are_regular_deals(event: Event) -> None:
    """Computer dealing (Law 6E4): 52 distinct cards, 13 to each hand."""
    response = event.director.post(
        f"{event.url}hand-records/", {"generate": True}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["boards"] == [1, 2, 3, 4, 5, 6]
    boards = records(event.director, event)["boards"]
    deals = [b["deal"] for b in boards]
    assert len(set(deals)) == 6
    for board in boards:
        assert sorted(_cards(board["deal"])) == sorted(FULL_DECK)
        assert all(len(hand.replace(".", "")) == 13 for hand in board["hands"].values())
    stream = event_store().read_stream(tournament.stream_id(uuid.UUID(event.tid)))
    [dealt] = [
        e for e in stream.domain_events if isinstance(e, tournament.HandRecordsSet)
    ]
    assert dealt.source is tournament.HandSource.DEALT


def test_dealing_again_never_redeals_a_board_unless_named(event: Event) -> None:
    """A repeated request deals only boards without a deal; ``boards`` re-deals."""
    url = f"{event.url}hand-records/"
    event.director.post(url, {"generate": True}, format="json")
    before = {
        b["board_number"]: b["deal"] for b in records(event.director, event)["boards"]
    }
    again = event.director.post(url, {"generate": True}, format="json")
    assert again.status_code == 200
    redeal = event.director.post(url, {"generate": True, "boards": [2]}, format="json")
    assert redeal.status_code == 201
    after = {
        b["board_number"]: b["deal"] for b in records(event.director, event)["boards"]
    }
    assert {n: d for n, d in after.items() if n != 2} == {
        n: d for n, d in before.items() if n != 2
    }


def test_the_pbn_export_reads_back_in_endplay_with_the_same_deals(
    event: Event, fixture_pbn: str
) -> None:
    """The export carries Board, Dealer (Law 2), Vulnerable (Law 2) and Deal."""
    import_pbn(event, fixture_pbn)
    response = event.director.get(f"{event.url}hand-records.pbn")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-pbn")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    ours = {
        b["board_number"]: b["deal"] for b in records(event.director, event)["boards"]
    }
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [1, 2, 3, 4, 5, 6]
    seats = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    for board in boards:
        assert board.dealer == seats[dealer_for(board.board_num).value]
        assert board.vul == Vul.from_board(board.board_num)
        assert Deal.from_pbn(board.deal.to_pbn()) == Deal.from_pbn(
            ours[board.board_num]
        )
    # The Deal tag starts with the dealer's hand, as dealing machines write it.
    assert '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "E:QJT5432.' in text
    # And our own reader takes the export back as the same deals.
    assert import_pbn(event, text).json()["detail"] == "nothing to record"


def test_hand_records_are_public_only_once_scores_are_published(
    event: Event, fixture_pbn: str
) -> None:
    """Directors always; others after publication (Law 79C; decision 0050)."""
    import_pbn(event, fixture_pbn)
    anonymous = APIClient()
    paths = ("hand-records/", "hand-records.pbn", "double-dummy/")
    for path in paths:
        assert event.director.get(event.url + path).status_code == 200
        assert anonymous.get(event.url + path).status_code == 403
        hidden = event.player.get(event.url + path)
        assert hidden.status_code == 403
        assert "published" in hidden.json()["detail"]
    assert records(event.director, event)["public"] is False
    assert event.director.post(f"{event.url}publications/").status_code == 201
    for path in paths:
        assert anonymous.get(event.url + path).status_code == 200
        assert event.player.get(event.url + path).status_code == 200
    assert records(anonymous, event)["public"] is True


def test_unknown_session_and_empty_export_are_conflicts(event: Event) -> None:
    """Nothing to show: an unscheduled session, or a session without deals."""
    other = event.url.replace("/sessions/1/", "/sessions/9/")
    response = event.director.get(f"{other}hand-records/")
    assert response.status_code == 409
    assert response.json()["code"] == "session_not_found"
    empty = event.director.get(f"{event.url}hand-records.pbn")
    assert empty.status_code == 409
    assert empty.json()["code"] == "no_hand_records"
