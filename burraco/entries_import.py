"""A burraco tournament's registrations from a spreadsheet (CSV or XLSX).

Issue 19's scoring-room exam: the pairs come from the organiser's file,
each player's membership checked against the federation's register
(decision 0083). Columns, with a header row: ``pair`` (the entry number;
``entry`` is the same column), ``member_1`` and ``member_2`` (federation
numbers; an individual or giallo event has ``member_1`` only), then
optionally ``region``, ``province``, ``club`` and ``category``: recorded
on the burraco stream in the same transaction, so the director may keep the
entries of one apart when the lines are formed (decision 0175), or form the
first turn by category (decision 0186).
Every row is checked before anything is written; one rejected row and
nothing is entered (422 listing row, column, reason). The accepted rows are
entered in one append to the tournament stream, decided pair after pair on
the one command path.
"""

from __future__ import annotations

import io
import uuid
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from burraco import domain as burraco
from burraco.handlers import BURRACO
from eventstore.commands import PendingAppend, execute, fold
from eventstore.store import AppendResult, Metadata, event_store
from registry.boundary import player_states, players_by_number
from rules.inputs import TextRefused, csv_rows
from tournaments import handlers as tournaments
from tournaments.domain import tournament

__all__ = ["MAX_ROWS", "Rejected", "import_entries", "nul_line", "read_table"]

MAX_ROWS = 1000
COLUMNS = ("pair", "member_1", "member_2")
SINGLE_COLUMNS = ("pair", "member_1")
ORIGIN_COLUMNS = ("region", "province", "club", "category")
XLSX_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True, slots=True)
class Rejected:
    row: int
    column: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"row": self.row, "column": self.column, "reason": self.reason}


def nul_line(content: bytes) -> int | None:
    """The line (from 1) of a UTF-8 CSV's first NUL character, if it has one
    (an XLSX or a file that is not UTF-8 is refused for that, not this)."""
    if content.startswith(XLSX_MAGIC):
        return None
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    at = text.find("\x00")
    return None if at < 0 else text.count("\n", 0, at) + 1


def read_table(
    content: bytes, columns: tuple[str, ...] = COLUMNS
) -> list[dict[str, str]] | Rejected:
    """The file's rows as dicts by header: XLSX (by its signature, first
    sheet, through openpyxl) or UTF-8 CSV."""
    if content.startswith(XLSX_MAGIC):
        from openpyxl import load_workbook

        try:
            sheet = load_workbook(
                io.BytesIO(content), read_only=True, data_only=True
            ).active
        except Exception:  # any unreadable workbook is the file's fault
            return Rejected(0, "file", "not a readable XLSX workbook")
        if sheet is None:
            return Rejected(0, "file", "the workbook has no sheet")
        # At most the header and one row past the bound are read.
        cells = [
            ["" if v is None else str(v).strip() for v in row[:20]]
            for row in sheet.iter_rows(max_row=MAX_ROWS + 2, values_only=True)
        ]
    else:
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            return Rejected(0, "file", "neither XLSX nor UTF-8 CSV")
        line = nul_line(content)
        if line is not None:
            return Rejected(line, "file", "a NUL character is no part of any text")
        try:
            cells = [[c.strip() for c in row] for _, row in csv_rows(text)]
        except TextRefused as refused:
            # A field beyond the CSV field limit (decision 0212).
            return Rejected(refused.line or 0, "file", refused.problem)
    cells = [row for row in cells if any(row)]
    if not cells:
        return Rejected(0, "file", "the file is empty")
    header = ["pair" if h.lower() == "entry" else h.lower() for h in cells[0]]
    missing = [c for c in columns if c not in header]
    if missing:
        return Rejected(1, missing[0], f"the header has no {missing[0]!r} column")
    if len(cells) - 1 > MAX_ROWS:
        return Rejected(0, "file", f"at most {MAX_ROWS} pairs in one file")
    return [dict(zip(header, row, strict=False)) for row in cells[1:]]


