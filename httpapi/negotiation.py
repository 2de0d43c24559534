"""Content negotiation with DRF's answers, the common case taken directly."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

__all__ = ["Negotiation"]


class Negotiation(DefaultContentNegotiation):
    """DRF's negotiation. A request that names no format and accepts anything
    (no ``Accept`` header, or ``*/*``: a table device, a script) gets the
    first renderer and its media type without parsing a header: the answer
    DRF's own loop gives then (a renderer's media type without parameters is
    more specific than ``*/*``). Anything else is negotiated by DRF."""

    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> Any:
        # DRF passes the view's renderer instances as a list.
        if isinstance(renderers, list) and renderers and not format_suffix:
            accept = request.META.get("HTTP_ACCEPT")
            first = renderers[0]
            if (
                (accept is None or accept == "*/*")
                and ";" not in first.media_type
                and not request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
            ):
                return first, first.media_type
        return super().select_renderer(request, renderers, format_suffix)
