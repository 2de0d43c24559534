"""One exception handler: domain and store errors become RFC 9457 problems.

``RuleViolation`` -> 422, ``StateConflict`` -> 409, store conflicts -> 409,
serializer errors -> 400. The database gone in the middle of a request (its
session ended, or none could be opened) -> 503 ``database_unavailable``
with ``Retry-After``, from a view, a middleware or a page (decision 0216).
Unknown exceptions stay 500 and are logged by Django.

Every refusal of an input names it: ``field`` is the dotted path of the
first input at fault (``"laws.0"``, ``"windows.appeal_minutes"``); a 400
lists every field at fault in ``errors`` (``field``, ``code``, ``detail``),
as RFC 9457 §3's example does; a domain error adds the ``value`` it refused
and the ``law`` it enforces (decision 0080).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views import defaults
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from eventstore.database import database_gone
from eventstore.errors import EventStoreError, StoreIntegrityError
from rules.errors import DomainError, RuleViolation, StateConflict

logger = logging.getLogger(__name__)

MEDIA_TYPE = "application/problem+json"
# Seconds a client waits before retrying when the database went away: a
# dropped connection is replaced at the next request, a restart takes a few.
DATABASE_RETRY_AFTER = 1


def problem_body(
    status_code: int, code: str, title: str, detail: Any, **extra: Any
) -> dict[str, Any]:
    return {
        "type": f"https://arbitro.invalid/problems/{code}",
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        **extra,
    }


def problem(
    status_code: int, code: str, title: str, detail: Any, **extra: Any
) -> Response:
    body = problem_body(status_code, code, title, detail, **extra)
    return Response(body, status=status_code, content_type=MEDIA_TYPE)


def nul_in_file(name: str, line: int) -> Response:
    """A NUL character in an uploaded UTF-8 CSV: a malformed request (400),
    naming the file and its line (decision 0202), refused before anything
    is parsed, queued or written. A NUL is no part of any name or number,
    and PostgreSQL refuses it in an event's JSON."""
    return problem(
        400,
        "invalid",
        "ValidationError",
        f"{name}, line {line}: a NUL character is no part of any text",
        field="file",
        file=name,
        line=line,
    )


def unreadable_file(name: str, line: int | None, reason: str) -> Response:
    """An uploaded file its reader refuses before reading a row (a CSV field
    beyond the field limit): a malformed request (400), naming the file, its
    line and the limit (decision 0212), with nothing queued or written."""
    where = f"{name}, line {line}" if line is not None else name
    return problem(
        400,
        "invalid",
        "ValidationError",
        f"{where}: {reason}",
        field="file",
        file=name,
        line=line,
    )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 404 (a path no route matches, e.g. a malformed UUID): a
    problem under /api/, the usual page elsewhere."""
    if not request.path.startswith("/api/"):
        return defaults.page_not_found(request, exception)
    body = problem_body(404, "not_found", "NotFound", f"no resource at {request.path}")
    return JsonResponse(body, status=404, content_type=MEDIA_TYPE)


def database_unavailable() -> dict[str, Any]:
    """The problem of a request the database went away under: not the
    caller's fault and retryable. Nothing half-written: the request's
    transaction rolled back, or it committed before the answer was lost,
    so a retry under the same ``Idempotency-Key`` gets the first answer."""
    return problem_body(
        503,
        "database_unavailable",
        "DatabaseUnavailable",
        "the database connection was lost; retry under the same Idempotency-Key",
        retry_after=DATABASE_RETRY_AFTER,
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """An unexpected error (logged by Django): a problem under /api/. The
    database gone under a view or a middleware is a 503, the problem under
    /api/ and a page elsewhere, with ``Retry-After``: Django calls this
    inside its ``except``, so the exception is the one being handled."""
    error = sys.exc_info()[1]
    if error is not None and database_gone(error):
        return _unavailable(request)
    if not request.path.startswith("/api/"):
        return defaults.server_error(request)
    body = problem_body(500, "server_error", "ServerError", "an unexpected error")
    return JsonResponse(body, status=500, content_type=MEDIA_TYPE)


def _unavailable(request: HttpRequest) -> HttpResponse:
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse(
            database_unavailable(), status=503, content_type=MEDIA_TYPE
        )
    else:
        # As Django renders 500.html: no request context, whose processors
        # would read the session and the user from the database.
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER)
    return response


def field_errors(detail: Any, path: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """Flatten a serializer's errors into one entry per field at fault, in
    the order the input declares them; a list item is named by its index."""
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            inner = path if key == api_settings.NON_FIELD_ERRORS_KEY else (*path, key)
            out.extend(field_errors(value, tuple(str(p) for p in inner)))
        return out
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return [_error(path, item) for item in detail]
        out = []
        for index, item in enumerate(detail):
            out.extend(field_errors(item, (*path, str(index))))
        return out
    return [_error(path, detail)]


def _error(path: tuple[str, ...], item: Any) -> dict[str, str]:
    error = {"code": str(getattr(item, "code", None) or "invalid"), "detail": str(item)}
    return {"field": ".".join(path), **error} if path else error


def handle(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return problem(
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            "body_too_large",
            "RequestDataTooBig",
            f"the request body is larger than {limit} bytes",
            limit=limit,
        )
    if isinstance(exc, DomainError):
        status_code: int
        if isinstance(exc, StateConflict):
            status_code = status.HTTP_409_CONFLICT
        elif isinstance(exc, RuleViolation):
            status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
        else:
            status_code = status.HTTP_400_BAD_REQUEST
        data: dict[str, Any] = dict(exc.as_dict())
        data.pop("code")
        if exc.errors:
            data["errors"] = list(exc.errors)
        return problem(
            status_code, exc.code, type(exc).__name__, data.pop("detail"), **data
        )
    if isinstance(exc, StoreIntegrityError):
        # Not the caller's fault and not a crash: the store refuses appends
        # until an operator repairs it (decision 0117); the client learns no
        # more than that.
        logger.error("the event store refused an append: %s", exc)
        return problem(
            exc.status,
            exc.code,
            type(exc).__name__,
            "the event store is refusing changes until an operator has checked it",
        )
    if database_gone(exc):
        logger.warning("the database went away during a request: %s", exc)
        unavailable = Response(
            database_unavailable(), status=503, content_type=MEDIA_TYPE
        )
        unavailable["Retry-After"] = str(DATABASE_RETRY_AFTER)
        return unavailable
    if isinstance(exc, EventStoreError) and exc.status < 500:
        error = exc.as_dict()
        detail = error.pop("detail")
        error.pop("code")
        return problem(exc.status, exc.code, type(exc).__name__, detail, **error)
    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    code = getattr(exc, "default_code", "error")
    extra: dict[str, Any] = {}
    if isinstance(exc, ValidationError):
        errors = field_errors(exc.detail)
        extra["errors"] = errors
        named = [e["field"] for e in errors if "field" in e]
        if named:
            extra["field"] = named[0]
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        detail = detail["detail"]
    problem_response = problem(
        response.status_code, str(code), type(exc).__name__, detail, **extra
    )
    for header in ("WWW-Authenticate", "Retry-After", "Allow"):
        if header in response:
            problem_response[header] = response[header]
    return problem_response
