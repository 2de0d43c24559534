"""Domain errors shared by every pure package.

Each error names the Law (Laws of Duplicate Bridge 2017, FIGB edition) or the
article (FIGB norms, F.I.Bur. Codice di Gara) it enforces. The API maps
``RuleViolation`` to 422 and ``StateConflict`` to 409 (RFC 9457 bodies).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = [
    "ArticleRef",
    "DomainError",
    "LawRef",
    "Reference",
    "RuleViolation",
    "StateConflict",
]


@dataclass(frozen=True, slots=True, order=True)
class LawRef:
    """A reference to a Law of Duplicate Bridge 2017, e.g. ``LawRef("64A1")``."""

    law: str

    def __str__(self) -> str:
        return f"Law {self.law}"


@dataclass(frozen=True, slots=True, order=True)
class ArticleRef:
    """A reference to an article of a regulation (FIGB norms, Codice di Gara)."""

    article: str
    source: str = "Codice di Gara"

    def __str__(self) -> str:
        return f"{self.source} Art. {self.article}"


Reference = LawRef | ArticleRef


class DomainError(Exception):
    """A command the domain refuses; ``code`` is part of the API contract."""

    code: ClassVar[str] = "domain_error"
    law: Reference | None = None

    def __init__(self, message: str, *, law: Reference | None = None) -> None:
        super().__init__(message)
        self.message = message
        if law is not None:
            self.law = law

    def as_dict(self) -> dict[str, str]:
        data = {"code": self.code, "detail": self.message}
        if self.law is not None:
            data["law"] = str(self.law)
        return data


class RuleViolation(DomainError):
    """Well-formed, but the rules forbid it in the current state (HTTP 422)."""

    code: ClassVar[str] = "rule_violation"


class StateConflict(DomainError):
    """The stream's state or a time window forbids it now (HTTP 409)."""

    code: ClassVar[str] = "state_conflict"
