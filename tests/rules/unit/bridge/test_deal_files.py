"""The dealing machines' hand-record files: DUP, BRI and DLM (decision 0225).

The examples are the formats' own: the board of Jannersten's DUP description
(its BRI card numbers and its DGE hand diagram), and boards quoted from real
Duplimate DLM files (the BBO forums' "structure of DLM files", and a board
with one duplicate). Every deal read is checked (Law 6B: 52 distinct cards,
13 a hand) and refused with the record or line, the board and the hand.

Real files fetched from elsewhere may be read too: put them in the folder
``ARBITRO_DEAL_FILES`` names (``*.dup``, ``*.bri``, ``*.dlm``); without it
that test is skipped. Third-party files are never committed.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from rules.bridge import Deal, random_deal
from rules.bridge.deal_files import (
    DealFileError,
    DealFileFormat,
    DealsNotWritable,
    detect_format,
    read_bri,
    read_dlm,
    read_dup,
    write_bri,
    write_dlm,
    write_dup,
)

# Jannersten's example board: North, East and South by card number.
EXAMPLE_BRI = (
    b"180437272408224221062507175150321516492941264031464543351128302039140152133403"
)
# The same board as its DGE part shows it (N, E, S, W).
EXAMPLE_DEAL = Deal.from_pbn(
    "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
)
SPADE, HEART, DIAMOND, CLUB = "\x06", "\x03", "\x04", "\x05"
EXAMPLE_DGE = (
    f"{SPADE}J987{HEART}JT7643{DIAMOND}A4{CLUB}Q"
    f"{SPADE}{HEART}KQ2{DIAMOND}QT9{CLUB}AK98543"
    f"{SPADE}AQ42{HEART}A8{DIAMOND}KJ762{CLUB}J2"
    f"{SPADE}KT653{HEART}95{DIAMOND}853{CLUB}T76"
).encode("latin-1")


def deals(count: int, first: int = 1) -> dict[int, Deal]:
    return {n: random_deal(random.Random(n)) for n in range(first, first + count)}


def by_board(read: tuple) -> dict[int, Deal]:
    return {d.board_number: d.deal for d in read}


def test_the_dup_descriptions_bri_example_is_its_dge_hands() -> None:
    """Card 01 is the ace of spades, 52 the two of clubs; West the rest."""
    [board] = read_bri(EXAMPLE_BRI)
    assert board.board_number == 1
    assert board.deal == EXAMPLE_DEAL


def test_a_dup_record_of_the_example_reads_and_numbers_from_its_lowest_board() -> None:
    """BRI + DGE + "YN" + lowest board, copies, highest board (156 bytes)."""
    record = EXAMPLE_BRI + EXAMPLE_DGE + b"YN7  1 7  "
    assert len(record) == 156
    [board] = read_dup(record)
    assert (board.board_number, board.deal) == (7, EXAMPLE_DEAL)
    assert detect_format(record) is DealFileFormat.DUP
    assert detect_format(EXAMPLE_BRI) is DealFileFormat.BRI


def test_a_dup_whose_hand_diagram_disagrees_with_its_card_numbers_is_refused() -> None:
    """Two copies of a deal that differ are a damaged file: record, board, hand."""
    wrong = EXAMPLE_DGE.replace(b"J987", b"J986")
    with pytest.raises(DealFileError) as refused:
        read_dup(EXAMPLE_BRI + wrong + b"YN1  1 1  ")
    assert str(refused.value) == (
        "record 1, board 1, hand N: the hand diagram (DGE part) gives "
        "J986.JT7643.A4.Q, the card numbers (BRI part) J987.JT7643.A4.Q"
    )


def test_a_dup_record_with_its_hands_hidden_reads_from_its_card_numbers() -> None:
    """A blank DGE part (BigDeal's DUPBLIND) leaves the BRI part to read."""
    [board] = read_dup(EXAMPLE_BRI + b" " * 68 + b"YN1  1 1  ")
    assert board.deal == EXAMPLE_DEAL


def test_real_dlm_boards_read_with_their_checksums() -> None:
    """Each letter is two cards' seats (a = N,N ... p = W,W); the checksum is
    the board number XOR its duplicates XOR every letter."""
    text = (
        "[Document]\r\nStatus=Show\r\nFrom board=1\r\nTo board=2\r\n"
        "Duplicates 01=0\r\nBoard 01=cgcajjjnakpkchipnjhmbmbpbh022\r\n"
        "Duplicates 02=1\r\nBoard 02=fnbkmmincldklcfcofoiefnapm017\r\n"
        "Board 03=aaaaaabffffffkkkkkklpppppp013\r\n"
    )
    first, second = read_dlm(text)
    assert first.deal.to_pbn() == (
        "N:AT87.JT3.J.AKT95 Q53.AQ.A754.Q843 KJ9642.98542.Q6. .K76.KT9832.J762"
    )
    assert second.board_number == 2
    assert second.deal.to_pbn().startswith("N:T53.AJ7.AT.AQ762 ")
    assert detect_format(text.encode()) is DealFileFormat.DLM


def test_a_dlm_board_whose_checksum_disagrees_is_refused_naming_its_line() -> None:
    text = (
        "[Document]\nFrom board=1\nTo board=1\nBoard 01=cgcajjjnakpkchipnjhmbmbpbh023\n"
    )
    with pytest.raises(DealFileError) as refused:
        read_dlm(text)
    assert str(refused.value) == (
        "line 4, board 1: the checksum is 023, the board's letters give 022: "
        "the file is damaged or was edited"
    )
    assert refused.value.code == "malformed_file"


def test_a_dlm_missing_a_board_of_its_set_or_encrypted_is_refused() -> None:
    with pytest.raises(DealFileError) as missing:
        read_dlm(
            "[Document]\nFrom board=1\nTo board=2\n"
            "Board 01=cgcajjjnakpkchipnjhmbmbpbh022\n"
        )
    assert str(missing.value) == "board 2: the file has no 'Board 02' line"
    with pytest.raises(DealFileError) as sealed:
        read_dlm(
            "[Document]\nCrypto key=4711\nFrom board=1\nTo board=1\n"
            "Board 01=cgcajjjnakpkchipnjhmbmbpbh022\n"
        )
    assert str(sealed.value).startswith("line 2: the deals are encrypted")


@pytest.mark.parametrize(
    ("bri", "detail"),
    [
        # East's first card made North's first (18): a card in two hands.
        (
            EXAMPLE_BRI[:26] + b"18" + EXAMPLE_BRI[28:],
            "record 1, board 1, hand E: holds HT, which hand N holds too",
        ),
        # South's first card made its second (35): a card twice in a hand.
        (
            EXAMPLE_BRI[:52] + b"35" + EXAMPLE_BRI[54:],
            "record 1, board 1, hand S: holds D6 twice",
        ),
        (
            EXAMPLE_BRI[:52] + b"53" + EXAMPLE_BRI[54:],
            "record 1, board 1, hand S: '53' is not a card number (01 to 52)",
        ),
        (
            EXAMPLE_BRI + EXAMPLE_BRI[:70],
            "record 2, board 2: the file ends 70 characters into the record, not 78",
        ),
    ],
)
def test_a_bri_record_that_is_not_a_deal_names_its_record_board_and_hand(
    bri: bytes, detail: str
) -> None:
    """Law 6B: 52 distinct cards, 13 to each hand."""
    with pytest.raises(DealFileError) as refused:
        read_bri(bri)
    assert str(refused.value) == detail


def test_a_dlm_board_giving_a_hand_fourteen_cards_is_refused() -> None:
    """``b`` for ``c`` gives the king of spades to East, not South."""
    letters = "bgcajjjnakpkchipnjhmbmbpbh"
    checksum = 1
    for letter in letters:
        checksum ^= ord(letter)
    text = f"[Document]\nFrom board=1\nTo board=1\nBoard 01={letters}{checksum:03d}\n"
    with pytest.raises(DealFileError) as refused:
        read_dlm(text)
    assert str(refused.value) == "line 4, board 1, hand E: holds 14 cards, not 13"
    assert refused.value.as_dict()["seat"] == "E"
    assert refused.value.as_dict()["law"] == "Law 6B"


@pytest.mark.parametrize(
    ("write", "read"),
    [(write_dup, read_dup), (write_bri, read_bri)],
)
def test_machine_records_round_trip(write: object, read: object) -> None:
    """Written, then read: the same deals, boards 5 to 12."""
    dealt = deals(8, first=5)
    data = write(dealt)  # type: ignore[operator]
    assert by_board(read(data, first_board=5)) == dealt  # type: ignore[operator]


def test_dup_records_are_156_bytes_with_the_described_trailer() -> None:
    data = write_dup(deals(32))
    assert len(data) == 32 * 156
    assert data[146:156] == b"YN1  1 32 "
    assert write_dup({1: deals(1)[1]})[146:] == b"YN1  1 1  "


def test_bri_records_are_78_digits_and_bigdeals_padding() -> None:
    data = write_bri({1: EXAMPLE_DEAL})
    assert len(data) == 128
    assert sorted(data[:78][i : i + 2] for i in range(0, 26, 2)) == sorted(
        EXAMPLE_BRI[i : i + 2] for i in range(0, 26, 2)
    )
    assert data[78:] == b" " * 32 + b"\0" * 18
    assert by_board(read_bri(data)) == {1: EXAMPLE_DEAL}


def test_a_dlm_file_holds_99_boards_and_reads_back_its_set() -> None:
    dealt = deals(6, first=3)
    data = write_dlm(dealt, headline="Coppa Italia, session 1")
    text = data.decode("cp1252")
    assert text.startswith(
        "[Document]\r\nHeadline=Coppa Italia, session 1\r\nStatus=Show\r\n"
        "Duplicates=0\r\nFrom board=3\r\nTo board=8\r\n"
    )
    assert "Checksum=10\r\n" in text  # 0 ^ 3 ^ 8 ^ 1 (Show)
    assert text.count("\r\nBoard ") == 99
    assert by_board(read_dlm(text)) == dealt


def test_a_machine_file_cannot_skip_a_board_nor_number_past_its_digits() -> None:
    """DUP and BRI number boards by position, DLM by two digits."""
    gap = {1: EXAMPLE_DEAL, 3: EXAMPLE_DEAL}
    for write in (write_dup, write_bri):
        with pytest.raises(DealsNotWritable) as refused:
            write(gap)
        assert "board 2 has no deal" in str(refused.value)
        assert refused.value.code == "deals_not_writable"
    with pytest.raises(DealsNotWritable) as beyond:
        write_dlm({100: EXAMPLE_DEAL}, headline="x")
    assert str(beyond.value) == "a DLM file numbers boards up to 99, not board 100"


def test_the_format_is_the_extension_else_the_content() -> None:
    assert detect_format(EXAMPLE_BRI, "SET1.DUP") is DealFileFormat.DUP
    assert detect_format(b'[Board "1"]', "session.txt") is DealFileFormat.PBN
    assert detect_format(b'[Board "1"]') is DealFileFormat.PBN


REAL = os.environ.get("ARBITRO_DEAL_FILES")


@pytest.mark.skipif(not REAL, reason="ARBITRO_DEAL_FILES names no folder of real files")
def test_real_dealing_machine_files_read_and_write_back_the_same_deals() -> None:
    """Each real file reads (every deal checked) and, written again in each
    machine format, reads back the same deals."""
    files = [
        path
        for path in sorted(Path(str(REAL)).iterdir())
        if path.suffix.lower() in (".dup", ".bri", ".dlm")
    ]
    assert files, f"no .dup, .bri or .dlm file in {REAL}"
    for path in files:
        data = path.read_bytes()
        kind = detect_format(data, path.name)
        if kind is DealFileFormat.DLM:
            read = read_dlm(data.decode("cp1252"))
        elif kind is DealFileFormat.DUP:
            read = read_dup(data)
        else:
            read = read_bri(data)
        dealt = by_board(read)
        first = min(dealt)
        assert by_board(read_dup(write_dup(dealt))) == dealt, path.name
        assert by_board(read_bri(write_bri(dealt), first_board=first)) == dealt
        if max(dealt) <= 99:
            text = write_dlm(dealt, headline=path.name).decode("cp1252")
            assert by_board(read_dlm(text)) == dealt, path.name
