"""Import a results file: record it through the handlers, score it, compare.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 77 and 78A; decisions
0041 (what is recorded) and 0042 (what is compared, and at what precision).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from uuid import UUID

from django.conf import settings as django_settings

from eventstore.commands import PendingAppend, append_together
from eventstore.errors import WrongExpectedVersion
from eventstore.store import Metadata, event_store
from registry.boundary import name_players, name_teams, players_by_number
from scoring.formats import CompetitionForm, ScoringMethod, TournamentResults
from scoring.formats.conventions import SETTING_NAMES, Conventions, conventions_for
from tournaments import handlers
from tournaments.analysis import queue_analysis, run_analysis
from tournaments.domain import board_result, tournament
from tournaments.results_io.comparison import analysis_differences, compare
from tournaments.results_io.differences import Difference
from tournaments.results_io.errors import AlreadyImported, ImportRefused
from tournaments.results_io.export_lines import RULE_SETTINGS
from tournaments.results_io.files import read_sessions
from tournaments.results_io.plan import (
    IMPORT_ACTOR,
    NAMESPACE,
    ImportPlan,
    plan_import,
    starts_at_for,
)
from tournaments.results_io.plan_check import check_plan, decide_plan
from tournaments.results_io.scores import project
from tournaments.results_io.teams_comparison import compare_teams

__all__ = [
    "IMPORT_STEPS",
    "Difference",
    "ImportReport",
    "compare",
    "import_file",
    "record",
    "tournament_id_for",
]


IMPORT_STEPS = ("read", "plan", "check", "record", "project", "compare")
"""An import's steps, as a worker reports them (``done`` of six)."""


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
        # The teams' and players' names go to the register's identity tables
        # in the same transaction (decisions 0179, 0180).
        def identities(_: object) -> None:
            name_teams(plan.team_names)
            name_players(plan.player_names)

        results = append_together(
            appends,
            within=identities if plan.team_names or plan.player_names else None,
        )
    except WrongExpectedVersion:
        raise AlreadyImported(
            f"this file was already imported as tournament {tid}"
        ) from None
    if results[0].replayed:
        raise AlreadyImported(f"this file was already imported as tournament {tid}")
    return sum(r.last_position - r.first_position + 1 for r in results)


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
    conventions: Conventions
    form: str = "pairs"  # pairs, teams (0179) or individual (Law 4, 0182)
    sessions: int = 1  # the sessions recorded (a teams file may hold several)


def tournament_id_for(data: bytes) -> UUID:
    """Return the id an import of exactly these bytes gets (re-imports are refused)."""
    return uuid.uuid5(NAMESPACE, f"results-file:{hashlib.sha256(data).hexdigest()}")


METHOD_SETTINGS = (
    "regulation",
    "averaged_boards",
    "fouled_boards",
    "fouled_split",
    "average_revision",
    "imp_pairs",
    "section",
)
"""The import settings that are the tournament's regulation and methods: the
file's session is scored as any other event under them (FIGB's by default)."""


def regulation_of(
    methods: Mapping[str, object],
) -> tuple[tournament.Regulation, tournament.ScoringRules]:
    """The regulation and scoring methods an import names; ValueError names
    a value that is none of the choices."""
    imp = methods.get("imp_pairs")
    if imp and str(imp) not in IMP_PAIRS:
        raise ValueError(f"imp_pairs: {imp!r} is not one of {', '.join(IMP_PAIRS)}")
    regulation = tournament.Regulation(str(methods.get("regulation") or "figb"))
    given = {
        k: str(v)
        for k, v in methods.items()
        if k not in ("regulation", "imp_pairs", "section") and v
    }
    return regulation, tournament.ScoringRules.of(regulation, **given)


IMP_PAIRS = {"cross_imps": ScoringMethod.CROSS_IMPS, "butler": ScoringMethod.BUTLER}
"""What a pairs file's plain "IMP" means, when its user says (Law 78D): the
file does not say whether its IMPs were scored across the field or against
a datum (Magic Contest writes ``[Scoring "IMP"]`` for either)."""


def imps_as(results: TournamentResults, choice: object) -> TournamentResults:
    """A pairs file scored in plain IMPs, read as the method its user names."""
    header = results.header
    if (
        not choice
        or header.form is not CompetitionForm.PAIRS
        or header.scoring is not ScoringMethod.IMPS
    ):
        return results
    return replace(results, header=replace(header, scoring=IMP_PAIRS[str(choice)]))


