"""Template filters of the site's own pages (its error pages)."""

from __future__ import annotations

import re

from django import template

register = template.Library()

# The burraco pages' paths: the scoring room (console), the phone sheet
# (the burraco app) and an event's burraco pages on the results site.
BURRACO_PATH = re.compile(r"/(?:console/burraco|burraco|events/[^/]+/burraco)(?:/|$)")


@register.filter
def burraco_path(path: str) -> bool:
    """Whether ``path`` is a burraco page's, whose footer names the F.I.Bur.
    Codice di Gara (decisions 0200, 0203), on its 403 and 404 too."""
    return BURRACO_PATH.match(path) is not None
