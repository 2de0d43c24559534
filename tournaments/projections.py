"""Tournament read models: tournaments, sessions, travellers and standings.

Deterministic and idempotent per natural key (upserts). Standings are not an
aggregate: each batch gathers the traveller lines it changed and ``flush``
scores them with the one scoring pipeline
(``tournaments.domain.session_scoring``, decision 0075: Law 78A matchpoints,
Law 12 adjusted scores, Law 87 groups, Law 90 penalties), rounding once, for
publication.

Work follows what changed (decisions 0098, 0099): the batch's result rows
are written with one upsert, each session's kept ``SessionScorer`` re-scores
the boards of the lines that changed, and only the rows whose published
figures moved are written, with set-based statements (``write_figures``).
The scorer is kept between batches while the session's ``scored_token``
matches the one it wrote; a penalty, a rebuild or a token it did not write
scores the session whole from the read model.

Pairs scored in IMPs (Butler or cross-IMPs, Law 78D) reuse the matchpoint
columns as "points" (decision 0053): ``ResultRow.mp_ns``/``mp_ew`` hold each
line's IMPs, ``StandingRow.matchpoints`` the total IMPs, ``penalty`` the IMP
penalties and ``imps`` the net total rounded to a whole IMP. Team standings
use the FIGB tie-breaks of ``scoring.standings`` (decision 0054).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from django.db import connection
from django.db.models import Field

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from scoring.bridge import publish
from scoring.standings import TeamsFormat, TeamStanding
from tournaments.domain import board_result, session_scoring, tournament
from tournaments.domain.board_result import check_result
from tournaments.models import (
    EntryRow,
    MatchRow,
    OfficialRow,
    PenaltyRow,
    ResultRow,
    RulingRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)
from tournaments.officials import apply_official, official_grant, official_row
from tournaments.projection_writes import upsert


class TournamentResults(Projection):
    name = "tournaments.results.v1"
    event_types = tuple(
        cls.event_type for cls in (*tournament.EVENT_TYPES, *board_result.EVENT_TYPES)
    )

    ROW_MODELS = (
        TournamentRow,
        EntryRow,
        SessionRow,
        ResultRow,
        StandingRow,
        RulingRow,
        PenaltyRow,
        OfficialRow,
        MatchRow,
    )

    read_models = ROW_MODELS

    KEPT_SESSIONS = 32

    def __init__(self) -> None:
        # Sessions to score whole (a penalty), and the lines each session's
        # batch changed; the result rows the batch writes (stream -> fields).
        self.dirty: set[tuple[UUID, int]] = set()
        self.changed: dict[tuple[UUID, int], set[UUID]] = {}
        self.pending: dict[UUID, dict[str, Any]] = {}
        # The position of the last event that changed each session's scoring:
        # the token its write leaves (the same on a rebuild, which replays
        # the same events to the same figures).
        self.scored_at: dict[tuple[UUID, int], int] = {}
        self.kept: OrderedDict[tuple[UUID, int], KeptSession] = OrderedDict()
        self.tournaments: dict[UUID, UUID] = {}  # stream -> tournament, this batch
        # The batch's entries: (tournament, number) -> fields, one upsert.
        self.entries: dict[tuple[UUID, int], dict[str, Any]] = {}
        # A rebuild (``start_rebuild``): the result rows are held in memory
        # (up to HELD_ROWS, then written out) and each session is scored
        # once, at ``finish_rebuild``, at the token of its last scoring
        # event, its rows written once with their figures; the officials'
        # grants wait for the swap (``swap_in``).
        self.rebuilding = False
        self.deferred: dict[tuple[UUID, int], int] = {}
        self.held: dict[UUID, dict[str, Any]] = {}
        self.spilled: set[tuple[UUID, int]] = set()
        self.grants: list[
            tuple[UUID, tournament.OfficialAppointed | tournament.OfficialRelieved]
        ] = []

    def reset(self) -> None:
        for model in self.ROW_MODELS:
            model.objects.all().delete()
        self.kept.clear()
        self.deferred.clear()
        self.held.clear()
        self.spilled.clear()
        self.grants.clear()

    def start_rebuild(self) -> None:
        self.kept.clear()
        self.deferred.clear()
        self.held.clear()
        self.spilled.clear()
        self.grants.clear()
        self.rebuilding = True

    def finish_rebuild(self) -> None:
        """Score every session the rebuild met, once each, whole, and write
        the held rows with their figures (one statement)."""
        by_session: dict[tuple[UUID, int], list[dict[str, Any]]] = {}
        for sid, values in self.held.items():
            values["stream_id"] = sid
            key = (values["tournament_id"], values["session"])
            by_session.setdefault(key, []).append(values)
        spilled = sorted(self.spilled)
        if spilled:
            # Written out already: these sessions are scored from the rows.
            write_rows({s: v for s, v in self.held.items() if self._spilled(v)})
        for key, token in sorted(self.deferred.items()):
            if key in self.spilled:
                continue
            kept = KeptSession.fresh(*key, by_session.get(key, []))
            kept.token = str(token)
            kept.write_standings(*key)
            self.kept[key] = kept
        insert_rows(
            [v for v in self.held.values() if not self._spilled(v)],
        )
        for key, token in sorted(self.deferred.items()):
            if key not in self.spilled:
                continue
            self.dirty.add(key)
            self.scored_at[key] = token
            self._score(*key, set())
            self.dirty.clear()
        tokens = sorted(
            (tid, session, str(token))
            for (tid, session), token in self.deferred.items()
            if (tid, session) not in self.spilled
        )
        write_tokens(tokens)
        while len(self.kept) > self.KEPT_SESSIONS:
            self.kept.popitem(last=False)
        self.scored_at.clear()
        self.deferred.clear()
        self.held.clear()
        self.spilled.clear()
        self.rebuilding = False

    def _spilled(self, values: dict[str, Any]) -> bool:
        return (values["tournament_id"], values["session"]) in self.spilled

    def swap_in(self) -> None:
        for tid, event in self.grants:
            official_grant(tid, event)
        self.grants.clear()

    def discard(self) -> None:
        self.tournaments.clear()
        self.dirty.clear()
        self.changed.clear()
        self.scored_at.clear()
        self.pending.clear()
        self.entries.clear()
        self.kept.clear()  # a rolled-back flush may have moved a kept scorer

    def reset_partition(self, partition: str) -> bool:
        """Delete one tournament's rows: every row here names its tournament.

        A stream partition (an event whose envelope names no tournament)
        cannot be told apart from its tournament's other rows: False, and
        the retry replays from its failed event (decision 0070).
        """
        kind, _, key = partition.partition(":")
        if kind != "tournament":
            return False
        tid = UUID(key)
        for model in self.ROW_MODELS:
            model.objects.filter(tournament_id=tid).delete()
        self.dirty = {d for d in self.dirty if d[0] != tid}
        self.changed = {k: v for k, v in self.changed.items() if k[0] != tid}
        self.scored_at = {k: v for k, v in self.scored_at.items() if k[0] != tid}
        self.tournaments = {k: v for k, v in self.tournaments.items() if v != tid}
        self.pending = {
            k: v for k, v in self.pending.items() if v["tournament_id"] != tid
        }
        self.entries = {k: v for k, v in self.entries.items() if k[0] != tid}
        self.deferred = {k: v for k, v in self.deferred.items() if k[0] != tid}
        self.held = {k: v for k, v in self.held.items() if v["tournament_id"] != tid}
        for kept in [k for k in self.kept if k[0] == tid]:
            del self.kept[kept]
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        event = recorded.event
        if recorded.event_type.startswith("tournament."):
            self._tournament(recorded, event)
        else:
            self._result(recorded, event)

    def _tournament_id(self, recorded: RecordedEvent) -> UUID:
        """The tournament a tournament stream's event belongs to, read once a
        batch per stream (a rebuild meets hundreds of entries per stream)."""
        tid = self.tournaments.get(recorded.stream_id)
        if tid is None:
            tid = self.tournaments[recorded.stream_id] = (
                TournamentRow.objects.values_list("tournament_id", flat=True).get(
                    stream_id=recorded.stream_id
                )
            )
        return tid

    def _tournament(self, recorded: RecordedEvent, event: Any) -> None:
        if isinstance(event, tournament.TournamentCreated):
            TournamentRow.objects.update_or_create(
                tournament_id=event.tournament_id,
                defaults={
                    "stream_id": recorded.stream_id,
                    "name": event.name,
                    "game": event.game.value,
                    "form": event.form.value,
                    "scoring": event.scoring.value,
                    "regulation": event.windows.regulation.value,
                    "starts_at": event.starts_at,
                    "windows": recorded.payload["windows"],
                },
            )
            return
        tid = self._tournament_id(recorded)
        match event:
            case tournament.PairEntered():
                self.entries[(tid, event.number)] = {
                    "entry_id": event.entry_id,
                    "player_ids": [str(p) for p in event.player_ids],
                }
            case tournament.SessionScheduled():
                SessionRow.objects.update_or_create(
                    tournament_id=tid,
                    session=event.session,
                    defaults={
                        "movement": event.movement,
                        "starts_at": event.starts_at,
                        "ends_at": event.ends_at,
                        "assignments": recorded.payload["assignments"],
                        "winners": event.winners,
                    },
                )
                self.kept.pop((tid, event.session), None)
            case tournament.SessionScoresPublished():
                SessionRow.objects.filter(
                    tournament_id=tid, session=event.session
                ).update(
                    status=SessionRow.Status.OFFICIAL,
                    published_at=event.published_at,
                    correction_deadline=event.correction_deadline,
                    inadmissible_deadline=event.inadmissible_deadline,
                    appeal_deadline=event.appeal_deadline,
                )
            case tournament.CorrectionWindowClosed():
                self._close(tid, event.session, correction_closed=True)
            case tournament.AppealWindowClosed():
                self._close(tid, event.session, appeal_closed=True)
            case tournament.RulingGiven():
                RulingRow.objects.update_or_create(
                    ruling_id=event.ruling_id,
                    defaults={
                        "tournament_id": tid,
                        "session": event.session,
                        "board_number": event.board_number,
                        "table": event.table,
                        "laws": list(event.laws),
                        "facts": event.facts,
                        "decision": event.decision,
                        "director": event.director,
                        "given_at": recorded.recorded_at,
                        "position": recorded.global_position,
                    },
                )
            case tournament.OfficialAppointed() | tournament.OfficialRelieved():
                if self.rebuilding:
                    # The grant is a live row: it changes with the swap.
                    official_row(tid, event, recorded.recorded_at)
                    self.grants.append((tid, event))
                else:
                    apply_official(tid, event, recorded.recorded_at)
            case tournament.PenaltyImposed():
                PenaltyRow.objects.update_or_create(
                    position=recorded.global_position,
                    defaults={
                        "tournament_id": tid,
                        "session": event.session,
                        "entry_number": event.entry_number,
                        "kind": event.kind,
                        "unit": event.unit,
                        "amount": event.amount,
                        "law": event.law,
                        "reason": event.reason,
                    },
                )
                self.dirty.add((tid, event.session))
                self.scored_at[(tid, event.session)] = recorded.global_position

    def _close(self, tid: UUID, session: int, **flag: bool) -> None:
        SessionRow.objects.filter(tournament_id=tid, session=session).update(**flag)
        SessionRow.objects.filter(
            tournament_id=tid,
            session=session,
            correction_closed=True,
            appeal_closed=True,
        ).update(status=SessionRow.Status.FINAL)

    def _result(self, recorded: RecordedEvent, event: Any) -> None:
        """Gather the result row's fields; ``flush`` writes the batch's rows."""
        sid = recorded.stream_id
        match event:
            case (
                board_result.ResultEntered() | board_result.BoardIrregularityRecorded()
            ):
                row = self.pending.setdefault(sid, {})
                row.update(
                    tournament_id=event.tournament_id,
                    session=event.session,
                    board_number=event.board_number,
                    table=event.table,
                    ns=event.ns,
                    ew=event.ew,
                )
                if isinstance(event, board_result.ResultEntered):
                    row.update(
                        contract=event.contract,
                        lead=event.lead,
                        tricks=event.tricks,
                        score_ns=check_result(
                            event.board_number, event.contract, event.lead, event.tricks
                        ),
                        confirmed=event.entered_by in board_result.CONFIRMED_BY,
                    )
                else:
                    row.update(irregularity=event.kind, group=event.group)
            case board_result.ResultConfirmed():
                self._row(sid)["confirmed"] = True
                return  # the figures do not change
            case board_result.ResultCorrected():
                row = self._row(sid)
                row.update(
                    contract=event.contract,
                    lead=event.lead,
                    tricks=event.tricks,
                    score_ns=check_result(
                        row["board_number"], event.contract, event.lead, event.tricks
                    ),
                    adjusted=None,
                )
            case board_result.AdjustedScoreAwarded():
                row = self._row(sid)
                row["adjusted"] = event.score
            case _:
                return
        key = (row["tournament_id"], row["session"])
        self.changed.setdefault(key, set()).add(sid)
        self.scored_at[key] = recorded.global_position

    def _row(self, stream_id: UUID) -> dict[str, Any]:
        """The batch's fields of a result row that exists (its identity read once)."""
        row = self.pending.get(stream_id)
        if row is None:
            known = self.held.get(stream_id)
            row = self.pending[stream_id] = (
                dict(known)
                if known is not None
                else dict(
                    ResultRow.objects.values(*IDENTITY[1:]).get(stream_id=stream_id)
                )
            )
        return row

    HELD_ROWS = 200_000

    def _hold(self) -> None:
        """Keep the batch's result rows for ``finish_rebuild``; past
        ``HELD_ROWS`` (memory), write them out, and their sessions are scored
        from the rows at the end."""
        for sid, values in self.pending.items():
            held = self.held.get(sid)
            if held is None:
                self.held[sid] = values
            else:
                held.update(values)
        self.pending.clear()
        if len(self.held) > self.HELD_ROWS:
            write_rows(self.held)
            self.spilled |= {
                (v["tournament_id"], v["session"]) for v in self.held.values()
            }
            self.held.clear()

    def flush(self) -> None:
        write_entries(self.entries)
        self.entries.clear()
        if self.rebuilding:
            self._hold()
            for key in self.dirty | set(self.changed):
                self.deferred[key] = max(self.deferred.get(key, 0), self.scored_at[key])
            self.pending.clear()
            self.dirty.clear()
            self.changed.clear()
            self.scored_at.clear()
            self.tournaments.clear()
            return
        write_rows(self.pending)
        self.pending.clear()
        for key in sorted(self.dirty | set(self.changed)):
            self._score(*key, self.changed.get(key, set()))
        self.dirty.clear()
        self.changed.clear()
        self.scored_at.clear()
        self.tournaments.clear()

    def _score(self, tid: UUID, session: int, changed: set[UUID]) -> None:
        """Score what changed in one session and write what moved (decision 0098)."""
        key = (tid, session)
        new_token = str(self.scored_at[key])
        token = swap_token(tid, session, new_token)
        kept = self.kept.pop(key, None)
        if kept is None or kept.token != token or key in self.dirty:
            kept = KeptSession.load(tid, session)
            touched: Iterable[Hashable] = kept.scorer.lines
        else:
            touched = kept.scorer.apply(session_lines(read_lines(changed)))
        kept.token = new_token
        kept.write(tid, session, touched)
        self.kept[key] = kept
        while len(self.kept) > self.KEPT_SESSIONS:
            self.kept.popitem(last=False)


