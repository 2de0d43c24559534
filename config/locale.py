"""The language of a request: the results site's, not the API's (decision 0113).

Pages take the language switch's choice, else the browser's (Django's
LocaleMiddleware). The API under ``/api/`` keeps answering in English
whatever the client's Accept-Language, as it did before the site: its
problems are read by programs, and their translation is a later, explicit
change of the API.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

API_PREFIX = "/api/"


class SiteLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        if request.path.startswith(API_PREFIX):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = settings.LANGUAGE_CODE
            return
        super().process_request(request)

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if request.path.startswith(API_PREFIX):
            return response
        return super().process_response(request, response)
