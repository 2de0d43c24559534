"""Template filters writing bridge notation in the page's language."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from results_site import notation

register = template.Library()


@register.filter
def contract(value: str | None) -> str:
    return notation.contract_text(value, get_language() or "en")


@register.filter
def lead(value: str | None) -> str:
    return notation.lead_text(value, get_language() or "en")
