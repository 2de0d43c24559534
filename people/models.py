"""The notifications a person receives, by e-mail and on their own page.

``Notification`` is filled by ``people.notifications.Notifications`` (a
projection of the tournament and appeal events) with one row per recipient
and event, keyed ``<event id>:<player id>``; ``people.notifications.send``
e-mails each row once and records when. A rebuild deletes nothing, so a
replay never sends again (decision 0140).
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Now


class Notification(models.Model):
    class Kind(models.TextChoices):
        RULING_ADJUSTED = "ruling_adjusted"  # Law 12 by the Director
        APPEAL_LODGED = "appeal_lodged"  # Law 92
        HEARING_SCHEDULED = "hearing_scheduled"  # Law 93, FIGB N-L92-93 §3
        APPEAL_DECIDED = "appeal_decided"  # Law 93, FIGB N-L92-93 §4
        SCORE_CORRECTED = "score_corrected"  # Law 79C
        PENALTY_IMPOSED = "penalty_imposed"  # Laws 90, 91; FIGB N-L8, App. 1

    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        NO_ADDRESS = "no_address"  # no account with an address is linked
        FAILED = "failed"

    dedupe_key = models.TextField(unique=True)
    player_id = models.UUIDField()
    kind = models.TextField(choices=Kind.choices)
    tournament_id = models.UUIDField()
    appeal_id = models.UUIDField(null=True, blank=True)
    params = models.JSONField(default=dict)
    deadline = models.DateTimeField(null=True, blank=True)
    position = models.BigIntegerField()
    status = models.TextField(choices=Status.choices, default=Status.PENDING)
    attempts = models.IntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        indexes = [
            models.Index(fields=["status", "position"], name="notification_due"),
            models.Index(fields=["player_id", "position"], name="notification_mine"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.player_id} ({self.status})"
