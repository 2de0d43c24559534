"""Problem details moved to ``httpapi.problems``; this path is kept only for
the registry views until they move to their own app (issue 12)."""

from httpapi.problems import problem

__all__ = ["problem"]
