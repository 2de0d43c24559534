"""The pieces of a results file both exports build from the read models: a
traveller line, the participants, the penalties, the boards with their
vulnerability and deals (decision 0040). A pairs or individual session
(``exporting``) and a teams session (``teams_export``) are written from the
same lines, so neither export imports the other (decision 0222).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 2 (dealer and
vulnerability from the board number), Law 12C (adjusted scores), Law 78A.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import fields
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from registry.boundary import player_names, team_names
from rules.bridge import Contract, dealer_for, vulnerability_for
from scoring.bridge import Artificial, Assigned, publish
from scoring.formats import (
    BoardRecord,
    Participant,
    Penalty,
    Player,
)
from scoring.formats import TableResult as FileResult
from scoring.formats.conventions import PROGRAMS
from scoring.formats.model import PASS, artificial_marker, normalise_deal
from tournaments import handlers
from tournaments.domain.board_result import parse_adjusted
from tournaments.domain.session_scoring import LineFigures
from tournaments.models import (
    DoubleDummyRow,
    EntryRow,
    PenaltyRow,
    ResultRow,
    TournamentRow,
)
from tournaments.results_io.errors import ExportRefused

__all__ = [
    "board_records",
    "file_line",
    "marked_vulnerabilities",
    "participants_of",
    "penalties_of",
    "rules_of",
]


def _players(
    player_ids: Sequence[object], known: Mapping[UUID, tuple[str, str]]
) -> tuple[Player, ...]:
    """The entry's players as the register names them; none unless the
    register knows every one (a file lists a partnership whole)."""
    named = [known.get(UUID(str(p))) for p in player_ids]
    if not named or any(n is None for n in named):
        return ()
    players = []
    for name, number in (n for n in named if n is not None):
        clean = name.replace(";", ",")
        players.append(Player(name=clean, federation_id=number or None))
    return tuple(players)


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _contract(row: ResultRow) -> tuple[str, str | None]:
    """Return the file spelling of the row's contract and its declarer."""
    if row.contract is None:
        return PASS, None
    contract = Contract.parse(row.contract)
    text = f"{contract.level}{contract.denomination.value}{contract.doubling.value}"
    return text, contract.declarer.value


def file_line(
    row: ResultRow,
    ids: Mapping[int, str],
    place: tuple[int | None, int | None],
    figures: LineFigures | None,
    players: tuple[str, str, str, str] | None = None,
    *,
    imps: bool = False,
) -> FileResult | None:
    """Return the row as a file line, None for a board neither played nor adjusted."""
    where = f"board {row.board_number} table {row.table}"
    fields: dict[str, Any] = {}
    adjustment = parse_adjusted(row.adjusted) if row.adjusted else None
    if isinstance(adjustment, Artificial):
        fields["contract"] = artificial_marker(
            _decimal(adjustment.ns_percent), _decimal(adjustment.ew_percent)
        )
    elif row.score_ns is None:
        if adjustment is not None:
            raise ExportRefused(f"{where}: an assigned score without its contract")
        return None
    else:
        contract, declarer = _contract(row)
        fields.update(contract=contract, declarer=declarer, lead=row.lead)
        fields.update(tricks=row.tricks, score_ns=row.score_ns)
        if isinstance(adjustment, Assigned):
            if not adjustment.is_single:
                # Law 12C1(c)/(e): the table result it replaced, its outcomes
                # and the figures they score (decision 0184).
                fields.update(
                    weighted=tuple(
                        tuple((o.ns_score, _decimal(o.weight)) for o in side)
                        for side in (adjustment.ns_side, adjustment.ew_side)
                    )
                )
            else:
                fields.update(assigned=True, score_ns=adjustment.ns_side[0].ns_score)
    if figures is not None and imps:
        # Butler or cross-IMP points (Law 78D), rounded once.
        fields.update(imp_ns=publish(figures.ns), imp_ew=publish(figures.ew))
    elif figures is not None:
        # The pipeline's figures, rounded once as the projection rounds them.
        fields.update(
            mp_ns=publish(figures.ns),
            mp_ew=publish(figures.ew),
            percentage_ns=None
            if figures.percent_ns is None
            else publish(figures.percent_ns),
            percentage_ew=None
            if figures.percent_ew is None
            else publish(figures.percent_ew),
        )
    return FileResult(
        board_number=row.board_number,
        ns_id=ids[row.ns],
        ew_id=ids[row.ew],
        round_number=place[0],
        table_number=place[1],
        players=players,
        **fields,
    )


def participants_of(
    tournament_id: UUID,
    directions: Mapping[int, str],
    *,
    names: bool,
    teams: bool = False,
) -> tuple[dict[int, str], tuple[Participant, ...]]:
    """Each entry's file id (its number) and the entries as participants,
    with their players' names and federation numbers from the register when
    ``names`` (never from events, which hold ids only); a team's name from
    the register's identity table (decision 0179)."""
    entries = list(
        EntryRow.objects.filter(tournament_id=tournament_id).order_by("number")
    )
    ids = {e.number: e.label or str(e.number) for e in entries}
    if len(set(ids.values())) != len(ids):
        # An imported entry's id (0192) that another's number now holds.
        ids = {e.number: str(e.number) for e in entries}
    known = (
        player_names(UUID(str(p)) for e in entries for p in e.player_ids)
        if names
        else {}
    )
    named = team_names(UUID(str(e.entry_id)) for e in entries) if teams else {}
    participants = tuple(
        Participant(
            participant_id=ids[e.number],
            number=e.number,
            direction=directions.get(e.number),
            name=_team_name(named.get(UUID(str(e.entry_id)))),
            players=_players(e.player_ids, known),
        )
        for e in entries
    )
    return ids, participants


