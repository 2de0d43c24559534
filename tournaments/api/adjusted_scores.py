"""The adjusted score's notation in the API schema (Law 12; FIGB N-L12).

Every form ``board_result.parse_adjusted`` reads, with an example each, for
the result, ruling and appeal decision endpoints: bridge notation, so it
lives with the bridge API, not in the shared plumbing (``httpapi``, which
knows no game; decision 0222).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample

__all__ = ["ADJUSTED_SCORES", "ADJUSTED_SCORE_HELP", "adjusted_score_examples"]

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
