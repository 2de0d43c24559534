"""The organizer's approval of a late correction as a page (Law 79C2,
decisions 0119 and 0161): the director's correction after the period is
kept for the organizer, whose own account approves it with a reason; the
director's next correction then goes through. Every other role is refused
with its exact status."""

from __future__ import annotations

import html
import re
import uuid
from datetime import timedelta
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from console.models import LateCorrectionRequest
from eventstore.store import event_store
from tests.support.auth import PASSWORD
from tests.support.pairs_event import client_for, enter_all, make_tournament, seat_pairs
from tournaments.domain import board_result

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def user_with(role: str | None = None, **scope: object) -> Any:
    user = get_user_model().objects.create_user(f"lc{uuid.uuid4().hex[:10]}")
    user.set_password(PASSWORD)
    user.save(update_fields=["password"])
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[misc]
    return user


def signed_in(role: str | None = None, **scope: object) -> Client:
    client = Client()
    client.force_login(user_with(role, **scope))
    return client


def late_event() -> tuple[str, Any, Any]:
    """A published session whose correction period is over; its director and
    its organizer (with ``PASSWORD``)."""
    n = uuid.uuid4().hex[:6]
    staff, _ = client_for(f"lcs{n}", federation_staff={})
    tid = make_tournament(
        staff, timedelta(hours=-1), inadmissible_minutes=0, appeal_minutes=0
    )
    director_api, director_user = client_for(
        f"lcd{n}", chief_director={"tournament_id": tid}
    )
    seat_pairs(staff, tid, {}, timedelta(minutes=-1))
    enter_all(director_api, tid)
    published = director_api.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert published.status_code == 201
    director_user.set_password(PASSWORD)  # type: ignore[attr-defined]
    director_user.save(update_fields=["password"])  # type: ignore[attr-defined]
    return tid, director_user, user_with("organizer", tournament_id=uuid.UUID(tid))


def clients(tid: str, director: Any, organizer: Any) -> tuple[str, Client, Client]:
    browsers = Client(), Client()
    browsers[0].force_login(director)
    browsers[1].force_login(organizer)
    return tid, *browsers


CORRECTION = {
    "board": "1",
    "table": "1",
    "contract": "4S",
    "declarer": "N",
    "tricks": "9",
    "reason": "the scorer's slip",
}


def test_the_organizer_approves_a_late_correction_the_director_then_makes_it() -> None:
    tid, director, organizer = clients(*late_event())
    corrections = f"/console/events/{tid}/sessions/1/corrections/"
    refused = director.post(corrections, {**CORRECTION, "idempotency_key": "c1"}, **EN)
    assert refused.status_code == 409
    assert (
        "The correction period has ended: the correction is sent to the organizer, "
        "and can be made once approved (FIGB N-L79)"
    ) in text(refused)
    [late] = LateCorrectionRequest.objects.filter(tournament_id=tid)
    assert (late.session, late.board, late.table, late.result) == (1, 1, 1, "4SN 9")
    assert late.approved_at is None

    page = f"/console/events/{tid}/late-corrections/"
    listed = organizer.get(page, **IT)
    assert listed.status_code == 200
    assert "Sessione 1, smazzata 1, tavolo 1" in text(listed)
    assert "Risultato corretto: 4SN 9" in text(listed)
    # No reason: refused, nothing recorded.
    blank = organizer.post(page, {"request": str(late.pk), "reason": " "}, **IT)
    assert blank.status_code == 400
    assert "Indica il motivo dell'approvazione" in text(blank)
    approved = organizer.post(
        page, {"request": str(late.pk), "reason": "slip seen by both pairs"}, **IT
    )
    assert (approved.status_code, approved["Location"]) == (302, f"{page}?approved=1")
    stream = board_result.stream_id(uuid.UUID(tid), 1, 1, 1)
    last = event_store().read_stream(stream).events[-1]
    assert isinstance(last.event, board_result.LateCorrectionApproved)
    assert last.event.reason == "slip seen by both pairs"
    assert last.metadata["actor"] == last.event.by
    assert last.event.by.startswith("user:")
    after = organizer.get(f"{page}?approved=1", **IT)
    assert "Approvata." in text(after)
    assert "approvata" in text(after)
    # Approved once: a second approval of the same request is 404.
    twice = organizer.post(page, {"request": str(late.pk), "reason": "again"}, **IT)
    assert twice.status_code == 404

    corrected = director.post(
        corrections, {**CORRECTION, "idempotency_key": "c2"}, **EN
    )
    assert corrected.status_code == 201, text(corrected)
    [event] = [
        e.event
        for e in event_store().read_stream(stream).events
        if isinstance(e.event, board_result.ResultCorrected)
    ]
    assert (event.contract, event.tricks, event.after_period) == ("4SN", 9, True)


