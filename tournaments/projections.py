"""Tournament read models: tournaments, sessions, travellers and standings.

Deterministic and idempotent per natural key (upserts). Standings are not an
aggregate: each batch marks the sessions it touched and ``flush`` rescores
them from every traveller line with the one scoring pipeline
(``tournaments.domain.session_scoring``, decision 0075: Law 78A matchpoints,
Law 12 adjusted scores, Law 87 groups, Law 90 penalties), rounding once, for
publication.

Pairs scored in IMPs (Butler or cross-IMPs, Law 78D) reuse the matchpoint
columns as "points" (decision 0053): ``ResultRow.mp_ns``/``mp_ew`` hold each
line's IMPs, ``StandingRow.matchpoints`` the total IMPs, ``penalty`` the IMP
penalties and ``imps`` the net total rounded to a whole IMP. Team standings
use the FIGB tie-breaks of ``scoring.standings`` (decision 0054).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from uuid import UUID

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
from tournaments.officials import apply_official


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

    def __init__(self) -> None:
        self.dirty: set[tuple[UUID, int]] = set()

    def reset(self) -> None:
        for model in self.ROW_MODELS:
            model.objects.all().delete()

    def discard(self) -> None:
        self.dirty.clear()

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
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        event = recorded.event
        if recorded.event_type.startswith("tournament."):
            self._tournament(recorded, event)
        else:
            self._result(recorded, event)

    def _tournament_id(self, recorded: RecordedEvent) -> UUID:
        return TournamentRow.objects.values_list("tournament_id", flat=True).get(
            stream_id=recorded.stream_id
        )

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
                EntryRow.objects.update_or_create(
                    tournament_id=tid,
                    number=event.number,
                    defaults={
                        "entry_id": event.entry_id,
                        "player_ids": [str(p) for p in event.player_ids],
                    },
                )
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

    def _close(self, tid: UUID, session: int, **flag: bool) -> None:
        SessionRow.objects.filter(tournament_id=tid, session=session).update(**flag)
        SessionRow.objects.filter(
            tournament_id=tid,
            session=session,
            correction_closed=True,
            appeal_closed=True,
        ).update(status=SessionRow.Status.FINAL)

    def _result(self, recorded: RecordedEvent, event: Any) -> None:
        match event:
            case (
                board_result.ResultEntered() | board_result.BoardIrregularityRecorded()
            ):
                defaults: dict[str, Any] = {
                    "tournament_id": event.tournament_id,
                    "session": event.session,
                    "board_number": event.board_number,
                    "table": event.table,
                    "ns": event.ns,
                    "ew": event.ew,
                }
                if isinstance(event, board_result.ResultEntered):
                    defaults.update(
                        contract=event.contract,
                        lead=event.lead,
                        tricks=event.tricks,
                        score_ns=check_result(
                            event.board_number, event.contract, event.lead, event.tricks
                        ),
                        confirmed=event.entered_by in board_result.CONFIRMED_BY,
                    )
                else:
                    defaults.update(irregularity=event.kind, group=event.group)
                row, _ = ResultRow.objects.update_or_create(
                    stream_id=recorded.stream_id, defaults=defaults
                )
            case board_result.ResultConfirmed():
                row = ResultRow.objects.get(stream_id=recorded.stream_id)
                row.confirmed = True
                row.save(update_fields=["confirmed"])
            case board_result.ResultCorrected():
                row = ResultRow.objects.get(stream_id=recorded.stream_id)
                row.contract, row.lead, row.tricks = (
                    event.contract,
                    event.lead,
                    event.tricks,
                )
                row.score_ns = check_result(
                    row.board_number, event.contract, event.lead, event.tricks
                )
                row.adjusted = None
                row.save()
            case board_result.AdjustedScoreAwarded():
                row = ResultRow.objects.get(stream_id=recorded.stream_id)
                row.adjusted = event.score
                row.save(update_fields=["adjusted"])
            case _:
                return
        self.dirty.add((row.tournament_id, row.session))

    def flush(self) -> None:
        for tid, session in sorted(self.dirty):
            rescore_session(tid, session)
        self.dirty.clear()


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


def session_lines(rows: Sequence[ResultRow]) -> list[session_scoring.Line]:
    """The travellers of the read model as the pipeline reads them."""
    return [
        session_scoring.Line(
            key=row.stream_id,
            board_number=row.board_number,
            table=row.table,
            ns=row.ns,
            ew=row.ew,
            score_ns=row.score_ns,
            adjusted=row.adjusted,
            group=row.group,
        )
        for row in rows
    ]


def score_read_model(
    tid: UUID, session: int
) -> tuple[list[ResultRow], session_scoring.SessionFigures]:
    """The session's traveller rows and their exact figures (decision 0075)."""
    rows = list(
        ResultRow.objects.filter(tournament_id=tid, session=session).order_by("id")
    )
    figures = session_scoring.score_session(
        session_conditions(tid, session), session_lines(rows)
    )
    return rows, figures


def rescore_session(tid: UUID, session: int) -> None:
    """Score every traveller of the session and rewrite its standings.

    The one scoring pipeline (``session_scoring.score_session``) gives the
    exact figures; they are rounded here once, for publication (decision 0020).
    """
    rows, figures = score_read_model(tid, session)
    for row in rows:
        line = figures.lines.get(row.stream_id)
        row.mp_ns = None if line is None else publish(line.ns)
        row.mp_ew = None if line is None else publish(line.ew)
        row.top = None if line is None else line.top
    ResultRow.objects.bulk_update(rows, ["mp_ns", "mp_ew", "top"])
    MatchRow.objects.filter(tournament_id=tid, session=session).delete()
    MatchRow.objects.bulk_create(
        MatchRow(
            tournament_id=tid,
            session=session,
            round=m.round,
            team_a=m.team_a,
            team_b=m.team_b,
            boards=m.boards,
            imps_a=m.imps_a,
            imps_b=m.imps_b,
            vp_a=publish(m.vp_a),
            vp_b=publish(m.vp_b),
            points_a=m.points_a,
            points_b=m.points_b,
        )
        for m in figures.matches
    )
    StandingRow.objects.filter(tournament_id=tid, session=session).delete()
    StandingRow.objects.bulk_create(
        StandingRow(
            tournament_id=tid,
            session=session,
            entry_number=s.entry_number,
            direction=s.direction,
            boards=s.boards,
            matchpoints=publish(s.matchpoints),
            penalty=publish(s.penalty),
            top=s.top,
            percent=publish(s.percent),
            rank=s.rank,
            tied=s.tied,
            imps=None if s.imps is None else int(publish(s.imps, 0)),
            vp=None if s.vp is None else publish(s.vp),
            revised={
                str(board): str(publish(points)) for board, points in s.revised.items()
            },
        )
        for s in figures.standings
    )


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


def rank_teams(tid: UUID, session: int | None = None) -> tuple[TeamStanding, ...]:
    """Rank the teams of one session (or of the whole event) with the FIGB tie-breaks.

    FIGB N-L78 §1/§5 and N-L8 §2/§4 through ``session_scoring.rank_teams``
    over the matches kept in MatchRow (decision 0054); Danish when every
    session is one.
    """
    scope: dict[str, Any] = {"tournament_id": tid}
    if session is not None:
        scope["session"] = session
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
