"""Bulk registration of players from a CSV file: validate every row, then write.

Decision 0037. The file has a header row naming its columns (English or the
Italian names federation exports use) and is comma-, semicolon- or
tab-separated UTF-8. Every row is checked before anything is written; if any
row is rejected nothing is written and the report lists each rejection by
row (the file's line number), column and reason. A row whose federation
number is already registered with the same data is reported unchanged, so
re-running an import that was interrupted completes it.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from eventstore.store import Metadata, event_store
from registry.domain import PlayerCategory
from registry.handlers import (
    FederationNumberRegistered,
    Identity,
    append_registration,
    load_player,
)
from registry.models import Club, PlayerIdentity
from rules.inputs import TextRefused, csv_rows

__all__ = [
    "MAX_ROWS",
    "ImportReport",
    "Rejection",
    "csv_refusal",
    "import_players",
    "nul_line",
    "parse_players",
]

MAX_ROWS = 10_000
MAX_NAME = 100
COLUMNS = {
    "federation_number": ("federation_number", "tessera", "codice_fiscale_figb"),
    "family_name": ("family_name", "cognome", "surname"),
    "given_name": ("given_name", "nome", "first_name"),
    "category": ("category", "categoria"),
    "club_code": ("club_code", "societa", "società", "club"),
    "email": ("email", "e-mail", "mail"),
}
REQUIRED = ("federation_number", "family_name", "given_name", "category")


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why one row (or the file, row 0) cannot be imported."""

    row: int
    column: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"row": self.row, "column": self.column, "reason": self.reason}

    def __str__(self) -> str:
        where = "file" if self.row == 0 else f"row {self.row}"
        column = f", column {self.column}" if self.column else ""
        return f"{where}{column}: {self.reason}"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    row: int
    identity: Identity
    category: PlayerCategory
    club_id: UUID | None


@dataclass(slots=True)
class ImportReport:
    rows: int = 0
    imported: list[tuple[int, UUID]] = field(default_factory=list)
    unchanged: list[tuple[int, UUID]] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    dry_run: bool = False
    last_position: int | None = None

    @property
    def written(self) -> bool:
        return bool(self.imported) and not self.dry_run

    def as_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "dry_run": self.dry_run,
            "written": self.written,
            "imported": [{"row": r, "player_id": str(p)} for r, p in self.imported],
            "unchanged": [{"row": r, "player_id": str(p)} for r, p in self.unchanged],
            "rejected": [r.as_json() for r in self.rejected],
            "accepted_rows": self.accepted,
            "last_position": self.last_position,
        }


def readable(data: bytes | str) -> tuple[str, Rejection | None]:
    """The file as text, or why it cannot be read as a CSV of players: not
    UTF-8, or holding a NUL character (no text column may store one)."""
    try:
        text = (
            data.removeprefix("\ufeff")
            if isinstance(data, str)
            else data.decode("utf-8-sig")
        )
    except UnicodeDecodeError:
        return "", Rejection(0, "", "the file is not UTF-8 text")
    line = nul_line(text)
    if line is not None:
        # The text comes back with it: the API names the line in a 400.
        return text, Rejection(
            line, "", f"line {line} holds a NUL character: the file is not text"
        )
    return text, None


def nul_line(text: str) -> int | None:
    """The line (from 1) of the text's first NUL character, if it has one."""
    at = text.find("\x00")
    return None if at < 0 else text.count("\n", 0, at) + 1


def _dialect(text: str) -> Any:
    try:
        return csv.Sniffer().sniff(text.split("\n", 1)[0], ",;\t")
    except csv.Error:
        return csv.excel


def csv_refusal(text: str) -> TextRefused | None:
    """Why the text cannot be read as CSV at all, naming the line and the
    limit (a field longer than ``csv``'s field limit), or None. The API
    answers it with a 400 before anything is queued (decision 0212)."""
    try:
        for _ in csv_rows(text, _dialect(text)):
            pass
    except TextRefused as refused:
        return refused
    return None


