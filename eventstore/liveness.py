"""Whether each projection is really being projected (decision 0071).

A checkpoint's ``status`` is what its runner last wrote, and a runner that
died never writes "stopped". Liveness is read from the runner lock instead:
the process that holds it is alive (a PostgreSQL session lock dies with its
connection), and its heartbeat says how long since it last went round its
loop. Health (``/api/health/``) and ``manage.py projections`` print this
report.

A projection's ``state``, worst first:

- ``down``: no process holds its lock, or it stopped on a hole (``error``);
- ``rebuilding``: a rebuild's transaction is open (readers see the old model);
- ``stalled``: the lock is held but no heartbeat for longer than the bound;
- ``behind``: more than ``ARBITRO_HEALTH_MAX_LAG`` events behind the head;
- ``parked``: some partitions have an event it could not apply;
- ``ok``.

The overall status is ``down`` when any projection is, ``degraded`` when any
is in another state than ``ok``, else ``ok``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from eventstore.models import (
    Checkpoint,
    Event,
    ProcessRefusal,
    ProjectionFailure,
    StoreVerification,
)
from eventstore.processes import configured_processes
from eventstore.projections import configured_projections, lock_holder
from eventstore.roles import connected_as_owner
from eventstore.store import event_store

__all__ = [
    "FAILURES_SHOWN",
    "overall",
    "process_report",
    "projection_report",
    "store_report",
]

FAILURES_SHOWN = 20
DEGRADED = ("rebuilding", "stalled", "behind", "parked")


def _state(
    alive: bool, status: str, heartbeat_age: float | None, lag: int, parked: int
) -> str:
    if not alive or status == Checkpoint.Status.ERROR:
        return "down"
    if status == Checkpoint.Status.REBUILDING:
        return "rebuilding"
    bound = float(settings.ARBITRO_HEALTH_MAX_HEARTBEAT_SECONDS)
    if heartbeat_age is None or heartbeat_age > bound:
        return "stalled"
    if lag > int(settings.ARBITRO_HEALTH_MAX_LAG):
        return "behind"
    if parked:
        return "parked"
    return "ok"


def overall(states: list[str]) -> str:
    if "down" in states:
        return "down"
    if any(s in DEGRADED for s in states):
        return "degraded"
    return "ok"


def lag_seconds(position: int, head: int, now: Any) -> float:
    """How long the first event a runner has not applied has waited (0 at the
    head): the projection's lag in seconds, beside its lag in positions."""
    if position >= head:
        return 0.0
    recorded = (
        Event.objects.filter(global_position=position + 1)
        .values_list("recorded_at", flat=True)
        .first()
    )
    return 0.0 if recorded is None else round((now - recorded).total_seconds(), 3)


def projection_report(
    names: list[str] | None = None, *, errors: bool = False
) -> dict[str, Any]:
    """Each projection's position, head, lag, status, heartbeat age, runner
    and open failures, and the overall status; ``errors`` adds each
    failure's message (for operators, not for the public health answer)."""
    if names is None:
        names = [p.name for p in configured_projections()]
    store = event_store()
    head = store.head_position()
    now = store.now()  # the clock the heartbeats were written with
    rows = {c.name: c for c in Checkpoint.objects.filter(name__in=names)}
    failures: dict[str, list[ProjectionFailure]] = {}
    for failure in ProjectionFailure.objects.filter(
        projection__in=names, resolved_at__isnull=True
    ).order_by("position"):
        failures.setdefault(failure.projection, []).append(failure)
    projections: dict[str, Any] = {}
    for name in names:
        row = rows.get(name)
        position = row.last_position if row else 0
        status = row.status if row else Checkpoint.Status.STOPPED
        beat = row.heartbeat_at if row else None
        age = None if beat is None else round((now - beat).total_seconds(), 1)
        holder = lock_holder(name)
        opened = failures.get(name, [])
        projections[name] = {
            "state": _state(
                holder is not None, status, age, head - position, len(opened)
            ),
            "status": status,
            "position": position,
            "head": head,
            "lag": head - position,
            "lag_seconds": lag_seconds(position, head, now),
            "heartbeat_age": age,
            "runner": {
                "alive": holder is not None,
                "pid": holder or None,
                "process": row.runner if row else "",
            },
            "last_error": row.last_error if row else "",
            "parked_partitions": len(opened),
            "failures": [
                {
                    "partition": f.partition,
                    "position": f.position,
                    "event_type": f.event_type,
                    "parked_events": f.parked,
                    "attempts": f.attempts,
                    "first_seen": f.first_seen.isoformat(),
                    "last_seen": f.last_seen.isoformat(),
                    **({"error": f.error} if errors else {}),
                }
                for f in opened[: None if errors else FAILURES_SHOWN]
            ],
        }
    return {
        "status": overall([p["state"] for p in projections.values()]),
        "head": head,
        "projections": projections,
    }


def process_report() -> dict[str, Any]:
    """Each process manager's position, lag and state (``eventstore.processes``).

    They run from beat, not as a resident runner: ``behind`` when more than
    ``ARBITRO_HEALTH_MAX_LAG`` events behind and not moved for longer than
    ``ARBITRO_HEALTH_MAX_HEARTBEAT_SECONDS``; ``error`` when stopped on an
    event (retried on the next run). Refused reactions are counted: they are
    outcomes for an operator to read, not faults.
    """
    names = [p.name for p in configured_processes()]
    store = event_store()
    head, now = store.head_position(), store.now()
    rows = {c.name: c for c in Checkpoint.objects.filter(name__in=names)}
    bound = float(settings.ARBITRO_HEALTH_MAX_HEARTBEAT_SECONDS)
    out: dict[str, Any] = {}
    for name in names:
        row = rows.get(name)
        position = row.last_position if row else 0
        idle = None if row is None else (now - row.updated_at).total_seconds()
        if row is not None and row.status == Checkpoint.Status.ERROR:
            state = "error"
        elif head - position > int(settings.ARBITRO_HEALTH_MAX_LAG) and (
            idle is None or idle > bound
        ):
            state = "behind"
        else:
            state = "ok"
        out[name] = {
            "state": state,
            "position": position,
            "lag": head - position,
            "refused": ProcessRefusal.objects.filter(process=name).count(),
        }
    return out


def store_report() -> dict[str, Any]:
    """The last ``verify_store`` run (decision 0117) and the role this process
    connects as (decision 0118): ``state`` is ``ok``, ``failed`` (the first
    bad position named) or ``unverified`` (never run)."""
    role = "owner" if connected_as_owner() else "application"
    last = StoreVerification.objects.order_by("-finished_at", "-id").first()
    if last is None:
        return {"state": "unverified", "role": role}
    return {
        "state": "ok" if last.ok else "failed",
        "role": role,
        "verified_at": last.finished_at.isoformat(),
        "head": last.head,
        "verified_through": last.verified_through,
        "head_hash": bytes(last.head_hash).hex() if last.head_hash else None,
        "first_bad_position": last.first_bad_position,
        "problem": last.problem,
    }
