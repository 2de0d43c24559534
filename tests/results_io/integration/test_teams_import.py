"""A teams event in and out (issue 15, decision 0179): a teams session
exported as USEBIO 1.3 imports through the handlers and the one pipeline
with no difference, its teams' names kept; a file's hand-edited IMPs and VPs
are reported with their reasons; a teams file of several sessions imports as
the event's sessions; PBN team IMP files as Magic Contest and Ruter write
them."""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from registry.models import TeamIdentity
from scoring.formats import read_usebio, write_pbn, write_usebio
from tests.results_io.integration.test_teams_export import _teams_event
from tournaments.models import EntryRow
from tournaments.results_io import (
    ImportRefused,
    export_file,
    export_results,
    import_file,
)

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parents[2] / "fixtures" / "results"


def _name_teams(tid: str) -> None:
    for entry in EntryRow.objects.filter(tournament_id=tid):
        TeamIdentity.objects.create(
            team_id=entry.entry_id, name=f"Squadra {entry.number}"
        )


def test_an_exported_teams_session_imports_with_no_difference() -> None:
    tid, _ = _teams_event()
    _name_teams(tid)
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    assert [p.name for p in exported.participants] == ["Squadra 1", "Squadra 2"]
    text = write_usebio(exported, version="1.3")
    report = import_file(text.encode(), "usebio", source="serie-a.xml")
    assert [str(d) for d in report.differences] == []
    assert report.movement == "explicit"
    again, _ = export_results(report.tournament_id, 1, names=False)
    # Everything the format carries comes back: teams with their names,
    # rooms, IMPs, matches with IMPs and VPs, ranking, deals.
    assert again.participants == exported.participants
    assert again.results == exported.results
    assert again.matches == exported.matches
    assert again.ranking == exported.ranking
    # The import solves every deal (decision 0183): the boards the file gave
    # no double-dummy table now have DDS's; board 1's agrees with the file's.
    back, sent = read_usebio(write_usebio(again, version="1.3")), read_usebio(text)
    assert back.boards[0] == sent.boards[0]
    assert [b.double_dummy is None for b in sent.boards] == [False, True, True, True]
    assert [b.double_dummy is None for b in back.boards] == [False] * 4
    assert replace(back, boards=sent.boards) == sent
    assert [replace(b, double_dummy=None, par_score=None) for b in back.boards] == [
        replace(b, double_dummy=None, par_score=None) for b in sent.boards
    ]


def test_a_tampered_teams_file_is_reported_with_reasons() -> None:
    tid, _ = _teams_event()
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    [match] = exported.matches
    assert match.vp_a is not None
    # Board 2's IMPs edited on one room, the match IMPs and team 1's VPs
    # moved too, and team 2's total edited alone.
    lines = tuple(
        replace(r, imp_ns=r.imp_ns + 1)
        if (r.board_number, r.table_number) == (2, 1) and r.imp_ns is not None
        else r
        for r in exported.results
    )
    tampered = replace(
        exported,
        results=lines,
        matches=(replace(match, imps_a=13),),
        ranking=tuple(
            replace(e, total=e.total + 1)
            if e.participant_id == "2" and e.total is not None
            else e
            for e in exported.ranking
        ),
    )
    report = import_file(write_usebio(tampered, version="1.3").encode(), "usebio")
    found = [(d.where, d.what, d.file, d.ours, d.reason) for d in report.differences]
    assert found == [
        (
            "board 2 (1 v 2) at table 1",
            "IMPs NS",
            "13",
            "12",
            "edited by hand: the IMP scale gives 12 for the file's own scores "
            "620 and -100 (Law 78B)",
        ),
        ("match 1 v 2 (round 1)", "IMPs 1", "13", "12", "follows the board IMPs"),
        (
            "team 2 (entry 2)",
            "total VPs",
            str(exported.ranking[1].total + 1),  # type: ignore[operator]
            str(exported.ranking[1].total),
            "edited by hand: the total is not the sum of the file's own match "
            f"VPs ({match.vp_b})",
        ),
    ]


