"""The API's Redoc page, offline (decision 0113); its template is the results
site's (results_site/templates/results_site/redoc.html).

drf-spectacular's Redoc template loads Google's fonts, and Redoc's bundle
shows its maker's logo from their CDN. The page here extends that template
without the fonts, and its Content-Security-Policy lets the browser fetch
nothing but this server: the logo is not requested, the docs need no
internet. (Swagger UI's template needs nothing outside: SWAGGER_UI_DIST.)
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularRedocView
from rest_framework.request import Request
from rest_framework.response import Response

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

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Content-Security-Policy"] = OFFLINE_POLICY
        return response
