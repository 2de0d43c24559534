"""Live play through the API: a board played card by card, irregularities
recorded with their Law, the result carried into the session's scoring."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import (
    client_for,
    make_tournament,
    project,
    seat_pairs,
    traveller,
)
from tests.support.players import new_player, register_players
from tournaments import handlers, live_play
from tournaments.domain import board_play
from tournaments.domain.board_play.events import CardPlayed

pytestmark = pytest.mark.django_db
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
RANKS = "23456789TJQKA"
AFTER_SIX_CARDS_WON = 1
AFTER_SIX_CARDS_IF_PLAYED_OUT = 8


def url(tid: str, tail: str) -> str:
    return f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/{tail}"


def declarer_tricks_won(ref: handlers.TableRef) -> int:
    """North-South's tricks so far, counted from the stored card plays alone:
    at no trump the highest card of the suit led wins the trick (Law 44C)."""
    stream = board_play.stream_id(live_play.table_id(ref.tournament_id, 1, 1), 1)
    plays = [
        (e.event.seat.value, str(e.event.card))
        for e in event_store().read_stream(stream).events
        if isinstance(e.event, CardPlayed)
    ]
    won = 0
    for first in range(0, len(plays) - len(plays) % 4, 4):
        trick = plays[first : first + 4]
        led = trick[0][1][0]
        winner, _ = max(
            (play for play in trick if play[1][0] == led),
            key=lambda play: RANKS.index(play[1][1]),
        )
        won += winner in ("N", "S")
    return won


def setup() -> tuple[str, object, object]:
    staff, _ = client_for("pstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("ptd", chief_director={"tournament_id": tid})
    north = new_player()
    player, _ = client_for("pnorth", player={"player_id": north})
    seat_pairs(staff, tid, {1: [str(north), *register_players(1)]}, timedelta(hours=1))
    return tid, director, player


def test_a_board_played_card_by_card_scores_like_a_table_result() -> None:
    tid, director, _ = setup()
    assert (
        director.post(url(tid, "start/"), {"deal": DEAL}, format="json").status_code
        == 201
    )
    # Board 1: North deals. 1NT by North, passed out around.
    for seat, call in (("N", "1NT"), ("E", "P"), ("S", "P"), ("W", "P")):
        r = director.post(
            url(tid, "calls/"), {"seat": seat, "call": call}, format="json"
        )
        assert r.status_code == 201, r.json()
    ref = handlers.TableRef(uuid.UUID(tid), 1, 1, 1)
    for _ in range(52):
        state = live_play.load(ref)
        seat = state.turn
        card = min(state.legal_cards(), key=lambda c: (c.suit.rank, c.rank))
        r = director.post(
            url(tid, "cards/"), {"seat": seat.value, "card": str(card)}, format="json"
        )
        assert r.status_code == 201, r.json()
    detail = director.get(url(tid, "")).json()
    assert detail["phase"] == "completed"
    assert detail["result"]["contract"] == "1NTN"
    project()
    [line] = [t for t in traveller(director, tid, 1) if t["table"] == 1]
    assert line["contract"] == "1NTN"
    assert line["tricks"] == detail["result"]["tricks"]
    assert line["confirmed"] is True
    # The board is over: a 53rd card is refused naming the rule.
    extra = director.post(
        url(tid, "cards/"), {"seat": "N", "card": "SA"}, format="json"
    )
    assert extra.status_code == 409
    assert (extra.json()["code"], extra.json()["law"]) == ("play_ended", "Law 44B")
    # Its double dummy has nothing left to solve (it was a 500, issue 16 item 7).
    played_out = director.get(url(tid, "double-dummy/"))
    assert played_out.status_code == 200
    assert played_out.json() | {"note": ""} == {
        "declarer_tricks_so_far": detail["result"]["tricks"],
        "declarer_tricks_remaining": 0,
        "declarer_tricks_if_played_out": detail["result"]["tricks"],
        "note": "",
    }


def test_a_call_out_of_rotation_is_recorded_with_its_law_and_options() -> None:
    tid, director, _ = setup()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    # East calls first although North is the dealer (Law 29/31).
    r = director.post(url(tid, "calls/"), {"seat": "E", "call": "1H"}, format="json")
    assert r.status_code == 201, r.json()
    detail = director.get(url(tid, "")).json()
    # South, East's left-hand opponent, may accept the call or not (Law 29A).
    assert detail["pending"] == {
        "law": "Law 29",
        "offender": "E",
        "options": ["accept", "decline"],
        "choosers": ["S"],
    }


def test_a_player_acts_only_for_their_own_side() -> None:
    tid, director, north = setup()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    ok = north.post(url(tid, "calls/"), {"seat": "N", "call": "1NT"}, format="json")
    assert ok.status_code == 201
    refused = north.post(url(tid, "calls/"), {"seat": "E", "call": "P"}, format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "not_your_seat"
    bad = north.post(url(tid, "cards/"), {"seat": "N", "card": "S1"}, format="json")
    assert bad.status_code == 400


def test_director_sees_the_double_dummy_outcome_of_the_remaining_cards() -> None:
    """Law 70: information for a claim ruling. On this deal North makes six
    tricks in no trump double dummy (the DDS example, stack-notes §2)."""
    tid, director, north = setup()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    for seat, call in (("N", "1NT"), ("E", "P"), ("S", "P"), ("W", "P")):
        director.post(url(tid, "calls/"), {"seat": seat, "call": call}, format="json")
    before = director.get(url(tid, "double-dummy/")).json()
    assert before["declarer_tricks_if_played_out"] == 6
    ref = handlers.TableRef(uuid.UUID(tid), 1, 1, 1)
    for _ in range(6):  # a trick and a half, whatever is played
        state = live_play.load(ref)
        card = min(state.legal_cards(), key=lambda c: (c.suit.rank, c.rank))
        director.post(
            url(tid, "cards/"),
            {"seat": state.turn.value, "card": str(card)},
            format="json",
        )
    after = director.get(url(tid, "double-dummy/")).json()
    won = declarer_tricks_won(ref)
    assert won == AFTER_SIX_CARDS_WON
    assert after["declarer_tricks_so_far"] == won
    assert after["declarer_tricks_if_played_out"] == AFTER_SIX_CARDS_IF_PLAYED_OUT
    assert after["declarer_tricks_remaining"] == AFTER_SIX_CARDS_IF_PLAYED_OUT - won
    assert north.get(url(tid, "double-dummy/")).status_code == 403


def test_a_low_designation_of_dummys_card_is_played_by_the_law() -> None:
    """Law 46B1(c): "low" is the lowest card of the suit being played."""
    tid, director, _ = setup()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    # North deals; South declares 3NT, so West leads and North is dummy.
    for seat, call in (
        ("N", "P"),
        ("E", "P"),
        ("S", "3NT"),
        ("W", "P"),
        ("N", "P"),
        ("E", "P"),
    ):
        r = director.post(
            url(tid, "calls/"), {"seat": seat, "call": call}, format="json"
        )
        assert r.status_code == 201, r.json()
    director.post(url(tid, "cards/"), {"seat": "W", "card": "C3"}, format="json")
    r = director.post(
        url(tid, "dummy-designations/"), {"designation": "low"}, format="json"
    )
    assert r.status_code == 201, r.json()
    state = live_play.load(handlers.TableRef(uuid.UUID(tid), 1, 1, 1))
    [_, dummy_card] = state.play.current.cards
    assert str(dummy_card.card) == "C8"  # North's clubs: T 9 8


def test_an_event_in_strict_mode_refuses_a_call_out_of_rotation() -> None:
    """Online-platform mode: the irregular call is refused naming its Law (422)."""
    staff, _ = client_for("strictstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Online",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
            "strict": True,
        },
        format="json",
    )
    assert r.status_code == 201
    director, _ = client_for("strictd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    refused = director.post(
        url(tid, "calls/"), {"seat": "E", "call": "1H"}, format="json"
    )
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["law"]) == (
        "irregular_call_refused",
        "Law 29",
    )


def test_a_call_on_a_board_not_on_the_table_is_refused_and_records_nothing() -> None:
    """Law 15: a board not started at this table takes no call; a board the
    movement does not put on this table cannot be started (Law 8)."""
    tid, director, _ = setup()
    head = event_store().head_position()
    r = director.post(url(tid, "calls/"), {"seat": "N", "call": "1NT"}, format="json")
    assert r.status_code == 409, r.json()
    assert (r.json()["code"], r.json()["law"]) == ("board_not_dealt", "Law 7")
    wrong = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/9/play/start/",
        {"deal": DEAL},
        format="json",
    )
    assert wrong.status_code == 422
    assert wrong.json()["law"] == "Law 15"
    assert event_store().head_position() == head


def test_a_stale_process_cache_never_decides_a_command() -> None:
    """Another process appended East's pass behind this process's back: the
    compare-and-set on the cached version fails, the stream is read, and
    South's pass is decided in rotation (no Law 31 irregularity recorded)."""
    from eventstore.store import Metadata
    from rules.bridge import Seat, parse_call
    from tournaments.domain import board_play
    from tournaments.domain.board_play import commands as cmd

    tid, director, _ = setup()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    assert (
        director.post(url(tid, "calls/"), {"seat": "N", "call": "1NT"}, format="json")
    ).status_code == 201
    ref = handlers.TableRef(uuid.UUID(tid), 1, 1, 1)
    stream = board_play.stream_id(live_play.table_id(ref.tournament_id, 1, 1), 1)
    version, state = live_play.BOARDS.peek(stream)
    at = event_store().now()
    event_store().append(
        stream,
        board_play.decide(
            state, cmd.MakeCall(seat=Seat.E, call=parse_call("P"), at=at), at
        ),
        stream_type=live_play.STREAM_TYPE,
        expected_version=version,
        metadata=Metadata(actor="user:other-process"),
    )
    assert live_play.BOARDS.peek(stream)[0] == version  # this process has not seen it
    r = director.post(url(tid, "calls/"), {"seat": "S", "call": "P"}, format="json")
    assert r.status_code == 201, r.json()
    calls = [e.event for e in event_store().read_stream(stream).events][-3:]
    assert [(c.seat, c.irregularity) for c in calls] == [
        (Seat.N, None),
        (Seat.E, None),
        (Seat.S, None),
    ]


