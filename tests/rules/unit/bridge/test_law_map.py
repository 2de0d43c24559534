"""The Law map covers the digest's auction table and points at real code."""

import importlib

import pytest

from tests.support.law_map import AUCTION_LAWS, LawEntry, LawKind

# Every Law named in the digest §10.1 table (auction), as keyed in the map.
DIGEST_10_1 = {
    "2", "17B", "17C", "18", "19A1", "19B1", "19A3", "19B3", "22", "17D3", "34",
    "Definitions/declarer", "41A", "24", "25A", "25B", "26B", "27A1", "27B1(a)",
    "27B1(b)", "27B2", "27B3", "27B4", "27C", "27D", "28A", "28B", "29A", "32",
    "29C", "30C", "30A", "30B", "31A2", "31B", "32A2", "32B", "31A1", "32A1",
    "30B2", "31C", "32C", "33", "35", "36", "37", "38", "39", "36C", "15A", "21B",
    "20F", "72C", "16C", "23C",
}  # fmt: skip


def test_every_auction_law_of_the_digest_is_mapped() -> None:
    """Each row of digest §10.1 has a kind and a location."""
    assert set(AUCTION_LAWS) >= DIGEST_10_1


@pytest.mark.parametrize(("law", "entry"), sorted(AUCTION_LAWS.items()))
def test_locations_resolve_to_code(law: str, entry: LawEntry) -> None:
    """A dotted location names an importable object (module, then attributes)."""
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


def test_comparability_is_never_mechanical() -> None:
    """Comparable call (Law 23A) is a Director judgement, never computed."""
    assert AUCTION_LAWS["23A"].kind is LawKind.JUDGEMENT
    assert AUCTION_LAWS["27B1(b)"].kind is LawKind.JUDGEMENT
