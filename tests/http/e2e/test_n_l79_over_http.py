"""FIGB N-L79 over real HTTP, before publication: the time set for the last
round ends free corrections; a second later a possible-but-wrong score is
refused naming N-L79 and only an inadmissible result is still corrected.
Teams: the next round's start makes the previous round's results final.

"Nei tornei a coppie i risultati possono essere corretti, su segnalazione
dei giocatori, entro il termine definito dall'Arbitro per giocare il board o
i board dell'ultimo turno. Eventuali richieste di correzioni successive
saranno accettate entro il termine di 15 minuti dalla esposizione delle
fiches solo nel caso si tratti di risultati inammissibili." The server reads
the test's pinned clock (``tests/support/wsgi.py``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import Metadata, event_store
from tests.eventstore.integration.test_deadlines_in_utc import (
    clock,  # noqa: F401 - the pinned clock fixture
)
from tests.support.http import HttpClient
from tests.support.pairs_event import project
from tests.support.players import new_player
from tests.support.server import Server
from tournaments import handlers
from tournaments.domain import board_result, tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
DIRECTOR = Metadata(actor="user:td")
ENDS = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)  # the last round's time
SECOND = timedelta(seconds=1)
N_L79 = "Norme integrative FIGB Art. N-L79"


@pytest.fixture
def pinned(server: Server) -> Iterator[Server]:
    """The server, its clock back to real time after the test."""
    yield server
    server.pin(None)


def scheduled(form: tournament.Form, pinned: list[datetime]) -> uuid.UUID:
    """A FIGB event of two sessions (the second starts 20 minutes after the
    first ends), board 1 entered at table 1 of session 1 (4S made, +420)."""
    tid = uuid.uuid4()
    pinned[0] = ENDS - timedelta(hours=3)
    pairs = form is tournament.Form.PAIRS
    commands: list[tournament.TournamentCommand] = [
        tournament.CreateTournament(
            tournament_id=tid,
            name="Torneo N-L79",
            form=form,
            scoring=tournament.ScoringMethod.MATCHPOINTS
            if pairs
            else tournament.ScoringMethod.TEAMS_IMPS_VP,
            windows=tournament.WindowRules(),
            starts_at=pinned[0],
        ),
        *(
            tournament.EnterPair(
                number=n,
                entry_id=uuid.uuid4(),
                player_ids=tuple(new_player() for _ in range(2 if pairs else 4)),
            )
            for n in (1, 2)
        ),
        *(
            tournament.ScheduleSession(
                session=n,
                movement="explicit",
                starts_at=start,
                ends_at=start + timedelta(hours=3),
                assignments=(
                    tournament.TableAssignment(
                        round=1, table=1, ns=1, ew=2, boards=(1,)
                    ),
                ),
                winners="one",
            )
            for n, start in ((1, pinned[0]), (2, ENDS + timedelta(minutes=20)))
        ),
    ]
    for command in commands:
        handlers.handle_tournament(tid, command, metadata=DIRECTOR)
    handlers.handle_board_result(
        handlers.TableRef(tid, 1, 1, 1),
        lambda a: board_result.EnterResult(
            tournament_id=tid,
            session=1,
            board_number=1,
            table=1,
            ns=a.ns,
            ew=a.ew,
            contract="4SN",
            lead=None,
            tricks=10,
            entered_by="director",
        ),
        metadata=DIRECTOR,
    )
    return tid


def director_of(server: Server, tid: uuid.UUID) -> HttpClient:
    user = get_user_model().objects.create_user(f"td-{uuid.uuid4().hex[:8]}")
    RoleGrant.objects.create(
        user=user, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    return HttpClient(server.url, user)


def corrections(tid: uuid.UUID) -> list[board_result.ResultCorrected]:
    stream = board_result.stream_id(tid, 1, 1, 1)
    return [
        e
        for e in event_store().read_stream(stream).domain_events
        if isinstance(e, board_result.ResultCorrected)
    ]


def test_pairs_after_the_last_rounds_time_only_an_inadmissible_result(
    clock: list[datetime],  # noqa: F811
    pinned: Server,
) -> None:
    tid = scheduled(tournament.Form.PAIRS, clock)
    director = director_of(pinned, tid)
    url = f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/corrections/"

    def post_at(at: datetime, **body: object) -> object:
        clock[0] = at
        pinned.pin(at)
        return director.post(url, {"contract": "4SN", "reason": "report", **body})

    # Within the time set for the last round, its last instant included.
    for at, tricks in ((ENDS - SECOND, 9), (ENDS, 11)):
        answered = post_at(at, tricks=tricks)
        assert answered.status_code == 201, answered.json()  # type: ignore[attr-defined]
    # A second later a possible score (4S making 10, +420) is refused.
    refused = post_at(ENDS + SECOND, tricks=10)
    assert refused.status_code == 409  # type: ignore[attr-defined]
    body = refused.json()  # type: ignore[attr-defined]
    assert (body["code"], body["law"], body["status"]) == (
        "only_inadmissible_corrections",
        N_L79,
        409,
    )
    assert body["detail"] == (
        "after the time set for the last round only an inadmissible result is corrected"
    )
    # An inadmissible recorded result is still corrected, as the director finds.
    fixed = post_at(ENDS + timedelta(minutes=5), tricks=10, inadmissible=True)
    assert fixed.status_code == 201, fixed.json()  # type: ignore[attr-defined]
    assert [(c.tricks, c.after_period) for c in corrections(tid)] == [
        (9, False),
        (11, False),
        (10, False),
    ]
    project()
    traveller = director.get(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/traveller/"
    )
    assert traveller.status_code == 200
    [line] = traveller.json()["results"]
    assert (line["contract"], line["tricks"], line["score_ns"]) == ("4SN", 10, 420)


def test_teams_the_next_rounds_start_makes_the_results_final(
    clock: list[datetime],  # noqa: F811
    pinned: Server,
) -> None:
    tid = scheduled(tournament.Form.TEAMS, clock)
    director = director_of(pinned, tid)
    url = f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/corrections/"
    starts = ENDS + timedelta(minutes=20)
    for at, status in ((starts, 201), (starts + SECOND, 409)):
        clock[0] = at
        pinned.pin(at)
        answered = director.post(
            url, {"contract": "4SN", "tricks": 9, "reason": "report"}
        )
        assert answered.status_code == status, answered.json()
    assert (answered.json()["code"], answered.json()["law"]) == (
        "correction_period_closed",
        N_L79,
    )
    assert [c.tricks for c in corrections(tid)] == [9]
