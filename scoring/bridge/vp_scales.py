"""The VP scale an event adopts, and every conversion made on it.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78D (the conversion to VPs
is the regulation's); FIGB supplementary norms (2004) N-L78 §1 (the WBF
tables up to 25-0 recommended for matches of 8 boards or more; a 25-0 draw
is 15 VP, as N-L5's 20% = 3 VP shows), N-L8 §3 (a knockout's lateness
penalty: "il numero di M.P. minimi necessari per ottenere i suddetti V.P.
secondo la scala 25-0 adottata per quella determinata gara").

An event names its scale: the WBF 20-VP continuous scale (decision 0024,
its formula), or published tables given as data, one per match length, each
band the least IMP margin with the winner's and the loser's VPs (the old
WBF 25-0 tables give 15-15 for a draw and, past 25-5, lower the loser alone,
so the two need not sum to a constant). The tables themselves are not in
our sources: the organizer loads the ones the event adopts (decision 0218).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rules.errors import ArticleRef, LawRef
from scoring.bridge.errors import InvalidVictoryPointScale
from scoring.bridge.rounding import Exact
from scoring.bridge.vp import min_margin_for_vp, wbf_vp

__all__ = ["WBF_20", "VpBand", "VpScale", "VpScaleKind", "VpTable"]

N_L8_3 = ArticleRef("N-L8 §3", source="Norme integrative FIGB")
MAX_TABLES = 64
MAX_BANDS = 80


class VpScaleKind(StrEnum):
    """How the event converts IMPs to VPs (Law 78D)."""

    WBF_20_CONTINUOUS = "wbf_20_continuous"
    TABLES = "tables"


@dataclass(frozen=True, slots=True, kw_only=True)
class VpBand:
    """From ``margin`` IMPs up: ``winner`` VPs to the team ahead, ``loser``
    to the other (at margin 0, the draw, both sides' VPs)."""

    margin: int
    winner: int
    loser: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VpTable:
    """A published table for matches of ``boards`` boards."""

    boards: int
    bands: tuple[VpBand, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class VpScale:
    """The event's VP scale; the WBF 20-VP continuous scale unless it names
    published tables (Law 78D; FIGB N-L78 §1)."""

    kind: VpScaleKind = VpScaleKind.WBF_20_CONTINUOUS
    name: str = "WBF 20-0"
    tables: tuple[VpTable, ...] = ()

    def check(self) -> VpScale:
        """Return the scale, or refuse one that is not a VP scale (Law 78D)."""
        law = LawRef("78D")
        if self.kind is VpScaleKind.WBF_20_CONTINUOUS:
            if self.tables:
                raise InvalidVictoryPointScale(
                    "the WBF continuous scale takes no tables", law=law
                )
            return self
        if not self.tables or len(self.tables) > MAX_TABLES:
            raise InvalidVictoryPointScale(
                f"a scale of tables names 1 to {MAX_TABLES} match lengths", law=law
            )
        if len({t.boards for t in self.tables}) != len(self.tables):
            raise InvalidVictoryPointScale("each match length has one table", law=law)
        draws = {_check_table(t) for t in self.tables}
        if len(draws) != 1:
            raise InvalidVictoryPointScale(
                "every table of a scale gives the same draw", law=law
            )
        return self

    @property
    def draw(self) -> Fraction:
        """Each side's VPs for a drawn match (10 on 20-0, 15 on 25-0)."""
        if self.kind is VpScaleKind.WBF_20_CONTINUOUS:
            return Fraction(10)
        return Fraction(self.tables[0].bands[0].winner)

    def vp(self, margin: int, boards: int) -> Fraction:
        """Return a team's VPs for its whole IMP ``margin`` (negative: lost)."""
        if self.kind is VpScaleKind.WBF_20_CONTINUOUS:
            return wbf_vp(margin, boards)
        band = _band(self._table(boards), abs(margin))
        return Fraction(band.winner if margin >= 0 else band.loser)

    def with_imp_penalties(
        self,
        imps_a: Exact,
        imps_b: Exact,
        boards: int,
        *,
        penalty_a: Exact = 0,
        penalty_b: Exact = 0,
    ) -> tuple[Fraction, Fraction]:
        """Return both teams' VPs, each from its own margin after its own IMP
        penalty (FIGB §2.1 rule 2, N-L87 §6b); a fractional margin is rounded
        to the nearest IMP, halves away from zero (decision 0020)."""
        own_a = _round_margin(Fraction(imps_a) - Fraction(penalty_a) - Fraction(imps_b))
        own_b = _round_margin(Fraction(imps_b) - Fraction(penalty_b) - Fraction(imps_a))
        return self.vp(own_a, boards), self.vp(own_b, boards)

    def least_margin_over_draw(self, vp: int, boards: int) -> int:
        """Return the fewest IMPs that earn ``vp`` VPs over a draw on this scale.

        N-L8 §3: a knockout team late by the ladder's ``vp`` VPs loses "il
        numero di M.P. minimi necessari per ottenere i suddetti V.P." on the
        scale the event adopts, for a match of ``boards`` boards.
        """
        if vp < 1:
            return 0
        target = self.draw + vp
        if self.kind is VpScaleKind.WBF_20_CONTINUOUS:
            return min_margin_for_vp(target, boards)
        for band in self._table(boards).bands:
            if band.winner >= target:
                return band.margin
        raise InvalidVictoryPointScale(
            f"the {self.name} scale gives no {target} VPs to a winner of "
            f"{boards} boards",
            law=N_L8_3,
        )

    def _table(self, boards: int) -> VpTable:
        for table in self.tables:
            if table.boards == boards:
                return table
        raise InvalidVictoryPointScale(
            f"the event's {self.name} scale has no table for a match of "
            f"{boards} boards",
            law=LawRef("78D"),
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VpScale:
        """The scale as the API or a read model holds it, checked."""
        try:
            scale = cls(
                kind=VpScaleKind(str(data.get("kind", VpScaleKind.WBF_20_CONTINUOUS))),
                name=str(data.get("name") or "WBF 20-0")[:60],
                tables=tuple(
                    VpTable(
                        boards=int(t["boards"]),
                        bands=tuple(
                            VpBand(
                                margin=int(b["margin"]),
                                winner=int(b["winner"]),
                                loser=int(b["loser"]),
                            )
                            for b in t["bands"]
                        ),
                    )
                    for t in data.get("tables", ())
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidVictoryPointScale(
                f"not a VP scale: {exc}", law=LawRef("78D")
            ) from None
        return scale.check()


WBF_20 = VpScale()


def _check_table(table: VpTable) -> int:
    """Return the table's draw, or refuse a table that is not a VP table."""
    law = LawRef("78D")
    bands = table.bands
    if table.boards < 1 or not 1 < len(bands) <= MAX_BANDS:
        raise InvalidVictoryPointScale(
            f"a table names a match length and 2 to {MAX_BANDS} bands", law=law
        )
    first = bands[0]
    if first.margin != 0 or first.winner != first.loser:
        raise InvalidVictoryPointScale(
            f"the {table.boards}-board table starts with a draw at 0 IMPs", law=law
        )
    for before, band in pairwise(bands):
        if not (
            band.margin > before.margin
            and band.winner >= before.winner
            and band.loser <= before.loser
            and (band.winner, band.loser) != (before.winner, before.loser)
            and band.winner >= band.loser >= 0
        ):
            raise InvalidVictoryPointScale(
                f"the {table.boards}-board table's bands rise in margin and in "
                "the winner's VPs (the loser's fall)",
                law=law,
            )
    return first.winner


def _band(table: VpTable, margin: int) -> VpBand:
    found = table.bands[0]
    for band in table.bands:
        if band.margin > margin:
            break
        found = band
    return found


def _round_margin(margin: Fraction) -> int:
    whole, rest = divmod(abs(margin.numerator), margin.denominator)
    if 2 * rest >= margin.denominator:
        whole += 1
    return -whole if margin < 0 else whole