# What a row's figures are read from, and what a correction needs of a row.
LINE_FIELDS = (
    "stream_id",
    "board_number",
    "table",
    "ns",
    "ew",
    "score_ns",
    "adjusted",
    "group",
)
IDENTITY = (
    "stream_id",
    "tournament_id",
    "session",
    "board_number",
    "table",
    "ns",
    "ew",
)
ROW_FIGURES = ("mp_ns", "mp_ew", "top")
STANDING_FIELDS = (
    "direction",
    "boards",
    "matchpoints",
    "penalty",
    "top",
    "percent",
    "rank",
    "tied",
    "imps",
    "vp",
    "revised",
)
MATCH_FIELDS = (
    "round",
    "team_a",
    "team_b",
    "boards",
    "imps_a",
    "imps_b",
    "vp_a",
    "vp_b",
    "points_a",
    "points_b",
)

Figures = tuple[Decimal | None, Decimal | None, int | None]


@dataclass
class KeptSession:
    """A session's scorer and the published figures the read model holds."""

    scorer: session_scoring.SessionScorer
    rows: dict[Hashable, Figures] = field(default_factory=dict)
    standings: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    matches: list[tuple[Any, ...]] = field(default_factory=list)
    token: str = ""
    published: PublishedStandings = field(default_factory=lambda: PublishedStandings())

    @classmethod
    def load(cls, tid: UUID, session: int) -> KeptSession:
        """Score the session whole from the read model (the full rescore)."""
        scope = {"tournament_id": tid, "session": session}
        rows = list(
            ResultRow.objects.filter(**scope)
            .order_by("id")
            .values_list(*LINE_FIELDS, *ROW_FIGURES)
        )
        width = len(LINE_FIELDS)
        return cls(
            scorer=session_scoring.SessionScorer(
                session_conditions(tid, session),
                session_lines([r[:width] for r in rows]),
            ),
            rows={r[0]: r[width:] for r in rows},
            standings={
                r[0]: r[1:]
                for r in StandingRow.objects.filter(**scope).values_list(
                    "entry_number", *STANDING_FIELDS
                )
            },
            matches=list(
                MatchRow.objects.filter(**scope)
                .order_by("id")
                .values_list(*MATCH_FIELDS)
            ),
        )

    @classmethod
    def fresh(
        cls, tid: UUID, session: int, rows: Sequence[dict[str, Any]]
    ) -> KeptSession:
        """Score a session whole from rows held in memory (a rebuild), and
        set each row's published figures in it (``ROW_FIGURES``)."""
        lines = [
            tuple(row.get(name, LINE_DEFAULTS.get(name)) for name in LINE_FIELDS)
            for row in rows
        ]
        kept = cls(
            scorer=session_scoring.SessionScorer(
                session_conditions(tid, session), session_lines(lines)
            )
        )
        kept.moved(kept.scorer.lines)
        for row in rows:
            figures = kept.rows.get(row["stream_id"], (None, None, None))
            row.update(zip(ROW_FIGURES, figures, strict=True))
        return kept

    def moved(self, touched: Iterable[Hashable]) -> dict[Hashable, Figures]:
        """The rows whose published figures moved (kept as the new ones)."""
        figures = self.scorer.figures
        moved: dict[Hashable, Figures] = {}
        for key in touched:
            line = figures.lines.get(key)
            new: Figures = (
                (None, None, None)
                if line is None
                else (publish(line.ns), publish(line.ew), line.top)
            )
            if self.rows.get(key, (None, None, None)) != new:
                moved[key] = self.rows[key] = new
        return moved

    def write(self, tid: UUID, session: int, touched: Iterable[Hashable]) -> None:
        """Write the rows whose published figures moved, and only those."""
        write_figures(self.moved(touched))
        self.write_standings(tid, session)

    def write_standings(self, tid: UUID, session: int) -> None:
        """Write the standings and matches whose published figures moved."""
        figures = self.scorer.figures
        standings = self.published.of(figures.standings)
        changed = {
            n: values
            for n, values in standings.items()
            if self.standings.get(n) != values
        }
        gone = set(self.standings) - set(standings)
        if gone:
            StandingRow.objects.filter(
                tournament_id=tid, session=session, entry_number__in=gone
            ).delete()
        upsert(
            StandingRow,
            ("tournament_id", "session", "entry_number"),
            STANDING_FIELDS,
            [(tid, session, n, *values) for n, values in changed.items()],
        )
        self.standings = standings
        matches = [published_match(m) for m in figures.matches]
        if matches != self.matches:
            MatchRow.objects.filter(tournament_id=tid, session=session).delete()
            MatchRow.objects.bulk_create(
                MatchRow(
                    tournament_id=tid,
                    session=session,
                    **dict(zip(MATCH_FIELDS, values, strict=True)),
                )
                for values in matches
            )
            self.matches = matches


