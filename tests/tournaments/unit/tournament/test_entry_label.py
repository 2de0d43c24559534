"""An entry's results-file id (decision 0192): one the formats can write
back, naming no other entry of the event."""

from __future__ import annotations

import uuid

import pytest

from tests.tournaments.unit.tournament.test_entry_players import T0, event, run
from tournaments.domain import tournament as t


def enter(number: int, label: str | None) -> t.EnterPair:
    players = (uuid.uuid4(), uuid.uuid4())
    return t.EnterPair(
        number=number, entry_id=uuid.uuid4(), player_ids=players, label=label
    )


def test_the_label_is_on_the_event_and_the_state() -> None:
    state = run(event(imported=True), enter(1, "1NS"), enter(4, "1EW"), enter(2, None))
    assert {n: e.label for n, e in state.entries.items()} == {
        1: "1NS",
        4: "1EW",
        2: None,
    }


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("1 NS", "label '1 NS' is not a results file's id"),
        ("", "label '' is not a results file's id"),
        ("x" * 21, f"label '{'x' * 21}' is not a results file's id"),
        ('1"', "label '1\"' is not a results file's id"),
        ("1NS", "label '1NS' already names an entry"),
    ],
)
def test_a_label_no_format_can_write_or_taken_is_refused(
    label: str, message: str
) -> None:
    state = run(event(imported=True), enter(1, "1NS"))
    with pytest.raises(t.EntryConflict) as refused:
        t.decide(state, enter(2, label), T0)
    assert str(refused.value).startswith(message)
    assert refused.value.field == "label"
