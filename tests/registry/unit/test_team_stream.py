"""A team's stream: 4-6 members, captain, non-playing captain, line-ups."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from registry.domain import (
    MAX_TEAM_MEMBERS,
    MIN_TEAM_MEMBERS,
    TEAM_INITIAL,
    AddTeamMember,
    AppointCaptain,
    DeclareLineup,
    FormTeam,
    LineupDeclared,
    RegistryConflict,
    RegistryViolation,
    RemoveTeamMember,
    TeamFormed,
    TeamState,
    decide_team,
    evolve_team,
    fold,
)
from tests.registry.unit.streams import registered, roster

TEAM = uuid.uuid4()
TOURNAMENT = uuid.uuid4()
MATCH = uuid.uuid4()


def form(players: dict, **extra: object) -> TeamState:
    members = tuple(extra.pop("members", players))  # type: ignore[arg-type]
    command = FormTeam(
        team_id=TEAM,
        member_ids=members,
        captain_id=extra.pop("captain", members[0]),  # type: ignore[arg-type]
        **extra,  # type: ignore[arg-type]
    )
    events = decide_team(TEAM_INITIAL, command, players=players)
    return fold(evolve_team, TEAM_INITIAL, events)


def lineup(state: TeamState, segment: int = 1, **extra: object) -> DeclareLineup:
    a, b, c, d = state.member_ids[:4]
    return DeclareLineup(
        team_id=TEAM,
        tournament_id=TOURNAMENT,
        match_id=MATCH,
        segment=segment,
        open_room=(a, b),
        closed_room=(c, d),
        **extra,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("size", [4, 5, 6])
def test_a_team_of_four_to_six_registered_players_is_formed(size: int) -> None:
    """A team has four to six members (decision 0038)."""
    players = roster(size)
    state = form(players)
    assert state.member_ids == tuple(players)
    assert state.captain_id == next(iter(players))


@pytest.mark.parametrize("size", [3, 7])
def test_a_team_of_three_or_seven_is_refused(size: int) -> None:
    with pytest.raises(RegistryViolation) as caught:
        form(roster(size))
    assert caught.value.code == "team_size"
    assert "4 to 6 members" in caught.value.message


def test_the_captain_is_a_member_unless_non_playing() -> None:
    """A playing captain is in the team; otherwise the captain is the NPC (N-L11)."""
    players = roster(4)
    outsider, outsider_state = registered()
    with pytest.raises(RegistryViolation) as caught:
        form(players, captain=outsider)
    assert caught.value.code == "captain_not_in_team"
    state = form(
        {**players, outsider: outsider_state},
        members=tuple(players),
        captain=outsider,
        non_playing_captain_id=outsider,
    )
    assert state.captain_id == outsider
    assert outsider not in state.member_ids


def test_a_non_playing_captain_cannot_also_play() -> None:
    """The NPC is not one of the players (N-L11 §2)."""
    players = roster(4)
    npc = next(iter(players))
    with pytest.raises(RegistryViolation) as caught:
        form(players, non_playing_captain_id=npc)
    assert caught.value.code == "non_playing_captain_plays"
    assert "11 §2" in str(caught.value.law)


def test_a_playing_captain_and_a_non_playing_captain_may_coexist() -> None:
    players = roster(5)
    members = tuple(players)[:4]
    npc = tuple(players)[4]
    state = form(players, members=members, non_playing_captain_id=npc)
    assert state.captain_id == members[0]
    assert state.non_playing_captain_id == npc


def test_unregistered_players_and_repeated_members_are_refused() -> None:
    players = roster(4)
    with pytest.raises(RegistryViolation) as unknown:
        form(players, members=(*players, uuid.uuid4()))
    assert unknown.value.code == "unknown_player"
    first = next(iter(players))
    with pytest.raises(RegistryViolation) as repeated:
        form(players, members=(*players, first))
    assert repeated.value.code == "team_members_repeated"


def test_members_join_and_leave_within_four_to_six() -> None:
    """Adding a seventh or removing the fourth member is refused (decision 0038)."""
    players = roster(7)
    members = tuple(players)
    state = form(players, members=members[:6])
    with pytest.raises(RegistryViolation):
        decide_team(
            state, AddTeamMember(team_id=TEAM, player_id=members[6]), players=players
        )
    small = form(players, members=members[:4])
    with pytest.raises(RegistryViolation):
        decide_team(
            small,
            RemoveTeamMember(team_id=TEAM, player_id=members[3]),
            players=players,
        )


def test_the_captain_leaves_only_after_another_is_appointed() -> None:
    players = roster(5)
    members = tuple(players)
    state = form(players)
    with pytest.raises(RegistryConflict) as caught:
        decide_team(
            state, RemoveTeamMember(team_id=TEAM, player_id=members[0]), players=players
        )
    assert caught.value.code == "captain_cannot_leave"
    events = decide_team(
        state, AppointCaptain(team_id=TEAM, captain_id=members[1]), players=players
    )
    state = fold(evolve_team, state, events)
    events = decide_team(
        state, RemoveTeamMember(team_id=TEAM, player_id=members[0]), players=players
    )
    assert fold(evolve_team, state, events).member_ids == members[1:]


def test_a_line_up_seats_four_members_two_per_room() -> None:
    """N-L4 §1: one pair in the open room, one in the closed room."""
    players = roster(6)
    state = form(players)
    [event] = decide_team(state, lineup(state), players=players)
    assert isinstance(event, LineupDeclared)
    assert event.change_authorised is False
    a, b, c, _ = state.member_ids[:4]
    bad = DeclareLineup(
        team_id=TEAM,
        tournament_id=TOURNAMENT,
        match_id=MATCH,
        segment=1,
        open_room=(a, b),
        closed_room=(c, a),
    )
    with pytest.raises(RegistryViolation) as caught:
        decide_team(state, bad, players=players)
    assert caught.value.code == "invalid_lineup"


def test_a_second_line_up_for_a_segment_needs_the_director() -> None:
    """N-L4 §1: further changes only with the Director's permission."""
    players = roster(4)
    state = form(players)
    state = fold(evolve_team, state, decide_team(state, lineup(state), players=players))
    with pytest.raises(RegistryConflict) as caught:
        decide_team(state, lineup(state), players=players)
    assert caught.value.code == "lineup_already_declared"
    assert "4 §1" in str(caught.value.law)
    [change] = decide_team(
        state, lineup(state, change_authorised=True), players=players
    )
    assert change.change_authorised is True  # type: ignore[union-attr]
    [second_half] = decide_team(state, lineup(state, segment=2), players=players)
    assert second_half.change_authorised is False  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 9)), max_size=25))
def test_any_accepted_sequence_keeps_the_team_valid(
    steps: list[tuple[bool, int]],
) -> None:
    """Whatever is accepted, the team keeps 4-6 members and a valid captain."""
    players = roster(10)
    pool = tuple(players)
    state = form(players, members=pool[:4])
    for add, index in steps:
        player = pool[index]
        command = (
            AddTeamMember(team_id=TEAM, player_id=player)
            if add
            else RemoveTeamMember(team_id=TEAM, player_id=player)
        )
        try:
            events = decide_team(state, command, players=players)
        except (RegistryViolation, RegistryConflict):
            continue
        state = fold(evolve_team, state, events)
        assert MIN_TEAM_MEMBERS <= len(state.member_ids) <= MAX_TEAM_MEMBERS
        assert len(set(state.member_ids)) == len(state.member_ids)
        assert state.captain_id in state.member_ids


def test_team_formed_carries_ids_only() -> None:
    players = roster(4)
    [event] = decide_team(
        TEAM_INITIAL,
        FormTeam(
            team_id=TEAM, member_ids=tuple(players), captain_id=next(iter(players))
        ),
        players=players,
    )
    assert isinstance(event, TeamFormed)
    assert all(isinstance(m, uuid.UUID) for m in event.member_ids)
