"""An import planned and checked before anything is recorded (decision 0041).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 8 (rounds, tables and
boards), Law 12C (adjusted scores), Law 77 (table scores). Every command is
built from the file, then run through the pure ``decide`` functions and the
session scored in memory; a refusal names the line, pair or board.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from uuid import UUID

from django.utils import timezone

from rules.bridge import Deal, dealer_for, vulnerability_for
from rules.errors import LawRef
from scoring.formats import (
    BoardRecord,
    CompetitionForm,
    Participant,
    ScoringMethod,
    TournamentResults,
)
from scoring.formats import TableResult as FileResult
from scoring.formats.model import PASS, artificial_percentages, is_artificial
from tournaments import handlers
from tournaments.domain import board_result, tournament
from tournaments.results_io.errors import ImportRefused
from tournaments.results_io.plan_movement import (
    EXPLICIT,
    FILE_TABLES,
    SYNTHETIC,
    assignments_of,
    seated,
)

__all__ = [
    "EXPLICIT",
    "FILE_TABLES",
    "IMPORT_ACTOR",
    "NAMESPACE",
    "SESSION",
    "SYNTHETIC",
    "ImportPlan",
    "PlannedTable",
    "describe_line",
    "plan_import",
    "starts_at_for",
]

IMPORT_ACTOR = "system:import"
NAMESPACE = UUID("3c9d5e0a-7b41-4f8e-a2d6-1e5b8c4f7a93")
SESSION = 1
SESSION_HOURS = 4  # the file gives no end of play; decision 0041
# Movement labels of an imported session (decision 0041): which of the file's
# round and table numbers the assignments keep.


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """One line of the file as the commands of its board-result stream.

    ``players``: an individual line's entries at North, East, South and West
    (Law 4), ``ns`` and ``ew`` being North and East; empty for pairs.
    """

    ref: handlers.TableRef
    line: FileResult
    ns: int
    ew: int
    commands: tuple[board_result.BoardResultCommand, ...]
    players: tuple[int, ...] = ()

    def side(self, ns: bool) -> tuple[int, ...]:
        """The entries sharing the NS (or EW) figures of the line."""
        if self.players:
            return self.players[0::2] if ns else self.players[1::2]
        return (self.ns,) if ns else (self.ew,)


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """Every command of an import, built and checked before anything is recorded."""

    tournament_id: UUID
    commands: tuple[tournament.TournamentCommand, ...]
    tables: tuple[PlannedTable, ...]
    entries: Mapping[str, int]
    movement: str
    notes: tuple[str, ...]
    # A team's name by its entry id: the register's identity table, never an
    # event (decision 0179).
    team_names: Mapping[UUID, str] = field(default_factory=dict)
    sessions: int = 1
    # Each named player's name and federation number by his id: the
    # register's identity tables, never an event (decision 0180).
    player_names: Mapping[UUID, tuple[str, str]] = field(default_factory=dict)


# The file's method as the tournament records it (Law 78A; 78B and 78D).
SCORING = {
    ScoringMethod.MATCHPOINTS: tournament.ScoringMethod.MATCHPOINTS,
    ScoringMethod.BUTLER: tournament.ScoringMethod.IMPS_BUTLER,
    ScoringMethod.CROSS_IMPS: tournament.ScoringMethod.CROSS_IMPS,
}


def describe_line(line: FileResult) -> str:
    """The line as a user finds it: its board and sides (an individual's
    partners North-South v East-West, Law 4)."""
    if line.players is not None:
        north, east, south, west = line.players
        return f"board {line.board_number} ({north}-{south} v {east}-{west})"
    return f"board {line.board_number} ({line.ns_id} v {line.ew_id})"


# The file's form as the tournament records it (Definitions, "Contestant").
FORMS = {
    CompetitionForm.PAIRS: tournament.Form.PAIRS,
    CompetitionForm.INDIVIDUAL: tournament.Form.INDIVIDUAL,
}


def _check_supported(results: TournamentResults) -> None:
    """Refuse what the tournament domain cannot record (decision 0041)."""
    header = results.header
    if header.form is CompetitionForm.TEAMS:
        if header.scoring is not ScoringMethod.IMPS:
            raise ImportRefused(
                f"teams are imported scored in IMPs and VPs, not {header.scoring}",
                law=LawRef("78B"),
            )
    elif header.form not in FORMS:
        raise ImportRefused(
            "only pairs, teams and individual events can be imported, not "
            f"{header.form}"
        )
    elif (
        header.form is CompetitionForm.INDIVIDUAL
        and header.scoring is not ScoringMethod.MATCHPOINTS
    ):
        # Decision 0056: an individual event is matchpointed.
        raise ImportRefused(
            f"an individual event is matchpointed, not scored in {header.scoring}",
            law=LawRef("78A"),
        )
    elif header.scoring not in SCORING:
        # A pairs file's plain IMP does not say against what (Law 78D).
        ask = (
            ": give imp_pairs (cross_imps or butler) to say how its IMPs were scored"
            if header.scoring is ScoringMethod.IMPS
            else ""
        )
        raise ImportRefused(
            "only matchpointed, Butler and cross-IMP pairs events can be "
            f"imported, not {header.scoring}{ask}",
            law=LawRef("78"),
        )
    if not results.results:
        raise ImportRefused("the file has no table results")
    for line in results.results:
        split = artificial_percentages(line.contract)
        if split is not None and any(v != v.to_integral_value() for v in split):
            # The board-result stream records whole percentages ("A60/40").
            raise ImportRefused(
                f"{describe_line(line)}: artificial score {line.contract} with a "
                "fractional percentage is not supported",
                law=LawRef("12C2"),
            )


def _entry_numbers(
    participants: Sequence[Participant],
) -> tuple[dict[str, int], str | None]:
    """Return each participant's entry number, and a note if renumbered.

    Law 8 / decision 0041: the file's numbers when unique; in a two-winner
    Mitchell numbered 1..T in each direction, EW pair e becomes T + e as our
    Mitchell numbers them; otherwise 1..N in file order.
    """
    numbers = [p.number for p in participants]
    if all(n is not None and n >= 1 for n in numbers) and len(set(numbers)) == len(
        numbers
    ):
        return {p.participant_id: p.number for p in participants if p.number}, None
    ns = [p.number for p in participants if p.direction == "NS"]
    ew = [p.number for p in participants if p.direction == "EW"]
    if (
        len(ns) + len(ew) == len(participants)
        and all(n is not None and n >= 1 for n in ns + ew)
        and len(set(ns)) == len(ns)
        and len(set(ew)) == len(ew)
    ):
        offset = max((n for n in ns if n is not None), default=0)
        entries = {
            p.participant_id: (p.number or 0) + (offset if p.direction == "EW" else 0)
            for p in participants
        }
        return entries, (
            f"EW pairs renumbered after the {len(ns)} NS pairs: EW pair e is "
            f"entry {offset} + e"
        )
    entries = {p.participant_id: i for i, p in enumerate(participants, start=1)}
    return entries, (
        "contestant numbers missing or repeated: entries numbered in file order"
    )


def _player_ids(
    tournament_id: UUID,
    participant: Participant,
    size: int = 2,
    registered: Mapping[str, UUID] | None = None,
    named: dict[UUID, tuple[str, str]] | None = None,
) -> tuple[UUID, ...]:
    """Return the players' ids; no name is ever in an event (decision 0180).

    A federation number the register holds gives the registered player's id
    (``registered``); another federation number gives the same derived id in
    every import; a player known only by name gets an id scoped to this
    tournament and pair. A pair whose players the file does not name gets two
    such ids (decision 0041); an individual's contestant is one player
    (``size`` 1, Law 4). Each named player's name and number go to ``named``,
    for the register's identity tables.
    """
    ids = []
    for index, player in enumerate(participant.players):
        if player.federation_id:
            known = (registered or {}).get(player.federation_id)
            ids.append(
                known or uuid.uuid5(NAMESPACE, f"federation:{player.federation_id}")
            )
        else:
            key = f"{tournament_id}:{participant.participant_id}:{index}:{player.name}"
            ids.append(uuid.uuid5(NAMESPACE, f"player:{key}"))
        if named is not None:
            named[ids[-1]] = (player.name, player.federation_id or "")
    for index in range(len(ids), size):
        key = f"{tournament_id}:{participant.participant_id}:{index}"
        ids.append(uuid.uuid5(NAMESPACE, f"unnamed:{key}"))
    return tuple(ids)


def _domain_contract(line: FileResult) -> str | None:
    """Return the board-result spelling: "4SXN" (contract and declarer), None if passed."""
    if line.contract == PASS:
        return None
    return f"{line.contract}{line.declarer}"


def _artificial_text(line: FileResult) -> str:
    split = artificial_percentages(line.contract)
    assert split is not None
    ns, ew = (int(v) for v in split)
    return f"A{ns:02d}/{ew:02d}"  # the form Artificial.parse reads


def _table_commands(
    line: FileResult,
    ref: handlers.TableRef,
    ns: int,
    ew: int,
    board: BoardRecord | None = None,
) -> tuple[board_result.BoardResultCommand, ...]:
    """The table's commands; a board the file marks otherwise than Law 2
    says is recorded as the copy the table played, which it scores with
    (Law 2, decision 0170)."""
    marked = _markings(line, ref, ns, ew, board)
    return marked + _result_commands(line, ref, ns, ew)


def _markings(
    line: FileResult,
    ref: handlers.TableRef,
    ns: int,
    ew: int,
    board: BoardRecord | None,
) -> tuple[board_result.BoardResultCommand, ...]:
    if board is None or (board.dealer is None and board.vulnerability is None):
        return ()
    return (
        board_result.RecordBoardMarkings(
            tournament_id=ref.tournament_id,
            session=ref.session,
            board_number=ref.board_number,
            table=ref.table,
            ns=ns,
            ew=ew,
            copy="file",
            dealer=board.dealer or dealer_for(line.board_number).value,
            vulnerability=board.vulnerability
            or vulnerability_for(line.board_number).value,
        ),
    )


def _result_commands(
    line: FileResult, ref: handlers.TableRef, ns: int, ew: int
) -> tuple[board_result.BoardResultCommand, ...]:
    reason = "adjusted score recorded in the imported results file"
    if is_artificial(line.contract):
        # Law 12C2: no result was obtained; the artificial score replaces it.
        return (
            board_result.RecordBoardIrregularity(
                tournament_id=ref.tournament_id,
                session=ref.session,
                board_number=ref.board_number,
                table=ref.table,
                ns=ns,
                ew=ew,
                kind="not_played",
                note="artificial adjusted score in the imported file",
            ),
            board_result.AwardAdjustedScore(
                score=_artificial_text(line), law="12C2", reason=reason
            ),
        )
    entered: board_result.BoardResultCommand = board_result.EnterResult(
        tournament_id=ref.tournament_id,
        session=ref.session,
        board_number=ref.board_number,
        table=ref.table,
        ns=ns,
        ew=ew,
        contract=_domain_contract(line),
        lead=line.lead,
        tricks=line.tricks,
        entered_by="director",
    )
    if line.weighted is not None:
        # Law 12C1(c)/(e): the weighted or split score replaces the table
        # result entered above, in the stream's spelling (decision 0184).
        ns_side, ew_side = (
            ",".join(f"{score}@{weight}" for score, weight in side)
            for side in line.weighted
        )
        balanced = ns_side == ew_side
        text = f"assigned:{ns_side}" if balanced else f"split:ns={ns_side};ew={ew_side}"
        return (
            entered,
            board_result.AwardAdjustedScore(
                score=text,
                law="12C1c" if balanced else "12C1e",
                reason=reason,
            ),
        )
    if not line.assigned:
        return (entered,)
    # Law 12C1: the file gives the assigned result, not the one it replaced;
    # it is entered as the table result and marked assigned (decision 0041).
    score = line.score_ns if line.score_ns is not None else 0
    return (
        entered,
        board_result.AwardAdjustedScore(
            score=f"assigned:{score}", law="12C1", reason=reason
        ),
    )


def _winners(results: TournamentResults) -> tuple[str, list[str]]:
    """One ranking or one per direction, and the contestants that switched.

    A USEBIO file's ``WINNER_TYPE`` 1 is one ranking, whatever directions
    its pairs kept (decision 0184). Decision 0076: a file whose contestants each carry a direction and sit
    only in it is a two-winner Mitchell (ranked by direction). One that
    carries directions but seats a pair in the other direction on some boards
    (an arrow switch, as Magic Contest and Ruter files do) cannot be ranked by
    direction (Law 78A: the pair met both fields): it is one field, and its
    directions are the pairs' home directions.
    """
    if results.header.winner_type == 1 or not all(
        p.direction for p in results.participants
    ):
        # USEBIO WINNER_TYPE 1: the file ranks one field (decision 0184).
        return "one", []
    declared = {p.participant_id: p.direction for p in results.participants}
    switched: set[str] = set()
    for line in results.results:
        for pid, direction in ((line.ns_id, "NS"), (line.ew_id, "EW")):
            if declared[pid] != direction:
                switched.add(pid)
    if switched:
        return "one", sorted(switched)
    return "by_direction", []


def _hand_records(
    results: TournamentResults,
) -> tuple[tuple[tournament.HandRecord, ...], list[str]]:
    """The file's complete deals of the boards it scores, and a note for each
    deal that is not one (Law 6B: 52 different cards, 13 to each hand): the
    results are imported without it."""
    played = {line.board_number for line in results.results}
    records = []
    notes = []
    for board in results.boards:
        if board.deal is None or board.board_number not in played:
            continue
        try:
            Deal.from_pbn(board.deal)
        except ValueError as error:
            notes.append(
                f"board {board.board_number}: the file's deal is not recorded "
                f"({error}, Law 6B)"
            )
            continue
        records.append(
            tournament.HandRecord(board_number=board.board_number, deal=board.deal)
        )
    return tuple(records), notes


def starts_at_for(results: TournamentResults, now: datetime) -> datetime:
    """Noon on the file's date in the server's zone (no time is given), else now."""
    if results.header.date is None:
        return now
    return datetime.combine(
        results.header.date, time(12, 0), tzinfo=timezone.get_current_timezone()
    )


def plan_import(
    results: TournamentResults,
    *,
    tournament_id: UUID,
    fallback_name: str,
    starts_at: datetime,
    regulation: tournament.Regulation = tournament.Regulation.FIGB,
    scoring_rules: tournament.ScoringRules | None = None,
    more: Sequence[TournamentResults] = (),
    registered: Mapping[str, UUID] | None = None,
) -> ImportPlan:
    """Build every command of the import; raise ``ImportRefused`` if impossible.

    ``more``: a teams file's further sessions, with the same teams (decision
    0179); session n of the file is session n of the event. ``registered``:
    the register's player of each federation number the file gives (decision
    0180)."""
    _check_supported(results)
    entries, renumbered = _entry_numbers(results.participants)
    notes = [renumbered] if renumbered else []
    teams = results.header.form is CompetitionForm.TEAMS
    sessions = (results, *more)
    if more and not teams:
        # Decision 0179: a pairs event's sessions are separate files.
        raise ImportRefused(
            f"the file holds {len(sessions)} sessions: only a teams file may"
        )
    for later in more:
        _check_supported(later)
        if {p.participant_id for p in later.participants} != set(entries):
            raise ImportRefused("the sessions of the file name different teams")
    schedules: list[tournament.TournamentCommand] = []
    tables = []
    movement = EXPLICIT
    winners, switched = ("auto", []) if teams else _winners(results)
    for number, session_results in enumerate(sessions, start=1):
        assignments, places, movement = assignments_of(
            session_results.results, entries, teams
        )
        if movement == FILE_TABLES:
            notes.append("the file gives no rounds: each board is scheduled as a round")
        elif movement == SYNTHETIC and teams:
            notes.append(
                "the file gives no usable rounds and tables: the matches playing "
                "the same boards are a round, each match at two tables"
            )
        elif movement == SYNTHETIC:
            notes.append(
                "the file gives no usable rounds and tables: each board is a round, "
                "its tables numbered in file order"
            )
        begins = starts_at + timedelta(hours=SESSION_HOURS * (number - 1))
        schedules.append(
            tournament.ScheduleSession(
                session=number,
                movement=movement,
                starts_at=begins,
                ends_at=begins + timedelta(hours=SESSION_HOURS),
                assignments=assignments,
                winners=winners,
            )
        )
        if teams:
            dealt = tuple(
                tournament.HandRecord(board_number=b.board_number, deal=b.deal)
                for b in session_results.boards
                if b.deal is not None and "-" not in b.deal.split()
            )
        else:
            dealt, bad_deals = _hand_records(session_results)
            notes.extend(bad_deals)
        if dealt:
            # Law 6: the deals the file carries become the session's hand
            # records, as a dealing machine's file would (decisions 0179, 0183).
            schedules.append(
                tournament.SetHandRecords(
                    session=number,
                    source=tournament.HandSource.IMPORTED,
                    records=dealt,
                )
            )
        boards = {b.board_number: b for b in session_results.boards}
        for line, (_, table) in zip(session_results.results, places, strict=True):
            ref = handlers.TableRef(tournament_id, number, line.board_number, table)
            ns, ew = entries[line.ns_id], entries[line.ew_id]
            players = seated(line, entries) if line.players is not None else ()
            tables.append(
                PlannedTable(
                    ref,
                    line,
                    ns,
                    ew,
                    _table_commands(line, ref, ns, ew, boards.get(line.board_number)),
                    players,
                )
            )
    if switched:
        notes.append(
            f"{', '.join(switched)} sat in both directions (an arrow switch): one "
            "ranking, the file's directions are taken as home directions"
        )
    form = tournament.Form.TEAMS if teams else FORMS[results.header.form]
    commands: list[tournament.TournamentCommand] = [
        tournament.CreateTournament(
            tournament_id=tournament_id,
            name=results.header.name.strip() or fallback_name,
            form=form,
            scoring=tournament.ScoringMethod.TEAMS_IMPS_VP
            if teams
            else SCORING[results.header.scoring],
            windows=tournament.WindowRules.of(regulation),
            starts_at=starts_at,
            # The file's players, by derived ids, not the register's (0083).
            imported=True,
            # The regulation's methods unless the import chose (N-L12, N-L87).
            scoring_rules=scoring_rules,
        )
    ]
    team_names: dict[UUID, str] = {}
    named: dict[UUID, tuple[str, str]] = {}
    for participant in sorted(
        results.participants, key=lambda p: entries[p.participant_id]
    ):
        number = entries[participant.participant_id]
        entry_id = uuid.uuid5(NAMESPACE, f"{tournament_id}:entry:{number}")
        if teams and participant.name:
            team_names[entry_id] = participant.name
        label = participant.participant_id
        commands.append(
            tournament.EnterPair(
                number=number,
                entry_id=entry_id,
                # The file's own id, written back on export (decision 0192).
                label=None if label == str(number) else label,
                # Law 86 / N-L11: a team of four to six (unnamed ones pad it);
                # an individual's contestant is one player (Law 4).
                player_ids=_player_ids(
                    tournament_id,
                    participant,
                    4 if teams else 1 if form is tournament.Form.INDIVIDUAL else 2,
                    registered,
                    named,
                ),
            )
        )
    commands.extend(schedules)
    for number, session_results in enumerate(sessions, start=1):
        commands.extend(
            _penalty_commands(session_results, number, entries, teams=teams)
        )
    return ImportPlan(
        tournament_id=tournament_id,
        commands=tuple(commands),
        tables=tuple(tables),
        entries=entries,
        movement=movement,
        notes=tuple(notes),
        team_names=team_names,
        sessions=len(sessions),
        player_names=named,
    )


PENALTY_REASON = "penalty in the imported results file"


def _penalty_commands(
    results: TournamentResults,
    session: int,
    entries: Mapping[str, int],
    *,
    teams: bool,
) -> list[tournament.TournamentCommand]:
    """The file's penalties as the tournament's (Law 90, FIGB N-L8; decision
    0181): matchpoints as matchpoints, a percentage of a top as itself;
    percentage points of the session as
    a percentage of a top on each board the pair played (P points of a
    session of n boards is n x P % of a top); IMPs off the named match
    (FIGB §2.1 rule 2); VPs off the total. The domain records whole amounts:
    another is refused, naming the pair or team."""
    commands: list[tournament.TournamentCommand] = []
    for penalty in results.penalties:
        who = f"{'team' if teams else 'pair'} {penalty.participant_id}"
        if teams is not (penalty.unit in ("IMP", "VP")):
            raise ImportRefused(
                f"{who}: a penalty in {penalty.unit} in a "
                f"{'teams' if teams else 'pairs'} file",
                law=LawRef("90"),
            )
        amount = penalty.amount
        unit = {
            "MP": "matchpoints",
            "PERCENT": "percent_of_top",
            "TOP_PERCENT": "percent_of_top",
            "IMP": "imps",
            "VP": "vp",
        }[penalty.unit]
        if penalty.unit == "PERCENT":
            boards = sum(
                1
                for line in results.results
                if penalty.participant_id in (line.ns_id, line.ew_id)
            )
            amount = amount * boards
        if amount != amount.to_integral_value():
            raise ImportRefused(
                f"{who}: a penalty of {penalty.amount} {penalty.unit} is not a whole "
                f"{unit.replace('_', ' ')} amount, which the tournament records",
                law=LawRef("90"),
            )
        commands.append(
            tournament.ImposePenalty(
                session=session,
                entry_number=entries[penalty.participant_id],
                kind="procedural",
                unit=unit,
                amount=int(amount),
                reason=PENALTY_REASON,
                round=penalty.round_number,
            )
        )
    return commands
