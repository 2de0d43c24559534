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


class LateCorrectionRequest(models.Model):
    """A director's correction refused after the correction period, waiting
    for the organizer's approval (Law 79C2, decision 0161). A note of the
    workflow, not a fact of the tournament: the approval is the event."""

    tournament_id = models.UUIDField()
    session = models.IntegerField()
    board = models.IntegerField()
    table = models.IntegerField()
    result = models.CharField(max_length=64)
    reason = models.CharField(max_length=2000)
    requested_by = models.CharField(max_length=64)
    requested_at = models.DateTimeField(auto_now_add=True)
    approved_by = models.CharField(max_length=64, blank=True, default="")
    approved_at = models.DateTimeField(null=True, blank=True)
    # When the organizer was e-mailed (console.late_mail): once a request.
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "id"]

    def __str__(self) -> str:
        return f"board {self.board} table {self.table} of session {self.session}"
