"""The errors an appeal command raises, each naming the Law or norm it enforces.

A :class:`~rules.errors.RuleViolation` is a command the rule forbids (422); a
:class:`~rules.errors.StateConflict` does not fit the appeal's current stage
or a closed period (409). FIGB norms are cited with :func:`figb`.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import ArticleRef, RuleViolation, StateConflict

FIGB_NORMS = "Norme integrative FIGB"


def figb(paragraph: str) -> ArticleRef:
    """A paragraph of the FIGB norm on Laws 92 and 93, e.g. ``figb("4")``."""
    return ArticleRef(f"92-93 §{paragraph}", source=FIGB_NORMS)


class RulingNotFound(RuleViolation):
    code: ClassVar[str] = "ruling_not_found"


class NoStanding(RuleViolation):
    code: ClassVar[str] = "no_standing"


class GroundsMissing(RuleViolation):
    code: ClassVar[str] = "appeal_grounds_missing"


class AppealNotAvailable(RuleViolation):
    code: ClassVar[str] = "appeal_not_available"


class AppealExists(StateConflict):
    code: ClassVar[str] = "appeal_exists"


class NotThroughDirector(RuleViolation):
    """Law 92C: an appeal is lodged through the Director."""

    code: ClassVar[str] = "appeal_not_through_director"


class AppealNotFound(StateConflict):
    code: ClassVar[str] = "appeal_not_found"


class AppealPeriodEnded(StateConflict):
    code: ClassVar[str] = "appeal_period_ended"


class NotAConcurrer(RuleViolation):
    code: ClassVar[str] = "not_a_concurrer"


class ConcurrenceMissing(StateConflict):
    code: ClassVar[str] = "concurrence_missing"


class DepositNotReceived(StateConflict):
    code: ClassVar[str] = "deposit_not_received"


class InvalidDeposit(RuleViolation):
    code: ClassVar[str] = "invalid_deposit"


class WrongStage(StateConflict):
    """The command does not fit the appeal's current stage."""

    code: ClassVar[str] = "appeal_wrong_stage"


class InvalidRouting(RuleViolation):
    code: ClassVar[str] = "invalid_routing"


class InvalidHearing(RuleViolation):
    code: ClassVar[str] = "invalid_hearing"


class NotTheHearingBody(RuleViolation):
    code: ClassVar[str] = "not_the_hearing_body"


class InvalidDecision(RuleViolation):
    code: ClassVar[str] = "invalid_decision"


class CommitteeOverreach(RuleViolation):
    """The committee may not overrule the Chief Director on law or discipline."""

    code: ClassVar[str] = "committee_overreach"


class DisciplinaryDecisionStands(RuleViolation):
    """FIGB §3: the chief director cannot change the table director's discipline."""

    code: ClassVar[str] = "disciplinary_decision_stands"


class NoFurtherAppeal(RuleViolation):
    code: ClassVar[str] = "no_further_appeal"


class FurtherAppealInadmissible(RuleViolation):
    code: ClassVar[str] = "further_appeal_inadmissible"


class FurtherAppealPeriodClosed(StateConflict):
    code: ClassVar[str] = "further_appeal_period_closed"


class NoTechnicalError(RuleViolation):
    """FIGB §4-§5: no change of result without an admitted technical error."""

    code: ClassVar[str] = "no_technical_error"


class NotTheAppellant(RuleViolation):
    code: ClassVar[str] = "not_the_appellant"
