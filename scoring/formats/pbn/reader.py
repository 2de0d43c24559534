"""Read PBN results files into the interchange model (decisions 0025, 0026)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from scoring.formats.conventions import conventions_for, detect_program
from scoring.formats.errors import FormatError
from scoring.formats.model import (
    DD_DENOMINATIONS,
    PASS,
    SEATS,
    BoardRecord,
    CompetitionForm,
    Participant,
    Penalty,
    Player,
    RankingEntry,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
    artificial_marker,
    artificial_percentages,
    is_artificial,
    normalise_deal,
    tie_flags,
)
from scoring.formats.notation import (
    leading_number,
    parse_card,
    parse_contract,
    parse_decimal,
    parse_int,
    parse_seat,
    parse_vulnerability,
)
from scoring.formats.pbn.syntax import (
    PLAYER_COLUMNS,
    Cell,
    Row,
    T,
    Tag,
    convert,
    get_cell,
    get_text,
    is_section,
    required,
    scan,
    table_columns,
    table_rows,
)

__all__ = ["read_pbn"]

_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")
_GENERATOR = re.compile(r'^\[Generator "([^"\r\n]*)"\]', re.MULTILINE)
_ESCAPE_LINE = re.compile(r"^%([^\r\n]*)", re.MULTILINE)


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


@dataclass(slots=True)
class _Reading:
    """What has been read so far, in file order."""

    header_tags: dict[str, Tag] = field(default_factory=dict)
    participants: dict[str, Participant] = field(default_factory=dict)
    boards: dict[int, BoardRecord] = field(default_factory=dict)
    results: list[TableResult] = field(default_factory=list)
    ranking: list[RankingEntry] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    seated: dict[tuple[int, str, str], int] = field(default_factory=dict)
    has_totals: bool = False
    columns_seen: set[str] = field(default_factory=set)
    average_plus: Decimal = Decimal(60)
    average_minus: Decimal = Decimal(40)
    program: str | None = None


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
    defaults = conventions_for(program)
    reading = _Reading(
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
    header = _header(reading)
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


def _read_game(tags: dict[str, Tag], reading: _Reading) -> None:
    for name in (
        "Event",
        "Site",
        "Date",
        "EventDate",
        "Scoring",
        "Competition",
        "Generator",
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
        _read_score_table(table, board_number, reading)


def _read_penalties(table: Tag, reading: _Reading) -> None:
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
                    amount=parse_decimal(amount.text),
                    round_number=parse_int(round_cell.text) if round_cell else None,
                )
            )
        except ValueError as error:
            raise FormatError(f"PenaltyTable: {error}", line=line) from None


def _read_optimum(table: Tag, board_number: int, reading: _Reading) -> None:
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
            tricks[(strain, seat)] = parse_int(result)
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


def _read_par(tag: Tag, board_number: int, reading: _Reading) -> None:
    """PBN 2.1 OptimumScore, "NS 420" or "EW -420": the board's par, kept from
    North-South's side (decision 0183); "?" or empty is no par."""
    text = tag.value.strip()
    if text in ("", "?"):
        return
    side, _, score = text.partition(" ")
    try:
        value = parse_int(score.strip())
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


def _tag_value(tags: dict[str, Tag], name: str, parse: Callable[[str], T]) -> T | None:
    tag = tags.get(name)
    if tag is None or tag.value.strip() in ("", "?"):
        return None
    try:
        return parse(tag.value)
    except ValueError as error:
        raise FormatError(f"{name}: {error}", line=tag.line) from None


def _board_number(text: str) -> int:
    number = parse_int(text)
    if number < 1:
        raise ValueError(f"board {number} is below 1")
    return number


