"""A result entered at the table: the common case answered without DRF's
request machinery (issue 13, decision 0199), in front of the middleware
that has nothing to do with it (decision 0210).

Event night's hot path is one result POST per table and board. This path
answers the request a table device or a director's script sends (a token,
a JSON body of plain values, any answer accepted) with the same command
path as ``EnterResultApi`` (``result_views.enter_result``), the same
authentication, throttles and input rules, and the same 201, byte for byte,
headers included. Anything else (another credential, a body or an answer it
does not take whole, a refusal, a tournament moved, a host or an agent the
site refuses) is handed on, through the rest of the middleware, to
``EnterResultApi``, which decides it from the start and answers as it always
has: nothing is stored before the append, the command's last step, so a
request handed on was stored by nobody.

``ResultEntryMiddleware`` stands right after Django's ``SecurityMiddleware``
(which still redirects to HTTPS and adds its headers to every answer). What
it passes by does nothing for a request it answers: no session cookie, no
form, no page, an API path (English, decision 0113); the one header those
add to such an answer, ``X-Frame-Options``, it adds itself, and
``Content-Length`` as ``CommonMiddleware`` does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.urls.converters import UUIDConverter
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from access.auth import TokenWithGrantsAuthentication
from eventstore.database import database_gone
from httpapi.commands import answer, idem
from httpapi.inputs import BoundedNumber
from rules.inputs import load_json
from tournaments import handlers
from tournaments.api.result_views import (
    COUNTED,
    TRIED_CACHED,
    EnterResultApi,
    enter_result,
)

__all__ = ["ROUTE", "ResultEntryMiddleware"]

_API = EnterResultApi()
_RENDERER = JSONRenderer()
_LENGTH = re.compile(r"[1-9][0-9]{0,2}|10[01][0-9]|102[0-4]")  # 1 to 1024 bytes
_ACCEPTED = (None, "*/*", "application/json")  # DRF answers these with JSON


@dataclass(frozen=True, slots=True)
class _Caller:
    """What the command path and the throttles read of a request."""

    user: Any
    META: dict[str, Any]


# The route of ``EnterResultApi`` (tournaments/api/urls.py), with its path
# converters' own patterns; a test checks that the two agree.
ROUTE = re.compile(
    rf"/api/v1/tournaments/(?P<tournament>{UUIDConverter.regex})"
    rf"/sessions/(?P<session>{BoundedNumber.regex})/results/"
)


class ResultEntryMiddleware:
    """``POST .../sessions/<n>/results/`` answered here when ``_fast`` takes
    it whole; every other request goes on down the middleware as ever."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method == "POST":
            route = ROUTE.fullmatch(request.path_info)
            if route is not None and _site_takes(request):
                response = _fast(
                    request, UUID(route["tournament"]), int(route["session"])
                )
                if response is not None:
                    return response
        return self.get_response(request)


def _site_takes(request: HttpRequest) -> bool:
    """What ``CommonMiddleware`` checks before any view: the host is one the
    site serves, and no agent or ``www.`` rule is set (none is by default)."""
    if settings.DISALLOWED_USER_AGENTS or settings.PREPEND_WWW:
        return False
    try:
        request.get_host()
    except DisallowedHost:
        return False  # CommonMiddleware answers 400
    return True


def _fast(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse | None:
    """The 201 of a request this path takes whole, else None (nothing stored)."""
    meta = request.META
    if (
        request.method != "POST"
        or meta.get("CONTENT_TYPE") != "application/json"
        or meta.get("HTTP_ACCEPT") not in _ACCEPTED
        or meta.get("QUERY_STRING")
        or settings.SESSION_COOKIE_NAME in request.COOKIES  # DRF: session first
        or not _LENGTH.fullmatch(meta.get("CONTENT_LENGTH") or "")
    ):
        return None
    credentials = meta.get("HTTP_AUTHORIZATION", "").split()
    if len(credentials) != 2 or credentials[0] != "Token":
        return None
    data = _result(request.body)
    if data is None:
        return None
    try:
        user, _key = TokenWithGrantsAuthentication().authenticate_credentials(
            credentials[1]
        )
    except Exception as exc:
        if database_gone(exc):
            raise  # 503, as the view would answer it
        return None  # the view answers 401
    caller = _Caller(user, meta)
    if not _throttles_allow(request, caller):
        return None  # the view answers 429
    cached = handlers.cached_tournament(tournament_id)
    if cached is None:
        return None
    ref = handlers.TableRef(tournament_id, session, data["board_number"], data["table"])
    try:
        result = enter_result(caller, ref, data, *cached, idem(request))
    except Exception as exc:
        if database_gone(exc):
            # Cut mid-way: whether it committed is unknown, so it is not
            # tried again here; the client's retry under its key is
            # answered (503, decision 0216).
            raise
        # A refusal, or the tournament moved: the view decides again, on
        # the tournament as read.
        setattr(request, TRIED_CACHED, True)
        return None
    request.user = user  # as DRF leaves it for the middleware after the view
    body, status = answer(result)
    content = _RENDERER.render(body)
    response = HttpResponse(content, status=status, content_type="application/json")
    response["Allow"] = "POST, OPTIONS"
    # DRF's renderers vary by Accept; its session authentication reads the
    # session, so Django's middleware adds Cookie: the same answer's headers.
    response["Vary"] = "Accept, Cookie"
    response["X-Frame-Options"] = getattr(settings, "X_FRAME_OPTIONS", "DENY").upper()
    response["Content-Length"] = str(len(content))
    return response


def _throttles_allow(request: HttpRequest, caller: _Caller) -> bool:
    """The view's throttles, counted here once (``COUNTED``): a request
    handed on is not counted again."""
    for throttle in _API.get_throttles():
        if not throttle.allow_request(caller, _API):  # type: ignore[arg-type]
            return False
    setattr(request, COUNTED, True)
    return True


def _result(body: bytes) -> dict[str, Any] | None:
    """The body's fields as ``EnterResultApi.InputSerializer`` validates
    them, when every value is already what it yields: text without
    surrounding blanks or a NUL, whole numbers in the serializer's own
    ranges, null where it allows null. Anything it would convert, trim or
    refuse is for the view."""
    if b"\\u" in body:  # escapes: StrictJSONParser's Unicode check
        return None
    try:
        # As StrictJSONParser reads it: UTF-8 only, within the same bounds
        # (nesting, numbers' length; NaN and Infinity refused).
        data = load_json(body.decode("utf-8"))
    except ValueError:  # undecodable, malformed or beyond a bound: the view's
        return None
    if not isinstance(data, dict) or not data.keys() >= _REQUIRED:
        return None
    fields = {name: data.get(name) for name, _field in _FIELDS.items()}
    if all(_plain(name, value) for name, value in fields.items()):
        return fields
    return None


# The serializer's fields, bound once (FlatInput): their rules are read from
# them, so the two paths cannot drift apart on a range or a null.
_FIELDS = EnterResultApi.InputSerializer().fields
_REQUIRED = {name for name, field in _FIELDS.items() if field.required}


def _plain(name: str, value: Any) -> bool:
    """Whether ``value`` is what the field would yield for it, unchanged."""
    field = _FIELDS[name]
    if value is None:
        return bool(field.allow_null)
    if isinstance(field, serializers.IntegerField):
        low, high = field.min_value, field.max_value
        return (
            type(value) is int
            and (low is None or low <= value)
            and (high is None or value <= high)
        )
    return (
        isinstance(value, str)
        and value != ""
        and value == value.strip()
        and "\x00" not in value
    )
