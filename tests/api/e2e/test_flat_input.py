"""Table command inputs bind their fields once (``FlatInput``) and validate as
DRF's own serializers do, in every thread."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework import serializers

from httpapi.inputs import FlatInput, validated
from tournaments.api import play_views

FIELDS = {
    "seat": play_views.SeatField(),
    "card": play_views.CardField(required=False, allow_null=True, default=None),
    "tricks": serializers.IntegerField(min_value=0, max_value=13),
    "extra": serializers.ListField(
        child=play_views.CardField(), required=False, default=list
    ),
}
Flat = type("FlatSample", (FlatInput,), dict(FIELDS))
Plain = type("PlainSample", (serializers.Serializer,), dict(FIELDS))
CASES = [
    {"seat": "N", "card": "SA", "tricks": 3},
    {"seat": "E", "tricks": 13, "extra": ["H2", "DK"]},
    {"seat": "Q", "card": "S1", "tricks": 14},
    {"tricks": "x", "extra": ["ZZ"]},
    {},
    ["not", "a", "dict"],
]


def _outcome(serializer_class: type[serializers.Serializer], data: object) -> object:
    try:
        return validated(serializer_class, data)
    except serializers.ValidationError as exc:
        return ("invalid", exc.detail)


@pytest.mark.parametrize("data", CASES)
def test_a_flat_input_validates_as_a_plain_serializer(data: object) -> None:
    assert _outcome(Flat, data) == _outcome(Plain, data)


def test_the_fields_are_bound_once_and_shared_by_threads() -> None:
    assert Flat(data={}).fields is Flat(data={}).fields
    with ThreadPoolExecutor(8) as pool:
        outcomes = list(pool.map(lambda d: _outcome(Flat, d), CASES * 50))
    assert outcomes == [_outcome(Plain, d) for d in CASES * 50]
    # A default list is made afresh for each input, never shared.
    first, second = validated(Flat, CASES[0]), validated(Flat, CASES[0])
    assert first["extra"] == []
    assert first["extra"] is not second["extra"]


def test_a_nested_serializer_is_not_a_plain_field() -> None:
    nested = type("Nested", (FlatInput,), {"inner": Plain()})
    with pytest.raises(TypeError, match="nested"):
        nested(data={}).fields  # noqa: B018