def _analysis_on_record() -> bool:
    """The live path's setting (``ARBITRO_DOUBLE_DUMMY_ON_RECORD``)."""
    return bool(getattr(django_settings, "ARBITRO_DOUBLE_DUMMY_ON_RECORD", True))


def import_file(
    data: bytes,
    fmt: str,
    *,
    source: str = "results file",
    settings: Mapping[str, object] | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> ImportReport:
    """Import a results file: check everything, record it, score it, compare.

    Raise ``FormatError`` (malformed file), ``ImportRefused`` (a rule or an
    unsupported feature) or ``AlreadyImported`` before anything is recorded.
    ``progress(step, done, total)`` is told each step as it starts (a worker
    reports it, ``tournaments.results_jobs``).
    """
    settings = dict(settings or {})
    methods = {k: settings.pop(k) for k in METHOD_SETTINGS if k in settings}
    section = methods.pop("section", None)  # which field of the file is read

    def step(name: str, done: int) -> None:
        if progress is not None:
            progress(name, done, len(IMPORT_STEPS))

    step(IMPORT_STEPS[0], 0)
    try:
        conventions_for(None, settings)  # the settings alone, before the file
        regulation, rules = regulation_of(methods)
    except ValueError as exc:
        raise ImportRefused(f"import settings: {exc}") from None
    reading = {**settings, "section": section} if section else settings
    sessions, event_ranking = read_sessions(data, fmt, reading)
    sessions = tuple(imps_as(one, methods.get("imp_pairs")) for one in sessions)
    results = sessions[0]
    step(IMPORT_STEPS[1], 1)
    # The rules and conventions the file says its figures were made under
    # (an Arbitro export, decision 0224), unless the user chose otherwise.
    written = dict(results.header.rules)
    for key in RULE_SETTINGS:
        if key in written and methods.get(key) is None:
            methods[key] = written[key]
    if settings.get("program") is None:
        settings = {
            **{k: v for k, v in written.items() if k in SETTING_NAMES},
            **settings,
        }
    try:
        regulation, rules = regulation_of(methods)
        conventions = conventions_for(results.header.program, settings)
    except ValueError as exc:
        raise ImportRefused(f"the file's scoring rules: {exc}") from None
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
        regulation=regulation,
        scoring_rules=rules,
        more=sessions[1:],
        # The register's players, matched by the file's federation numbers
        # (decision 0180).
        registered=players_by_number(
            {
                player.federation_id
                for session in sessions
                for p in session.participants
                for player in p.players
                if player.federation_id
            }
        ),
    )
    step(IMPORT_STEPS[2], 2)
    check_plan(plan, now)
    step(IMPORT_STEPS[3], 3)
    recorded = record(plan, now)
    step(IMPORT_STEPS[4], 4)
    project()
    dealt = {
        c.session for c in plan.commands if isinstance(c, tournament.SetHandRecords)
    }
    analysed = [
        number
        for number, one in enumerate(sessions, start=1)
        if number in dealt
        and any(
            b.double_dummy is not None or b.par_score is not None for b in one.boards
        )
    ]
    if analysed:
        # The file's double-dummy tricks and par are compared with DDS on the
        # recorded deals, solved here by the worker's own function (0183).
        for number in analysed:
            run_analysis(tournament_id, number)
    if dealt - set(analysed) and _analysis_on_record():
        # Deals without the file's own tables are queued to the worker as a
        # live session's hand records are: the import never waits on DDS.
        for number in sorted(dealt - set(analysed)):
            queue_analysis(tournament_id, number)
    step(IMPORT_STEPS[5], 5)
    if results.header.form is CompetitionForm.TEAMS:
        differences = tuple(compare_teams(sessions, event_ranking, plan)) + tuple(
            d
            for number in analysed
            for d in analysis_differences(sessions[number - 1], plan, number)
        )
    else:
        differences = tuple(compare(results, plan, conventions))
    step("done", len(IMPORT_STEPS))
    return ImportReport(
        tournament_id=tournament_id,
        entries=plan.entries,
        movement=plan.movement,
        recorded=recorded,
        notes=plan.notes,
        differences=differences,
        conventions=conventions,
        form=results.header.form.value,
        sessions=plan.sessions,
    )
