"""The federation registry's tables: identities (mutable) and read models.

Identities hold personal data and are edited or erased in place; they never
enter an event (spec/eventstore-research.md §6.8). Read models are filled by
``registry.projections.RegistryProjection`` from the player, pair
and team streams (decision 0035) and are never written by a view.

The tables keep the names they had in the tournaments app: the models moved
in state only, so no row moved (decision 0087).
"""

from __future__ import annotations

import uuid

from django.db import models

from registry.domain import PlayerCategory

__all__ = [
    "Club",
    "DeclaredConventionCard",
    "ImportedPlayer",
    "PlayerIdentity",
    "PlayerImportJob",
    "RegisteredPair",
    "RegisteredPlayer",
    "RegisteredTeam",
    "TeamIdentity",
    "TeamLineup",
    "TeamMembership",
]

CATEGORY_CHOICES = [(c.value, c.name.replace("_", " ").title()) for c in PlayerCategory]


class Club(models.Model):
    """A club (società sportiva) affiliated to the federation; plain record."""

    club_id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    code = models.TextField(unique=True)  # the federation's club code
    name = models.TextField()
    city = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_club"
        ordering = ["code"]

    def __str__(self) -> str:
        return self.code


class PlayerIdentity(models.Model):
    """Who a registered player is: personal data, mutable and erasable.

    Written before the player's first event as a reservation of the
    federation number; a reservation whose stream never started is reused by
    the next registration of that number (decision 0035).
    """

    player_id = models.UUIDField(primary_key=True, default=uuid.uuid4)
    federation_number = models.TextField(unique=True)
    family_name = models.TextField()
    given_name = models.TextField()
    email = models.EmailField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_playeridentity"
        verbose_name_plural = "player identities"

    def __str__(self) -> str:
        return self.federation_number


class RegisteredPlayer(models.Model):
    """Read model: a player on the register, by id only."""

    player_id = models.UUIDField(primary_key=True)
    category = models.TextField(choices=CATEGORY_CHOICES)
    club_id = models.UUIDField(null=True, blank=True, db_index=True)
    forgotten = models.BooleanField(default=False)
    # False: results show the player's federation number only (decision 0113).
    published = models.BooleanField(default=True)
    registered_at = models.DateTimeField()
    last_position = models.BigIntegerField()

    class Meta:
        db_table = "tournaments_registeredplayer"

    def __str__(self) -> str:
        return f"{self.player_id} ({self.category})"


class RegisteredPair(models.Model):
    """Read model: a partnership of two players (Law 4)."""

    pair_id = models.UUIDField(primary_key=True)
    player_a_id = models.UUIDField(db_index=True)
    player_b_id = models.UUIDField(db_index=True)
    formed_at = models.DateTimeField()
    last_position = models.BigIntegerField()

    class Meta:
        db_table = "tournaments_registeredpair"

    def __str__(self) -> str:
        return str(self.pair_id)


class DeclaredConventionCard(models.Model):
    """Read model: one row per card a pair declared, with its App1 check."""

    global_position = models.BigIntegerField(primary_key=True)
    pair_id = models.UUIDField(db_index=True)
    tournament_id = models.UUIDField(null=True, blank=True, db_index=True)
    category = models.SmallIntegerField()
    form = models.TextField()
    colour = models.TextField()
    suggested_colour = models.TextField()
    hum_features = models.JSONField(default=list)
    brown_stickers = models.JSONField(default=list)
    findings = models.JSONField(default=list)
    card = models.JSONField()
    declared_at = models.DateTimeField()

    class Meta:
        db_table = "tournaments_declaredconventioncard"
        ordering = ["global_position"]

    def __str__(self) -> str:
        return f"{self.pair_id} cat {self.category} ({self.colour})"


class ImportedPlayer(models.Model):
    """A player an imported results file named who is not on the register
    (decision 0180): the name and federation number the file gave, keyed by
    the id the import derived for him. Personal data, so never in an event;
    edited or erased in place like ``PlayerIdentity``."""

    player_id = models.UUIDField(primary_key=True)
    name = models.TextField()
    federation_number = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.federation_number or str(self.player_id)


class TeamIdentity(models.Model):
    """A team's name: mutable, often a surname, so never in an event."""

    team_id = models.UUIDField(primary_key=True)
    name = models.TextField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_teamidentity"

    def __str__(self) -> str:
        return self.name


class RegisteredTeam(models.Model):
    """Read model: a team, its captain and non-playing captain (N-L11 §2)."""

    team_id = models.UUIDField(primary_key=True)
    captain_id = models.UUIDField()
    non_playing_captain_id = models.UUIDField(null=True, blank=True)
    formed_at = models.DateTimeField()
    last_position = models.BigIntegerField()

    class Meta:
        db_table = "tournaments_registeredteam"

    def __str__(self) -> str:
        return str(self.team_id)


class TeamMembership(models.Model):
    """Read model: one row per member of a team."""

    team_id = models.UUIDField()
    player_id = models.UUIDField(db_index=True)

    class Meta:
        db_table = "tournaments_teammembership"
        constraints = [
            models.UniqueConstraint(
                fields=["team_id", "player_id"], name="team_membership_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team_id}:{self.player_id}"


class TeamLineup(models.Model):
    """Read model: the latest line-up of a team for a segment of a match."""

    team_id = models.UUIDField()
    tournament_id = models.UUIDField(db_index=True)
    match_id = models.UUIDField()
    segment = models.IntegerField()
    open_room_a = models.UUIDField()
    open_room_b = models.UUIDField()
    closed_room_a = models.UUIDField()
    closed_room_b = models.UUIDField()
    change_authorised = models.BooleanField(default=False)
    declared_at = models.DateTimeField()
    last_position = models.BigIntegerField()

    class Meta:
        db_table = "tournaments_teamlineup"
        constraints = [
            models.UniqueConstraint(
                fields=["team_id", "match_id", "segment"], name="team_lineup_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team_id}:{self.match_id}#{self.segment}"


class PlayerImportJob(models.Model):
    """A player import run by a worker (issue 16, item 9): its file, its
    progress (``done`` of ``total`` rows) and, once finished, its report.

    A plain record, not a read model: the import's events are the players'
    registrations; this only tells the caller how far the worker has got.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        REJECTED = "rejected"
        FAILED = "failed"

    job_id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    status = models.TextField(choices=Status.choices, default=Status.QUEUED)
    content = models.TextField()
    dry_run = models.BooleanField(default=False)
    actor = models.TextField()
    done = models.IntegerField(default=0)
    total = models.IntegerField(default=0)
    report = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"import {self.job_id}: {self.status} {self.done}/{self.total}"
