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


@register.filter
def seat(value: str) -> str:
    return notation.seat_text(value, get_language() or "en")


@register.filter
def strain(value: str) -> str:
    return notation.strain_text(value, get_language() or "en")


@register.filter
def cards(value: str) -> str:
    return notation.holding_text(value, get_language() or "en")


@register.filter
def par(value: str) -> str:
    return notation.par_text(value, get_language() or "en")
