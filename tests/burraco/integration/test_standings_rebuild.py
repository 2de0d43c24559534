"""The burraco standings read model: incremental and rebuilt rows are equal,
and every row follows the stream through the one command path."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from burraco import domain as b
from burraco.handlers import handle_burraco
from burraco.models import BurracoEventRow, BurracoResultRow, BurracoStandingRow
from burraco.projections import BurracoStandings
from burraco.selectors import public_turns
from eventstore.projections import ProjectionRunner
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def rows(tid: UUID) -> list[Any]:
    results = BurracoResultRow.objects.filter(tournament_id=tid)
    standings = BurracoStandingRow.objects.filter(tournament_id=tid)
    return [
        list(BurracoEventRow.objects.filter(tournament_id=tid).values()),
        list(results.order_by("turn", "table").values()),
        list(standings.order_by("after_turn", "rank", "pair").values()),
    ]


def without_ids(snapshot: list[Any]) -> list[Any]:
    return [
        [{k: v for k, v in row.items() if k != "id"} for row in t] for t in snapshot
    ]


def hand(fb: int, fp: int, mb: int, mp: int) -> b.SheetHand:
    return b.SheetHand(fixed_base=fb, fixed_points=fp, mobile_base=mb, mobile_points=mp)


def test_the_standings_rebuild_to_the_same_rows() -> None:
    tid, meta = open_tournament(4, hands_per_turn=3, turns=2)
    for command in (
        b.FormLines(fixed=(4, 2), mobile=(1, 3)),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(300, 40, 0, -60),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),) * 3),
        b.PublishPositions(turn=2),
        b.InvertScore(turn=1, table=1, pairs_confirmed=True),
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(100, 0, 0, 0),)),
        b.IssueWarning(pair=3, turn=2, article=39, reason="late"),
    ):
        handle_burraco(tid, command, metadata=meta)
    runner = ProjectionRunner(BurracoStandings())
    runner.catch_up()
    incremental = rows(tid)
    [event] = incremental[0]
    assert (event["current_turn"], event["final"]) == (2, False)
    # Turn 2 is not complete: standings after turn 1 only, without the
    # inversion (it counts from turn 2); 400 MP in 3 hands is 14-6.
    assert [(s["after_turn"], s["pair"], s["vp"]) for s in incremental[2]][:2] == [
        (1, 4, 14),
        (1, 2, 10),
    ]
    # Turn 1 is public (turn 2's positions are shown), turn 2 is not.
    assert public_turns(tid) == [1]
    runner.rebuild()
    assert without_ids(rows(tid)) == without_ids(incremental)


def test_the_standings_before_the_split_are_public_once_published_for_the_check() -> (
    None
):
    """Art. 20 (decision 0145): the single group's last standings are shown
    for their check before the split; the read model knows it at once, not
    only from the first merit-group turn's positions."""
    tid, meta = open_tournament(
        4, hands_per_turn=2, turns=3, mitchell_turns=2, split_after=2
    )
    for command in (
        b.FormLines(fixed=(1, 2), mobile=(3, 4)),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(300, 40, 0, -60),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),)),
        b.PublishPositions(turn=2),
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(100, 0, 0, 0),)),
        b.EnterScoreSheet(turn=2, table=2, hands=(hand(0, 0, 0, 0),)),
    ):
        handle_burraco(tid, command, metadata=meta)
    runner = ProjectionRunner(BurracoStandings())
    runner.catch_up()
    assert public_turns(tid) == [1]
    handle_burraco(tid, b.PublishProvisionalStandings(), metadata=meta)
    runner.catch_up()
    assert public_turns(tid) == [1, 2]
    row = BurracoEventRow.objects.get(tournament_id=tid)
    assert (row.current_turn, row.provisional_turn) == (2, 2)
    runner.rebuild()
    assert public_turns(tid) == [1, 2]
