"""Answering a command: the client's headers, ``created()``, its schema.

A command answers 201 with the ids it names, the stream version and the
positions of its events, or 200 "nothing to record"; a refusal is a problem
(``httpapi.problems``).
"""

from __future__ import annotations

import re
import uuid
from typing import Any
from uuid import UUID

from django.http import HttpRequest
from drf_spectacular.utils import OpenApiResponse
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from eventstore.commands import client_key
from eventstore.store import AppendResult
from httpapi.schema import PROBLEM

__all__ = [
    "COMMAND_RESPONSES",
    "answer",
    "command_responses",
    "count",
    "created",
    "expected",
    "idem",
    "new_id",
]

COMMAND_IDS = uuid.UUID("3c0f5a5e-2d8e-4b61-9a7e-5f0c1d2b7e44")


def idem(request: Request | HttpRequest) -> str | None:
    """The client's ``Idempotency-Key``: a retried command is answered, not
    repeated. Read from ``META`` (as ``request.headers`` reads it), without
    building every header's entry for one."""
    key: str | None = request.META.get("HTTP_IDEMPOTENCY_KEY")
    return key


def new_id(request: Request, actor: str) -> UUID:
    """The id a creating command gives its new thing: derived from the client's
    ``Idempotency-Key`` (scoped to the caller), so a retry names the same thing
    and is answered with the first answer; random without a key."""
    key = client_key(actor, idem(request))
    return uuid.uuid4() if key is None else uuid.uuid5(COMMAND_IDS, key)


_COUNT = re.compile(r"[0-9]{1,18}")


def count(raw: str | None) -> int | None:
    """A stream version or global position sent as text: ASCII digits that fit
    a bigint, else None (``str.isdigit`` also takes "²" and 5000 digits)."""
    return int(raw) if raw and _COUNT.fullmatch(raw) else None


def expected(request: Request) -> int | None:
    """``If-Match: <version>``: a conflict is then answered 409, not retried."""
    return count((request.headers.get("If-Match") or "").strip('"'))


def command_responses(*ids: str, not_found: bool = False) -> dict[int, object]:
    """A command's documented answers: 201 naming ``ids`` before the stream
    version and positions, and the problems (404 for a command on a thing
    the URL names)."""
    named = ", ".join((*ids, "stream_id, stream_version, first/last_position"))
    responses: dict[int, object] = {
        201: OpenApiResponse(description=named),
        400: PROBLEM,
        401: PROBLEM,
        403: PROBLEM,
        409: PROBLEM,
        422: PROBLEM,
    }
    if not_found:
        responses[404] = PROBLEM
    return dict(sorted(responses.items()))


COMMAND_RESPONSES = command_responses()


def answer(result: AppendResult | None, **ids: object) -> tuple[dict[str, Any], int]:
    """A command's answer and status: 201 with the ids named, the stream
    version and the positions of its events; 200 when it changed nothing
    (no event recorded)."""
    named = {key: str(value) for key, value in ids.items()}
    if result is None:
        return {**named, "detail": "nothing to record"}, status.HTTP_200_OK
    return {**named, **result.as_json()}, status.HTTP_201_CREATED


def created(result: AppendResult | None, **ids: object) -> Response:
    """Answer a command (``answer``)."""
    data, code = answer(result, **ids)
    return Response(data, status=code)
