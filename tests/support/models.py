from django.db import models


class Tally(models.Model):
    """Test read model: events and the sum of ``n`` per stream."""

    stream_id = models.UUIDField(primary_key=True)
    events = models.IntegerField(default=0)
    total = models.BigIntegerField(default=0)
    last_position = models.BigIntegerField(default=0)

    class Meta:
        app_label = "support"

    def __str__(self) -> str:
        return f"{self.stream_id}: {self.events}"


class TournamentTally(models.Model):
    """Test read model: events and the sum of ``n`` per tournament."""

    tournament_id = models.UUIDField(primary_key=True)
    events = models.IntegerField(default=0)
    total = models.BigIntegerField(default=0)

    class Meta:
        app_label = "support"

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.total}"