def _header(names: list[str]) -> tuple[dict[str, int], list[Rejection]]:
    aliases = {a: key for key, options in COLUMNS.items() for a in options}
    found: dict[str, int] = {}
    problems: list[Rejection] = []
    for index, raw in enumerate(names):
        name = raw.strip().lower().replace(" ", "_")
        key = aliases.get(name)
        if key is None:
            problems.append(Rejection(1, raw.strip(), "unknown column"))
        elif key in found:
            problems.append(Rejection(1, raw.strip(), "column given twice"))
        else:
            found[key] = index
    for key in REQUIRED:
        if key not in found:
            problems.append(Rejection(1, key, "missing column"))
    return found, problems


def parse_players(data: bytes | str) -> tuple[list[PlayerRow], list[Rejection], int]:
    """Read and check every row; return the good rows, the rejections, the count.

    Checks: required values, federation numbers of digits, no number twice in
    the file, a FIGB category, a registered club code, a valid email.
    """
    text, unreadable = readable(data)
    if unreadable is not None:
        return [], [unreadable], 0
    if not text.strip():
        return [], [Rejection(0, "", "the file is empty")], 0
    try:
        return _parse_rows(csv_rows(text, _dialect(text)))
    except TextRefused as refused:
        return [], [Rejection(refused.line or 0, "", str(refused))], 0


def _parse_rows(
    lines: Iterator[tuple[int, list[str]]],
) -> tuple[list[PlayerRow], list[Rejection], int]:
    _, header = next(lines)  # the text is not blank: it has a first row
    columns, rejected = _header(header)
    if rejected:
        return [], rejected, 0
    clubs = dict(Club.objects.values_list("code", "club_id"))
    rows: list[PlayerRow] = []
    seen: dict[str, int] = {}
    count = 0
    for line, values in lines:
        if not any(v.strip() for v in values):
            continue  # blank lines are not rows
        count += 1
        if count > MAX_ROWS:
            return [], [Rejection(0, "", f"more than {MAX_ROWS} rows")], count
        if len(values) != len(header):
            rejected.append(
                Rejection(line, "", f"{len(values)} values for {len(header)} columns")
            )
            continue
        cell = {k: values[i].strip() for k, i in columns.items()}
        problems, row = _check_row(line, cell, clubs, seen)
        rejected.extend(problems)
        if row is not None:
            rows.append(row)
    if count == 0:
        rejected.append(Rejection(0, "", "the file has no rows"))
    return rows, rejected, count


def _check_row(
    line: int, cell: dict[str, str], clubs: dict[str, UUID], seen: dict[str, int]
) -> tuple[list[Rejection], PlayerRow | None]:
    problems: list[Rejection] = []
    for key in REQUIRED:
        if not cell.get(key):
            problems.append(Rejection(line, key, "required"))
    number = cell.get("federation_number", "")
    if number:
        if not (number.isascii() and number.isdigit()) or len(number) > 12:
            problems.append(
                Rejection(line, "federation_number", f"{number!r} is not a number")
            )
        elif number in seen:
            problems.append(
                Rejection(
                    line, "federation_number", f"{number} repeats row {seen[number]}"
                )
            )
        else:
            seen[number] = line
    for key in ("family_name", "given_name"):
        if len(cell.get(key, "")) > MAX_NAME:
            problems.append(Rejection(line, key, f"longer than {MAX_NAME} characters"))
    category: PlayerCategory | None = None
    if cell.get("category"):
        try:
            category = PlayerCategory.parse(cell["category"])
        except ValueError as exc:
            problems.append(Rejection(line, "category", str(exc)))
    club_id: UUID | None = None
    code = cell.get("club_code", "")
    if code:
        club_id = clubs.get(code)
        if club_id is None:
            problems.append(Rejection(line, "club_code", f"no club has code {code!r}"))
    email = cell.get("email", "")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems.append(Rejection(line, "email", f"{email!r} is not an email"))
    if problems or category is None:
        return problems, None
    identity = Identity(
        federation_number=number,
        family_name=cell["family_name"],
        given_name=cell["given_name"],
        email=email,
    )
    return [], PlayerRow(line, identity, category, club_id)


