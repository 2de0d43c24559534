"""The night's incidents in the burraco scoring room through Django's client
on PostgreSQL (decision 0188): the turn's signal and its clock (Art. 6), a
lateness on each rung of Art. 39's ladder, a lost sheet and the sheet found
again (Art. 19), an absence, warnings with their VP, a substitution before
halfway, an abandonment (Art. 38) and the interruption (Art. 40); each the
API's command through ``handle_burraco``, each refusal beside its own form
in Italian with its article; a giallo's lines of two players."""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Any
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from burraco import domain as b
from burraco.handlers import load_burraco
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry.handlers import Identity, register_player
from registry.models import PlayerCategory
from registry.projections import RegistryProjection
from tests.console.integration.test_burraco_console import text, user_with
from tests.support.burraco import open_tournament
from tournaments.handlers import load_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def alert(response: Any, kind: str) -> str:
    """The refusal shown beside the form ``kind`` (its section's alert)."""
    body = text(response)
    kind = "lost" if kind == "found" else kind  # one section for both
    section = re.search(rf'<details id="inc-{kind}".*?</details>', body)
    if kind == "start":
        section = re.search(r'<section id="clock".*?</section>', body)
    [shown] = re.findall(r'<p class="error" role="alert">(.*?)</p>', section.group(0))
    return str(shown)


def notice(response: Any, kind: str) -> str:
    body = text(response)
    kind = "lost" if kind == "found" else kind
    pattern = (
        r'<section id="clock".*?</section>'
        if kind == "start"
        else rf'<details id="inc-{kind}".*?</details>'
    )
    [section] = re.findall(pattern, body)  # the form's one section
    [shown] = re.findall(r'<p class="ok" role="status">(.*?)</p>', section)
    return str(shown)


def warning_rows(response: Any) -> list[list[str]]:
    """The warnings table's rows: pair, turn, article, reason, count, VP off."""
    table = re.search(r'<table class="results warnings">.*?</table>', text(response))
    assert table is not None
    rows = re.findall(r"<tr data-pair=.*?</tr>", table.group(0))
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]


def english(room: Room) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(room.client.session_user)  # type: ignore[attr-defined]
    return client


class Room:
    """The director's client on one tournament's turn pages."""

    def __init__(self, tid: UUID) -> None:
        ProjectionRunner(RegistryProjection()).catch_up()  # the names shown
        self.tid = tid
        self.client = user_with("director", tournament_id=tid)
        self.client.session_user = get_user_model().objects.get(  # type: ignore[attr-defined]
            pk=self.client.session["_auth_user_id"]
        )
        self.n = 0

    def step(self, action: str) -> Any:
        self.n += 1
        answered = self.client.post(
            f"/console/burraco/{self.tid}/steps/",
            {"action": action, "idempotency_key": f"s{self.n}"},
        )
        assert answered.status_code == 201, text(answered)[:3000]
        return answered

    def send(self, turn: int, kind: str, **fields: str) -> Any:
        self.n += 1
        return self.client.post(
            f"/console/burraco/{self.tid}/turns/{turn}/incidents/",
            {"kind": kind, "idempotency_key": f"i{self.n}", **fields},
        )


def hands(prefix: str, *rows: tuple[int, int, int, int]) -> dict[str, str]:
    out = {}
    for n, row in enumerate(rows):
        for column, value in zip(
            ("fixed_base", "fixed_points", "mobile_base", "mobile_points"),
            row,
            strict=True,
        ):
            out[f"{prefix}-h{n}-{column}"] = str(value)
    return out


