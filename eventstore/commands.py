"""The one command path: a command is answered once, decided whole, stored whole.

Every context (tournaments, registry, appeals, live play) runs its commands
through ``execute``, or ``execute_together`` for one decision over several
streams of an aggregate (a round's results); nowhere else reads, decides and
appends, and both run the same steps in ``_run``.

1. **A retry is answered before anything is decided.** A client's
   ``Idempotency-Key`` is scoped to the caller (``actor``) and stored with a
   fingerprint of the command. A repeated key with the same command gets the
   first answer, whatever the stream's state now; with another command it is
   409 ``idempotency_key_reused``. Client keys cannot reach internal work:
   process managers use deterministic event ids, not keys.
2. **Decided against the stream's state.** The stream is folded (from the
   process's cache, proved current by the append's compare-and-set) and the
   pure ``decide`` returns the events, or raises a typed refusal that reaches
   the caller with nothing written.
3. **Stored in one transaction.** The command's events, the appends it implies
   on other streams (a result carried from play, a ruling's adjusted score,
   each decided before the transaction opens) and the context's own table
   writes (``within``) commit together or not at all. Stream rows are locked
   in one order before any position is taken, so two such transactions never
   deadlock on each other.
4. **Conflicts retry in one place.** A lost compare-and-set is re-read and
   decided again (three times, or the caller's ``retries``); with the
   client's ``If-Match`` it is 409.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, is_dataclass
from datetime import datetime
from functools import reduce
from typing import Any, Generic, TypeVar
from uuid import UUID

from django.db import OperationalError, connection, transaction
from django.utils import timezone

from eventstore.deadline_eta import schedule_precise
from eventstore.errors import WrongExpectedVersion
from eventstore.ids import uuid7
from eventstore.store import (
    AppendResult,
    ExpectedVersion,
    Metadata,
    NewDeadline,
    StreamGuard,
    event_store,
)

__all__ = [
    "RETRIES",
    "PendingAppend",
    "StreamCache",
    "append_together",
    "client_key",
    "execute",
    "execute_together",
    "fingerprint",
    "fold",
]

RETRIES = 3

S = TypeVar("S")


def fold(evolve: Callable[[S, Any], S], initial: S, events: Iterable[object]) -> S:
    """Fold a stream's decoded events into its state.

    The store decodes each event to the class registered under its name, and a
    stream holds only its aggregate's events, so each one is an event that
    ``evolve`` accepts; the store cannot say so in a type.
    """
    return reduce(evolve, events, initial)


@dataclass(frozen=True, slots=True)
class PendingAppend:
    """An append decided but not yet stored."""

    stream_id: UUID
    stream_type: str
    events: Sequence[object]
    expected_version: int | ExpectedVersion
    metadata: Metadata
    event_ids: Sequence[UUID] | None = None
    deadlines: Sequence[NewDeadline] = field(default_factory=tuple)
    idempotency_key: str | None = None
    fingerprint: str | None = None
    guard: StreamGuard | None = None


class StreamCache(Generic[S]):
    """Rehydrated streams kept per process, folded forward from the store.

    Holds (version, global position of that event, state) per stream and reads
    only from that event on. If the stored event at that version is no longer
    the same one (a flushed test database), the entry is dropped, so the cache
    can never serve a state the stream does not have. Every command still
    appends with the version it read, so a stale process only loses a
    compare-and-set and retries (spec/eventstore-research.md §6.5).
    """

    def __init__(
        self, evolve: Callable[[S, Any], S], initial: S, size: int = 512
    ) -> None:
        self.evolve = evolve
        self.initial = initial
        self.size = size
        self.entries: OrderedDict[UUID, tuple[int, int, S]] = OrderedDict()
        self.lock = threading.Lock()  # gthread workers share the cache

    def load(self, stream_id: UUID) -> tuple[int, S]:
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
        state = fold(self.evolve, state, [e.event for e in events])
        version, position = events[-1].stream_version, events[-1].global_position
        self.remember(stream_id, version, position, state)
        return version, state

    def guarded(self, stream_id: UUID) -> tuple[StreamGuard, S] | None:
        """The cached state with the guard that proves it current at an
        append (``StreamGuard``), unchecked: None if not cached."""
        with self.lock:
            cached = self.entries.get(stream_id)
        if cached is None:
            return None
        version, position, state = cached
        return StreamGuard(stream_id, version, position), state

    def peek(self, stream_id: UUID) -> tuple[int, S] | None:
        """The cached version and state, unchecked: only a compare-and-set
        append may trust them (``execute``)."""
        with self.lock:
            cached = self.entries.get(stream_id)
        return None if cached is None else (cached[0], cached[2])

    def remember(self, stream_id: UUID, version: int, position: int, state: S) -> None:
        with self.lock:
            cached = self.entries.get(stream_id)
            if cached is None or cached[0] < version:
                self.entries[stream_id] = (version, position, state)
            self.entries.move_to_end(stream_id)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


def client_key(actor: str, key: str | None) -> str | None:
    """A client's idempotency key, scoped to the caller: two users' keys never
    meet, and no client key can name internal work."""
    return None if key is None else f"client:{actor}:{key}"


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {"type": type(value).__name__, **asdict(value)}
    return value


def fingerprint(stream_id: UUID, request: object) -> str:
    """What a retried key must repeat: the stream and the command as sent."""
    body = json.dumps(
        [str(stream_id), _plain(request)], sort_keys=True, default=str
    ).encode()
    return hashlib.sha256(body).hexdigest()


def _retryable(exc: Exception) -> bool:
    """A deadlock or lock timeout between two writers: decide again."""
    state = getattr(exc.__cause__, "sqlstate", None)
    return state in ("40P01", "55P03", "40001")


def append_together(
    appends: Sequence[PendingAppend],
    within: Callable[[list[AppendResult]], object] | None = None,
) -> list[AppendResult]:
    """Store several appends and ``within``'s rows in one transaction, or none.

    With more than one stream, their rows are locked first in id order: every
    append takes its stream's row before the position counter, so two
    multi-stream transactions cannot wait on each other in a cycle. A single
    append with nothing beside it is one statement, atomic by itself.
    """
    store = event_store()

    def stored(a: PendingAppend) -> AppendResult:
        return store.append(
            a.stream_id,
            a.events,
            stream_type=a.stream_type,
            expected_version=a.expected_version,
            metadata=a.metadata,
            idempotency_key=a.idempotency_key,
            fingerprint=a.fingerprint,
            event_ids=a.event_ids,
            deadlines=a.deadlines,
            guard=a.guard,
        )

    if (
        len(appends) == 1
        and within is None
        and not transaction.get_connection().in_atomic_block
    ):
        return [stored(appends[0])]
    with transaction.atomic(durable=True):
        if len(appends) > 1:
            store.lock_streams([a.stream_id for a in appends])
        results: list[AppendResult] = []
        for a in appends:
            result = stored(a)
            if result.replayed and not results:
                # The same keyed command committed first: answer with it.
                return [result]
            results.append(result)
        if within is not None:
            within(results)
        return results


@dataclass(frozen=True, slots=True)
class _Decided:
    """One try's appends, and what to keep once they are stored."""

    appends: list[PendingAppend]
    stored: Callable[[list[AppendResult]], None]


