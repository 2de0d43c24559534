"""The director's console and the table's phone pages, in process on the test
database: a round entered in one form (all or nothing, each refused line's
reason beside it), a ruling whose adjusted score the form builds, a table
that signs in with its code, enters and confirms, and a form sent twice that
is one command (decision 0085).
"""

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from console.models import TableCode
from eventstore.store import Metadata
from rules.bridge import Seat, vulnerability_for
from tests.support.pairs_event import project
from tests.support.site import site_event
from tournaments import demo, handlers, selectors
from tournaments.domain import board_result, tournament
from tournaments.domain.penalties import imposable

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
EVERYTHING = frozenset((b, t) for b in range(1, 7) for t in range(1, 4))


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def director_client(event: object) -> Client:
    client = Client()
    client.force_login(event.director_user)  # type: ignore[attr-defined]
    return client


def base(event: object) -> str:
    return f"/console/events/{event.tid}/sessions/1"  # type: ignore[attr-defined]


def round_one(event: object) -> list[tuple[int, int, int, int]]:
    """(table, board, ns, ew) of round 1, from the tournament stream."""
    state = handlers.load_tournament(uuid.UUID(event.tid))  # type: ignore[attr-defined]
    return [
        (a.table, b, a.ns, a.ew)
        for a in state.sessions[1].assignments
        if a.round == 1
        for b in a.boards
    ]


def stored(event: object, board: int, table: int) -> board_result.BoardResultState:
    tid = uuid.UUID(event.tid)  # type: ignore[attr-defined]
    return handlers.BOARD_RESULTS.load(board_result.stream_id(tid, 1, board, table))[1]


def test_a_round_entered_in_italian_is_recorded_whole() -> None:
    """Every line of round 1 typed in Italian notation goes in as one batch
    (decision 0130); the lines are the director's (Law 79A)."""
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    lines = round_one(event)
    form = {"idempotency_key": "k1"}
    for table, board, _ns, _ew in lines:
        form |= {
            f"r{table}-{board}-contract": "4P",
            f"r{table}-{board}-declarer": "O",
            f"r{table}-{board}-lead": "C A",
            f"r{table}-{board}-tricks": "10",
        }
    response = client.post(f"{base(event)}/rounds/1/", form, **IT)
    assert response.status_code == 201, text(response)
    assert f"{len(lines)} risultati registrati." in text(response)
    table, board = lines[0][0], lines[0][1]
    state = stored(event, board, table)
    assert state.contract == "4SW"
    assert state.lead == "HA"
    assert state.tricks == 10
    assert (state.entered.entered_by if state.entered else None) == "director"
    # The same form sent again (its answer lost) is the same batch.
    again = client.post(f"{base(event)}/rounds/1/", form, **IT)
    assert again.status_code == 201
    project()
    page = client.get(f"{base(event)}/", **IT)
    assert page.status_code == 200
    # A director's entry needs no confirmation (Law 79A): round 1 is done.
    assert text(page).count("confermato") == 3
    assert text(page).count("non iniziato") == 6


def test_one_refused_line_refuses_the_round_and_is_named_beside_its_line() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    (t1, b1, *_), (t2, b2, *_) = round_one(event)[:2]
    form = {
        "idempotency_key": "k2",
        f"r{t1}-{b1}-contract": "3NT",
        f"r{t1}-{b1}-declarer": "N",
        f"r{t1}-{b1}-tricks": "9",
        f"r{t2}-{b2}-contract": "7NT",
        f"r{t2}-{b2}-declarer": "N",
        f"r{t2}-{b2}-tricks": "14",
    }
    response = client.post(f"{base(event)}/rounds/1/", form, **EN)
    assert response.status_code == 400
    body = response.content.decode()
    row = re.search(rf'data-line="{t2}-{b2}" class="refused">(.*?)</tr>', body, re.S)
    assert row is not None
    assert "Tricks are 0 to 13" in row.group(1)
    assert stored(event, b1, t1).entered is None
    # A lead that is no card: named beside its line, nothing recorded.
    form[f"r{t2}-{b2}-tricks"] = "6"
    form[f"r{t2}-{b2}-lead"] = "Z9"
    response = client.post(f"{base(event)}/rounds/1/", form, **EN)
    assert response.status_code == 400
    assert "Not a card: suit then rank" in text(response)
    form[f"r{t2}-{b2}-lead"] = ""
    response = client.post(f"{base(event)}/rounds/1/", form, **EN)
    assert response.status_code == 201
    assert stored(event, b2, t2).contract == "7NTN"


