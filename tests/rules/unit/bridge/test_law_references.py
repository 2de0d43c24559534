"""Which Law references exist (the 2017 Laws, FIGB edition): every reference
the code base makes is one, and "99Z" is not (decision 0082)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.bridge.law_references import (
    SECTIONS,
    NotALawReference,
    is_law_ref,
    parse_law_ref,
)
from rules.errors import LawRef
from tests.support import law_map
from tournaments.domain import board_result, tournament
from tournaments.domain.penalties import FIGB_CATALOGUE

ROOT = Path(__file__).resolve().parents[4]
SOURCES = ("rules", "scoring", "tournaments", "appeals", "eventstore", "config")


def _repository_files(pattern: str) -> list[Path]:
    files = [p for top in SOURCES for p in (ROOT / top).rglob(pattern)]
    assert files, "the source tree was not found"
    return files


def _cited(pattern: str, files: list[Path]) -> set[tuple[str, str]]:
    found = set()
    for path in files:
        for match in re.finditer(pattern, path.read_text(encoding="utf-8")):
            found.add((match.group(1), str(path.relative_to(ROOT))))
    return found


def _map_keys(key: str) -> list[str]:
    """The references a ``law_map`` key names: "45A-C" is 45A and 45C; the
    Definitions ("Definitions/declarer") are not a numbered Law."""
    if key.startswith("Definitions/"):
        return []
    if match := re.fullmatch(r"(\d+)([A-H])-([A-H])", key):
        law, first, last = match.groups()
        return [f"{law}{first}", f"{law}{last}"]
    return [key]


def test_every_law_has_its_sections() -> None:
    assert sorted(SECTIONS) == list(range(1, 94))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4", "4"),
        ("12C1(c)", "12C1(c)"),
        ("12C1(e)(ii)", "12C1(e)(ii)"),
        ("80B2(g)(i)", "80B2(g)(i)"),
        ("Law 12 C 1 (c)", "12C1(c)"),
        ("L64b5", "64B5"),
        ("12C1c", "12C1(c)"),
        ("12C1e(ii)", "12C1(e)(ii)"),
        ("law 79C", "79C"),
        ("22A", "22A"),
        ("93C3(b)", "93C3(b)"),
    ],
)
def test_a_reference_the_laws_have_is_read_in_canonical_form(
    text: str, canonical: str
) -> None:
    assert parse_law_ref(text) == LawRef(canonical)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("99Z", '"99Z": the 2017 Laws have no Law 99 (Laws 1 to 93)'),
        ("0", '"0": the 2017 Laws have no Law 0 (Laws 1 to 93)'),
        ("94", '"94": the 2017 Laws have no Law 94 (Laws 1 to 93)'),
        ("07", '"07": the 2017 Laws have no Law 07 (Laws 1 to 93)'),
        ("4A", '"4A": Law 4 has no section A'),
        ("12Z", '"12Z": Law 12 has no section Z'),
        ("12C9", '"12C9": Law 12C has no subsection 9'),
        ("12C1(f)", '"12C1(f)": Law 12C1 has no item (f)'),
        ("12C1(e)(iii)", '"12C1(e)(iii)": Law 12C1(e) has no item (iii)'),
        ("40B4(b)", '"40B4(b)": Law 40B4 has no item (b)'),
        (
            "9" * 5000,
            f'"{"9" * 37}...": the 2017 Laws have no Law 9999... (Laws 1 to 93)',
        ),
        ("", '"" is not a Law reference (a Law 1 to 93, e.g. "12C1(c)")'),
        ("abc", '"abc" is not a Law reference (a Law 1 to 93, e.g. "12C1(c)")'),
    ],
)
def test_a_reference_the_laws_do_not_have_is_refused_naming_the_missing_part(
    text: str, message: str
) -> None:
    with pytest.raises(NotALawReference) as refused:
        parse_law_ref(text)
    assert str(refused.value) == message
    assert is_law_ref(text) is False


def test_every_law_ref_written_in_the_code_base_is_a_law() -> None:
    """Every ``LawRef("...")`` in the repository names a Law that exists."""
    cited = _cited(r'LawRef\("([^"]*)"\)', _repository_files("*.py"))
    assert len(cited) > 100
    wrong = sorted((ref, where) for ref, where in cited if not is_law_ref(ref))
    assert wrong == []


def test_every_law_named_in_code_and_docstrings_is_a_law() -> None:
    """Docstrings and comments cite the Laws by number ("Law 12C1(c)")."""
    pattern = r"\bLaws? (\d{1,2}(?:[A-H](?:\d{1,2}(?:\([a-l]\)(?:\([ivx]+\))?)?)?)?)\b"
    cited = _cited(pattern, _repository_files("*.py"))
    wrong = sorted((ref, where) for ref, where in cited if not is_law_ref(ref))
    assert wrong == []


def test_every_law_the_tables_of_the_code_base_name_is_a_law() -> None:
    """Law maps, the FIGB penalty catalogue, board irregularities and
    penalty kinds store Law references as text."""
    tables = {
        "law_map": [
            ref
            for key in (*law_map.AUCTION_LAWS, *law_map.PLAY_LAWS, *law_map.CLAIM_LAWS)
            for ref in _map_keys(key)
        ],
        "penalties": [rule.law for rule in FIGB_CATALOGUE.values()],
        "irregularities": list(board_result.IRREGULARITY_LAWS.values()),
        "penalty_kinds": list(tournament.PENALTY_KINDS.values()),
    }
    wrong = {
        name: [ref for ref in refs if not is_law_ref(ref)]
        for name, refs in tables.items()
    }
    assert wrong == {name: [] for name in tables}


def test_every_law_a_default_argument_names_is_a_law() -> None:
    """Errors and commands that default their Law as text (``law: str = "44B"``)."""
    cited = _cited(r'\blaws?(?:: str)? ?= ?"([^"]+)"', _repository_files("*.py"))
    assert cited
    wrong = sorted((ref, where) for ref, where in cited if not is_law_ref(ref))
    assert wrong == []
