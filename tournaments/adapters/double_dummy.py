"""Double-dummy tables and par through endplay (DDS): the only endplay import.

The figures are information for players and directors, never a ruling: no
Law takes a double-dummy result as evidence (decision 0052). Par is the
dealer-par of DDS for the board's dealer and vulnerability (Law 2), from
North-South's point of view. Importing endplay loads numpy and matplotlib
(spec/stack-notes.md §2), so callers import this module lazily.
"""

from __future__ import annotations

from dataclasses import dataclass

import endplay.config

endplay.config.use_unicode = False  # "4SN=" rather than "4♠N="

from endplay.dds import calc_dd_table, par  # noqa: E402
from endplay.types import Deal as DdsDeal  # noqa: E402
from endplay.types import Player, Vul  # noqa: E402

from rules.bridge import Seat, Vulnerability, dealer_for, vulnerability_for  # noqa: E402
from tournaments.adapters.dds_thread import run_in_solver_thread  # noqa: E402

__all__ = ["DENOMINATIONS", "SEATS", "DoubleDummy", "analyse"]

DENOMINATIONS = ("S", "H", "D", "C", "NT")
"""Rows of ``DoubleDummy.tricks``: endplay's ``to_list`` order."""
SEATS = ("N", "E", "S", "W")
"""Columns of ``DoubleDummy.tricks``: the declarer."""

_PLAYER = {
    Seat.N: Player.north,
    Seat.E: Player.east,
    Seat.S: Player.south,
    Seat.W: Player.west,
}
_VUL = {
    Vulnerability.NONE: Vul.none,
    Vulnerability.NS: Vul.ns,
    Vulnerability.EW: Vul.ew,
    Vulnerability.BOTH: Vul.both,
}


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Tricks each declarer takes in each denomination, and the board's par.

    ``par_contracts`` are endplay's texts: level, denomination, declarer,
    ``x``/``xx``, result ("2SE=", "4SEx-1"); ``par_score`` is North-South's.
    """

    tricks: tuple[tuple[int, int, int, int], ...]
    par_score: int
    par_contracts: tuple[str, ...]

    def tricks_for(self, denomination: str, declarer: str) -> int:
        """Return the tricks ``declarer`` takes double dummy in ``denomination``."""
        return self.tricks[DENOMINATIONS.index(denomination)][SEATS.index(declarer)]


def analyse(board_number: int, deal: str) -> DoubleDummy:
    """Solve one deal (PBN text) double dummy and compute its par (DDS).

    DDS runs on its confined thread (``dds_thread``)."""
    table = run_in_solver_thread(lambda: calc_dd_table(DdsDeal(deal)))
    result = run_in_solver_thread(
        lambda: par(
            table,
            _VUL[vulnerability_for(board_number)],
            _PLAYER[dealer_for(board_number)],
        )
    )
    rows = table.to_list()
    return DoubleDummy(
        tricks=tuple((r[0], r[1], r[2], r[3]) for r in rows),
        par_score=int(result.score),
        par_contracts=tuple(str(contract) for contract in result),
    )