def test_a_teams_file_of_two_sessions_imports_as_two_sessions() -> None:
    tid, _ = _teams_event()
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    from scoring.formats import read_usebio_sessions, write_usebio_sessions

    total = {e.participant_id: 2 * e.total for e in exported.ranking if e.total}
    ranking = tuple(replace(e, total=total[e.participant_id]) for e in exported.ranking)
    text = write_usebio_sessions((exported, exported), ranking, version="1.3")
    sessions, read_ranking = read_usebio_sessions(text)
    assert len(sessions) == 2
    assert sessions[1].matches == exported.matches
    assert read_ranking == ranking
    report = import_file(text.encode(), "usebio")
    assert [str(d) for d in report.differences] == []
    out, notes = export_file(report.tournament_id, None, "usebio", names=False)
    assert notes == ()
    back, back_ranking = read_usebio_sessions(out)
    assert [s.results for s in back] == [s.results for s in sessions]
    assert [s.matches for s in back] == [s.matches for s in sessions]
    assert back_ranking == read_ranking
    # The JSON carries the sessions too, and imports again with no difference.
    document, _ = export_file(report.tournament_id, None, "json", names=False)
    assert document.count('"number": ') >= 2
    again = import_file(document.encode(), "json")
    assert [str(d) for d in again.differences] == []
    out_again, _ = export_file(again.tournament_id, None, "usebio", names=False)
    assert read_usebio_sessions(out_again)[0] == back


def test_a_teams_file_scored_otherwise_is_refused() -> None:
    text = (
        (FIXTURES / "ebuscore_teams.xml")
        .read_text()
        .replace("<SCORING_METHOD>IMPS", "<SCORING_METHOD>MATCH_POINTS")
    )
    with pytest.raises(ImportRefused, match="IMPs and VPs"):
        import_file(text.encode(), "usebio")


def test_an_ebuscore_style_teams_file_imports_as_it_is() -> None:
    data = (FIXTURES / "ebuscore_teams.xml").read_bytes()
    report = import_file(data, "usebio", source="ebuscore_teams.xml")
    assert [str(d) for d in report.differences] == []
    assert report.movement == "explicit"
    exported, _ = export_results(report.tournament_id, 1, names=False)
    assert [(p.participant_id, p.name) for p in exported.participants] == [
        ("1", "Squadra Azzurra"),
        ("2", "Squadra Rossa"),
    ]
    [match] = exported.matches
    assert (match.imps_a, match.imps_b, str(match.vp_a), str(match.vp_b)) == (
        10,
        0,
        "16.46",
        "3.54",
    )


def test_a_ruter_team_imp_file_imports_and_names_its_hand_edit() -> None:
    data = (FIXTURES / "ruter_teams.pbn").read_bytes().replace(b"\n", b"\r\n")
    report = import_file(data, "pbn", source="ruter_teams.pbn")
    assert [str(d) for d in report.differences] == [
        "team 2 (entry 2): total VPs: file 3.53, ours 3.54 (no convention "
        "explains it: edited by hand, or scored otherwise)"
    ]
    exported, _ = export_results(report.tournament_id, 1, names=False)
    assert [p.name for p in exported.participants] == [
        "Squadra Azzurra",
        "Squadra Rossa",
    ]


def test_a_teams_file_that_cannot_be_read_names_its_element_and_records_nothing() -> (
    None
):
    from scoring.formats import FormatError
    from tournaments.models import TournamentRow

    text = (FIXTURES / "ebuscore_teams.xml").read_text()
    broken = text.replace("<IMPS>10</IMPS>", "<IMPS>ten</IMPS>")
    before = TournamentRow.objects.count()
    with pytest.raises(FormatError, match="MATCH") as caught:
        import_file(broken.encode(), "usebio")
    assert caught.value.line == text.splitlines().index("    <MATCH>") + 1
    unknown = text.replace(
        "<EW_TEAM_NUMBER>2</EW_TEAM_NUMBER>", "<EW_TEAM_NUMBER>9</EW_TEAM_NUMBER>", 1
    )
    with pytest.raises(FormatError, match="team 9 is not among the PARTICIPANTS"):
        import_file(unknown.encode(), "usebio")
    assert TournamentRow.objects.count() == before


def test_a_teams_session_exported_as_pbn_imports_with_no_difference() -> None:
    tid, _ = _teams_event()
    _name_teams(tid)
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    text = write_pbn(exported)
    report = import_file(text.encode(), "pbn", source="serie-a.pbn")
    assert [str(d) for d in report.differences] == []
    again, _ = export_results(report.tournament_id, 1, names=False)
    assert again.participants == exported.participants  # the team names
    assert again.results == exported.results
    # The deals come back as the session's hand records (Law 6); their
    # double-dummy tricks are the worker's analysis, not the file's.
    assert [(b.board_number, b.deal) for b in again.boards] == [
        (b.board_number, b.deal) for b in exported.boards
    ]
    assert again.matches == exported.matches
    assert again.ranking == exported.ranking


