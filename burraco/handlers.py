"""Burraco command handlers on the one command path (``eventstore.commands``).

A burraco tournament is a tournament stream (identity, officials, entries),
its burraco stream (settings, lines, positions, inversions, warnings, the
standings windows) and, since decision 0144, one stream per table and turn
(the sheet, its corrections, lateness, a lost sheet's award). Creating one
appends to the first two in one transaction.

The Art. 20 cut-off across streams (decision 0144): a table's command
appends under a shared advisory lock on the tournament and proves the
burraco stream unchanged since it decided; a publication (positions, final
standings) or an inversion takes the lock exclusively and proves that no
table event arrived since the results it decided on. Sheets of different
tables never conflict; a sheet and a publication are serialised.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any
from uuid import UUID

from django.db import connection

from burraco import domain as burraco
from eventstore.commands import PendingAppend, StreamCache, execute, fold
from eventstore.errors import WrongExpectedVersion
from eventstore.store import AppendResult, Metadata, NewDeadline, event_store
from registry.boundary import player_sort_names, player_states
from rules.errors import DomainError
from tournaments import handlers as tournaments
from tournaments.domain import tournament
from tournaments.domain.tournament.checks import check_registered

__all__ = [
    "BURRACO",
    "TABLES",
    "advisory",
    "create_burraco",
    "entry_players",
    "handle_burraco",
    "load_burraco",
]

BURRACO = StreamCache(burraco.evolve, burraco.INITIAL, size=64)
TABLES = StreamCache(burraco.evolve, burraco.INITIAL, size=8192)

# A tournament opened before decision 0144 keeps every sheet on its one
# stream (decision 0120): a lost compare-and-set is another table's sheet
# stored, so a command is decided again until it is stored or refused.
CONFLICT_RETRIES = 1000

TABLE_COMMANDS = (
    burraco.RecordAbsence,
    burraco.EnterScoreSheet,
    burraco.CorrectScoreSheet,
    burraco.RecordLateness,
    burraco.RecordLostSheet,
    burraco.DeclareLineUp,
    burraco.FileSheet,
    burraco.SignSheet,
    burraco.DeliverSheet,
)
# Art. 19 from the table: the players seated there are read from the entries.
TABLE_SHEET = (burraco.FileSheet, burraco.SignSheet, burraco.DeliverSheet)
READS_RESULTS = (
    burraco.RecordWrongTable,
    burraco.PublishPositions,
    burraco.PublishFinalStandings,
    burraco.InvertScore,
    burraco.PublishProvisionalStandings,
    burraco.SplitIntoGroups,
    burraco.SubstitutePlayer,
    burraco.InterruptTournament,
    # Arts. 20, 38: a remedy on the burraco stream replaces a table's result
    # (decision 0217), decided on the table streams' results.
    burraco.AnnulAlteredSheet,
    burraco.RecordQuarrel,
    burraco.SuspendForMisconduct,
    burraco.RecordBothAbandoned,
)
EVENT_TYPES = tuple(cls.event_type for cls in burraco.EVENT_TYPES)


class _TablesFold:
    """Per tournament, the events of its table streams folded in position
    order (results, lateness, warnings), read forward from the last one."""

    def __init__(self) -> None:
        # tournament -> (position of the last event read, its id, the state)
        self.entries: dict[UUID, tuple[int, UUID | None, burraco.BurracoState]] = {}
        self.lock = threading.Lock()

    def load(self, tournament_id: UUID) -> tuple[int, burraco.BurracoState]:
        with self.lock:
            position, last, state = self.entries.get(
                tournament_id, (0, None, burraco.INITIAL)
            )
        own = burraco.stream_id(tournament_id)
        recorded = event_store().read_tournament(
            tournament_id, after=max(position - 1, 0), event_types=EVENT_TYPES
        )
        if position:
            # The last event read must still be there (a flushed test database
            # reuses positions), as ``StreamCache`` checks: else read it all.
            if not recorded or (recorded[0].global_position, recorded[0].event_id) != (
                position,
                last,
            ):
                position, last, state = 0, None, burraco.INITIAL
                recorded = event_store().read_tournament(
                    tournament_id, event_types=EVENT_TYPES
                )
            else:
                recorded = recorded[1:]
        tables = [r for r in recorded if r.stream_id != own]
        if recorded:
            position, last = recorded[-1].global_position, recorded[-1].event_id
        if tables:
            state = fold(burraco.evolve, state, [r.event for r in tables])
        with self.lock:
            cached = self.entries.get(tournament_id)
            if cached is None or cached[0] < position or cached[1] != last:
                self.entries[tournament_id] = (position, last, state)
        return position, state


TABLE_RESULTS = _TablesFold()


def _lock_key(tournament_id: UUID) -> int:
    """The advisory lock of a tournament's sheets and publications."""
    return burraco.stream_id(tournament_id).int & 0x7FFF_FFFF_FFFF_FFFF


