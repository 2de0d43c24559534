"""The console's hand-records page in headless chromium against the server
process (decision 0225): the director uploads a dealing machine's DUP file on
a phone in Italian, sees the deals recorded and the four downloads, and
downloads the DLM file for the other machine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.bridge import Deal
from rules.bridge.deal_files import read_dlm, write_dup
from tests.console.e2e.test_console_browser import DESKTOP, PHONE, sign_in
from tests.support.server import Server
from tests.support.site import site_event

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

DEALS = {
    1: "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    2: "N:.J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63 QJT5432.T.6.QJ82",
}


def test_a_director_uploads_a_dup_file_and_downloads_the_dlm(
    server: Server, browser: Any, shot: Any, tmp_path: Any
) -> None:
    event = site_event(publish=False)
    path = f"/console/events/{event.tid}/sessions/1/hand-records/"
    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, event.director_user, path)
    assert page.get_by_role("heading", level=1).inner_text().startswith("Smazzate")
    assert "Nessuna smazzata è ancora registrata." in page.inner_text("main")
    shot(page, "hand-records-empty-phone-it")
    file = tmp_path / "SET.DUP"
    file.write_bytes(write_dup({n: Deal.from_pbn(d) for n, d in DEALS.items()}))
    page.get_by_label("File delle smazzate").set_input_files(str(file))
    page.get_by_role("button", name="Registra le smazzate").click()
    page.wait_for_selector("p.ok")
    assert page.inner_text("p.ok") == "2 smazzate registrate dal file DUP."
    assert "Board senza smazzata: 3, 4, 5, 6" in page.inner_text("main")
    shot(page, "hand-records-recorded-phone-it")
    with page.expect_download() as waiting:
        page.get_by_role("link", name="DLM").click()
    download = waiting.value
    assert download.suggested_filename == "hand-records-session-1.dlm"
    read = read_dlm(Path(download.path()).read_text(encoding="cp1252"))
    assert {d.board_number: d.deal.to_pbn() for d in read} == DEALS
    page.set_viewport_size(DESKTOP)
    shot(page, "hand-records-recorded-desktop-it")