def test_a_line_already_entered_refuses_the_batch_with_the_domains_reason() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    (t1, b1, *_), (t2, b2, *_) = round_one(event)[:2]
    first = {
        "idempotency_key": "a",
        f"r{t1}-{b1}-contract": "2C",
        f"r{t1}-{b1}-declarer": "S",
        f"r{t1}-{b1}-tricks": "8",
    }
    assert client.post(f"{base(event)}/rounds/1/", first, **IT).status_code == 201
    # The page did not know (the read model lags): the line comes back.
    second = {**first, "idempotency_key": "b"} | {
        f"r{t2}-{b2}-contract": "1SA",
        f"r{t2}-{b2}-declarer": "E",
        f"r{t2}-{b2}-tricks": "7",
    }
    response = client.post(f"{base(event)}/rounds/1/", second, **IT)
    assert response.status_code == 422
    assert "Un risultato è già inserito qui" in text(response)
    assert "Non è stato registrato nulla" in text(response)
    assert stored(event, b2, t2).entered is None


def test_a_ruling_awards_a_weighted_score_built_from_contracts() -> None:
    """Law 12C1(c): 4S by North making 10 (620 non-vulnerable) 60%, 4S making
    9 (-100... by North, -50 undoubled) 40%; the Law picked from the list."""
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    client.post(
        f"{base(event)}/rounds/1/",
        {
            "idempotency_key": "r",
            f"r{table}-{board}-contract": "3SA",
            f"r{table}-{board}-declarer": "N",
            f"r{table}-{board}-tricks": "9",
        },
        **IT,
    )
    form = {
        "idempotency_key": "ruling-1",
        "board": str(board),
        "table": str(table),
        "laws": ["12C1(c)", "16B1(a)"],
        "facts": "Esitazione prima del passo",
        "decision": "Punteggio ponderato",
        "adjustment": "weighted",
        "o0-contract": "4P",
        "o0-declarer": "N",
        "o0-tricks": "10",
        "o0-percent": "60",
        "o1-contract": "4P",
        "o1-declarer": "N",
        "o1-tricks": "9",
        "o1-percent": "40",
    }
    response = client.post(f"{base(event)}/rulings/", form, **IT)
    assert response.status_code == 201, text(response)
    assert "Decisione registrata." in text(response)
    state = stored(event, board, table)
    # Board 1 (or the first board of round 1) vulnerability decides 420/620.
    assert state.adjusted is not None
    assert state.adjusted.startswith("assigned:")
    assert state.adjusted.endswith("@0.6,-50@0.4") or state.adjusted.endswith(
        "@0.6,-100@0.4"
    )
    rulings = handlers.load_tournament(uuid.UUID(event.tid)).rulings
    assert [r.laws for r in rulings.values()] == [("12C1(c)", "16B1(a)")]
    # Weights that do not sum to 100: refused beside the form, nothing stored.
    form |= {"idempotency_key": "ruling-2", "o1-percent": "30"}
    response = client.post(f"{base(event)}/rulings/", form, **IT)
    assert response.status_code == 400
    assert "I pesi sommano al 100%" in text(response)
    assert len(handlers.load_tournament(uuid.UUID(event.tid)).rulings) == 1


def artificial(
    key: str, board: int, table: int, ns: int, **more: str
) -> dict[str, object]:
    """The ruling form with an artificial score (Law 12C2): NS ``ns``%."""
    return {
        "idempotency_key": key,
        "board": str(board),
        "table": str(table),
        "laws": ["12C2"],
        "facts": "Board not played",
        "decision": "Average plus to NS",
        "adjustment": "artificial",
        "ns_percent": str(ns),
        "ew_percent": str(100 - ns),
        **more,
    }


def test_an_artificial_score_needs_a_result_or_an_irregularity_first() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    response = client.post(
        f"{base(event)}/rulings/", artificial("x", board, table, 60), **EN
    )
    assert response.status_code == 409
    assert "No result is entered here yet" in text(response)


def test_a_penalty_from_the_catalogue_and_the_publication() -> None:
    event = site_event(publish=False)
    client = director_client(event)
    response = client.post(
        f"{base(event)}/penalties/",
        {"idempotency_key": "p", "entry": "2", "catalogue": "diagram_error"},
        **EN,
    )
    assert response.status_code == 201, text(response)
    project()
    penalties = selectors.penalties(uuid.UUID(event.tid), 1)
    assert [(p.entry_number, p.law, p.unit, p.amount) for p in penalties] == [
        (2, "90", "percent_of_top", 10)
    ]
    response = client.post(
        f"{base(event)}/publication/", {"idempotency_key": "pub"}, **IT
    )
    assert response.status_code == 201
    assert "Punteggi pubblicati." in text(response)
    assert "Correzioni (Legge 79C)" in text(response)
    state = handlers.load_tournament(uuid.UUID(event.tid))
    assert state.sessions[1].published is not None