class PublishedStandings:
    """Each entry's standing as published, worked out again only when its
    exact figures changed: a batch moves the totals of the pairs it scored,
    and rounding every standing of a 200-pair session each batch cost more
    than comparing them."""

    def __init__(self) -> None:
        self.exact: dict[int, tuple[session_scoring.Standing, tuple[Any, ...]]] = {}

    def of(self, standings: Iterable[session_scoring.Standing]) -> dict[int, Any]:
        """Entry number -> ``published_standing``, as of ``standings``."""
        out: dict[int, tuple[Any, ...]] = {}
        exact: dict[int, tuple[session_scoring.Standing, tuple[Any, ...]]] = {}
        for s in standings:
            known = self.exact.get(s.entry_number)
            if known is None:
                values = published_standing(s)
            elif known[0] == s:
                values = known[1]
            else:
                values = published_standing(s, known)
            out[s.entry_number] = values
            exact[s.entry_number] = (s, values)
        self.exact = exact
        return out


def published_standing(
    s: session_scoring.Standing,
    known: tuple[session_scoring.Standing, tuple[Any, ...]] | None = None,
) -> tuple[Any, ...]:
    """A standing's columns as ``StandingRow`` holds them (``STANDING_FIELDS``);
    ``known``: the entry's previous standing and its columns, whose rounded
    totals are reused where the exact ones did not move (a batch re-ranks
    most pairs but changes the totals of few)."""
    old, columns = known if known is not None else (None, ())

    def kept(name: str, index: int) -> Any:
        value = getattr(s, name)
        if old is not None and getattr(old, name) == value:
            return columns[index]
        return publish(value)

    return (
        s.direction,
        s.boards,
        kept("matchpoints", 2),
        kept("penalty", 3),
        s.top,
        kept("percent", 5),
        s.rank,
        s.tied,
        None if s.imps is None else int(publish(s.imps, 0)),
        None if s.vp is None else publish(s.vp),
        {str(board): str(publish(points)) for board, points in s.revised.items()},
    )


