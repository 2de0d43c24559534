"""No input produces a 500 (issue 11): the OpenAPI schema, walked.

Every operation of ``/api/schema/`` is sent, as a user holding every role
(federation staff, chief director, committee member, player), a plausible
body and then that body with one field at a time made wrong: the wrong type,
missing, empty, huge or negative numbers, unknown enum values, malformed
UUIDs and instants, strings with a NUL character or a lone surrogate, far
past and far future dates. Path values, query parameters and ``If-Match``
are made wrong the same way. Each answer is a success or an RFC 9457 problem with a
``code`` (a 4xx); never a 500,
never a page that is not a problem, and never later than ``SECONDS``.
"""

from __future__ import annotations

import json
import signal
import traceback
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_django.fixtures
from django.db import connection

from tests.support.openapi import Schema, plausible
from tests.support.world import World, build_world

# Real transactions (each request commits, as in production): PostgreSQL only,
# like every test that commits (SQLite cannot flush the append-only table).
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HUGE = 10**30
BAD_STRINGS = [
    "",
    "x" * 20000,
    "9" * 5000,
    "1/0",
    "²",
    "nul\x00byte",
    "lone\ud800surrogate",
    "99Z",
]
BAD_INSTANTS = [
    "yesterday",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "2026-13-45T25:61:61Z",
    "2026-03-29T02:30:00",
]
SECONDS = 20  # no answer may take longer: a worker is never tied up for ever
BAD_NUMBERS = [-1, 0, HUGE, -HUGE, 2**63, 1.5, "x", True]


def wrong(schema: Schema, node: dict[str, Any], name: str, world: World) -> list[Any]:
    """Values of the wrong type, out of range or malformed for one field."""
    node = schema.resolve(node)
    out: list[Any] = [None, {"a": 1}, ["x"]]
    if "enum" in node:
        return [*out, "no-such-value", 7, ""]
    kind = node.get("type")
    if kind in ("integer", "number"):
        return [*out, *BAD_NUMBERS]
    if kind == "boolean":
        return [*out, "maybe", 2]
    if kind == "array":
        item = node.get("items", {})
        inner = wrong(schema, item, name, world)
        many = [plausible(schema, item, name, world.ids)] * 5000
        return [None, "x", {"a": 1}, [], many, *([v] for v in inner)]
    if kind == "object" or "properties" in node:
        return [None, "x", [], {}]
    if node.get("format") == "uuid":
        return [*out, "not-a-uuid", 12, "00000000-0000-0000-0000-000000000000"]
    if node.get("format") in ("date-time", "date"):
        return [*out, *BAD_INSTANTS]
    return [*out, 12, *BAD_STRINGS]


def bodies(
    schema: Schema, body: dict[str, Any], world: World
) -> Iterator[tuple[str, Any]]:
    base = plausible(schema, body, "", world.ids)
    yield "plausible", base
    yield "empty", {}
    yield "a list", [base]
    yield "a string", "x"
    yield "null", None
    for key, sub in body.get("properties", {}).items():
        if sub.get("readOnly"):
            continue
        yield f"without {key}", {k: v for k, v in base.items() if k != key}
        for value in wrong(schema, sub, key, world):
            yield f"{key}={_short(value)}", {**base, key: value}
        node = schema.resolve(sub)
        items = (
            schema.resolve(node.get("items", {})) if node.get("type") == "array" else {}
        )
        nested = node.get("properties") or items.get("properties") or {}
        for inner, inner_node in nested.items():
            for value in wrong(schema, inner_node, inner, world):
                one = plausible(
                    schema, node if "properties" in node else items, key, world.ids
                )
                one = {**one, inner: value}
                yield (
                    f"{key}.{inner}={_short(value)}",
                    {
                        **base,
                        key: one if "properties" in node else [one],
                    },
                )


PATH_VALUES = {
    "uuid": [
        "not-a-uuid",
        "00000000-0000-0000-0000-000000000000",
        str(uuid.UUID(int=7)),
    ],
    "integer": ["0", "1" + "0" * 30, "99999", "-1"],
    "string": ["no-such-thing", "x" * 300, "%00"],
}


def paths(
    schema: Schema, path: str, operation: dict[str, Any], world: World
) -> Iterator[tuple[str, str]]:
    """The path with plausible values, then with one value made wrong."""
    params = [p for p in operation.get("parameters", []) if p["in"] == "path"]
    good = {p["name"]: _path_value(p, world) for p in params}
    yield "plausible path", _fill(path, good)
    for p in params:
        kind = "uuid" if p["schema"].get("format") == "uuid" else p["schema"]["type"]
        for value in PATH_VALUES.get(kind, PATH_VALUES["string"]):
            yield (
                f"path {p['name']}={_short(value)}",
                _fill(path, {**good, p["name"]: value}),
            )


