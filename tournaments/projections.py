"""Tournament read models: tournaments, sessions, travellers and standings.

Deterministic and idempotent per natural key (upserts). Standings are not an
aggregate: each batch marks the sessions it touched and ``flush`` rescores
them from every traveller line with the pure ``scoring.bridge`` engine
(Law 78A matchpoints, Law 12 adjusted scores, Law 87 groups, Law 90
penalties), rounding once, for publication.

Pairs scored in IMPs (Butler or cross-IMPs, Law 78D) reuse the matchpoint
columns as "points" (decision 0053): ``ResultRow.mp_ns``/``mp_ew`` hold each
line's IMPs, ``StandingRow.matchpoints`` the total IMPs, ``penalty`` the IMP
penalties and ``imps`` the net total rounded to a whole IMP. Team standings
use the FIGB tie-breaks of ``scoring.standings`` (decision 0054).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from scoring.bridge import (
    ARTIFICIAL_IMPS,
    Artificial,
    Assigned,
    PenaltyUnit,
    ProceduralPenalty,
    TableResult,
    butler_datum,
    imps,
    publish,
    team_board_imps,
)
from scoring.bridge.individual import (
    PlayerStanding,
    SeatedResult,
    score_individual_session,
)
from scoring.bridge.matchpoints import BoardScores
from scoring.bridge.session import (
    PairStanding,
    SessionMethod,
    Winners,
    score_pairs_session,
)
from scoring.bridge.vp import wbf_vp_pair
from scoring.standings import (
    PairEntry,
    TeamEntry,
    TeamMatch,
    TeamsFormat,
    TeamStanding,
    pair_standings,
    team_standings,
)
from tournaments.domain import board_result, tournament
from tournaments.domain.board_result import check_result, parse_adjusted
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

UNITS = {
    "percent_of_top": PenaltyUnit.PERCENT_OF_TOP,
    "matchpoints": PenaltyUnit.MATCHPOINTS,
}


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


def rescore_session(tid: UUID, session: int) -> None:
    """Score every traveller of the session and rewrite its standings."""
    form, scoring = TournamentRow.objects.values_list("form", "scoring").get(
        tournament_id=tid
    )
    if form == tournament.Form.TEAMS.value:
        rescore_teams(tid, session)
        return
    if form == tournament.Form.INDIVIDUAL.value:
        rescore_individual(tid, session)
        return
    if scoring in IMP_PAIRS:
        rescore_imp_pairs(tid, session, cross=scoring == IMP_PAIRS[1])
        return
    rows = list(
        ResultRow.objects.filter(tournament_id=tid, session=session).order_by("id")
    )
    boards: dict[int, list[TableResult]] = {}
    lines: dict[int, list[ResultRow]] = {}
    for row in rows:
        result = _row_result(row)
        if result is None:
            continue  # not played and not yet adjusted: nothing to score
        boards.setdefault(row.board_number, []).append(
            TableResult(row.ns, row.ew, result, group=row.group)
        )
        lines.setdefault(row.board_number, []).append(row)
    penalties = session_penalties(tid, session)
    StandingRow.objects.filter(tournament_id=tid, session=session).delete()
    if not boards:
        return
    # The session says whether there is one ranking or one per direction.
    winners = Winners(
        SessionRow.objects.values_list("winners", flat=True).get(
            tournament_id=tid, session=session
        )
    )
    scored = score_pairs_session(
        boards, SessionMethod(winners=winners), penalties=penalties
    )
    _write_matchpoints(tid, session, lines, scored.boards, scored.standings)


def _write_matchpoints(
    tid: UUID,
    session: int,
    lines: dict[int, list[ResultRow]],
    boards: Mapping[int, BoardScores],
    standings: Sequence[PairStanding | PlayerStanding],
) -> None:
    """Store each traveller line's matchpoints and the session's standings."""
    for number, board_lines in lines.items():
        scores = boards[number]
        for index, row in enumerate(board_lines):
            row.mp_ns = publish(scores.ns[index])
            row.mp_ew = publish(scores.ew[index])
            row.top = scores.top_at(index)
    ResultRow.objects.bulk_update(
        [r for ls in lines.values() for r in ls], ["mp_ns", "mp_ew", "top"]
    )
    StandingRow.objects.bulk_create(
        StandingRow(
            tournament_id=tid,
            session=session,
            entry_number=int(s.participant),  # type: ignore[call-overload]
            direction=getattr(s, "direction", ""),
            boards=s.boards,
            matchpoints=publish(s.matchpoints),
            penalty=publish(s.penalty),
            top=s.top,
            percent=publish(s.percent),
            rank=s.rank,
            tied=s.tied,
            revised={
                str(board): str(publish(points))
                for board, points in getattr(s, "revised", {}).items()
            },
        )
        for s in standings
    )


def _row_result(row: ResultRow) -> Any:
    """The result to score: the adjusted score if any, else the table's score."""
    if row.adjusted:
        return parse_adjusted(row.adjusted)
    return row.score_ns


