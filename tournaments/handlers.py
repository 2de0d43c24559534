"""Command handlers: read the stream, decide (pure), append. The only impure step.

Each handler folds the stream with the domain's ``evolve``, calls ``decide``
with database time, and appends with the version it read. Without a client
expected version a conflict is retried (three times) after re-reading; with
one, the conflict reaches the caller as 409 (STYLE §2.5).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any
from uuid import UUID

from django.utils import timezone

from eventstore.deadlines import schedule_precise
from eventstore.errors import WrongExpectedVersion
from eventstore.store import AppendResult, Metadata, NewDeadline, event_store
from rules.errors import LawRef, RuleViolation
from tournaments.domain import board_result, tournament
from tournaments.officials import apply_official

RETRIES = 3


class NotSeated(RuleViolation):
    code = "not_seated"


def fold(
    evolve: Callable[[Any, Any], Any], initial: Any, events: Sequence[object]
) -> Any:
    return reduce(evolve, events, initial)


class StreamCache:
    """Rehydrated streams kept per process, folded forward from the store.

    Holds (version, global position of that event, state) per stream and reads
    only from that event on. If the stored event at that version is no longer
    the same one (a flushed test database), the entry is dropped, so the cache
    can never serve a state the stream does not have. Every command still
    appends with the version it read, so a stale process only loses a
    compare-and-set and retries (spec/eventstore-research.md §6.5).
    """

    def __init__(
        self, evolve: Callable[[Any, Any], Any], initial: Any, size: int = 512
    ) -> None:
        self.evolve = evolve
        self.initial = initial
        self.size = size
        self.entries: OrderedDict[UUID, tuple[int, int, Any]] = OrderedDict()
        self.lock = threading.Lock()  # gthread workers share the cache

    def load(self, stream_id: UUID) -> tuple[int, Any]:
        """Return the stream's version and state."""
        with self.lock:
            version, position, state = self.entries.get(stream_id, (0, 0, self.initial))
        history = event_store().read_stream(
            stream_id, from_version=max(version, 1), known_version=version
        )
        events = list(history.events)
        if version:
            if not events or events[0].global_position != position:
                with self.lock:
                    self.entries.pop(stream_id, None)
                return self.load(stream_id)
            events = events[1:]
        if not events:
            return (version or history.version), state
        state = reduce(self.evolve, [e.event for e in events], state)
        version, position = events[-1].stream_version, events[-1].global_position
        self.remember(stream_id, version, position, state)
        return version, state

    def peek(self, stream_id: UUID) -> tuple[int, Any] | None:
        """The cached version and state, unchecked: only a compare-and-set
        append may trust them (``run_command``)."""
        with self.lock:
            cached = self.entries.get(stream_id)
        return None if cached is None else (cached[0], cached[2])

    def remember(
        self, stream_id: UUID, version: int, position: int, state: Any
    ) -> None:
        with self.lock:
            cached = self.entries.get(stream_id)
            if cached is None or cached[0] < version:
                self.entries[stream_id] = (version, position, state)
            self.entries.move_to_end(stream_id)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


TOURNAMENTS = StreamCache(tournament.evolve, tournament.INITIAL, size=64)
BOARD_RESULTS = StreamCache(board_result.evolve, board_result.INITIAL)


def run_command(
    stream_id: UUID,
    stream_type: str,
    cache: StreamCache,
    decide: Callable[[Any, Any], list[Any]],
    *,
    metadata: Metadata,
    idempotency_key: str | None,
    expected_version: int | None,
    deadlines: Callable[[list[Any]], list[NewDeadline]] = lambda events: [],
    needs_clock: bool = True,
) -> AppendResult | None:
    """Read, decide, append; ``needs_clock`` False skips the database clock
    for streams whose decisions never depend on a window (table play).

    The first try decides on this process's cached state without reading the
    stream: the append's compare-and-set on that version proves the state
    current (a stream's state at a version never changes). If the append
    loses, or the decision refuses or decides nothing, the stream is read and
    the command decided again, so a stale cache never reaches the caller.
    """
    store = event_store()
    conflicts = 0
    trusted = False  # the state was read from the store in this call
    while True:
        peeked = None if trusted else cache.peek(stream_id)
        if peeked is None:
            trusted = True
            version, state = cache.load(stream_id)
        else:
            version, state = peeked
        try:
            if expected_version is not None and version != expected_version:
                raise WrongExpectedVersion(stream_id, expected_version, version)
            events = decide(state, store.now() if needs_clock else timezone.now())
        except Exception:
            if not trusted:
                trusted = True
                continue
            raise
        if not events:
            if not trusted:
                trusted = True
                continue
            return None
        opened = deadlines(events)
        try:
            result = store.append(
                stream_id,
                events,
                stream_type=stream_type,
                expected_version=version,
                metadata=metadata,
                idempotency_key=idempotency_key,
                deadlines=opened,
            )
        except WrongExpectedVersion:
            if not trusted:
                trusted = True
                continue
            conflicts += 1
            if expected_version is not None or conflicts == RETRIES:
                raise
            continue
        if not result.replayed:
            cache.remember(
                stream_id,
                result.stream_version,
                result.last_position,
                reduce(cache.evolve, events, state),
            )
        if opened:
            schedule_precise(result)
        return result


