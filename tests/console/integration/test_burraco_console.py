"""The burraco scoring-room console through Django's client on PostgreSQL:
the lines and positions generated, a turn's sheets refused together and
recorded together, a correction and an inversion within the Art. 20
windows, the printable positions; and who may use it."""

from __future__ import annotations

import html
import re
import uuid
from datetime import timedelta
from typing import Any
from urllib.parse import quote
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import load_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import EventStore
from registry.projections import RegistryProjection
from tests.support.burraco import last_event, open_tournament, teams_tournament
from tournaments.projections import TournamentResults

SECOND = timedelta(seconds=1)
pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def user_with(role: str | None, **scope: object) -> Client:
    user = get_user_model().objects.create_user(f"u{uuid.uuid4().hex[:10]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[misc]
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(user)
    return client


def sheet(table: int, *hands: tuple[int, int, int, int]) -> dict[str, str]:
    out = {}
    for n, hand in enumerate(hands):
        for column, value in zip(
            ("fixed_base", "fixed_points", "mobile_base", "mobile_points"),
            hand,
            strict=True,
        ):
            out[f"t{table}-h{n}-{column}"] = str(value)
    return out


def text(response: Any) -> str:
    """The page's HTML, white space folded and entities read (l'altra)."""
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_a_director_runs_two_turns_from_the_scoring_room() -> None:
    tid, _meta = open_tournament(4, hands_per_turn=2, turns=3, mitchell_turns=2)
    director = user_with("director", tournament_id=tid)
    base = f"/console/burraco/{tid}/"
    page = director.get(base)
    assert page.status_code == 200
    assert "Sala conti" in text(page)
    assert "Forma le linee" in text(page)

    answered = director.post(
        f"{base}steps/", {"action": "lines", "idempotency_key": "k1"}
    )
    assert answered.status_code == 201
    assert "Linee formate." in text(answered)
    answered = director.post(
        f"{base}steps/", {"action": "positions", "idempotency_key": "k2"}
    )
    assert answered.status_code == 201
    assert "Posizioni del turno 1 pubblicate." in text(answered)
    seats = load_burraco(tid).positions[1]
    assert [(p.table, p.fixed, p.mobile) for p in seats] == [(1, 1, 3), (2, 2, 4)]

    # One sheet not a multiple of 5: refused beside its line, none recorded.
    wrong = {
        **sheet(1, (300, 40, 0, -60), (0, 120, 100, 90)),
        **sheet(2, (0, 123, 0, 0)),
        "idempotency_key": "s1",
    }
    refused = director.post(f"{base}turns/1/", wrong)
    assert refused.status_code == 422
    body = text(refused)
    assert "Non è stato registrato nulla: correggi gli score segnati." in body
    assert (
        "Smazzata 1, i punti della linea fissa 123: ogni valore del conteggio è "
        "un multiplo di 5 (Codice di Gara Art. 18)" in body
    )
    assert 'value="300"' in body  # what was typed comes back
    assert load_burraco(tid).results == {}

    right = {**wrong, "t2-h0-fixed_points": "125"}
    recorded = director.post(f"{base}turns/1/", right)
    assert recorded.status_code == 201, text(recorded)
    assert "2 score registrati." in text(recorded)
    results = load_burraco(tid).results
    assert (results[(1, 1)].fixed_mp, results[(1, 1)].mobile_mp) == (460, 130)
    assert (results[(1, 2)].fixed_mp, results[(1, 2)].mobile_mp) == (125, 0)
    # Sent again (its answer lost): the same commands, nothing twice.
    again = director.post(f"{base}turns/1/", right)
    assert again.status_code == 400
    assert "Nessuno score è stato scritto" in text(again)

    # A correction without the opponents' confirmation is refused (Art. 20).
    fix = {
        "kind": "correction",
        "table": "1",
        "x-h0-fixed_base": "300",
        "x-h0-fixed_points": "40",
        "x-h0-mobile_base": "0",
        "x-h0-mobile_points": "-60",
        "idempotency_key": "c1",
    }
    refused = director.post(f"{base}turns/1/corrections/", fix)
    assert refused.status_code == 422
    assert "(Codice di Gara Art. 20)" in text(refused)
    corrected = director.post(
        f"{base}turns/1/corrections/", {**fix, "opponents_confirmed": "on"}
    )
    assert corrected.status_code == 201
    assert "Score corretto." in text(corrected)
    result = load_burraco(tid).results[(1, 1)]
    assert (result.corrected, result.fixed_mp, result.mobile_mp) == (True, 340, -60)

    # Turn 2's positions close turn 1's corrections: only an inversion.
    assert (
        director.post(
            f"{base}steps/", {"action": "positions", "idempotency_key": "k3"}
        ).status_code
        == 201
    )
    late = director.post(
        f"{base}turns/1/corrections/",
        {**fix, "opponents_confirmed": "on", "idempotency_key": "c2"},
    )
    assert late.status_code == 409
    assert (
        "La finestra delle correzioni è chiusa: sono pubblicate le posizioni "
        "del turno successivo (Codice di Gara Art. 20)" in text(late)
    )
    turn_page = director.get(f"{base}turns/1/")
    assert "Inverti i punteggi delle due coppie" in text(turn_page)
    inverted = director.post(
        f"{base}turns/1/corrections/",
        {
            "kind": "inversion",
            "table": "1",
            "pairs_confirmed": "on",
            "idempotency_key": "i1",
        },
    )
    assert inverted.status_code == 201
    # The standings take it from turn 2 (Art. 20; decision 0123).
    assert load_burraco(tid).results[(1, 1)].inverted_after == 2

    ProjectionRunner(RegistryProjection()).catch_up()  # the players' names
    printed = director.get(f"{base}turns/2/print/")
    assert printed.status_code == 200
    assert "Posizioni del turno 2" in text(printed)
    assert text(printed).count("Ada Rossi") == 8  # both players of 4 pairs
    overview = text(director.get(base))
    assert "Il turno 2 è in corso: inserisci gli score" in overview
    assert overview.count("in attesa dello score") == 2
    assert overview.count("invertito") == 1


def test_only_the_events_directors_use_the_scoring_room() -> None:
    tid, _meta = open_tournament(4, hands_per_turn=2, turns=2)
    base = f"/console/burraco/{tid}/"
    # The event's page shows its directors the way in, and no one else.
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(BurracoStandings()).catch_up()
    event_page = f"/events/{tid}/burraco/"
    link = f'<a class="button" href="{base}">Sala conti</a>'
    assert link in text(user_with("director", tournament_id=tid).get(event_page))
    assert link not in text(Client(HTTP_ACCEPT_LANGUAGE="it").get(event_page))
    assert link not in text(user_with("federation_staff").get(event_page))
    for path in (base, f"{base}turns/1/", f"{base}turns/1/print/"):
        response = Client().get(path)
        assert response.status_code == 302
        assert response["Location"] == f"/login/?next={quote(path)}"
    for client in (
        user_with(None),
        user_with("federation_staff"),
        user_with("director", tournament_id=uuid.uuid4()),
    ):
        assert client.get(base).status_code == 403
        step = client.post(f"{base}steps/", {"action": "lines"})
        assert step.status_code == 403
    assert load_burraco(tid).fixed == ()
    director = user_with("director", tournament_id=tid)
    assert director.get(f"{base}steps/").status_code == 405
    assert director.get(f"/console/burraco/{UUID(int=7)}/").status_code == 403
    other = user_with("director", tournament_id=UUID(int=7))
    assert other.get(f"/console/burraco/{UUID(int=7)}/").status_code == 404


def test_the_split_and_the_final_standings_from_the_scoring_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every step button: two Mitchell turns, the standings before the split,
    the groups once the check is over, a Danese turn in each group, the
    final standings; the sheets typed as the form sends them."""
    tid, _meta = open_tournament(
        8, hands_per_turn=2, turns=3, mitchell_turns=2, split_after=2, merit_groups=2
    )
    director = user_with("director", tournament_id=tid)
    base = f"/console/burraco/{tid}/"

    def step(action: str, **more: str) -> Any:
        return director.post(
            f"{base}steps/",
            {"action": action, "idempotency_key": uuid.uuid4().hex, **more},
        )

    def play(turn: int, winners: dict[int, int]) -> None:
        body = {"idempotency_key": uuid.uuid4().hex}
        for table in range(1, 5):
            body |= sheet(table, (winners.get(table, 0), 0, 0, 0))
        answered = director.post(f"{base}turns/{turn}/", body)
        assert answered.status_code == 201, text(answered)
        assert "4 score registrati." in text(answered)

    assert step("lines").status_code == 201
    assert step("positions").status_code == 201
    play(1, {1: 100, 2: 200, 3: 300, 4: 400})
    assert step("positions").status_code == 201
    play(2, {1: 100, 2: 200, 3: 300, 4: 400})
    page = text(director.get(base))
    assert "Pubblica la classifica prima della divisione in gironi" in page
    # The groups wait for the end of the check (Art. 20).
    assert step("provisional").status_code == 201
    early = step("groups")
    assert early.status_code == 409
    assert (
        "I gironi di merito si formano quando la classifica prima della divisione "
        "è definitiva (Codice di Gara Art. 20)" in text(early)
    )
    published = last_event(tid, b.ProvisionalStandingsPublished)
    deadline = published.check_deadline
    assert load_burraco(tid).provisional_deadline == deadline
    assert deadline == published.published_at + timedelta(minutes=10)  # Art. 20
    # The check holds its last instant (decision 0218): a second after it.
    monkeypatch.setattr(EventStore, "now", lambda self: deadline + SECOND)
    wrong = step("groups", sizes="4 x")
    assert wrong.status_code == 400
    assert "Scrivi le coppie di ogni girone, dal girone A: 24 26" in text(wrong)
    assert step("groups", sizes="4 4").status_code == 201
    groups = load_burraco(tid).groups
    assert [len(g) for g in groups] == [4, 4]
    assert (
        "Il turno 3 è abbinato con il Danese dalla classifica, in ogni girone di merito."
        in text(director.get(base))
    )
    assert step("positions").status_code == 201
    seats = load_burraco(tid).positions[3]
    assert [p.table for p in seats] == [1, 2, 3, 4]
    assert {p.fixed for p in seats[:2]} | {p.mobile for p in seats[:2]} == set(
        groups[0]
    )
    play(3, {})
    final = step("final")
    assert final.status_code == 201
    assert "Classifica finale esposta per il controllo." in text(final)
    assert load_burraco(tid).final_published_at is not None
    # Nothing further: no step button, the sheets of turn 3 closed.
    assert 'name="action"' not in text(director.get(base))


def test_a_teams_match_is_entered_with_both_rooms() -> None:
    tid, _meta, _players = teams_tournament(2, turns=1)
    director = user_with("director", tournament_id=tid)
    base = f"/console/burraco/{tid}/"
    assert director.post(f"{base}steps/", {"action": "lines"}).status_code == 201
    assert director.post(f"{base}steps/", {"action": "positions"}).status_code == 201
    page = text(director.get(f"{base}turns/1/"))
    assert "Tavolo 1, smazzata 1, la base della linea fissa (sala chiusa)" in page
    open_room = sheet(1, (300, 0, 0, 0))
    refused = director.post(f"{base}turns/1/", open_room)
    assert refused.status_code == 422
    assert "(Codice di Gara Art. 6)" in text(refused)
    closed = {k.replace("t1-", "t1-c-"): v for k, v in sheet(1, (0, 0, 0, 100)).items()}
    recorded = director.post(f"{base}turns/1/", {**open_room, **closed})
    assert recorded.status_code == 201
    result = load_burraco(tid).results[(1, 1)]
    assert (result.hands[0].fixed_base, result.closed_hands[0].mobile_points) == (
        300,
        100,
    )
    assert (result.fixed_mp, result.mobile_mp) == (300, 100)


def test_a_team_line_up_is_declared_from_the_turn_page() -> None:
    tid, _meta, players = teams_tournament(2, turns=1)
    director = user_with("director", tournament_id=tid)
    base = f"/console/burraco/{tid}/"
    assert director.post(f"{base}steps/", {"action": "lines"}).status_code == 201
    assert director.post(f"{base}steps/", {"action": "positions"}).status_code == 201
    page = text(director.get(f"{base}turns/1/"))
    assert "Formazioni (Art. 3)" in page
    assert '<option value="1-1">Tavolo 1, squadra 1</option>' in page
    assert '<option value="1-2">Tavolo 1, squadra 2</option>' in page
    four = {
        "match": "1-2",
        "open_1": str(players[2][0]),
        "open_2": str(players[2][1]),
        "closed_1": str(players[2][2]),
        "closed_2": str(players[2][3]),
        "idempotency_key": "l1",
    }
    # The first turn: the team that turned up the lower card declares first.
    early = director.post(f"{base}turns/1/line-ups/", four)
    assert early.status_code == 409
    assert (
        "Dichiara prima l'altra squadra: al primo turno chi ha scoperto la carta "
        "più bassa, poi la squadra con il punteggio in classifica inferiore "
        "(Codice di Gara Art. 3)" in text(early)
    )
    missing = director.post(f"{base}turns/1/line-ups/", {**four, "closed_2": ""})
    assert missing.status_code == 400
    assert "Scegli i quattro giocatori" in text(missing)
    stored = director.post(
        f"{base}turns/1/line-ups/",
        {**four, "drew_lower_card": "on", "idempotency_key": "l2"},
    )
    assert stored.status_code == 201
    assert "Formazione registrata." in text(stored)
    assert 'data-team="2">Tavolo 1, squadra 2 (prima): sala aperta' in text(stored)
    declared = load_burraco(tid).line_ups[(1, 2)]
    assert (declared.first, declared.closed_room) == (True, tuple(players[2][2:4]))
