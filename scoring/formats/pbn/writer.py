"""Write the interchange model as a PBN 2.1 results file (decision 0026)."""

from __future__ import annotations

from decimal import Decimal

from scoring.formats.errors import FormatError
from scoring.formats.model import (
    DD_DENOMINATIONS,
    PASS,
    SEATS,
    CompetitionForm,
    Participant,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
    artificial_percentages,
)
from scoring.formats.pbn.reading import PARTNERS
from scoring.formats.pbn.syntax import OPTIMUM_COLUMNS, PLAYER_COLUMNS, Column
from scoring.formats.rules_text import rules_text

__all__ = ["write_pbn"]

_SCORING_TAG = {
    ScoringMethod.MATCHPOINTS: "MatchPoints",
    ScoringMethod.IMPS: "IMP",
    ScoringMethod.CROSS_IMPS: "IMP;Cross",
    ScoringMethod.BUTLER: "IMP;Butler",
    ScoringMethod.TOTAL_POINTS: "TotalPoints",
    ScoringMethod.BOARD_A_MATCH: "BAM",
}
_COMPETITION_TAG = {
    CompetitionForm.PAIRS: "Pairs",
    CompetitionForm.TEAMS: "Teams",
    CompetitionForm.INDIVIDUAL: "Individuals",
}
# The totals as PBN 2.1 names them, and Magic Contest, Ruter and
# BridgeComposer read them (decision 0224; TotalMP/TotalIMP are still read).
_TOTAL_COLUMN = {
    ScoringMethod.MATCHPOINTS: "TotalScoreMP",
    ScoringMethod.IMPS: "TotalScoreIMP",
    ScoringMethod.CROSS_IMPS: "TotalScoreIMP",
    ScoringMethod.BUTLER: "TotalScoreIMP",
    ScoringMethod.TOTAL_POINTS: "TotalScore",
    ScoringMethod.BOARD_A_MATCH: "TotalScoreBAM",
}
# Law 12C2 average plus, average and average minus as Magic Contest and Ruter
# mark them in the score columns; another split keeps PBN's caret percentage.
_AVERAGE_MARKS = {Decimal(60): "A+", Decimal(50): "A=", Decimal(40): "A-"}


# --- writing --------------------------------------------------------------


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _points(value: Decimal | None) -> str:
    return "-" if value is None else str(value)


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def _format_table(columns: list[Column], rows: list[list[str]]) -> list[str]:
    """Return the tag value and the padded rows of a table (PBN §5.2)."""
    specs = []
    for column in columns:
        spec = column.name
        if column.width is not None:
            spec += f"\\{column.width}{column.align or ''}"
        specs.append(spec)
    lines = ['"' + ";".join(specs) + '"']
    for row in rows:
        cells = []
        for column, value in zip(columns, row, strict=True):
            width = column.width or 0
            cells.append(
                value.rjust(width) if column.align == "R" else value.ljust(width)
            )
        lines.append(" ".join(cells).rstrip())
    return lines


def _result_row(result: TableResult) -> dict[str, str]:
    row = {
        "Table": _number(result.table_number),
        "Round": _number(result.round_number),
        "PairId_NS": result.ns_id,
        "PairId_EW": result.ew_id,
        **dict(zip(PLAYER_COLUMNS, result.players or ("-",) * 4, strict=True)),
        "Contract": "-",
        "Declarer": "-",
        "Result": "-",
        "Lead": result.lead or "-",
        "Score_NS": "-",
        "Score_EW": "-",
        "MP_NS": _points(result.mp_ns),
        "MP_EW": _points(result.mp_ew),
        "IMP_NS": _points(result.imp_ns),
        "IMP_EW": _points(result.imp_ew),
        "Percentage_NS": _points(result.percentage_ns),
        "Percentage_EW": _points(result.percentage_ew),
    }
    split = artificial_percentages(result.contract)
    if split is not None:
        # Law 12C2 artificial score: A+/A=/A- where both sides have one
        # (decision 0224), else caret-marked percentages (decision 0026).
        if all(side in _AVERAGE_MARKS for side in split):
            row["Score_NS"], row["Score_EW"] = (_AVERAGE_MARKS[p] for p in split)
        else:
            row["Score_NS"] = f"^{split[0]}%"
            row["Score_EW"] = f"^{split[1]}%"
        return row
    row["Contract"] = "Pass" if result.contract == PASS else result.contract
    row["Declarer"] = result.declarer or "-"
    row["Result"] = _number(result.tricks)
    if result.score_ns is not None:
        caret = "^" if result.assigned else ""
        if result.score_ns >= 0:
            row["Score_NS"] = f"{caret}{result.score_ns}"
        else:
            row["Score_EW"] = f"{caret}{-result.score_ns}"
    return row