def _path_value(parameter: dict[str, Any], world: World) -> str:
    name = parameter["name"]
    if name in world.ids:
        return world.ids[name]
    if name == "movement":
        return "mitchell"
    return "1"


def _fill(path: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        path = path.replace("{" + name + "}", value)
    return path


def queries(operation: dict[str, Any]) -> Iterator[tuple[str, dict[str, str]]]:
    for p in operation.get("parameters", []):
        if p["in"] != "query":
            continue
        for value in ("x", "-1", "1" + "0" * 30, "9" * 5000, "²", "", "nul\x00", "1.5"):
            yield f"?{p['name']}={_short(value)}", {p["name"]: value}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


# -- the walk --------------------------------------------------------------------


Outcome = tuple[int, str | None]


def check(world: World, method: str, path: str, label: str, **request: Any) -> Outcome:
    """Send one request; return its status and what is wrong with it, if anything."""
    send = getattr(world.client, method)
    signal.signal(signal.SIGALRM, _too_long)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        response = send(path, **request)
    except Exception:
        last = traceback.format_exc().strip().splitlines()[-1]
        return 500, f"{method.upper()} {path} [{label}]: 500 ({last})"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        connection.close_if_unusable_or_obsolete()
    status = response.status_code
    where = f"{method.upper()} {path} [{label}]: {status}"
    if status == 500:
        return status, where
    if status == 503 and path == "/api/health/":
        # Health's own documented answer when no projection runner is alive
        # (none runs in this test; decision 0071), not an error of the input.
        body = json.loads(response.content)
        return status, None if body.get("status") == "down" else f"{where}: {body}"
    if status >= 400:
        kind = response.get("Content-Type", "")
        if not kind.startswith("application/problem+json"):
            return status, f"{where} as {kind}"
        body = json.loads(response.content)
        if not body.get("code") or body.get("status") != status:
            return status, f"{where} without a code"
    return status, None


def _too_long(signum: int, frame: object) -> None:
    raise TimeoutError(f"no answer within {SECONDS} s")


def walk(world: World, schema: Schema) -> Iterator[Outcome]:
    # Logging out revokes the walker's token (decision 0107): walk it last,
    # so every other operation is tried with a valid token.
    last = sorted(schema.operations(), key=lambda op: op[1].endswith("/auth/logout/"))
    for method, path, operation in last:
        body = schema.body(operation)
        for label, filled in paths(schema, path, operation, world):
            sent = (
                {
                    "data": json.dumps(plausible(schema, body, "", world.ids)),
                    "content_type": "application/json",
                }
                if body is not None and method != "get"
                else {}
            )
            yield check(world, method, filled, label, **sent)
        good_path = next(paths(schema, path, operation, world))[1]
        for label, query in queries(operation):
            yield check(world, method, f"{good_path}?{urlencode(query)}", label)
        if method in ("get", "delete"):
            continue
        yield check(
            world,
            method,
            good_path,
            "malformed JSON",
            data="{",
            content_type="application/json",
        )
        plain = json.dumps(plausible(schema, body, "", world.ids) if body else {})
        for version in ("9" * 5000, "²", "-1", "1" + "0" * 30):
            yield check(
                world,
                method,
                good_path,
                f"If-Match: {_short(version)}",
                data=plain,
                content_type="application/json",
                HTTP_IF_MATCH=version,
            )
        if body is None:
            continue
        for label, data in bodies(schema, body, world):
            yield check(
                world,
                method,
                good_path,
                label,
                data=json.dumps(data),
                content_type="application/json",
            )


def test_no_input_to_any_operation_of_the_schema_answers_500(
    settings: pytest_django.fixtures.SettingsWrapper,
) -> None:
    settings.ARBITRO_READ_WAIT_MAX_SECONDS = 0.2  # a read model behind: answer soon
    world = build_world()
    document = world.client.get("/api/schema/", {"format": "json"})
    assert document.status_code == 200
    schema = Schema(json.loads(document.content))
    operations = list(schema.operations())
    assert len(operations) > 80
    outcomes = list(walk(world, schema))
    assert len(outcomes) > 3000
    failures = [failure for _, failure in outcomes if failure is not None]
    assert failures == [], "\n".join(failures)
    # The walk reached the handlers, not only the serializers: commands were
    # recorded and the rules refused others.
    statuses = Counter(status for status, _ in outcomes)
    assert statuses[201] > 20
    assert statuses[409] + statuses[422] > 300
