"""A result entered at the table: the common case answered without DRF's
request machinery (issue 13, decision 0199).

Event night's hot path is one result POST per table and board. This path
answers the request a table device or a director's script sends (a token,
a JSON body of plain values, any answer accepted) with the same command
path as ``EnterResultApi`` (``result_views.enter_result``), the same
authentication, throttles and input rules, and the same 201, byte for byte.
Anything else (another credential, a body or an answer it does not take
whole, a refusal, a tournament moved) is handed to ``EnterResultApi``,
which decides it from the start and answers as it always has: nothing is
stored before the append, the command's last step, so a request handed on
was stored by nobody.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.csrf import csrf_exempt
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from access.auth import TokenWithGrantsAuthentication
from httpapi.commands import answer, idem
from tournaments import handlers
from tournaments.api.result_views import (
    COUNTED,
    TRIED_CACHED,
    EnterResultApi,
    enter_result,
)

__all__ = ["enter_result_view"]

_VIEW = EnterResultApi.as_view()
_API = EnterResultApi()
_RENDERER = JSONRenderer()
_LENGTH = re.compile(r"[1-9][0-9]{0,2}|10[01][0-9]|102[0-4]")  # 1 to 1024 bytes
_ACCEPTED = (None, "*/*", "application/json")  # DRF answers these with JSON


@dataclass(frozen=True, slots=True)
class _Caller:
    """What the command path and the throttles read of a request."""

    user: Any
    META: dict[str, Any]


@csrf_exempt
def enter_result_view(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponseBase:
    """``POST .../sessions/<n>/results/``: the fast path, else the view."""
    response = _fast(request, tournament_id, session)
    if response is None:
        return _VIEW(request, tournament_id=tournament_id, session=session)
    return response


# The route is the view's to DRF's schema generator and to anything else that
# reads ``as_view``'s marks: its operation, input and answers are documented.
enter_result_view.cls = EnterResultApi  # type: ignore[attr-defined]
enter_result_view.initkwargs = {}  # type: ignore[attr-defined]
enter_result_view.view_class = EnterResultApi  # type: ignore[attr-defined]
enter_result_view.view_initkwargs = {}  # type: ignore[attr-defined]


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
    except Exception:
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
    except Exception:
        # A refusal, or the tournament moved: the view decides again, on
        # the tournament as read.
        setattr(request, TRIED_CACHED, True)
        return None
    request.user = user  # as DRF leaves it for the middleware after the view
    body, status = answer(result)
    response = HttpResponse(
        _RENDERER.render(body), status=status, content_type="application/json"
    )
    response["Allow"] = "POST, OPTIONS"
    # DRF's renderers vary by Accept; its session authentication reads the
    # session, so Django's middleware adds Cookie: the same answer's headers.
    response["Vary"] = "Accept, Cookie"
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
        # As DRF's parser reads it: UTF-8 only, and NaN or Infinity refused.
        data = json.loads(body.decode("utf-8"), parse_constant=_refuse)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
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


def _refuse(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON DRF reads")
