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
    """A command the domain refuses; ``code`` is part of the API contract.

    ``field`` names the input at fault as a dotted path of the command's
    fields, as the API spells them (``"player_ids.1"``, ``"scoring"``,
    ``"adjusted_scores.0.law"``); ``value`` is the offending value as text.
    Both are None when the refusal is about the state, not one input.
    ``errors``: a refusal of many inputs at once (a batch of results) lists
    each input refused, each with its own ``field``, ``code`` and ``law``.
    """

    code: ClassVar[str] = "domain_error"
    law: Reference | None = None
    field: str | None = None
    value: str | None = None
    errors: tuple[dict[str, object], ...] = ()

    def __init__(
        self,
        message: str,
        *,
        law: Reference | None = None,
        field: str | None = None,
        value: object = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if law is not None:
            self.law = law
        if field is not None:
            self.field = field
        if value is not None:
            self.value = str(value)

    def as_dict(self) -> dict[str, str]:
        data = {"code": self.code, "detail": self.message}
        if self.law is not None:
            data["law"] = str(self.law)
        if self.field is not None:
            data["field"] = self.field
        if self.value is not None:
            data["value"] = self.value
        return data


class RuleViolation(DomainError):
    """Well-formed, but the rules forbid it in the current state (HTTP 422)."""

    code: ClassVar[str] = "rule_violation"


class StateConflict(DomainError):
    """The stream's state or a time window forbids it now (HTTP 409)."""

    code: ClassVar[str] = "state_conflict"
