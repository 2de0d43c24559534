"""A knockout teams event over the API (FIGB N-L78 §2c): stages as sessions,
byes to the top seeds, the next stage seated from the winners."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.support.api_events import event_with_entries, schedule_session
from tests.support.pairs_event import project

pytestmark = pytest.mark.django_db
N_L78 = "Norme integrative FIGB Art. 78 §2c"


def test_an_imp_penalty_adjusts_the_knockout_match_total() -> None:
    """FIGB N-L87 §6b (§2.1 rule 2): in a knockout the penalty "simply
    adjusts the match IMP total": team 1 wins its match by 10 IMPs, a
    penalty of 11 IMPs on it sends team 4 through, 10 - 11 = -1."""
    tid, _, director = knockout_event(4)
    assert schedule_stage(director, tid, 1).status_code == 201
    play(director, tid, 1, tables=4, home_wins=True)  # home teams +10 IMPs
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
        {
            "entry_number": 1,
            "kind": "procedural",
            "unit": "imps",
            "amount": 11,
            "reason": "two procedural penalties",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    first = [m for m in bracket["matches"] if m["stage"] == 1]
    assert [m["winner"] for m in first] == [4, 2]


def knockout_event(teams: int, **creation: object) -> tuple[str, APIClient, APIClient]:
    """Teams entered in seed order."""
    return event_with_entries(
        f"Coppa Italia {teams}",
        form="teams",
        scoring="teams_imps_vp",
        entries=teams,
        players_each=4,
        **creation,
    )


def schedule_stage(
    director: APIClient, tid: str, stage: int, starts_in: timedelta = timedelta(0)
) -> Any:
    return schedule_session(
        director,
        tid,
        stage,
        movement="knockout",
        round_number=stage,
        boards_per_round=2,
        starts_in=starts_in,
    )


def play(
    director: APIClient, tid: str, stage: int, tables: int, home_wins: bool
) -> None:
    """Open rooms make 4S; closed rooms go down when the home side is to win."""
    for table in range(1, tables + 1):
        for board in (1, 2):
            tricks = 10 if table % 2 or not home_wins or board == 2 else 9
            r = director.post(
                f"/api/v1/tournaments/{tid}/sessions/{stage}/results/",
                {
                    "board_number": board,
                    "table": table,
                    "contract": "4SN",
                    "tricks": tricks,
                },
                format="json",
            )
            assert r.status_code == 201, r.json()


def test_byes_go_to_the_top_seeds_and_winners_meet_in_the_next_stage() -> None:
    tid, _, director = knockout_event(5)
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    assert bracket["stages"] == 3
    first = [m for m in bracket["matches"] if m["stage"] == 1]
    assert [(m["home"], m["away"], m["bye"]) for m in first] == [
        (1, None, True),
        (4, 5, False),
        (2, None, True),
        (3, None, True),
    ]
    r = schedule_stage(director, tid, 1)
    assert r.status_code == 201, r.json()
    # Stage 2 waits for the match 4-5 (N-L78 §2c).
    early = schedule_stage(director, tid, 2)
    assert early.status_code == 422
    assert (early.json()["code"], early.json()["law"]) == (
        "knockout_stage_not_ready",
        N_L78,
    )
    play(director, tid, 1, tables=2, home_wins=True)
    project()
    r = schedule_stage(director, tid, 2)
    assert r.status_code == 201, r.json()
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    second = [(m["home"], m["away"]) for m in bracket["matches"] if m["stage"] == 2]
    assert second == [(1, 4), (2, 3)]
    play(director, tid, 2, tables=4, home_wins=True)
    project()
    assert schedule_stage(director, tid, 3).status_code == 201
    play(director, tid, 3, tables=2, home_wins=True)
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    assert bracket["champion"] == 1


def test_a_tied_match_plays_extra_boards_before_the_next_stage() -> None:
    """N-L78 §5b: one extra board for every eight played (at least one)."""
    tid, _, director = knockout_event(4)
    assert schedule_stage(director, tid, 1).status_code == 201
    play(director, tid, 1, tables=4, home_wins=False)  # every board flat: 0-0
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    assert [m["extra_boards"] for m in bracket["matches"] if m["stage"] == 1] == [1, 1]
    r = schedule_stage(director, tid, 2)
    assert r.status_code == 422
    assert (r.json()["code"], r.json()["law"]) == ("knockout_stage_not_ready", N_L78)
    assert "extra boards" in r.json()["detail"]


def test_the_extra_boards_of_a_tied_match_decide_it() -> None:
    """N-L78 §5b: the tied teams play their extra boards as a further session
    of the same stage; the IMPs add up and the winner moves on."""
    tid, _, director = knockout_event(4)
    assert schedule_stage(director, tid, 1).status_code == 201
    # Match 1 (1 v 4) tied, match 2 (2 v 3) won by the home team.
    for table in range(1, 5):
        for board in (1, 2):
            tricks = 9 if (table, board) == (4, 1) else 10
            r = director.post(
                f"/api/v1/tournaments/{tid}/sessions/1/results/",
                {
                    "board_number": board,
                    "table": table,
                    "contract": "4SN",
                    "tricks": tricks,
                },
                format="json",
            )
            assert r.status_code == 201, r.json()
    project()
    r = schedule_session(
        director,
        tid,
        2,
        movement="knockout",
        round_number=1,
        boards_per_round=1,
        first_board=3,
    )
    assert r.status_code == 201, r.json()
    project()
    detail = APIClient().get(f"/api/v1/tournaments/{tid}/").json()
    extra = next(s for s in detail["sessions"] if s["session"] == 2)
    assert extra["movement"] == "knockout:1"
    # Only the tied match plays: 1 v 4 at tables 1 and 2, board 3.
    for table, tricks in ((1, 10), (2, 9)):
        r = director.post(
            f"/api/v1/tournaments/{tid}/sessions/2/results/",
            {"board_number": 3, "table": table, "contract": "4SN", "tricks": tricks},
            format="json",
        )
        assert r.status_code == 201, r.json()
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/2/results/",
        {"board_number": 3, "table": 3, "contract": "4SN", "tricks": 10},
        format="json",
    )
    assert r.status_code == 422  # no table 3 in the extra boards' session
    assert (r.json()["code"], r.json()["law"]) == ("not_seated", "Law 15")
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    final = next(m for m in bracket["matches"] if m["stage"] == 2)
    assert (final["home"], final["away"]) == (1, 2)


def test_a_carry_over_counts_for_the_home_team_before_play() -> None:
    """Decision 0033: the conditions of contest credit the home team (negative:
    the away team): with -10.5 the away team goes through after losing the
    match itself by 10 IMPs."""
    tid, _, director = knockout_event(4)
    r = director.post(
        f"/api/v1/tournaments/{tid}/bracket/carry-overs/",
        {
            "stage": 1,
            "match": 1,
            "imps": "-21/2",
            "reason": "half the round-robin margin",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert schedule_stage(director, tid, 1).status_code == 201
    play(director, tid, 1, tables=4, home_wins=True)  # home teams +10 IMPs
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    first = [m for m in bracket["matches"] if m["stage"] == 1]
    assert first[0]["carry_over"] == "-21/2"
    assert first[0]["winner"] == 4  # 10 - 10.5: the away team goes through
    assert first[1]["winner"] == 2
    late = director.post(
        f"/api/v1/tournaments/{tid}/bracket/carry-overs/",
        {"stage": 1, "match": 1, "imps": "3"},
        format="json",
    )
    assert late.status_code == 409
    assert (late.json()["code"], late.json()["law"]) == (
        "knockout_match_decided",
        N_L78,
    )
    bad = director.post(
        f"/api/v1/tournaments/{tid}/bracket/carry-overs/",
        {"stage": 5, "match": 1, "imps": "3"},
        format="json",
    )
    assert bad.status_code == 422
    assert (bad.json()["code"], bad.json()["law"]) == ("rule_violation", N_L78)


def test_a_correction_after_the_next_stage_was_seated_is_flagged() -> None:
    """A correction (Law 79C) changes who won stage 1 after stage 2 was
    seated, to start in an hour (once it starts, stage 1 is final: N-L79):
    the bracket follows the scores and names the match seated apart;
    seating stage 2 again seats the match the bracket now holds."""
    tid, _, director = knockout_event(4)
    assert schedule_stage(director, tid, 1).status_code == 201
    play(director, tid, 1, tables=4, home_wins=True)  # 1 beats 4, 2 beats 3
    project()
    seated = schedule_stage(director, tid, 2, starts_in=timedelta(hours=1))
    assert seated.status_code == 201
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    assert bracket["seated_apart"] == []
    # Board 1 of match 2 was misscored: team 2 went two down, team 3 made it.
    for table, tricks in ((3, 8), (4, 10)):
        r = director.post(
            f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/{table}/corrections/",
            {"contract": "4SN", "tricks": tricks, "reason": "misscored"},
            format="json",
        )
        assert r.status_code == 201, r.json()
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    final = next(m for m in bracket["matches"] if m["stage"] == 2)
    assert (final["home"], final["away"]) == (1, 3)
    assert bracket["seated_apart"] == [{"stage": 2, "sessions": [2], "teams": [1, 2]}]
    assert final["sessions"] == [], "the match the bracket holds is not seated yet"
    r = schedule_session(
        director, tid, 3, movement="knockout", round_number=2, boards_per_round=2
    )
    assert r.status_code == 201, r.json()
    project()
    bracket = director.get(f"/api/v1/tournaments/{tid}/bracket/").json()
    final = next(m for m in bracket["matches"] if m["stage"] == 2)
    assert final["sessions"] == [3]
    assert [m["sessions"] for m in bracket["matches"] if m["stage"] == 1] == [[1], [1]]


def test_the_public_sees_the_bracket_and_overall_standings_as_published() -> None:
    """Decision 0105 across the event: the public reads the bracket and the
    overall standings over the published sessions only; a stage in play
    counts as not yet played for it, while its directors see the scores."""
    tid, _, director = knockout_event(4)
    assert schedule_stage(director, tid, 1).status_code == 201
    play(director, tid, 1, tables=4, home_wins=True)
    project()
    public = APIClient()
    url = f"/api/v1/tournaments/{tid}/bracket/"

    def winners(client: APIClient) -> list[Any]:
        bracket = client.get(url).json()
        return [m["winner"] for m in bracket["matches"] if m["stage"] == 1]

    def vps(client: APIClient) -> dict[int, str]:
        rows = client.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]
        return {r["entry_number"]: r["vp"] for r in rows}

    assert winners(director) == [1, 2]
    assert winners(public) == [None, None]
    assert vps(public) == {}
    assert set(vps(director)) == {1, 2, 3, 4}
    published = director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert published.status_code == 201, published.json()
    assert winners(public) == [1, 2]
    assert vps(public) == vps(director)
