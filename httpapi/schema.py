"""What the OpenAPI schema shares: the problem answer, component names.

Context-free: no game's notation (a bridge adjusted score's forms are in
``tournaments.api.adjusted_scores``), as the import contract holds.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework.views import APIView

__all__ = [
    "LIST_OF_OBJECTS",
    "PROBLEM",
    "READ_RESPONSES",
    "name_components",
    "tag_by_area",
]

PROBLEM = OpenApiResponse(
    description="RFC 9457 problem details naming the Law or article"
)

# A whole document that is a JSON array of objects (a raw schema: spectacular
# reads ``dict`` as one object, which an array answer would contradict).
LIST_OF_OBJECTS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "object", "additionalProperties": {}},
}

# A read of one thing the URL names, by a caller who may be refused.
READ_RESPONSES = {200: dict, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


def name_components(namespace: dict[str, Any]) -> None:
    """Give each view's nested serializers a unique OpenAPI component name.

    Nested ``InputSerializer``/``OutputSerializer`` classes would otherwise
    all be called "Input"/"Output" in the schema (drf-spectacular honours
    ``Meta.ref_name``).
    """
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


def tag_by_area(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """drf-spectacular's postprocessing hook: each operation under the part of
    its path after ``/api/v1/`` (appeals, tournaments, registry, burraco…).

    By default every operation is tagged with the path's first part after
    the common prefix ``/api/``: the docs listed the whole API under one
    "v1" heading. The operation ids are left as they were (``v1_…``), so a
    generated client's names do not change."""
    del generator, request, public
    for path, item in result.get("paths", {}).items():
        parts = [p for p in path.split("/") if p]
        if parts[:2] != ["api", "v1"] or len(parts) < 3:
            continue
        for operation in item.values():
            if isinstance(operation, dict) and operation.get("tags") == ["v1"]:
                operation["tags"] = [parts[2]]
    return result
