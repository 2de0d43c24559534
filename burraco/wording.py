"""A burraco warning's reason in the reader's language (decision 0202).

The event holds facts (``cause`` and its figures); the sentence is built
here, when a page is rendered, in the active language. The director's own
words (cause ``stated``, and every warning stored before v2) are shown as
written.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco import domain as burraco

__all__ = ["warning_reason"]


def warning_reason(warning: burraco.WarningIssued) -> str:
    """The warning's reason as a reader of the active language reads it."""
    if warning.cause == burraco.WARNING_LATE and warning.seconds is not None:
        return ngettext(
            "late at the signal by %(seconds)d second",
            "late at the signal by %(seconds)d seconds",
            warning.seconds,
        ) % {"seconds": warning.seconds}
    if (
        warning.cause == burraco.WARNING_WRONG_TABLE
        and warning.table is not None
        and warning.expected_table is not None
    ):
        return _("sat at table %(table)d instead of table %(expected)d") % {
            "table": warning.table,
            "expected": warning.expected_table,
        }
    if warning.cause == burraco.WARNING_SHEET_LEFT:
        return _("the score sheet was left on the table, not delivered")
    return warning.reason