def _answered_already(key: str | None, mark: str | None) -> AppendResult | None:
    """A retried key's first answer (step 1): before anything is decided."""
    if key is None:
        return None
    return event_store().idempotent_result(key, mark or "")


def _run(
    attempt: Callable[[bool], _Decided | None],
    *,
    within: Callable[[list[AppendResult]], object] | None = None,
    retries: int = RETRIES,
    pinned: bool = False,
) -> list[AppendResult] | None:
    """Decide and store, retrying in one place (steps 2-4).

    ``attempt(trusted)`` reads its streams (from the cache, unchecked, or
    from the store when ``trusted``) and decides; None: nothing to store. A
    try on cached state that refuses, decides nothing or loses its
    compare-and-set is tried again on the streams as read, so a stale cache
    never reaches the caller. A lost compare-and-set on read state is tried
    again up to ``retries`` times (at once with ``pinned``: the client sent
    its expected version); a deadlock or lock timeout likewise.
    """
    conflicts = 0
    trusted = False  # the state was read from the store in this call
    while True:
        try:
            decided = attempt(trusted)
        except Exception:
            if not trusted:
                trusted = True
                continue
            raise
        if decided is None:
            if not trusted:
                trusted = True
                continue
            return None
        try:
            results = append_together(decided.appends, within)
        except WrongExpectedVersion:
            if not trusted:
                trusted = True
                continue
            conflicts += 1
            if pinned or conflicts >= retries:
                raise
            continue
        except OperationalError as exc:
            conflicts += 1
            if not _retryable(exc) or conflicts == RETRIES:
                raise
            trusted = True
            continue
        if not results[0].replayed:
            decided.stored(results)
        return results


