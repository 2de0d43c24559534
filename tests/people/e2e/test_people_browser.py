"""Issue 18 end to end in chromium: staff invite a director, a committee
member and a player; each sets a password from the e-mailed link; the player
appeals an adjusted score at their table, the partner concurs, the committee
formed after the appeal hears and decides it; the notifications arrive in
the mail folder and on the player's page."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import override_settings

from access.models import RoleGrant
from appeals.domain.conditions import AppealConditions
from appeals.handlers import set_conditions
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from people.models import Notification
from people.notifications import Notifications, send
from registry.models import PlayerIdentity
from tests.people.mailbox import inbox, link_in, text
from tests.results_site.e2e.conftest import DESKTOP, PHONE
from tests.support.appeals import Event, project
from tests.support.server import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]
PASSWORD = "una-password-lunga-17"
FILE_MAIL = "django.core.mail.backends.filebased.EmailBackend"


def notify() -> None:
    """What the workers do: the projections, then the beat's sending task."""
    project()
    ProjectionRunner(Notifications()).catch_up()
    with override_settings(EMAIL_BACKEND=FILE_MAIL):
        send()


def sign_in(page: Any, url: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{url}/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("form.stacked button[type=submit]").click()
    page.wait_for_url(f"{url}/me/")


def set_password(page: Any, url: str, address: str, shot: Any, name: str) -> None:
    """Open the link the invitation carries and choose the password."""
    [invitation] = inbox(address)
    assert "Il tuo account Arbitro / Your Arbitro account" in str(invitation["Subject"])
    page.goto(url + link_in(invitation))
    page.locator("#id_new_password1").fill(PASSWORD)
    page.locator("#id_new_password2").fill(PASSWORD)
    shot(page, f"{name}-set-password")
    page.locator("form.stacked button[type=submit]").click()
    page.wait_for_url(f"{url}/accounts/password-set/")
    # The link works once.
    page.goto(url + link_in(invitation))
    assert page.locator("p.notice").is_visible()


def invite(page: Any, url: str, username: str, address: str) -> int:
    page.goto(f"{url}/accounts/")
    page.locator("#id_username").fill(username)
    page.locator("#id_email").fill(address)
    page.locator("#id_first_name").fill(username.split("-")[0].title())
    page.locator("#id_last_name").fill("Invitata")
    page.get_by_role("button", name="Invita").click()
    page.wait_for_url(f"{url}/accounts/*/")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def test_staff_invite_a_player_appeals_and_the_committee_decides(
    server: Server, browser: Any, shot: Any
) -> None:
    url = server.url
    event = Event()
    tag = uuid.uuid4().hex[:6]
    # A second ruling at table 1, with an adjusted score (Law 12C2).
    adjusted = event.clients["assistant"].post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/rulings/",
        {
            "board_number": 2,
            "table": 1,
            "laws": ["12C2"],
            "facts": "the board was fouled",
            "decision": "artificial adjusted score",
            "adjusted_score": "A60/40",
        },
        format="json",
    )
    event.ok(adjusted)
    ruling_id = adjusted.json()["ruling_id"]
    # North's own account comes from the invitation below, not the fixture's.
    north_player = event.player("north")
    RoleGrant.objects.filter(user=event.users["north"]).delete()
    number = PlayerIdentity.objects.get(player_id=north_player).federation_number
    project()  # the events' read model, which the staff's form lists
    for name in ("staff", "chief", "south"):
        event.users[name].set_password(PASSWORD)
        event.users[name].save()

    staff = browser.window(DESKTOP, "it-IT")
    sign_in(staff, url, event.users["staff"].username)
    addresses = {
        role: f"{role}-{tag}@example.org"
        for role in ("player", "director", "committee")
    }
    ids = {
        role: invite(staff, url, f"{role}-{tag}", a) for role, a in addresses.items()
    }
    # The player: linked to the register by federation number.
    staff.goto(f"{url}/accounts/{ids['player']}/")
    staff.locator("#id_link-federation_number").fill(number)
    staff.get_by_role("button", name="Collega il giocatore").click()
    staff.wait_for_url(f"{url}/accounts/{ids['player']}/")
    assert list(
        RoleGrant.objects.filter(user_id=ids["player"]).values_list("role", "player_id")
    ) == [("player", uuid.UUID(north_player))]
    # The director and the committee member: appointed to the event.
    for role, office in (("director", "director"), ("committee", "committee_member")):
        staff.goto(f"{url}/accounts/{ids[role]}/")
        staff.locator("#id_office-tournament").select_option(event.tid)
        staff.locator("#id_office-office").select_option(office)
        staff.get_by_role("button", name="Nomina").click()
        staff.wait_for_url(f"{url}/accounts/{ids[role]}/")
    shot(staff, "account-desktop-it")
    assert list(
        RoleGrant.objects.filter(user_id=ids["director"]).values_list(
            "role", "tournament_id"
        )
    ) == [("director", uuid.UUID(event.tid))]

    # Each sets a password from the e-mailed link, then signs in.
    player = browser.window(PHONE, "it-IT")
    set_password(player, url, addresses["player"], shot, "player")
    director = browser.window(PHONE, "en-GB")
    set_password(director, url, addresses["director"], shot, "director")
    sign_in(director, url, f"director-{tag}")
    committee = browser.window(DESKTOP, "en-GB")
    set_password(committee, url, addresses["committee"], shot, "committee")
    sign_in(committee, url, f"committee-{tag}")
    sign_in(player, url, f"player-{tag}")

    # The adjusted score reaches the player, with the end of the appeal period.
    notify()
    [ruled] = inbox(addresses["player"])[1:]
    assert "Punteggio arbitrale sulla smazzata 2" in str(ruled["Subject"])
    assert "A60/40, Legge 12C2." in text(ruled)
    assert "Puoi fare ricorso fino al" in text(ruled)
    # Italian writes the month in lower case: "fino al 26 novembre 2026, 18:30".
    deadline = text(ruled).split("Puoi fare ricorso fino al ")[1].split(" (")[0]
    assert re.fullmatch(r"\d{1,2} [a-z]+ \d{4}, \d\d:\d\d", deadline), deadline
    assert "You may appeal until" in text(ruled)

    # The player appeals it from their page.
    player.goto(f"{url}/me/")
    assert player.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(player, "me-phone-it")
    # The linked player is named with their federation number, not an id.
    identity = PlayerIdentity.objects.get(player_id=north_player)
    assert (
        f"{identity.given_name} {identity.family_name} · {number}"
        in player.locator("main").inner_text()
    )
    player.locator(f"a[href='/events/{event.tid}/rulings/{ruling_id}/appeal/']").click()
    player.locator("#id_grounds").fill("il board non era mescolato male")
    shot(player, "lodge-phone-it")
    player.get_by_role("button", name="Presenta il ricorso").click()
    player.wait_for_url(f"{url}/appeals/*/")
    appeal_url = player.url
    assert (
        "in attesa dell'adesione del compagno" in player.locator("#status").inner_text()
    )

    # The partner concurs from their own account (Law 92D).
    partner = browser.window(PHONE, "it-IT")
    sign_in(partner, url, event.users["south"].username)
    partner.goto(appeal_url)
    partner.get_by_role("button", name="Aderisco").click()
    partner.wait_for_url(appeal_url)
    assert partner.locator("#status").inner_text().strip() == "presentato"

    # The event forms its committee only now (decision 0139).
    # (The staff's token went with the password set above: the handler.)
    set_conditions(
        uuid.UUID(event.tid),
        AppealConditions(committee_available=True),
        metadata=Metadata(actor=f"user:{event.users['staff'].pk}"),
    )
    chief = browser.window(DESKTOP, "en-GB")
    sign_in(chief, url, event.users["chief"].username)
    chief.goto(appeal_url)
    shot(chief, "route-desktop-en")
    chief.get_by_role("button", name="Refer").click()
    chief.wait_for_url(appeal_url)
    assert (
        chief.locator("#status").inner_text().strip() == "referred to its hearing body"
    )

    # The committee sees it on its page, schedules the hearing, decides.
    project()  # the appeal files, which the committee's page lists
    committee.goto(f"{url}/me/")
    committee.locator("#committee + ul a").click()
    committee.wait_for_url(appeal_url)
    committee.locator("#id_at").fill("2030-05-04T21:30")
    committee.locator("#id_place").fill("Sala B")
    committee.get_by_role("button", name="Schedule").click()
    committee.wait_for_url(appeal_url)
    committee.locator("#id_appellant").fill("the board was not fouled")
    committee.get_by_role("button", name="Record the minutes").click()
    committee.wait_for_url(appeal_url)
    committee.locator("#id_outcome").select_option("upheld")
    committee.locator("#id_reasons").fill("the Director's finding stands")
    shot(committee, "decide-desktop-en")
    committee.get_by_role("button", name="Record the decision").click()
    committee.wait_for_url(appeal_url)
    assert committee.locator("#status").inner_text().strip() == "decided"
    shot(committee, "decided-desktop-en")

    # The notifications: lodged, hearing, decision; each e-mailed once.
    notify()
    notify()
    # A long subject is folded on the wire (RFC 5322 2.2.3): read it unfolded.
    subjects = [
        re.sub(r"\r?\n(?=[ \t])", "", str(m["Subject"]))
        for m in inbox(addresses["player"])
    ]
    # Sent in one batch, in the events' order; files written within the same
    # clock tick share an mtime, so the folder does not keep that order.
    assert sorted(subjects[2:]) == sorted(
        [
            "[Arbitro] Ricorso presentato sulla smazzata 2 / Appeal lodged on board 2",
            "[Arbitro] Udienza del ricorso sulla smazzata 2 / Appeal hearing on board 2",
            "[Arbitro] Ricorso deciso sulla smazzata 2 / Appeal decided on board 2",
        ]
    )
    decided = text(inbox(addresses["player"])[-1])
    assert "tavolo 1 è stato deciso: la decisione dell'arbitro è confermata." in decided
    rows = Notification.objects.filter(player_id=north_player).order_by("position")
    assert [(n.kind, n.status) for n in rows] == [
        ("ruling_adjusted", "sent"),
        ("appeal_lodged", "sent"),
        ("hearing_scheduled", "sent"),
        ("appeal_decided", "sent"),
    ]
    # And on the player's own page, newest first.
    player.goto(f"{url}/me/")
    notes = player.locator("#notes + ul li")
    assert notes.count() == 4
    assert "è stato deciso" in notes.first.inner_text()
    shot(player, "me-notified-phone-it")
