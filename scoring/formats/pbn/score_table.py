"""Read a PBN ScoreTable (§5.7): one row per table that played the board."""

from __future__ import annotations

import re
from decimal import Decimal

from rules import limits
from scoring.formats.errors import FormatError
from scoring.formats.model import (
    PASS,
    TableResult,
    artificial_marker,
    artificial_percentages,
    is_artificial,
)
from scoring.formats.notation import (
    decimal_within,
    int_within,
    parse_card,
    parse_contract,
    parse_decimal,
    parse_int,
    parse_seat,
)
from scoring.formats.pbn.reading import Reading, register_participant
from scoring.formats.pbn.syntax import (
    PLAYER_COLUMNS,
    Cell,
    Row,
    Tag,
    convert,
    get_cell,
    get_text,
    required,
    table_columns,
    table_rows,
)

__all__ = ["read_score_table"]


def _percent(text: str) -> Decimal:
    if not text.endswith("%"):
        raise ValueError(f"{text!r} is not a percentage")
    return parse_decimal(text[:-1], limits.PERCENTAGE)


def read_score_table(table: Tag, board_number: int, reading: Reading) -> None:
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
    board_number: int, line: int, row: Row, reading: Reading, individual: bool
) -> TableResult:
    ids = []
    columns = PLAYER_COLUMNS if individual else _pair_columns(set(row))
    for column in columns:
        cell = get_cell(row, column)
        if cell is None:
            raise FormatError(f"ScoreTable row has no {column}", line=line)
        side = column.removeprefix("PairId_").removeprefix("TeamId_")
        names = None if individual else get_text(row, f"Names_{side}")
        ids.append(
            register_participant(
                reading, cell.text, line, names, pair=column.startswith("PairId")
            )
        )
    contract = _row_contract(row, line, reading)
    played = contract not in (PASS,) and not is_artificial(contract)
    score_ns, assigned = (
        _row_score(row, line) if not is_artificial(contract) else (None, False)
    )
    fields = {
        "mp_ns": ("MP_NS", limits.MATCHPOINTS),
        "mp_ew": ("MP_EW", limits.MATCHPOINTS),
        "imp_ns": ("IMP_NS", limits.LINE_IMPS),
        "imp_ew": ("IMP_EW", limits.LINE_IMPS),
        "percentage_ns": ("Percentage_NS", limits.PERCENTAGE),
        "percentage_ew": ("Percentage_EW", limits.PERCENTAGE),
    }
    points = {
        attribute: convert(get_cell(row, column), decimal_within(limit), column)
        for attribute, (column, limit) in fields.items()
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
            table_number=convert(
                get_cell(row, "Table"), int_within(limits.TABLE), "Table"
            ),
            round_number=convert(
                get_cell(row, "Round"), int_within(limits.ROUND), "Round"
            ),
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
_SEAT_LIMITS = {
    "MP": limits.MATCHPOINTS,
    "IMP": limits.LINE_IMPS,
    "Percentage": limits.PERCENTAGE,
}


def _seat_points(row: Row, line: int, points: dict[str, Decimal | None]) -> None:
    """Fill an individual line's side figures from per-seat columns where the
    side's column is absent; refuse partners given different figures."""
    for attribute, prefix, seats in _SEAT_COLUMNS:
        given = {
            seat: convert(
                get_cell(row, f"{prefix}_{seat}"),
                decimal_within(_SEAT_LIMITS[prefix]),
                f"{prefix}_{seat}",
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
    return parse_int(text, limits.TRICKS)


_AVERAGE = re.compile(r"A[+=-]?")


def _averages(
    ns_cell: Cell | None, ew_cell: Cell | None, line: int, reading: Reading
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


def _row_contract(row: Row, line: int, reading: Reading) -> str:
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
            required(pct_ns, decimal_within(limits.PERCENTAGE), "Percentage_NS"),
            required(pct_ew, decimal_within(limits.PERCENTAGE), "Percentage_EW"),
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
    ns = convert(ns_cell, int_within(limits.SCORE), "Score_NS")
    ew = convert(ew_cell, int_within(limits.SCORE), "Score_EW")
    assigned = any(c is not None and c.artificial for c in (ns_cell, ew_cell))
    if ns is not None and ew is not None and ns != -ew:
        raise FormatError(f"Score_NS {ns} and Score_EW {ew} disagree", line=line)
    if ns is not None:
        return ns, assigned
    if ew is not None:
        return -ew, assigned
    return None, False
