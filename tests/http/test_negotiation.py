"""The negotiation's shortcut answers as DRF's own negotiation does (issue 13)."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import (
    BaseRenderer,
    BrowsableAPIRenderer,
    JSONRenderer,
    TemplateHTMLRenderer,
)
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from httpapi.negotiation import Negotiation


class Charset(BaseRenderer):
    media_type = "application/json; charset=utf-8"
    format = "jsonc"


RENDERER_SETS = [
    [JSONRenderer(), BrowsableAPIRenderer()],
    [BrowsableAPIRenderer(), JSONRenderer()],
    [TemplateHTMLRenderer()],
    [Charset(), JSONRenderer()],
]
ACCEPTS = [None, "*/*", "application/json", "text/html", "text/*", "*/*; q=0.5"]


def answer(negotiation: object, request: Request, renderers: list, suffix: object):
    try:
        renderer, media_type = negotiation.select_renderer(  # type: ignore[attr-defined]
            request, renderers, suffix
        )
    except NotAcceptable:
        return "406"
    except Http404:  # no renderer for the format asked
        return "404"
    return type(renderer), media_type


@pytest.mark.parametrize("renderers", RENDERER_SETS)
@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("query", ["", "?format=json", "?format=api", "?format="])
@pytest.mark.parametrize("suffix", [None, "json"])
def test_the_same_renderer_and_media_type_as_drf(renderers, accept, query, suffix):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get("/x/" + query, **headers))
    assert answer(Negotiation(), request, renderers, suffix) == answer(
        DefaultContentNegotiation(), request, renderers, suffix
    )
