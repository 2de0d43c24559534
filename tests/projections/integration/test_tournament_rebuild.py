"""The tournament read models rebuilt from zero equal the incremental ones."""

from __future__ import annotations

import pytest

from eventstore.projections import ProjectionRunner
from tournaments import demo
from tournaments.models import (
    EntryRow,
    MatchRow,
    PenaltyRow,
    ResultRow,
    RulingRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db
MODELS = (
    TournamentRow,
    EntryRow,
    SessionRow,
    ResultRow,
    StandingRow,
    RulingRow,
    PenaltyRow,
    MatchRow,
)


def snapshot() -> dict[str, list[tuple]]:
    fields = {m: [f.name for f in m._meta.fields if f.name != "id"] for m in MODELS}
    return {
        m.__name__: sorted(m.objects.values_list(*fields[m]), key=repr) for m in MODELS
    }


def test_demo_history_rebuilds_to_the_same_read_models() -> None:
    assert demo.build() is True  # results, a ruling, a correction, publications, sweeps
    incremental = snapshot()
    assert len(incremental["ResultRow"]) > 100
    assert any(row for row in incremental["StandingRow"])
    # The individual event ranks its eight players, each on his own line.
    players = StandingRow.objects.filter(tournament_id=demo.INDIVIDUAL_EVENT)
    assert sorted(players.values_list("entry_number", flat=True)) == list(range(1, 9))
    ProjectionRunner(TournamentResults(), batch_size=37).rebuild()
    assert snapshot() == incremental
    assert demo.build() is False  # idempotent
