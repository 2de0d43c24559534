"""Token authentication that reads the caller's role grants in the same query.

DRF's ``TokenAuthentication`` reads the token and its user; every permission
check then asks the database again for the user's grants (``roles``). Live
play makes one such check per call or card, so here one query reads the
token, the user and all the user's grants, and the grants ride on the user
object for the rest of the request (``roles.grants_of``), decision 0058.

What that query read is kept per process (decision 0060), and trusted only
while the shared auth version (``VERSION_KEY`` in the default cache: Redis in
production) is the one read with it: a change to a token, a user or a grant
sets a new version (signals, at once and again at commit), so every process
reads again on its next request (decision 0107). ``ARBITRO_AUTH_CACHE_SECONDS``
is only a backstop age; ``0`` reads every request again. A token older than
``ARBITRO_TOKEN_TTL_SECONDS`` is refused (decision 0107).

``user_with_grants`` is the same read by the user's primary key, kept for
nothing but the request: the results site's live pages read their signed-in
reader with it (``access.sessions``, decision 0167).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import OrderedDict
from datetime import datetime, timedelta
from functools import cache
from typing import Any
from uuid import UUID, uuid4

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache as shared_cache
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.utils import timezone
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
        f"SELECT {columns}, t.created, g.role, g.tournament_id, g.appeal_id, g.player_id"
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


# (read at, auth version read before, the user's values, token created, grants)
_Entry = tuple[float, str | None, list[Any], datetime, tuple[Grant, ...]]

VERSION_KEY = "arbitro:auth-version"


def shared_version() -> str | None:
    """The auth version all processes share, or None if the cache is down
    (nothing is then kept: every request reads the database)."""
    try:
        value = shared_cache.get(VERSION_KEY)
        if value is None:
            shared_cache.add(VERSION_KEY, uuid4().hex, None)
            value = shared_cache.get(VERSION_KEY)
    except Exception:  # a cache outage must not refuse every request
        return None
    return None if value is None else str(value)


def bump_version() -> None:
    """Tell every process that what it keeps may be stale."""
    # On a cache outage the backstop age still bounds what is kept.
    with contextlib.suppress(Exception):
        shared_cache.set(VERSION_KEY, uuid4().hex, None)


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


def _forget() -> None:
    RECENT.clear()
    bump_version()


def _changed(**_signal: Any) -> None:
    """Forget at once, and again at commit: a request of another thread or
    process that read the old rows before the commit must not keep them."""
    _forget()
    transaction.on_commit(_forget)


for _model in (Token, RoleGrant, get_user_model()):
    post_save.connect(_changed, sender=_model, dispatch_uid=f"auth-{_model}")
    post_delete.connect(_changed, sender=_model, dispatch_uid=f"auth-{_model}-")


def revoke_tokens(user_id: Any) -> None:
    """Revoke every token of the user (a password change, a relief, a logout)."""
    Token.objects.filter(user_id=user_id).delete()


def _password_changed(instance: Any, **_signal: Any) -> None:
    # ``set_password`` keeps the raw password until the save: a change.
    if instance.pk is not None and getattr(instance, "_password", None) is not None:
        revoke_tokens(instance.pk)


def _grant_removed(instance: RoleGrant, **_signal: Any) -> None:
    revoke_tokens(instance.user_id)


pre_save.connect(_password_changed, sender=get_user_model(), dispatch_uid="auth-pw")
post_delete.connect(_grant_removed, sender=RoleGrant, dispatch_uid="auth-relief")


def _read(key: str) -> _Entry | None:
    """The user's field values and grants for this token, from the database."""
    sql, names, converters = _query(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        rows = cursor.fetchall()
    if not rows:
        return None
    n = len(names)
    created = rows[0][n]
    for convert in _created_converters():
        created = convert(created, None, connection)
    values = _user_values(rows[0][:n], converters)
    grants = _grants(rows, n + 1)
    return time.monotonic(), None, values, created, grants


def _created_converters() -> list[Any]:
    field = Token._meta.get_field("created")
    return [
        *connection.ops.get_db_converters(field.get_col(Token._meta.db_table)),
        *field.get_db_converters(connection),
    ]


def expires_at(created: datetime) -> datetime:
    return created + timedelta(seconds=int(settings.ARBITRO_TOKEN_TTL_SECONDS))


class TokenWithGrantsAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the grants read alongside."""

    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        ttl = settings.ARBITRO_AUTH_CACHE_SECONDS
        version = shared_version() if ttl > 0 else None
        entry = RECENT.get(key, ttl) if version is not None else None
        if entry is not None and entry[1] != version:
            entry = None  # another process changed a token, a user or a grant
        if entry is None:
            generation = RECENT.generation
            read = _read(key)
            if read is None:
                raise exceptions.AuthenticationFailed(_("Invalid token."))
            entry = (read[0], version, *read[2:])
            if version is not None:
                RECENT.put(key, entry, generation)
        _read_at, _version, values, created, grants = entry
        if timezone.now() >= expires_at(created):
            raise exceptions.AuthenticationFailed(_("Token has expired."))
        names = _query(connection.vendor)[1]
        # A fresh user per request: nothing a view sets on it is shared.
        user = get_user_model().from_db(connection.alias, names, list(values))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        setattr(user, GRANTS_ATTR, grants)
        return user, key
