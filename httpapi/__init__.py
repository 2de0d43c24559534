"""What every context's HTTP API shares, written once.

- ``inputs``: the strict JSON parser, ``validated``, bounded path numbers;
- ``commands``: the client's headers (``Idempotency-Key``, ``If-Match``) and
  ``created()``, a command's 201 (or 200 "nothing to record") and its schema;
- ``problems``: RFC 9457 problem details, the one exception handler;
- ``reads``: ``?min_position=`` and the freshness headers (decision 0073);
- ``pagination``: ``?limit=``/``?offset=`` on every list (decision 0093);
- ``schema``: the problem answer and unique component names in OpenAPI.

Each context's endpoints live in its own ``api`` package and import these;
this package imports no context.
"""
