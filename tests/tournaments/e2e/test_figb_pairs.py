"""A FIGB pairs event by the norms, end to end (issue 14's "done when").

The 14-pair Mitchell of ``test_figb_regulation`` (7 tables, 7 rounds of one
board, top 12) with, as the director records them:

- **an averaged board** (N-L12): board 1 not played at table 6, "mano
  media": the six real results each gain m = 1 and the averaged pairs get
  (max + min) / 2 = 6 (worked in ``test_figb_regulation``);
- **a fouled board** (N-L87 §7a): board 2 at table 6 (artificial, 60% to the
  table that found it) and board 3 at tables 5-6 (two groups);
- **a late pair**: N-L8 §3 is a teams norm, refused for pairs naming it; the
  late arrival is Law 90B1's procedural offence, the director's 10% of the
  top: 1.2 matchpoints off pair 9;
- **slow play**: N-L8 §2 is a teams norm too; the director's warning to pair
  3 (Law 90A) costs nothing;
- **a substitute** (N-L4 §2a(1)): pair 2's member replaced for rounds 5-7,
  3 boards of 7: not more than 50% (not eliminated), not 50% or more (the
  substitute acquires no rights);
- **a psychic** (Appendice 2 §2b: a natural one-level opening on 7 HCP or
  fewer) of pair 1, on the pair's stream with the norm's verdict;
- **a withdrawal** (N-L4 §4): pair 14 leaves before round 6: its two boards
  not played get 60% to its opponents, 40% to it (Law 12C2(a)), unless
  already played or adjusted.
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import pytest

from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tests.tournaments.e2e.test_figb_regulation import (
    as_decimals,
    event,
    figures,
    play,
    traveller_lines,
)
from tournaments import handlers
from tournaments.models import EntryRow, PenaltyRow, StandingRow

pytestmark = pytest.mark.django_db


def _ok(client: Any, path: str, body: dict[str, Any]) -> Any:
    response = client.post(path, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_figb_pairs_event_comes_out_with_the_norms_figures() -> None:
    staff, _ = client_for("fp-staff", federation_staff={})
    tid = event(staff, "figb")
    director, _ = client_for("fp-td", chief_director={"tournament_id": tid})
    play(director, tid)
    base = f"/api/v1/tournaments/{tid}/sessions/1/"

    # The averaged board (N-L12, by hand): 11, 9, 7, 1, 5 | 6 | 3.
    assert as_decimals(figures(staff, tid, 1))[6] == (Decimal("6"), Decimal("6"))
    assert as_decimals(figures(staff, tid, 1))[1] == (Decimal("11"), Decimal("1"))
    # The fouled board 2 at table 6: 60% of 12 to both pairs (N-L87 §7a).
    assert as_decimals(figures(staff, tid, 2))[6] == (
        Decimal("7.2"),
        Decimal("7.2"),
    )

    # A late pair and slow play: teams norms, refused naming them.
    late = director.post(
        base + "lateness/", {"entry_number": 9, "minutes_late": "12"}, format="json"
    )
    slow = director.post(base + "slow-play/", {"entry_numbers": [3]}, format="json")
    assert [(r.status_code, r.json()["law"]) for r in (late, slow)] == [
        (422, "Norme integrative FIGB Art. N-L8 §3"),
        (422, "Norme integrative FIGB Art. N-L8 §2"),
    ]
    _ok(
        director,
        base + "penalties/",
        {
            "entry_number": 9,
            "kind": "procedural",
            "unit": "percent_of_top",
            "amount": 10,
            "reason": "12 minutes late for the first round (Law 90B1)",
        },
    )
    _ok(
        director,
        base + "penalties/",
        {
            "entry_number": 3,
            "kind": "warning",
            "unit": "none",
            "reason": "slow play (Law 90A)",
        },
    )

    # A substitute for 3 of pair 2's 7 boards (N-L4 §2a(1)).
    pair_2 = EntryRow.objects.get(tournament_id=tid, number=2).player_ids
    substitute = register_players(1)[0]
    answer = _ok(
        director,
        base + "substitutions/",
        {
            "entry_number": 2,
            "original": str(pair_2[0]),
            "substitute": substitute,
            "rounds": [5, 6, 7],
        },
    )
    assert answer["eliminated"] is False
    verdicts = staff.get(f"/api/v1/tournaments/{tid}/substitutions/").json()
    assert [
        (v["substituted_sessions"], v["eliminated"], v["substitute_rights"], v["rule"])
        for v in verdicts["verdicts"]
    ] == [("3/7", False, False, "Norme integrative FIGB Art. N-L4 §2a(1)")]

    # A psychic of pair 1: 1H on 6 HCP (Q9842.K843.J2.32): natural, one
    # level, 7 HCP or fewer: "prohibited" strength (App. 2 §2b).
    pair_1 = EntryRow.objects.get(tournament_id=tid, number=1).player_ids
    pair = _ok(
        staff, "/api/v1/registry/pairs/", {"player_ids": [str(p) for p in pair_1]}
    )
    _ok(
        director,
        f"/api/v1/registry/pairs/{pair['pair_id']}/psychics/",
        {
            "tournament_id": tid,
            "session": 1,
            "board": 2,
            "seat": "N",
            "kind": "opening",
            "call": "1H",
            "level": 1,
            "conventional": False,
            "hand": "Q9842.K843.J2.32",
            "classification": "prohibited_strength_natural",
        },
    )
    record = director.get(f"/api/v1/registry/pairs/{pair['pair_id']}/psychics/").json()
    assert (record["count"], record["records"][0]["findings"][0]["reference"]) == (
        1,
        "Norme integrative FIGB, Appendice 2 Art. 2b",
    )

    # Pair 14 withdraws before round 6 (N-L4 §4).
    withdrawn = _ok(
        director, base + "withdrawals/", {"entry_number": 14, "from_round": 6}
    )
    assert (withdrawn["boards"], withdrawn["norm"]) == (
        2,
        "Norme integrative FIGB N-L4 §4",
    )
    # Its round-6 table (5) played board 3 before: the result stands (2S
    # by N, 8 tricks, fouled group 1); round 7's board 5 at table 6 gets
    # 60% to pair 6, 40% to pair 14.
    session = handlers.load_tournament(uuid.UUID(tid)).sessions[1]
    left = [(a.round, a.table, a.boards) for a in session.assignments if a.ew == 14]
    assert [x for x in left if x[0] >= 6] == [(6, 5, (3,)), (7, 6, (5,))]
    assert withdrawn["artificial_scores"] == [
        {"board_number": 5, "table": 6, "score": "A60/40"}
    ]
    project()
    [played] = [x for x in traveller_lines(staff, tid, 3) if x["table"] == 5]
    assert (played["score_ns"], played["irregularity"], played["adjusted"]) == (
        110,
        "fouled",
        None,
    )
    [given] = traveller_lines(staff, tid, 5)
    assert (given["table"], given["irregularity"], given["adjusted"]) == (
        6,
        "not_played",
        "A60/40",
    )

    # The penalties as the standings take them: 10% of 12 = 1.2 off pair 9;
    # the warning costs nothing.
    assert list(
        PenaltyRow.objects.filter(tournament_id=tid)
        .order_by("position")
        .values_list("entry_number", "kind", "unit", "amount", "law")
    ) == [
        (9, "procedural", "percent_of_top", 10, "90"),
        (3, "warning", "none", 0, "90A"),
    ]
    standing = {
        s.entry_number: s.penalty
        for s in StandingRow.objects.filter(tournament_id=tid, session=1)
    }
    assert (standing[9], standing[3]) == (Decimal("1.20"), Decimal("0.00"))