def session_penalties(tid: UUID, session: int) -> list[ProceduralPenalty]:
    return [
        ProceduralPenalty(
            participant=p.entry_number, amount=Fraction(p.amount), unit=UNITS[p.unit]
        )
        for p in PenaltyRow.objects.filter(tournament_id=tid, session=session)
        if p.unit in UNITS
    ]


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


def rescore_individual(tid: UUID, session: int) -> None:
    """Score an individual session: each player takes his side's matchpoints.

    Law 4 and 78A; the four players of each table come from the session's
    seating (``TableAssignment.players``), North and East also being the
    traveller's ``ns`` and ``ew``.
    """
    seats = individual_seats(tid, session)
    boards: dict[int, list[SeatedResult]] = {}
    lines: dict[int, list[ResultRow]] = {}
    for row in ResultRow.objects.filter(tournament_id=tid, session=session).order_by(
        "id"
    ):
        result = _row_result(row)
        if result is None:
            continue  # not played and not yet adjusted: nothing to score
        north, east, south, west = seats[(row.board_number, row.table)]
        boards.setdefault(row.board_number, []).append(
            SeatedResult(north, east, south, west, result, group=row.group)
        )
        lines.setdefault(row.board_number, []).append(row)
    StandingRow.objects.filter(tournament_id=tid, session=session).delete()
    if not boards:
        return
    scored = score_individual_session(boards, penalties=session_penalties(tid, session))
    _write_matchpoints(tid, session, lines, scored.boards, scored.standings)


IMP_PAIRS = (
    tournament.ScoringMethod.IMPS_BUTLER.value,
    tournament.ScoringMethod.CROSS_IMPS.value,
)


def _side_imps(percent: Fraction) -> int:
    """Law 12C2(b) in IMPs: average plus +3, average 0, average minus -3."""
    if percent > 50:
        return ARTIFICIAL_IMPS
    return -ARTIFICIAL_IMPS if percent < 50 else 0


def imp_board(
    results: list[int | Artificial | Assigned], *, cross: bool
) -> list[tuple[Fraction, Fraction]]:
    """Return each line's (NS, EW) IMPs on one board of a pairs event.

    Law 78D: Butler IMPs each result against the datum of the field
    (``butler_datum``), cross-IMPs against every other result averaged over
    the comparisons (Law 78B scale). The field is the table results and the
    single assigned scores (Law 12C1(b)); an artificial score is +3/0/-3 IMPs
    per side and stays out of the field (Law 12C2(b)); a weighted or split
    assigned score is scored outcome by outcome against the field and weighted
    (Law 12C1(c), decision 0053).
    """
    field: list[int] = []
    for result in results:
        if isinstance(result, int):
            field.append(result)
        elif isinstance(result, Assigned) and result.is_single:
            field.append(result.ns_side[0].ns_score)
    datum = butler_datum(field) if field and not cross else None

    def value(score: int, member: bool) -> Fraction:
        if cross:
            others = len(field) - 1 if member else len(field)
            if others < 1:
                return Fraction(0)
            return Fraction(sum(imps(score - other) for other in field), others)
        return Fraction(0) if datum is None else Fraction(imps(score - datum))

    out: list[tuple[Fraction, Fraction]] = []
    for result in results:
        if isinstance(result, int):
            ns = value(result, True)
            out.append((ns, -ns))
        elif isinstance(result, Artificial):
            out.append(
                (
                    Fraction(_side_imps(result.ns_percent)),
                    Fraction(_side_imps(result.ew_percent)),
                )
            )
        elif result.is_single:
            ns = value(result.ns_side[0].ns_score, True)
            out.append((ns, -ns))
        else:
            ns = sum(
                (o.weight * value(o.ns_score, False) for o in result.ns_side),
                Fraction(0),
            )
            ew = sum(
                (o.weight * value(o.ns_score, False) for o in result.ew_side),
                Fraction(0),
            )
            out.append((ns, -ew))
    return out


