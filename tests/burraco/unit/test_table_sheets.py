"""Art. 19 from the table, in the pure domain (decision 0185): a giallo
line's partner signs, a substitute signs for his pair, the 800-MP sheet of a
watched table is the director's, and a delivered sheet is the one the
scoring room would have entered."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID, uuid4

import pytest

from burraco import domain as b
from burraco.domain.errors import (
    DirectorCountersigns,
    NotAtThisTable,
    NotTheWinningSide,
)
from tests.burraco.unit.test_individual_giallo_and_categories import (
    T0,
    _in_groups,
    hand,
    opened,
    run,
)


def decide(
    state: b.BurracoState,
    command: b.BurracoCommand,
    players: dict[int, tuple[UUID, ...]],
    now: object = T0,
) -> tuple[b.BurracoState, list[b.BurracoEvent]]:
    events = b.decide(state, command, now, players=players)  # type: ignore[arg-type]
    for event in events:
        state = b.evolve(state, event)
    return state, events


def test_a_giallo_line_is_two_entries_and_either_signs_or_delivers() -> None:
    state = opened(form=b.EntryForm.GIALLO, turns=2)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    # Table 1: 1 with 4 against 2 with 3.
    players = {n: (uuid4(),) for n in range(1, 9)}
    filed = b.FileSheet(turn=1, table=1, player=players[4][0], hands=(hand(0, 300),))
    state, [event] = decide(state, filed, players)
    assert event == b.ScoreSheetFiled(turn=1, table=1, line=1, hands=filed.hands)
    with pytest.raises(NotAtThisTable):
        decide(state, b.SignSheet(turn=1, table=1, player=players[5][0]), players)
    state, _ = decide(
        state, b.SignSheet(turn=1, table=1, player=players[3][0]), players
    )
    with pytest.raises(NotTheWinningSide) as refused:
        decide(state, b.DeliverSheet(turn=1, table=1, player=players[1][0]), players)
    assert str(refused.value.law) == "Codice di Gara Art. 19"
    _, events = decide(
        state, b.DeliverSheet(turn=1, table=1, player=players[2][0]), players
    )
    direct = b.decide(
        state, b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 300),)), T0
    )
    assert events == [b.ScoreSheetDelivered(turn=1, table=1, line=2), *direct]


def test_a_substitute_signs_for_his_pair_and_the_player_out_no_longer() -> None:
    state = opened(turns=4)
    players = {n: (uuid4(), uuid4()) for n in range(1, 9)}
    newcomer = uuid4()
    substitute = b.SubstitutePlayer(
        pair=5, player_out=players[5][0], player_in=newcomer
    )
    state, _ = decide(state, substitute, players)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    # Table 1: 1 against 5.
    filed = b.FileSheet(turn=1, table=1, player=players[1][1], hands=(hand(100, 0),))
    state, _ = decide(state, filed, players)
    with pytest.raises(NotAtThisTable):
        decide(state, b.SignSheet(turn=1, table=1, player=players[5][0]), players)
    state, [signed] = decide(
        state, b.SignSheet(turn=1, table=1, player=newcomer), players
    )
    assert signed == b.ScoreSheetSigned(turn=1, table=1, line=5)


def test_a_watched_table_at_800_mp_is_the_directors_to_enter() -> None:
    state = _in_groups(monitoring=True)
    seat = state.positions[2][0]
    players = {n: (uuid4(),) for n in range(1, 9)}
    now = T0 + timedelta(minutes=3)
    filed = b.FileSheet(
        turn=2,
        table=1,
        player=players[seat.fixed][0],
        hands=(hand(500, 0), hand(400, 0)),
    )
    state, _ = decide(state, filed, players, now)
    sign = b.SignSheet(turn=2, table=1, player=players[seat.mobile][0])
    state, _ = decide(state, sign, players, now)
    with pytest.raises(DirectorCountersigns) as refused:
        decide(
            state,
            b.DeliverSheet(turn=2, table=1, player=players[seat.fixed][0]),
            players,
            now,
        )
    assert str(refused.value.law) == "Codice di Gara, I poteri dell'arbitro (g)"