def test_a_table_signs_in_with_its_code_enters_and_east_west_confirm() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    director_client(event).post(f"{base(event)}/table-codes/", {"action": "issue"})
    table, board, *_ = round_one(event)[0]
    code = TableCode.objects.get(
        tournament_id=uuid.UUID(event.tid), session=1, table=table
    ).code
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{8}", code)
    phone = Client()
    assert phone.get("/table/boards/").status_code == 302
    wrong = phone.post("/table/", {"code": "AAAA2222"}, **IT)
    assert wrong.status_code == 400
    signed = phone.post("/table/", {"code": code.lower()}, **IT)
    assert signed.status_code == 302
    assert signed["Location"] == "/table/boards/"
    page = phone.get(f"/table/boards/{board}/", **IT)
    assert page.status_code == 200
    assert "Nord inserisce il risultato" in text(page)
    assert 'id="traveller"' not in page.content.decode()
    [key] = re.findall(
        r'name="idempotency_key" value="([0-9a-f]+)"', page.content.decode()
    )
    form = {
        "idempotency_key": key,
        "action": "enter",
        "contract": "4C",
        "declarer": "S",
        "lead": "P R",
        "tricks": "10",
    }
    entered = phone.post(f"/table/boards/{board}/", form, **IT)
    assert entered.status_code == 303
    # The answer was lost; the phone sends the same form again: one result.
    again = phone.post(f"/table/boards/{board}/", form, **IT)
    assert again.status_code == 303
    state = stored(event, board, table)
    assert (state.contract, state.lead, state.tricks) == ("4HS", "SK", 10)
    assert (state.entered.entered_by if state.entered else None) == "N"
    assert state.confirmed is False
    project()
    shown = phone.get(f"/table/boards/{board}/", **IT)
    assert 'id="traveller"' in shown.content.decode()
    assert "4C S" in text(shown)
    [key] = re.findall(
        r'name="idempotency_key" value="([0-9a-f]+)"', shown.content.decode()
    )
    confirmed = phone.post(
        f"/table/boards/{board}/",
        {"idempotency_key": key, "action": "confirm"},
        **IT,
    )
    assert confirmed.status_code == 303
    assert stored(event, board, table).confirmed is True
    # A board the table does not play (the Mitchell plays six): 404.
    assert phone.get("/table/boards/7/", **IT).status_code == 404


def test_a_board_not_played_is_recorded_with_its_artificial_score_in_one_form() -> None:
    """Law 12C2: the ruling form records "board not played" (the command the
    API's ``irregularities/`` sends) and then the artificial score, with no
    409 ``no_result``; the same form sent again is the same two commands."""
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    page = client.get(f"{base(event)}/?board={board}&table={table}&not_played=1", **EN)
    assert page.status_code == 200
    assert 'name="not_played" id="ruling-not-played" checked' in page.content.decode()
    form = artificial("np1", board, table, 60, not_played="on")
    response = client.post(f"{base(event)}/rulings/", form, **EN)
    assert response.status_code == 201, text(response)
    assert "Ruling recorded." in text(response)
    state = stored(event, board, table)
    assert (state.irregularity.kind if state.irregularity else None) == "not_played"
    assert state.adjusted == "A60/40"
    assert state.entered is None
    again = client.post(f"{base(event)}/rulings/", form, **EN)
    assert again.status_code == 201
    stream = board_result.stream_id(uuid.UUID(event.tid), 1, board, table)
    assert handlers.BOARD_RESULTS.load(stream)[0] == 2
    assert len(handlers.load_tournament(uuid.UUID(event.tid)).rulings) == 1
    project()
    line = client.get(f"{base(event)}/rounds/1/", **IT).content.decode()
    row = re.search(rf'data-line="{table}-{board}">(.*?)</tr>', line, re.S)
    assert row is not None
    assert "Non giocata · Punteggio arbitrale A60/40" in re.sub(
        r"\s+", " ", row.group(1)
    )


def test_not_played_over_an_entered_result_is_refused_with_nothing_written() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    entered = client.post(
        f"{base(event)}/rounds/1/",
        {
            "idempotency_key": "r",
            f"r{table}-{board}-contract": "3NT",
            f"r{table}-{board}-declarer": "N",
            f"r{table}-{board}-tricks": "9",
        },
        **EN,
    )
    assert entered.status_code == 201
    response = client.post(
        f"{base(event)}/rulings/",
        artificial("np2", board, table, 50, not_played="on"),
        **EN,
    )
    assert response.status_code == 409
    assert "A result is already entered here" in text(response)
    state = stored(event, board, table)
    assert (state.irregularity, state.adjusted) == (None, None)
    assert handlers.load_tournament(uuid.UUID(event.tid)).rulings == {}