def test_the_late_corrections_page_is_the_organizers_alone() -> None:
    tid, director, organizer = clients(*late_event())
    director.post(
        f"/console/events/{tid}/sessions/1/corrections/",
        {**CORRECTION, "idempotency_key": "c3"},
    )
    late = LateCorrectionRequest.objects.get(tournament_id=tid)
    page = f"/console/events/{tid}/late-corrections/"
    approve = {"request": str(late.pk), "reason": "r"}
    visitor = Client()
    for answer in (visitor.get(page), visitor.post(page, approve)):
        assert answer.status_code == 302
        assert answer["Location"] == f"/login/?next={quote(page)}"
    others = [
        director,
        signed_in("director", tournament_id=uuid.UUID(tid)),
        signed_in("federation_staff"),
        signed_in("organizer", tournament_id=uuid.uuid4()),
        signed_in(None),
    ]
    for client in others:
        assert client.get(page).status_code == 403
        assert client.post(page, approve).status_code == 403
    assert LateCorrectionRequest.objects.get(pk=late.pk).approved_at is None
    assert organizer.get(page).status_code == 200
    assert organizer.put(page).status_code == 405
    assert organizer.post(page, {"request": "999999", "reason": "r"}).status_code == 404
    assert organizer.post(page, approve).status_code == 302


def test_the_organizer_is_mailed_each_request_once_and_their_page_links_it() -> None:
    """Decision 0161: the beat task e-mails a pending request to the event's
    organizers once, in Italian and English; a changed request is mailed
    again; an approved one never; with no address it waits for the next beat.
    The organizer's own page counts the requests and links their page."""
    from django.conf import settings
    from django.core import mail

    from console import late_mail

    tid, director_user, organizer_user = late_event()
    _, director, organizer = clients(tid, director_user, organizer_user)
    corrections = f"/console/events/{tid}/sessions/1/corrections/"
    director.post(corrections, {**CORRECTION, "idempotency_key": "m1"}, **EN)
    [late] = LateCorrectionRequest.objects.filter(tournament_id=tid)

    mail.outbox.clear()
    # No organizer with an address yet: nothing sent, tried again later.
    assert late_mail.send_pending() == 0
    assert mail.outbox == []
    late.refresh_from_db()
    assert late.mailed_at is None

    organizer_user.email = "organizer@example.org"
    organizer_user.save(update_fields=["email"])
    assert late_mail.send_pending() == 1
    assert late_mail.send_pending() == 0
    [sent] = mail.outbox
    assert sent.to == ["organizer@example.org"]
    assert sent.subject.startswith("[Arbitro] Correzione tardiva da approvare: ")
    assert " / Late correction to approve: " in sent.subject
    url = f"{settings.ARBITRO_SITE_URL}/console/events/{tid}/late-corrections/"
    assert (
        "L'arbitro chiede di correggere la smazzata 1, tavolo 1 (sessione 1) dopo il "
        "periodo di correzione: 4SN 9. Motivo: the scorer's slip. Solo l'organizzatore "
        f"può approvarla (Legge 79C2): {url}"
    ) in sent.body
    assert (
        "The director asks to correct board 1, table 1 (session 1) after the "
        "correction period: 4SN 9."
    ) in sent.body

    # The organizer's page counts it and links the approvals.
    me = organizer.get("/me/", **IT)
    assert "1 correzione tardiva attende la tua approvazione (Legge 79C2)." in text(me)
    assert f'href="/console/events/{tid}/late-corrections/"' in me.content.decode()

    # The director changes the request: mailed again, with the new result.
    director.post(
        corrections, {**CORRECTION, "tricks": "10", "idempotency_key": "m2"}, **EN
    )
    assert late_mail.send_pending() == 1
    assert "4SN 10" in mail.outbox[-1].body
    # Approved: never mailed again, and the page counts nothing pending.
    page = f"/console/events/{tid}/late-corrections/"
    organizer.post(page, {"request": str(late.pk), "reason": "seen"}, **IT)
    LateCorrectionRequest.objects.filter(pk=late.pk).update(mailed_at=None)
    assert late_mail.send_pending() == 0
    me = organizer.get("/me/", **EN)
    assert "0 late corrections await your approval (Law 79C2)." in text(me)
