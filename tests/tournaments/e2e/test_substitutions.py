"""Substitutes in a pairs event over the API (FIGB N-L4 §2a).

The 3-table Mitchell of ``tests.support.pairs_event``: 3 rounds of 2 boards,
so a substitute for two rounds plays 4 of the pair's 6 boards (2/3).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest

from eventstore.store import Metadata
from registry.domain.players import PlayerCategory
from registry.handlers import Identity, register_player
from tests.support.pairs_event import client_for, make_tournament, seat_pairs
from tests.support.players import register_players

pytestmark = pytest.mark.django_db


def _player(category: PlayerCategory) -> str:
    player_id, _ = register_player(
        Identity(
            federation_number=str(uuid.uuid4().int)[:12],
            family_name="Bianchi",
            given_name="Eva",
        ),
        category,
        metadata=Metadata(actor="system:tests"),
    )
    return str(player_id)


def _event(tag: str) -> tuple[Any, Any, str, list[str]]:
    """The event, and the members of pairs 1 and 2 (four players)."""
    staff, _ = client_for(f"{tag}staff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for(f"{tag}td", chief_director={"tournament_id": tid})
    members = register_players(4)
    seat_pairs(staff, tid, {1: members[:2], 2: members[2:]}, timedelta(hours=1))
    return staff, director, tid, members


def test_a_substitute_for_two_thirds_eliminates_the_original() -> None:
    """§2a(1): 4 of 6 boards is more than 50%: the original is eliminated and
    the substitute takes their rights; a substitute for one round of another
    pair's player (2 of 6) changes nothing for that player."""
    staff, director, tid, members = _event("sb")
    substitute = register_players(1)[0]
    url = f"/api/v1/tournaments/{tid}/sessions/1/substitutions/"
    r = director.post(
        url,
        {
            "entry_number": 1,
            "original": members[0],
            "substitute": substitute,
            "rounds": [2, 3],
            "emergency": True,
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["eliminated"] is True  # the director tells them at once
    listing = staff.get(f"/api/v1/tournaments/{tid}/substitutions/").json()
    assert listing["substitutions"] == [
        {
            "session": 1,
            "entry_number": 1,
            "original": members[0],
            "substitute": substitute,
            "rounds": [2, 3],
            "boards": 4,
            "entry_boards": 6,
            "emergency": True,
            "reason": "",
        }
    ]
    assert listing["verdicts"] == [
        {
            "player": members[0],
            "substituted_sessions": "2/3",
            "eliminated": True,
            "substitute_rights": True,
            "rule": "Norme integrative FIGB Art. N-L4 §2a(1)",
            "explanation": "substituted for 2/3 of the boards: eliminated; the "
            "substitute takes the original's rights",
        }
    ]


def test_who_may_not_substitute_is_refused_naming_the_norm() -> None:
    """§2a: equal or lower category or series; §2a(5): nobody who has
    played in the event; the original is a member of the entry."""
    staff, director, tid, members = _event("sr")
    url = f"/api/v1/tournaments/{tid}/sessions/1/substitutions/"
    higher = _player(PlayerCategory.FIRST_SPADES)  # the members are NC
    played = members[2]  # pair 2's
    stranger = register_players(1)[0]
    cases = [
        (
            {"original": members[0], "substitute": higher, "rounds": [1]},
            "Norme integrative FIGB Art. N-L4 §2a",
            "substitute",
        ),
        (
            {"original": members[0], "substitute": played, "rounds": [1]},
            "Norme integrative FIGB Art. N-L4 §2a(5)",
            "substitute",
        ),
        (
            {"original": stranger, "substitute": register_players(1)[0], "rounds": [1]},
            "Norme integrative FIGB Art. N-L4 §2a",
            "original",
        ),
        (
            {
                "original": members[0],
                "substitute": register_players(1)[0],
                "rounds": [7],
            },
            "Norme integrative FIGB Art. N-L4 §2a",
            "rounds",
        ),
    ]
    for body, law, field in cases:
        r = director.post(url, {"entry_number": 1, **body}, format="json")
        assert r.status_code == 422, r.json()
        assert (r.json()["code"], r.json()["law"], r.json()["field"]) == (
            "entry_conflict",
            law,
            field,
        )
    assert staff.get(f"/api/v1/tournaments/{tid}/substitutions/").json() == {
        "substitutions": [],
        "verdicts": [],
    }
    player, _ = client_for("srplayer")
    assert player.get(f"/api/v1/tournaments/{tid}/substitutions/").status_code == 403