def test_the_signal_and_the_lateness_ladder_from_the_turn_page() -> None:
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=3, mitchell_turns=3)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    # Mitchell: 1-5, 2-6, 3-7, 4-8.
    assert [(p.table, p.fixed, p.mobile) for p in load_burraco(tid).positions[1]] == [
        (1, 1, 5),
        (2, 2, 6),
        (3, 3, 7),
        (4, 4, 8),
    ]
    page = room.client.get(f"/console/burraco/{tid}/turns/1/")
    body = text(page)
    assert "Il tempo del turno (Art. 6)" in body
    assert (
        "25 minuti dal via dell'arbitro; il ritardo si misura da lì (Art. 39)." in body
    )
    assert "Dai il via: inizia il turno 1" in body
    assert "oltre 10 minuti: turno perso, a chi è presente 14 VP e 305 MP" in body
    assert '<option value="1-5">Tavolo 1 · 5 · Ada Rossi, Ada Rossi</option>' in body

    # Before the signal a lateness needs its minutes (Art. 39).
    refused = room.send(1, "lateness", seat="1-5", late="")
    assert refused.status_code == 422
    assert alert(refused, "lateness") == (
        "Il via del turno non è stato dato: scrivi di quanto è in ritardo la "
        "coppia (Codice di Gara Art. 39)"
    )
    assert load_burraco(tid).lateness == {}

    started = room.send(1, "start")
    assert started.status_code == 201
    assert notice(started, "start") == "Via dato: il tempo del turno 1 scorre."
    signal = load_burraco(tid).started[1]
    assert (signal.ends_at - signal.started_at).total_seconds() == 25 * 60
    shown = re.search(
        r'<time class="countdown" datetime="([^"]+)" data-closed="tempo scaduto">',
        text(started),
    )
    assert shown is not None
    assert datetime.fromisoformat(shown.group(1)) == signal.ends_at
    # The overview shows the turn in play's clock too.
    overview = text(room.client.get(f"/console/burraco/{tid}/"))
    assert (
        f'<p class="clock">Tempo rimasto: <time class="countdown" datetime="{shown.group(1)}"'
        in overview
    )
    again = room.send(1, "start")
    assert again.status_code == 409
    assert alert(again, "start") == (
        "Il via di questo turno è già stato dato: il suo tempo scorre "
        "(Codice di Gara Art. 6)"
    )
    wrong_turn = room.send(2, "start")
    assert wrong_turn.status_code == 404  # turn 2 has no positions

    # The ladder: a warning, 150 MP, 200 MP, the forfeit.
    assert room.send(1, "lateness", seat="1-5", late="1:30").status_code == 201
    assert room.send(1, "lateness", seat="2-2", late="3:20").status_code == 201
    assert room.send(1, "lateness", seat="3-7", late="7").status_code == 201
    forfeit = room.send(1, "lateness", seat="4-8", late="10:01")
    assert forfeit.status_code == 201
    assert notice(forfeit, "lateness") == "Ritardo registrato."
    state = load_burraco(tid)
    assert {
        k: (r.seconds, r.band, r.bonus_to_opponents) for k, r in state.lateness.items()
    } == {
        (1, 5): (90, "warning", 0),
        (1, 2): (200, "bonus_150", 150),
        (1, 7): (420, "bonus_200", 200),
        (1, 8): (601, "forfeit", 0),
    }
    assert [(w.pair, w.article) for w in state.warnings] == [
        (5, "Codice di Gara Art. 39")
    ]
    won = state.results[(1, 4)]
    assert (won.awarded, won.fixed_vp, won.mobile_vp, won.fixed_mp, won.mobile_mp) == (
        True,
        14,
        6,
        305,
        -305,
    )
    body = text(forfeit)
    assert "Tavolo 1, 5: 1:30 di ritardo – un'ammonizione" in body
    assert "Tavolo 2, 2: 3:20 di ritardo – 150 MP agli avversari" in body
    assert "Tavolo 3, 7: 7:00 di ritardo – 200 MP agli avversari" in body
    assert "Tavolo 4, 8: 10:01 di ritardo – turno perso" in body
    # The warning is stored as facts and worded in the reader's language
    # (decision 0202): Italian on the Italian page, English on the English.
    warning = state.warnings[0]
    assert (warning.cause, warning.seconds, warning.reason) == ("late", 90, "")
    art39 = "Codice di Gara Art. 39"
    assert warning_rows(forfeit) == [
        ["5", "1", art39, "in ritardo al segnale di 90 secondi", "1", "0"]
    ]
    shown = english(room).get(f"/console/burraco/{tid}/turns/1/")
    assert warning_rows(shown) == [
        ["5", "1", art39, "late at the signal by 90 seconds", "1", "0"]
    ]

    # Each refusal beside the lateness form, with Art. 39.
    twice = room.send(1, "lateness", seat="2-2", late="1:00")
    assert twice.status_code == 409
    assert alert(twice, "lateness") == (
        "Il ritardo di questa coppia in questo turno è già registrato "
        "(Codice di Gara Art. 39)"
    )
    elsewhere = room.send(1, "lateness", seat="2-1", late="1:00")
    assert elsewhere.status_code == 422
    assert alert(elsewhere, "lateness") == (
        "Questa coppia non gioca a questo tavolo in questo turno "
        "(Codice di Gara Art. 39)"
    )
    on_time = room.send(1, "lateness", seat="1-1", late="0")
    assert on_time.status_code == 422
    assert alert(on_time, "lateness") == (
        "Una coppia al suo tavolo al via non è in ritardo (Codice di Gara Art. 39)"
    )
    typed = room.send(1, "lateness", seat="1-1", late="tre")
    assert typed.status_code == 400
    assert alert(typed, "lateness") == (
        "Scrivi il ritardo in minuti:secondi (3:20) o in minuti (7)"
    )
    assert 'value="tre"' in text(typed)  # what was typed comes back
    assert len(load_burraco(tid).lateness) == 4

    # The bonus counts on the sheet: table 2's mobile pair 6 takes 150 MP.
    sheet = room.client.post(
        f"/console/burraco/{tid}/turns/1/",
        {
            **hands("t2", (0, 0, 0, 0)),
            "idempotency_key": "sheet2",
        },
    )
    assert sheet.status_code == 201, text(sheet)[:2000]
    result = load_burraco(tid).results[(1, 2)]
    assert (result.fixed_mp, result.mobile_mp) == (0, 150)
    after = room.send(1, "lateness", seat="2-6", late="1:00")
    assert after.status_code == 409
    assert alert(after, "lateness") == (
        "Lo score del tavolo è già inserito: il ritardo si registra prima "
        "(Codice di Gara Art. 39)"
    )


