"""The team line-up of Art. 3 (decision 0178).

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 2: in team tournaments the players enter as a team and may change the
  pairs at the start of every turn.
- Art. 3: in the first turn the two captains each turn up a card; the team
  with the lower card must first say which pair plays in the open room and
  which in the closed room. In the later turns the team lower in the
  standings must say it first.

Decided here: a line-up is declared in the turn in play, before the match's
sheet, by a team of the table, naming four different players of its entry
(two a room); the team that must declare first does (409 otherwise); a
line-up declared is final for the turn. Teams level in the standings (the
same place) draw a card as in the first turn.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from uuid import UUID

from burraco.domain.awards import in_play
from burraco.domain.commands import DeclareLineUp
from burraco.domain.errors import (
    InvalidLineUp,
    LineUpAlreadyDeclared,
    LineUpOutOfOrder,
    SheetAlreadyEntered,
)
from burraco.domain.events import LineUpDeclared
from burraco.domain.guards import table_at
from burraco.domain.standings import standings_after
from burraco.domain.state import BurracoState
from burraco.domain.values import REST, EntryForm
from rules.burraco.articles import art

__all__ = ["declare", "first_to_declare"]

ART_3 = art(3)


def first_to_declare(state: BurracoState, turn: int, a: int, b: int) -> int | None:
    """The team of ``a`` and ``b`` that declares first in ``turn``: the lower
    in the standings after the previous turn; None when a card decides (the
    first turn, or the two teams sharing a place)."""
    if turn <= 1:
        return None
    ranks = {s.pair: s.rank for s in standings_after(state, turn - 1)}
    rank_a, rank_b = ranks.get(a), ranks.get(b)
    if rank_a is None or rank_b is None or rank_a == rank_b:
        return None
    return a if rank_a > rank_b else b


def declare(
    state: BurracoState,
    command: DeclareLineUp,
    players: Mapping[int, Collection[UUID]],
) -> LineUpDeclared:
    """Art. 3: the team's pairs for the two rooms, in the order the article
    gives; ``players``: each team's players (the tournament's entries)."""
    assert state.opened is not None
    if state.opened.form is not EntryForm.TEAMS:
        raise InvalidLineUp(
            "only a teams tournament declares its pairs for the rooms", law=ART_3
        )
    in_play(state, command.turn, 3)
    fixed, mobile = table_at(state, command.turn, command.table)
    team = command.team
    if team not in (fixed, mobile) or REST in (fixed, mobile):
        raise InvalidLineUp(
            f"team {team} plays no match at table {command.table} in turn "
            f"{command.turn}",
            field="team",
            value=team,
            law=ART_3,
        )
    if (command.turn, command.table) in state.results:
        raise SheetAlreadyEntered(
            f"table {command.table}'s match of turn {command.turn} has its "
            "result: the line-up is declared before the turn begins",
            law=ART_3,
        )
    if (command.turn, team) in state.line_ups:
        raise LineUpAlreadyDeclared(
            f"team {team}'s line-up for turn {command.turn} is declared: it no "
            "longer changes",
            law=ART_3,
        )
    for field in ("open_room", "closed_room"):
        if len(getattr(command, field)) != 2:
            raise InvalidLineUp(
                "each room is played by one pair: two players",
                field=field,
                law=ART_3,
            )
    four = (*command.open_room, *command.closed_room)
    if len(set(four)) != 4:
        raise InvalidLineUp(
            "four different players: a player plays in one room only",
            field="closed_room",
            law=ART_3,
        )
    roster = set(players.get(team, ()))
    for index, player in enumerate(four):
        if player not in roster:
            room, place = (
                ("open_room", index) if index < 2 else ("closed_room", index - 2)
            )
            raise InvalidLineUp(
                f"player {player} is not a player of team {team} (Art. 2: the "
                "pairs are formed from the team's own players)",
                field=f"{room}.{place}",
                value=player,
                law=art(2),
            )
    opponent = mobile if team == fixed else fixed
    first = (command.turn, opponent) not in state.line_ups
    by_standings = first_to_declare(state, command.turn, fixed, mobile)
    if by_standings is not None and command.drew_lower_card:
        raise InvalidLineUp(
            "after the first turn the team lower in the standings declares "
            "first: no card is drawn",
            field="drew_lower_card",
            law=ART_3,
        )
    if first and by_standings is None and not command.drew_lower_card:
        raise LineUpOutOfOrder(
            "the team that turned up the lower card declares first: record "
            "the draw with this team's line-up, or declare the other team's",
            field="drew_lower_card",
            law=ART_3,
        )
    if first and by_standings is not None and by_standings != team:
        raise LineUpOutOfOrder(
            f"team {by_standings}, lower in the standings, declares its line-up first",
            field="team",
            value=team,
            law=ART_3,
        )
    if not first and command.drew_lower_card:
        raise InvalidLineUp(
            f"team {opponent} declared first: it turned up the lower card",
            field="drew_lower_card",
            law=ART_3,
        )
    return LineUpDeclared(
        turn=command.turn,
        table=command.table,
        team=team,
        open_room=tuple(command.open_room),
        closed_room=tuple(command.closed_room),
        first=first,
    )
