"""Read PBN results files into the interchange model (decisions 0025, 0026)."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from rules import limits
from scoring.formats.conventions import conventions_for, detect_program
from scoring.formats.errors import FormatError
from scoring.formats.model import (
    DD_DENOMINATIONS,
    SEATS,
    BoardRecord,
    Participant,
    Penalty,
    RankingEntry,
    TournamentResults,
    normalise_deal,
    tie_flags,
)
from scoring.formats.notation import (
    decimal_within,
    leading_number,
    parse_decimal,
    parse_int,
    parse_seat,
    parse_vulnerability,
)
from scoring.formats.pbn.header import read_header
from scoring.formats.pbn.reading import (
    MEMBER_COLUMNS,
    Reading,
    member_ids,
    split_names,
    tag_value,
)
from scoring.formats.pbn.score_table import read_score_table
from scoring.formats.pbn.syntax import (
    Tag,
    convert,
    get_cell,
    get_text,
    is_section,
    scan,
    table_rows,
)
from scoring.formats.rules_text import parse_rules

__all__ = ["read_pbn"]

_GENERATOR = re.compile(r'^\[Generator "([^"\r\n]*)"\]', re.MULTILINE)
_ESCAPE_LINE = re.compile(r"^%([^\r\n]*)", re.MULTILINE)
_RULES = re.compile(r'^\[ScoringRules "([^"\r\n]*)"\]', re.MULTILINE)


def _generator(text: str) -> str | None:
    """The producing program: the ``Generator`` tag, else a ``%`` line that
    names a known program (some writers say who they are only there)."""
    tag = _GENERATOR.search(text)
    if tag is not None:
        return tag[1].strip() or None
    for match in _ESCAPE_LINE.finditer(text):
        if detect_program(match[1]) != "arbitro":
            return match[1].strip()
    return None


# --- reading --------------------------------------------------------------


def read_pbn(
    text: str,
    *,
    average_plus: Decimal | None = None,
    average_minus: Decimal | None = None,
) -> TournamentResults:
    """Read a PBN results file; raise ``FormatError`` naming the line.

    ``A+``/``A-`` in a score column (Magic Contest, Ruter) are worth
    ``average_plus``/``average_minus`` percent (Law 12C2), by default what the
    producing program named in ``Generator`` gives them (decision 0127).
    """
    program = _generator(text)
    rules = _RULES.search(text)
    try:
        # What the file says A+/A- are worth, if it says (decision 0224).
        written = dict(parse_rules(rules[1])) if rules else {}
        defaults = conventions_for(
            program,
            {
                k: v
                for k, v in written.items()
                if k in ("average_plus", "average_minus")
            },
        )
    except ValueError as error:
        raise FormatError(f"ScoringRules: {error}") from None
    reading = Reading(
        program=program,
        average_plus=defaults.average_plus if average_plus is None else average_plus,
        average_minus=defaults.average_minus
        if average_minus is None
        else average_minus,
    )
    previous: dict[str, Tag] = {}
    games = scan(text)
    if not games:
        raise FormatError("the file holds no PBN tag pairs", line=1)
    for game in games:
        tags: dict[str, Tag] = {}
        for tag in game:
            if tag.value == "#" and not is_section(tag.name):
                # PBN §3.3: "#" repeats the value of the previous game.
                if tag.name not in previous:
                    raise FormatError(
                        f"tag {tag.name} repeats a value never given", line=tag.line
                    )
                tag = replace(tag, value=previous[tag.name].value)
            # PBN §3.3, import format: a repeated tag is ignored.
            tags.setdefault(tag.name, tag)
        _read_game(tags, reading)
        previous.update(tags)
    header = read_header(reading)
    try:
        return TournamentResults(
            header=header,
            participants=tuple(reading.participants.values()),
            boards=tuple(reading.boards.values()),
            results=tuple(reading.results),
            ranking=tie_flags(
                tuple(reading.ranking), tuple(reading.participants.values())
            ),
            penalties=tuple(reading.penalties),
        )
    except ValueError as error:
        raise FormatError(str(error)) from None


def _read_game(tags: dict[str, Tag], reading: Reading) -> None:
    for name in (
        "Event",
        "Site",
        "Date",
        "EventDate",
        "Scoring",
        "Competition",
        "Generator",
        "ScoringRules",
    ):
        if name in tags and tags[name].value not in ("", "?"):
            reading.header_tags.setdefault(name, tags[name])
    board_number = None
    if "Board" in tags:
        board_number = _read_board(tags, reading)
    if "OptimumResultTable" in tags and board_number is not None:
        _read_optimum(tags["OptimumResultTable"], board_number, reading)
    if "OptimumScore" in tags and board_number is not None:
        _read_par(tags["OptimumScore"], board_number, reading)
    if "TotalScoreTable" in tags and not reading.has_totals:
        reading.has_totals = True
        _read_totals(tags["TotalScoreTable"], reading)
    if "PenaltyTable" in tags and not reading.penalties:
        _read_penalties(tags["PenaltyTable"], reading)
    if "ScoreTable" in tags:
        table = tags["ScoreTable"]
        if board_number is None:
            raise FormatError(
                "ScoreTable in a game without a Board tag", line=table.line
            )
        read_score_table(table, board_number, reading)


def _read_penalties(table: Tag, reading: Reading) -> None:
    """The session's penalties (decision 0181): ``PairId`` or ``TeamId``,
    ``Unit`` (``MP``, ``PERCENT``, ``TOP_PERCENT``, ``IMP``, ``VP``),
    ``Amount`` taken off and ``Round`` (an IMP penalty's match)."""
    for line, row in table_rows(table):
        who = get_cell(row, "PairId") or get_cell(row, "TeamId")
        unit = get_cell(row, "Unit")
        amount = get_cell(row, "Amount")
        round_cell = get_cell(row, "Round")
        try:
            if who is None or unit is None or amount is None:
                raise ValueError("a row needs PairId or TeamId, Unit and Amount")
            reading.penalties.append(
                Penalty(
                    participant_id=who.text,
                    unit=unit.text.upper(),
                    amount=parse_decimal(amount.text, limits.PENALTY),
                    round_number=parse_int(round_cell.text, limits.ROUND)
                    if round_cell
                    else None,
                )
            )
        except ValueError as error:
            raise FormatError(f"PenaltyTable: {error}", line=line) from None


def _read_optimum(table: Tag, board_number: int, reading: Reading) -> None:
    """PBN 2.1 §5.3 OptimumResultTable: the double-dummy tricks of each
    declarer in each strain; kept when all twenty are given."""
    tricks: dict[tuple[str, str], int] = {}
    for line, row in table_rows(table):
        seat, strain, result = (
            get_text(row, "Declarer"),
            get_text(row, "Denomination"),
            get_text(row, "Result"),
        )
        if seat not in SEATS or strain not in DD_DENOMINATIONS or result is None:
            raise FormatError(
                f"OptimumResultTable row {seat} {strain} {result} is not a declarer, "
                "a strain and tricks",
                line=line,
            )
        try:
            tricks[(strain, seat)] = parse_int(result, limits.DOUBLE_DUMMY_TRICKS)
        except ValueError as error:
            raise FormatError(f"OptimumResultTable: {error}", line=line) from None
    if len(tricks) != len(SEATS) * len(DD_DENOMINATIONS):
        return
    table_of = tuple(
        tuple(tricks[(strain, seat)] for seat in SEATS) for strain in DD_DENOMINATIONS
    )
    try:
        reading.boards[board_number] = replace(
            reading.boards[board_number], double_dummy=table_of
        )
    except ValueError as error:
        raise FormatError(str(error), line=table.line) from None


def _read_par(tag: Tag, board_number: int, reading: Reading) -> None:
    """PBN 2.1 OptimumScore, "NS 420" or "EW -420": the board's par, kept from
    North-South's side (decision 0183); "?" or empty is no par."""
    text = tag.value.strip()
    if text in ("", "?"):
        return
    side, _, score = text.partition(" ")
    try:
        value = parse_int(score.strip(), limits.SCORE)
    except limits.OutOfBounds as error:
        raise FormatError(f"OptimumScore: {error}", line=tag.line) from None
    except ValueError:
        value = None
    if side.upper() not in ("NS", "EW") or value is None:
        raise FormatError(
            f"OptimumScore {text!r} is not NS or EW and a score", line=tag.line
        )
    reading.boards[board_number] = replace(
        reading.boards[board_number],
        par_score=value if side.upper() == "NS" else -value,
    )


def _board_number(text: str) -> int:
    # What a real event numbers, and what the read models store (0212).
    return parse_int(text, limits.BOARD)


def _read_board(tags: dict[str, Tag], reading: Reading) -> int:
    board_tag = tags["Board"]
    number = tag_value(tags, "Board", _board_number)
    if number is None:
        raise FormatError("Board has no number", line=board_tag.line)
    board = BoardRecord(
        board_number=number,
        dealer=tag_value(tags, "Dealer", parse_seat),
        vulnerability=tag_value(tags, "Vulnerable", parse_vulnerability),
        deal=tag_value(tags, "Deal", normalise_deal),
    )
    known = reading.boards.get(number)
    if known is None:
        reading.boards[number] = board
        return number
    # The same board in two games (one per section): merge what each gives.
    merged = {}
    for name in ("dealer", "vulnerability", "deal"):
        mine, theirs = getattr(board, name), getattr(known, name)
        if mine is not None and theirs is not None and mine != theirs:
            raise FormatError(
                f"board {number} appears twice with a different {name}",
                line=board_tag.line,
            )
        merged[name] = theirs if theirs is not None else mine
    reading.boards[number] = replace(known, **merged)
    return number


def _read_totals(table: Tag, reading: Reading) -> None:
    """Read the TotalScoreTable (PBN §5.8): contestants and their ranking.

    A contestant first met in a ScoreTable is replaced by its full entry here.
    """
    totalled: dict[str, int] = {}
    for line, row in table_rows(table):
        reading.columns_seen.update(row)
        # PlayerId in an individual event (Competition "Individuals").
        pid_cell = (
            get_cell(row, "PairId")
            or get_cell(row, "PlayerId")
            or get_cell(row, "TeamId")  # a teams file (decision 0179)
        )
        if pid_cell is None:
            raise FormatError("TotalScoreTable row has no PairId", line=line)
        pid = pid_cell.text
        if pid in totalled:
            raise FormatError(
                f"PairId {pid} appears twice (first on line {totalled[pid]})",
                line=line,
            )
        totalled[pid] = line
        direction = get_cell(row, "Direction")
        team_name = get_text(row, "TeamName")
        federation = get_text(row, "FederationIds")
        members = federation is None
        if members:
            # Magic Contest: one column per player (decision 0224).
            federation = member_ids([get_text(row, c) for c in MEMBER_COLUMNS])
        try:
            name, players = split_names(
                get_text(row, "Names"),
                federation,
                line,
                pair=get_cell(row, "PairId") is not None and team_name is None,
                pad=members,
            )
            reading.participants[pid] = Participant(
                participant_id=pid,
                number=leading_number(pid),
                direction=convert(direction, _direction, "Direction"),
                name=team_name.strip() if team_name else name,
                players=players,
            )
        except ValueError as error:
            raise FormatError(str(error), line=line) from None
        # A session of a multi-session final (Magic Contest): Rank and
        # TotalScoreMP are the event's running figures, the session's own
        # are its Session columns, which this session is compared with (0224).
        rank = convert(
            get_cell(row, "SessionRank") or get_cell(row, "Rank"), _rank, "Rank"
        )
        total_cell = next(
            (
                c
                for c in (
                    get_cell(row, n)
                    for n in (
                        *SESSION_TOTALS,
                        "TotalVP",  # a teams event's total (decision 0179)
                        "TotalScoreVP",
                        "TotalMP",
                        "TotalIMP",
                        "TotalScore",
                        "TotalScoreMP",  # Magic Contest, Ruter
                        "TotalScoreIMP",
                        "TotalScoreBAM",  # PBN 2.1 (decision 0224)
                    )
                )
                if c is not None
            ),
            None,
        )
        total = convert(total_cell, decimal_within(limits.TOTAL), "total")
        percentage = convert(
            get_cell(row, "SessionPercentage") or get_cell(row, "TotalPercentage"),
            decimal_within(limits.PERCENTAGE),
            "TotalPercentage",
        )
        if rank is None:
            if total is not None or percentage is not None:
                raise FormatError(f"PairId {pid} has a total but no Rank", line=line)
            continue
        reading.ranking.append(
            RankingEntry(
                participant_id=pid, rank=rank, total=total, percentage=percentage
            )
        )


SESSION_TOTALS = ("SessionScoreMP", "SessionScoreIMP", "SessionScoreVP", "SessionScore")
"""A session's own total in a multi-session event's file (Magic Contest)."""


def _direction(text: str) -> str:
    """``NS``/``EW`` as we write it, ``N-S``/``E-W`` as Magic Contest and Ruter
    do (the pair's starting direction, decision 0076)."""
    letters = "".join(c for c in text.upper() if c.isalpha())
    if letters not in ("NS", "EW"):
        raise ValueError(f"{text!r} is not NS, EW, N-S or E-W")
    return letters


def _rank(text: str) -> int:
    # USEBIO and many PBN writers mark a shared place "2=".
    return parse_int(text.rstrip("="), limits.RANK)
