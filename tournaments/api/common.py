"""Helpers every API module shares: input validation, request headers, problems."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.utils.serializer_helpers import BindingDict

from eventstore.commands import client_key
from rules.bridge.law_references import NotALawReference, parse_law_ref
from tournaments.domain import tournament
from tournaments.roles import player_ids_of

__all__ = [
    "PROBLEM",
    "FlatInput",
    "LawRefField",
    "expected",
    "idem",
    "new_id",
    "plays_in",
    "validated",
]

COMMAND_IDS = uuid.UUID("3c0f5a5e-2d8e-4b61-9a7e-5f0c1d2b7e44")

PROBLEM = OpenApiResponse(
    description="RFC 9457 problem details naming the Law or article"
)


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

    @property
    def fields(self) -> BindingDict:  # type: ignore[override]
        cls = type(self)
        bound: BindingDict | None = cls.__dict__.get("_bound_fields")
        if bound is None:
            bound = BindingDict(self)
            for name, field in self.get_fields().items():
                if isinstance(field, serializers.BaseSerializer):
                    raise TypeError(f"{cls.__name__}.{name}: nested, not plain")
                bound[name] = field
            cls._bound_fields = bound  # type: ignore[attr-defined]
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


def expected(request: Request) -> int | None:
    """``If-Match: <version>``: a conflict is then answered 409, not retried."""
    raw = (request.headers.get("If-Match") or "").strip('"')
    return int(raw) if raw.isdigit() else None


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
