"""Role grants: who may do what, and where.

Roles (DESIGN.md, Interfaces): federation staff; director of one tournament
(chief or assistant); the organizer's account on one tournament (Law 79C2);
committee member of one appeal; player, linked to a registered player. A grant is data, so one user may hold several.

A token is bound to the credentials it was issued under (``TokenBinding``,
decision 0215).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

__all__ = ["RoleGrant", "TokenBinding"]


class RoleGrant(models.Model):
    class Role(models.TextChoices):
        FEDERATION_STAFF = "federation_staff"
        CHIEF_DIRECTOR = "chief_director"
        DIRECTOR = "director"
        COMMITTEE_MEMBER = "committee_member"
        PLAYER = "player"
        ORGANIZER = "organizer"  # the organizer's account on one event (Law 79C2)

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="role_grants"
    )
    role = models.TextField(choices=Role.choices)
    tournament_id = models.UUIDField(null=True, blank=True)
    appeal_id = models.UUIDField(null=True, blank=True)
    player_id = models.UUIDField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table the grants had in the tournaments app: moved in state
        # only, so no row moves (decision 0087).
        db_table = "tournaments_rolegrant"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "role", "tournament_id", "appeal_id", "player_id"],
                name="role_grant_unique",
                nulls_distinct=False,
            ),
            models.CheckConstraint(
                name="role_grant_scope",
                condition=(
                    models.Q(role="federation_staff")
                    | models.Q(
                        role__in=["chief_director", "director", "organizer"],
                        tournament_id__isnull=False,
                    )
                    | models.Q(role="committee_member", appeal_id__isnull=False)
                    | models.Q(role="player", player_id__isnull=False)
                ),
            ),
        ]

    def __str__(self) -> str:
        scope = self.tournament_id or self.appeal_id or self.player_id or "federation"
        return f"{self.user_id}:{self.role}:{scope}"


class TokenBinding(models.Model):
    """What a token was issued under, checked at every authentication
    (``access.tokens``, decision 0215): a keyed hash of the user's password
    hash and the grants he held (``credential``), and the
    highest grant id among those (``grants_upto``: a grant given later does
    not count). A token without one is refused."""

    token = models.OneToOneField(
        "authtoken.Token",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="binding",
    )
    credential = models.CharField(max_length=64)
    grants_upto = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"binding of {self.token_id}"
