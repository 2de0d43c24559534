"""The errors of results import and export (decisions 0040-0041)."""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation, StateConflict

__all__ = [
    "AlreadyImported",
    "ExportRefused",
    "ImportRefused",
]


class ImportRefused(RuleViolation):
    """The file is well formed but cannot be recorded as it stands."""

    code: ClassVar[str] = "import_refused"


class AlreadyImported(StateConflict):
    """This very file was imported before: its tournament exists."""

    code: ClassVar[str] = "already_imported"


class ExportRefused(RuleViolation):
    """The tournament holds something the results files cannot carry."""

    code: ClassVar[str] = "export_refused"