def rescore_imp_pairs(tid: UUID, session: int, *, cross: bool) -> None:
    """Score a pairs session in IMPs (Butler or cross-IMPs, Law 78D).

    Each line's IMPs go into ``mp_ns``/``mp_ew`` (decision 0053); standings
    rank by total IMPs less IMP penalties (Law 90), one field or one per
    direction as the session says (by direction when no pair sat both ways
    unless it asks for one field), ties shared (FIGB N-L78 §4).
    """
    rows = list(
        ResultRow.objects.filter(tournament_id=tid, session=session).order_by("id")
    )
    boards: dict[int, list[ResultRow]] = {}
    for row in rows:
        row.mp_ns = row.mp_ew = row.top = None
        if row.adjusted or row.score_ns is not None:
            boards.setdefault(row.board_number, []).append(row)
    totals: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    ns_ids: set[int] = set()
    ew_ids: set[int] = set()
    for lines in boards.values():
        results = [
            parse_adjusted(r.adjusted) if r.adjusted else int(r.score_ns or 0)
            for r in lines
        ]
        for row, (ns, ew) in zip(lines, imp_board(results, cross=cross), strict=True):
            row.mp_ns, row.mp_ew = publish(ns), publish(ew)
            for pid, gained in ((row.ns, ns), (row.ew, ew)):
                totals[pid] = totals.get(pid, Fraction(0)) + gained
                played[pid] = played.get(pid, 0) + 1
            ns_ids.add(row.ns)
            ew_ids.add(row.ew)
    ResultRow.objects.bulk_update(rows, ["mp_ns", "mp_ew", "top"])
    penalty: dict[int, Fraction] = {}
    for p in PenaltyRow.objects.filter(tournament_id=tid, session=session, unit="imps"):
        penalty[p.entry_number] = penalty.get(p.entry_number, Fraction(0)) + p.amount
    StandingRow.objects.filter(tournament_id=tid, session=session).delete()
    if not totals:
        return
    winners = SessionRow.objects.values_list("winners", flat=True).get(
        tournament_id=tid, session=session
    )
    by_direction = winners != Winners.ONE.value and not ns_ids & ew_ids
    fields: dict[str, list[int]] = {}
    for pid in sorted(totals):
        direction = ("NS" if pid in ns_ids else "EW") if by_direction else ""
        fields.setdefault(direction, []).append(pid)
    standings = []
    for direction, pids in sorted(fields.items()):
        net = {pid: totals[pid] - penalty.get(pid, Fraction(0)) for pid in pids}
        for s in pair_standings([PairEntry(pid, net[pid]) for pid in pids]):
            pid = int(s.participant)  # type: ignore[call-overload]
            standings.append(
                StandingRow(
                    tournament_id=tid,
                    session=session,
                    entry_number=pid,
                    direction=direction,
                    boards=played[pid],
                    matchpoints=publish(totals[pid]),
                    penalty=publish(penalty.get(pid, Fraction(0))),
                    top=0,
                    percent=Decimal(0),
                    rank=s.rank,
                    tied=s.tied,
                    imps=int(publish(net[pid], 0)),
                )
            )
    StandingRow.objects.bulk_create(standings)


def _team_score(row: ResultRow) -> int | None:
    """A table's NS score for IMPs; an artificial score is its IMP equivalent below."""
    if row.adjusted:
        adjusted = parse_adjusted(row.adjusted)
        if isinstance(adjusted, Assigned) and adjusted.is_single:
            return adjusted.ns_side[0].ns_score
        return None
    return row.score_ns


def _artificial_imps(row: ResultRow) -> int:
    """Law 12C2(b) in teams: average plus/minus is 3 IMPs (ARTIFICIAL_IMPS)."""
    adjusted = parse_adjusted(row.adjusted or "")
    if not isinstance(adjusted, Artificial):
        return 0
    ns, ew = adjusted.ns_percent, adjusted.ew_percent
    return ARTIFICIAL_IMPS if ns > ew else -ARTIFICIAL_IMPS if ns < ew else 0


