"""A burraco warning is stored as facts and worded by the page in the
reader's language (decision 0202): the v2 event's cause and figures, the
v1 event upcast and shown as stored, the exact Italian and English."""

from __future__ import annotations

import pytest
from django.utils import translation

from burraco import domain as b
from burraco.wording import warning_reason
from eventstore.registry import registry
from tests.burraco.unit.test_danese_and_lateness import run, turn_one

NAME = "burraco.warning_issued"


def late(seconds: int) -> b.WarningIssued:
    return b.WarningIssued(
        pair=3,
        turn=2,
        article="Codice di Gara Art. 39",
        reason="",
        cause=b.WARNING_LATE,
        seconds=seconds,
    )


def test_the_lateness_warning_carries_its_seconds_and_no_sentence() -> None:
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.RecordLateness(turn=2, table=2, pair=3, seconds=90),
    )
    assert state.warnings == (late(90),)
    assert registry.encode(late(90)) == (
        NAME,
        2,
        {
            "pair": 3,
            "turn": 2,
            "article": "Codice di Gara Art. 39",
            "reason": "",
            "cause": "late",
            "seconds": 90,
            "table": None,
            "expected_table": None,
        },
    )
    assert registry.decode(NAME, 2, registry.encode(late(90))[2]) == late(90)


def test_a_v1_warning_is_upcast_and_its_sentence_shown_as_stored() -> None:
    stored = {
        "pair": 5,
        "turn": 1,
        "article": "Codice di Gara Art. 39",
        "reason": "late at the signal by 60 seconds",
    }
    event = registry.decode(NAME, 1, stored)
    assert event == b.WarningIssued(
        pair=5,
        turn=1,
        article="Codice di Gara Art. 39",
        reason="late at the signal by 60 seconds",
        cause="stated",
    )
    assert isinstance(event, b.WarningIssued)
    with translation.override("it"):
        assert warning_reason(event) == "late at the signal by 60 seconds"


@pytest.mark.parametrize(
    ("warning", "italian", "english"),
    [
        (
            late(60),
            "in ritardo al segnale di 60 secondi",
            "late at the signal by 60 seconds",
        ),
        (
            late(1),
            "in ritardo al segnale di 1 secondo",
            "late at the signal by 1 second",
        ),
        (
            b.WarningIssued(
                pair=5,
                turn=1,
                article="Codice di Gara Art. 2",
                reason="",
                cause=b.WARNING_WRONG_TABLE,
                table=2,
                expected_table=1,
            ),
            "al tavolo 2 anziché al tavolo 1",
            "sat at table 2 instead of table 1",
        ),
        (
            b.WarningIssued(
                pair=4,
                turn=3,
                article="Codice di Gara Art. 19",
                reason="",
                cause=b.WARNING_SHEET_LEFT,
            ),
            "score lasciato sul tavolo, non consegnato",
            "the score sheet was left on the table, not delivered",
        ),
        (
            b.WarningIssued(
                pair=4,
                turn=3,
                article="Codice di Gara Art. 37",
                reason="gioco lento",
            ),
            "gioco lento",
            "gioco lento",
        ),
    ],
)
def test_each_cause_in_italian_and_in_english(
    warning: b.WarningIssued, italian: str, english: str
) -> None:
    with translation.override("it"):
        assert warning_reason(warning) == italian
    with translation.override("en"):
        assert warning_reason(warning) == english
