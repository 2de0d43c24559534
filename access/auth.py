"""Token authentication that reads the caller's role grants in the same query.

DRF's ``TokenAuthentication`` reads the token and its user; every permission
check then asks the database again for the user's grants (``roles``). Live
play makes one such check per call or card, so here one query reads the
token, the user and all the user's grants, and the grants ride on the user
object for the rest of the request (``roles.grants_of``), decision 0058.

Nothing of it is kept between requests: each authentication reads the
token, its binding (``access.tokens``), the user and his grants now, in that
one query, and refuses the token when the credentials it was issued under
have changed since, wherever they were changed (decision 0215, which
replaces the per-process cache and the shared auth version of decisions
0060 and 0107). A token older than ``ARBITRO_TOKEN_TTL_SECONDS`` is refused
(decision 0107).

``user_with_grants`` is the same read by the user's primary key, kept for
nothing but the request: the results site's live pages read their signed-in
reader with it (``access.sessions``, decision 0167).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from access.models import RoleGrant, TokenBinding
from access.roles import GRANTS_ATTR, Grant
from access.tokens import IdGrant, issued_under


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
        f"SELECT {columns}, t.created, b.credential, b.grants_upto,"
        f" g.id, g.role, g.tournament_id, g.appeal_id, g.player_id"
        f" FROM {meta.db_table} u"
        f" JOIN {Token._meta.db_table} t ON t.user_id = u.{meta.pk.column}"
        f" LEFT JOIN {TokenBinding._meta.db_table} b ON b.token_id = t.key"
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


@cache
def _user_query(vendor: str) -> str:
    """The SQL of a session's reader (``session_user``): the user by its
    primary key with all its grants, one row a grant (one with no grant)."""
    meta = get_user_model()._meta
    columns = ", ".join(f'u."{f.column}"' for f in meta.concrete_fields)
    return (
        f"SELECT {columns}, g.role, g.tournament_id, g.appeal_id, g.player_id"
        f" FROM {meta.db_table} u"
        f" LEFT JOIN {RoleGrant._meta.db_table} g ON g.user_id = u.{meta.pk.column}"
        f" WHERE u.{meta.pk.column} = %s"
    )


def _user_values(row: Any, converters: list[list[Any]]) -> list[Any]:
    values = []
    for value, field_converters in zip(row, converters, strict=True):
        for convert in field_converters:
            value = convert(value, None, connection)
        values.append(value)
    return values


def _grants(rows: list[Any], n: int) -> tuple[Grant, ...]:
    return tuple(
        Grant(
            role=role,
            tournament_id=_uuid(tournament),
            appeal_id=_uuid(appeal),
            player_id=_uuid(player),
        )
        for role, tournament, appeal, player in (row[n:] for row in rows)
        if role is not None
    )


def user_with_grants(user_id: Any) -> Any | None:
    """The user ``user_id`` read with all its grants in one query, the grants
    kept on it for the request (``roles.grants_of``), or None: no such user.
    Read now, every call: nothing is kept between requests."""
    names, converters = _query(connection.vendor)[1:]
    pk = get_user_model()._meta.pk
    assert pk is not None
    with connection.cursor() as cursor:
        cursor.execute(_user_query(connection.vendor), [pk.get_prep_value(user_id)])
        rows = cursor.fetchall()
    if not rows:
        return None
    n = len(names)
    user = get_user_model().from_db(
        connection.alias, names, _user_values(rows[0][:n], converters)
    )
    setattr(user, GRANTS_ATTR, _grants(rows, n))
    return user


def _id_grants(rows: list[Any], n: int) -> list[IdGrant]:
    return [
        (
            pk,
            Grant(
                role=role,
                tournament_id=_uuid(tournament),
                appeal_id=_uuid(appeal),
                player_id=_uuid(player),
            ),
        )
        for pk, role, tournament, appeal, player in (row[n:] for row in rows)
        if pk is not None
    ]


def _created_converters() -> list[Any]:
    field = Token._meta.get_field("created")
    return [
        *connection.ops.get_db_converters(field.get_col(Token._meta.db_table)),
        *field.get_db_converters(connection),
    ]


def expires_at(created: datetime) -> datetime:
    return created + timedelta(seconds=int(settings.ARBITRO_TOKEN_TTL_SECONDS))


class TokenWithGrantsAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the grants read alongside,
    refused once the credentials it was issued under have changed."""

    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        sql, names, converters = _query(connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            rows = cursor.fetchall()
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        n = len(names)
        created, bound, upto = rows[0][n : n + 3]
        for convert in _created_converters():
            created = convert(created, None, connection)
        if timezone.now() >= expires_at(created):
            raise exceptions.AuthenticationFailed(_("Token has expired."))
        user = get_user_model().from_db(
            connection.alias, names, _user_values(rows[0][:n], converters)
        )
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        grants = _id_grants(rows, n + 3)
        if bound is None or not issued_under(bound, upto, user.password, grants):
            # A new password, a grant removed or changed, or a token made
            # without a binding (``access.tokens.issue``): wherever it happened.
            raise exceptions.AuthenticationFailed(
                _("Token revoked: the account changed since the login.")
            )
        setattr(user, GRANTS_ATTR, tuple(grant for _pk, grant in grants))
        return user, key
