"""A FIGB teams event by the norms, end to end (issue 14's "done when").

The four-team round robin of ``test_teams_tie_breaks`` (one board a round,
boards 1, 8, 11, none vulnerable): before anything below, team 4 has 38.09
VPs, teams 2 and 1 30.00 each (2 ahead on head-to-head IMPs) and team 3 21.91.
Then, as the director records them:

- **an averaged board** (Law 12C2(b); in teams 60% is 3 IMPs): board 11 at
  table 1 of round 3 (team 1 North-South against team 4, a drawn match with
  4S= in both rooms) could not be played normally: average plus to team 1.
  The match is won by 3 IMPs on one board: on the WBF scale X = 15 x sqrt(1)
  = 15 and the winner gets 10 + 10 (1 - t^(9/15)) / (1 - t^3), t = 0.618034:
  t^0.6 = 0.749256, so 10 + 10 x 0.250744 / 0.763932 = 13.28; team 4 6.72;
- **a fouled board** (N-L87 §7b: cards swapped between hands found at the
  end, "il board viene annullato" and 3 IMPs to the team responsible): board
  8 of round 2 (team 4 beat team 2 by 10 IMPs, 18.09 to 1.91: t^2 =
  0.381966, 10 + 10 x 0.618034 / 0.763932) is cancelled in both rooms
  (A50/50, no IMPs) and team 2, responsible, loses 3 IMPs: its own margin is
  -3, 20 - 13.28 = 6.72; team 4's is 0, 10 VPs;
- **a late team** (N-L8 §3): team 3 twelve minutes late, "da 10,01 a 15
  minuti = 2 V.P.";
- **slow play** (N-L8 §2): team 2's first offence, a warning; one warning is
  residual and costs nothing (N-L8 §4);
- **a substitute** (N-L4 §2c: teams follow RC art. 19, not held): recorded
  as a fact;
- **a psychic** (Appendice 2) of a pair of team 1, recorded on the pair's
  stream with the norm's verdict.

Overall: team 2 18.09 + 6.72 + 10 = 34.81 with a residual warning; team 1
1.91 + 18.09 + 13.28 = 33.28; team 4 10 + 10 + 6.72 = 26.72; team 3
10 + 1.91 + 10 - 2 = 19.91.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pairs_event import project
from tests.support.players import register_players
from tests.tournaments.e2e.test_teams_tie_breaks import round_robin
from tournaments.models import EntryRow

pytestmark = pytest.mark.django_db


def _ok(client: Any, path: str, body: dict[str, Any]) -> Any:
    response = client.post(path, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_figb_teams_event_comes_out_with_the_norms_figures() -> None:
    staff, director, tid = round_robin("teams_imps_vp", tag="ft")
    base = f"/api/v1/tournaments/{tid}/sessions/1"
    _ok(
        director,
        f"{base}/rulings/",
        {
            "board_number": 11,
            "table": 1,
            "laws": ["12C2"],
            "facts": "the board could not be played in time",
            "decision": "average plus to North-South, average minus to East-West",
            "adjusted_score": "A60/40",
        },
    )
    for table in (3, 4):  # round 2's match 2 v 4, both rooms
        _ok(
            director,
            f"{base}/rulings/",
            {
                "board_number": 8,
                "table": table,
                "laws": ["87B"],
                "facts": "cards swapped between hands, found at the end of play",
                "decision": "the board is cancelled (N-L87 §7b)",
                "adjusted_score": "A50/50",
            },
        )
    _ok(
        director,
        f"{base}/penalties/",
        {"entry_number": 2, "catalogue": "swapped_cards_responsible", "round": 2},
    )
    _ok(director, f"{base}/lateness/", {"entry_number": 3, "minutes_late": "12"})
    _ok(director, f"{base}/slow-play/", {"entry_numbers": [2]})
    project()
    team_1 = EntryRow.objects.get(tournament_id=tid, number=1).player_ids
    substitute = register_players(1)[0]
    _ok(
        director,
        f"{base}/substitutions/",
        {
            "entry_number": 1,
            "original": team_1[3],
            "substitute": substitute,
            "rounds": [2],
        },
    )
    pair = _ok(staff, "/api/v1/registry/pairs/", {"player_ids": team_1[:2]})
    _ok(
        director,
        f"/api/v1/registry/pairs/{pair['pair_id']}/psychics/",
        {
            "tournament_id": tid,
            "session": 1,
            "board": 8,
            "seat": "N",
            "kind": "opening",
            "call": "1H",
            "level": 1,
            "conventional": False,
            "hand": "Q9842.K843.J2.32",
            "classification": "prohibited_strength_natural",
        },
    )
    project()
    overall = {
        r["entry_number"]: r
        for r in staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]
    }
    assert {n: (r["vp"], r["vp_penalty"], r["rank"]) for n, r in overall.items()} == {
        2: ("34.81", "0.00", 1),
        1: ("33.28", "0.00", 2),
        4: ("26.72", "0.00", 3),
        3: ("19.91", "2.00", 4),
    }
    listing = staff.get(f"/api/v1/tournaments/{tid}/substitutions/").json()
    assert [
        (s["entry_number"], s["rounds"], s["boards"]) for s in listing["substitutions"]
    ] == [(1, [2], 1)]
    assert listing["verdicts"] == []  # RC art. 19 decides for teams
    record = director.get(f"/api/v1/registry/pairs/{pair['pair_id']}/psychics/").json()
    assert (record["count"], record["records"][0]["findings"][0]["reference"]) == (
        1,
        "Norme integrative FIGB, Appendice 2 Art. 2b",
    )
