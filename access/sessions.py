"""A signed-in reader of the results site's live pages, with his grants, in
one query (decision 0167).

Django's ``AuthenticationMiddleware`` reads the session's user (one query),
and the page's visibility class then reads his grants (another). For the
live pages, polled every second by every open page, ``session_reader`` reads
both at once: ``django.contrib.auth.get_user``'s steps, the same checks in
the same order (the session's backend among the configured ones, an active
user, the session's password hash, the fallback secrets), with the default
``ModelBackend``'s user read joined with his ``RoleGrant`` rows. The grants
ride on the user for this request only (``roles.grants_of``): nothing is kept
between requests, so a revoked grant or a deactivated user is seen on the
next request (decisions 0105, 0107, 0119). Any other backend is read as
Django reads it, the grants after it. The API's token path is not touched
(``access.auth``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
    load_backend,
)
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare

from access.auth import user_with_grants
from access.roles import AnyUser, with_grants


def session_reader(request: HttpRequest) -> AnyUser:
    """``request.user`` with his grants, read in one query when the session
    names the default backend; kept as the request's user (the middleware's
    lazy user then reads nothing). If the request's user was read already,
    it is used, and its grants read (two queries, as before)."""
    read: AnyUser | None = getattr(request, "_cached_user", None)
    if read is not None:
        return with_grants(read)
    user = _session_user(request)
    request._cached_user = user  # type: ignore[attr-defined]
    return user


def _session_user(request: HttpRequest) -> AnyUser:
    """``django.contrib.auth.get_user``, the default backend's read joined
    with the grants."""
    user: Any = None
    try:
        pk = get_user_model()._meta.pk
        assert pk is not None
        user_id = pk.to_python(request.session[SESSION_KEY])
        backend_path = request.session[BACKEND_SESSION_KEY]
    except KeyError:
        pass
    else:
        if backend_path in settings.AUTHENTICATION_BACKENDS:
            backend = load_backend(backend_path)
            if type(backend) is ModelBackend:
                user = user_with_grants(user_id)
                if user is not None and not backend.user_can_authenticate(user):
                    user = None  # a deactivated user is refused
            else:
                user = backend.get_user(user_id)
                if user is not None:
                    with_grants(user)
            if hasattr(user, "get_session_auth_hash"):
                user = _verified(request, user)
    return user or AnonymousUser()


def _verified(request: HttpRequest, user: Any) -> Any:
    """The session's password hash checked as Django checks it: a password
    changed elsewhere signs the session out."""
    session_hash = request.session.get(HASH_SESSION_KEY)
    session_auth_hash = user.get_session_auth_hash()
    if session_hash and constant_time_compare(session_hash, session_auth_hash):
        return user
    if session_hash and any(
        constant_time_compare(session_hash, fallback)
        for fallback in user.get_session_auth_fallback_hash()
    ):
        request.session.cycle_key()
        request.session[HASH_SESSION_KEY] = session_auth_hash
        return user
    request.session.flush()
    return None