def _against_register(rows: list[PlayerRow], report: ImportReport) -> list[PlayerRow]:
    """Sort rows already on the register into unchanged or rejected."""
    numbers = [r.identity.federation_number for r in rows]
    existing = {
        p.federation_number: p
        for p in PlayerIdentity.objects.filter(federation_number__in=numbers)
    }
    store = event_store()
    fresh: list[PlayerRow] = []
    for row in rows:
        found = existing.get(row.identity.federation_number)
        if found is None or store.stream_version(found.player_id) == 0:
            fresh.append(row)  # new, or a reservation never completed
            continue
        state, _ = load_player(found.player_id)
        same = (
            Identity(
                federation_number=found.federation_number,
                family_name=found.family_name,
                given_name=found.given_name,
                email=found.email,
            )
            == row.identity
            and state.category is row.category
            and state.club_id == row.club_id
            and not state.forgotten
        )
        if same:
            report.unchanged.append((row.row, found.player_id))
        else:
            report.rejected.append(
                Rejection(
                    row.row,
                    "federation_number",
                    f"{row.identity.federation_number} is registered with other data",
                )
            )
    return fresh


PROGRESS_EVERY = 50
"""Rows between two progress reports of a long import."""


def import_players(
    data: bytes | str,
    *,
    metadata: Metadata,
    dry_run: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    """Validate the whole file, then reserve every identity, then append.

    Nothing is written when any row is rejected. The identities are reserved
    in one transaction (a concurrent registration of the same number aborts
    all of them); each player's stream then starts with a deterministic
    event id, so a retry after a failure replays instead of duplicating.
    """
    rows, rejected, count = parse_players(data)
    report = ImportReport(rows=count, rejected=rejected, dry_run=dry_run)
    if rejected:
        return report
    fresh = _against_register(rows, report)
    report.accepted = [r.row for r in fresh]
    if report.rejected or dry_run:
        return report
    reserved = _reserve(fresh)
    for done, (row, player_id) in enumerate(zip(fresh, reserved, strict=True), 1):
        result = append_registration(
            player_id, row.category, row.club_id, metadata=metadata
        )
        report.imported.append((row.row, player_id))
        report.last_position = result.last_position
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == len(fresh)):
            progress(done, len(fresh))
    return report


def _reserve(rows: list[PlayerRow]) -> list[UUID]:
    numbers = [r.identity.federation_number for r in rows]
    try:
        with transaction.atomic():
            orphans = {
                p.federation_number: p
                for p in PlayerIdentity.objects.select_for_update().filter(
                    federation_number__in=numbers
                )
            }
            ids: list[UUID] = []
            new: list[PlayerIdentity] = []
            for row in rows:
                identity = row.identity
                fields = {
                    "family_name": identity.family_name,
                    "given_name": identity.given_name,
                    "email": identity.email,
                }
                orphan = orphans.get(identity.federation_number)
                if orphan is not None:
                    if event_store().stream_version(orphan.player_id) > 0:
                        raise FederationNumberRegistered(
                            f"federation number {identity.federation_number} "
                            "was registered meanwhile"
                        )
                    for name, value in fields.items():
                        setattr(orphan, name, value)
                    orphan.save()
                    ids.append(orphan.player_id)
                else:
                    made = PlayerIdentity(
                        federation_number=identity.federation_number, **fields
                    )
                    new.append(made)
                    ids.append(made.player_id)
            PlayerIdentity.objects.bulk_create(new)
    except IntegrityError:
        raise FederationNumberRegistered(
            "a federation number in the file was registered meanwhile"
        ) from None
    return ids