def execute(
    stream_id: UUID,
    stream_type: str,
    cache: StreamCache[S],
    decide: Callable[[S, datetime], list[Any]],
    *,
    metadata: Metadata,
    request: object,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    deadlines: Callable[[list[Any]], list[NewDeadline]] = lambda events: [],
    also: Callable[[list[Any], list[UUID]], Sequence[PendingAppend]] | None = None,
    within: Callable[[AppendResult], object] | None = None,
    event_ids: Callable[[list[Any]], list[UUID]] | None = None,
    needs_clock: bool = True,
    retries: int = RETRIES,
    guard: StreamGuard | None = None,
) -> AppendResult | None:
    """Answer a retry, or decide the command and store it whole.

    ``request`` is what the client sent (the command, or its input where the
    command is built from state): a retried key must repeat it. ``also``
    decides the appends the new events imply on other streams; ``within``
    writes the context's own rows; both inside the command's transaction.
    ``needs_clock`` False skips the database clock for streams whose
    decisions never depend on a window (table play). ``retries``: lost
    compare-and-sets decided again before a 409; a stream many clients
    write at once (a burraco tournament's sheets) takes more, each loss
    being another writer's success. ``guard``: another stream the decision
    read (a cached tournament), which the append checks is still as read;
    ``StreamMoved`` reaches the caller, which reads it and decides again.

    The first try decides on this process's cached state without reading the
    stream, and takes a stream it has not cached to be new (version 0: a
    result entered at a table starts its stream): the append's
    compare-and-set on that version proves the state current (a stream's
    state at a version never changes). If the append loses, or the decision
    refuses or decides nothing, the stream is read and the command decided
    again, so a stale cache never reaches the caller.
    """
    store = event_store()
    key = client_key(metadata.actor, idempotency_key)
    mark = fingerprint(stream_id, request) if key is not None else None
    answered = _answered_already(key, mark)
    if answered is not None:
        return answered

    def attempt(trusted: bool) -> _Decided | None:
        if trusted:
            version, state = cache.load(stream_id)
        else:
            version, state = cache.peek(stream_id) or (0, cache.initial)
        if expected_version is not None and version != expected_version:
            raise WrongExpectedVersion(stream_id, expected_version, version)
        events = decide(state, store.now() if needs_clock else timezone.now())
        if not events:
            return None
        ids = event_ids(events) if event_ids else [uuid7() for _ in events]
        others = list(also(events, ids)) if also is not None else []
        opened = deadlines(events)
        main = PendingAppend(
            stream_id,
            stream_type,
            events,
            version,
            metadata,
            event_ids=ids,
            deadlines=opened,
            idempotency_key=key,
            fingerprint=mark,
            guard=guard,
        )

        def stored(results: list[AppendResult]) -> None:
            result = results[0]
            cache.remember(
                stream_id,
                result.stream_version,
                result.last_position,
                fold(cache.evolve, state, events),
            )
            if opened:
                schedule_precise(result)

        return _Decided([main, *others], stored)

    results = _run(
        attempt,
        within=None if within is None else lambda results: within(results[0]),
        retries=retries,
        pinned=expected_version is not None,
    )
    return None if results is None else results[0]