def test_a_lost_sheet_its_finding_an_absence_and_warnings() -> None:
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=4, mitchell_turns=4)
    room = Room(tid)
    room.step("lines")
    room.step("positions")  # 1-5, 2-6, 3-7, 4-8
    lost = room.send(1, "lost", table="1")
    assert lost.status_code == 201
    assert notice(lost, "lost") == "Score smarrito: 7-7 finché non si ritrova."
    award = load_burraco(tid).results[(1, 1)]
    assert (award.awarded, award.award_article, award.fixed_vp, award.mobile_vp) == (
        True,
        "Codice di Gara Art. 19",
        7,
        7,
    )
    twice = room.send(1, "lost", table="1")
    assert twice.status_code == 409
    assert alert(twice, "lost") == (
        "Il turno di questo tavolo ha già il suo risultato: uno score inserito si "
        "corregge, non si smarrisce (Codice di Gara Art. 19)"
    )
    # The table is offered to the form of the sheet found again.
    assert '<select id="found-table" name="table"><option value="1"' in text(twice)
    # The sheet found, one value not a multiple of 5 (Art. 18): the 7-7 stays.
    wrong = room.send(1, "found", table="1", **hands("f", (300, 123, 0, 0)))
    assert wrong.status_code == 422
    assert alert(wrong, "found") == (
        "Smazzata 1, i punti della linea fissa 123: ogni valore del conteggio è "
        "un multiplo di 5 (Codice di Gara Art. 18)"
    )
    assert load_burraco(tid).results[(1, 1)].awarded
    found = room.send(1, "found", table="1", **hands("f", (300, 100, 0, 50)))
    assert found.status_code == 201
    assert notice(found, "found") == "Lo score ritrovato sostituisce il 7-7."
    restored = load_burraco(tid).results[(1, 1)]
    assert (restored.awarded, restored.fixed_mp, restored.mobile_mp) == (
        False,
        400,
        50,
    )
    assert (restored.fixed_vp, restored.mobile_vp) == (14, 6)

    # An absence: pair 6 at table 2, 7 VP (its first) and the side present
    # the forfeit's 14 VP and 305 MP (two hands).
    absent = room.send(1, "absence", seat="2-6")
    assert absent.status_code == 201
    assert notice(absent, "absence") == "Assenza registrata."
    table2 = load_burraco(tid).results[(1, 2)]
    assert (table2.award_article, table2.fixed_vp, table2.mobile_vp) == (
        "Codice di Gara Art. 38",
        14,
        7,
    )
    assert (table2.fixed_mp, table2.mobile_mp) == (305, -205)
    assert "Assenti in questo turno: 6" in text(absent)
    twice = room.send(1, "absence", seat="2-6")
    assert twice.status_code == 409
    assert alert(twice, "absence") == (
        "L'assenza di questa coppia in questo turno è già registrata "
        "(Codice di Gara Art. 38)"
    )
    other = room.send(1, "absence", seat="1-1")
    assert other.status_code == 409
    assert alert(other, "absence") == (
        "Il turno di questo tavolo ha già il suo risultato: l'assenza si registra "
        "prima (Codice di Gara Art. 38)"
    )

    # Warnings: the second costs a VP (every two, the default policy).
    first = room.send(1, "warning", entry="2", article="31", reason="telefono")
    assert first.status_code == 201
    assert notice(first, "warning") == "Ammonizione registrata."
    second = room.send(1, "warning", entry="2", article="21", reason="parla")
    assert second.status_code == 201
    rows = re.findall(
        r'<tr data-pair="(\d+)"><td class="num">\d+</td><td class="num">(\d+)</td>'
        r"<td>([^<]*)</td><td>([^<]*)</td><td class=\"num\">(\d+)</td>"
        r'<td class="num">(\d+)</td></tr>',
        text(second),
    )
    assert rows == [
        ("2", "1", "Codice di Gara Art. 31", "telefono", "1", "0"),
        ("2", "1", "Codice di Gara Art. 21", "parla", "2", "1"),
    ]
    no_article = room.send(1, "warning", entry="2", article="99", reason="x")
    assert no_article.status_code == 422
    assert alert(no_article, "warning").startswith(
        "Il Codice di Gara non ha questo articolo"
    )
    no_pair = room.send(1, "warning", entry="9", article="21", reason="x")
    assert no_pair.status_code == 422
    assert alert(no_pair, "warning") == (
        "Questa coppia non è nel movimento (Codice di Gara Art. 2)"
    )
    no_reason = room.send(1, "warning", entry="2", article="21", reason=" ")
    assert no_reason.status_code == 400
    assert alert(no_reason, "warning") == "Scrivi il motivo: va a verbale"
    assert len(load_burraco(tid).warnings) == 2

    # A lost sheet of a turn no longer in play is refused (Art. 19).
    for table in (3, 4):
        room.client.post(
            f"/console/burraco/{tid}/turns/1/",
            {**hands(f"t{table}", (0, 0, 0, 0)), "idempotency_key": f"t{table}"},
        )
    room.step("positions")
    assert room.send(2, "lost", table="1").status_code == 201
    old = room.send(1, "lost", table="1")
    assert old.status_code == 409
    assert alert(old, "lost") == (
        "Uno score smarrito si registra nel turno in corso (Codice di Gara Art. 19)"
    )


