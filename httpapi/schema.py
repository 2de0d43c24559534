"""What the OpenAPI schema shares: the problem answer, component names."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse

__all__ = ["LIST_OF_OBJECTS", "PROBLEM", "READ_RESPONSES", "name_components"]

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