def _check(
    rows: list[dict[str, str]],
    entered: tournament.TournamentState,
    members: tuple[str, ...] = ("member_1", "member_2"),
) -> tuple[list[tournament.EnterPair], list[Rejected]]:
    numbers = {r.get(c, "") for r in rows for c in ("member_1", "member_2")}
    known = players_by_number(n for n in numbers if n)
    states = player_states(tuple(known.values()))
    taken = {p for e in entered.entries.values() for p in e.player_ids}
    seen_pairs: set[int] = set(entered.entries)
    seen_players: set[UUID] = set()
    commands: list[tournament.EnterPair] = []
    rejected: list[Rejected] = []
    for index, row in enumerate(rows, start=2):
        raw = row.get("pair", "")
        if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 9999:
            rejected.append(Rejected(index, "pair", f"{raw!r} is not a pair number"))
            continue
        number = int(raw)
        if number in seen_pairs:
            rejected.append(Rejected(index, "pair", f"pair {number} is entered twice"))
            continue
        seen_pairs.add(number)
        players: list[UUID] = []
        for column in members:
            member = row.get(column, "")
            player = known.get(member)
            state = states.get(player) if player else None
            if player is None or state is None or not state.registered:
                rejected.append(
                    Rejected(
                        index, column, f"{member!r} is not a member on the register"
                    )
                )
            elif state.forgotten:
                rejected.append(Rejected(index, column, f"{member!r} was forgotten"))
            elif player in seen_players or player in taken:
                rejected.append(
                    Rejected(index, column, f"{member!r} plays in two pairs")
                )
            else:
                seen_players.add(player)
                players.append(player)
        if len(players) == len(members):
            commands.append(
                tournament.EnterPair(
                    number=number,
                    entry_id=uuid.uuid4(),
                    player_ids=tuple(players),
                )
            )
    return commands, rejected


def import_entries(
    tournament_id: UUID, content: bytes, *, metadata: Metadata
) -> tuple[AppendResult | None, list[Rejected], int]:
    """Enter every pair of the file, or none: (the append, the rejected
    rows, the pairs entered)."""
    state = tournaments.load_tournament(tournament_id)
    singles = (
        state.created is not None and state.created.form is tournament.Form.INDIVIDUAL
    )
    rows = read_table(content, SINGLE_COLUMNS if singles else COLUMNS)
    if isinstance(rows, Rejected):
        return None, [rows], 0
    members = ("member_1",) if singles else ("member_1", "member_2")
    commands, rejected = _check(rows, state, members)
    if rejected or not commands:
        return None, rejected, 0
    ids = tuple(p for c in commands for p in c.player_ids)
    players = player_states(ids)
    origins = tuple(
        burraco.Origin(
            entry=int(row["pair"]),
            **{c: (row.get(c) or "").strip()[:100] for c in ORIGIN_COLUMNS},
        )
        for row in rows
        if any((row.get(c) or "").strip() for c in ORIGIN_COLUMNS)
    )

    def decide(current: tournament.TournamentState, now: Any) -> list[Any]:
        events: list[Any] = []
        for command in commands:
            decided = tournament.decide(current, command, now, players=players)
            current = fold(tournament.evolve, current, decided)
            events.extend(decided)
        return events

    def record_origins(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        """The region, province and club columns, on the burraco stream in
        the same transaction (decision 0175)."""
        if not origins:
            return []
        stream = burraco.stream_id(tournament_id)
        version, current = BURRACO.load(stream)
        entries = (*state.entries, *(c.number for c in commands))
        command = burraco.RecordOrigins(origins=origins)
        decided = burraco.decide(current, command, event_store().now(), entries=entries)
        return [PendingAppend(stream, burraco.STREAM_TYPE, decided, version, metadata)]

    result = execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        tournaments.TOURNAMENTS,
        decide,
        metadata=metadata,
        request=[(c.number, [str(p) for p in c.player_ids]) for c in commands],
        also=record_origins,
    )
    return result, [], len(commands)
