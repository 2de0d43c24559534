"""Read models of the appeals app and its notification outbox.

``AppealRow`` is filled by ``appeals.projections.AppealFiles`` (rebuildable).
``OutboxMessage`` is filled by ``appeals.projections.AppealNotifications``
with the event id as dedupe key and drained by ``appeals.outbox.drain``: a
rebuild never deletes it, so no email is ever sent twice.
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Now


class AppealRow(models.Model):
    appeal_id = models.UUIDField(primary_key=True)
    stream_id = models.UUIDField(unique=True)
    tournament_id = models.UUIDField()
    ruling_id = models.UUIDField()
    session = models.IntegerField()
    board_number = models.IntegerField(null=True)
    table = models.IntegerField(null=True)
    appellant_entry = models.IntegerField()
    party_entries = models.JSONField(default=list)
    party_player_ids = models.JSONField(default=list)
    status = models.TextField()
    body = models.TextField(blank=True, default="")
    members = models.JSONField(default=list)
    outcome = models.TextField(blank=True, default="")
    adjusted_scores = models.JSONField(default=list)
    decided_at = models.DateTimeField(null=True)
    further_outcome = models.TextField(blank=True, default="")
    lodged_at = models.DateTimeField()
    position = models.BigIntegerField()

    class Meta:
        indexes = [
            models.Index(fields=["tournament_id", "session"], name="appeal_tour")
        ]

    def __str__(self) -> str:
        return f"appeal {self.appeal_id} ({self.status})"


class OutboxMessage(models.Model):
    """One email per appeal state change; ``dedupe_key`` is the event id."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        FAILED = "failed"

    dedupe_key = models.TextField(unique=True)
    appeal_id = models.UUIDField()
    event_type = models.TextField()
    position = models.BigIntegerField()
    recipients = models.JSONField(default=list)  # player ids, resolved on sending
    subject = models.TextField()
    body = models.TextField()
    status = models.TextField(choices=Status.choices, default=Status.PENDING)
    attempts = models.IntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        indexes = [models.Index(fields=["status", "position"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.event_type} for {self.appeal_id} ({self.status})"