def test_a_cancelled_concession_is_shown_to_the_director_as_information() -> None:
    """Law 68B2: after 1NT by North, East (a defender, on lead) concedes every
    trick and West objects at once: play goes on, and the director's view of
    the table lists what East's concession showed as unauthorized for
    East-West (Law 16C2); a player at the table does not see the list."""
    tid, director, player = setup()
    assert (
        director.post(url(tid, "start/"), {"deal": DEAL}, format="json").status_code
        == 201
    )
    for seat, call in (("N", "1NT"), ("E", "P"), ("S", "P"), ("W", "P")):
        r = director.post(
            url(tid, "calls/"), {"seat": seat, "call": call}, format="json"
        )
        assert r.status_code == 201, r.json()
    for body, path in (
        ({"seat": "E", "tricks": 0, "statement": "all yours"}, "claims/"),
        ({"seat": "W", "accept": False}, "claim-responses/"),
    ):
        r = director.post(url(tid, path), body, format="json")
        assert r.status_code == 201, r.json()
    detail = director.get(url(tid, "")).json()
    assert detail["phase"] == "play"
    assert detail["information"] == [
        {
            "law": "Law 16C2",
            "unauthorized_for": "EW",
            "cause": "Law 68B2",
            "seat": "E",
            "trick": 1,
            "card": None,
        }
    ]
    assert "information" not in player.get(url(tid, "")).json()  # type: ignore[attr-defined]


def test_a_copy_marked_with_another_dealer_is_called_from_its_dealer() -> None:
    """Law 2: a copy recorded before play with East as dealer (Law 2 says
    North for board 1) keeps its markings: East calls first in rotation, and
    North's call would be out of rotation (Law 31)."""
    tid, director, _ = setup()
    copy = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/copies/",
        {"copy": "A", "dealer": "E", "vulnerability": "None", "tables": [1]},
        format="json",
    )
    assert copy.status_code == 201, copy.json()
    director.post(url(tid, "start/"), {"deal": DEAL}, format="json")
    r = director.post(url(tid, "calls/"), {"seat": "E", "call": "1H"}, format="json")
    assert r.status_code == 201, r.json()
    assert director.get(url(tid, "")).json()["pending"] is None
    state = live_play.load(handlers.TableRef(uuid.UUID(tid), 1, 1, 1))
    assert state.auction is not None
    assert state.auction.dealer.value == "E"
