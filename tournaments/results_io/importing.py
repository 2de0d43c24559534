"""Import a results file: record it through the handlers, score it, compare.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 77 and 78A; decisions
0041 (what is recorded) and 0042 (what is compared, and at what precision).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from uuid import UUID

from eventstore.commands import PendingAppend, append_together
from eventstore.errors import WrongExpectedVersion
from eventstore.store import Metadata, event_store
from scoring.bridge import publish, round_half_away_from_zero
from scoring.formats import TournamentResults
from tournaments import handlers
from tournaments.domain import board_result, tournament
from tournaments.results_io.errors import AlreadyImported
from tournaments.results_io.files import read_results
from tournaments.results_io.plan import (
    IMPORT_ACTOR,
    NAMESPACE,
    SESSION,
    ImportPlan,
    check_plan,
    decide_plan,
    describe_line,
    plan_import,
    starts_at_for,
)
from tournaments.results_io.scores import project, session_scores

__all__ = [
    "Difference",
    "ImportReport",
    "compare",
    "import_file",
    "record",
    "tournament_id_for",
]


def _event_ids(tournament_id: UUID, stream: UUID, count: int) -> list[UUID]:
    """Deterministic ids: the same file's import names the same events, so a
    retry that races a committed one is recognised as a replay."""
    return [
        uuid.uuid5(NAMESPACE, f"import:{tournament_id}:{stream}:{index}")
        for index in range(count)
    ]


def record(plan: ImportPlan, now: datetime) -> int:
    """Store every stream's events in one transaction; return how many.

    Decision 0079: the tournament stream and every board-result stream are
    decided with the pure ``decide`` exactly as ``check_plan`` decides them
    (``decide_plan``) and appended together (``append_together``): a kill at
    any point leaves nothing, and the file can be imported again.
    """
    decided = decide_plan(plan, now)
    tid = plan.tournament_id
    metadata = Metadata(
        actor=IMPORT_ACTOR,
        correlation_id=uuid.uuid5(NAMESPACE, f"import:{tid}"),
        tournament_id=tid,
        command="import_results",
    )
    main = tournament.stream_id(tid)
    appends = [
        PendingAppend(
            main,
            tournament.STREAM_TYPE,
            decided.tournament_events,
            0,
            metadata,
            event_ids=_event_ids(tid, main, len(decided.tournament_events)),
        )
    ]
    for table, events, _ in decided.tables:
        if not events:
            continue
        ref = table.ref
        stream = board_result.stream_id(tid, ref.session, ref.board_number, ref.table)
        appends.append(
            PendingAppend(
                stream,
                board_result.STREAM_TYPE,
                events,
                0,
                metadata,
                event_ids=_event_ids(tid, stream, len(events)),
            )
        )
    try:
        results = append_together(appends)
    except WrongExpectedVersion:
        raise AlreadyImported(
            f"this file was already imported as tournament {tid}"
        ) from None
    if results[0].replayed:
        raise AlreadyImported(f"this file was already imported as tournament {tid}")
    return sum(r.last_position - r.first_position + 1 for r in results)


# -- comparing ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure on which the file and our scoring disagree."""

    where: str
    what: str
    file: str
    ours: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}: file {self.file}, ours {self.ours}"


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _agrees(file_value: Decimal, ours: Fraction) -> bool:
    """Compare at the file's precision (decision 0042): ``ours`` is rounded
    once, half away from zero (decision 0020), to the decimals the file writes."""
    return round_half_away_from_zero(ours, _places(file_value)) == file_value


def _shown(value: Fraction) -> str:
    """Show one of our figures as published: two decimals (decision 0020)."""
    return str(publish(value))