def published_match(m: session_scoring.Match) -> tuple[Any, ...]:
    """A team match's columns as ``MatchRow`` holds them (``MATCH_FIELDS``)."""
    return (
        m.round,
        m.team_a,
        m.team_b,
        m.boards,
        m.imps_a,
        m.imps_b,
        publish(m.vp_a),
        publish(m.vp_b),
        m.points_a,
        m.points_b,
    )


def write_entries(entries: dict[tuple[UUID, int], dict[str, Any]]) -> None:
    """Upsert the batch's entries: one ``INSERT ... ON CONFLICT (tournament_id,
    number) DO UPDATE``."""
    if not entries:
        return
    EntryRow.objects.bulk_create(
        [
            EntryRow(tournament_id=tid, number=number, **fields)
            for (tid, number), fields in entries.items()
        ],
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["tournament_id", "number"],
        update_fields=["entry_id", "player_ids"],
    )


def write_rows(pending: dict[UUID, dict[str, Any]]) -> None:
    """Upsert the batch's result rows: one ``INSERT ... ON CONFLICT (stream_id)
    DO UPDATE`` per set of fields the batch's events set (usually one), from
    arrays (``unnest``) on PostgreSQL, ``bulk_create`` on SQLite; the figures
    are left to ``write_figures``."""
    by_fields: dict[tuple[str, ...], list[tuple[UUID, dict[str, Any]]]] = {}
    for stream_id, values in pending.items():
        names = tuple(sorted(n for n in values if n != "stream_id"))
        by_fields.setdefault(names, []).append((stream_id, values))
    for names, rows in by_fields.items():
        if connection.vendor == "postgresql":
            _upsert_unnest(rows, names)
            continue
        ResultRow.objects.bulk_create(
            [ResultRow(stream_id=sid, **values) for sid, values in rows],
            batch_size=500,
            update_conflicts=True,
            unique_fields=["stream_id"],
            update_fields=list(names),
        )