def test_table_codes_are_issued_by_the_directors_post_never_by_a_get() -> None:
    """Decision 0160: the console and the table cards read the codes; the
    button "Issue table codes" (shown while none exist) issues them; sent
    twice it keeps them; "renew" replaces them all."""
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    tid = uuid.UUID(event.tid)
    for path in ("/", "/movement/", "/print/table-cards/"):
        assert client.get(f"{base(event)}{path}", **EN).status_code == 200
    assert TableCode.objects.filter(tournament_id=tid).count() == 0
    page = client.get(f"{base(event)}/", **EN)
    assert "Issue table codes" in text(page)
    assert "Issue new table codes" not in text(page)
    cards = client.get(f"{base(event)}/print/table-cards/", **EN)
    assert "No table code issued yet: issue them from the console first." in text(cards)
    issued = client.post(f"{base(event)}/table-codes/", {"action": "issue"}, **IT)
    assert issued.status_code == 201
    assert "Codici dei tavoli emessi." in text(issued)
    codes = dict(
        TableCode.objects.filter(tournament_id=tid).values_list("table", "code")
    )
    assert sorted(codes) == [1, 2, 3]
    again = client.post(f"{base(event)}/table-codes/", {"action": "issue"}, **EN)
    assert again.status_code == 201
    assert (
        dict(TableCode.objects.filter(tournament_id=tid).values_list("table", "code"))
        == codes
    )
    page = client.get(f"{base(event)}/", **EN)
    assert "Issue new table codes" in text(page)
    assert all(code in text(page) for code in codes.values())
    renewed = client.post(f"{base(event)}/table-codes/", {"action": "renew"}, **EN)
    assert renewed.status_code == 201
    fresh = dict(
        TableCode.objects.filter(tournament_id=tid).values_list("table", "code")
    )
    assert sorted(fresh) == [1, 2, 3]
    assert set(fresh.values()).isdisjoint(codes.values())


def test_an_assigned_score_is_scored_on_the_tables_copy() -> None:
    """Law 2 (decision 0170): the table played a copy marked both
    vulnerable, so 4S by North making 10 is assigned as +620 whatever the
    board's number says."""
    event = site_event(publish=False, skip=EVERYTHING)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    handlers.record_board_copy(
        uuid.UUID(event.tid),
        tournament.RecordBoardCopy(
            session=1,
            board_number=board,
            copy="A",
            dealer="N",
            vulnerability="All",
            tables=(table,),
        ),
        metadata=Metadata(actor="system:tests"),
    )
    form = {
        "idempotency_key": "ruling-copy",
        "board": str(board),
        "table": str(table),
        "laws": ["12C1(c)"],
        "facts": "Board non giocato",
        "decision": "Punteggio assegnato",
        "adjustment": "assigned",
        "not_played": "on",
        "o0-contract": "4P",
        "o0-declarer": "N",
        "o0-tricks": "10",
    }
    response = client.post(f"{base(event)}/rulings/", form, **IT)
    assert response.status_code == 201, text(response)
    # Law 2's markings for the number leave North-South not vulnerable
    # (+420): the copy's give +620.
    assert vulnerability_for(board).is_vulnerable(Seat.N) is False
    assert stored(event, board, table).adjusted == "assigned:620@1"


def test_the_penalty_catalogue_reads_in_the_directors_language() -> None:
    """The FIGB catalogue's rows were listed in English on the Italian console
    (the domain's descriptions), a warning as "0 none"."""
    event = site_event(publish=False)
    client = director_client(event)
    page = client.get(f"{base(event)}/", **IT)
    assert page.status_code == 200
    options = dict(
        re.findall(
            r'<option value="([a-z_0-9]+)">([^<]+)</option>', page.content.decode()
        )
    )
    assert options["diagram_error"] == (
        "diagramma della smazzata errato o incompleto (entrambe le coppie al tavolo) "
        "(N-L8 §5, 10% di un top)"
    )
    assert options["board_rotated_180"] == (
        "board posto ruotato di 180 gradi e mano del compagno vista: entrambe le linee "
        "ammonite, il risultato resta valido (N-L87 §5, un&#x27;ammonizione)"
    )
    assert "board placed" not in page.content.decode()
    assert " none)" not in page.content.decode()
    english = dict(
        re.findall(
            r'<option value="([a-z_0-9]+)">([^<]+)</option>',
            client.get(f"{base(event)}/", **EN).content.decode(),
        )
    )
    assert english["board_rotated_180"] == (
        "board placed rotated 180 degrees and partner&#x27;s hand seen: both sides "
        "warned, the result stands (N-L87 §5, a warning)"
    )


