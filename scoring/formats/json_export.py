"""The documented JSON results export (``docs/results-json.md``), and its reader.

``{"format": "arbitro-results", "version": 1, ...}``: the tournament, the
contestants, each board with its results (pair ids, contract, declarer, lead,
tricks, raw NS score, adjustment under Law 12C, and the points each side
earned: matchpoints, IMPs, percentage) and the final ranking (total,
percentage, rank, tie flag).

Points are written as JSON numbers with the exact decimal text they have in
the model (``42.0``, ``3.67``), never through binary floating point; the
reader parses them back as ``Decimal``. A JSON export read back gives the
same ``TournamentResults``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from rules.inputs import TextRefused, load_json
from scoring.formats.errors import FormatError
from scoring.formats.model import (
    DD_DENOMINATIONS,
    SEATS,
    BoardRecord,
    CompetitionForm,
    MatchRecord,
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
)

__all__ = [
    "FORMAT",
    "VERSION",
    "read_json",
    "read_json_sessions",
    "to_document",
    "write_json",
    "write_json_sessions",
]

FORMAT = "arbitro-results"
VERSION = 1
_T = TypeVar("_T")

# --- writing --------------------------------------------------------------


def _side(
    mp: Decimal | None, imp: Decimal | None, percentage: Decimal | None
) -> dict[str, Any]:
    return {"mp": mp, "imp": imp, "percentage": percentage}


def _adjustment(result: TableResult) -> dict[str, Any] | None:
    split = artificial_percentages(result.contract)
    if split is not None:
        # Law 12C2: artificial adjusted score, percentages awarded to each side.
        return {
            "kind": "artificial",
            "ns_percentage": split[0],
            "ew_percentage": split[1],
        }
    if result.weighted is not None:
        # Law 12C1(c)/(e): each side's outcomes, NS scores and their weights.
        return {
            "kind": "weighted",
            **{
                side: [{"score": score, "weight": weight} for score, weight in outs]
                for side, outs in zip(("ns", "ew"), result.weighted, strict=True)
            },
        }
    if result.assigned:
        return {"kind": "assigned"}  # Law 12C1: a substituted table result
    return None


def _result(result: TableResult) -> dict[str, Any]:
    artificial = artificial_percentages(result.contract) is not None
    return {
        "ns": result.ns_id,
        "ew": result.ew_id,
        # An individual event's four players, North, East, South, West (Law 4).
        **({"players": list(result.players)} if result.players else {}),
        "table": result.table_number,
        "round": result.round_number,
        "contract": None if artificial else result.contract,
        "declarer": result.declarer,
        "lead": result.lead,
        "tricks": result.tricks,
        "score_ns": result.score_ns,
        "adjustment": _adjustment(result),
        "points": {
            "ns": _side(result.mp_ns, result.imp_ns, result.percentage_ns),
            "ew": _side(result.mp_ew, result.imp_ew, result.percentage_ew),
        },
    }


def to_document(results: TournamentResults) -> dict[str, Any]:
    """Return the export as plain data (``Decimal`` for points)."""
    header = results.header
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": header.name,
            "date": header.date.isoformat() if header.date else None,
            "venue": header.venue,
            "scoring": header.scoring.value,
            "form": header.form.value,
            # The rules and conventions of the figures (decision 0224).
            **({"scoring_rules": dict(header.rules)} if header.rules else {}),
        },
        "participants": [
            {
                "id": p.participant_id,
                "number": p.number,
                "direction": p.direction,
                "name": p.name,
                "players": [
                    {"name": pl.name, "federation_id": pl.federation_id}
                    for pl in p.players
                ],
            }
            for p in results.participants
        ],
        "boards": [
            {
                "number": b.board_number,
                "dealer": b.dealer,
                "vulnerability": b.vulnerability,
                "deal": b.deal,
                **({} if b.datum is None else {"datum": b.datum}),
                **({} if b.par_score is None else {"par_score": b.par_score}),
                **(
                    {}
                    if b.double_dummy is None
                    else {
                        "double_dummy": {
                            d: dict(zip(SEATS, row, strict=True))
                            for d, row in zip(
                                DD_DENOMINATIONS, b.double_dummy, strict=True
                            )
                        }
                    }
                ),
                "results": [_result(r) for r in results.results_for(b.board_number)],
            }
            for b in results.boards
        ],
        "ranking": [
            {
                "participant": e.participant_id,
                "total": e.total,
                "percentage": e.percentage,
                "rank": e.rank,
                "tie": e.tied,
            }
            for e in results.ranking
        ],
    }
    if results.matches:
        # Teams: each match's round, teams, IMPs and VPs (Law 78B).
        document["matches"] = [
            {
                "round": m.round_number,
                "team_a": m.team_a,
                "team_b": m.team_b,
                "boards": m.boards,
                "imps": {"a": m.imps_a, "b": m.imps_b},
                "vps": {"a": m.vp_a, "b": m.vp_b},
            }
            for m in results.matches
        ]
    if results.penalties:
        # Penalties on the session's contestants (decision 0181).
        document["penalties"] = [
            {
                "participant": p.participant_id,
                "unit": p.unit,
                "amount": p.amount,
                "round": p.round_number,
            }
            for p in results.penalties
        ]
    return document


def _dump(value: Any, indent: str) -> str:
    """Serialise plain data; a ``Decimal`` becomes a number with its exact text."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + "  "
        items = [
            f"{inner}{json.dumps(key)}: {_dump(item, inner)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        inner = indent + "  "
        items = [inner + _dump(item, inner) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def write_json(results: TournamentResults) -> str:
    """Write the JSON results export, version 1."""
    return _dump(to_document(results), "") + "\n"


def write_json_sessions(
    sessions: Sequence[TournamentResults], ranking: tuple[RankingEntry, ...]
) -> str:
    """Write one event's sessions: one session as ``write_json``; several as
    ``sessions`` (each its ``number``, ``boards`` and ``matches``) with the
    event's ``ranking`` (decision 0179)."""
    if len(sessions) == 1:
        return write_json(replace(sessions[0], ranking=ranking))
    first = sessions[0]
    if any(s.participants != first.participants for s in sessions[1:]):
        raise FormatError("the sessions of one file name the same participants")
    document = to_document(replace(first, ranking=ranking))
    document.pop("matches", None)
    document.pop("penalties", None)
    del document["boards"]
    document["sessions"] = [
        {
            "number": number,
            "boards": to_document(session)["boards"],
            "matches": to_document(session).get("matches", []),
            "penalties": to_document(session).get("penalties", []),
        }
        for number, session in enumerate(sessions, start=1)
    ]
    return _dump(document, "") + "\n"


# --- reading --------------------------------------------------------------


def _fail(path: str, problem: str) -> FormatError:
    return FormatError(problem, element=path)


def _field(
    data: dict[str, Any], key: str, kind: type[_T] | tuple[type, ...], path: str
) -> _T:
    if key not in data:
        raise _fail(path, f"{key} is missing")
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise _fail(f"{path}.{key}", f"{value!r} has the wrong type")
    if not isinstance(value, kind):
        raise _fail(f"{path}.{key}", f"{value!r} has the wrong type")
    return value  # type: ignore[return-value]  # a tuple of types narrows to no _T


def _optional(
    data: dict[str, Any], key: str, kind: type[_T] | tuple[type, ...], path: str
) -> _T | None:
    if data.get(key) is None:
        return None
    return _field(data, key, kind, path)


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, "is not an object")
    return value


def _list(data: dict[str, Any], key: str, path: str) -> list[Any]:
    return _field(data, key, list, path)


def _points(data: dict[str, Any], key: str, path: str) -> Decimal | None:
    value = _optional(data, key, (int, Decimal), path)
    return None if value is None else Decimal(value)


def _build(path: str, make: Callable[[], _T]) -> _T:
    try:
        return make()
    except ValueError as error:
        raise _fail(path, str(error)) from None


def _header(data: dict[str, Any]) -> TournamentHeader:
    path = "tournament"
    when = _optional(data, "date", str, path)
    scoring = _field(data, "scoring", str, path)
    form = _field(data, "form", str, path)
    rules = _optional(data, "scoring_rules", dict, path) or {}
    if not all(isinstance(v, str) for v in rules.values()):
        raise _fail(f"{path}.scoring_rules", "every value is text")
    return _build(
        path,
        lambda: TournamentHeader(
            name=_field(data, "name", str, path),
            date=date.fromisoformat(when) if when else None,
            venue=_optional(data, "venue", str, path),
            scoring=ScoringMethod(scoring),
            form=CompetitionForm(form),
            rules=tuple((str(k), v) for k, v in rules.items()),
        ),
    )


def _player(data: dict[str, Any], path: str) -> Player:
    return _build(
        path,
        lambda: Player(
            name=_field(data, "name", str, path),
            federation_id=_optional(data, "federation_id", str, path),
        ),
    )


def _double_dummy(
    data: dict[str, Any], path: str
) -> tuple[tuple[int, ...], ...] | None:
    """A board's double-dummy tricks: per denomination, per declarer."""
    table = _optional(data, "double_dummy", dict, path)
    if table is None:
        return None
    rows = []
    for denomination in DD_DENOMINATIONS:
        where = f"{path}.double_dummy"
        row = _object(
            _field(table, denomination, dict, where), f"{where}.{denomination}"
        )
        rows.append(
            tuple(_field(row, seat, int, f"{where}.{denomination}") for seat in SEATS)
        )
    return tuple(rows)


def _board(data: dict[str, Any], path: str) -> BoardRecord:
    return _build(
        path,
        lambda: BoardRecord(
            board_number=_field(data, "number", int, path),
            dealer=_optional(data, "dealer", str, path),
            vulnerability=_optional(data, "vulnerability", str, path),
            deal=_optional(data, "deal", str, path),
            datum=_optional(data, "datum", int, path),
            double_dummy=_double_dummy(data, path),
            par_score=_optional(data, "par_score", int, path),
        ),
    )


def _ranking_entry(data: dict[str, Any], path: str) -> RankingEntry:
    return _build(
        path,
        lambda: RankingEntry(
            participant_id=_field(data, "participant", str, path),
            rank=_field(data, "rank", int, path),
            tied=_field(data, "tie", bool, path),
            total=_points(data, "total", path),
            percentage=_points(data, "percentage", path),
        ),
    )


def _match(data: dict[str, Any], path: str) -> MatchRecord:
    imps = _object(_field(data, "imps", dict, path), f"{path}.imps")
    vps = _object(data.get("vps") or {}, f"{path}.vps")
    return _build(
        path,
        lambda: MatchRecord(
            round_number=_field(data, "round", int, path),
            team_a=_field(data, "team_a", str, path),
            team_b=_field(data, "team_b", str, path),
            boards=_optional(data, "boards", int, path),
            imps_a=_field(imps, "a", int, f"{path}.imps"),
            imps_b=_field(imps, "b", int, f"{path}.imps"),
            vp_a=_points(vps, "a", f"{path}.vps"),
            vp_b=_points(vps, "b", f"{path}.vps"),
        ),
    )


def _penalty(data: dict[str, Any], path: str) -> Penalty:
    amount = _points(data, "amount", path)
    if amount is None:
        raise _fail(f"{path}.amount", "is missing")
    return _build(
        path,
        lambda: Penalty(
            participant_id=_field(data, "participant", str, path),
            unit=_field(data, "unit", str, path),
            amount=amount,
            round_number=_optional(data, "round", int, path),
        ),
    )


def _participant(data: dict[str, Any], path: str) -> Participant:
    players = tuple(
        _player(_object(item, f"{path}.players[{index}]"), f"{path}.players[{index}]")
        for index, item in enumerate(_list(data, "players", path))
    )
    return _build(
        path,
        lambda: Participant(
            participant_id=_field(data, "id", str, path),
            number=_optional(data, "number", int, path),
            direction=_optional(data, "direction", str, path),
            name=_optional(data, "name", str, path),
            players=players,
        ),
    )


def _outcomes(items: list[Any], path: str) -> tuple[tuple[int, Decimal], ...]:
    """A side's outcomes of a weighted score: ``{"score": int, "weight": n}``."""
    out = []
    for index, item in enumerate(items):
        where = f"{path}[{index}]"
        outcome = _object(item, where)
        weight = _points(outcome, "weight", where)
        if weight is None:
            raise _fail(where, "weight is missing")
        out.append((_field(outcome, "score", int, where), weight))
    return tuple(out)


def _table_result(board_number: int, data: dict[str, Any], path: str) -> TableResult:
    adjustment = _optional(data, "adjustment", dict, path)
    contract = _optional(data, "contract", str, path)
    assigned = False
    weighted = None
    if adjustment is not None:
        kind = _field(adjustment, "kind", str, f"{path}.adjustment")
        if kind == "artificial":
            ns = _points(adjustment, "ns_percentage", f"{path}.adjustment")
            ew = _points(adjustment, "ew_percentage", f"{path}.adjustment")
            if ns is None or ew is None or contract is not None:
                raise _fail(
                    f"{path}.adjustment",
                    "artificial score needs both percentages and no contract",
                )
            contract = artificial_marker(ns, ew)
        elif kind == "assigned":
            assigned = True
        elif kind == "weighted":
            where = f"{path}.adjustment"
            weighted = (
                _outcomes(_field(adjustment, "ns", list, where), f"{where}.ns"),
                _outcomes(_field(adjustment, "ew", list, where), f"{where}.ew"),
            )
        else:
            raise _fail(f"{path}.adjustment.kind", f"{kind!r} is unknown")
    if contract is None:
        raise _fail(path, "contract is missing and the score is not artificial")
    points = _object(_field(data, "points", dict, path), f"{path}.points")
    ns_points = _object(
        _field(points, "ns", dict, f"{path}.points"), f"{path}.points.ns"
    )
    ew_points = _object(
        _field(points, "ew", dict, f"{path}.points"), f"{path}.points.ew"
    )
    players = _optional(data, "players", list, path)
    if players is not None and (
        len(players) != 4 or not all(isinstance(p, str) for p in players)
    ):
        raise _fail(f"{path}.players", "is not four participant ids")
    return _build(
        path,
        lambda: TableResult(
            board_number=board_number,
            players=None
            if players is None
            else (players[0], players[1], players[2], players[3]),
            ns_id=_field(data, "ns", str, path),
            ew_id=_field(data, "ew", str, path),
            contract=contract,
            declarer=_optional(data, "declarer", str, path),
            lead=_optional(data, "lead", str, path),
            tricks=_optional(data, "tricks", int, path),
            score_ns=_optional(data, "score_ns", int, path),
            assigned=assigned,
            weighted=weighted,
            table_number=_optional(data, "table", int, path),
            round_number=_optional(data, "round", int, path),
            mp_ns=_points(ns_points, "mp", f"{path}.points.ns"),
            mp_ew=_points(ew_points, "mp", f"{path}.points.ew"),
            imp_ns=_points(ns_points, "imp", f"{path}.points.ns"),
            imp_ew=_points(ew_points, "imp", f"{path}.points.ew"),
            percentage_ns=_points(ns_points, "percentage", f"{path}.points.ns"),
            percentage_ew=_points(ew_points, "percentage", f"{path}.points.ew"),
        ),
    )


_Play = tuple[
    tuple[BoardRecord, ...],
    tuple[TableResult, ...],
    tuple[MatchRecord, ...],
    tuple[Penalty, ...],
]


def _play(container: dict[str, Any], where: str) -> _Play:
    """A session's boards with their results, its matches and penalties."""
    prefix = f"{where}." if where != "$" else ""
    boards: list[BoardRecord] = []
    results: list[TableResult] = []
    for i, item in enumerate(_list(container, "boards", where)):
        path = f"{prefix}boards[{i}]"
        board = _object(item, path)
        record = _board(board, path)
        boards.append(record)
        for j, line in enumerate(_list(board, "results", path)):
            line_path = f"{path}.results[{j}]"
            results.append(
                _table_result(record.board_number, _object(line, line_path), line_path)
            )
    matches = tuple(
        _match(_object(item, f"{prefix}matches[{i}]"), f"{prefix}matches[{i}]")
        for i, item in enumerate(_optional(container, "matches", list, where) or [])
    )
    penalties = tuple(
        _penalty(_object(item, f"{prefix}penalties[{i}]"), f"{prefix}penalties[{i}]")
        for i, item in enumerate(_optional(container, "penalties", list, where) or [])
    )
    return tuple(boards), tuple(results), matches, penalties


def _session_of(
    path: str,
    header: TournamentHeader,
    participants: tuple[Participant, ...],
    boards: tuple[BoardRecord, ...],
    results: tuple[TableResult, ...],
    matches: tuple[MatchRecord, ...],
    penalties: tuple[Penalty, ...] = (),
) -> TournamentResults:
    return _build(
        path,
        lambda: TournamentResults(
            header=header,
            participants=participants,
            boards=boards,
            results=results,
            matches=matches,
            penalties=penalties,
        ),
    )


def read_json(text: str) -> TournamentResults:
    """Read a JSON results export; raise ``FormatError`` naming line or path.

    A document of several sessions is refused here: ``read_json_sessions``
    reads it (decision 0179)."""
    sessions, _ = read_json_sessions(text)
    if len(sessions) > 1:
        raise _fail("sessions", f"the file holds {len(sessions)} sessions")
    return sessions[0]


def read_json_sessions(
    text: str,
) -> tuple[tuple[TournamentResults, ...], tuple[RankingEntry, ...]]:
    """Read a JSON results export session by session, with the event's
    ranking (decision 0179); raise ``FormatError`` naming line or path."""
    try:
        # Nesting and numbers bounded (decision 0212): a deep or huge file is
        # refused naming the limit, never a RecursionError.
        document = load_json(text, decimals=True)
    except json.JSONDecodeError as error:
        raise FormatError(f"not valid JSON: {error.msg}", line=error.lineno) from None
    except TextRefused as error:
        raise FormatError(f"not valid JSON: {error.problem}", line=error.line) from None
    root = _object(document, "$")
    if root.get("format") != FORMAT:
        raise _fail("format", f"{root.get('format')!r} is not {FORMAT!r}")
    if root.get("version") != VERSION:
        raise _fail("version", f"version {root.get('version')!r} is not supported")
    header = _header(_object(_field(root, "tournament", dict, "$"), "tournament"))
    participants = tuple(
        _participant(_object(item, f"participants[{i}]"), f"participants[{i}]")
        for i, item in enumerate(_list(root, "participants", "$"))
    )
    ranking = tuple(
        _ranking_entry(_object(item, f"ranking[{i}]"), f"ranking[{i}]")
        for i, item in enumerate(_list(root, "ranking", "$"))
    )
    several = _optional(root, "sessions", list, "$")
    if several is None:
        boards, results, matches, penalties = _play(root, "$")
        one = _build(
            "$",
            lambda: TournamentResults(
                header=header,
                participants=participants,
                boards=boards,
                results=results,
                ranking=ranking,
                matches=matches,
                penalties=penalties,
            ),
        )
        return (one,), one.ranking
    sessions = []
    for i, item in enumerate(several):
        path = f"sessions[{i}]"
        container = _object(item, path)
        if container.get("number") != i + 1:
            raise _fail(f"{path}.number", f"session {i + 1} was expected")
        boards, results, matches, penalties = _play(container, path)
        sessions.append(
            _session_of(path, header, participants, boards, results, matches, penalties)
        )
    if not sessions:
        raise _fail("sessions", "no session")
    event = _build(
        "ranking",
        lambda: TournamentResults(
            header=header, participants=participants, ranking=ranking
        ),
    )
    return tuple(sessions), event.ranking
