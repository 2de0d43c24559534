"""The API's Redoc page, offline (decision 0113).

drf-spectacular's Redoc template loads Google's fonts, and Redoc's bundle
shows its maker's logo from their CDN. The page here extends that template
without the fonts, and its Content-Security-Policy lets the browser fetch
nothing but this server: the logo is not requested, the docs need no
internet. (Swagger UI's template needs nothing outside: SWAGGER_UI_DIST.)
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularRedocView

# Redoc runs inline code, inline styles and a search worker from a blob.
OFFLINE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
    ]
)


class OfflineRedocView(SpectacularRedocView):
    template_name = "results_site/redoc.html"

    @extend_schema(exclude=True)
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = super().get(request, *args, **kwargs)
        response["Content-Security-Policy"] = OFFLINE_POLICY
        return response
