"""The burraco read models: one row per tournament, per table result, per
standing line. Written only by ``burraco.projections.BurracoStandings``."""

from __future__ import annotations

from django.db import models


class BurracoEventRow(models.Model):
    tournament_id = models.UUIDField(primary_key=True)
    hands_per_turn = models.PositiveSmallIntegerField()
    turns = models.PositiveSmallIntegerField()
    current_turn = models.PositiveSmallIntegerField(default=0)
    final_published_at = models.DateTimeField(null=True)
    check_deadline = models.DateTimeField(null=True)
    final = models.BooleanField(default=False)
    # The single group's last turn once its standings are published for the
    # Art. 20 check before the split (public from then; decision 0145).
    provisional_turn = models.PositiveSmallIntegerField(null=True)
    # Art. 40: the interruption (turns completed and scheduled, the
    # standings its prizes follow), None while the tournament runs.
    interrupted = models.JSONField(null=True)
    # The prize list (``burraco.export.prizes_of``, with the entries'
    # count) once public, else None (decision 0200): the rule is applied
    # when the row is written, so a page cannot show it early.
    prizes = models.JSONField(null=True)
    position = models.BigIntegerField()

    def __str__(self) -> str:
        return f"burraco {self.tournament_id}"


class BurracoResultRow(models.Model):
    tournament_id = models.UUIDField()
    turn = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    fixed = models.PositiveIntegerField()
    mobile = models.PositiveIntegerField()
    hands = models.JSONField()
    # Teams: the closed room's hands (``hands``: the open room's).
    closed_hands = models.JSONField(default=list)
    fixed_mp = models.IntegerField()
    mobile_mp = models.IntegerField()
    fixed_vp = models.PositiveSmallIntegerField()
    mobile_vp = models.PositiveSmallIntegerField()
    corrected = models.BooleanField(default=False)
    inverted_after = models.PositiveSmallIntegerField(null=True)
    # Art. 39's forfeit: no sheet; the MP are each side's signed MP.
    awarded = models.BooleanField(default=False)
    # A giallo line's second player (decision 0173); 0 for other forms.
    fixed_partner = models.PositiveIntegerField(default=0)
    mobile_partner = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "turn", "table"], name="burraco_result_key"
            )
        ]

    def __str__(self) -> str:
        return f"turn {self.turn} table {self.table}"


class BurracoStandingRow(models.Model):
    tournament_id = models.UUIDField()
    after_turn = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    tied = models.BooleanField()
    pair = models.PositiveIntegerField()
    vp = models.IntegerField()
    turn_vp = models.IntegerField()
    deduction = models.IntegerField()
    mp = models.IntegerField()
    turns = models.PositiveSmallIntegerField()
    # The merit group after the split ("" before; decision 0145).
    group = models.CharField(max_length=1, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "after_turn", "pair"],
                name="burraco_standing_key",
            )
        ]
        # The page's read: one tournament's standings after a turn, in order.
        indexes = [
            models.Index(
                fields=["tournament_id", "after_turn", "rank"],
                name="burraco_standing_order",
            )
        ]

    def __str__(self) -> str:
        return f"after turn {self.after_turn}: {self.rank}. pair {self.pair}"