def compare(results: TournamentResults, plan: ImportPlan) -> list[Difference]:
    """List every figure where the file's own scoring and ours disagree.

    Per line: the raw NS score (Law 77), each side's matchpoints and
    percentage (Law 78A); per contestant: total, percentage and rank.
    Figures the file does not give are not compared.
    """
    scored = session_scores(plan.tournament_id, SESSION)
    out: list[Difference] = []
    for table in plan.tables:
        line = table.line
        where = f"{describe_line(line)} at table {table.ref.table}"
        stream = board_result.stream_id(
            plan.tournament_id, SESSION, line.board_number, table.ref.table
        )
        row = scored.rows[stream]
        if (
            line.score_ns is not None
            and row.score_ns is not None
            and line.score_ns != row.score_ns
        ):
            out.append(
                Difference(where, "score NS", str(line.score_ns), str(row.score_ns))
            )
        ours = scored.line.get(stream)
        for what, theirs, figure in (
            ("MP NS", line.mp_ns, ours.ns if ours else None),
            ("MP EW", line.mp_ew, ours.ew if ours else None),
            ("percentage NS", line.percentage_ns, ours.percent_ns if ours else None),
            ("percentage EW", line.percentage_ew, ours.percent_ew if ours else None),
        ):
            if theirs is None:
                continue
            if figure is None:
                out.append(Difference(where, what, str(theirs), "not scored"))
            elif not _agrees(theirs, figure):
                out.append(Difference(where, what, str(theirs), _shown(figure)))
    ranked = {entry.participant_id: entry for entry in results.ranking}
    for participant in results.participants if results.ranking else ():
        pid = participant.participant_id
        entry = ranked.get(pid)
        number = plan.entries[pid]
        standing = scored.standings.get(number)
        where = f"ranking {pid} (entry {number})"
        if entry is None or standing is None:
            if entry is not None or standing is not None:
                out.append(
                    Difference(
                        where,
                        "rank",
                        "unranked" if entry is None else str(entry.rank),
                        "unranked" if standing is None else str(standing.rank),
                    )
                )
            continue
        total, percent = standing.net, standing.percent
        if entry.total is not None and not _agrees(entry.total, total):
            out.append(Difference(where, "total", str(entry.total), _shown(total)))
        if entry.percentage is not None and not _agrees(entry.percentage, percent):
            out.append(
                Difference(where, "percentage", str(entry.percentage), _shown(percent))
            )
        if entry.rank != standing.rank:
            direction = f" {standing.direction}" if standing.direction else ""
            out.append(
                Difference(
                    where, "rank", str(entry.rank), f"{standing.rank}{direction}"
                )
            )
    return out


# -- the whole import --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import recorded, how it mapped the file, and where scores differ."""

    tournament_id: UUID
    entries: Mapping[str, int]
    movement: str
    recorded: int
    notes: tuple[str, ...]
    differences: tuple[Difference, ...]


def tournament_id_for(data: bytes) -> UUID:
    """Return the id an import of exactly these bytes gets (re-imports are refused)."""
    return uuid.uuid5(NAMESPACE, f"results-file:{hashlib.sha256(data).hexdigest()}")


def import_file(
    data: bytes,
    fmt: str,
    *,
    source: str = "results file",
    settings: Mapping[str, object] | None = None,
) -> ImportReport:
    """Import a results file: check everything, record it, score it, compare.

    Raise ``FormatError`` (malformed file), ``ImportRefused`` (a rule or an
    unsupported feature) or ``AlreadyImported`` before anything is recorded.
    """
    results = read_results(data, fmt, settings)
    tournament_id = tournament_id_for(data)
    if handlers.load_tournament(tournament_id).exists:
        raise AlreadyImported(
            f"this file was already imported as tournament {tournament_id}"
        )
    now = event_store().now()
    plan = plan_import(
        results,
        tournament_id=tournament_id,
        fallback_name=source,
        starts_at=starts_at_for(results, now),
    )
    check_plan(plan, now)
    recorded = record(plan, now)
    project()
    return ImportReport(
        tournament_id=tournament_id,
        entries=plan.entries,
        movement=plan.movement,
        recorded=recorded,
        notes=plan.notes,
        differences=tuple(compare(results, plan)),
    )
