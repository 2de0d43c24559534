"""Entries and table assignments are checked against Laws 4 and 8."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from rules.errors import LawRef
from tests.support.players import registered_facts
from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 22, 15, 0, tzinfo=UTC)
P1, P2 = uuid.uuid4(), uuid.uuid4()


def members(first: uuid.UUID, second: uuid.UUID, form: t.Form) -> tuple[uuid.UUID, ...]:
    """Two players for a pair; a team has two more (Definitions, "Contestant")."""
    if form is t.Form.TEAMS:
        return (first, second, uuid.uuid4(), uuid.uuid4())
    return (first, second)


def test_an_entry_holds_the_players_its_form_needs_naming_law_4() -> None:
    """Definitions, "Contestant": 1 player, 2 partners, 4 to 6 team-mates."""
    for form, size in ((t.Form.PAIRS, 1), (t.Form.PAIRS, 3), (t.Form.TEAMS, 7)):
        state = created(form)
        with pytest.raises(t.EntryConflict) as caught:
            t.decide(
                state,
                t.EnterPair(
                    number=9,
                    entry_id=uuid.uuid4(),
                    player_ids=tuple(uuid.uuid4() for _ in range(size)),
                ),
                T0,
            )
        assert caught.value.law == LawRef("4")
        assert "players" in str(caught.value)


def test_a_burraco_event_is_not_scored_by_a_bridge_method() -> None:
    with pytest.raises(t.ScoringNotForForm):
        t.decide(
            t.INITIAL,
            t.CreateTournament(
                tournament_id=uuid.uuid4(),
                name="Burraco",
                form=t.Form.PAIRS,
                scoring=t.ScoringMethod.MATCHPOINTS,
                windows=t.WindowRules(),
                starts_at=T0,
                game=t.Game.BURRACO,
            ),
            T0,
        )


def created(form: t.Form = t.Form.PAIRS) -> t.TournamentState:
    state = t.INITIAL
    commands: list[t.TournamentCommand] = [
        t.CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Coppa",
            form=form,
            scoring=t.SCORING_FOR_FORM[form][0],
            windows=t.WindowRules(),
            starts_at=T0,
        ),
        t.EnterPair(number=1, entry_id=uuid.uuid4(), player_ids=members(P1, P2, form)),
        t.EnterPair(
            number=2,
            entry_id=uuid.uuid4(),
            player_ids=members(uuid.uuid4(), uuid.uuid4(), form),
        ),
    ]
    for command in commands:
        for event in t.decide(state, command, T0, players=registered_facts(command)):
            state = t.evolve(state, event)
    return state


def schedule(*assignments: t.TableAssignment) -> t.ScheduleSession:
    return t.ScheduleSession(
        session=1,
        movement="explicit",
        starts_at=T0,
        ends_at=T0 + timedelta(hours=3),
        assignments=assignments,
    )


def test_a_pair_sitting_twice_in_a_round_is_refused_naming_law_8() -> None:
    twice = schedule(
        t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
        t.TableAssignment(round=1, table=2, ns=1, ew=2, boards=(3, 4)),
    )
    with pytest.raises(t.InvalidSchedule) as caught:
        t.decide(created(), twice, T0)
    assert caught.value.law == LawRef("8")


def test_a_team_sits_once_in_each_room_of_a_match() -> None:
    """Law 86: the same two teams at two tables, once in each direction."""
    rooms = schedule(
        t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
        t.TableAssignment(round=1, table=2, ns=2, ew=1, boards=(1, 2)),
    )
    [event] = t.decide(created(t.Form.TEAMS), rooms, T0)
    assert isinstance(event, t.SessionScheduled)


def test_a_player_already_entered_cannot_enter_again_naming_law_4() -> None:
    again = t.EnterPair(number=3, entry_id=uuid.uuid4(), player_ids=(uuid.uuid4(), P1))
    with pytest.raises(t.EntryConflict) as caught:
        t.decide(created(), again, T0, players=registered_facts(again))
    assert caught.value.law == LawRef("4")
    assert (caught.value.field, caught.value.value) == ("player_ids.1", str(P1))


def individual_state(players: int = 8) -> t.TournamentState:
    state = t.INITIAL
    commands: list[t.TournamentCommand] = [
        t.CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Individuale",
            form=t.Form.INDIVIDUAL,
            scoring=t.ScoringMethod.MATCHPOINTS,
            windows=t.WindowRules(),
            starts_at=T0,
        ),
        *(
            t.EnterPair(number=n, entry_id=uuid.uuid4(), player_ids=(uuid.uuid4(),))
            for n in range(1, players + 1)
        ),
    ]
    for command in commands:
        for event in t.decide(state, command, T0, players=registered_facts(command)):
            state = t.evolve(state, event)
    return state


def seat(players: tuple[int, ...], table: int = 1, rnd: int = 1) -> t.TableAssignment:
    return t.TableAssignment(
        round=rnd,
        table=table,
        ns=players[0],
        ew=players[1],
        boards=(1, 2),
        players=players,
    )


def test_an_individual_table_seats_four_entered_players_once_each_law_4_and_8() -> None:
    state = individual_state()
    [event] = t.decide(
        state, schedule(seat((1, 2, 3, 4)), seat((5, 6, 7, 8), table=2)), T0
    )
    assert isinstance(event, t.SessionScheduled)
    assert event.assignments[0].side(ns=True) == (1, 3)
    assert event.assignments[0].side(ns=False) == (2, 4)
    refused = [
        (schedule(seat((1, 2, 3))), "4"),  # three players
        (schedule(seat((1, 2, 3, 3))), "4"),  # the same player twice
        (schedule(seat((1, 2, 3, 9))), "8"),  # not entered
        (schedule(seat((1, 2, 3, 4)), seat((4, 5, 6, 7), table=2)), "8"),
        (
            schedule(
                t.TableAssignment(
                    round=1, table=1, ns=3, ew=2, boards=(1,), players=(1, 2, 3, 4)
                )
            ),
            "8",
        ),
    ]
    for command, law in refused:
        with pytest.raises(t.InvalidSchedule) as caught:
            t.decide(state, command, T0)
        assert caught.value.law == LawRef(law)


def test_a_pairs_event_does_not_seat_players_one_by_one() -> None:
    with pytest.raises(t.InvalidSchedule) as caught:
        t.decide(
            created(),
            schedule(
                t.TableAssignment(
                    round=1, table=1, ns=1, ew=2, boards=(1,), players=(1, 2, 3, 4)
                )
            ),
            T0,
        )
    assert caught.value.law == LawRef("4")