def _read_board(tags: dict[str, Tag], reading: _Reading) -> int:
    board_tag = tags["Board"]
    number = _tag_value(tags, "Board", _board_number)
    if number is None:
        raise FormatError("Board has no number", line=board_tag.line)
    board = BoardRecord(
        board_number=number,
        dealer=_tag_value(tags, "Dealer", parse_seat),
        vulnerability=_tag_value(tags, "Vulnerable", parse_vulnerability),
        deal=_tag_value(tags, "Deal", normalise_deal),
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


def _participant(
    reading: _Reading, participant_id: str, line: int, names: str | None = None
) -> str:
    if participant_id not in reading.participants:
        try:
            name, players = _names(names, None, line)
            reading.participants[participant_id] = Participant(
                participant_id=participant_id,
                number=leading_number(participant_id),
                name=name,
                players=players,
            )
        except ValueError as error:
            raise FormatError(str(error), line=line) from None
    return participant_id


def _names(
    names: str | None, federation_ids: str | None, line: int
) -> tuple[str | None, tuple[Player, ...]]:
    """Split a PBN ``<names>`` string: players separated by ``;`` or one name."""
    if names is None:
        if federation_ids is not None:
            raise FormatError("FederationIds without Names", line=line)
        return None, ()
    if ";" not in names:
        if federation_ids is None:
            return names.strip(), ()
        if ";" in federation_ids:
            raise FormatError("FederationIds for a partnership name", line=line)
        # One player with his federation number (an individual event).
        return None, (Player(name=names.strip(), federation_id=federation_ids.strip()),)
    player_names = [n.strip() for n in names.split(";")]
    ids: list[str | None] = [None] * len(player_names)
    if federation_ids is not None:
        ids = [i.strip() or None for i in federation_ids.split(";")]
        if len(ids) != len(player_names):
            raise FormatError(
                f"{len(ids)} federation numbers for {len(player_names)} players",
                line=line,
            )
    players = tuple(
        Player(name=n, federation_id=i) for n, i in zip(player_names, ids, strict=True)
    )
    return None, players


def _read_totals(table: Tag, reading: _Reading) -> None:
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
        try:
            name, players = _names(
                get_text(row, "Names"), get_text(row, "FederationIds"), line
            )
            team_name = get_text(row, "TeamName")
            reading.participants[pid] = Participant(
                participant_id=pid,
                number=leading_number(pid),
                direction=convert(direction, _direction, "Direction"),
                name=team_name.strip() if team_name else name,
                players=players,
            )
        except ValueError as error:
            raise FormatError(str(error), line=line) from None
        rank = convert(get_cell(row, "Rank"), _rank, "Rank")
        total_cell = next(
            (
                c
                for c in (
                    get_cell(row, n)
                    for n in (
                        "TotalVP",  # a teams event's total (decision 0179)
                        "TotalScoreVP",
                        "TotalMP",
                        "TotalIMP",
                        "TotalScore",
                        "TotalScoreMP",  # Magic Contest, Ruter
                        "TotalScoreIMP",
                    )
                )
                if c is not None
            ),
            None,
        )
        total = convert(total_cell, parse_decimal, "total")
        percentage = convert(
            get_cell(row, "TotalPercentage"), parse_decimal, "TotalPercentage"
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


def _direction(text: str) -> str:
    """``NS``/``EW`` as we write it, ``N-S``/``E-W`` as Magic Contest and Ruter
    do (the pair's starting direction, decision 0076)."""
    letters = "".join(c for c in text.upper() if c.isalpha())
    if letters not in ("NS", "EW"):
        raise ValueError(f"{text!r} is not NS, EW, N-S or E-W")
    return letters


def _rank(text: str) -> int:
    # USEBIO and many PBN writers mark a shared place "2=".
    rank = parse_int(text.rstrip("="))
    if rank < 1:
        raise ValueError(f"rank {rank} is below 1")
    return rank


def _percent(text: str) -> Decimal:
    if not text.endswith("%"):
        raise ValueError(f"{text!r} is not a percentage")
    return parse_decimal(text[:-1])


def _read_score_table(table: Tag, board_number: int, reading: _Reading) -> None:
    """Read a ScoreTable (PBN §5.7): one row per table that played the board."""
    names = {c.name for c in table_columns(table)}
    individual = PLAYER_COLUMNS[0] in names
    ids = PLAYER_COLUMNS if individual else _pair_columns(names)
    for needed in (*ids, "Contract"):
        if needed not in names:
            raise FormatError(f"ScoreTable has no {needed} column", line=table.line)
    for line, row in table_rows(table):
        reading.columns_seen.update(row)
        result = _read_row(board_number, line, row, reading, individual)
        # A team plays a board in both rooms, once each way (Law 78B).
        competition = reading.header_tags.get("Competition")
        teams = "TeamId_NS" in names or (
            competition is not None
            and competition.value.strip().lower().startswith("team")
        )
        for index, pid in enumerate(result.contestants):
            key = (board_number, pid, str(index) if teams else "")
            first = reading.seated.get(key)
            if first is not None:
                raise FormatError(
                    f"pair {pid} plays board {board_number} again (first on line {first})",
                    line=line,
                )
            reading.seated[key] = line
        reading.results.append(result)


def _pair_columns(names: set[str]) -> tuple[str, str]:
    """The contestant columns: ``PairId_NS``/``PairId_EW``, or in a teams
    file ``TeamId_NS``/``TeamId_EW`` (decision 0179)."""
    if "PairId_NS" not in names and "TeamId_NS" in names:
        return "TeamId_NS", "TeamId_EW"
    return "PairId_NS", "PairId_EW"


def _read_row(
    board_number: int, line: int, row: Row, reading: _Reading, individual: bool
) -> TableResult:
    ids = []
    columns = PLAYER_COLUMNS if individual else _pair_columns(set(row))
    for column in columns:
        cell = get_cell(row, column)
        if cell is None:
            raise FormatError(f"ScoreTable row has no {column}", line=line)
        side = column.removeprefix("PairId_").removeprefix("TeamId_")
        names = None if individual else get_text(row, f"Names_{side}")
        ids.append(_participant(reading, cell.text, line, names))
    contract = _row_contract(row, line, reading)
    played = contract not in (PASS,) and not is_artificial(contract)
    score_ns, assigned = (
        _row_score(row, line) if not is_artificial(contract) else (None, False)
    )
    fields = {
        "mp_ns": "MP_NS",
        "mp_ew": "MP_EW",
        "imp_ns": "IMP_NS",
        "imp_ew": "IMP_EW",
        "percentage_ns": "Percentage_NS",
        "percentage_ew": "Percentage_EW",
    }
    points = {
        attribute: convert(get_cell(row, column), parse_decimal, column)
        for attribute, column in fields.items()
    }
    if individual:
        _seat_points(row, line, points)
    try:
        return TableResult(
            board_number=board_number,
            ns_id=ids[0],
            ew_id=ids[1],
            contract=contract,
            declarer=convert(get_cell(row, "Declarer"), parse_seat, "Declarer")
            if played
            else None,
            tricks=convert(get_cell(row, "Result"), _tricks, "Result")
            if played
            else None,
            lead=convert(get_cell(row, "Lead"), parse_card, "Lead") if played else None,
            score_ns=score_ns,
            assigned=assigned,
            table_number=convert(get_cell(row, "Table"), parse_int, "Table"),
            round_number=convert(get_cell(row, "Round"), parse_int, "Round"),
            players=(ids[0], ids[1], ids[2], ids[3]) if individual else None,
            mp_ns=points["mp_ns"],
            mp_ew=points["mp_ew"],
            imp_ns=points["imp_ns"],
            imp_ew=points["imp_ew"],
            percentage_ns=points["percentage_ns"],
            percentage_ew=points["percentage_ew"],
        )
    except ValueError as error:
        raise FormatError(str(error), line=line) from None


# An individual's figures written per seat (MP_North .. MP_West): partners
# share their side's figure (Law 4), so North's and South's must agree.
_SEAT_COLUMNS = (
    ("mp_ns", "MP", ("North", "South")),
    ("mp_ew", "MP", ("East", "West")),
    ("imp_ns", "IMP", ("North", "South")),
    ("imp_ew", "IMP", ("East", "West")),
    ("percentage_ns", "Percentage", ("North", "South")),
    ("percentage_ew", "Percentage", ("East", "West")),
)


def _seat_points(row: Row, line: int, points: dict[str, Decimal | None]) -> None:
    """Fill an individual line's side figures from per-seat columns where the
    side's column is absent; refuse partners given different figures."""
    for attribute, prefix, seats in _SEAT_COLUMNS:
        given = {
            seat: convert(
                get_cell(row, f"{prefix}_{seat}"), parse_decimal, f"{prefix}_{seat}"
            )
            for seat in seats
        }
        values = {v for v in given.values() if v is not None}
        if len(values) > 1:
            raise FormatError(
                f"{prefix}_{seats[0]} and {prefix}_{seats[1]} differ: partners "
                "share their side's figure (Law 4)",
                line=line,
            )
        if values and points[attribute] is None:
            points[attribute] = values.pop()


def _tricks(text: str) -> int:
    tricks = parse_int(text)
    if not 0 <= tricks <= 13:
        raise ValueError(f"{tricks} tricks is not between 0 and 13")
    return tricks


_AVERAGE = re.compile(r"A[+=-]?")


def _averages(
    ns_cell: Cell | None, ew_cell: Cell | None, line: int, reading: _Reading
) -> str:
    """``A+``, ``A=`` (or ``A``) and ``A-`` in the score columns (Magic
    Contest, Ruter): Law 12C2 average plus, average, average minus, worth the
    import's percentages. A side given alone implies the other's complement
    (``A+`` and ``-``: NS average plus, EW average minus)."""
    worth = {
        "+": reading.average_plus,
        "-": reading.average_minus,
        "=": Decimal(50),
        "": Decimal(50),
    }
    opposite = {"+": "-", "-": "+", "=": "=", "": ""}
    signs: list[str | None] = []
    for cell, column in ((ns_cell, "Score_NS"), (ew_cell, "Score_EW")):
        if cell is None:
            signs.append(None)
        elif _AVERAGE.fullmatch(cell.text):
            signs.append(cell.text[1:])
        else:
            raise FormatError(
                f"{column} {cell.text!r} beside an artificial score", line=line
            )
    ns, ew = signs
    if ns is None:
        ns = opposite[ew or ""]
    if ew is None:
        ew = opposite[ns]
    return _marker(worth[ns], worth[ew], line)


def _row_contract(row: Row, line: int, reading: _Reading) -> str:
    """Return the row's contract, ``PASS`` or artificial marker (Law 12C2)."""
    score_ns, score_ew = get_cell(row, "Score_NS"), get_cell(row, "Score_EW")
    percents = [
        c for c in (score_ns, score_ew) if c is not None and c.text.endswith("%")
    ]
    contract = convert(get_cell(row, "Contract"), parse_contract, "Contract")
    averages = [
        c for c in (score_ns, score_ew) if c is not None and _AVERAGE.fullmatch(c.text)
    ]
    if averages:
        if contract is not None and not is_artificial(contract):
            raise FormatError(
                f"contract {contract} with an artificial score", line=line
            )
        return _averages(score_ns, score_ew, line, reading)
    if percents:
        if contract is not None and not is_artificial(contract):
            raise FormatError(
                f"contract {contract} with an artificial score", line=line
            )
        if score_ns is None or score_ew is None or len(percents) != 2:
            raise FormatError(
                "artificial score needs a percentage in Score_NS and Score_EW",
                line=line,
            )
        return _marker(
            required(score_ns, _percent, "Score_NS"),
            required(score_ew, _percent, "Score_EW"),
            line,
        )
    if contract is not None:
        return contract
    pct_ns, pct_ew = get_cell(row, "Percentage_NS"), get_cell(row, "Percentage_EW")
    if (
        pct_ns is not None
        and pct_ew is not None
        and pct_ns.artificial
        and pct_ew.artificial
    ):
        return _marker(
            required(pct_ns, parse_decimal, "Percentage_NS"),
            required(pct_ew, parse_decimal, "Percentage_EW"),
            line,
        )
    raise FormatError("row has no contract and no artificial score", line=line)


def _marker(ns: Decimal, ew: Decimal, line: int) -> str:
    marker = artificial_marker(ns, ew)
    if artificial_percentages(marker) is None:
        raise FormatError(f"artificial score {ns}%/{ew}% is not valid", line=line)
    return marker


def _row_score(row: Row, line: int) -> tuple[int | None, bool]:
    """Return the NS score from Score_NS and/or Score_EW, and the caret.

    Writers differ: some give both columns signed, some give each side's
    positive score in its own column and ``-`` in the other (Magic Contest).
    """
    ns_cell, ew_cell = get_cell(row, "Score_NS"), get_cell(row, "Score_EW")
    ns = convert(ns_cell, parse_int, "Score_NS")
    ew = convert(ew_cell, parse_int, "Score_EW")
    assigned = any(c is not None and c.artificial for c in (ns_cell, ew_cell))
    if ns is not None and ew is not None and ns != -ew:
        raise FormatError(f"Score_NS {ns} and Score_EW {ew} disagree", line=line)
    if ns is not None:
        return ns, assigned
    if ew is not None:
        return -ew, assigned
    return None, False


_SCORING_WORDS: dict[str, ScoringMethod] = {
    "mp": ScoringMethod.MATCHPOINTS,
    "matchpoints": ScoringMethod.MATCHPOINTS,
    "matchpoint": ScoringMethod.MATCHPOINTS,
    "imp": ScoringMethod.IMPS,
    "imps": ScoringMethod.IMPS,
    "butler": ScoringMethod.BUTLER,
    "cross": ScoringMethod.CROSS_IMPS,
    "crossimp": ScoringMethod.CROSS_IMPS,
    "crossimps": ScoringMethod.CROSS_IMPS,
    "cross-imp": ScoringMethod.CROSS_IMPS,
    "ximp": ScoringMethod.CROSS_IMPS,
    "tp": ScoringMethod.TOTAL_POINTS,
    "total": ScoringMethod.TOTAL_POINTS,
    "totalpoints": ScoringMethod.TOTAL_POINTS,
    "aggregate": ScoringMethod.TOTAL_POINTS,
    "bam": ScoringMethod.BOARD_A_MATCH,
}


def _scoring(text: str) -> ScoringMethod:
    """Parse the PBN Scoring tag (§3.4.11): a basic method plus modifiers."""
    # "Butler-2" (Magic Contest, Ruter): the method and a variant number.
    words = [
        re.sub(r"-\d+$", "", w.strip().lower()) for w in text.split(";") if w.strip()
    ]
    methods = [_SCORING_WORDS[w] for w in words if w in _SCORING_WORDS]
    if not methods and words and re.fullmatch(r"mp\d*", words[0]):
        methods = [ScoringMethod.MATCHPOINTS]
    if not methods:
        raise ValueError(f"{text!r} is not a duplicate scoring method")
    for refined in (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS):
        if refined in methods:
            return refined
    return methods[0]


def _form(text: str) -> CompetitionForm:
    value = text.strip().lower()
    if value.startswith("indiv"):
        return CompetitionForm.INDIVIDUAL
    if value.startswith("team"):
        return CompetitionForm.TEAMS
    if value.startswith("pair"):
        return CompetitionForm.PAIRS
    raise ValueError(f"{text!r} is not Pairs, Teams or Individuals")


def _date(text: str) -> date | None:
    match = _DATE.fullmatch(text.strip())
    if match is None:
        if "?" in text:
            return None  # PBN §3.4.3: unknown parts are "??"
        raise ValueError(f"{text!r} is not a date YYYY.MM.DD")
    return date(int(match[1]), int(match[2]), int(match[3]))


def _header(reading: _Reading) -> TournamentHeader:
    tags = reading.header_tags
    scoring = _tag_value(tags, "Scoring", _scoring)
    if scoring is None:
        seen = reading.columns_seen
        if {"IMP_NS", "IMP_EW", "TotalIMP"} & seen:
            scoring = ScoringMethod.IMPS
        else:
            scoring = ScoringMethod.MATCHPOINTS
    when = _tag_value(tags, "Date", _date)
    if when is None:
        when = _tag_value(tags, "EventDate", _date)
    event = tags.get("Event")
    scoring_tag = tags.get("Scoring")
    return TournamentHeader(
        name=event.value if event is not None else "",
        date=when,
        venue=_tag_value(tags, "Site", str.strip),
        scoring=scoring,
        form=_tag_value(tags, "Competition", _form)
        # Team columns say teams where no Competition tag does (decision 0179).
        or (
            CompetitionForm.TEAMS
            if {"TeamId_NS", "TeamId"} & reading.columns_seen
            else CompetitionForm.PAIRS
        ),
        program=_tag_value(tags, "Generator", str.strip) or reading.program,
        scoring_text=scoring_tag.value.strip() if scoring_tag else None,
    )
