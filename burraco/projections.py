"""The burraco standings read model: results per table and standings per turn.

Each batch folds the touched tournaments' burraco streams up to the batch's
last event and rewrites their rows whole (``flush``), so the rows are a pure
function of the stream: incremental and rebuilt tables are the same.
Standings are written after every complete turn (Art. 20: an inversion
counts from the turn it names; ``burraco.domain.standings_after``).
"""

from __future__ import annotations

from uuid import UUID

from burraco import domain as burraco
from burraco.export import prizes_of
from burraco.models import BurracoEventRow, BurracoResultRow, BurracoStandingRow
from burraco.selectors import prizes_public
from eventstore.commands import fold
from eventstore.projections import Projection
from eventstore.store import RecordedEvent, event_store

__all__ = ["BurracoStandings"]

EVENTS = tuple(cls.event_type for cls in burraco.EVENT_TYPES)


class BurracoStandings(Projection):
    name = "burraco.standings.v1"  # rows whole per tournament: no version bump
    event_types = EVENTS
    # Rebuilt beside the live tables and swapped in, while the runner goes
    # on (decisions 0109, 0213): in place, a rebuild needs the runner stopped.
    read_models = (BurracoEventRow, BurracoResultRow, BurracoStandingRow)

    def __init__(self) -> None:
        self.touched: dict[UUID, int] = {}

    def reset(self) -> None:
        BurracoEventRow.objects.all().delete()
        BurracoResultRow.objects.all().delete()
        BurracoStandingRow.objects.all().delete()

    def reset_partition(self, partition: str) -> bool:
        kind, _, key = partition.partition(":")
        if kind != "tournament":
            return False
        _delete(UUID(key))
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        tid = recorded.metadata.get("tournament_id")
        if isinstance(recorded.event, burraco.BurracoOpened):
            tid = str(recorded.event.tournament_id)
        if not tid:
            return
        self.touched[UUID(str(tid))] = recorded.global_position

    def discard(self) -> None:
        self.touched.clear()

    def flush(self) -> None:
        touched, self.touched = self.touched, {}
        for tournament_id, position in touched.items():
            _rewrite(tournament_id, position)


def _delete(tournament_id: UUID) -> None:
    BurracoEventRow.objects.filter(tournament_id=tournament_id).delete()
    BurracoResultRow.objects.filter(tournament_id=tournament_id).delete()
    BurracoStandingRow.objects.filter(tournament_id=tournament_id).delete()


def _rewrite(tournament_id: UUID, position: int) -> None:
    """Fold the burraco stream up to ``position``; with table streams
    (decision 0144) their events too, in position order, as the handlers
    decide."""
    stream = event_store().read_stream(burraco.stream_id(tournament_id))
    recorded = [r for r in stream.events if r.global_position <= position]
    opened = recorded[0].event if recorded else None
    if isinstance(opened, burraco.BurracoOpened) and opened.table_streams:
        recorded = event_store().read_tournament(
            tournament_id, up_to=position, event_types=EVENTS
        )
    state = fold(burraco.evolve, burraco.INITIAL, [r.event for r in recorded])
    if state.opened is None:
        return
    _delete(tournament_id)
    stopped = state.interrupted
    prizes = None
    if prizes_public(state):
        # Decision 0200: the prizes follow the standings once shown.
        prizes = {**prizes_of(state), "entries": len(state.pairs)}
    BurracoEventRow.objects.create(
        tournament_id=tournament_id,
        hands_per_turn=state.opened.hands_per_turn,
        turns=state.opened.turns,
        current_turn=state.current_turn,
        final_published_at=state.final_published_at,
        check_deadline=state.check_deadline,
        final=state.final,
        provisional_turn=state.split_after
        if state.provisional_deadline is not None
        else None,
        interrupted=None
        if stopped is None
        else {
            "completed_turns": stopped.completed_turns,
            "scheduled_turns": stopped.scheduled_turns,
            "standings_after": stopped.standings_after,
        },
        prizes=prizes,
        position=recorded[-1].global_position,
    )
    partners = (
        {
            (turn, p.table): (p.fixed_partner, p.mobile_partner)
            for turn, seats in state.positions.items()
            for p in seats
        }
        if state.giallo
        else {}
    )
    BurracoResultRow.objects.bulk_create(
        BurracoResultRow(
            tournament_id=tournament_id,
            turn=r.turn,
            table=r.table,
            fixed=r.fixed,
            mobile=r.mobile,
            hands=[
                [h.fixed_base, h.fixed_points, h.mobile_base, h.mobile_points]
                for h in r.hands
            ],
            closed_hands=[
                [h.fixed_base, h.fixed_points, h.mobile_base, h.mobile_points]
                for h in r.closed_hands
            ],
            fixed_mp=r.fixed_mp,
            mobile_mp=r.mobile_mp,
            fixed_vp=r.fixed_vp,
            mobile_vp=r.mobile_vp,
            corrected=r.corrected,
            inverted_after=r.inverted_after,
            awarded=r.awarded,
            fixed_partner=partners.get((r.turn, r.table), (0, 0))[0],
            mobile_partner=partners.get((r.turn, r.table), (0, 0))[1],
        )
        for r in state.results.values()
    )
    rows: list[BurracoStandingRow] = []
    for turn in range(1, state.current_turn + 1):
        if not state.turn_complete(turn):
            continue
        rows.extend(
            BurracoStandingRow(
                tournament_id=tournament_id,
                after_turn=turn,
                rank=s.rank,
                tied=s.tied,
                pair=s.pair,
                vp=s.vp,
                turn_vp=s.turn_vp,
                deduction=s.deduction,
                mp=s.mp,
                turns=s.turns,
                group=s.group,
            )
            for s in burraco.standings_after(state, turn)
        )
    BurracoStandingRow.objects.bulk_create(rows)
