"""FIGB N-L79 on the director's correction page, before publication: after
the time set for the last round, a possible score is not corrected (kept for
the organizer, Law 79C2) and the page says why in Italian and English; the
"risultato inammissibile" box corrects it (decision 0218)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.test import Client

from console.models import LateCorrectionRequest
from eventstore.store import event_store
from tests.console.integration.test_late_corrections import (
    CORRECTION,
    EN,
    IT,
    text,
)
from tests.support.pairs_event import client_for, enter_all, make_tournament, seat_pairs
from tournaments.domain import board_result

pytestmark = pytest.mark.django_db


def after_the_last_round() -> tuple[str, Client]:
    """A FIGB pairs session whose end of play passed a minute ago, unpublished."""
    n = uuid.uuid4().hex[:6]
    staff, _ = client_for(f"nls{n}", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=-1))
    director_api, director_user = client_for(
        f"nld{n}", chief_director={"tournament_id": tid}
    )
    seat_pairs(staff, tid, {}, timedelta(minutes=-1))
    enter_all(director_api, tid)
    browser = Client()
    browser.force_login(director_user)
    return tid, browser


def test_a_possible_score_after_the_last_round_is_kept_for_the_organizer() -> None:
    tid, director = after_the_last_round()
    page = f"/console/events/{tid}/sessions/1/corrections/"
    # Italian notation: 4 picche (P), as an Italian director types it.
    italian = {**CORRECTION, "contract": "4P"}
    refused = director.post(page, {**italian, "idempotency_key": "n1"}, **IT)
    assert refused.status_code == 409
    assert (
        "Dopo il termine fissato per l'ultimo turno si corregge solo un risultato "
        "inammissibile: questa correzione è inviata all'organizzatore e potrà "
        "essere eseguita dopo la sua approvazione (FIGB N-L79)"
    ) in text(refused)
    english = director.post(page, {**CORRECTION, "idempotency_key": "n2"}, **EN)
    assert (
        "After the time set for the last round only an inadmissible result is "
        "corrected: this correction is sent to the organizer, and can be made "
        "once approved (FIGB N-L79)"
    ) in text(english)
    assert [
        (late.board, late.table, late.result)
        for late in LateCorrectionRequest.objects.filter(tournament_id=tid)
    ] == [(1, 1, "4SN 9")]  # one request for the table, asked twice
    stream = board_result.stream_id(uuid.UUID(tid), 1, 1, 1)
    assert not any(
        isinstance(e.event, board_result.ResultCorrected)
        for e in event_store().read_stream(stream).events
    )

    inadmissible = {**italian, "inadmissible": "on", "idempotency_key": "n3"}
    corrected = director.post(page, inadmissible, **IT)
    assert corrected.status_code == 201, text(corrected)
    [event] = [
        e.event
        for e in event_store().read_stream(stream).events
        if isinstance(e.event, board_result.ResultCorrected)
    ]
    assert (event.contract, event.tricks, event.after_period) == ("4SN", 9, False)
