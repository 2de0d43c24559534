"""Token authentication that reads the caller's role grants in the same query.

DRF's ``TokenAuthentication`` reads the token and its user; every permission
check then asks the database again for the user's grants (``roles``). Live
play makes one such check per call or card, so here one query reads the
token, the user and all the user's grants, and the grants ride on the user
object for the rest of the request (``roles.grants_of``). Nothing outlives the
request: the next request reads them again, so a grant given or withdrawn
counts from the next call on (decision 0058).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from tournaments.models import RoleGrant
from tournaments.roles import GRANTS_ATTR, Grant


def _uuid(value: Any) -> UUID | None:
    if value is None or isinstance(value, UUID):
        return value
    return UUID(str(value))


def _sql() -> str:
    user = get_user_model()._meta
    return (
        f"SELECT u.*, g.role AS arbitro_role, g.tournament_id AS arbitro_tournament,"
        f" g.appeal_id AS arbitro_appeal, g.player_id AS arbitro_player"
        f" FROM {user.db_table} u"
        f" JOIN {Token._meta.db_table} t ON t.user_id = u.{user.pk.column}"
        f" LEFT JOIN {RoleGrant._meta.db_table} g ON g.user_id = u.{user.pk.column}"
        f" WHERE t.key = %s"
    )


class TokenWithGrantsAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the grants read alongside."""

    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        rows = list(get_user_model().objects.raw(_sql(), [key]))
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = rows[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        setattr(
            user,
            GRANTS_ATTR,
            tuple(
                Grant(
                    role=row.arbitro_role,
                    tournament_id=_uuid(row.arbitro_tournament),
                    appeal_id=_uuid(row.arbitro_appeal),
                    player_id=_uuid(row.arbitro_player),
                )
                for row in rows
                if row.arbitro_role is not None
            ),
        )
        return user, key
