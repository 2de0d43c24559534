"""Penalties carried by a results file (issue 15, decision 0181).

Pairs penalties in matchpoints, percentage points of the session or a
percentage of a top, teams penalties in IMPs (off one match, FIGB §2.1 rule
2) and VPs (off the total), read from USEBIO and JSON, imported as the
tournament's penalties through the tournament command path
(``PenaltyImposed``), compared with the reason "penalty in the file", and
written back so that the round trip keeps them.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from eventstore.models import Event
from scoring.formats import (
    Penalty,
    read_json,
    read_pbn,
    read_usebio,
    write_json,
    write_pbn,
)
from tests.support.results_io import MITCHELL_XML, NEUBERG_SETTINGS
from tournaments.models import PenaltyRow, StandingRow
from tournaments.results_io import (
    ImportRefused,
    export_results,
    import_file,
    tournament_id_for,
)
from tournaments.results_io.files import write_results

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parents[2] / "fixtures" / "results"
TEAMS = FIXTURES / "ebuscore_teams.xml"


def _pairs_file(penalty: str, total: str = "5.5", percentage: str = "45.83") -> bytes:
    """The Mitchell fixture with a penalty on pair 1NS (6.5 MP, 54.17 %
    before it; 3 boards, a top of 4)."""
    text = MITCHELL_XML.read_bytes().decode("latin-1")
    text = text.replace(
        "<TOTAL_SCORE>6.5</TOTAL_SCORE>\n     <PERCENTAGE>54.17</PERCENTAGE>",
        f"<TOTAL_SCORE>{total}</TOTAL_SCORE>\n     <PERCENTAGE>{percentage}</PERCENTAGE>",
    )
    text = text.replace(
        "   <PARTICIPANTS",
        f"   <PENALTY><PAIR_NUMBER>1NS</PAIR_NUMBER>{penalty}</PENALTY>\n   <PARTICIPANTS",
    )
    return text.encode("latin-1")


def _import(data: bytes, fmt: str = "usebio") -> list[str]:
    report = import_file(data, fmt, settings=NEUBERG_SETTINGS)
    return [str(d) for d in report.differences]


def test_a_matchpoint_penalty_is_read_recorded_and_in_the_total() -> None:
    data = _pairs_file("<UNITS>MATCH_POINTS</UNITS><AMOUNT>1</AMOUNT>")
    assert read_usebio(data).penalties == (
        Penalty(participant_id="1NS", unit="MP", amount=Decimal(1)),
    )
    assert _import(data) == []
    tid = tournament_id_for(data)
    [row] = PenaltyRow.objects.filter(tournament_id=tid)
    assert (row.session, row.entry_number, row.kind, row.unit, row.amount) == (
        1,
        1,
        "procedural",
        "matchpoints",
        1,
    )
    assert row.reason == "penalty in the imported results file"
    assert Event.objects.filter(event_type="tournament.penalty_imposed").count() == 1
    standing = StandingRow.objects.get(tournament_id=tid, session=1, entry_number=1)
    assert (standing.matchpoints, standing.penalty, standing.percent) == (
        Decimal("6.5"),
        Decimal(1),
        Decimal("45.83"),
    )


def test_a_percentage_of_a_top_and_session_points_are_the_same_penalty() -> None:
    """25 % of a top of 4 is 1 MP; 1 percentage point of a 3-board session of
    top 4 is 0.12 MP, recorded as 3 % of a top (N-L8)."""
    top = _pairs_file("<UNITS>PERCENTAGE_OF_TOP</UNITS><AMOUNT>25</AMOUNT>")
    assert _import(top) == []
    [row] = PenaltyRow.objects.filter(tournament_id=tournament_id_for(top))
    assert (row.unit, row.amount) == ("percent_of_top", 25)
    session = _pairs_file(
        "<UNITS>PERCENTAGE</UNITS><AMOUNT>1</AMOUNT>", "6.38", "53.17"
    )
    assert _import(session) == []
    [row] = PenaltyRow.objects.filter(tournament_id=tournament_id_for(session))
    assert (row.unit, row.amount) == ("percent_of_top", 3)


def test_a_total_that_leaves_out_the_penalty_is_explained() -> None:
    data = _pairs_file("<UNITS>MATCH_POINTS</UNITS><AMOUNT>1</AMOUNT>", "6.5", "54.17")
    assert _import(data) == [
        "ranking 1NS (entry 1): total: file 6.5, ours 5.50 "
        "(penalty in the file: the file's total leaves out its 1.00)",
        "ranking 1NS (entry 1): percentage: file 54.17, ours 45.83 (follows the total)",
    ]


def test_a_penalty_that_is_not_a_whole_amount_is_refused_and_records_nothing() -> None:
    data = _pairs_file("<UNITS>PERCENTAGE</UNITS><AMOUNT>0.5</AMOUNT>")
    before = Event.objects.count()
    with pytest.raises(ImportRefused) as refused:
        import_file(data, "usebio", settings=NEUBERG_SETTINGS)
    assert str(refused.value.message) == (
        "pair 1NS: a penalty of 0.5 PERCENT is not a whole percent of top "
        "amount, which the tournament records"
    )
    assert Event.objects.count() == before


def test_pairs_penalties_round_trip_in_usebio_and_json() -> None:
    data = _pairs_file("<UNITS>PERCENTAGE_OF_TOP</UNITS><AMOUNT>25</AMOUNT>")
    _import(data)
    exported, _ = export_results(tournament_id_for(data), 1)
    assert exported.penalties == (
        Penalty(participant_id="1NS", unit="TOP_PERCENT", amount=Decimal(25)),
    )
    for fmt in ("usebio", "json", "pbn"):
        text = write_results(exported, fmt)
        assert _import(text.encode(), fmt) == []
        again, _ = export_results(tournament_id_for(text.encode()), 1)
        assert again.penalties == exported.penalties
        assert again.ranking == exported.ranking
    assert read_json(write_json(exported)).penalties == exported.penalties


def _teams_file(penalties: str, total_1: str, total_2: str) -> bytes:
    text = TEAMS.read_text()
    text = text.replace(
        "<TOTAL_SCORE>16.46</TOTAL_SCORE>", f"<TOTAL_SCORE>{total_1}</TOTAL_SCORE>"
    )
    text = text.replace(
        "<TOTAL_SCORE>3.54</TOTAL_SCORE>", f"<TOTAL_SCORE>{total_2}</TOTAL_SCORE>"
    )
    text = text.replace("    <MATCH>", f"    {penalties}\n    <MATCH>", 1)
    return text.encode()


VP_PENALTY = (
    "<PENALTY><TEAM_NUMBER>1</TEAM_NUMBER><UNITS>VICTORY_POINTS</UNITS>"
    "<AMOUNT>2</AMOUNT></PENALTY>"
)
IMP_PENALTY = (
    "<PENALTY><TEAM_NUMBER>2</TEAM_NUMBER><ROUND_NUMBER>1</ROUND_NUMBER>"
    "<UNITS>IMPS</UNITS><AMOUNT>3</AMOUNT></PENALTY>"
)


def test_a_vp_penalty_comes_off_the_total_with_no_difference() -> None:
    data = _teams_file(VP_PENALTY, "14.46", "3.54")
    assert _import(data) == []
    [row] = PenaltyRow.objects.filter(tournament_id=tournament_id_for(data))
    assert (row.entry_number, row.unit, row.amount, row.round) == (1, "vp", 2, None)


def test_a_vp_total_that_leaves_out_its_penalty_is_explained() -> None:
    data = _teams_file(VP_PENALTY, "16.46", "3.54")
    assert _import(data) == [
        "team 1 (entry 1): total VPs: file 16.46, ours 14.46 "
        "(penalty in the file: the file's total leaves out its 2 VP penalty)",
    ]


def test_an_imp_penalty_moves_the_match_vps_of_its_team_only() -> None:
    """FIGB §2.1 rule 2: 3 IMPs off team 2 in round 1: team 2's VPs come
    from a margin of -13 (2.31), team 1's stay; the file printed the match as
    played, so its VPs for team 2 differ for that reason."""
    data = _teams_file(IMP_PENALTY, "16.46", "2.31")
    assert _import(data) == [
        "match 1 v 2 (round 1): VPs 2: file 3.54, ours 2.31 "
        "(penalty in the file: 3 IMPs off this match (FIGB §2.1 rule 2))",
    ]
    [row] = PenaltyRow.objects.filter(tournament_id=tournament_id_for(data))
    assert (row.entry_number, row.unit, row.amount, row.round) == (2, "imps", 3, 1)


def test_teams_penalties_round_trip() -> None:
    data = _teams_file(VP_PENALTY + IMP_PENALTY, "14.46", "2.31")
    _import(data)
    exported, _ = export_results(tournament_id_for(data), 1)
    assert exported.penalties == (
        Penalty(participant_id="1", unit="VP", amount=Decimal(2)),
        Penalty(participant_id="2", unit="IMP", amount=Decimal(3), round_number=1),
    )
    for fmt in ("usebio", "pbn"):
        text = write_results(exported, fmt)
        assert _import(text.encode(), fmt) == []
        again, _ = export_results(tournament_id_for(text.encode()), 1)
        assert again.penalties == exported.penalties
        assert again.ranking == exported.ranking
        if fmt == "usebio":  # PBN 2.1 has no table for matches (decision 0179)
            assert again.matches == exported.matches


def test_a_pbn_penalty_table_is_read_and_written() -> None:
    """PBN: a ``PenaltyTable`` after the ``TotalScoreTable`` (decision 0181)."""
    data = _pairs_file("<UNITS>MATCH_POINTS</UNITS><AMOUNT>1.5</AMOUNT>")
    results = read_usebio(data)
    text = write_pbn(results)
    assert '[PenaltyTable "PairId\\4R;Unit\\11L;Amount\\6R;Round\\2R"]' in text
    assert " 1NS MP             1.5  -" in text
    assert read_pbn(text).penalties == results.penalties


def test_each_session_of_a_teams_file_keeps_its_own_penalties() -> None:
    """USEBIO ``SESSION``s and JSON ``sessions[]`` each carry their own
    penalties (decision 0181)."""
    from dataclasses import replace

    from scoring.formats import (
        read_json_sessions,
        read_usebio_sessions,
        write_json_sessions,
        write_usebio_sessions,
    )

    one = read_usebio(_teams_file(VP_PENALTY, "14.46", "3.54"))
    two = replace(
        one,
        penalties=(
            Penalty(participant_id="2", unit="IMP", amount=Decimal(3), round_number=1),
        ),
    )
    sessions, _ = read_usebio_sessions(
        write_usebio_sessions((one, two), one.ranking, version="1.3")
    )
    assert [s.penalties for s in sessions] == [one.penalties, two.penalties]
    sessions, _ = read_json_sessions(write_json_sessions((one, two), one.ranking))
    assert [s.penalties for s in sessions] == [one.penalties, two.penalties]
