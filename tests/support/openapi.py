"""The OpenAPI schema as the tests that walk it read it: its operations, their
bodies, and a plausible value for any field (``tests/api/e2e``,
``tests/http/e2e``)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
# Plausible text for fields the schema types only as strings.
TEXT = {
    "laws": "12C2",
    "law": "12C1",
    "seat": "N",
    "card": "SA",
    "cards": "SA",
    "call": "1NT",
    "contract": "4SN",
    "lead": "SA",
    "score": "A60/40",
    "adjusted_score": "A60/40",
    "deal": DEAL,
    "imps": "7/2",
    "federation_number": "123456",
    "email": "ada@example.org",
    "code": "BO99",
    "csv": "federation_number,family_name,given_name,category\n1,A,B,NC\n",
}


class Schema:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        """Follow ``$ref`` and single-item ``allOf``; keep the node's own keys."""
        while True:
            if "$ref" in node:
                name = node["$ref"].rsplit("/", 1)[-1]
                node = {**self.document["components"]["schemas"][name]}
            elif "allOf" in node and len(node["allOf"]) == 1:
                rest = {k: v for k, v in node.items() if k != "allOf"}
                node = {**self.resolve(node["allOf"][0]), **rest}
            else:
                return node

    def operations(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        for path, item in self.document["paths"].items():
            for method, operation in item.items():
                if method in ("get", "post", "put", "patch", "delete"):
                    yield method, path, operation

    def body(self, operation: dict[str, Any]) -> dict[str, Any] | None:
        content = operation.get("requestBody", {}).get("content", {})
        for media in ("application/json", "multipart/form-data"):
            if media in content:
                return self.resolve(content[media]["schema"])
        return None


def plausible(
    schema: Schema, node: dict[str, Any], name: str, ids: Mapping[str, str]
) -> Any:
    """A value the field would accept, as far as its schema and name tell
    (an id named in ``ids`` is that id, any other a new one)."""
    node = schema.resolve(node)
    if "enum" in node:
        return next(v for v in node["enum"] if v is not None)
    if "oneOf" in node or "anyOf" in node:
        options = node.get("oneOf") or node.get("anyOf")
        return plausible(schema, options[0], name, ids)
    kind = node.get("type")
    if kind == "object" or "properties" in node:
        return {
            key: plausible(schema, sub, key, ids)
            for key, sub in node.get("properties", {}).items()
            if not sub.get("readOnly")
        }
    if kind == "array":
        item = schema.resolve(node.get("items", {}))
        first = plausible(schema, item, name, ids)
        if item.get("format") == "uuid":  # distinct ids: two players, not one twice
            extra = [str(uuid.uuid4()) for _ in range(node.get("minItems", 1) - 1)]
            return [first, *extra]
        return [first] * max(1, node.get("minItems", 1))
    if kind == "integer":
        return max(1, node.get("minimum", 1))
    if kind == "number":
        return 1
    if kind == "boolean":
        return False
    if node.get("format") == "uuid":
        return ids.get(name, str(uuid.uuid4()))
    if node.get("format") == "date-time":
        return "2026-11-25T15:00:00Z"
    if node.get("format") == "date":
        return "2026-11-25"
    if "pattern" in node:
        for candidate in (TEXT.get(name, ""), "1", "7", "123456", "A"):
            if candidate and re.search(node["pattern"], candidate):
                return candidate
    return TEXT.get(name, "x")