def rescore_teams(tid: UUID, session: int) -> None:
    """Two-table team matches: IMPs per board (Law 78B), WBF VPs per match.

    The two results of a board belong together when the teams of one table sit
    in the other direction at the other (open and closed room). Standings sum
    VPs; ties are broken by the FIGB tie-breaks of N-L78 §5 from the
    head-to-head data kept in MatchRow (``rank_teams``).
    """
    session_row = SessionRow.objects.get(tournament_id=tid, session=session)
    rounds_by_pair_board: dict[tuple[frozenset[int], int], int] = {}
    for a in session_row.assignments:
        for board in a["boards"]:
            rounds_by_pair_board[(frozenset((a["ns"], a["ew"])), board)] = a["round"]
    rows = ResultRow.objects.filter(tournament_id=tid, session=session).order_by(
        "table"
    )
    rooms: dict[tuple[frozenset[int], int], list[ResultRow]] = {}
    for row in rows:
        rooms.setdefault((frozenset((row.ns, row.ew)), row.board_number), []).append(
            row
        )
    # (round, a, b) -> [imps_a, imps_b, boards, points_a, points_b]
    matches: dict[tuple[int, int, int], list[int]] = {}
    for (teams, board), pair in rooms.items():
        if len(pair) != 2 or pair[0].ns != pair[1].ew:
            continue  # the other room has not played it yet
        open_room, closed_room = pair
        a, b = open_room.ns, open_room.ew
        round_number = rounds_by_pair_board.get((teams, board), 0)
        first, second = _team_score(open_room), _team_score(closed_room)
        if first is not None and second is not None:
            net = team_board_imps(first, second)
        else:
            net = _artificial_imps(open_room) - _artificial_imps(closed_room)
        key = (round_number, *sorted((a, b)))
        totals = matches.setdefault(key, [0, 0, 0, 0, 0])  # type: ignore[arg-type]
        gain_a = net if key[1] == a else -net
        if gain_a > 0:
            totals[0] += gain_a
        else:
            totals[1] -= gain_a
        totals[2] += 1
        # Total points: what each team scored at either table (open: a NS).
        for score, ns_team in ((first, a), (second, b)):
            if score:
                winner = ns_team if score > 0 else (b if ns_team == a else a)
                totals[3 if winner == key[1] else 4] += abs(score)
    MatchRow.objects.filter(tournament_id=tid, session=session).delete()
    imps_of: dict[int, int] = {}
    played: dict[int, int] = {}
    for (round_number, a, b), (imps_a, imps_b, boards, points_a, points_b) in sorted(
        matches.items()
    ):
        vp_a, vp_b = wbf_vp_pair(imps_a, imps_b, boards)
        MatchRow.objects.create(
            tournament_id=tid,
            session=session,
            round=round_number,
            team_a=a,
            team_b=b,
            boards=boards,
            imps_a=imps_a,
            imps_b=imps_b,
            vp_a=publish(vp_a),
            vp_b=publish(vp_b),
            points_a=points_a,
            points_b=points_b,
        )
        for team, gained, lost in ((a, imps_a, imps_b), (b, imps_b, imps_a)):
            imps_of[team] = imps_of.get(team, 0) + gained - lost
            played[team] = played.get(team, 0) + boards
    StandingRow.objects.filter(tournament_id=tid, session=session).delete()
    StandingRow.objects.bulk_create(
        StandingRow(
            tournament_id=tid,
            session=session,
            entry_number=int(line.participant),  # type: ignore[call-overload]
            direction="",
            boards=played[int(line.participant)],  # type: ignore[call-overload]
            matchpoints=Decimal(0),
            penalty=publish(line.vp_penalty),
            top=0,
            percent=Decimal(0),
            rank=line.rank,
            tied=line.tied,
            imps=imps_of[int(line.participant)],  # type: ignore[call-overload]
            vp=publish(line.vp),
        )
        for line in rank_teams(tid, session)
    )


def rank_teams(tid: UUID, session: int | None = None) -> tuple[TeamStanding, ...]:
    """Rank the teams of one session (or of the whole event) with the FIGB tie-breaks.

    FIGB N-L78 §1/§5 and N-L8 §2/§4 through ``scoring.standings.team_standings``:
    VPs less VP penalties and one VP per two warnings, then the residual
    warning, then (round robin and Swiss) head-to-head IMPs, IMP quotient and
    the mini-league of three or more, or (Danish, when every session is one)
    IMP difference and quotient. The head-to-head data are the ``MatchRow``s;
    total points are not kept, so those criteria stay level (decision 0054).
    """
    scope: dict[str, Any] = {"tournament_id": tid}
    if session is not None:
        scope["session"] = session
    matches = [
        TeamMatch(
            home=m.team_a,
            away=m.team_b,
            home_vp=Fraction(m.vp_a),
            away_vp=Fraction(m.vp_b),
            home_imps=m.imps_a,
            away_imps=m.imps_b,
            home_points=m.points_a,
            away_points=m.points_b,
        )
        for m in MatchRow.objects.filter(**scope).order_by("session", "round", "id")
    ]
    teams = sorted({int(t) for m in matches for t in (m.home, m.away)})  # type: ignore[call-overload]
    vp_penalty: dict[int, Fraction] = {}
    warnings: dict[int, int] = {}
    for p in PenaltyRow.objects.filter(**scope):
        if p.kind == "warning":
            warnings[p.entry_number] = warnings.get(p.entry_number, 0) + 1
        elif p.unit == "vp":
            vp_penalty[p.entry_number] = (
                vp_penalty.get(p.entry_number, Fraction(0)) + p.amount
            )
    movements = set(
        SessionRow.objects.filter(**scope).values_list("movement", flat=True)
    )
    team_format = (
        TeamsFormat.DANISH if movements == {"danish"} else TeamsFormat.ROUND_ROBIN
    )
    return team_standings(
        [
            TeamEntry(
                team,
                vp_penalty=vp_penalty.get(team, Fraction(0)),
                warnings=warnings.get(team, 0),
            )
            for team in teams
        ],
        matches,
        team_format,
    )
