"""Reads of the burraco read model, for the API and for pages.

Each selector answers rows as plain dicts in display order; who may see
them is the caller's check (``burraco.visibility``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

from rest_framework.exceptions import ValidationError

from access.roles import AnyUser, is_director, is_federation_staff
from burraco.domain import BurracoState
from burraco.export import prizes_of
from burraco.handlers import entry_players, load_burraco
from burraco.models import BurracoEventRow, BurracoResultRow, BurracoStandingRow
from httpapi.reads import Freshness, freshness_at

__all__ = [
    "event_row",
    "page_turns",
    "partners",
    "prizes_of",
    "prizes_public",
    "public_turns",
    "scoring_room",
    "seated_players",
    "standings",
    "standings_read",
    "standings_turns",
    "turn_results",
    "turn_visible",
    "visible_turns",
]

STANDING_FIELDS = (
    "rank",
    "tied",
    "pair",
    "vp",
    "turn_vp",
    "deduction",
    "mp",
    "turns",
    "group",
)


def scoring_room(tournament_id: UUID) -> BurracoState:
    """What the tournament's directors and its tables work on, live: the
    burraco stream with its table streams merged, as the command path folds
    it (drafts, lateness, warnings, line-ups: no read model holds them).
    Never for a public page, which reads the read model (decision 0221)."""
    return load_burraco(tournament_id)


def seated_players(tournament_id: UUID) -> dict[int, tuple[UUID, ...]]:
    """Each entry's players, from the tournament stream (Art. 19: a table's
    page finds the player's own table)."""
    return entry_players(tournament_id)


def partners(tournament_id: UUID, turn: int) -> dict[int, tuple[int, int]]:
    """A giallo turn's partners by table of a result: (the fixed line's
    second player, the mobile line's), from the read model; empty for
    other forms (decision 0173)."""
    rows = BurracoResultRow.objects.filter(
        tournament_id=tournament_id, turn=turn, fixed_partner__gt=0
    ).values_list("table", "fixed_partner", "mobile_partner")
    return {table: (fixed, mobile) for table, fixed, mobile in rows}


STANDINGS = "burraco.standings.v1"  # ``burraco.projections.BurracoStandings``


def standings_read(tournament_id: UUID, min_position: str | None) -> Freshness:
    """Read your writes on a page (decision 0073): wait, at most
    ``ARBITRO_READ_WAIT_MAX_SECONDS``, for the read model to apply
    ``min_position`` (a command's ``last_position``), and say how fresh it
    is; a value that is no position raises ``ValueError`` naming it."""
    try:
        return freshness_at(min_position, (STANDINGS,), f"tournament:{tournament_id}")
    except ValidationError as refused:
        detail: Any = refused.detail
        raise ValueError(f"min_position: {detail['min_position'][0]}") from None


def event_row(tournament_id: UUID) -> BurracoEventRow | None:
    return BurracoEventRow.objects.filter(tournament_id=tournament_id).first()


def standings_turns(tournament_id: UUID) -> list[int]:
    """The turns after which standings are recorded, in order."""
    return list(
        BurracoStandingRow.objects.filter(tournament_id=tournament_id)
        .order_by("after_turn")
        .values_list("after_turn", flat=True)
        .distinct()
    )


def standings(tournament_id: UUID, after_turn: int) -> list[dict[str, Any]]:
    """The standings after ``after_turn``: rank, then pair number."""
    return list(
        BurracoStandingRow.objects.filter(
            tournament_id=tournament_id, after_turn=after_turn
        )
        .order_by("rank", "pair")
        .values(*STANDING_FIELDS)
    )


def turn_results(
    tournament_id: UUID, turn: int, pairs: frozenset[int] | None = None
) -> list[dict[str, Any]]:
    """A turn's table results by table; ``pairs``: only the tables they sat at."""
    rows = BurracoResultRow.objects.filter(tournament_id=tournament_id, turn=turn)
    out = []
    for row in rows.order_by("table"):
        if pairs is not None and not pairs & {row.fixed, row.mobile}:
            continue
        out.append(
            {
                "table": row.table,
                "fixed": row.fixed,
                "mobile": row.mobile,
                "hands": [
                    {
                        "fixed_base": h[0],
                        "fixed_points": h[1],
                        "mobile_base": h[2],
                        "mobile_points": h[3],
                    }
                    for h in row.hands
                ],
                "closed_hands": [
                    {
                        "fixed_base": h[0],
                        "fixed_points": h[1],
                        "mobile_base": h[2],
                        "mobile_points": h[3],
                    }
                    for h in row.closed_hands
                ],
                "fixed_mp": row.fixed_mp,
                "mobile_mp": row.mobile_mp,
                "difference": row.fixed_mp
                if row.awarded
                else row.fixed_mp - row.mobile_mp,
                "fixed_vp": row.fixed_vp,
                "mobile_vp": row.mobile_vp,
                "corrected": row.corrected,
                "inverted_after": row.inverted_after,
                "awarded": row.awarded,
            }
        )
    return out


def public_turns(tournament_id: UUID, row: BurracoEventRow | None = None) -> list[int]:
    """The turns whose results and standings anyone may read, from the read
    model: a turn once the next one's positions are published, the last
    once the final standings are, the single group's last turn once its
    standings are published for the check before the split (Art. 20;
    decisions 0122, 0145), as ``BurracoState.results_public`` has it. A page
    showing the public standings reads ``standings(tid, public_turns(tid)[-1])``."""
    row = row or event_row(tournament_id)
    if row is None:
        return []
    last = row.current_turn if row.final_published_at else row.current_turn - 1
    return [
        t
        for t in standings_turns(tournament_id)
        if t <= last or t == row.provisional_turn
    ]


def page_turns(user: AnyUser, row: BurracoEventRow) -> list[int]:
    """The turns with standings whose results ``user`` sees whole, from the
    read model only: its directors and federation staff every one, anyone
    else the public ones (``public_turns``, Art. 20; decision 0221)."""
    tournament_id = row.tournament_id
    if is_federation_staff(user) or is_director(user, tournament_id):
        return standings_turns(tournament_id)
    return public_turns(tournament_id, row)


def visible_turns(
    user: AnyUser,
    tournament_id: UUID,
    turns: Iterable[int],
    state: BurracoState | None = None,
) -> list[int]:
    """Those of ``turns`` whose results, and the standings after them, ``user``
    sees whole: anyone once they are public (Art. 20: the next turn's
    positions shown, the last turn's with the final standings; decision 0122,
    from the stream, read once, or ``state`` as the caller read it), its
    directors and federation staff always."""
    state = state or load_burraco(tournament_id)
    everything = is_federation_staff(user) or is_director(user, tournament_id)
    return [t for t in turns if everything or state.results_public(t)]


def turn_visible(user: AnyUser, tournament_id: UUID, turn: int) -> bool:
    """Whether ``user`` sees one turn whole (``visible_turns``)."""
    return bool(visible_turns(user, tournament_id, (turn,)))


def prizes_public(state: BurracoState) -> bool:
    """Whether anyone may read the prizes (decision 0200): as the standings
    they follow, once shown, never before. The final standings once
    published (marked open to the Art. 20 check until final), or an Art. 40
    interruption, whose prizes follow the last standings shown, or refund."""
    return state.final_published_at is not None or state.interrupted is not None
