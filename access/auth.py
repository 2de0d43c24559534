"""Token authentication that reads the caller's role grants in the same query.

DRF's ``TokenAuthentication`` reads the token and its user; every permission
check then asks the database again for the user's grants (``roles``). Live
play makes one such check per call or card, so here one query reads the
token, the user and all the user's grants, and the grants ride on the user
object for the rest of the request (``roles.grants_of``), decision 0058.

What that query read is kept per process for ``ARBITRO_AUTH_CACHE_SECONDS``
(decision 0060): a change to a token, a user or a grant empties this
process's cache at once (signals), and other processes see it within that
bound. ``0`` reads every request again.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from functools import cache
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from access.models import RoleGrant
from access.roles import GRANTS_ATTR, Grant


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


_Entry = tuple[float, list[Any], tuple[Grant, ...]]


class _Recent:
    """Token key -> (read at, the user's values, grants), newest last, bounded."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.entries: OrderedDict[str, _Entry] = OrderedDict()
        self.lock = threading.Lock()  # gthread workers share it
        # Bumped by every clear: a read begun before a clear is never kept.
        self.generation = 0

    def get(self, key: str, ttl: float) -> _Entry | None:
        with self.lock:
            entry = self.entries.get(key)
            if entry is None or time.monotonic() - entry[0] >= ttl:
                return None
            return entry

    def put(self, key: str, entry: _Entry, generation: int) -> None:
        with self.lock:
            if generation != self.generation:
                return  # rows changed while they were read: read again next time
            self.entries[key] = entry
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.generation += 1


RECENT = _Recent()


def _changed(**_signal: Any) -> None:
    """Forget at once, and again at commit: a request of another thread that
    read the old rows before the commit must not keep them."""
    RECENT.clear()
    transaction.on_commit(RECENT.clear)


for _model in (Token, RoleGrant, get_user_model()):
    post_save.connect(_changed, sender=_model, dispatch_uid=f"auth-{_model}")
    post_delete.connect(_changed, sender=_model, dispatch_uid=f"auth-{_model}-")


def _read(key: str) -> _Entry | None:
    """The user's field values and grants for this token, from the database."""
    sql, names, converters = _query(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        rows = cursor.fetchall()
    if not rows:
        return None
    n = len(names)
    values = []
    for value, field_converters in zip(rows[0][:n], converters, strict=True):
        for convert in field_converters:
            value = convert(value, None, connection)
        values.append(value)
    grants = tuple(
        Grant(
            role=role,
            tournament_id=_uuid(tournament),
            appeal_id=_uuid(appeal),
            player_id=_uuid(player),
        )
        for role, tournament, appeal, player in (row[n:] for row in rows)
        if role is not None
    )
    return time.monotonic(), values, grants


class TokenWithGrantsAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the grants read alongside."""

    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        ttl = settings.ARBITRO_AUTH_CACHE_SECONDS
        entry = RECENT.get(key, ttl) if ttl > 0 else None
        if entry is None:
            generation = RECENT.generation
            entry = _read(key)
            if entry is None:
                raise exceptions.AuthenticationFailed(_("Invalid token."))
            if ttl > 0:
                RECENT.put(key, entry, generation)
        _read_at, values, grants = entry
        names = _query(connection.vendor)[1]
        # A fresh user per request: nothing a view sets on it is shared.
        user = get_user_model().from_db(connection.alias, names, list(values))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        setattr(user, GRANTS_ATTR, grants)
        return user, key
