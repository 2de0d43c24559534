"""Every list is paginated the same way: ``?limit=`` and ``?offset=`` (decision 0093).

The envelope is DRF's ``{"count", "next", "previous", "results"}``: ``count``
is the whole list's length, ``next`` and ``previous`` are absolute links
(None at either end), ``results`` the page's items in the list's order. A
page holds ``DEFAULT_LIMIT`` items unless the client asks for fewer or more,
never more than ``MAX_LIMIT`` (a larger ``limit`` is served as the maximum).
A ``limit`` or ``offset`` that is not a whole number, a ``limit`` of 0, or an
``offset`` of more than nine digits answers 400 naming the parameter (every
parameter bounded, decision 0084), where DRF would silently ignore it.

A list view sets ``pagination_class = Page``, declares its items as a
serializer with ``many=True`` in its schema (drf-spectacular then documents
the envelope and both parameters), and answers ``paginated(...)``. A list
whose items have no serializer declares ``PAGE_PARAMETERS`` and
``page_of()`` instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "PAGE_PARAMETERS",
    "Page",
    "page_of",
    "paginated",
]

DEFAULT_LIMIT = 50
MAX_LIMIT = 500
_WHOLE = re.compile(r"[0-9]{1,9}")


def _whole(request: Request, name: str) -> int | None:
    """The parameter ``name`` as a whole number, None when absent; else 400."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not _WHOLE.fullmatch(raw):
        raise serializers.ValidationError(
            {name: [f"{raw[:40]!r} is not a whole number of at most nine digits"]}
        )
    return int(raw)


class Page(LimitOffsetPagination):
    """Limit and offset, with a default and a maximum page size."""

    default_limit = DEFAULT_LIMIT
    max_limit = MAX_LIMIT
    limit_query_description = (
        f"Items per page: {DEFAULT_LIMIT} by default, at most {MAX_LIMIT} "
        "(a larger limit is served as the maximum)."
    )
    offset_query_description = "How many items of the list to skip (0 by default)."

    def get_limit(self, request: Request) -> int:
        asked = _whole(request, self.limit_query_param)
        if asked is None:
            return self.default_limit
        if asked == 0:
            raise serializers.ValidationError(
                {self.limit_query_param: ["0 is not a page size; ask 1 or more"]}
            )
        return min(asked, self.max_limit)

    def get_offset(self, request: Request) -> int:
        return _whole(request, self.offset_query_param) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            schema = parameter["schema"]
            if parameter["name"] == self.limit_query_param:
                schema.update(minimum=1, default=self.default_limit)
            else:
                schema.update(minimum=0, maximum=999_999_999, default=0)
        return parameters


def paginated(
    view: APIView,
    request: Request,
    items: QuerySet[Any] | Sequence[Any],
    render: Callable[[list[Any]], Any],
) -> Response:
    """Answer one page of ``items`` (ordered), each page rendered by ``render``."""
    page_class: type[Page] = getattr(view, "pagination_class", None) or Page
    paginator = page_class()
    page = paginator.paginate_queryset(items, request, view=view)
    assert page is not None  # a default limit always pages
    return paginator.get_paginated_response(render(page))


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit", OpenApiTypes.INT, description=Page.limit_query_description
    ),
    OpenApiParameter(
        "offset", OpenApiTypes.INT, description=Page.offset_query_description
    ),
]


def page_of(item: dict[str, Any] | None = None) -> dict[str, Any]:
    """The schema of a page whose items are ``item`` (any object by default)."""
    items = {"type": "array", "items": item or {"type": "object"}}
    schema: dict[str, Any] = Page().get_paginated_response_schema(items)
    return schema
