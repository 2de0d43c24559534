"""What the writers put in the file, line by line (decisions 0026, 0028)."""

from __future__ import annotations

from dataclasses import replace

from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio


def test_pbn_writes_padded_score_table(club_pbn: str) -> None:
    """Columns carry width and alignment; an assigned score uses a caret, an
    artificial 60/40 Magic Contest's and Ruter's A+/A- (decision 0224)."""
    text = write_pbn(read_pbn(club_pbn))
    assert (
        '[ScoreTable "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;'
        "Declarer\\1R;Result\\2R;Lead\\2L;Score_NS\\5R;Score_EW\\5R;MP_NS\\5R;"
        'MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R"]'
    ) in text
    lines = text.splitlines()
    assert " 3  1  5  6 3NT  S  9 C5  ^400     -   0.0   4.0      0    100" in lines
    assert " 3  2  5  2 -    -  - -     A+    A-   2.4   1.6     60     40" in lines
    assert " 1  1  1  2 Pass -  - -      0     -   4.0   0.0    100      0" in lines


def test_pbn_writes_standings_in_rank_order(club_pbn: str) -> None:
    """TotalScoreTable lists first place first, a pair's names "A - B" and
    their federation numbers in MemberID1/MemberID2, the total as PBN 2.1
    and Magic Contest name it (decision 0224)."""
    text = write_pbn(read_pbn(club_pbn))
    table = text[text.index("[TotalScoreTable") :].splitlines()
    assert table[0] == (
        '[TotalScoreTable "Rank\\3R;PairId\\2R;TotalScoreMP\\7R;TotalPercentage\\6R;'
        'Names;MemberID1;MemberID2"]'
    )
    assert table[1] == (
        '  1  3    10.5  65.63 "Giulia Ferrari - Marco Esposito" 104233 98812'
    )


def test_pbn_writes_direction_column_for_two_winners(mitchell_usebio: bytes) -> None:
    """A two-winner movement gets a Direction column (decision 0026)."""
    text = write_pbn(read_usebio(mitchell_usebio))
    assert "Rank\\3R;PairId\\3R;Direction\\2L;TotalScoreMP" in text
    assert '  1 3NS NS     7.5  62.50 "MASSIMO RINALDI - VALENTINA CARUSO"' in text


def test_pbn_escapes_quotes_in_names(club_pbn: str) -> None:
    """A quote in a tag value is written \\" (PBN §2.4) and read back."""
    results = read_pbn(club_pbn)
    renamed = replace(results, header=replace(results.header, name='Coppa "Italia"'))
    text = write_pbn(renamed)
    assert '[Event "Coppa \\"Italia\\""]' in text
    assert read_pbn(text).header.name == 'Coppa "Italia"'


def test_usebio_writes_ebu_spellings(mitchell_usebio: bytes) -> None:
    """A6040, lead rank-then-suit, DOCTYPE and date per version."""
    results = read_usebio(mitchell_usebio)
    text = write_usebio(results)
    assert text.startswith(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n'
        '<USEBIO Version="1.2">'
    )
    assert "<SCORE>A6040</SCORE>" in text
    assert "<LEAD>5H</LEAD>" in text
    assert "<DATE>19/03/2024</DATE>" in text
    assert "<DATE>2024-03-19</DATE>" in write_usebio(results, version="1.3")


def test_usebio_writes_shared_places_with_equals(mitchell_usebio: bytes) -> None:
    """A tie is written PLACE 2= (EBU practice)."""
    results = read_usebio(mitchell_usebio)
    ranking = tuple(
        replace(e, rank=2, tied=True) if e.participant_id in ("1EW", "3EW") else e
        for e in results.ranking
    )
    text = write_usebio(replace(results, ranking=ranking))
    assert text.count("<PLACE>2=</PLACE>") == 2
