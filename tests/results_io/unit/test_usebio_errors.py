"""A malformed or hostile USEBIO file is refused, naming the element and line."""

from __future__ import annotations

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.usebio import read_usebio

START = """<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="PAIRS">
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
"""
END = """  </BOARD>
</EVENT>
</USEBIO>
"""


def line_xml(body: str) -> str:
    return START + "    <TRAVELLER_LINE>\n" + body + "    </TRAVELLER_LINE>\n" + END


def error_for(data: str | bytes) -> FormatError:
    with pytest.raises(FormatError) as caught:
        read_usebio(data)
    return caught.value


GOOD = (
    "      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n"
    "      <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>\n"
)


def test_well_formed_line_is_read() -> None:
    """The scaffolding used by the error tests is itself valid."""
    assert (
        read_usebio(line_xml(GOOD + "      <SCORE>420</SCORE>\n")).results[0].score_ns
        == 420
    )


def test_bad_score_names_element_and_line() -> None:
    """SCORE must be a whole number or an artificial score."""
    error = error_for(line_xml(GOOD + "      <SCORE>abc</SCORE>\n"))
    assert error.element == "TRAVELLER_LINE"
    assert error.line == 13
    assert str(error) == (
        "element TRAVELLER_LINE, line 13: SCORE: 'abc' is not a whole number"
    )


def test_bad_contract() -> None:
    """Level 8 does not exist (Law 38)."""
    body = GOOD.replace("<CONTRACT>4S</CONTRACT>", "<CONTRACT>8S</CONTRACT>")
    error = error_for(line_xml(body))
    assert (
        str(error)
        == "element TRAVELLER_LINE, line 12: CONTRACT: '8S' is not a contract"
    )


def test_missing_pair_number() -> None:
    """A traveller line names both pairs."""
    body = GOOD.replace("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", "")
    error = error_for(line_xml(body))
    assert str(error) == (
        "element TRAVELLER_LINE, line 10: NS_PAIR_NUMBER or EW_PAIR_NUMBER is missing"
    )


def test_unknown_pair() -> None:
    """Every pair on a traveller must be a participant."""
    body = GOOD.replace(
        "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>9</EW_PAIR_NUMBER>"
    )
    error = error_for(line_xml(body))
    assert str(error) == (
        "element TRAVELLER_LINE, line 10: pair 9 is not among the PARTICIPANTS"
    )


def test_not_well_formed_names_the_line() -> None:
    """Broken XML is reported with expat's line."""
    error = error_for(START + "    <TRAVELLER_LINE>\n  </BOARD>\n" + END)
    assert error.line == 11
    assert "not well-formed XML: mismatched tag" in str(error)


def test_wrong_root_and_version() -> None:
    """The document is USEBIO 1.x."""
    assert "root element is not USEBIO" in str(error_for("<EBU/>"))
    error = error_for('<USEBIO Version="2.0"><EVENT/></USEBIO>')
    assert str(error) == "element USEBIO, line 1: Version '2.0' is not USEBIO 1.x"


def test_entity_declarations_are_refused() -> None:
    """The 'billion laughs' expansion never runs (decision 0027)."""
    bomb = (
        '<?xml version="1.0"?>\n'
        "<!DOCTYPE USEBIO [\n"
        '  <!ENTITY a "aaaaaaaaaa">\n'
        '  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n'
        "]>\n"
        '<USEBIO Version="1.2">&b;</USEBIO>\n'
    )
    error = error_for(bomb)
    assert str(error) == "line 3: entity declarations are not allowed"


def test_external_entities_are_refused() -> None:
    """No file or URL is ever read on behalf of the document."""
    xxe = (
        '<?xml version="1.0"?>\n'
        '<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        '<USEBIO Version="1.2">&x;</USEBIO>\n'
    )
    assert "entity declarations are not allowed" in str(error_for(xxe))


def test_external_dtd_line_is_accepted_not_fetched() -> None:
    """<!DOCTYPE USEBIO SYSTEM "...dtd"> is normal in USEBIO files."""
    text = line_xml(GOOD + "      <SCORE>420</SCORE>\n").replace(
        '<?xml version="1.0"?>\n',
        '<?xml version="1.0"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n',
    )
    assert len(read_usebio(text).results) == 1


def test_an_individual_line_names_four_players() -> None:
    """An individual event's line seats four players, not two pairs (Law 4,
    decision 0182): a pairs-style line is refused naming the missing seat."""
    error = error_for(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL"><PARTICIPANTS>'
        "<PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER></PLAYER></PARTICIPANTS>"
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    assert str(error) == (
        "element TRAVELLER_LINE, line 1: NORTH_PLAYER_NUMBER is missing"
    )


def test_pair_playing_a_board_twice() -> None:
    """The second line names the first."""
    one = "    <TRAVELLER_LINE>\n" + GOOD + "    </TRAVELLER_LINE>\n"
    error = error_for(START + one + one + END)
    assert str(error) == (
        "element TRAVELLER_LINE, line 14: pair 1 plays board 1 again (first on line 10)"
    )


def test_a_document_nested_50000_deep_is_refused_naming_its_line() -> None:
    """Issue 16, item 9: it raised a recursion traceback; now a clear error at
    the 65th level, line 66 here (USEBIO itself nests about eight deep)."""
    deep = (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'
        + "<EVENT>\n" * 50_000
        + "</EVENT>\n" * 50_000
        + "</USEBIO>\n"
    )
    assert str(error_for(deep)) == "line 66: elements nested deeper than 64"


def test_a_winner_type_other_than_1_or_2_is_refused() -> None:
    error = error_for(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        "<WINNER_TYPE>3</WINNER_TYPE></EVENT></USEBIO>"
    )
    assert str(error) == (
        "element EVENT, line 1: WINNER_TYPE: '3' is not 1 (one field) or 2 (two "
        "directions)"
    )
