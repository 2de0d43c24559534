"""IMP pairs: one board's lines in IMPs against the field (Butler or cross-IMPs).

Laws of Duplicate Bridge 2017, Law 78D (Butler and cross-IMP scoring are
regulation), Law 12C2(b) (an artificial score is +3/0/-3 IMPs), Law 12C1(c)
(a weighted score is scored outcome by outcome). Figures stay exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.bridge.adjusted import Artificial, Assigned
from scoring.bridge.imps import ARTIFICIAL_IMPS, butler_datum, imps

__all__ = ["board_datum", "imp_board"]


def _side_imps(percent: Fraction) -> int:
    """Law 12C2(b) in IMPs: average plus +3, average 0, average minus -3."""
    if percent > 50:
        return ARTIFICIAL_IMPS
    return -ARTIFICIAL_IMPS if percent < 50 else 0


def _field(results: Sequence[int | Artificial | Assigned]) -> list[int]:
    """The table results and single assigned scores (Law 12C1(b)) of a board."""
    field_: list[int] = []
    for result in results:
        if isinstance(result, int):
            field_.append(result)
        elif isinstance(result, Assigned) and result.is_single:
            field_.append(result.ns_side[0].ns_score)
    return field_


def board_datum(results: Sequence[int | Artificial | Assigned]) -> int | None:
    """The Butler datum ``imp_board`` scores a board against (Law 78D), None
    when no result is in the field."""
    field_ = _field(results)
    return butler_datum(field_) if field_ else None


def imp_board(
    results: Sequence[int | Artificial | Assigned], *, cross: bool
) -> list[tuple[Fraction, Fraction]]:
    """Return each line's (NS, EW) IMPs on one board of a pairs event.

    Law 78D: Butler IMPs each result against the datum of the field
    (``butler_datum``), cross-IMPs against every other result averaged over
    the comparisons (Law 78B scale). The field is the table results and the
    single assigned scores (Law 12C1(b)); an artificial score is +3/0/-3 IMPs
    per side and stays out of the field (Law 12C2(b)); a weighted or split
    assigned score is scored outcome by outcome against the field and weighted
    (Law 12C1(c), decision 0053).
    """
    field_ = _field(results)
    datum = None if cross else board_datum(results)

    def value(score: int, member: bool) -> Fraction:
        if cross:
            others = len(field_) - 1 if member else len(field_)
            if others < 1:
                return Fraction(0)
            return Fraction(sum(imps(score - other) for other in field_), others)
        return Fraction(0) if datum is None else Fraction(imps(score - datum))

    out: list[tuple[Fraction, Fraction]] = []
    for result in results:
        if isinstance(result, int):
            ns = value(result, True)
            out.append((ns, -ns))
        elif isinstance(result, Artificial):
            out.append(
                (
                    Fraction(_side_imps(result.ns_percent)),
                    Fraction(_side_imps(result.ew_percent)),
                )
            )
        elif result.is_single:
            ns = value(result.ns_side[0].ns_score, True)
            out.append((ns, -ns))
        else:
            ns = sum(
                (o.weight * value(o.ns_score, False) for o in result.ns_side),
                Fraction(0),
            )
            ew = sum(
                (o.weight * value(o.ns_score, False) for o in result.ew_side),
                Fraction(0),
            )
            out.append((ns, -ew))
    return out
