"""The director's remedies in the burraco scoring room through Django's
client on PostgreSQL (decision 0217): Art. 38's abandonment after a quarrel
and misconduct of both pairs, Art. 20's annulment of a sheet altered in a
protected turn, the reports to the Sports Justice bodies listed and
printable; each the API's command through ``handle_burraco``, each refusal
beside its own form in Italian with its article, the page in English too."""

from __future__ import annotations

import re
from typing import Any

import pytest

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from tests.console.integration.test_burraco_console import text
from tests.console.integration.test_burraco_incidents import (
    Room,
    alert,
    english,
    notice,
)
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def remedy(room: Room, turn: int, kind: str, **fields: str) -> Any:
    room.n += 1
    return room.client.post(
        f"/console/burraco/{room.tid}/turns/{turn}/remedies/",
        {"kind": kind, "idempotency_key": f"r{room.n}", **fields},
    )


def report_rows(response: Any) -> list[list[str]]:
    [table] = re.findall(r'<table class="results reports">.*?</table>', text(response))
    rows = re.findall(r"<tr data-report=.*?</tr>", table)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row)[:6] for row in rows]


def test_a_quarrel_an_annulment_and_the_reports_from_the_turn_page() -> None:
    tid, meta = open_tournament(4, hands_per_turn=4, turns=1)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    # The one turn is the last: protected (Art. 20). Tables 1-3 and 2-4.
    page = room.client.get(f"/console/burraco/{tid}/turns/1/")
    body = text(page)
    assert "Provvedimenti dell'arbitro (Artt. 20, 38)" in body
    assert "Abbandono per litigio (Art. 38)" in body
    assert "Alla coppia incolpevole 13 VP e 505 MP" in body
    assert "a ciascuna coppia 7 VP e -505 MP" in body
    assert "Nessuna segnalazione registrata." in body

    # Art. 38: the referral is the article's; without its text, refused.
    refused = remedy(room, 1, "quarrel", seat="2-4", report=" ")
    assert refused.status_code == 400
    assert alert(refused, "quarrel") == (
        "Scrivi la segnalazione: l'accaduto, per gli organi di Giustizia Sportiva"
    )
    done = remedy(room, 1, "quarrel", seat="2-4", report="Litigio al tavolo 2.")
    assert done.status_code == 201, text(done)[:2000]
    assert notice(done, "quarrel") == (
        "Abbandono per litigio registrato: la coppia colpevole perde a 0 ed è "
        "fuori dal torneo; segnalata."
    )
    result = load_burraco(tid).results[(1, 2)]
    assert (result.fixed_vp, result.fixed_mp, result.mobile_vp, result.mobile_mp) == (
        13,
        505,
        0,
        -505,
    )
    again = remedy(room, 1, "misconduct", table="2")
    assert again.status_code == 409
    assert alert(again, "misconduct") == (
        "Il turno di questo tavolo ha il suo risultato: la partita è stata "
        "giocata (Codice di Gara Art. 38)"
    )

    # Art. 20: table 1's sheet, then altered without the director.
    handle_burraco(
        tid,
        b.EnterScoreSheet(
            turn=1,
            table=1,
            hands=(
                b.SheetHand(
                    fixed_base=0, fixed_points=0, mobile_base=300, mobile_points=300
                ),
            ),
        ),
        metadata=meta,
    )
    refused = remedy(room, 1, "annulment", table="1", advantage="", report="x")
    assert refused.status_code == 400
    assert alert(refused, "annulment") == (
        "Scegli il vantaggio che la correzione porterebbe"
    )
    done = remedy(
        room, 1, "annulment", table="1", advantage="prize", report="Score alterato."
    )
    assert done.status_code == 201, text(done)[:2000]
    assert notice(done, "annulment") == (
        "Risultato annullato: 7 a 7; la segnalazione è registrata."
    )
    body = text(done)
    [remedied] = re.findall(r'<ul class="recorded-list" id="remedied">.*?</ul>', body)
    assert re.findall(r"<li[^>]*>(.*?)</li>", remedied) == [
        "Tavolo 1, 1 – 3: score corretto senza l'arbitro, risultato annullato · "
        "VP 7 – 7 · MP -505 / -505 (Codice di Gara Art. 20)",
        "Tavolo 2, 2 – 4: abbandono per litigio · VP 13 – 0 · MP 505 / -505 "
        "(Codice di Gara Art. 38)",
    ]
    assert report_rows(done) == [
        ["1", "Codice di Gara Art. 38", "1", "2", "4", "Litigio al tavolo 2."],
        ["2", "Codice di Gara Art. 20", "1", "1", "1, 3", "Score alterato."],
    ]

    # A report of the director's own (I poteri dell'arbitro b).
    done = remedy(room, 1, "report", entry="3", text="Turpiloquio in sala.")
    assert done.status_code == 201
    assert notice(done, "report") == (
        "Segnalazione agli organi di Giustizia Sportiva registrata."
    )
    printed = room.client.get(f"/console/burraco/{tid}/reports/print/")
    assert printed.status_code == 200
    assert "<h1>Segnalazioni agli organi di Giustizia Sportiva" in text(printed)
    assert report_rows(printed)[2] == [
        "3",
        "Codice di Gara, I poteri dell'arbitro (b)",
        "1",
        "",
        "3",
        "Turpiloquio in sala.",
    ]
    console = text(room.client.get(f"/console/burraco/{tid}/"))
    assert 'id="reports-link">Segnalazioni agli organi di Giustizia Sportiva' in console

    # The same page in English.
    shown = text(english(room).get(f"/console/burraco/{tid}/turns/1/"))
    assert "The director's remedies (Arts. 20, 38)" in shown
    assert "Sheet altered without the director (Art. 20)" in shown
    assert "table: each pair takes 7 VP and -505 MP." in shown


def test_the_annulment_form_says_an_unprotected_turn_is_corrected_otherwise() -> None:
    """Art. 20: turn 1 of 2 with no split is not protected."""
    tid, _meta = open_tournament(4, hands_per_turn=4, turns=2, mitchell_turns=2)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    body = text(room.client.get(f"/console/burraco/{tid}/turns/1/"))
    [section] = re.findall(r'<details id="inc-annulment".*?</details>', body)
    assert "Questo turno non è protetto" in section
    assert "<form" not in section
    refused = remedy(room, 1, "annulment", table="1", advantage="prize", report="x")
    assert refused.status_code == 422
    assert alert(refused, "annulment") == (
        "L'annullamento vale per un turno protetto (l'ultimo a girone unico, "
        "quelli a gironi di merito) e l'ammissione a un girone superiore solo "
        "alla divisione (Codice di Gara Art. 20)"
    )
