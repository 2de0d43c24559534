"""Reading USEBIO 1.2 / 1.3 XML results (usebio.org)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.model import CompetitionForm, ScoringMethod
from scoring.formats.usebio import read_usebio


def test_header_from_event(mitchell_usebio: bytes) -> None:
    """EVENT_DESCRIPTION, DATE (dd/mm/yyyy), VENUE and SCORING_METHOD."""
    header = read_usebio(mitchell_usebio).header
    assert header.name == "Simultaneo di primavera, sezione A"
    assert header.date == date(2024, 3, 19)
    assert header.venue == "Circolo del Bridge Torino"
    assert header.scoring is ScoringMethod.MATCHPOINTS
    assert header.form is CompetitionForm.PAIRS


def test_latin_1_file_is_decoded(mitchell_usebio: bytes) -> None:
    """The XML declaration's encoding is honoured (ISO-8859-1 here)."""
    pair = read_usebio(mitchell_usebio).participant("3EW")
    assert pair.players[0].name == "NICOLÒ MARCHETTI"
    assert pair.players[1].name == "MARTA D'ANGELO"


def test_participants_with_direction_and_national_numbers(
    mitchell_usebio: bytes,
) -> None:
    """PAIR_NUMBER, DIRECTION and PLAYER/NATIONAL_ID_NUMBER (empty is none)."""
    results = read_usebio(mitchell_usebio)
    pair = results.participant("1EW")
    assert (pair.number, pair.direction) == (1, "EW")
    assert [p.federation_id for p in pair.players] == ["120998", None]


def test_two_winner_ranking_is_per_direction(mitchell_usebio: bytes) -> None:
    """PLACE 1 in NS and PLACE 1 in EW are two winners, not a tie."""
    ranking = {e.participant_id: e for e in read_usebio(mitchell_usebio).ranking}
    assert (ranking["3NS"].rank, ranking["3NS"].tied) == (1, False)
    assert (ranking["2EW"].rank, ranking["2EW"].tied) == (1, False)
    assert ranking["2EW"].total == Decimal("7.6")
    assert ranking["2EW"].percentage == Decimal("63.33")


def test_traveller_lines(mitchell_usebio: bytes) -> None:
    """Contract, PLAYED_BY, LEAD (rank then suit), TRICKS, SCORE, matchpoints."""
    line = read_usebio(mitchell_usebio).results_for(1)[0]
    assert (line.ns_id, line.ew_id) == ("1NS", "1EW")
    assert (line.contract, line.declarer, line.lead, line.tricks) == (
        "3NT",
        "S",
        "H5",
        10,
    )
    assert line.score_ns == 430
    assert (line.mp_ns, line.mp_ew) == (Decimal(4), Decimal(0))


def test_passed_out_line(mitchell_usebio: bytes) -> None:
    """CONTRACT PASS, SCORE 0 (Law 22A)."""
    line = read_usebio(mitchell_usebio).results_for(2)[0]
    assert (line.contract, line.declarer, line.score_ns) == ("PASS", None, 0)


def test_artificial_score_a6040(mitchell_usebio: bytes) -> None:
    """SCORE A6040 with no contract is 60% / 40% (Law 12C2)."""
    line = read_usebio(mitchell_usebio).results_for(3)[1]
    assert (line.contract, line.score_ns) == ("A60/40", None)
    assert (line.mp_ns, line.mp_ew) == (Decimal("2.4"), Decimal("1.6"))


def test_matchpoints_sum_to_top_on_each_line(mitchell_usebio: bytes) -> None:
    """3 results a board: top 2 x (3 - 1) = 4 shared by the two sides (Law 78A)."""
    for line in read_usebio(mitchell_usebio).results:
        assert line.mp_ns is not None
        assert line.mp_ew is not None
        assert line.mp_ns + line.mp_ew == 4


def test_handset_gives_the_deals(mitchell_usebio: bytes) -> None:
    """HANDSET/BOARD/HAND with CLUBS..SPADES per DIRECTION."""
    board = read_usebio(mitchell_usebio).boards[0]
    assert board.deal == (
        "N:QJ4.J96.5.JT8732 K3.AT8742.983.K5 A5.K53.QT62.Q964 T98762.Q.AKJ74.A"
    )


BUTLER = """<?xml version="1.0"?>
<USEBIO Version="1.3">
<EVENT EVENT_TYPE="BUTLER_PAIRS">
  <EVENT_DESCRIPTION>Butler del mercoledi</EVENT_DESCRIPTION>
  <DATE>2024-03-20</DATE>
  <SCORING_METHOD>IMPS</SCORING_METHOD>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1=</PLACE><TOTAL_SCORE>5</TOTAL_SCORE></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>1=</PLACE><TOTAL_SCORE>5</TOTAL_SCORE></PAIR>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4Sx</CONTRACT><PLAYED_BY>E</PLAYED_BY><LEAD>TD</LEAD>
      <TRICKS>10</TRICKS><SCORE>-590</SCORE>
      <NS_BUTLER_POINTS>-11</NS_BUTLER_POINTS><EW_BUTLER_POINTS>11</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>
"""


def test_butler_event_with_imps_and_shared_place() -> None:
    """BUTLER_PAIRS gives Butler scoring; PLACE 1= is a tie; ISO date (1.3)."""
    results = read_usebio(BUTLER)
    assert results.header.scoring is ScoringMethod.BUTLER
    assert results.header.date == date(2024, 3, 20)
    line = results.results[0]
    assert (line.contract, line.lead, line.imp_ns, line.imp_ew) == (
        "4SX",
        "DT",
        Decimal(-11),
        Decimal(11),
    )
    assert [e.tied for e in results.ranking] == [True, True]


def _sectioned(sections: int) -> str:
    """A file that nests its contestants and boards in SESSION/SECTION, as
    EBUScore and BridgeWebs write them."""
    section = (
        "<SECTION SECTION_ID='{id}'><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
        "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE></BOARD>"
        "</SECTION>\n"
    )
    return (
        '<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS"><SESSION>\n'
        + "".join(section.format(id=chr(65 + n)) for n in range(sections))
        + "</SESSION></EVENT></USEBIO>"
    )


def test_one_section_nested_in_its_session_is_read() -> None:
    results = read_usebio(_sectioned(1))
    assert [p.participant_id for p in results.participants] == ["1", "2"]
    assert [(r.board_number, r.ns_id, r.ew_id) for r in results.results] == [
        (1, "1", "2")
    ]


def test_several_sections_are_refused_naming_the_second() -> None:
    with pytest.raises(FormatError) as error:
        read_usebio(_sectioned(2))
    assert str(error.value) == (
        "element SECTION, line 4: the session has 2 sections (A, B): choose one "
        "with the section setting"
    )


def test_the_chosen_section_is_read() -> None:
    text = _sectioned(2).replace(
        "<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>7</PAIR_NUMBER>", 1
    )
    text = text.replace(
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>7</NS_PAIR_NUMBER>", 1
    )
    first = read_usebio(text, section="a")
    second = read_usebio(text, section="B")
    assert [p.participant_id for p in first.participants] == ["7", "2"]
    assert [p.participant_id for p in second.participants] == ["1", "2"]
    with pytest.raises(FormatError) as error:
        read_usebio(text, section="C")
    assert str(error.value) == (
        "element SESSION, line 2: no SECTION_ID 'C': the sections are A, B"
    )
