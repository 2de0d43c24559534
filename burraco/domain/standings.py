"""The standings after a turn: VP totals, the warnings' deduction, tie-breaks.

F.I.Bur. Codice di Gara, April 2024 edition: Le tabelle (VP per turn),
Definizioni and I poteri dell'arbitro (d) (the second warning costs one VP
at once), Art. 20 (an inversion counts in the standings from the next turn).
The code gives no tie-break (digest Q8): the tournament's ``tie_breaks``
apply in order, and pairs still level share the place (decision 0121).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from burraco.domain.state import BurracoState, TableResult
from burraco.domain.values import REST, Position, TieBreak
from rules.burraco.lateness import FORFEIT
from scoring.burraco import WarningPolicy, warnings_vp_deduction

__all__ = ["Standing", "standings_after"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    rank: int
    tied: bool
    pair: int
    vp: int
    """Net VP: the turns' VP less the warnings' deduction."""
    turn_vp: int
    deduction: int
    mp: int
    """The sum of the pair's signed MP differences."""
    turns: int
    group: str = ""
    """The merit group after the split ("" before; decision 0145)."""


@dataclass(slots=True)
class _Line:
    pair: int
    turn_vp: int = 0
    mp: int = 0
    turns: int = 0
    deduction: int = 0

    @property
    def vp(self) -> int:
        return self.turn_vp - self.deduction


def _head_to_head(state: BurracoState, a: int, b: int, after_turn: int) -> int:
    """VP ``a`` won against ``b`` less what ``b`` won against ``a`` (0: never met).

    Giallo: 0, players met as partners and as opponents (decision 0173)."""
    if state.giallo:
        return 0
    balance = 0
    for (turn, _), result in state.results.items():
        if turn <= after_turn and {result.fixed, result.mobile} == {a, b}:
            balance += result.for_pair(a, after_turn)[0]
            balance -= result.for_pair(b, after_turn)[0]
    return balance


def _split(
    state: BurracoState,
    group: list[_Line],
    criteria: tuple[TieBreak, ...],
    after_turn: int,
) -> list[list[_Line]]:
    if len(group) <= 1 or not criteria:
        return [sorted(group, key=lambda line: line.pair)]
    first, rest = criteria[0], criteria[1:]
    if first is TieBreak.MP:
        by_mp: dict[int, list[_Line]] = defaultdict(list)
        for line in group:
            by_mp[line.mp].append(line)
        out: list[list[_Line]] = []
        for mp in sorted(by_mp, reverse=True):
            out.extend(_split(state, by_mp[mp], rest, after_turn))
        return out
    if len(group) == 2:
        a, b = group
        balance = _head_to_head(state, a.pair, b.pair, after_turn)
        if balance:
            return [[a], [b]] if balance > 0 else [[b], [a]]
    return _split(state, group, rest, after_turn)


def _giallo_share(
    state: BurracoState,
    position: Position,
    played: tuple[int, TableResult],
    line: int,
    player: int,
    after_turn: int,
) -> tuple[int, int]:
    """A giallo player's score at his table: his line's; a player present
    beside a partner absent or gone (Art. 38) takes the present side's: the
    opposing line's when nobody of that line is away, else the Art. 39 win
    (decision 0187)."""
    turn, result = played
    other = position.mobile if line == position.fixed else position.fixed
    if (
        other == REST
        or state.gone(turn, player)
        or not any(state.gone(turn, p) for p in position.players(line))
    ):
        return result.for_pair(line, after_turn)
    if not any(state.gone(turn, p) for p in position.players(other)):
        return result.for_pair(other, after_turn)
    win = FORFEIT[state.match_format]
    return win.vp, win.mp


def standings_after(state: BurracoState, after_turn: int) -> tuple[Standing, ...]:
    """Return the standings after ``after_turn``, first place first."""
    lines = {pair: _Line(pair) for pair in state.pairs}
    for (turn, table), result in state.results.items():
        if turn > after_turn:
            continue
        position = state.position(turn, table) if state.giallo else None
        for pair in (result.fixed, result.mobile):
            if pair == REST:
                continue
            # Giallo: both players of the line take its score (decision 0173),
            # but a partner present beside an absent player (decision 0187).
            players = (pair,) if position is None else position.players(pair)
            for player in players:
                vp, mp = (
                    result.for_pair(pair, after_turn)
                    if position is None
                    else _giallo_share(
                        state, position, (turn, result), pair, player, after_turn
                    )
                )
                line = lines.setdefault(player, _Line(player))
                line.turn_vp += vp
                line.mp += mp
                line.turns += 1
    policy = WarningPolicy(
        state.opened.warning_policy if state.opened else WarningPolicy.EVERY_TWO
    )
    counts: dict[int, int] = defaultdict(int)
    for warning in state.warnings:
        if warning.turn <= after_turn:
            counts[warning.pair] += 1
    for pair, count in counts.items():
        lines.setdefault(pair, _Line(pair)).deduction = warnings_vp_deduction(
            count, policy
        )
    by_vp: dict[int, list[_Line]] = defaultdict(list)
    for line in lines.values():
        by_vp[line.vp].append(line)
    criteria = state.opened.tie_breaks if state.opened else (TieBreak.MP,)
    out: list[Standing] = []
    for vp in sorted(by_vp, reverse=True):
        for group in _split(state, by_vp[vp], criteria, after_turn):
            rank = len(out) + 1
            out.extend(
                Standing(
                    rank=rank,
                    tied=len(group) > 1,
                    pair=line.pair,
                    vp=line.vp,
                    turn_vp=line.turn_vp,
                    deduction=line.deduction,
                    mp=line.mp,
                    turns=line.turns,
                )
                for line in group
            )
    split = state.split_after
    if split is not None and state.groups and after_turn > split:
        return _by_group(state, tuple(out))
    return tuple(out)


def _by_group(
    state: BurracoState, ranked: tuple[Standing, ...]
) -> tuple[Standing, ...]:
    """Group A's pairs first, then B's...: a pair ranks within its group and
    below every pair of the groups above (decision 0145)."""
    out: list[Standing] = []
    for index, members in enumerate(state.groups):
        name = chr(ord("A") + index)
        inside = [s for s in ranked if s.pair in members]
        first_rank = {s.rank: 0 for s in inside}
        for s in inside:
            first_rank[s.rank] = first_rank[s.rank] or len(out) + 1
            out.append(replace(s, rank=first_rank[s.rank], group=name))
    shared: dict[int, int] = defaultdict(int)
    for s in out:
        shared[s.rank] += 1
    return tuple(replace(s, tied=shared[s.rank] > 1) for s in out)
