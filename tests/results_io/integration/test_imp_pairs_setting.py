"""A pairs file whose Scoring says only "IMP" (as Magic Contest writes it for
a Butler or a cross-IMP pairs event) does not say against what its IMPs
were scored (Law 78D): it is refused asking for ``imp_pairs``, and read as
the method its user names."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management.base import CommandError

from tests.support.results_io import NEUBERG, RUTER_PBN, event_count, run
from tournaments.models import TournamentRow

pytestmark = pytest.mark.django_db


def plain_imp(tmp_path: Path) -> Path:
    text = RUTER_PBN.read_text(encoding="utf-8")
    old = '[Scoring "IMP;Butler-2;Mean"]'
    assert text.count(old) == 1
    path = tmp_path / "imp.pbn"
    path.write_text(text.replace(old, '[Scoring "IMP"]'), encoding="utf-8")
    return path


def test_plain_imp_is_refused_asking_how_it_was_scored(tmp_path: Path) -> None:
    before = event_count()
    with pytest.raises(CommandError) as error:
        run("import_results", str(plain_imp(tmp_path)))
    assert str(error.value).endswith(
        "not IMP: give imp_pairs (cross_imps or butler) to say how its IMPs "
        "were scored (Law 78)"
    )
    assert event_count() == before


def test_named_butler_it_imports_as_the_butler_file_does(tmp_path: Path) -> None:
    output = run(
        "import_results", str(plain_imp(tmp_path)), "--imp-pairs", "butler", *NEUBERG
    )
    assert output.splitlines()[-1] == "no differences"
    assert TournamentRow.objects.get().scoring == "imps_butler"


def test_named_cross_imps_its_butler_points_show_as_differences(
    tmp_path: Path,
) -> None:
    output = run(
        "import_results",
        str(plain_imp(tmp_path)),
        "--imp-pairs",
        "cross_imps",
        *NEUBERG,
    )
    assert TournamentRow.objects.get().scoring == "cross_imps"
    assert "cross-IMP NS: file " in output
    assert output.splitlines()[-1] != "no differences"


def test_a_bad_choice_is_refused_before_the_file_is_read(tmp_path: Path) -> None:
    from tournaments.results_io import import_file
    from tournaments.results_io.errors import ImportRefused

    with pytest.raises(ImportRefused, match="imp_pairs: 'teams' is not one of"):
        import_file(b"not read", "pbn", settings={"imp_pairs": "teams"})