def _score_table(results: tuple[TableResult, ...]) -> list[str]:
    """One board's ScoreTable; an individual event's names its four players
    (PBN 2.1, Competition "Individuals": PlayerId_North to PlayerId_West)."""
    rows = [_result_row(r) for r in results]
    individual = [r.players is not None for r in results]
    if any(individual) and not all(individual):
        raise FormatError("a board mixes lines of pairs and of four players")
    id_width = max(2, *(len(pid) for r in results for pid in r.contestants))
    ids = PLAYER_COLUMNS if all(individual) else ("PairId_NS", "PairId_EW")
    wanted: list[Column] = []
    if any(r.table_number is not None for r in results):
        wanted.append(Column("Table", 2, "R"))
    if any(r.round_number is not None for r in results):
        wanted.append(Column("Round", 2, "R"))
    wanted += [
        *(Column(name, id_width, "R") for name in ids),
        Column("Contract", 4, "L"),
        Column("Declarer", 1, "R"),
        Column("Result", 2, "R"),
    ]
    if any(r.lead is not None for r in results):
        wanted.append(Column("Lead", 2, "L"))
    wanted += [Column("Score_NS", 5, "R"), Column("Score_EW", 5, "R")]
    for prefix, attribute, width in (
        ("MP", "mp", 5),
        ("IMP", "imp", 6),
        ("Percentage", "percentage", 6),
    ):
        if any(
            getattr(r, f"{attribute}_ns") is not None
            or getattr(r, f"{attribute}_ew") is not None
            for r in results
        ):
            wanted += [
                Column(f"{prefix}_NS", width, "R"),
                Column(f"{prefix}_EW", width, "R"),
            ]
    return _format_table(wanted, [[row[c.name] for c in wanted] for row in rows])


def _partnership_name(participant_id: str, name: str) -> str:
    """Return ``name`` for the Names column; refuse one PBN reads as no name.

    PBN §3.1 and §5.2: ``-`` and ``?`` stand for an irrelevant or unknown
    value, so a contestant named so would be read back without a name.
    """
    if name in ("-", "?"):
        raise FormatError(
            f"participant {participant_id} name {name!r} is a PBN placeholder, "
            "not a name"
        )
    return name


def _partners(participant: Participant) -> str | None:
    """A pair's two names as Magic Contest and Ruter write them, ``"A - B"``;
    None for a pair with other players, or a name that reads back otherwise
    (decision 0224). A pair without players is written as it is named."""
    players = participant.players
    if not players:
        return None if participant.name and PARTNERS in participant.name else ""
    if len(players) != 2 or any(PARTNERS in f" {pl.name} " for pl in players):
        return None
    if any(pl.federation_id and not pl.federation_id.strip("0") for pl in players):
        return None  # MemberID "0" is no number: FederationIds keeps it
    return PARTNERS.join(pl.name for pl in players)


def _total_table(results: TournamentResults) -> list[str]:
    ranking = {entry.participant_id: entry for entry in results.ranking}
    participants = results.participants
    id_width = max(2, *(len(p.participant_id) for p in participants))
    columns: list[Column] = []
    if ranking:
        columns.append(Column("Rank", 3, "R"))
    teams = results.header.form is CompetitionForm.TEAMS
    id_column = (
        "PlayerId"
        if results.header.form is CompetitionForm.INDIVIDUAL
        else "TeamId"
        if teams
        else "PairId"
    )
    columns.append(Column(id_column, id_width, "R"))
    # A team's name and its members each have a column (decision 0179).
    if teams and any(p.name for p in participants):
        columns.append(Column("TeamName", None, None))
    if any(p.direction for p in participants):
        columns.append(Column("Direction", 2, "L"))
    total_name = "TotalVP" if teams else _TOTAL_COLUMN[results.header.scoring]
    if any(e.total is not None for e in results.ranking):
        columns.append(Column(total_name, 7, "R"))
    if any(e.percentage is not None for e in results.ranking):
        columns.append(Column("TotalPercentage", 6, "R"))
    if any((p.name and not teams) or p.players for p in participants):
        columns.append(Column("Names", None, None))
    # A pair's numbers in Magic Contest's MemberID1/MemberID2 where every
    # pair's names are written "A - B"; else PBN's FederationIds (0224).
    members = results.header.form is CompetitionForm.PAIRS and all(
        _partners(p) is not None for p in participants
    )
    numbered = any(pl.federation_id for p in participants for pl in p.players)
    if numbered and members:
        columns += [Column("MemberID1", None, None), Column("MemberID2", None, None)]
    elif numbered:
        columns.append(Column("FederationIds", None, None))
    # Ranked contestants in ranking order, as a standings table reads.
    by_id = {p.participant_id: p for p in participants}
    ordered = [by_id[e.participant_id] for e in results.ranking]
    ordered += [p for p in participants if p.participant_id not in ranking]
    rows = []
    for p in ordered:
        entry = ranking.get(p.participant_id)
        partners = _partners(p) if members else None
        if partners:
            names = _quote(partners)
        elif p.players:
            names = _quote(";".join(pl.name for pl in p.players))
        elif p.name and not teams:
            names = _quote(_partnership_name(p.participant_id, p.name))
        else:
            names = "-"
        if any(pl.federation_id for pl in p.players):
            federation = _quote(";".join(pl.federation_id or "" for pl in p.players))
        else:
            federation = "-"
        values = {
            "Rank": _number(entry.rank) if entry else "-",
            id_column: p.participant_id,
            "Direction": p.direction or "-",
            total_name: _points(entry.total) if entry else "-",
            "TotalPercentage": _points(entry.percentage) if entry else "-",
            "Names": names,
            "TeamName": _quote(_partnership_name(p.participant_id, p.name))
            if p.name
            else "-",
            "FederationIds": federation,
            "MemberID1": "-",
            "MemberID2": "-",
            **{
                column: pl.federation_id or "-"
                for column, pl in zip(
                    ("MemberID1", "MemberID2"),
                    p.players if members else (),
                    strict=False,
                )
            },
        }
        rows.append([values[c.name] for c in columns])
    return _format_table(columns, rows)


