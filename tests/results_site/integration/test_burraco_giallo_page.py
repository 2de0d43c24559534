"""A giallo turn's tables on the results site show both players of each
line (Art. 2: a giallo changes partner every turn; decision 0173)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from burraco import domain as burraco
from burraco.handlers import handle_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry import domain
from registry.handlers import Identity, register_player
from tests.results_site.integration.test_team_pages import EN, catch_up, text
from tests.support.burraco_event import open_burraco

pytestmark = pytest.mark.django_db


def hand(fixed: int, mobile: int) -> burraco.SheetHand:
    return burraco.SheetHand(
        fixed_base=0, fixed_points=fixed, mobile_base=0, mobile_points=mobile
    )


def test_a_giallo_table_shows_both_players_of_each_line() -> None:
    players = [
        (
            register_player(
                Identity(
                    federation_number=str(uuid.uuid4().int)[:9],
                    family_name=f"Giallo{number}",
                    given_name="Gioc",
                ),
                domain.PlayerCategory.NOT_CLASSIFIED,
                metadata=Metadata(actor="system:tests"),
            )[0],
        )
        for number in range(1, 9)
    ]
    tid, meta = open_burraco(
        players, hands_per_turn=2, turns=2, form=burraco.EntryForm.GIALLO
    )
    handle_burraco(tid, burraco.PublishPositions(turn=1), metadata=meta)
    # Turn 1: 1 with 4 against 2 with 3; 5 with 8 against 6 with 7.
    for table, sheet in ((1, hand(300, 0)), (2, hand(0, 45))):
        handle_burraco(
            tid,
            burraco.EnterScoreSheet(turn=1, table=table, hands=(sheet,)),
            metadata=meta,
        )
    handle_burraco(tid, burraco.PublishPositions(turn=2), metadata=meta)
    catch_up()
    ProjectionRunner(BurracoStandings()).catch_up()
    page = text(Client().get(f"/events/{tid}/burraco/?turn=1", **EN))
    tables = page[page.index("Tables of turn 1") :]
    lines = re.findall(r"(\d) Gioc Giallo\d \+ (\d) Gioc Giallo\d", tables)
    assert lines == [("1", "4"), ("2", "3"), ("5", "8"), ("6", "7")]
