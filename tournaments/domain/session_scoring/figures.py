"""What the scoring of one session gives: each line's exact figures, the
standings and the team matches (decision 0075).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints), Law 78D
(IMPs), Law 86 (team matches), Law 90 (penalties), Law 12C2(c) (revised
figures of an individual).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.bridge.matchpoints import percent_of_top


@dataclass(frozen=True, slots=True)
class LineFigures:
    """One line's exact figures: matchpoints (IMPs in an IMP pairs event) per
    side, the top it was scored on and each side's percentage of it.

    The percentages are worked out when read (the export and the comparison
    read them; the results projection, which re-scores on every batch, does
    not): None without a top (IMPs)."""

    ns: Fraction
    ew: Fraction
    top: int | None = None
    # Results compared on the board (Law 78A; fewer than the top implies when
    # the board was played fewer times), and the Butler datum (Law 78D).
    compared: int | None = None
    datum: int | None = None

    @property
    def percent_ns(self) -> Fraction | None:
        return None if self.top is None else percent_of_top(self.ns, self.top)

    @property
    def percent_ew(self) -> Fraction | None:
        return None if self.top is None else percent_of_top(self.ew, self.top)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entry's session line, exact.

    ``matchpoints`` is the board total before penalties (IMPs in an IMP pairs
    event, 0 in teams), ``penalty`` what Law 90 deducts (VPs in teams);
    ``imps`` the net IMPs (IMP pairs) or the IMP difference (teams), ``vp`` the
    teams' net VPs; ``revised`` the Law 12C2(c) figures of an individual.
    """

    entry_number: int
    direction: str
    boards: int
    matchpoints: Fraction
    penalty: Fraction
    top: int
    percent: Fraction
    rank: int
    tied: bool
    imps: Fraction | None = None
    vp: Fraction | None = None
    revised: Mapping[int, Fraction] = field(default_factory=dict)

    @property
    def net(self) -> Fraction:
        return self.matchpoints - self.penalty


@dataclass(frozen=True, slots=True)
class Match:
    """One team match of the session: IMPs won, VPs (published per match,
    WBF scale) and total points, for the FIGB tie-breaks."""

    round: int
    team_a: int
    team_b: int
    boards: int
    imps_a: int
    imps_b: int
    vp_a: Fraction
    vp_b: Fraction
    points_a: int
    points_b: int


@dataclass(frozen=True, slots=True)
class SessionFigures:
    """Every scored line's figures (by key), the standings and team matches."""

    lines: Mapping[Hashable, LineFigures]
    standings: tuple[Standing, ...]
    matches: tuple[Match, ...] = ()

    def standing(self, entry_number: int) -> Standing | None:
        for s in self.standings:
            if s.entry_number == entry_number:
                return s
        return None


EMPTY = SessionFigures({}, ())


def exact(value: int | Fraction) -> Fraction:
    """An exact figure as a ``Fraction``: the very one when it is one
    (``Fraction(f)`` builds a copy, and the results projection reads
    thousands of figures a batch, issue 13)."""
    return value if type(value) is Fraction else Fraction(value)


def entry_of(participant: Hashable) -> int:
    """The entry number back from a standing: scoring ranks opaque ids, and
    this module gives it entry numbers."""
    if not isinstance(participant, int):
        raise TypeError(f"{participant!r} is not an entry number")
    return participant
