"""An entry names players on the register (decision 0083): the shell reads
each player's stream and passes the facts to the pure ``decide``."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from functools import reduce
from uuid import UUID

import pytest

from registry.domain import PlayerCategory, PlayerState, UnknownPlayer
from tests.support.players import registered_facts
from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 25, 15, tzinfo=UTC)
KNOWN = [uuid.uuid4() for _ in range(4)]
FACTS = {
    p: PlayerState(player_id=p, category=PlayerCategory.FIRST_CLUBS) for p in KNOWN
}


def run(state: t.TournamentState, *commands: t.TournamentCommand) -> t.TournamentState:
    for command in commands:
        events = t.decide(state, command, T0, players=registered_facts(command))
        state = reduce(t.evolve, events, state)
    return state


def event(form: t.Form = t.Form.PAIRS, *, imported: bool = False) -> t.TournamentState:
    return run(
        t.INITIAL,
        t.CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Coppa",
            form=form,
            scoring=t.SCORING_FOR_FORM[form][0],
            windows=t.WindowRules(),
            starts_at=T0,
            imported=imported,
        ),
    )


def enter(number: int, *players: UUID) -> t.EnterPair:
    return t.EnterPair(number=number, entry_id=uuid.uuid4(), player_ids=players)


def published() -> t.TournamentState:
    """Two pairs of registered players at one table, session 1 published."""
    return run(
        event(),
        enter(1, *KNOWN[:2]),
        enter(2, *KNOWN[2:]),
        t.ScheduleSession(
            session=1,
            movement="explicit",
            starts_at=T0,
            ends_at=T0 + timedelta(hours=3),
            assignments=(t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1,)),),
        ),
        t.PublishScores(session=1),
    )


def test_an_entry_of_registered_players_is_recorded() -> None:
    [entered] = t.decide(event(), enter(1, *KNOWN[:2]), T0, players=FACTS)
    assert entered == t.PairEntered(
        number=1, entry_id=entered.entry_id, player_ids=tuple(KNOWN[:2])
    )


@pytest.mark.parametrize(
    ("when", "index"), [("before publication", 1), ("after publication", 0)]
)
def test_an_entry_naming_a_player_not_on_the_register_is_refused(
    when: str, index: int
) -> None:
    """Refused naming the player's place in ``player_ids`` and the id, before
    and after a session's scores are published."""
    state = event() if when == "before publication" else published()
    stranger = uuid.uuid4()
    players = [KNOWN[0]]
    players.insert(index, stranger)
    with pytest.raises(UnknownPlayer) as refused:
        t.decide(state, enter(3, *players), T0, players=FACTS)
    error = refused.value
    assert (error.code, error.field, error.value) == (
        "unknown_player",
        f"player_ids.{index}",
        str(stranger),
    )
    assert error.message == f"player {stranger} is not on the register"


def test_without_the_registers_facts_no_player_is_taken_as_registered() -> None:
    """A caller that forgets to look the players up gets a refusal, never an
    entry of unknown players."""
    with pytest.raises(UnknownPlayer) as refused:
        t.decide(event(), enter(1, *KNOWN[:2]), T0)
    assert refused.value.field == "player_ids.0"


def test_a_forgotten_player_enters_no_new_event() -> None:
    """Personal data erased (spec §6.8): the record stays, no new entry."""
    gone = {**FACTS, KNOWN[1]: PlayerState(player_id=KNOWN[1], forgotten=True)}
    with pytest.raises(UnknownPlayer) as refused:
        t.decide(event(), enter(1, *KNOWN[:2]), T0, players=gone)
    assert (refused.value.field, refused.value.value) == ("player_ids.1", str(KNOWN[1]))
    assert refused.value.message == (
        f"player {KNOWN[1]} was forgotten and enters no new event"
    )


@pytest.mark.parametrize(("form", "size"), [(t.Form.INDIVIDUAL, 1), (t.Form.TEAMS, 4)])
def test_individual_and_team_entries_name_registered_players_too(
    form: t.Form, size: int
) -> None:
    stranger = uuid.uuid4()
    players = (*KNOWN[: size - 1], stranger)
    with pytest.raises(UnknownPlayer) as refused:
        t.decide(event(form), enter(1, *players), T0, players=FACTS)
    assert refused.value.field == f"player_ids.{size - 1}"


def test_an_imported_tournament_names_the_files_players_by_derived_ids() -> None:
    """Decision 0041: a results file's players are not on the register."""
    strangers = (uuid.uuid4(), uuid.uuid4())
    [entered] = t.decide(event(imported=True), enter(1, *strangers), T0)
    assert isinstance(entered, t.PairEntered)
    assert entered.player_ids == strangers
