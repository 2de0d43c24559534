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

The projection itself is here; the rows' columns and set-based writes are in
``tournaments.result_rows``, the kept scorer and the published standings in
``tournaments.kept_sessions``, what a session is scored from (and the teams
ranked over its matches) in ``tournaments.result_reads``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping
from typing import Any
from uuid import UUID

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from scoring.bridge.vp_scales import WBF_20
from tournaments.domain import board_result, tournament
from tournaments.domain.board_result import check_result
from tournaments.kept_sessions import KeptSession
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
from tournaments.result_reads import read_lines, session_lines
from tournaments.result_rows import (
    IDENTITY,
    insert_rows,
    swap_token,
    write_entries,
    write_positions,
    write_rows,
    write_tokens,
)


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
        # The position of the batch's last event that changes what a page of
        # a session shows (``SessionRow.position``, decision 0135); an event
        # of the whole tournament (an entry: its names) moves every session.
        self.shown: dict[tuple[UUID, int], int] = {}
        self.shown_everywhere: dict[UUID, int] = {}
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
        self.shown.clear()
        self.shown_everywhere.clear()
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
        self.shown = {k: v for k, v in self.shown.items() if k[0] != tid}
        self.shown_everywhere.pop(tid, None)
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
                    "scoring_rules": scoring_rules_row(event, recorded.payload),
                },
            )
            return
        tid = self._tournament_id(recorded)
        session = getattr(event, "session", None)
        if isinstance(session, int):
            self.shown[(tid, session)] = recorded.global_position
        else:
            self.shown_everywhere[tid] = recorded.global_position
        match event:
            case tournament.PairEntered():
                self.entries[(tid, event.number)] = {
                    "entry_id": event.entry_id,
                    "player_ids": [str(p) for p in event.player_ids],
                    "label": event.label or "",
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
                        "round": event.round,
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
                            event.board_number,
                            event.contract,
                            event.lead,
                            event.tricks,
                            event.vulnerability,
                        ),
                        confirmed=event.entered_by in board_result.CONFIRMED_BY,
                    )
                else:
                    row.update(
                        irregularity=event.kind,
                        group=event.group,
                        swap=event.swap,
                        found_here=event.found_here,
                    )
            case board_result.ResultConfirmed():
                row = self._row(sid)
                row["confirmed"] = True
                self.shown[(row["tournament_id"], row["session"])] = (
                    recorded.global_position
                )
                return  # the figures do not change
            case board_result.ResultCorrected():
                row = self._row(sid)
                row.update(
                    contract=event.contract,
                    lead=event.lead,
                    tricks=event.tricks,
                    score_ns=check_result(
                        row["board_number"],
                        event.contract,
                        event.lead,
                        event.tricks,
                        event.vulnerability,
                    ),
                    adjusted=None,
                )
            case board_result.AdjustedScoreAwarded():
                row = self._row(sid)
                row["adjusted"] = event.score
            case board_result.BoardMarkingsRecorded():
                row = self._marked(sid, event)
            case _:
                return
        key = (row["tournament_id"], row["session"])
        self.changed.setdefault(key, set()).add(sid)
        self.scored_at[key] = recorded.global_position
        self.shown[key] = recorded.global_position

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

    def _marked(
        self, stream_id: UUID, event: board_result.BoardMarkingsRecorded
    ) -> dict[str, Any]:
        """The row of a table whose copy of the board was marked otherwise
        (Law 2, decision 0170): its vulnerability, and a result already
        entered scored again under it."""
        row = self.pending.setdefault(stream_id, {})
        if "score_ns" not in row:
            result = ("contract", "lead", "tricks", "score_ns")
            known: dict[str, Any] = self.held.get(stream_id) or next(
                iter(ResultRow.objects.filter(stream_id=stream_id).values(*result)),
                {},
            )
            row.update((k, known[k]) for k in result if k in known)
        row.update(
            tournament_id=event.tournament_id,
            session=event.session,
            board_number=event.board_number,
            table=event.table,
            ns=event.ns,
            ew=event.ew,
            vulnerability=event.vulnerability,
        )
        if row.get("score_ns") is not None:
            row["score_ns"] = check_result(
                event.board_number,
                row.get("contract"),
                row.get("lead"),
                row.get("tricks"),
                event.vulnerability,
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
            self._write_positions()
            return
        write_rows(self.pending)
        self.pending.clear()
        for key in sorted(self.dirty | set(self.changed)):
            self._score(*key, self.changed.get(key, set()))
        self.dirty.clear()
        self.changed.clear()
        self.scored_at.clear()
        self.tournaments.clear()
        self._write_positions()

    def _write_positions(self) -> None:
        write_positions(self.shown, self.shown_everywhere)
        self.shown.clear()
        self.shown_everywhere.clear()

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


def scoring_rules_row(
    event: tournament.TournamentCreated, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """The event's session methods as the read model keeps them: strings,
    and the VP scale as stored when the event names one (decision 0218)."""
    rules = event.rules
    row: dict[str, Any] = {
        key: str(getattr(rules, key))
        for key in (
            "averaged_boards",
            "fouled_boards",
            "fouled_split",
            "average_revision",
        )
    }
    if rules.vp_scale != WBF_20:
        row["vp_scale"] = payload["scoring_rules"]["vp_scale"]
    return row
