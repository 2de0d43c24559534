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

from functools import cache
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db import connection
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


@cache
def _query(vendor: str) -> tuple[str, list[str], list[list[Any]]]:
    """The SQL, the user's attribute names and each column's converters.

    A plain cursor and ``Model.from_db`` build the user as the ORM would, with
    the backend's converters (SQLite's text datetimes), without the cost of a
    ``RawQuerySet`` (decision 0058).
    """
    user = get_user_model()
    meta = user._meta
    fields = list(meta.concrete_fields)
    columns = ", ".join(f'u."{f.column}"' for f in fields)
    sql = (
        f"SELECT {columns}, g.role, g.tournament_id, g.appeal_id, g.player_id"
        f" FROM {meta.db_table} u"
        f" JOIN {Token._meta.db_table} t ON t.user_id = u.{meta.pk.column}"
        f" LEFT JOIN {RoleGrant._meta.db_table} g ON g.user_id = u.{meta.pk.column}"
        f" WHERE t.key = %s"
    )
    converters = [
        [
            *connection.ops.get_db_converters(f.get_col(meta.db_table)),
            *f.get_db_converters(connection),
        ]
        for f in fields
    ]
    return sql, [f.attname for f in fields], converters


class TokenWithGrantsAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the grants read alongside."""

    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        sql, names, converters = _query(connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            rows = cursor.fetchall()
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        n = len(names)
        values = []
        for value, field_converters in zip(rows[0][:n], converters, strict=True):
            for convert in field_converters:
                value = convert(value, None, connection)
            values.append(value)
        user = get_user_model().from_db(connection.alias, names, values)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        setattr(
            user,
            GRANTS_ATTR,
            tuple(
                Grant(
                    role=role,
                    tournament_id=_uuid(tournament),
                    appeal_id=_uuid(appeal),
                    player_id=_uuid(player),
                )
                for role, tournament, appeal, player in (row[n:] for row in rows)
                if role is not None
            ),
        )
        return user, key
