"""Table codes: how a table's device signs in for one session (decision 0142).

A code is a credential, not a fact of the tournament: it lives in its own
table, never in an event (events are kept for ever and read by many).
"""

from __future__ import annotations

from django.db import models


class TableCode(models.Model):
    """The code a table types to enter its results for one session."""

    code = models.CharField(max_length=8, unique=True)
    tournament_id = models.UUIDField()
    session = models.IntegerField()
    table = models.IntegerField()
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "session", "table"],
                name="console_one_code_per_table",
            )
        ]

    def __str__(self) -> str:
        return f"table {self.table} of session {self.session}"
