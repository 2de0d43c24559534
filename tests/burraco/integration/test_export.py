"""The burraco JSON export (decision 0177): a tournament with a correction,
two warnings, the split into merit groups and the final standings exported
whole, through the API (staff and directors only) and the management
command, with the standings CSV."""

from __future__ import annotations

import io
import json
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from access.models import RoleGrant
from burraco import domain as b
from burraco.export import export_tournament
from burraco.handlers import handle_burraco, load_burraco
from eventstore.projections import ProjectionRunner
from eventstore.store import EventStore
from registry.projections import RegistryProjection
from tests.support.auth import token_client
from tests.support.burraco import last_event, open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def hand(fb: int, fp: int, mb: int, mp: int) -> b.SheetHand:
    return b.SheetHand(fixed_base=fb, fixed_points=fp, mobile_base=mb, mobile_points=mp)


NIL = hand(0, 0, 0, 0)


def played(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Four pairs, three turns of two hands: two Mitchell turns in a single
    group, the split into two merit groups, a Danese turn in each."""
    tid, meta = open_tournament(
        4, hands_per_turn=2, turns=3, mitchell_turns=2, split_after=2, merit_groups=2
    )
    ProjectionRunner(RegistryProjection()).catch_up()  # the players' names

    def run(*commands: b.BurracoCommand) -> None:
        for command in commands:
            handle_burraco(tid, command, metadata=meta)

    run(
        b.FormLines(),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(100, 0, 0, 0), NIL)),
        b.EnterScoreSheet(turn=1, table=2, hands=(NIL,)),
        b.CorrectScoreSheet(
            turn=1, table=2, hands=(hand(0, 0, 100, 0),), opponents_confirmed=True
        ),
        b.IssueWarning(pair=4, turn=1, article=37, reason="gioco lento"),
        b.IssueWarning(pair=4, turn=1, article=37, reason="gioco lento, di nuovo"),
        b.PublishPositions(turn=2),
        b.EnterScoreSheet(turn=2, table=1, hands=(NIL,)),
        b.EnterScoreSheet(turn=2, table=2, hands=(NIL,)),
        b.PublishProvisionalStandings(),
    )
    published = last_event(tid, b.ProvisionalStandingsPublished)
    # Art. 20: the standings before the split are checked for 10 minutes.
    assert load_burraco(tid).provisional_deadline == published.check_deadline
    assert published.check_deadline == published.published_at + timedelta(minutes=10)
    monkeypatch.setattr(
        EventStore, "now", lambda self: published.check_deadline + timedelta(seconds=1)
    )
    run(
        b.SplitIntoGroups(sizes=()),
        b.PublishPositions(turn=3),
        b.EnterScoreSheet(turn=3, table=1, hands=(hand(0, 0, 100, 0),)),
        b.EnterScoreSheet(turn=3, table=2, hands=(hand(100, 0, 0, 0),)),
        b.PublishFinalStandings(),
    )
    return tid


def lines(standings: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (s["rank"], s["tied"], s["pair"], s["group"], s["vp"], s["deduction"], s["mp"])
        for s in standings["lines"]
    ]


def test_the_export_holds_the_whole_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    tid = played(monkeypatch)
    exported = export_tournament(tid) or {}
    assert (exported["format"], exported["version"]) == ("arbitro.burraco.export", 1)
    assert "no interchange standard" in exported["note"]
    assert exported["settings"] == {
        "hands_per_turn": 2,
        "turns": 3,
        "movement": "mitchell",
        "mitchell_turns": 2,
        "split_after": 2,
        "merit_groups": 2,
        "group_movement": "danese",
        "session_turns": None,
        "standings_check_minutes": 10,
        "tie_breaks": ["mp", "head_to_head"],
        "warning_policy": "every_two",
    }
    assert [r["number"] for r in exported["registrations"]] == [1, 2, 3, 4]
    first = exported["registrations"][0]["players"][0]
    assert (first["name"], len(first["federation_number"])) == ("Ada Rossi", 12)
    assert exported["lines"] == {"fixed": [1, 2], "mobile": [3, 4]}
    assert exported["groups"] == {"A": [1, 4], "B": [2, 3]}
    turns = exported["turns"]
    assert [(t["turn"], t["phase"], t["complete"]) for t in turns] == [
        (1, "single_group", True),
        (2, "single_group", True),
        (3, "merit_groups", True),
    ]
    assert [
        (p["table"], p["group"], p["fixed"], p["mobile"]) for p in turns[0]["positions"]
    ] == [
        (1, None, 1, 3),
        (2, None, 2, 4),
    ]
    assert [
        (p["table"], p["group"], p["fixed"], p["mobile"]) for p in turns[2]["positions"]
    ] == [
        (1, "A", 1, 4),
        (2, "B", 2, 3),
    ]
    corrected = turns[0]["sheets"][1]
    assert corrected == {
        "table": 2,
        "fixed": 2,
        "mobile": 4,
        "hands": [
            {"fixed_base": 0, "fixed_points": 0, "mobile_base": 100, "mobile_points": 0}
        ],
        "closed_hands": [],
        "fixed_mp": 0,
        "mobile_mp": 100,
        "difference": -100,
        "fixed_vp": 9,
        "mobile_vp": 11,
        "corrected": True,
        "inverted_after": None,
        "awarded": False,
        "award_article": None,
        "remedy": None,
        "replaced": None,
    }
    assert exported["penalties"]["warnings"] == [
        {
            "pair": 4,
            "turn": 1,
            "article": "Codice di Gara Art. 37",
            "cause": "stated",
            "reason": "gioco lento",
            "seconds": None,
            "table": None,
            "expected_table": None,
        },
        {
            "pair": 4,
            "turn": 1,
            "article": "Codice di Gara Art. 37",
            "cause": "stated",
            "reason": "gioco lento, di nuovo",
            "seconds": None,
            "table": None,
            "expected_table": None,
        },
    ]
    standings = exported["standings"]
    assert [(s["after_turn"], s["phase"], s["status"]) for s in standings] == [
        (1, "single_group", "provisional"),
        (2, "single_group", "provisional"),
        (3, "merit_groups", "published_for_check"),
    ]
    # After turn 2: 1 (21 VP), 4 (21 less the two warnings' 1), 2 and 3
    # level on VP and MP, drawn when they met: the place shared.
    assert lines(standings[1]) == [
        (1, False, 1, None, 21, 0, 100),
        (2, False, 4, None, 20, 1, 100),
        (3, True, 2, None, 19, 0, -100),
        (3, True, 3, None, 19, 0, -100),
    ]
    # After the merit groups' turn: every pair of A above every pair of B.
    assert lines(standings[2]) == [
        (1, False, 4, "A", 31, 1, 200),
        (2, False, 1, "A", 30, 0, 0),
        (3, False, 2, "B", 30, 0, 0),
        (4, False, 3, "B", 28, 0, -200),
    ]
    windows = exported["windows"]
    assert (windows["provisional_final"], windows["final"]) == (False, False)
    assert windows["final_published_at"] is not None
    assert exported["interrupted"] is None
    assert exported["sports_justice_reports"] == []
    json.dumps(exported)  # plain JSON values throughout


def user_with(role: str | None, **scope: object) -> APIClient:
    user = get_user_model().objects.create_user(f"u{uuid.uuid4().hex[:10]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[misc]
    return token_client(user)


def test_the_api_and_the_command_give_the_same_export(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tid = played(monkeypatch)
    monkeypatch.undo()
    path = f"/api/v1/burraco/tournaments/{tid}/export/"
    assert APIClient().get(path).status_code == 403  # as every director command
    assert user_with(None).get(path).status_code == 403
    assert (
        user_with("director", tournament_id=uuid.uuid4()).get(path).status_code == 403
    )
    for client in (
        user_with("federation_staff"),
        user_with("director", tournament_id=tid),
    ):
        response = client.get(path)
        assert response.status_code == 200
        assert response["Content-Disposition"] == (
            f'attachment; filename="burraco-{tid}.json"'
        )
        assert response.json() == json.loads(json.dumps(export_tournament(tid)))
    missing = user_with("federation_staff").get(
        f"/api/v1/burraco/tournaments/{uuid.uuid4()}/export/"
    )
    assert missing.status_code == 404

    out = io.StringIO()
    call_command("export_burraco", str(tid), stdout=out)
    assert json.loads(out.getvalue()) == response.json()
    out = io.StringIO()
    call_command("export_burraco", str(tid), "--standings-csv", stdout=out)
    assert out.getvalue() == (
        "rank,tied,pair,vp,turn_vp,deduction,mp,turns,group\n"
        "1,0,4,31,32,1,200,3,A\n"
        "2,0,1,30,30,0,0,3,A\n"
        "3,0,2,30,30,0,0,3,B\n"
        "4,0,3,28,28,0,-200,3,B\n"
    )
    out = io.StringIO()
    call_command(
        "export_burraco", str(tid), "--standings-csv", "--after-turn", "1", stdout=out
    )
    assert out.getvalue().splitlines()[1:] == [
        "1,0,1,11,11,0,100,1,",
        "2,0,4,10,11,1,100,1,",
        "3,1,2,9,9,0,-100,1,",
        "3,1,3,9,9,0,-100,1,",
    ]
