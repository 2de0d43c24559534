"""Errors the burraco rules engine raises for what cannot happen at all.

F.I.Bur. Codice di Gara, April 2024 edition. Irregularities at the table are
*not* errors: the director records the facts and the engine returns the
penalty (``rules.burraco.penalties``). These classes cover input the code
does not allow: a set of cards that is no meld, facts that contradict each
other, a setting outside the code's limits. Each carries its article.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation

__all__ = ["InconsistentFacts", "InvalidMeld", "InvalidSetting"]


class InvalidMeld(RuleViolation):
    """Cards that form no sequence or combination (Arts. 10-12)."""

    code: ClassVar[str] = "invalid_meld"


class InconsistentFacts(RuleViolation):
    """Facts recorded by the director that the code says cannot go together."""

    code: ClassVar[str] = "inconsistent_facts"


class InvalidSetting(RuleViolation):
    """A tournament setting outside what the code allows."""

    code: ClassVar[str] = "invalid_setting"