def advisory(tournament_id: UUID, *, shared: bool) -> None:
    if connection.vendor != "postgresql":
        return  # SQLite's IMMEDIATE transaction already holds the database
    function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(%s)", [_lock_key(tournament_id)])


def entry_players(tournament_id: UUID) -> dict[int, tuple[UUID, ...]]:
    """Each entry's players, from the tournament stream (Art. 19's table
    commands are a seated player's own)."""
    entered = tournaments.load_tournament(tournament_id).entries
    return {n: e.player_ids for n, e in entered.items()}


def load_burraco(tournament_id: UUID) -> burraco.BurracoState:
    """The tournament's burraco state, its table streams' results merged."""
    state = BURRACO.load(burraco.stream_id(tournament_id))[1]
    if state.opened is None or not state.opened.table_streams:
        return state
    return burraco.merge(state, TABLE_RESULTS.load(tournament_id)[1])


def _check_deadlines(events: list[Any]) -> list[NewDeadline]:
    """The final standings, and those before the split, open the Art. 20
    check: the sweeper closes it."""
    out: list[NewDeadline] = []
    for event in events:
        if isinstance(event, burraco.FinalStandingsPublished):
            out.append(
                NewDeadline(
                    kind="burraco_standings_check",
                    due_at=event.check_deadline,
                    on_due=burraco.StandingsFinal(check_deadline=event.check_deadline),
                )
            )
        elif isinstance(event, burraco.ProvisionalStandingsPublished):
            out.append(
                NewDeadline(
                    kind="burraco_provisional_check",
                    due_at=event.check_deadline,
                    on_due=burraco.ProvisionalStandingsFinal(
                        check_deadline=event.check_deadline
                    ),
                )
            )
    return out


def create_burraco(
    tournament_id: UUID,
    create: tournament.CreateTournament,
    settings: burraco.OpenBurraco,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    prizes: burraco.SetPrizes | None = None,
) -> AppendResult | None:
    """Create the tournament and open its burraco stream, together or not at
    all; with ``prizes``, the prize settings in the same append (decision
    0193: the very ``PrizesSet`` the later command records)."""

    def opened(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        stream = burraco.stream_id(tournament_id)
        version, state = BURRACO.load(stream)
        decided = burraco.decide(state, settings, create.starts_at)
        if prizes is not None:
            after = fold(burraco.evolve, state, decided)
            try:
                decided += burraco.decide(after, prizes, create.starts_at)
            except DomainError as refused:
                # The creation's input names the prizes' own field.
                refused.field = "prizes" + (
                    f".{refused.field}" if refused.field else ""
                )
                raise
        return [PendingAppend(stream, burraco.STREAM_TYPE, decided, version, metadata)]

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        tournaments.TOURNAMENTS,
        lambda state, now: tournament.decide(state, create, now),
        metadata=metadata,
        # Without prizes, the fingerprint a creation always had.
        request=(create, settings) if prizes is None else (create, settings, prizes),
        idempotency_key=idempotency_key,
        also=opened,
    )


