"""The demo's burraco event: built through the handlers, idempotent, with
the correction, the lateness, the second warning, the split into two merit
groups and the final standings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command

from burraco import demo
from burraco.handlers import load_burraco
from burraco.selectors import public_turns, standings, turn_results

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_demo_holds_a_burraco_event_from_mitchell_to_final_standings() -> None:
    call_command("demo")
    call_command("demo_burraco")
    call_command("demo_burraco")  # idempotent
    state = load_burraco(demo.BURRACO_EVENT)
    assert state.current_turn == demo.TURNS
    # Art. 20: the final standings are checked for ten minutes after their publication.
    assert state.check_deadline - state.final_published_at == timedelta(minutes=10)
    assert state.results[(1, 2)].corrected is True
    assert [w.article for w in state.warnings if w.pair == demo.WARNED] == [
        "Codice di Gara Art. 19",
        "Codice di Gara Art. 39",
    ]
    # The director's own words, in the demo's Italian (they were English).
    assert [w.reason for w in state.warnings if w.article.endswith("Art. 19")] == [
        "segnapunti lasciato sul tavolo"
    ]
    assert public_turns(demo.BURRACO_EVENT) == list(range(1, demo.TURNS + 1))
    # The split after turn 3 into A and B by the standings then; the later
    # turns are Danese within each group.
    before = [s["pair"] for s in standings(demo.BURRACO_EVENT, demo.SPLIT_AFTER)]
    assert state.groups == (tuple(before[:4]), tuple(before[4:]))
    for turn in (4, 5):
        for position in state.positions[turn]:
            assert state.group_of(position.fixed) == state.group_of(position.mobile)
    final = standings(demo.BURRACO_EVENT, demo.TURNS)
    assert [s["group"] for s in final] == ["A"] * 4 + ["B"] * 4
    assert [s["rank"] for s in final] == list(range(1, 9))
    assert len(final) == demo.PAIRS
    warned = next(s for s in final if s["pair"] == demo.WARNED)
    assert (warned["deduction"], warned["vp"]) == (1, warned["turn_vp"] - 1)
    assert sum(s["turn_vp"] for s in final) == 20 * demo.TURNS * demo.PAIRS // 2
    [late] = [
        r for r in turn_results(demo.BURRACO_EVENT, 2) if 1 in (r["fixed"], r["mobile"])
    ]
    # Pair 1 was four minutes late: its opponents' MP are their hands + 150.
    side = "mobile" if late["fixed"] == 1 else "fixed"
    hands = sum(h[f"{side}_base"] + h[f"{side}_points"] for h in late["hands"])
    assert late[f"{side}_mp"] == hands + 150