# -- tournament stream --------------------------------------------------------


def load_tournament(tournament_id: UUID) -> tournament.TournamentState:
    """The tournament's state (seating, windows), from the process cache."""
    return TOURNAMENTS.load(tournament.stream_id(tournament_id))[1]


def _publication_deadlines(events: list[Any]) -> list[NewDeadline]:
    """Publishing opens the Law 79C and Law 92B windows: the sweeper closes them."""
    out = []
    for event in events:
        if isinstance(event, tournament.SessionScoresPublished):
            closes = max(
                event.correction_deadline,
                event.inadmissible_deadline or event.correction_deadline,
            )
            out.append(
                NewDeadline(
                    kind=f"correction:{event.session}",
                    due_at=closes,
                    on_due=tournament.CorrectionWindowClosed(session=event.session),
                )
            )
            out.append(
                NewDeadline(
                    kind=f"appeal:{event.session}",
                    due_at=event.appeal_deadline,
                    on_due=tournament.AppealWindowClosed(session=event.session),
                )
            )
    return out


def handle_tournament(
    tournament_id: UUID,
    command: tournament.TournamentCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult | None:
    return run_command(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        lambda state, now: tournament.decide(state, command, now),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        deadlines=_publication_deadlines,
    )


def handle_official(
    tournament_id: UUID,
    command: tournament.AppointOfficial | tournament.RelieveOfficial,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Appoint or relieve an official; the grant follows at once (decision 0057)."""
    result = handle_tournament(
        tournament_id, command, metadata=metadata, idempotency_key=idempotency_key
    )
    if result is not None:
        count = result.last_position - result.first_position + 1
        history = event_store().read_stream(
            result.stream_id, from_version=result.stream_version - count + 1
        )
        for recorded in history.events[:count]:
            if isinstance(
                recorded.event,
                tournament.OfficialAppointed | tournament.OfficialRelieved,
            ):
                apply_official(tournament_id, recorded.event, recorded.recorded_at)
    return result


# -- board results --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRef:
    tournament_id: UUID
    session: int
    board_number: int
    table: int


def window_for(
    state: tournament.TournamentState, session: int
) -> board_result.CorrectionWindow:
    s = state.sessions.get(session)
    if s is None:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    if s.published is None:
        return board_result.CorrectionWindow(published=False)
    return board_result.CorrectionWindow(
        published=True,
        correction_deadline=s.published.correction_deadline,
        inadmissible_deadline=s.published.inadmissible_deadline,
    )


def seating(
    state: tournament.TournamentState, ref: TableRef
) -> tournament.TableAssignment:
    """The assignment that puts this board on this table (Law 8), or 422."""
    session = state.sessions.get(ref.session)
    if session is None:
        raise tournament.SessionNotFound(f"session {ref.session} is not scheduled")
    seat = session.seating(ref.board_number, ref.table)
    if seat is None:
        raise NotSeated(
            f"board {ref.board_number} is not played at table {ref.table} in this session",
            law=LawRef("15"),
        )
    return seat


def handle_board_result(
    ref: TableRef,
    build: Callable[[tournament.TableAssignment], board_result.BoardResultCommand],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult | None:
    """Run a board-result command; ``build`` gets the table's assignment."""
    state = load_tournament(ref.tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    assignment = seating(state, ref)
    window = window_for(state, ref.session)
    command = build(assignment)
    return run_command(
        board_result.stream_id(
            ref.tournament_id, ref.session, ref.board_number, ref.table
        ),
        board_result.STREAM_TYPE,
        BOARD_RESULTS,
        lambda s, now: board_result.decide(s, command, now, window),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )
