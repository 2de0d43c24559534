"""Prizes from the final standings, and the Art. 40 refund (decision 0189).

F.I.Bur. Codice di Gara, April 2024 edition, Art. 40: when a tournament
cannot be finished "qualora sia stata superata la metà dei turni previsti,
la premiazione verrà effettuata secondo l'ultima classifica esposta";
before that, the entry fee is refunded "al netto delle spese sostenute
dall'organizzazione (l'importo rimborsato non potrà essere inferiore alla
percentuale destinata al montepremi come da regolamento)" and there are no
prizes. "Superata la metà" is strictly more than half (digest Q14).

The Code sets no amounts: the prize pool's percentage and its shares are
the federation's Regolamento, which is not in our sources. They are the
tournament's settings (``PrizeSettings``). Money is in euro cents. Rounding,
stated once: the pool is the fees times the percentage, rounded down to
the cent; each place's prize is the pool times its share, rounded down to
the cent; entries tied on a rank share the prizes of the places they
occupy equally, each rounded down to the cent. Every cent rounded away is
reported as ``undistributed`` (it stays with the organiser's pool).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.burraco.articles import art
from rules.burraco.errors import InconsistentFacts, InvalidSetting

__all__ = [
    "InterruptionOutcome",
    "Prize",
    "PrizeSettings",
    "PrizeTable",
    "interruption_outcome",
    "prize_pool",
    "prizes",
    "refund",
]

_ART_40 = art(40)


def _cents(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidSetting(
            f"{name} must be a whole number of cents, not {value!r}", law=_ART_40
        )
    return value


@dataclass(frozen=True, slots=True)
class PrizeSettings:
    """A tournament's entry fee, the share of the fees that is the prize
    pool, and each final place's share of the pool (1st, 2nd, ...), all
    percentages in whole percent. Shares may add up to less than 100."""

    entry_fee_cents: int
    pool_percent: int
    shares: tuple[int, ...]

    def __post_init__(self) -> None:
        _cents(self.entry_fee_cents, "the entry fee")
        for name, value in [
            ("the prize-pool percentage", self.pool_percent),
            *((f"the share of place {i}", s) for i, s in enumerate(self.shares, 1)),
        ]:
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= 100
            ):
                raise InvalidSetting(
                    f"{name} must be a whole percentage from 0 to 100, not {value!r}",
                    law=_ART_40,
                )
        if sum(self.shares) > 100:
            raise InvalidSetting(
                f"the places' shares add up to {sum(self.shares)}%, more than the pool",
                law=_ART_40,
            )


@dataclass(frozen=True, slots=True)
class Prize:
    """One entry's prize: its rank (shared when tied) and the amount."""

    entry: int
    rank: int
    cents: int


@dataclass(frozen=True, slots=True)
class PrizeTable:
    """The pool, each prize-winning entry's prize, and the cents rounded away."""

    pool_cents: int
    prizes: tuple[Prize, ...]
    undistributed_cents: int


def prize_pool(settings: PrizeSettings, entries: int) -> int:
    """Return the pool in cents: the fees times the percentage, rounded down."""
    if isinstance(entries, bool) or not isinstance(entries, int) or entries < 0:
        raise InconsistentFacts(f"{entries!r} is not a number of entries", law=_ART_40)
    return entries * settings.entry_fee_cents * settings.pool_percent // 100


def prizes(
    settings: PrizeSettings,
    standings: Sequence[tuple[int, int]],
    entries: int | None = None,
) -> PrizeTable:
    """Return the prizes for ``standings``: (entry, rank) pairs in standard
    competition ranking (tied entries share a rank, the next rank skips:
    1, 2, 2, 4). ``entries`` paid fees (default: the standings' length).

    A group of k entries tied on rank r occupies places r..r+k-1 and shares
    the sum of those places' prizes equally, each share rounded down.
    """
    pool = prize_pool(settings, len(standings) if entries is None else entries)
    place_prize = [pool * share // 100 for share in settings.shares]
    ordered = sorted(standings, key=lambda s: (s[1], s[0]))
    by_rank: dict[int, list[int]] = {}
    for entry, rank in ordered:
        by_rank.setdefault(rank, []).append(entry)
    out: list[Prize] = []
    position = 1
    for rank, tied in by_rank.items():
        if rank != position:
            raise InconsistentFacts(
                f"rank {rank} follows {position - 1} place(s): the standings are not "
                "in competition ranking",
                law=_ART_40,
            )
        total = sum(place_prize[position - 1 : position - 1 + len(tied)])
        if total:
            out.extend(Prize(entry, rank, total // len(tied)) for entry in tied)
        position += len(tied)
    return PrizeTable(
        pool_cents=pool,
        prizes=tuple(out),
        undistributed_cents=pool - sum(p.cents for p in out),
    )


def refund(settings: PrizeSettings, costs_per_entry_cents: int) -> int:
    """Return one entry's Art. 40 refund: the fee net of the organiser's
    costs, never less than the fee's share earmarked for the pool."""
    costs = _cents(costs_per_entry_cents, "the organiser's costs per entry")
    floor = settings.entry_fee_cents * settings.pool_percent // 100
    return max(settings.entry_fee_cents - costs, floor)


@dataclass(frozen=True, slots=True)
class InterruptionOutcome:
    """Art. 40: either prizes on the last displayed standings or a refund."""

    prizes: PrizeTable | None
    refund_cents: int | None


def interruption_outcome(
    settings: PrizeSettings,
    *,
    completed_turns: int,
    scheduled_turns: int,
    last_displayed: Sequence[tuple[int, int]],
    costs_per_entry_cents: int,
    entries: int | None = None,
) -> InterruptionOutcome:
    """Return Art. 40's outcome: prizes on the last displayed standings when
    strictly more than half the scheduled turns were completed (digest Q14),
    otherwise no prizes and each entry's refund."""
    if not 0 <= completed_turns <= scheduled_turns or scheduled_turns < 1:
        raise InconsistentFacts(
            f"{completed_turns} of {scheduled_turns} turns completed", law=_ART_40
        )
    if 2 * completed_turns > scheduled_turns:
        return InterruptionOutcome(
            prizes=prizes(settings, last_displayed, entries), refund_cents=None
        )
    return InterruptionOutcome(
        prizes=None, refund_cents=refund(settings, costs_per_entry_cents)
    )