def test_substitution_abandonment_and_interruption() -> None:
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=4, mitchell_turns=4)
    ProjectionRunner(RegistryProjection()).catch_up()
    number = str(uuid.uuid4().int)[:12]
    incoming, _r = register_player(
        Identity(federation_number=number, family_name="Neri", given_name="Bruno"),
        PlayerCategory.NOT_CLASSIFIED,
        metadata=Metadata(actor="system:tests"),
    )
    ProjectionRunner(RegistryProjection()).catch_up()
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    pair3 = load_tournament(tid).entries[3].player_ids
    unknown = room.send(
        1, "substitution", entry="3", player_out=str(pair3[0]), player_in="000"
    )
    assert unknown.status_code == 400
    assert alert(unknown, "substitution") == "000 non è un tesserato dell'albo"
    not_of_pair = room.send(
        1, "substitution", entry="1", player_out=str(pair3[0]), player_in=number
    )
    assert not_of_pair.status_code == 409
    assert alert(not_of_pair, "substitution") == (
        "Il giocatore che esce non è di questa coppia (Codice di Gara Art. 38)"
    )
    done = room.send(
        1, "substitution", entry="3", player_out=str(pair3[0]), player_in=number
    )
    assert done.status_code == 201
    assert notice(done, "substitution") == "Sostituzione registrata."
    swap = load_burraco(tid).substitutions[3]
    assert (swap.player_out, swap.player_in, swap.turns_played) == (
        pair3[0],
        incoming,
        0,
    )
    once = room.send(
        1, "substitution", entry="3", player_out=str(pair3[1]), player_in=number
    )
    assert once.status_code == 409
    assert alert(once, "substitution") == (
        "Questa coppia ha già fatto la sua sostituzione (Codice di Gara Art. 38)"
    )

    # Two turns of four played: the substitution is refused (Art. 38).
    for turn in (1, 2):
        sheets = room.client.post(
            f"/console/burraco/{tid}/turns/{turn}/",
            {
                **hands("t1", (0, 0, 0, 0)),
                **hands("t2", (0, 0, 0, 0)),
                **hands("t3", (0, 0, 0, 0)),
                **hands("t4", (0, 0, 0, 0)),
                "idempotency_key": f"sh{turn}",
            },
        )
        assert sheets.status_code == 201
        room.step("positions")
    pair1 = load_tournament(tid).entries[1].player_ids
    halfway = room.send(
        3, "substitution", entry="1", player_out=str(pair1[0]), player_in=number
    )
    assert halfway.status_code == 409
    assert alert(halfway, "substitution") == (
        "Metà dei turni previsti è disputata: niente più sostituzioni "
        "(Codice di Gara Art. 38)"
    )
    assert "Metà dei turni previsti è disputata: niente più sostituzioni." in text(
        halfway
    )

    left = room.send(3, "abandonment", entry="4", reason="malore")
    assert left.status_code == 201
    assert notice(left, "abandonment") == (
        "Abbandono registrato: la coppia non gioca più turni."
    )
    assert load_burraco(tid).abandoned == frozenset({4})
    again = room.send(3, "abandonment", entry="4", reason="malore")
    assert again.status_code == 409
    assert alert(again, "abandonment") == (
        "Questa coppia ha già abbandonato (Codice di Gara Art. 38)"
    )
    assert "Hanno abbandonato: 4" in text(again)

    unticked = room.send(3, "interruption", reason="blackout")
    assert unticked.status_code == 400
    assert alert(unticked, "interruption") == (
        "Spunta la casella: l'interruzione chiude il torneo"
    )
    assert load_burraco(tid).interrupted is None
    stopped = room.send(3, "interruption", reason="blackout", confirm="on")
    assert stopped.status_code == 201
    assert notice(stopped, "interruption") == "Torneo interrotto."
    interrupted = load_burraco(tid).interrupted
    assert interrupted is not None
    assert (
        interrupted.completed_turns,
        interrupted.prizes,
        interrupted.standings_after,
    ) == (2, False, 2)
    body = text(stopped)
    assert (
        "Interrotto dopo 2 turni su 4; l'ultima classifica esposta è dopo il "
        "turno 2. Niente premi: le quote d'iscrizione si rimborsano." in body
    )
    assert "Dai il via" not in body  # no clock once interrupted
    after = room.send(3, "warning", entry="1", article="21", reason="x")
    assert after.status_code == 409
    assert "Il torneo è interrotto (Codice di Gara Art. 40)" in text(after)