@contextmanager
def _one_at_a_time(serial: tuple[int, int] | None) -> Iterator[None]:
    """Commands under the same ``serial`` key decide and append one after the
    other (decision 0197): a PostgreSQL session advisory lock, taken after
    the key's lookup and before the command reads its streams, released
    once it has committed or refused.

    Two commands over the same new streams would otherwise both decide on
    them empty and meet in their transactions, the first holding the
    position counter through all of its appends: the second waits there
    under ``es_append``'s 2 s lock timeout, or deadlocks on a stream row the
    first inserts, and a loaded machine turns those retries into a 500
    instead of the refusal naming what the first stored. Waiting here,
    outside any transaction, has no timeout. The two-key form of the lock
    is its own space, apart from the one-key locks of the projection
    runners and burraco."""
    if serial is None or connection.vendor != "postgresql":
        yield  # SQLite's IMMEDIATE transaction already holds the database
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", serial)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", serial)


def execute_together(
    streams: Sequence[UUID],
    stream_type: str,
    cache: StreamCache[S],
    decide: Callable[[Mapping[UUID, S], datetime], Mapping[UUID, Sequence[Any]]],
    *,
    metadata: Metadata,
    request: object,
    scope: UUID,
    idempotency_key: str | None = None,
    needs_clock: bool = True,
    serial: tuple[int, int] | None = None,
    retries: int = RETRIES,
) -> list[AppendResult]:
    """Answer a retry, or decide one command over several streams of one
    aggregate and store it whole: the command path of ``execute``, its
    steps and its retries, for a command that is one decision over
    ``streams`` (a round's results, decision 0130).

    ``decide`` gets every stream's state and returns the events for each
    stream it changes (none for one it leaves), or raises a refusal, which
    reaches the caller with nothing written. ``request`` is what the client
    sent, fingerprinted under ``scope`` (the stream the command is about).
    ``serial``: a key under which such commands take their turn
    (``_one_at_a_time``).

    Returns the appends in stream id order (each stream's rows are locked
    in that order); a retried key's answer is the first append's result
    alone, ``replayed``: the caller reads the rest back from its positions.
    Empty if, decided on the streams as read, the command changes nothing.
    """
    store = event_store()
    key = client_key(metadata.actor, idempotency_key)
    mark = fingerprint(scope, request) if key is not None else None
    answered = _answered_already(key, mark)
    if answered is not None:
        return [answered]
    order = sorted(set(streams))

    def attempt(trusted: bool) -> _Decided | None:
        read = {
            stream: (
                cache.load(stream)
                if trusted
                else cache.peek(stream) or (0, cache.initial)
            )
            for stream in order
        }
        decided = decide(
            {stream: state for stream, (_, state) in read.items()},
            store.now() if needs_clock else timezone.now(),
        )
        changed = [stream for stream in order if decided.get(stream)]
        if not changed:
            return None
        appends = [
            PendingAppend(
                stream,
                stream_type,
                decided[stream],
                read[stream][0],
                metadata,
                # The key goes with the first append (decision 0130).
                idempotency_key=key if n == 0 else None,
                fingerprint=mark if n == 0 else None,
            )
            for n, stream in enumerate(changed)
        ]

        def stored(results: list[AppendResult]) -> None:
            for stream, result in zip(changed, results, strict=True):
                cache.remember(
                    stream,
                    result.stream_version,
                    result.last_position,
                    fold(cache.evolve, read[stream][1], decided[stream]),
                )

        return _Decided(appends, stored)

    with _one_at_a_time(serial):
        return _run(attempt, retries=retries) or []
