"""Round robin (*girone all'italiana*) schedules from the Berger tables.

FIGB supplementary norms (2004), N-L4 §1: each team is home or visiting about
equally often; the home team is listed first, sits North-South in the open
room and East-West in the closed room. For a pairs round robin the home pair
sits North-South.

Berger tables for N participants (N even; with an odd count the highest
number, N, is a dummy whose opponent has a bye): in round r participant N
meets the p with 2p = r + 1 (mod N - 1), and at table t > 1 participant
p + (t - 1) (home) meets p - (t - 1), numbers taken in 1 .. N - 1. N is away
in odd rounds and home in even ones. This reproduces the published Berger
tables (round 1: 1-N, 2-(N-1), ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.movements.errors import InvalidMovement

__all__ = ["Match", "RoundRobin", "round_robin"]


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a round: the home participant is listed first (N-L4 §1)."""

    round: int
    table: int
    home: int
    away: int

    @property
    def ns(self) -> int:
        """Return the pair sitting North-South (pairs events: the home pair)."""
        return self.home

    @property
    def ew(self) -> int:
        """Return the pair sitting East-West (pairs events: the away pair)."""
        return self.away

    @property
    def open_room_ns(self) -> int:
        """Return the team sitting NS in the open room: the home team (N-L4 §1)."""
        return self.home

    @property
    def closed_room_ns(self) -> int:
        """Return the team sitting NS in the closed room: the visiting team."""
        return self.away

    def has(self, participant: int) -> bool:
        """Return whether ``participant`` plays in this match."""
        return participant in (self.home, self.away)


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """A complete round robin: every participant meets every other ``legs`` times."""

    participants: tuple[int, ...]
    rounds: int
    legs: int
    matches: tuple[Match, ...]

    def round_matches(self, round_number: int) -> tuple[Match, ...]:
        """Return the matches of one round, in table order."""
        return tuple(m for m in self.matches if m.round == round_number)

    def bye(self, round_number: int) -> int | None:
        """Return the participant with no match in a round (odd fields only)."""
        playing = {
            p for m in self.round_matches(round_number) for p in (m.home, m.away)
        }
        idle = [p for p in self.participants if p not in playing]
        return idle[0] if idle else None

    def home_count(self, participant: int) -> int:
        """Return how many matches ``participant`` plays at home."""
        return sum(1 for m in self.matches if m.home == participant)

    def away_count(self, participant: int) -> int:
        """Return how many matches ``participant`` plays away."""
        return sum(1 for m in self.matches if m.away == participant)

    def fixtures(self, participant: int) -> tuple[Match, ...]:
        """Return the matches of one participant, round by round."""
        return tuple(m for m in self.matches if m.has(participant))


def round_robin(participants: int, *, legs: int = 1) -> RoundRobin:
    """Return the Berger schedule for participants numbered 1..``participants``.

    ``legs=2`` plays the schedule twice, the second time with home and away
    reversed (N-L4 §1: home and visiting roles about equally often).
    """
    if participants < 2:
        raise InvalidMovement("a round robin needs at least two participants")
    if legs not in (1, 2):
        raise InvalidMovement("a round robin has one or two legs")
    size = participants + participants % 2
    cycle = size - 1
    matches: list[Match] = []
    for r in range(1, cycle + 1):
        p = _residue((r + 1) * (cycle + 1) // 2, cycle)
        pairs = [(p, size) if r % 2 == 1 else (size, p)]
        pairs += [
            (_residue(p + t - 1, cycle), _residue(p - (t - 1), cycle))
            for t in range(2, size // 2 + 1)
        ]
        table = 0
        for home, away in pairs:
            if size > participants and size in (home, away):
                continue  # the dummy: its opponent has a bye
            table += 1
            matches.append(Match(round=r, table=table, home=home, away=away))
    if legs == 2:
        matches += [
            Match(round=m.round + cycle, table=m.table, home=m.away, away=m.home)
            for m in list(matches)
        ]
    return RoundRobin(
        participants=tuple(range(1, participants + 1)),
        rounds=cycle * legs,
        legs=legs,
        matches=tuple(matches),
    )


def _residue(value: int, modulus: int) -> int:
    """Return ``value`` reduced into 1..modulus."""
    return (value - 1) % modulus + 1