def handle_burraco(
    tournament_id: UUID,
    command: burraco.BurracoCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult | None:
    """Decide a command on its stream against database time.

    ``expected_version`` (the client's If-Match) is the version of the stream
    the command goes to: the table's for a sheet (decision 0144).
    """
    own = burraco.stream_id(tournament_id)
    state = BURRACO.load(own)[1]
    if (
        state.opened is not None
        and state.opened.table_streams
        and isinstance(command, TABLE_COMMANDS)
    ):
        return _at_table(
            tournament_id, command, metadata, idempotency_key, expected_version
        )
    entries: tuple[int, ...] = ()
    players: dict[int, tuple[UUID, ...]] = {}
    names: dict[int, str] = {}
    if isinstance(command, burraco.FormLines | burraco.RecordOrigins):
        entries = tuple(tournaments.load_tournament(tournament_id).entries)
    if isinstance(command, burraco.DeclareLineUp):
        # Art. 2: a team's pairs are formed from its own players.
        entered = tournaments.load_tournament(tournament_id).entries
        players = {n: e.player_ids for n, e in entered.items()}
    if isinstance(command, burraco.FormLines) and command.alphabetical:
        # Art. 2 alphabetical: the register's names, read here, never stored.
        entered = tournaments.load_tournament(tournament_id).entries
        sort_names = player_sort_names(
            p for e in entered.values() for p in e.player_ids
        )
        names = {
            n: " ".join(sort_names.get(p, "") for p in e.player_ids).strip()
            for n, e in entered.items()
        }
    if isinstance(command, burraco.SubstitutePlayer):
        # Art. 38's incoming player is a member on the register (decision 0083).
        incoming = (command.player_in,)
        check_registered(incoming, player_states(incoming))
        entered = tournaments.load_tournament(tournament_id).entries
        players = {n: e.player_ids for n, e in entered.items()}
    if isinstance(command, TABLE_SHEET):
        players = entry_players(tournament_id)
    seen = [0]
    reads = (
        state.opened is not None
        and state.opened.table_streams
        and isinstance(command, READS_RESULTS)
    )

    def decide(current: burraco.BurracoState, now: Any) -> list[Any]:
        if reads:
            seen[0], tables = TABLE_RESULTS.load(tournament_id)
            current = burraco.merge(current, tables)
        return burraco.decide(
            current, command, now, entries=entries, players=players, names=names
        )

    def unchanged(result: AppendResult) -> None:
        """Under the exclusive lock: no table event since the decision."""
        advisory(tournament_id, shared=False)
        later = event_store().read_tournament(
            tournament_id, after=seen[0], event_types=EVENT_TYPES
        )
        if any(r.stream_id != own for r in later):
            raise WrongExpectedVersion(own, result.stream_version, -1)

    return execute(
        own,
        burraco.STREAM_TYPE,
        BURRACO,
        decide,
        metadata=metadata,
        # A draw's seed is the handler's, not the client's: a retried key
        # repeats the request without it (and is answered the stored draw).
        request=replace(command, draw_seed=0)
        if isinstance(command, burraco.FormLines) and command.draw_seed is not None
        else command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        deadlines=_check_deadlines,
        within=unchanged if reads else None,
        retries=CONFLICT_RETRIES,
    )


def _at_table(
    tournament_id: UUID,
    command: burraco.EnterScoreSheet
    | burraco.CorrectScoreSheet
    | burraco.RecordLateness
    | burraco.RecordLostSheet
    | burraco.RecordAbsence
    | burraco.DeclareLineUp
    | burraco.FileSheet
    | burraco.SignSheet
    | burraco.DeliverSheet,
    metadata: Metadata,
    idempotency_key: str | None,
    expected_version: int | None,
) -> AppendResult | None:
    """A table's command on its own stream, decided with the tournament's
    positions and windows; appended only if the burraco stream did not change
    since (under the shared lock a publication takes exclusively)."""
    own = burraco.stream_id(tournament_id)
    seen = [0]
    players: dict[int, tuple[UUID, ...]] = {}
    if isinstance(command, burraco.DeclareLineUp):
        # Art. 2: a team's pairs are formed from its own players.
        entered = tournaments.load_tournament(tournament_id).entries
        players = {n: e.player_ids for n, e in entered.items()}
    if isinstance(command, TABLE_SHEET):
        players = entry_players(tournament_id)

    def decide(table: burraco.BurracoState, now: Any) -> list[Any]:
        seen[0], current = BURRACO.load(own)
        if isinstance(command, burraco.RecordAbsence | burraco.DeclareLineUp):
            # Art. 38 counts the pair's absences in every turn so far; Art. 3
            # asks the standings after the previous turn.
            current = burraco.merge(current, TABLE_RESULTS.load(tournament_id)[1])
        return burraco.decide(
            burraco.merge(current, table), command, now, players=players
        )

    def unchanged(result: AppendResult) -> None:
        advisory(tournament_id, shared=True)
        version = event_store().stream_version(own)
        if version != seen[0]:
            raise WrongExpectedVersion(own, seen[0], version)

    return execute(
        burraco.table_stream_id(tournament_id, command.turn, command.table),
        burraco.TABLE_STREAM_TYPE,
        TABLES,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        within=unchanged,
        retries=CONFLICT_RETRIES,
    )