def test_every_catalogue_row_has_its_label_word_for_word() -> None:
    from django.utils import translation

    from console.penalty_labels import DESCRIPTIONS
    from tournaments.domain.penalties import FIGB_CATALOGUE

    with translation.override("en"):
        assert {k: str(v) for k, v in DESCRIPTIONS.items()} == {
            k: r.description for k, r in FIGB_CATALOGUE.items()
        }
    with translation.override("it"):
        untranslated = [
            k
            for k, r in FIGB_CATALOGUE.items()
            if str(DESCRIPTIONS[k]) == r.description
        ]
        assert untranslated == []


NORM_ORDER = [
    "wrong_seating_first",  # N-L5 §1
    "wrong_seating_last",
    "diagram_error",  # N-L8 §5
    "duplication_error",
    "result_not_recorded",
    "stop_card",  # N-L18
    "dummy_infringement",  # N-L43/B1
    "fouled_previous_table",  # N-L87 §2
    "fouled_180",
    "board_rotated_90",  # N-L87 §4
    "board_rotated_180",  # N-L87 §5
    "wrong_extraction",  # N-L87 §6
    "swapped_cards_responsible",  # N-L87 §7b
    "closed_room_exit",  # N-L90
    "card_omission",  # App1 §5
    "system_breach",  # App1 §7
    "system_breach_revealed",
]


PAIRS_PENALTIES = [
    "diagram_error",  # N-L8 §5
    "duplication_error",
    "stop_card",  # N-L18
    "dummy_infringement",  # N-L43/B1
    "fouled_previous_table",  # N-L87 §2
    "board_rotated_90",  # N-L87 §4
    "board_rotated_180",  # N-L87 §5
    "wrong_extraction",  # N-L87 §6
    "card_omission",  # App1 §5
]


def test_the_penalty_catalogue_is_listed_as_the_norms_are_numbered() -> None:
    """In both languages the rows follow the norms' numbers (they were sorted
    by their English keys, an order that means nothing in Italian); a pairs
    event's list offers its own rows only, none of the teams' (N-L5 §1,
    N-L87 §7b, N-L90) nor a score assigned on the board (a ruling's)."""
    event = site_event(publish=False)
    client = director_client(event)
    for language in (IT, EN):
        page = client.get(f"{base(event)}/", **language)
        assert page.status_code == 200
        listed = re.findall(
            r'<option value="([a-z_0-9]+)">[^<]+</option>', page.content.decode()
        )
        assert listed == PAIRS_PENALTIES
        assert listed == [k for k in NORM_ORDER if k in PAIRS_PENALTIES]
        assert re.findall(
            r'<label for="penalty-entry">([^<]+)</label>', page.content.decode()
        ) == (["Coppia"] if language == IT else ["Pair"])
    italian = re.findall(
        r'<option value="[a-z_0-9]+">([^<]+)</option>',
        client.get(f"{base(event)}/", **IT).content.decode(),
    )
    assert italian[0] == (
        "diagramma della smazzata errato o incompleto (entrambe le coppie al tavolo) "
        "(N-L8 §5, 10% di un top)"
    )


def test_a_teams_events_catalogue_offers_the_teams_rows() -> None:
    """The Swiss teams demo's console offers its form's rows: the teams'
    (N-L5 §1, N-L87 §7b, N-L90) and no pairs-only row (N-L8 §5, N-L18)."""
    demo.build_teams_event(random.Random(2017))
    user = get_user_model().objects.create_user(f"td{uuid.uuid4().hex[:6]}")
    RoleGrant.objects.create(user=user, role="director", tournament_id=demo.TEAMS_EVENT)
    client = Client()
    client.force_login(user)
    page = client.get(f"/console/events/{demo.TEAMS_EVENT}/sessions/1/", **IT)
    assert page.status_code == 200
    listed = re.findall(
        r'<option value="([a-z_0-9]+)">[^<]+</option>', page.content.decode()
    )
    assert listed == [r.key for r in imposable(teams=True)]
    assert "closed_room_exit" in listed
    assert "stop_card" not in listed
    # The penalised entry is a team, and says so.
    [label] = re.findall(
        r'<label for="penalty-entry">([^<]+)</label>', page.content.decode()
    )
    assert label == "Squadra"