def test_a_magic_contest_teams_file_without_rounds_gets_its_matches() -> None:
    data = (FIXTURES / "magic_contest_teams.pbn").read_bytes()
    report = import_file(data, "pbn", source="magic_contest_teams.pbn")
    assert [str(d) for d in report.differences] == []
    assert report.movement == "synthetic"
    assert report.notes == (
        "the file gives no usable rounds and tables: the matches playing the "
        "same boards are a round, each match at two tables",
    )
    exported, _ = export_results(report.tournament_id, 1, names=False)
    assert [
        (m.round_number, m.team_a, m.team_b, m.imps_a, m.imps_b, str(m.vp_a))
        for m in exported.matches
    ] == [(1, "1", "2", 3, 0, "12.42"), (1, "3", "4", 10, 0, "16.46")]
    # Each match at two tables, its first team NS at the first (Law 86).
    assert [
        (r.board_number, r.table_number, r.ns_id, r.contract) for r in exported.results
    ] == [
        (1, 1, "1", "4S"),
        (1, 2, "2", "4S"),
        (1, 3, "3", "3NT"),
        (1, 4, "4", "3NT"),
        (2, 1, "1", "A60/40"),
        (2, 2, "2", "2H"),
        (2, 3, "3", "PASS"),
        (2, 4, "4", "PASS"),
    ]
    assert [(e.participant_id, e.rank) for e in exported.ranking] == [
        ("3", 1),
        ("1", 2),
        ("2", 3),
        ("4", 4),
    ]


def test_a_hand_edit_on_the_closed_room_is_named() -> None:
    tid, _ = _teams_event()
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    lines = tuple(
        replace(r, imp_ns=r.imp_ns - 1, imp_ew=r.imp_ew + 1)
        if (r.board_number, r.table_number) == (2, 2)
        and r.imp_ns is not None
        and r.imp_ew is not None
        else r
        for r in exported.results
    )
    report = import_file(
        write_usebio(replace(exported, results=lines), version="1.3").encode(),
        "usebio",
    )
    reason = (
        "edited by hand: the IMP scale gives 12 for the file's own scores "
        "620 and -100 (Law 78B)"
    )
    assert [
        (d.where, d.what, d.file, d.ours, d.reason) for d in report.differences
    ] == [
        ("board 2 (2 v 1) at table 2", "IMPs NS", "-13", "-12", reason),
        ("board 2 (2 v 1) at table 2", "IMPs EW", "13", "12", reason),
    ]


def test_the_import_command_says_teams_and_prints_no_difference() -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("import_results", str(FIXTURES / "ebuscore_teams.xml"), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(": 2 teams, 8 events, movement explicit")
    assert lines[-1] == "no differences"


def test_a_pairs_file_of_two_sessions_is_refused_and_records_nothing() -> None:
    from scoring.formats import write_usebio_sessions
    from tests.support.results_io import MITCHELL_XML
    from tournaments.models import TournamentRow

    pairs = read_usebio(MITCHELL_XML.read_bytes())
    text = write_usebio_sessions((pairs, pairs), pairs.ranking)
    before = TournamentRow.objects.count()
    with pytest.raises(ImportRefused, match="only a teams file may"):
        import_file(text.encode(), "usebio")
    assert TournamentRow.objects.count() == before


def test_an_edited_match_vp_and_the_total_that_follows_it() -> None:
    tid, _ = _teams_event()
    exported, _ = export_results(uuid.UUID(tid), 1, names=False)
    [match] = exported.matches
    assert match.vp_a is not None
    edited = replace(match, vp_a=match.vp_a + 1)
    tampered = replace(
        exported,
        matches=(edited,),
        ranking=tuple(
            replace(e, total=edited.vp_a) if e.participant_id == "1" else e
            for e in exported.ranking
        ),
    )
    report = import_file(write_usebio(tampered, version="1.3").encode(), "usebio")
    assert [str(d) for d in report.differences] == [
        f"match 1 v 2 (round 1): VPs 1: file {edited.vp_a}, ours {match.vp_a} "
        "(no convention explains it: edited by hand, or scored otherwise)",
        f"team 1 (entry 1): total VPs: file {edited.vp_a}, ours {match.vp_a} "
        "(follows the match VPs)",
    ]
