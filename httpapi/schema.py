"""What the OpenAPI schema shares: the problem answer, component names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse

__all__ = [
    "ADJUSTED_SCORES",
    "ADJUSTED_SCORE_HELP",
    "LIST_OF_OBJECTS",
    "PROBLEM",
    "READ_RESPONSES",
    "adjusted_score_examples",
    "name_components",
    "tag_by_area",
]

PROBLEM = OpenApiResponse(
    description="RFC 9457 problem details naming the Law or article"
)

# Every form the scorer reads as an adjusted score (Law 12), with an example
# each: ``board_result.parse_adjusted`` accepts each, and a test holds the
# schema to it.
ADJUSTED_SCORES: tuple[tuple[str, str, str], ...] = (
    ("A60/40", "Artificial", "Law 12C2: North-South's percentage, then East-West's"),
    ("A50/50", "Artificial, average to both", "Law 12C2(a): both partly at fault"),
    ("A40/40", "Artificial, both at fault", "Law 12C2(a): average minus to both"),
    ("60-40", "Artificial, other spelling", 'the same as "A60/40"'),
    ("60%-40%", "Artificial, with percent signs", 'the same as "A60/40"'),
    ("A6040", "Artificial, compact", 'the same as "A60/40"'),
    ("assigned:620", "Assigned", "Law 12C1(a): North-South's score"),
    ("assigned:-100", "Assigned, East-West plus", "Law 12C1(a): a negative score"),
    (
        "assigned:-420@0.7,-450@0.3",
        "Weighted",
        "Law 12C1(c): North-South's scores @ weights (two decimals, summing to 1)",
    ),
    (
        "assigned:620@0.5,-100@0.25,-200@0.25",
        "Weighted, three outcomes",
        "Law 12C1(c): up to as many outcomes as the director weighs",
    ),
    (
        "A50/50 no-fault",
        "Artificial, no fault",
        "FIGB N-L12: an average to sides in no way at fault, revised at the end "
        "of the session (':ns' or ':ew' for one side)",
    ),
    (
        "split:ns=-420;ew=-450",
        "Split (non-balancing)",
        "Law 12C1(e): each side's own score, North-South's sign",
    ),
)
ADJUSTED_SCORE_HELP = (
    "An adjusted score (Law 12). Artificial (Law 12C2): "
    + ", ".join(
        f'"{text}"' for text, kind, _ in ADJUSTED_SCORES if "Artificial" in kind
    )
    + " (North-South first; a side given 60% or more is not at fault). "
    "Assigned (Law 12C1(a)): "
    + ", ".join(
        f'"{text}"' for text, kind, _ in ADJUSTED_SCORES if kind.startswith("Assigned")
    )
    + " (North-South's score). Weighted (Law 12C1(c)): "
    + ", ".join(f'"{text}"' for text, kind, _ in ADJUSTED_SCORES if "Weighted" in kind)
    + " (each score @ its weight, two decimals, the weights summing to 1). "
    'No fault (FIGB N-L12): "A50/50 no-fault". Split (Law 12C1(e)): '
    '"split:ns=-420;ew=-450". On a ruling only, one side reduced without raising '
    'the other (Law 79B3): "reduce:ns=170" or "reduce:ew=-140".'
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


def adjusted_score_examples(
    body: Callable[[str], dict[str, Any]],
) -> list[OpenApiExample]:
    """One request example per adjusted-score form, the body built around it."""
    return [
        OpenApiExample(
            f"{kind}: {text}", value=body(text), description=note, request_only=True
        )
        for text, kind, note in ADJUSTED_SCORES
    ]


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
