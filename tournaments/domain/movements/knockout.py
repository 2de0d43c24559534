"""Knockout (*eliminazione diretta*) brackets with byes and carry-over.

FIGB supplementary norms (2004), N-L78 §2c and §5b: one IMP decides a knockout
match; a tie is broken by extra boards, one for every eight validly played
(22 -> 2), then one board at a time. The norms say nothing of carry-over
(decision 0033): it is a signed value per match, credited to the home side
before play (negative: to the away side), set by the conditions of contest;
``carry_over_from_margin`` computes the usual "fraction of an earlier
head-to-head margin".

A bracket for N entrants (listed in seed order) has 2^k slots, 2^k >= N; seed
s meets seed 2^k + 1 - s in the first stage, and the top seeds draw the byes.
The seeding order keeps seeds 1 and 2 apart until the final. The winner of
each match moves on to the next stage; the winner of the upper match of a
pair is listed first there (home).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.errors import ArticleRef
from tournaments.domain.movements.errors import FIGB_NORMS, KnockoutError, MatchTied

__all__ = [
    "Bracket",
    "KnockoutMatch",
    "carry_over_from_margin",
    "extra_boards_for_tie",
    "seed_bracket",
]

_KO = ArticleRef("78 §2c", source=FIGB_NORMS)


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """One match of a bracket; ``home``/``away`` are None until decided.

    A first-stage match with an entrant on one side only is a bye: that
    entrant goes through without playing.
    """

    stage: int
    number: int
    home: int | None = None
    away: int | None = None
    carry_over: Fraction = Fraction(0)
    winner: int | None = None
    bye: bool = False

    @property
    def is_ready(self) -> bool:
        """Return whether both sides are known and the match is still to play."""
        return self.home is not None and self.away is not None and self.winner is None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout bracket: stage 1 is the first round, the last stage the final."""

    entrants: tuple[int, ...]
    stages: int
    matches: tuple[KnockoutMatch, ...]

    def match(self, stage: int, number: int) -> KnockoutMatch:
        """Return one match; matches are numbered from 1 within a stage."""
        for m in self.matches:
            if m.stage == stage and m.number == number:
                return m
        raise KnockoutError(f"stage {stage} has no match {number}", law=_KO)

    def stage_matches(self, stage: int) -> tuple[KnockoutMatch, ...]:
        """Return the matches of one stage, in bracket order."""
        return tuple(m for m in self.matches if m.stage == stage)

    @property
    def champion(self) -> int | None:
        """Return the winner of the final, once decided."""
        return self.match(self.stages, 1).winner

    def with_carry_over(
        self, stage: int, number: int, value: Fraction | int
    ) -> Bracket:
        """Return the bracket with a carry-over credited to the home side."""
        m = self.match(stage, number)
        if m.winner is not None:
            raise KnockoutError("the match is already decided", law=_KO)
        return self._replaced(replace(m, carry_over=Fraction(value)))

    def with_result(
        self,
        stage: int,
        number: int,
        *,
        home_score: Fraction | int,
        away_score: Fraction | int,
        valid_boards: int,
    ) -> Bracket:
        """Return the bracket after a match result (IMPs), the winner moved on.

        The home total includes the carry-over. One IMP decides (N-L78 §2c);
        a level total raises ``MatchTied`` with the extra boards to play.
        """
        m = self.match(stage, number)
        if not m.is_ready or m.home is None or m.away is None:
            raise KnockoutError("the match is not ready to be played", law=_KO)
        margin = Fraction(home_score) + m.carry_over - Fraction(away_score)
        if margin == 0:
            extra = extra_boards_for_tie(valid_boards)
            raise MatchTied(
                f"the match is tied: play {extra} more boards", extra_boards=extra
            )
        return self.with_winner(stage, number, m.home if margin > 0 else m.away)

    def with_winner(self, stage: int, number: int, winner: int) -> Bracket:
        """Return the bracket with a match's winner recorded and moved on."""
        m = self.match(stage, number)
        if m.winner is not None:
            raise KnockoutError("the match is already decided", law=_KO)
        if winner not in (m.home, m.away) or (m.home is None or m.away is None):
            raise KnockoutError(f"{winner} does not play in this match", law=_KO)
        return self._advance(replace(m, winner=winner))

    def _replaced(self, match: KnockoutMatch) -> Bracket:
        return replace(
            self,
            matches=tuple(
                match if (m.stage, m.number) == (match.stage, match.number) else m
                for m in self.matches
            ),
        )

    def _advance(self, decided: KnockoutMatch) -> Bracket:
        bracket = self._replaced(decided)
        if decided.stage == self.stages or decided.winner is None:
            return bracket
        following = bracket.match(decided.stage + 1, (decided.number + 1) // 2)
        if decided.number % 2 == 1:
            following = replace(following, home=decided.winner)
        else:
            following = replace(following, away=decided.winner)
        return bracket._replaced(following)


def seed_bracket(entrants: Sequence[int]) -> Bracket:
    """Return the bracket for ``entrants`` in seed order (seed 1 first).

    Byes fall to the top seeds and are decided at once.
    """
    if len(entrants) < 2:
        raise KnockoutError("a knockout needs at least two entrants", law=_KO)
    if len(set(entrants)) != len(entrants):
        raise KnockoutError("an entrant is seeded twice", law=_KO)
    size, stages = 2, 1
    while size < len(entrants):
        size, stages = size * 2, stages + 1
    slots = _seed_order(size)
    matches = [
        KnockoutMatch(stage=s, number=n)
        for s in range(1, stages + 1)
        for n in range(1, size // 2**s + 1)
    ]
    bracket = Bracket(entrants=tuple(entrants), stages=stages, matches=tuple(matches))
    for number in range(1, size // 2 + 1):
        high, low = slots[2 * number - 2], slots[2 * number - 1]
        home = entrants[high - 1]
        away = entrants[low - 1] if low <= len(entrants) else None
        first = KnockoutMatch(stage=1, number=number, home=home, away=away)
        if away is None:
            bracket = bracket._advance(replace(first, winner=home, bye=True))
        else:
            bracket = bracket._replaced(first)
    return bracket


def carry_over_from_margin(
    margin: Fraction | int, *, fraction: Fraction, cap: Fraction | int | None = None
) -> Fraction:
    """Return a carry-over: ``fraction`` of an earlier margin, capped if asked.

    The sign follows the margin (positive: to the home side). The FIGB norms
    set no fraction, so the conditions of contest must (decision 0033).
    """
    if not 0 <= fraction <= 1:
        raise KnockoutError("the carry-over fraction lies between 0 and 1", law=_KO)
    value = Fraction(margin) * fraction
    if cap is not None and abs(value) > cap:
        value = Fraction(cap) if value > 0 else -Fraction(cap)
    return value


def extra_boards_for_tie(valid_boards: int) -> int:
    """Return the boards to play after a tied knockout match (N-L78 §5b).

    One board for every eight validly played, rounded down (22 -> 2); boards
    cancelled for wrong seating do not count (N-L5 §2). Gap: fewer than eight
    valid boards would give none; the digest's proposal, at least one, holds.
    """
    if valid_boards < 0:
        raise KnockoutError("valid boards cannot be negative", law=_KO)
    return max(1, valid_boards // 8)


def _seed_order(size: int) -> list[int]:
    """Return seeds in bracket-slot order: 1, size, ..., so 1 and 2 meet last."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order