def test_a_pair_at_the_wrong_table_from_the_turn_page() -> None:
    """Art. 2: the form sends ``RecordWrongTable`` (the API's
    ``turns/<n>/wrong-table/``): the two pairs exchange places for the turn,
    the pair that sat wrongly is warned; each refusal beside the form."""
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=3, mitchell_turns=3)
    room = Room(tid)
    room.step("lines")
    room.step("positions")  # 1-5, 2-6, 3-7, 4-8
    body = text(room.client.get(f"/console/burraco/{tid}/turns/1/"))
    assert "Coppia al tavolo sbagliato (Art. 2)" in body
    blank = room.send(1, "wrongtable", entry="", other="6")
    assert blank.status_code == 400
    assert alert(blank, "wrongtable") == "Scegli la coppia seduta al tavolo sbagliato"
    same = room.send(1, "wrongtable", entry="1", other="5")
    assert same.status_code == 422
    assert alert(same, "wrongtable") == (
        "Le due coppie siedono allo stesso tavolo: niente da scambiare "
        "(Codice di Gara Art. 2)"
    )
    nowhere = room.send(1, "wrongtable", entry="5", other="9")
    assert nowhere.status_code == 422
    assert alert(nowhere, "wrongtable") == (
        "Questa coppia non ha posto in questo turno (Codice di Gara Art. 2)"
    )
    assert room.send(1, "lost", table="3").status_code == 201
    entered = room.send(1, "wrongtable", entry="7", other="8")
    assert entered.status_code == 409
    assert alert(entered, "wrongtable") == (
        "Lo score di un tavolo è registrato: i posti non possono più cambiare "
        "(Codice di Gara Art. 2)"
    )
    # Pair 5 sat at pair 6's place at table 2.
    done = room.send(1, "wrongtable", entry="5", other="6")
    assert done.status_code == 201
    assert notice(done, "wrongtable") == (
        "Tavolo sbagliato registrato: le due coppie si scambiano i posti, "
        "un'ammonizione."
    )
    state = load_burraco(tid)
    assert [(p.table, p.fixed, p.mobile) for p in state.positions[1]] == [
        (1, 1, 6),
        (2, 2, 5),
        (3, 3, 7),
        (4, 4, 8),
    ]
    assert [(w.pair, w.turn, w.article) for w in state.warnings] == [
        (5, 1, "Codice di Gara Art. 2")
    ]
    warning = state.warnings[0]
    assert (warning.cause, warning.table, warning.expected_table, warning.reason) == (
        "wrong_table",
        2,
        1,
        "",
    )
    art2 = "Codice di Gara Art. 2"
    assert warning_rows(done) == [
        ["5", "1", art2, "al tavolo 2 anziché al tavolo 1", "1", "0"]
    ]
    shown = english(room).get(f"/console/burraco/{tid}/turns/1/")
    assert warning_rows(shown) == [
        ["5", "1", art2, "sat at table 2 instead of table 1", "1", "0"]
    ]
    # A turn whose positions are not published has no page to send it from.
    assert room.send(2, "wrongtable", entry="5", other="6").status_code == 404
    giallo = Room(_giallo(8))
    giallo.step("lines")
    giallo.step("positions")
    page = text(giallo.client.get(f"/console/burraco/{giallo.tid}/turns/1/"))
    assert 'id="inc-wrongtable"' not in page  # its lines are drawn each turn


