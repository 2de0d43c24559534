"""Reading a registrations file: CSV or XLSX, refused whole when unreadable."""

from __future__ import annotations

import io

from burraco.entries_import import MAX_ROWS, Rejected, nul_line, read_table


def test_a_csv_and_an_xlsx_read_alike() -> None:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.append(["Pair", "member_1", "member_2", "club"])
    sheet.append([1, 1001, "1002", None])
    out = io.BytesIO()
    book.save(out)
    expected = [{"pair": "1", "member_1": "1001", "member_2": "1002", "club": ""}]
    assert read_table(out.getvalue()) == expected
    assert (
        read_table(b"\xef\xbb\xbfpair,member_1,member_2,club\n1,1001,1002,\n")
        == expected
    )


def test_unreadable_files_are_refused_naming_the_cause() -> None:
    assert read_table(b"\xff\xfe") == Rejected(0, "file", "neither XLSX nor UTF-8 CSV")
    assert read_table(b"PK\x03\x04junk") == Rejected(
        0, "file", "not a readable XLSX workbook"
    )
    assert read_table(b"pair,member_1\n1,2\n") == Rejected(
        1, "member_2", "the header has no 'member_2' column"
    )
    many = "pair,member_1,member_2\n" + "1,2,3\n" * (MAX_ROWS + 1)
    assert read_table(many.encode()) == Rejected(
        0, "file", "at most 1000 pairs in one file"
    )


def test_a_nul_in_a_csv_names_its_line() -> None:
    content = b"pair,member_1,member_2\n1,A1,A2\n2,B\x001,B2\n"
    assert nul_line(content) == 3
    assert read_table(content) == Rejected(
        3, "file", "a NUL character is no part of any text"
    )
    assert nul_line(b"pair,member_1,member_2\n1,A1,A2\n") is None
    assert nul_line(b"\xff\xfe\x00") is None  # not UTF-8: refused as such
