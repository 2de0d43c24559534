"""A pairs event with named players and clubs, for the results site's tests.

Six pairs in a 3-table Mitchell (``tests/support/pairs_event.py``); the
players are registered with names and clubs, one of them asked not to be
published (number only). ``new_client`` is swapped for a real-HTTP client by
the tests that talk to the server process, as in the API's tests.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model

from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry import domain
from registry.handlers import Identity, player_command, register_player
from registry.models import Club
from registry.projections import RegistryProjection
from tests.support import pairs_event
from tests.support.pairs_event import client_for, enter_all, make_tournament, project

FAMILY = [
    "Rossi",
    "Bianchi",
    "Verdi",
    "Neri",
    "Russo",
    "Ferrari",
    "Esposito",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
]
GIVEN = [
    "Ada",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Fabio",
    "Gina",
    "Ugo",
    "Irene",
    "Luca",
    "Marta",
    "Nino",
]
HIDDEN = 11  # the index of the player who asked not to be published


@dataclass
class SiteEvent:
    tid: str
    staff: object
    director: object
    director_user: object
    numbers: list[str]  # federation numbers, by player index
    clubs: list[str]


def register_named() -> tuple[dict[int, list[str]], list[str], list[str]]:
    """Twelve players, two clubs; player ``HIDDEN`` not published."""
    tag = uuid.uuid4().hex[:6]
    clubs = [
        Club.objects.create(
            code=f"A{tag}", name=f"Circolo Bridge Alfa {tag}", city="Roma"
        ),
        Club.objects.create(
            code=f"B{tag}", name=f"Bridge Club Beta {tag}", city="Milano"
        ),
    ]
    ids: list[str] = []
    numbers: list[str] = []
    for i in range(12):
        number = str(uuid.uuid4().int)[:9]
        player_id, _ = register_player(
            Identity(
                federation_number=number, family_name=FAMILY[i], given_name=GIVEN[i]
            ),
            domain.PlayerCategory.NOT_CLASSIFIED,
            clubs[i % 2].club_id,
            metadata=Metadata(actor="system:tests"),
        )
        ids.append(str(player_id))
        numbers.append(number)
    player_command(
        domain.SetPlayerPublication(player_id=uuid.UUID(ids[HIDDEN]), published=False),
        metadata=Metadata(actor="system:tests"),
    )
    ProjectionRunner(RegistryProjection()).catch_up()
    pairs = {n: ids[2 * (n - 1) : 2 * n] for n in range(1, 7)}
    return pairs, numbers, [c.name for c in clubs]


def site_event(*, publish: bool, skip: set[tuple[int, int]] = frozenset()) -> SiteEvent:
    n = uuid.uuid4().hex[:6]
    staff, _ = client_for(f"sstaff{n}", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, user = client_for(f"std{n}", chief_director={"tournament_id": tid})
    pairs, numbers, clubs = register_named()
    pairs_event.seat_pairs(staff, tid, pairs, timedelta(hours=1))
    enter_all(director, tid, skip)
    if publish:
        r = director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
        assert r.status_code == 201, r.json()
    project()
    return SiteEvent(tid, staff, director, user, numbers, clubs)


def user_named(username: str) -> object:
    return get_user_model().objects.get(username=username)


# Boards 1 and 2 of tests/fixtures/pbn/hand_records_session1.pbn: DDS's own
# examples (examples/hands.cpp), whose figures tests/boards checks: board 1
# makes 6 tricks in NT for every declarer, spades 5 for N/S and 8 for E/W,
# par -110 (2S by East or West).
DEALS = {
    1: "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    2: "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
}


def record_deals(tid: str, deals: dict[int, str], *, analyse: bool = True) -> None:
    """Record the deals of session 1 as a director would (the tournament
    stream's ``SetHandRecords``) and, with ``analyse``, solve them double
    dummy in this process (the Celery task's body, DDS for real)."""
    from rules.bridge import Deal
    from tournaments import analysis, handlers
    from tournaments.domain import tournament

    handlers.handle_tournament(
        uuid.UUID(tid),
        tournament.SetHandRecords(
            session=1,
            source=tournament.HandSource.IMPORTED,
            records=tuple(
                tournament.HandRecord(board_number=n, deal=Deal.from_pbn(text).to_pbn())
                for n, text in sorted(deals.items())
            ),
        ),
        metadata=Metadata(actor="system:tests"),
    )
    if analyse:
        analysis.run_analysis(uuid.UUID(tid), 1)


_CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def strip_csrf(content: bytes) -> bytes:
    """A page without its CSRF token (masked anew at every render), so two
    renders of the same page compare equal byte for byte."""
    return _CSRF.sub(b'name="csrfmiddlewaretoken" value=""', content)
