"""Swiss and Danish pairing of the next round from the current standings.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A: the Director directs the
movement; the FIGB norms refer the Danish system to the championship
regulations (N-L5 §1, N-L78 §5c), which are not supplied, so the rules here
are the common ones (decision 0032):

* Swiss: the highest-ranked unpaired participant meets the highest-ranked
  participant below it that it has not met yet; when that choice would leave
  the rest impossible to pair without a repeat, the search backtracks to the
  next candidate. No repeat meetings, ever: if none is possible the pairing
  is refused.
* Danish: first against second, third against fourth, and so on, whatever
  they met before.
* An odd field gives a bye to the lowest-ranked participant who has not had
  one (in the Swiss, the lowest such that the rest can still be paired); once
  everyone has had one, to the lowest-ranked.
* Home (pairs: North-South; teams: NS in the open room, N-L4 §1) goes to the
  participant with fewer home matches so far, the higher-ranked on a tie.

Works for pairs and teams alike: participants are ints.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import LawRef
from tournaments.domain.movements.errors import InvalidStandings, NoPairingWithoutRepeat

__all__ = ["Standings", "SwissMatch", "SwissRound", "pair_danish", "pair_swiss"]

Standings = Sequence[tuple[int, int | Fraction]]


@dataclass(frozen=True, slots=True)
class SwissMatch:
    """One match of a Swiss or Danish round; the home side is listed first."""

    table: int
    home: int
    away: int

    @property
    def ns(self) -> int:
        """Return the pair sitting North-South (pairs events: the home pair)."""
        return self.home

    @property
    def ew(self) -> int:
        """Return the pair sitting East-West."""
        return self.away

    def has(self, participant: int) -> bool:
        """Return whether ``participant`` plays in this match."""
        return participant in (self.home, self.away)


@dataclass(frozen=True, slots=True)
class SwissRound:
    """The pairing of one round: matches in table order, and the bye if any."""

    matches: tuple[SwissMatch, ...]
    bye: int | None = None

    def opponent_of(self, participant: int) -> int | None:
        """Return the opponent of ``participant`` (None for the bye)."""
        for m in self.matches:
            if m.home == participant:
                return m.away
            if m.away == participant:
                return m.home
        if participant == self.bye:
            return None
        raise ValueError(f"participant {participant} is not in this round")


def pair_swiss(
    standings: Standings,
    *,
    played: Iterable[tuple[int, int]] = (),
    had_bye: Collection[int] = (),
    home_counts: Mapping[int, int] | None = None,
) -> SwissRound:
    """Return the next Swiss round: no participant meets an earlier opponent.

    ``standings`` lists (participant, score) best first (ties already broken);
    ``played`` lists earlier meetings. Raises ``NoPairingWithoutRepeat`` when
    every pairing repeats a meeting. Law 8A; decision 0032.
    """
    order = _validated(standings)
    met = {frozenset(pair) for pair in played}
    for candidate in _bye_candidates(order, had_bye):
        rest = tuple(p for p in order if p != candidate)
        pairs = _pair_without_repeats(rest, met)
        if pairs is not None:
            return _round(pairs, candidate, order, home_counts)
    raise NoPairingWithoutRepeat(
        "every pairing of this field repeats an earlier meeting", law=LawRef("8A")
    )


def pair_danish(
    standings: Standings,
    *,
    had_bye: Collection[int] = (),
    home_counts: Mapping[int, int] | None = None,
) -> SwissRound:
    """Return the next Danish round: 1 v 2, 3 v 4, ..., repeats allowed.

    Law 8A; decision 0032.
    """
    order = _validated(standings)
    bye = next(iter(_bye_candidates(order, had_bye)))
    rest = [p for p in order if p != bye]
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    return _round(pairs, bye, order, home_counts)


def _validated(standings: Standings) -> tuple[int, ...]:
    order = tuple(p for p, _score in standings)
    if len(order) < 2:
        raise InvalidStandings("a round needs at least two participants")
    if len(set(order)) != len(order):
        raise InvalidStandings("a participant appears twice in the standings")
    scores = [score for _p, score in standings]
    for i in range(1, len(scores)):
        if scores[i] > scores[i - 1]:
            raise InvalidStandings(
                f"standings are not best first: {order[i]} scores more than "
                f"{order[i - 1]}"
            )
    return order


def _bye_candidates(
    order: tuple[int, ...], had_bye: Collection[int]
) -> list[int | None]:
    """Return who may take the bye, lowest-ranked first (None: even field)."""
    if len(order) % 2 == 0:
        return [None]
    fresh = [p for p in reversed(order) if p not in had_bye]
    return list(fresh or reversed(order))


def _pair_without_repeats(
    order: tuple[int, ...], met: set[frozenset[int]]
) -> list[tuple[int, int]] | None:
    """Pair ``order`` top-down with no repeat, backtracking; None if impossible.

    Remaining fields that cannot be paired are remembered (as bit masks), so
    each is explored once.
    """
    index = {p: i for i, p in enumerate(order)}
    allowed = {
        p: [q for q in order if q != p and frozenset((p, q)) not in met] for p in order
    }
    failed: set[int] = set()

    def solve(mask: int) -> list[tuple[int, int]] | None:
        if mask == 0:
            return []
        if mask in failed:
            return None
        remaining = [p for p in order if mask >> index[p] & 1]
        if any(not any(mask >> index[q] & 1 for q in allowed[p]) for p in remaining):
            failed.add(mask)
            return None
        top = remaining[0]
        for q in remaining[1:]:
            if frozenset((top, q)) in met:
                continue
            rest = solve(mask & ~(1 << index[top]) & ~(1 << index[q]))
            if rest is not None:
                return [(top, q), *rest]
        failed.add(mask)
        return None

    return solve((1 << len(order)) - 1)


def _round(
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    order: tuple[int, ...],
    home_counts: Mapping[int, int] | None,
) -> SwissRound:
    counts = home_counts or {}
    rank = {p: i for i, p in enumerate(order)}
    matches = []
    for table, (a, b) in enumerate(sorted(pairs, key=lambda ab: rank[ab[0]]), 1):
        higher, lower = (a, b) if rank[a] < rank[b] else (b, a)
        if counts.get(lower, 0) < counts.get(higher, 0):
            higher, lower = lower, higher
        matches.append(SwissMatch(table=table, home=higher, away=lower))
    return SwissRound(matches=tuple(matches), bye=bye)
