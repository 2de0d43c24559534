"""The error every results-file reader raises on a malformed file.

A file that cannot be read is refused whole, with the line (PBN, JSON) or the
element (USEBIO XML) that is wrong, so that nothing is half-imported.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation

__all__ = ["FormatError", "UnsupportedFile"]


class FormatError(RuleViolation):
    """A results file is malformed: names the line or element and the problem.

    No Law applies to the syntax of a file, so ``law`` stays ``None``.
    """

    code: ClassVar[str] = "malformed_file"

    def __init__(
        self,
        problem: str,
        *,
        line: int | None = None,
        element: str | None = None,
    ) -> None:
        self.problem = problem
        self.line = line
        self.element = element
        where = []
        if element is not None:
            where.append(f"element {element}")
        if line is not None:
            where.append(f"line {line}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {problem}" if prefix else problem)


class UnsupportedFile(RuleViolation):
    """The file is not a results file we read, or is one of a kind we do not
    import: names what was found (another program's web page, its own JSON,
    a USEBIO event type) and what is read instead, so that the user is never
    told a well-formed file of another kind is malformed."""

    code: ClassVar[str] = "unsupported_file"
