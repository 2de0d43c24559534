"""Reading a request: the JSON parser, validation, bounded path numbers."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from django.conf import settings
from django.urls.converters import IntConverter
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils.serializer_helpers import BindingDict

from rules.inputs import load_json

__all__ = ["BoundedNumber", "FlatInput", "StrictJSONParser", "validated"]


class BoundedNumber(IntConverter):
    """A number in a path (session, board, table, entry, user): nine digits
    at most, so no lookup overflows an integer column."""

    regex = "[0-9]{1,9}"


_SURROGATE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


class StrictJSONParser(JSONParser):
    """JSON within its bounds, whose text is Unicode (every JSON body: it is
    the default parser, decision 0212).

    ``rules.inputs.load_json`` refuses arrays and objects nested deeper than
    64 levels (Python's parser would recurse until ``RecursionError``), a
    number's text longer than 40 characters, a float beyond its range, and
    ``NaN``: each a 400 ``parse_error`` naming the limit and the line. A
    lone surrogate escape ("\\ud800") is valid JSON but no text, and could
    be neither stored nor answered; it is a 400 like any malformed body.
    Only a body that has surrogate escapes at all is walked, so the common
    case costs one scan of the bytes."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read() if stream is not None else b""
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = load_json(raw.decode(encoding))
        except ValueError as exc:  # undecodable, malformed or beyond a bound
            raise ParseError(f"JSON parse error - {exc}") from None
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
