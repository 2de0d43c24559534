"""The VP tables: match points (the turn's difference) to victory points.

F.I.Bur. Codice di Gara, April 2024 edition, "Le tabelle": printed on the
score sheet, one table per format (2, 3 or 4 hands, team match); each row
gives inclusive MP bounds and the winner's and loser's VP, always summing
to 20; the top row is "oltre" (beyond) the last bound. Every bound is a
multiple of 5, like every legal difference: a difference that is not one
falls between two rows and is refused. Individual and giallo turns use the
table for their number of hands (digest Q10; decision 0069).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.burraco.articles import TABLES
from rules.burraco.match_format import MatchFormat
from scoring.burraco.errors import InvalidTurn, NotAMultipleOfFive

__all__ = [
    "MAX_VP",
    "VP_TABLES",
    "VpBand",
    "check_multiple_of_five",
    "equivalent_mp",
    "vp_for_difference",
]

MAX_VP = 20
"""The two sides' VP always sum to 20 (Le tabelle)."""


@dataclass(frozen=True, slots=True)
class VpBand:
    """One row: ``low`` to ``high`` MP (inclusive; None is "oltre") gives ``winner`` VP."""

    low: int
    high: int | None
    winner: int

    @property
    def loser(self) -> int:
        """Return the loser's VP: 20 minus the winner's."""
        return MAX_VP - self.winner


def _table(highs: tuple[int, ...]) -> tuple[VpBand, ...]:
    """Build a table from its upper bounds: each row starts 5 above the last."""
    bands: list[VpBand] = []
    low = 0
    for winner, high in enumerate(highs, start=10):
        bands.append(VpBand(low=low, high=high, winner=winner))
        low = high + 5
    bands.append(VpBand(low=low, high=None, winner=MAX_VP))
    return tuple(bands)


VP_TABLES: dict[MatchFormat, tuple[VpBand, ...]] = {
    MatchFormat.TWO_HANDS: _table((40, 120, 200, 300, 400, 500, 620, 740, 870, 1000)),
    MatchFormat.THREE_HANDS: _table(
        (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500)
    ),
    MatchFormat.FOUR_HANDS: _table(
        (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000)
    ),
    MatchFormat.TEAMS: _table((150, 350, 550, 800, 1050, 1300, 1600, 1900, 2200, 2500)),
}
"""The four tables as printed on the score sheet (Le tabelle)."""


def check_multiple_of_five(points: int, what: str) -> None:
    """Refuse points that are not a whole multiple of 5 (Le tabelle; Art. 18)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise NotAMultipleOfFive(f"{what} {points!r} is not a whole number", law=TABLES)
    if points % 5:
        raise NotAMultipleOfFive(
            f"{what} {points} is not a multiple of 5: the tables have no row for it",
            law=TABLES,
        )


def _band(difference: int, match_format: MatchFormat) -> VpBand:
    check_multiple_of_five(difference, "a match-point difference of")
    margin = abs(difference)
    for band in VP_TABLES[match_format]:
        if band.high is None or margin <= band.high:
            return band
    raise AssertionError("the last band is open")  # pragma: no cover


def vp_for_difference(difference: int, match_format: MatchFormat) -> tuple[int, int]:
    """Return (VP of the side, VP of its opponents) for the side's MP difference.

    Le tabelle: the first row whose upper bound is at least the margin;
    beyond the last bound, 20-0. A positive difference wins; zero is 10-10.
    """
    band = _band(difference, match_format)
    if difference >= 0:
        return (band.winner, band.loser)
    return (band.loser, band.winner)


def equivalent_mp(vp: int, match_format: MatchFormat) -> int:
    """Return the signed MP a VP award stands for: its row's lower bound.

    Art. 39 calls 13 VP with four hands "equivalent" to 505 MP, the lower
    bound of the 13-7 row, and Art. 38 gives 7 VP with -505 MP: so a VP
    above 10 stands for its row's lower bound, a VP below 10 for minus the
    lower bound of the row where the winner takes 20 minus it, 10 for 0
    (digest Q3; decision 0069).
    """
    if isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= MAX_VP:
        raise InvalidTurn(f"{vp!r} is not a VP score from 0 to 20", law=TABLES)
    winner = max(vp, MAX_VP - vp)
    low = next(b.low for b in VP_TABLES[match_format] if b.winner == winner)
    return low if vp >= MAX_VP // 2 else -low