def _header_tags(header: TournamentHeader) -> list[str]:
    # PBN §3.3: a tag value "?" is unknown and "#" repeats the previous game's
    # value; an empty Site is no site. Such a name would not be read back.
    if header.name in ("?", "#"):
        raise FormatError(
            f"the tournament name {header.name!r} is a PBN placeholder, not a name"
        )
    if header.venue in ("", "?", "#"):
        raise FormatError(
            f"the venue {header.venue!r} is a PBN placeholder, not a venue"
        )
    lines = [f"[Event {_quote(header.name)}]"]
    if header.venue is not None:
        lines.append(f"[Site {_quote(header.venue)}]")
    if header.date is not None:
        lines.append(f'[Date "{header.date:%Y.%m.%d}"]')
    return lines


def write_pbn(results: TournamentResults) -> str:
    """Write deals, ScoreTables and a TotalScoreTable as PBN 2.1 text."""
    header = results.header
    trailer = [
        f"[Scoring {_quote(_SCORING_TAG[header.scoring])}]",
        f"[Competition {_quote(_COMPETITION_TAG[header.form])}]",
    ]
    if header.rules:
        # The rules and conventions of the figures (decision 0224): a tag
        # PBN readers that do not know it skip (PBN 2.1 §3.3).
        trailer.append(f"[ScoringRules {_quote(rules_text(header.rules))}]")
    out = ["% PBN 2.1", "% Arbitro results export", ""]
    for board in results.boards:
        out += _header_tags(header)
        out.append(f'[Board "{board.board_number}"]')
        if board.dealer is not None:
            out.append(f'[Dealer "{board.dealer}"]')
        if board.vulnerability is not None:
            out.append(f'[Vulnerable "{board.vulnerability}"]')
        if board.deal is not None:
            out.append(f'[Deal "{board.deal}"]')
        out += trailer
        if board.double_dummy is not None:
            # PBN 2.1 §5.3: tricks per declarer and denomination (information).
            out.append(f'[OptimumResultTable "{OPTIMUM_COLUMNS}"]')
            out += [
                f"{seat} {denomination} {row[column]}"
                for column, seat in enumerate(SEATS)
                for denomination, row in zip(
                    DD_DENOMINATIONS, board.double_dummy, strict=True
                )
            ]
        if board.par_score is not None:
            # PBN 2.1 OptimumScore: par from North-South's side (decision 0183).
            out.append(f'[OptimumScore "NS {board.par_score}"]')
        board_results = results.results_for(board.board_number)
        if board_results:
            table = _score_table(board_results)
            out.append(f"[ScoreTable {table[0]}]")
            out += table[1:]
        out.append("")
    if results.participants or not results.boards:
        # With no board either, the header alone keeps the file readable.
        out += _header_tags(header)
        out += trailer
        if results.participants:
            table = _total_table(results)
            out.append(f"[TotalScoreTable {table[0]}]")
            out += table[1:]
        if results.penalties:
            table = _penalty_table(results)
            out.append(f"[PenaltyTable {table[0]}]")
            out += table[1:]
        out.append("")
    return "\n".join(out)


def _penalty_table(results: TournamentResults) -> list[str]:
    """The session's penalties (decision 0181): the contestant, the unit
    (``MP``, ``PERCENT``, ``TOP_PERCENT``, ``IMP``, ``VP``), the amount
    taken off and, for IMPs, the match's round."""
    teams = results.header.form is CompetitionForm.TEAMS
    id_column = "TeamId" if teams else "PairId"
    columns = [
        Column(id_column, 4, "R"),
        Column("Unit", 11, "L"),
        Column("Amount", 6, "R"),
        Column("Round", 2, "R"),
    ]
    rows = [
        [p.participant_id, p.unit, _points(p.amount), _number(p.round_number)]
        for p in results.penalties
    ]
    return _format_table(columns, rows)
