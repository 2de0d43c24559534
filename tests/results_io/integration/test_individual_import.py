"""An individual event's results file is read as it is into an individual
event (Law 4, decision 0182): each contestant one player, each table four
players seated North to West, scored by the one pipeline of a live
individual session; every figure compared with its reason; the deals become
the session's hand records and the file's double-dummy tricks and par are
compared with DDS on them (decision 0183); export, import the export, and
nothing the format carries is lost."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from eventstore.store import event_store
from scoring.bridge import publish
from scoring.formats import read_json, read_pbn, read_usebio, write_pbn
from tests.support.results_io import FIXTURES, event_count, run, without_cause
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.models import DoubleDummyRow, SessionRow, StandingRow, TournamentRow
from tournaments.results_io import (
    check_plan,
    import_file,
    plan_import,
    tournament_id_for,
)

pytestmark = pytest.mark.django_db

INDIVIDUAL_XML = FIXTURES / "individual_mp.xml"  # USEBIO 1.3, Latin-1, CRLF
BOARD_2 = "N:AK52.Q84.K93.A76 QJT9.A652.Q4.K92 863.KJ3.AJT7.QJ3 74.T97.8652.T854"


def differences(output: str) -> list[str]:
    return [
        without_cause(line)
        for line in output.splitlines()
        if not line.startswith(("imported ", "conventions: ", "note: ", "entries: "))
    ]


def test_the_file_is_an_individual_event_scored_as_a_live_one() -> None:
    data = INDIVIDUAL_XML.read_bytes()
    report = import_file(data, "usebio", source="individual")
    assert report.form == "individual"
    assert report.differences == ()
    assert report.movement == "explicit"  # the file's rounds and tables
    tid = tournament_id_for(data)
    state = handlers.load_tournament(tid)
    assert state.created is not None
    assert state.created.form is tournament.Form.INDIVIDUAL
    # Law 4: each entry is one player (a derived id, never a name).
    assert sorted(state.entries) == list(range(1, 9))
    assert {len(e.player_ids) for e in state.entries.values()} == {1}
    session = SessionRow.objects.get(tournament_id=tid, session=1)
    assert sorted(
        (a["round"], a["table"], tuple(a["players"]), tuple(a["boards"]))
        for a in session.assignments
    ) == [
        (1, 1, (1, 2, 3, 4), (1, 2)),
        (1, 2, (5, 6, 7, 8), (1, 2)),
        (2, 1, (1, 6, 8, 3), (3, 4)),
        (2, 2, (5, 2, 4, 7), (3, 4)),
    ]
    standings = {
        s.entry_number: (s.rank, s.matchpoints, s.percent, s.direction)
        for s in StandingRow.objects.filter(tournament_id=tid, session=1)
    }
    hundred, fifty, nil = Decimal("100.00"), Decimal("50.00"), Decimal("0.00")
    assert {
        n: (r, Decimal(m), Decimal(p), d) for n, (r, m, p, d) in standings.items()
    } == {
        4: (1, Decimal(8), hundred, ""),
        5: (1, Decimal(8), hundred, ""),
        2: (3, Decimal(4), fifty, ""),
        3: (3, Decimal(4), fifty, ""),
        6: (3, Decimal(4), fifty, ""),
        7: (3, Decimal(4), fifty, ""),
        1: (7, Decimal(0), nil, ""),
        8: (7, Decimal(0), nil, ""),
    }
    # Law 6: the file's deals are the session's hand records, analysed by
    # DDS as the worker does; the file's tricks and par agree.
    assert sorted(state.sessions[1].hand_records) == [1, 2]
    row = DoubleDummyRow.objects.get(tournament_id=tid, session=1, board_number=2)
    assert (row.par_score, row.tricks[4]) == (630, [10, 3, 10, 3])


def test_the_write_side_and_the_projection_score_it_alike() -> None:
    """One pipeline (decision 0075): the import's check scores the session in
    memory exactly as the projection then publishes it."""
    data = INDIVIDUAL_XML.read_bytes()
    import_file(data, "usebio", source="individual")
    now = event_store().now()
    plan = plan_import(
        read_usebio(data),
        tournament_id=tournament_id_for(data),
        fallback_name="x",
        starts_at=now,
    )
    figures = check_plan(plan, now)
    assert {
        s.entry_number: (s.rank, publish(s.matchpoints), publish(s.percent))
        for s in figures.standings
    } == {
        s.entry_number: (s.rank, s.matchpoints, s.percent)
        for s in StandingRow.objects.filter(
            tournament_id=tournament_id_for(data), session=1
        )
    }


def test_the_command_says_players(tmp_path: Path) -> None:
    output = run("import_results", str(INDIVIDUAL_XML))
    assert ": 8 players, " in output
    assert output.splitlines()[-1] == "no differences"


def test_every_tampered_figure_is_reported_with_its_reason(tmp_path: Path) -> None:
    text = INDIVIDUAL_XML.read_bytes().decode("iso-8859-1")
    for old, new in (
        # Board 1 at table 1: North-South's 0 printed as 1.
        (
            "<NS_MATCH_POINTS>0</NS_MATCH_POINTS>\r\n"
            "        <EW_MATCH_POINTS>2</EW_MATCH_POINTS>\r\n"
            "      </TRAVELLER_LINE>\r\n"
            "      <TRAVELLER_LINE>\r\n"
            "        <ROUND_NUMBER>1</ROUND_NUMBER>\r\n"
            "        <TABLE_NUMBER>2</TABLE_NUMBER>\r\n"
            "        <NORTH_PLAYER_NUMBER>5</NORTH_PLAYER_NUMBER>\r\n"
            "        <EAST_PLAYER_NUMBER>6</EAST_PLAYER_NUMBER>\r\n"
            "        <SOUTH_PLAYER_NUMBER>7</SOUTH_PLAYER_NUMBER>\r\n"
            "        <WEST_PLAYER_NUMBER>8</WEST_PLAYER_NUMBER>\r\n"
            "        <CONTRACT>4S</CONTRACT>",
            "<NS_MATCH_POINTS>1</NS_MATCH_POINTS>\r\n"
            "        <EW_MATCH_POINTS>2</EW_MATCH_POINTS>\r\n"
            "      </TRAVELLER_LINE>\r\n"
            "      <TRAVELLER_LINE>\r\n"
            "        <ROUND_NUMBER>1</ROUND_NUMBER>\r\n"
            "        <TABLE_NUMBER>2</TABLE_NUMBER>\r\n"
            "        <NORTH_PLAYER_NUMBER>5</NORTH_PLAYER_NUMBER>\r\n"
            "        <EAST_PLAYER_NUMBER>6</EAST_PLAYER_NUMBER>\r\n"
            "        <SOUTH_PLAYER_NUMBER>7</SOUTH_PLAYER_NUMBER>\r\n"
            "        <WEST_PLAYER_NUMBER>8</WEST_PLAYER_NUMBER>\r\n"
            "        <CONTRACT>4S</CONTRACT>",
        ),
        # Player 4's percentage, rounded as no rounding gives it.
        (
            "<PERCENTAGE>100.00</PERCENTAGE>\r\n      <PLACE>1=</PLACE>\r\n    </PLAYER>\r\n"
            "    <PLAYER>\r\n      <PLAYER_NUMBER>5</PLAYER_NUMBER>",
            "<PERCENTAGE>99.00</PERCENTAGE>\r\n      <PLACE>1=</PLACE>\r\n    </PLAYER>\r\n"
            "    <PLAYER>\r\n      <PLAYER_NUMBER>5</PLAYER_NUMBER>",
        ),
        ("<PAR_SCORE>630</PAR_SCORE>", "<PAR_SCORE>600</PAR_SCORE>"),
    ):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "tampered.xml"
    path.write_bytes(text.encode("iso-8859-1"))
    hand = "no convention explains it: edited by hand, or scored otherwise"
    dds = (
        "DDS on the file's own deal gives ours: the file's figure is of another "
        "deal or solver; information, never a ruling, decision 0052"
    )
    assert differences(run("import_results", str(path))) == [
        f"board 1 (1-3 v 2-4) at table 1: MP NS: file 1, ours 0.00 ({hand})",
        f"ranking 4 (entry 4): percentage: file 99.00, ours 100.00 ({hand})",
        f"board 2: par NS: file 600, ours 630 ({dds})",
    ]


def test_a_bad_line_names_it_and_records_nothing(tmp_path: Path) -> None:
    text = INDIVIDUAL_XML.read_bytes().decode("iso-8859-1")
    old = "<WEST_PLAYER_NUMBER>8</WEST_PLAYER_NUMBER>"
    path = tmp_path / "bad.xml"
    path.write_bytes(text.replace(old, "", 1).encode("iso-8859-1"))
    before = event_count()
    with pytest.raises(CommandError) as error:
        run("import_results", str(path))
    assert str(error.value).endswith(
        "malformed usebio file: element TRAVELLER_LINE, line 99: "
        "WEST_PLAYER_NUMBER is missing"
    )
    assert event_count() == before
    assert not TournamentRow.objects.exists()


def test_a_magic_contest_individual_pbn_imports_as_it_is() -> None:
    """PBN 2.1 in Magic Contest's notation (Generator, MP1, TotalScoreMP,
    Latin-1, CRLF): the program is detected, its deals recorded, its
    double-dummy tricks and par agree with DDS, no difference."""
    path = FIXTURES / "magic_contest_individual.pbn"
    output = run("import_results", str(path))
    assert ": 8 players, 19 events, movement explicit" in output
    assert "conventions: magic_contest," in output
    assert output.splitlines()[-1] == "no differences"
    state = handlers.load_tournament(tournament_id_for(path.read_bytes()))
    assert sorted(state.sessions[1].hand_records) == [1, 2]


def test_the_same_event_as_pbn_imports_alike(tmp_path: Path) -> None:
    """PBN 2.1 Competition "Individuals": the same event, the same figures."""
    results = read_usebio(INDIVIDUAL_XML.read_bytes())
    path = tmp_path / "individual.pbn"
    path.write_text(write_pbn(results), encoding="utf-8")
    output = run("import_results", str(path))
    assert ": 8 players, " in output
    assert output.splitlines()[-1] == "no differences"


@pytest.mark.parametrize("fmt", ["usebio", "pbn", "json"])
def test_export_import_the_export_nothing_lost(tmp_path: Path, fmt: str) -> None:
    """Every line with its four players, round and table, every matchpoint,
    total, percentage and place, the deals, double-dummy tricks and par (as
    far as the format carries them) survive export and re-import."""
    run("import_results", str(INDIVIDUAL_XML))
    first = tournament_id_for(INDIVIDUAL_XML.read_bytes())
    out = tmp_path / f"out.{fmt}"
    version = ("--usebio-version", "1.3")
    run("export_results", str(first), "--format", fmt, *version, "-o", str(out))
    read = {"usebio": read_usebio, "pbn": read_pbn, "json": read_json}[fmt]
    exported = read(out.read_bytes() if fmt == "usebio" else out.read_text("utf-8"))
    original = read_usebio(INDIVIDUAL_XML.read_bytes())
    assert [
        (
            r.board_number,
            r.players,
            r.round_number,
            r.table_number,
            r.score_ns,
            r.mp_ns,
            r.mp_ew,
        )
        for r in exported.canonical().results
    ] == [
        (
            r.board_number,
            r.players,
            r.round_number,
            r.table_number,
            r.score_ns,
            r.mp_ns,
            r.mp_ew,
        )
        for r in original.canonical().results
    ]
    assert {
        (e.participant_id, e.rank, e.tied, e.total, e.percentage)
        for e in exported.ranking
    } == {
        (e.participant_id, e.rank, e.tied, e.total, e.percentage)
        for e in original.ranking
    }
    assert [(b.deal, b.double_dummy, b.par_score) for b in exported.boards[:2]] == [
        (b.deal, b.double_dummy, b.par_score) for b in original.boards[:2]
    ]
    # Import the export: the same standings and no difference.
    output = run("import_results", str(out))
    assert output.splitlines()[-1] == "no differences"
    second = tournament_id_for(out.read_bytes())
    again = tmp_path / f"again.{fmt}"
    run("export_results", str(second), "--format", fmt, *version, "-o", str(again))
    back = read(again.read_bytes() if fmt == "usebio" else again.read_text("utf-8"))
    assert replace(back, header=exported.header).canonical() == exported.canonical()
    assert back.boards[1].deal == BOARD_2
