"""Helpers every API module shares: input validation, request headers, problems."""

from __future__ import annotations

import io
import re
import uuid
from collections.abc import Mapping
from typing import Any, ClassVar
from uuid import UUID

from django.urls.converters import IntConverter
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.serializer_helpers import BindingDict

from eventstore.commands import client_key
from eventstore.store import AppendResult
from rules.bridge.law_references import NotALawReference, parse_law_ref
from tournaments.domain import tournament
from tournaments.roles import IsFederationStaff, IsTournamentDirector, player_ids_of

__all__ = [
    "COMMAND_RESPONSES",
    "MAX_BOARD",
    "MAX_BOARDS_PER_ROUND",
    "MAX_CALLS",
    "MAX_CENTS",
    "MAX_ENTRY",
    "MAX_FIELD",
    "MAX_HOURS",
    "MAX_MINUTES",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_ROUND",
    "MAX_SESSION",
    "MAX_TABLE",
    "MAX_USER_ID",
    "PROBLEM",
    "BoundedNumber",
    "FlatInput",
    "LawRefField",
    "StaffOrDirector",
    "StrictJSONParser",
    "count",
    "created",
    "expected",
    "idem",
    "name_components",
    "new_id",
    "plays_in",
    "validated",
]

COMMAND_IDS = uuid.UUID("3c0f5a5e-2d8e-4b61-9a7e-5f0c1d2b7e44")

# Every number an input carries is bounded (DESIGN: every parameter bounded):
# generous for any real event, small enough that no movement is built for
# ever and no column, instant or duration overflows (decision 0084).
MAX_SESSION = 999
MAX_BOARD = 9999
MAX_TABLE = 999
MAX_ENTRY = 9999  # entry numbers; in an individual event, players
MAX_ROUND = 999
MAX_FIELD = 200  # pairs or teams a movement is built for
MAX_PLAYERS = 400  # players an individual movement is built for
MAX_BOARDS_PER_ROUND = 36
MAX_MINUTES = 7 * 24 * 60  # a window or period: at most a week
MAX_HOURS = 30 * 24
MAX_POINTS = 10_000  # a penalty or sanction, in its unit
MAX_CENTS = 100_000_000
MAX_USER_ID = 2**31 - 1
MAX_CALLS = 319  # the longest possible auction (Laws 17-22)


class BoundedNumber(IntConverter):
    """A number in a path (session, board, table, entry, user): nine digits
    at most, so no lookup overflows an integer column."""

    regex = "[0-9]{1,9}"


PROBLEM = OpenApiResponse(
    description="RFC 9457 problem details naming the Law or article"
)


_SURROGATE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


class StrictJSONParser(JSONParser):
    """JSON whose text is Unicode: a lone surrogate escape ("\\ud800") is
    valid JSON but no text, and could be neither stored nor answered; it is
    a 400 like any malformed body. Only a body that has surrogate escapes
    at all is walked, so the common case costs one scan of the bytes."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read() if stream is not None else b""
        data = super().parse(io.BytesIO(raw), media_type, parser_context)
        if _SURROGATE.search(raw) and not _is_text(data):
            raise ParseError("JSON parse error - a string is not valid Unicode text")
        return data


def _is_text(data: Any) -> bool:
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(data, dict):
        return all(_is_text(k) and _is_text(v) for k, v in data.items())
    if isinstance(data, list):
        return all(_is_text(v) for v in data)
    return True


def validated(
    serializer_class: type[serializers.Serializer], data: Any
) -> dict[str, Any]:
    """Validate ``data``; a malformed field answers 400 naming it."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class FlatInput(serializers.Serializer):
    # An input of plain fields, bound once per class instead of per request
    # (a comment, not a docstring: the schema would show it on every input).
    # DRF deep-copies and binds every declared field for each serializer it
    # builds, about half of validating a card play. Plain fields (no nested
    # serializer) keep nothing between validations, so one bound set serves
    # every request and thread; they are bound to the first instance, which
    # is never partial and has no context, as every input of this kind.

    _bound_fields: ClassVar[BindingDict]  # set on each subclass, by `fields`

    @property
    def fields(self) -> BindingDict:
        cls = type(self)
        bound: BindingDict | None = cls.__dict__.get("_bound_fields")
        if bound is None:
            bound = BindingDict(self)
            for name, field in self.get_fields().items():
                if isinstance(field, serializers.BaseSerializer):
                    raise TypeError(f"{cls.__name__}.{name}: nested, not plain")
                bound[name] = field
            cls._bound_fields = bound
        return bound


class LawRefField(serializers.CharField):
    """A reference to the 2017 Laws ("12C1(c)", "Law 64B5"), read in canonical
    form; one the Laws do not have answers 400 naming the field and the value
    (``unknown_law``, decision 0082)."""

    default_error_messages = {"unknown_law": "{message}"}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 24)
        kwargs.setdefault(
            "help_text", 'a Law of the 2017 Laws: "12C1(c)", "64B5", "Law 16B1(a)"'
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)
        try:
            return parse_law_ref(text).law
        except NotALawReference as error:
            self.fail("unknown_law", message=str(error))


def idem(request: Request) -> str | None:
    """The client's ``Idempotency-Key``: a retried command is answered, not repeated."""
    return request.headers.get("Idempotency-Key")


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


def plays_in(
    request: Request, state: tournament.TournamentState, *entries: int
) -> bool:
    """Whether the caller is a registered player of one of ``entries``.

    Read from the tournament stream, never from a lagging read model.
    """
    ids: set[UUID] = set()
    for number in entries:
        entry = state.entries.get(number)
        if entry is not None:
            ids.update(entry.player_ids)
    return bool(player_ids_of(request.user) & ids)


COMMAND_RESPONSES = {
    201: OpenApiResponse(description="stream_id, stream_version, first/last_position"),
    400: PROBLEM,
    401: PROBLEM,
    403: PROBLEM,
    409: PROBLEM,
    422: PROBLEM,
}


def created(result: AppendResult | None, **ids: object) -> Response:
    """Answer a command: 201 with the ids named, the stream version and the
    positions of its events; 200 when it changed nothing (no event recorded)."""
    named = {key: str(value) for key, value in ids.items()}
    if result is None:
        return Response(
            {**named, "detail": "nothing to record"}, status=status.HTTP_200_OK
        )
    return Response({**named, **result.as_json()}, status=status.HTTP_201_CREATED)


class StaffOrDirector(BasePermission):
    message = "Only federation staff or a director of this tournament may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        return IsFederationStaff().has_permission(
            request, view
        ) or IsTournamentDirector().has_permission(request, view)


def name_components(namespace: dict[str, Any]) -> None:
    """Give each view's nested serializers a unique OpenAPI component name.

    Nested ``InputSerializer``/``OutputSerializer`` classes would otherwise
    all be called "Input"/"Output" in the schema (drf-spectacular honours
    ``Meta.ref_name``).
    """
    # Imported here: DRF's settings import this module (StrictJSONParser)
    # while rest_framework.views is still initialising.
    from rest_framework.views import APIView

    for name, view in list(namespace.items()):
        if not (isinstance(view, type) and issubclass(view, APIView)):
            continue
        for nested in ("InputSerializer", "OutputSerializer", "AssignmentSerializer"):
            serializer = view.__dict__.get(nested)
            if serializer is None:
                continue
            meta: Any = serializer.__dict__.get("Meta") or type("Meta", (), {})
            meta.ref_name = (
                f"{name.removesuffix('Api')}{nested.removesuffix('Serializer')}"
            )
            serializer.Meta = meta
