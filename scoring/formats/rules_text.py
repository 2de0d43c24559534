"""A file's scoring rules and conventions as one line of text (decision 0224).

Every export carries the rules its figures were made under and the
conventions they are printed in, so that an import of it scores and reads
it as it was written: ``regulation=figb;averaged_boards=neuberg;...``. PBN
writes the line in a ``ScoringRules`` tag, USEBIO in an ``arbitro-rules``
processing instruction (which a validating reader of either version
ignores), the JSON as an object. Pure standard library.
"""

from __future__ import annotations

import re

__all__ = ["RULE", "RULES_TARGET", "RULE_VALUE", "parse_rules", "rules_text"]

RULES_TARGET = "arbitro-rules"
"""The USEBIO processing instruction that carries them."""

RULE = re.compile(r"[a-z][a-z_]{0,39}")
"""A setting's name: ``averaged_boards``."""
RULE_VALUE = re.compile(r"[A-Za-z0-9_./+-]{1,40}")
"""A setting's value: ``neuberg``, ``1/5``, ``60``."""


def rules_text(rules: tuple[tuple[str, str], ...]) -> str:
    return ";".join(f"{key}={value}" for key, value in rules)


def parse_rules(text: str) -> tuple[tuple[str, str], ...]:
    """The (setting, value) pairs of a rules line; ValueError names a part
    that is not ``setting=value`` or a setting given twice."""
    out: list[tuple[str, str]] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"{part!r} is not setting=value")
        key, value = key.strip(), value.strip()
        if not RULE.fullmatch(key) or not RULE_VALUE.fullmatch(value):
            raise ValueError(f"{part!r} is not setting=value")
        if any(k == key for k, _ in out):
            raise ValueError(f"{key} is given twice")
        out.append((key, value))
    return tuple(out)
