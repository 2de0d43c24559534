"""An imported file's players keep their names, outside events (decision 0180).

The Mitchell fixture names its twelve players with federation numbers
(invented people). Their names go to the register's identity tables keyed by
the ids the import derived, never into an event; a federation number the
register holds is that registered player, named by the register and shown by
number alone when he asked not to be published (decision 0113).
"""

from __future__ import annotations

import pytest

from eventstore.models import Event
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry.boundary import public_people
from registry.domain import PlayerCategory
from registry.domain.players import SetPlayerPublication
from registry.handlers import Identity, player_command, register_player
from registry.models import ImportedPlayer
from registry.projections import RegistryProjection
from scoring.formats import read_usebio
from tests.support.results_io import MITCHELL_XML, NEUBERG, run
from tournaments.models import EntryRow
from tournaments.results_io import tournament_id_for

pytestmark = pytest.mark.django_db


def _names(path_or_bytes: bytes) -> dict[str, tuple[tuple[str, str | None], ...]]:
    results = read_usebio(path_or_bytes)
    return {
        p.participant_id: tuple((x.name, x.federation_id) for x in p.players)
        for p in results.participants
    }


def _export(tid: object, target) -> bytes:  # type: ignore[no-untyped-def]
    run("export_results", str(tid), "--format", "usebio", "-o", str(target))
    return bytes(target.read_bytes())


def test_export_import_export_keeps_every_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Import the file, export it with names, import the export, export
    again: both exports name the same players with the same numbers, and
    they are the file's."""
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    first = _export(tournament_id_for(MITCHELL_XML.read_bytes()), tmp_path / "1.xml")
    original = _names(MITCHELL_XML.read_bytes())
    # The file's own pair ids come back too (decision 0192).
    assert _names(first) == original
    assert _names(first)["1NS"] == (
        ("ROBERTO LEONE", "110342"),
        ("FRANCESCA MORETTI", "109871"),
    )
    source = tmp_path / "1.xml"
    run("import_results", str(source), *NEUBERG)
    second = _export(tournament_id_for(first), tmp_path / "2.xml")
    assert _names(second) == _names(first)
    # No name is in any event.
    for event in Event.objects.all():
        assert "LEONE" not in str(event.payload)
    # Eleven players by federation number, the same ids in both imports; the
    # one the file names without a number is scoped to each tournament.
    assert ImportedPlayer.objects.count() == 13
    assert ImportedPlayer.objects.filter(federation_number="").count() == 2


def test_a_registered_number_is_the_registered_player(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A federation number the register holds enters that player (his id),
    named by the register, not the file; once he asks not to be published
    the export and the results site show his number only."""
    player_id, _ = register_player(
        Identity(federation_number="110342", family_name="Leone", given_name="R."),
        PlayerCategory.FIRST_SPADES,
        metadata=Metadata(actor="system:tests"),
    )
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    entry = EntryRow.objects.get(tournament_id=tid, number=1)
    assert str(entry.player_ids[0]) == str(player_id)
    assert not ImportedPlayer.objects.filter(player_id=player_id).exists()
    assert _names(_export(tid, tmp_path / "a.xml"))["1NS"][0] == ("R. Leone", "110342")

    player_command(
        SetPlayerPublication(player_id=player_id, published=False),
        metadata=Metadata(actor="system:tests"),
    )
    ProjectionRunner(RegistryProjection()).catch_up()
    assert _names(_export(tid, tmp_path / "b.xml"))["1NS"] == (
        ("110342", "110342"),
        ("FRANCESCA MORETTI", "109871"),
    )
    people = public_people([str(player_id), str(entry.player_ids[1])])
    assert people[str(player_id)].name is None
    assert people[str(player_id)].number == "110342"
    assert people[str(entry.player_ids[1])].name == "FRANCESCA MORETTI"


def test_the_results_site_shows_the_imported_names() -> None:
    """Once the imported session is published, its page names the file's
    players (decision 0180), as it names registered ones; one without a
    federation number too (he has no page: no link, no error)."""
    from django.test import Client

    from tournaments import handlers
    from tournaments.domain import tournament
    from tournaments.results_io import project

    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    handlers.handle_tournament(
        tid,
        tournament.PublishScores(session=1),
        metadata=Metadata(actor="system:tests"),
    )
    project()
    response = Client().get(f"/events/{tid}/sessions/1/", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert response.status_code == 200
    page = response.content.decode()
    # Named, with no link: a player off the register has no page of his own.
    assert '<span class="name">ROBERTO LEONE</span>' in page
    assert '<span class="name">FRANCESCA MORETTI</span>' in page
    assert "/players/110342/" not in page
