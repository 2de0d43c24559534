"""One exception handler: domain and store errors become RFC 9457 problems.

``RuleViolation`` -> 422, ``StateConflict`` -> 409, store conflicts -> 409,
serializer errors -> 400. Unknown exceptions stay 500 and are logged by Django.
"""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from eventstore.errors import EventStoreError
from rules.errors import DomainError, RuleViolation, StateConflict

PROBLEM = "application/problem+json"


def problem(
    status_code: int, code: str, title: str, detail: Any, **extra: Any
) -> Response:
    body = {
        "type": f"https://arbitro.invalid/problems/{code}",
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        **extra,
    }
    return Response(body, status=status_code, content_type=PROBLEM)


def handle(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        if isinstance(exc, StateConflict):
            code = status.HTTP_409_CONFLICT
        elif isinstance(exc, RuleViolation):
            code = status.HTTP_422_UNPROCESSABLE_ENTITY
        else:
            code = status.HTTP_400_BAD_REQUEST
        extra = {"law": str(exc.law)} if exc.law is not None else {}
        return problem(code, exc.code, type(exc).__name__, exc.message, **extra)
    if isinstance(exc, EventStoreError) and exc.status < 500:
        data = exc.as_dict()
        detail = data.pop("detail")
        data.pop("code")
        return problem(exc.status, exc.code, type(exc).__name__, detail, **data)
    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    code = getattr(exc, "default_code", "error")
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        detail = detail["detail"]
    return problem(response.status_code, str(code), type(exc).__name__, detail)
