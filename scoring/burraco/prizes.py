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

Merit groups (decision 0194): the Code names no prizes per group; the
settings may give each group A, B, ... its own places' shares of the one
pool (``group_shares``), paid on the standings inside each group. Standings
without groups (no split, or an Art. 40 interruption before it) pay the
overall ``shares``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.burraco.articles import art
from rules.burraco.errors import InconsistentFacts, InvalidSetting

__all__ = [
    "InterruptionOutcome",
    "Prize",
    "PrizeSettings",
    "PrizeTable",
    "group_letter",
    "interruption_outcome",
    "prize_pool",
    "prizes",
    "refund",
]

_ART_40 = art(40)


def _cents(value: object, name: str, field: str | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidSetting(
            f"{name} must be a whole number of cents, not {value!r}",
            law=_ART_40,
            field=field,
            value=value,
        )
    return value


def group_letter(index: int) -> str:
    """Merit group ``index`` (from 0) as the Code names it: A, B, ..."""
    return chr(ord("A") + index)


def _percent(name: str, value: object, field: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise InvalidSetting(
            f"{name} must be a whole percentage from 0 to 100, not {value!r}",
            law=_ART_40,
            field=field,
            value=value,
        )


@dataclass(frozen=True, slots=True)
class PrizeSettings:
    """A tournament's entry fee, the share of the fees that is the prize
    pool, and each final place's share of the pool (1st, 2nd, ...), all
    percentages in whole percent. Shares may add up to less than 100."""

    entry_fee_cents: int
    pool_percent: int
    shares: tuple[int, ...]

    group_shares: tuple[tuple[int, ...], ...] = ()
    """Each merit group's places' shares of the same pool, group A first
    (decision 0194); they add up to at most 100 over all the groups."""

    def __post_init__(self) -> None:
        _cents(self.entry_fee_cents, "the entry fee", "entry_fee_cents")
        _percent("the prize-pool percentage", self.pool_percent, "pool_percent")
        for i, share in enumerate(self.shares):
            _percent(f"the share of place {i + 1}", share, f"shares.{i}")
        if sum(self.shares) > 100:
            raise InvalidSetting(
                f"the places' shares add up to {sum(self.shares)}%, more than the pool",
                law=_ART_40,
                field="shares",
                value=sum(self.shares),
            )
        for g, group in enumerate(self.group_shares):
            for i, share in enumerate(group):
                _percent(
                    f"the share of group {group_letter(g)}'s place {i + 1}",
                    share,
                    f"group_shares.{g}.{i}",
                )
        total = sum(sum(group) for group in self.group_shares)
        if total > 100:
            raise InvalidSetting(
                f"the merit groups' shares add up to {total}%, more than the pool",
                law=_ART_40,
                field="group_shares",
                value=total,
            )


@dataclass(frozen=True, slots=True)
class Prize:
    """One entry's prize: its rank (shared when tied) and the amount; a
    merit group's prize names the group, and the rank is inside it."""

    entry: int
    rank: int
    cents: int
    group: str = ""


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
    groups: Mapping[int, str] | None = None,
) -> PrizeTable:
    """Return the prizes for ``standings``: (entry, rank) pairs in standard
    competition ranking (tied entries share a rank, the next rank skips:
    1, 2, 2, 4). ``entries`` paid fees (default: the standings' length).

    A group of k entries tied on rank r occupies places r..r+k-1 and shares
    the sum of those places' prizes equally, each share rounded down.

    ``groups`` (entry to merit group letter): with the settings'
    ``group_shares``, each group's prizes are paid on its own standings, its
    first place being the first of the group (decision 0194).
    """
    pool = prize_pool(settings, len(standings) if entries is None else entries)
    if settings.group_shares and groups:
        return _by_group(settings, standings, pool, groups)
    out = _places(settings.shares, pool, standings, "")
    return PrizeTable(
        pool_cents=pool,
        prizes=out,
        undistributed_cents=pool - sum(p.cents for p in out),
    )


def _by_group(
    settings: PrizeSettings,
    standings: Sequence[tuple[int, int]],
    pool: int,
    groups: Mapping[int, str],
) -> PrizeTable:
    out: list[Prize] = []
    for g, shares in enumerate(settings.group_shares):
        letter = group_letter(g)
        inside = [(e, r) for e, r in standings if groups.get(e) == letter]
        if not inside:
            continue
        first = min(r for _, r in inside)
        ranked = [(e, r - first + 1) for e, r in inside]
        out.extend(_places(shares, pool, ranked, letter))
    return PrizeTable(
        pool_cents=pool,
        prizes=tuple(out),
        undistributed_cents=pool - sum(p.cents for p in out),
    )


def _places(
    shares: Sequence[int],
    pool: int,
    standings: Sequence[tuple[int, int]],
    group: str,
) -> tuple[Prize, ...]:
    place_prize = [pool * share // 100 for share in shares]
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
            out.extend(Prize(entry, rank, total // len(tied), group) for entry in tied)
        position += len(tied)
    return tuple(out)


def refund(settings: PrizeSettings, costs_per_entry_cents: int) -> int:
    """Return one entry's Art. 40 refund: the fee net of the organiser's
    costs, never less than the fee's share earmarked for the pool."""
    costs = _cents(
        costs_per_entry_cents,
        "the organiser's costs per entry",
        "costs_per_entry_cents",
    )
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
    groups: Mapping[int, str] | None = None,
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
            prizes=prizes(settings, last_displayed, entries, groups),
            refund_cents=None,
        )
    return InterruptionOutcome(
        prizes=None, refund_cents=refund(settings, costs_per_entry_cents)
    )
