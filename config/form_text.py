"""No NUL character in a page's query or form (the console's and the site's).

A NUL is no part of any name, reason or number, and PostgreSQL refuses it
both in a query's text and in an event's JSON ("unsupported Unicode escape
sequence"): a console form's facts, reason or number holding one answered
500 (found by a crawl of the demo and a probe of the forms). The API under
``/api/`` refuses it already (DRF's fields, with their RFC 9457 problem);
the pages had no such check, so this one answers 400 naming the field
before any view runs. Uploaded files are their readers' to check.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _

from config.locale import API_PREFIX

NUL = "\x00"


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            sent = chain(
                request.GET.lists(),
                request.POST.lists() if request.method == "POST" else (),
            )
            for name, values in sent:
                if NUL in name or any(NUL in value for value in values):
                    return HttpResponseBadRequest(
                        _("%(field)s: a NUL character is no part of any text here")
                        % {"field": name.replace(NUL, "")[:50]},
                        content_type="text/plain; charset=utf-8",
                    )
        return self.get_response(request)