def test_who_may_send_the_incidents() -> None:
    tid, _meta = open_tournament(4, hands_per_turn=2, turns=2)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    url = f"/console/burraco/{tid}/turns/1/incidents/"
    assert room.client.get(url).status_code == 405
    assert room.send(1, "nonsense").status_code == 404
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.force_login(room.client.session_user)  # type: ignore[attr-defined]
    shown = text(english.get(f"/console/burraco/{tid}/turns/1/"))
    assert "Give the signal: turn 1 starts" in shown
    assert "over 2 and up to 5 minutes: 150 MP to the opponents" in shown
    stranger = user_with(None)
    assert stranger.post(url, {"kind": "start"}).status_code == 403
    assert load_burraco(tid).started == {}


def _giallo(players: int) -> UUID:
    return open_tournament(players, turns=2, form=b.EntryForm.GIALLO)[0]


def test_a_giallo_turn_shows_lines_of_two_and_a_late_player() -> None:
    tid = _giallo(8)
    ProjectionRunner(RegistryProjection()).catch_up()
    room = Room(tid)
    room.step("lines")
    overview = room.step("positions")
    # Registration order: the 1st with the 4th against the 2nd with the 3rd.
    cells = re.findall(
        r'<tr data-table="(\d)"> <td class="num">\d</td> <td><strong>([^<]+)</strong>'
        r" ([^<]*)</td> <td><strong>([^<]+)</strong>",
        text(overview),
    )
    assert cells == [
        ("1", "1 + 4", "Ada Rossi, Ada Rossi", "2 + 3"),
        ("2", "5 + 8", "Ada Rossi, Ada Rossi", "6 + 7"),
    ]
    page = room.client.get(f"/console/burraco/{tid}/turns/1/")
    body = text(page)
    assert 'id="inc-absence"' in body  # a player's absence (decision 0187)
    assert 'id="inc-abandonment"' in body
    assert 'id="inc-substitution"' not in body
    assert '<option value="1-4">Tavolo 1 · 4 · Ada Rossi</option>' in body
    printed = text(room.client.get(f"/console/burraco/{tid}/turns/1/print/"))
    assert "<strong>1 + 4</strong>" in printed
    assert "<strong>6 + 7</strong>" in printed
    # Player 4 is late: his line (1 + 4) is late, the warning is his.
    late = room.send(1, "lateness", seat="1-4", late="1:00")
    assert late.status_code == 201
    state = load_burraco(tid)
    assert [(k, r.pair, r.band) for k, r in state.lateness.items()] == [
        ((1, 1), 1, "warning")
    ]
    assert [w.pair for w in state.warnings] == [4]
    assert "Tavolo 1, 1 + 4: 1:00 di ritardo – un'ammonizione" in text(late)
    # Player 6 is absent: his line (6 + 7) takes 7 VP -205, the other 14 +305.
    absent = room.send(1, "absence", seat="2-6")
    assert absent.status_code == 201
    award = load_burraco(tid).results[(1, 2)]
    assert (award.fixed, award.mobile, award.fixed_vp, award.mobile_vp) == (
        5,
        6,
        14,
        7,
    )
    assert (award.fixed_mp, award.mobile_mp) == (305, -205)
    gone = room.send(1, "abandonment", entry="8", reason="malore")
    assert gone.status_code == 201
    assert load_burraco(tid).abandoned_after == {8: 1}
