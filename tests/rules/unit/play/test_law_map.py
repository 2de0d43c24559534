"""The Law map covers the digest's play and claims tables and points at real code."""

import importlib

import pytest

from tests.support.law_map import CLAIM_LAWS, PLAY_LAWS, LawEntry, LawKind

DIGEST_10_2 = {
    "44", "45A-C", "46B", "45C4(b)", "45D", "45E1", "45E2", "45F", "47", "48A",
    "49", "50B", "50C", "50D1", "50D2", "50E", "51A", "51B", "52", "53A", "53B",
    "53C", "54", "55", "56", "57A", "57C", "57D", "58A", "58B", "59", "60", "61A",
    "62", "63", "64A", "64B", "64C", "65", "66", "67A", "67B",
}  # fmt: skip
DIGEST_10_3 = {
    "68A", "68B2", "68D", "69A", "69B1", "69B2", "70", "71A", "71B", "79A",
}  # fmt: skip


def test_every_play_and_claim_law_of_the_digest_is_mapped() -> None:
    """Each row of digest §10.2 and §10.3 (play, claims, result) has an entry."""
    assert set(PLAY_LAWS) >= DIGEST_10_2
    assert set(CLAIM_LAWS) >= DIGEST_10_3


def test_director_judgements_stay_judgements() -> None:
    """Contested claims and revoke equity are the Director's (Laws 70, 64C)."""
    assert CLAIM_LAWS["70"].kind is LawKind.JUDGEMENT
    assert PLAY_LAWS["64C"].kind is LawKind.JUDGEMENT
    assert PLAY_LAWS["64A"].kind is LawKind.MECHANICAL


@pytest.mark.parametrize(
    ("law", "entry"),
    sorted({**PLAY_LAWS, **{f"C{k}": v for k, v in CLAIM_LAWS.items()}}.items()),
)
def test_locations_resolve_to_code(law: str, entry: LawEntry) -> None:
    """A dotted location names an importable object; no location means judgement."""
    location = entry.location
    if location is None:
        assert entry.kind is LawKind.JUDGEMENT
        return
    parts = location.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            target = getattr(target, attribute)
        break
    else:  # pragma: no cover
        pytest.fail(f"{law}: {location} does not resolve")
