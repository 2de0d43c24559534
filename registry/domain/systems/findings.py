"""What the check of a card finds, and the errors that refuse a card (FIGB App1).

Each finding cites the rule it applies (digest keys: "App1 §3", "N-Def");
``reference`` turns the key into an article reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from registry.domain.systems.card import BrownSticker, HumFeature, SystemColour
from rules.errors import ArticleRef, RuleViolation

__all__ = [
    "APPENDIX_1",
    "FIGB_NORMS",
    "Finding",
    "InvalidConventionCard",
    "Severity",
    "SystemCheck",
    "SystemNotPermitted",
    "reference",
]

APPENDIX_1 = "Norme integrative FIGB, Appendice 1"
FIGB_NORMS = "Norme integrative FIGB"


class Severity(StrEnum):
    """A failure refuses the card; warnings and notices are recorded with it."""

    FAILURE = "failure"
    WARNING = "warning"
    NOTICE = "notice"


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One result of the check, citing the rule it applies.

    ``citation`` uses the digest's keys: "App1 §3", "App1 §2.2c", "N-Def".
    """

    code: str
    severity: Severity
    citation: str
    message: str
    method_ref: str | None = None


def reference(citation: str) -> ArticleRef:
    """Return the article reference for a finding's citation key."""
    if citation.startswith("App1 §"):
        return ArticleRef(citation.removeprefix("App1 §"), source=APPENDIX_1)
    if citation.startswith("N-L"):
        return ArticleRef(citation.removeprefix("N-L"), source=FIGB_NORMS)
    return ArticleRef("Definizioni", source=FIGB_NORMS)


@dataclass(frozen=True, slots=True, kw_only=True)
class SystemCheck:
    """The outcome of checking a card for one event category."""

    suggested_colour: SystemColour
    hum_features: tuple[HumFeature, ...]
    brown_stickers: tuple[BrownSticker, ...]
    findings: tuple[Finding, ...]

    @property
    def failures(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.FAILURE)

    @property
    def permitted(self) -> bool:
        return not self.failures


class InvalidConventionCard(RuleViolation):
    """The card is not well formed: the check cannot read it."""

    code: ClassVar[str] = "invalid_convention_card"

    def __init__(self, problems: tuple[str, ...]) -> None:
        super().__init__(
            "the convention card is not well formed: " + "; ".join(problems),
            law=ArticleRef("5", source=APPENDIX_1),
        )
        self.problems = problems


class SystemNotPermitted(RuleViolation):
    """The declared system breaks App1 in this category; ``failures`` lists why."""

    code: ClassVar[str] = "system_not_permitted"

    def __init__(self, failures: tuple[Finding, ...]) -> None:
        first = failures[0]
        super().__init__(
            "; ".join(f.message for f in failures), law=reference(first.citation)
        )
        self.failures = failures