# The tournament's penalty units as a file writes them (decision 0181).
_PENALTY_UNITS = {
    "matchpoints": "MP",
    "percent_of_top": "TOP_PERCENT",
    "imps": "IMP",
    "vp": "VP",
}


def penalties_of(
    tournament_id: UUID, session: int, ids: Mapping[int, str]
) -> tuple[Penalty, ...]:
    """The session's penalties on entered contestants, in the order imposed
    (Laws 90-91, FIGB N-L8): a warning takes nothing off and is not written."""
    return tuple(
        Penalty(
            participant_id=ids[row.entry_number],
            unit=_PENALTY_UNITS[row.unit],
            amount=Decimal(row.amount),
            round_number=row.round if row.unit == "imps" else None,
        )
        for row in PenaltyRow.objects.filter(
            tournament_id=tournament_id, session=session
        ).order_by("position")
        if row.unit in _PENALTY_UNITS and row.amount > 0 and row.entry_number in ids
    )


def _team_name(name: str | None) -> str | None:
    """A team's name as every format carries it: trimmed, on one line, no
    ``;`` (PBN's separator)."""
    if name is None:
        return None
    clean = " ".join(name.replace(";", ",").split())
    return clean or None


def marked_vulnerabilities(
    rows: Iterable[ResultRow], notes: list[str]
) -> dict[int, str]:
    """Each board's vulnerability as the tables' rows give it: the copies'
    markings (Law 2 keeps a used copy's, decision 0170), Law 2's by number
    where a row has none. Copies marked differently (a fouled board, Law
    87A): the correct form's (group 0, Law 87B), with a note naming the
    tables that played another; each line's score is its own copy's."""
    forms: dict[int, dict[str, list[tuple[int, int]]]] = {}
    for r in rows:
        marked = r.vulnerability or vulnerability_for(r.board_number).value
        forms.setdefault(r.board_number, {}).setdefault(marked, []).append(
            (r.group, r.table)
        )
    chosen: dict[int, str] = {}
    for board, marks in sorted(forms.items()):
        correct = min(marks, key=lambda m: (min(marks[m])[0], m))
        chosen[board] = correct
        for other, tables in sorted(marks.items()):
            if other != correct:
                notes.append(
                    f"board {board}: table(s) "
                    f"{', '.join(str(t) for _, t in sorted(tables, key=lambda x: x[1]))} "
                    f"played a copy marked vulnerable {other} (Law 87A); the file "
                    f"gives the board as {correct}, each line its own score"
                )
    return chosen


def board_records(
    tournament_id: UUID,
    session: int,
    numbers: Collection[int],
    data: Mapping[int, int] | None = None,
    vulnerabilities: Mapping[int, str] | None = None,
) -> tuple[BoardRecord, ...]:
    """The boards played: dealer by number and vulnerability as marked on
    the copies played (``marked_vulnerabilities``; Law 2's by number), the
    deal where the session's hand records hold it (Law 6), the Butler datum
    where there is one (Law 78D), the double-dummy tricks and par where the
    deal was analysed."""
    deals = handlers.load_tournament(tournament_id).sessions.get(session)
    known = deals.hand_records if deals is not None else {}
    # The double-dummy tricks of the deal now recorded (information only).
    analysed = {
        r.board_number: r
        for r in DoubleDummyRow.objects.filter(
            tournament_id=tournament_id, session=session
        )
        if known.get(r.board_number) == r.deal
    }
    solved = {n: tuple(tuple(row) for row in r.tricks) for n, r in analysed.items()}
    return tuple(
        BoardRecord(
            board_number=n,
            dealer=dealer_for(n).value,
            vulnerability=(vulnerabilities or {}).get(n, vulnerability_for(n).value),
            deal=normalise_deal(known[n]) if n in known else None,
            datum=(data or {}).get(n),
            double_dummy=solved.get(n),
            # Par from North-South's side (DDS dealer-par, decision 0183).
            par_score=analysed[n].par_score if n in analysed else None,
        )
        for n in sorted(numbers)
    )


RULE_SETTINGS = (
    "regulation",
    "averaged_boards",
    "fouled_boards",
    "fouled_split",
    "average_revision",
)
"""The tournament's rules an export carries and an import takes (0224)."""


def rules_of(row: TournamentRow) -> tuple[tuple[str, str], ...]:
    """The rules the session's figures were made under (the regulation and
    its methods: Law 12C, 78A, 87B; FIGB N-L12, N-L87) and the conventions
    they are printed in, Arbitro's (decision 0129: half up, exact totals,
    Neuberg; a Butler datum trimmed one at each end, to 10): written in
    every export so that its import scores and reads it as it was made
    (decision 0224)."""
    given = {"regulation": row.regulation, **(row.scoring_rules or {})}
    rules = [(k, str(given[k])) for k in RULE_SETTINGS if given.get(k)]
    printed = PROGRAMS["arbitro"]
    for item in fields(printed):
        value = getattr(printed, item.name)
        if isinstance(value, bool):
            value = "yes" if value else "no"
        rules.append((item.name, str(value)))
    return tuple(rules)
