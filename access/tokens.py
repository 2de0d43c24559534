"""A token bound to the credentials it was issued under (decision 0215).

A token is refused as soon as what it was issued under has changed, wherever
the change was made: the web process, ``manage.py changepassword`` or
``shell``, the admin, a Celery worker, a queryset's ``update()`` or
``delete()``, plain SQL. Nothing here relies on a signal or a cache: at the
login the token's ``TokenBinding`` records a keyed hash (``credential``) of

- the user's password hash (a new password, ``set_unusable_password``);
- every grant he held, by id, role and scope (one removed or changed);

and the highest of those grants' ids (``grants_upto``). Every
authentication (``access.auth``) reads the same columns in its one query and
recomputes the hash over the grants up to that id: a grant given since has a
higher id and does not count, so an official appointed to another event keeps
his token (and his new grant counts at once), while a relief revokes it. A
grant given concurrently with the login that commits after it (a lower id
seen late), or one moved from another user, changes the hash too: the token
is refused and a new login works.

A deactivated user is refused at every request while he is (``access.auth``
reads his active flag now); reactivated, a token of his not yet expired
works again unless his password changed meanwhile, as Django's sessions do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.crypto import constant_time_compare, salted_hmac
from rest_framework.authtoken.models import Token

from access.models import RoleGrant, TokenBinding
from access.roles import Grant

__all__ = ["credential", "issue", "issued_under"]

_SALT = "arbitro.access.tokens.credential"

# (grant id, the grant) as the token's query reads them.
IdGrant = tuple[int, Grant]


def _text(grants: Iterable[IdGrant], upto: int) -> str:
    parts = [
        f"{pk}:{g.role}:{g.tournament_id or ''}:{g.appeal_id or ''}:{g.player_id or ''}"
        for pk, g in sorted(grants, key=lambda pair: pair[0])
        if pk <= upto
    ]
    return "\x00".join(parts)


def credential(
    password: str,
    grants: Iterable[IdGrant],
    upto: int,
    secret: str | bytes | None = None,
) -> str:
    """The keyed hash a token is bound to: the password hash and the grants
    up to id ``upto`` (keyed with ``SECRET_KEY``, or ``secret``)."""
    value = f"{password}\x00{_text(grants, upto)}"
    return salted_hmac(_SALT, value, secret=secret, algorithm="sha256").hexdigest()


def issued_under(bound: str, upto: int, password: str, grants: list[IdGrant]) -> bool:
    """Whether the credentials read now are the ones the token was bound to
    (``bound``); a key among ``SECRET_KEY_FALLBACKS`` still counts, as it
    does for a session's hash."""
    if constant_time_compare(bound, credential(password, grants, upto)):
        return True
    return any(
        constant_time_compare(
            bound, credential(password, grants, upto, secret=fallback)
        )
        for fallback in settings.SECRET_KEY_FALLBACKS
    )


def issue(user_id: Any) -> Token:
    """A new token for the user, bound to his credentials as stored now; his
    previous token is revoked (one live token a user, decision 0107)."""
    with transaction.atomic():
        password = (
            get_user_model()
            .objects.select_for_update()
            .values_list("password", flat=True)
            .get(pk=user_id)
        )
        grants = [
            (pk, Grant(role, tournament, appeal, player))
            for pk, role, tournament, appeal, player in RoleGrant.objects.filter(
                user_id=user_id
            ).values_list("pk", "role", "tournament_id", "appeal_id", "player_id")
        ]
        upto = max((pk for pk, _grant in grants), default=0)
        Token.objects.filter(user_id=user_id).delete()
        token = Token.objects.create(user_id=user_id)
        TokenBinding.objects.create(
            token=token,
            credential=credential(password, grants, upto),
            grants_upto=upto,
        )
    return token