ROW_COLUMNS = tuple(
    f
    for f in ResultRow._meta.concrete_fields
    if f.name not in ("id", *ROW_FIGURES) and not f.primary_key
)
ALL_COLUMNS = tuple(
    f for f in ResultRow._meta.concrete_fields if f.name != "id" and not f.primary_key
)
# A line's column a row held in memory may not have set yet.
LINE_DEFAULTS: dict[str, Any] = {
    f.name: f.get_default() for f in ROW_COLUMNS if f.name in LINE_FIELDS
}


def insert_rows(rows: Sequence[dict[str, Any]]) -> None:
    """Write whole result rows, figures included (a rebuild's held rows):
    one ``INSERT ... SELECT FROM unnest(...) ON CONFLICT (stream_id) DO
    UPDATE`` on PostgreSQL, ``bulk_create`` on SQLite."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        ResultRow.objects.bulk_create(
            [
                ResultRow(**{f.name: row[f.name] for f in ALL_COLUMNS if f.name in row})
                for row in rows
            ],
            batch_size=500,
            update_conflicts=True,
            unique_fields=["stream_id"],
            update_fields=[f.name for f in ALL_COLUMNS if f.name != "stream_id"],
        )
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.attname) for f in ALL_COLUMNS)
    # Arrays sent in binary (%b): no text quoting of each element.
    arrays = ", ".join(f"%b::{_db_type(f)}[]" for f in ALL_COLUMNS)
    updates = ", ".join(
        f"{quote(f.attname)} = EXCLUDED.{quote(f.attname)}"
        for f in ALL_COLUMNS
        if f.name != "stream_id"
    )
    params: list[list[Any]] = []
    for f in ALL_COLUMNS:
        default = None if f.name in ROW_FIGURES else f.get_default()
        params.append([row.get(f.name, default) for row in rows])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(ResultRow._meta.db_table)} ({columns}) "
            f"SELECT * FROM unnest({arrays}) "
            f"ON CONFLICT (stream_id) DO UPDATE SET {updates}",
            params,
        )


def write_tokens(tokens: Sequence[tuple[UUID, int, str]]) -> None:
    """Set the sessions' ``scored_token``s (decision 0099) in one statement."""
    if not tokens:
        return
    if connection.vendor != "postgresql":
        for tid, session, token in tokens:
            SessionRow.objects.filter(tournament_id=tid, session=session).update(
                scored_token=token
            )
        return
    tids, sessions, values = zip(*tokens, strict=True)
    table = connection.ops.quote_name(SessionRow._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS s SET scored_token = u.token FROM unnest("
            "%s::uuid[], %s::integer[], %s::text[]) AS u(tid, session, token) "
            "WHERE s.tournament_id = u.tid AND s.session = u.session",
            [list(tids), list(sessions), list(values)],
        )


def _db_type(field: Field[Any, Any]) -> str:
    kind = field.db_type(connection)
    if kind is None:
        raise TypeError(f"{field.name} has no column type")
    return kind


def _column(name: str) -> str:
    """The column of one of the result row's own fields (no relation)."""
    field = ResultRow._meta.get_field(name)
    if not isinstance(field, Field):
        raise TypeError(f"{name} is a relation, not a column of the result row")
    return field.attname


def _upsert_unnest(
    rows: list[tuple[UUID, dict[str, Any]]], names: Sequence[str]
) -> None:
    """``INSERT ... SELECT FROM unnest(...) ON CONFLICT (stream_id) DO UPDATE``
    of ``names``: one statement, no model instances (PostgreSQL)."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.attname) for f in ROW_COLUMNS)
    arrays = ", ".join(f"%s::{_db_type(f)}[]" for f in ROW_COLUMNS)
    updates = ", ".join(
        f"{quote(c)} = EXCLUDED.{quote(c)}" for c in (_column(n) for n in names)
    )
    params: list[list[Any]] = []
    for f in ROW_COLUMNS:
        if f.name == "stream_id":
            params.append([sid for sid, _ in rows])
        elif f.name in names:
            params.append([values[f.name] for _, values in rows])
        else:
            default = f.get_default()
            params.append([values.get(f.name, default) for _, values in rows])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(ResultRow._meta.db_table)} ({columns}) "
            f"SELECT * FROM unnest({arrays}) "
            f"ON CONFLICT (stream_id) DO UPDATE SET {updates}",
            params,
        )


def write_figures(moved: dict[Hashable, Figures]) -> None:
    """Set the published figures of the rows that moved: one ``UPDATE ...
    FROM unnest(...)`` on PostgreSQL; row by row in one ``executemany`` on
    SQLite (the embedded mode), which has no arrays."""
    if not moved:
        return
    table = connection.ops.quote_name(ResultRow._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            ids, ns, ew, top = zip(*((k, *v) for k, v in moved.items()), strict=True)
            cursor.execute(
                f"UPDATE {table} AS r SET mp_ns = u.mp_ns, mp_ew = u.mp_ew, "
                '"top" = u.top FROM unnest(%s::uuid[], %s::numeric[], '
                "%s::numeric[], %s::integer[]) AS u(stream_id, mp_ns, mp_ew, top) "
                "WHERE r.stream_id = u.stream_id",
                [list(ids), list(ns), list(ew), list(top)],
            )
            return
        uuid_field = ResultRow._meta.get_field("stream_id")
        cursor.executemany(
            f'UPDATE {table} SET mp_ns = %s, mp_ew = %s, "top" = %s '
            "WHERE stream_id = %s",
            [
                (
                    *(connection.ops.adapt_decimalfield_value(v) for v in figures[:2]),
                    figures[2],
                    uuid_field.get_db_prep_value(key, connection),
                )
                for key, figures in moved.items()
            ],
        )


def swap_token(tid: UUID, session: int, token: str) -> str:
    """Set the session's ``scored_token`` (decision 0099) and return the one
    it held: one statement on PostgreSQL (the joined row is read as it was
    before the update), in the batch's transaction, which rolls both back if
    the scoring fails."""
    table = connection.ops.quote_name(SessionRow._meta.db_table)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} AS s SET scored_token = %s FROM {table} AS o "
                "WHERE o.id = s.id AND s.tournament_id = %s AND s.session = %s "
                "RETURNING o.scored_token",
                [token, tid, session],
            )
            row = cursor.fetchone()
        if row is None:
            raise SessionRow.DoesNotExist(f"session {session} of {tid}")
        return str(row[0])
    rows = SessionRow.objects.filter(tournament_id=tid, session=session)
    held = rows.values_list("scored_token", flat=True).get()
    rows.update(scored_token=token)
    return held


def read_lines(stream_ids: Iterable[UUID]) -> list[tuple[Any, ...]]:
    """The changed rows' scoring columns, in one query."""
    return list(
        ResultRow.objects.filter(stream_id__in=list(stream_ids))
        .order_by("id")
        .values_list(*LINE_FIELDS)
    )


def session_conditions(tid: UUID, session: int) -> session_scoring.Conditions:
    """What the scoring of one session depends on, as the read model holds it."""
    form, scoring = TournamentRow.objects.values_list("form", "scoring").get(
        tournament_id=tid
    )
    movement, winners, assignments = SessionRow.objects.values_list(
        "movement", "winners", "assignments"
    ).get(tournament_id=tid, session=session)
    return session_scoring.Conditions(
        form=form,
        scoring=scoring,
        winners=winners,
        movement=movement,
        assignments=tuple(session_scoring.Table.from_json(a) for a in assignments),
        penalties=tuple(
            session_scoring.Penalty(p.entry_number, p.kind, p.unit, p.amount)
            for p in PenaltyRow.objects.filter(
                tournament_id=tid, session=session
            ).order_by("position")
        ),
    )


def session_lines(rows: Sequence[Sequence[Any]]) -> list[session_scoring.Line]:
    """The travellers of the read model (``LINE_FIELDS`` columns) as the
    pipeline reads them."""
    return [session_scoring.Line(*row) for row in rows]


def score_read_model(
    tid: UUID, session: int
) -> tuple[list[ResultRow], session_scoring.SessionFigures]:
    """The session's traveller rows and their exact figures (decision 0075)."""
    rows = list(
        ResultRow.objects.filter(tournament_id=tid, session=session).order_by("id")
    )
    figures = session_scoring.score_session(
        session_conditions(tid, session),
        session_lines([[getattr(r, name) for name in LINE_FIELDS] for r in rows]),
    )
    return rows, figures


def individual_seats(tid: UUID, session: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """(board, table) -> North, East, South, West of an individual session's
    tables (Law 4); empty for pairs and teams, whose lines name the entries."""
    assignments = (
        SessionRow.objects.filter(tournament_id=tid, session=session)
        .values_list("assignments", flat=True)
        .first()
    ) or []
    return {
        (board, a["table"]): tuple(a["players"])
        for a in assignments
        if a.get("players")
        for board in a["boards"]
    }


IMP_PAIRS = (
    tournament.ScoringMethod.IMPS_BUTLER.value,
    tournament.ScoringMethod.CROSS_IMPS.value,
)


def rank_teams(
    tid: UUID,
    session: int | None = None,
    *,
    sessions: Collection[int] | None = None,
) -> tuple[TeamStanding, ...]:
    """Rank the teams of one session (or of the whole event, or of the
    ``sessions`` named) with the FIGB tie-breaks.

    FIGB N-L78 §1/§5 and N-L8 §2/§4 through ``session_scoring.rank_teams``
    over the matches kept in MatchRow (decision 0054); Danish when every
    session is one.
    """
    scope: dict[str, Any] = {"tournament_id": tid}
    if session is not None:
        scope["session"] = session
    if sessions is not None:
        scope["session__in"] = sorted(sessions)
    matches = [
        session_scoring.Match(
            round=m.round,
            team_a=m.team_a,
            team_b=m.team_b,
            boards=m.boards,
            imps_a=m.imps_a,
            imps_b=m.imps_b,
            vp_a=Fraction(m.vp_a),
            vp_b=Fraction(m.vp_b),
            points_a=m.points_a,
            points_b=m.points_b,
        )
        for m in MatchRow.objects.filter(**scope).order_by("session", "round", "id")
    ]
    penalties = [
        session_scoring.Penalty(p.entry_number, p.kind, p.unit, p.amount)
        for p in PenaltyRow.objects.filter(**scope).order_by("position")
    ]
    movements = set(
        SessionRow.objects.filter(**scope).values_list("movement", flat=True)
    )
    team_format = (
        TeamsFormat.DANISH if movements == {"danish"} else TeamsFormat.ROUND_ROBIN
    )
    return session_scoring.rank_teams(matches, penalties, team_format)
