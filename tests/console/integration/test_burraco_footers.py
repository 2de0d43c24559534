"""Every burraco page names the F.I.Bur. Codice di Gara in its footer, never
the bridge Laws (decision 0200): the scoring room and its turn pages, the
printables, the prize page, the creation form, the phone sheet, and the
results site's pages of a burraco event, in Italian and in English.

The walk is over the URL patterns themselves: a burraco page added without
a way here fails the test, so none is left with the bridge footer."""

from __future__ import annotations

import re
import uuid
from typing import Any
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern

from access.models import RoleGrant
from burraco import domain as b
from burraco import urls as burraco_urls
from burraco.handlers import entry_players, handle_burraco
from burraco.projections import BurracoStandings
from console import urls as console_urls
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from results_site import urls as site_urls
from tests.burraco.integration.test_export import played
from tests.support.burraco import open_tournament
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

FOOTERS = {
    "it": "Risultati tenuti da Arbitro, secondo il Codice di Gara F.I.Bur.",
    "en": "Results kept by Arbitro, by the F.I.Bur. Codice di Gara.",
}
BRIDGE = ("Laws of Duplicate Bridge", "Codice di Gara del Bridge", "FIGB")
FOOTER = re.compile(r'<footer role="contentinfo">\s*<p>(.*?)</p>\s*</footer>', re.S)


def burraco_patterns() -> set[str]:
    """Every burraco page's name, from the URL patterns."""
    names = {f"burraco:{p.name}" for p in burraco_urls.urlpatterns}
    for prefix, patterns in (("console", console_urls), ("site", site_urls)):
        names |= {
            f"{prefix}:{p.name}"
            for p in patterns.urlpatterns
            if isinstance(p, URLPattern) and p.name and p.name.startswith("burraco")
        }
    return names | {"site:event"}  # a burraco event's own page too


def client(language: str, role: str, **scope: Any) -> Client:
    user = get_user_model().objects.create_user(f"footer-{role}-{language}")
    RoleGrant.objects.create(user=user, role=role, **scope)
    signed = Client(HTTP_ACCEPT_LANGUAGE=language)
    signed.force_login(user)
    return signed


Ask = tuple[str, str, dict[str, str] | None, int, bool]


def requests(tid: UUID) -> dict[str, Ask]:
    """Each page: who asks (director, staff, player, public), the path, the
    form sent (none: a GET), the answer's status, and whether it is a whole
    page (a fragment has no footer). A form sent empty is refused, and the
    refusal is a page of its own."""
    c, t = f"/console/burraco/{tid}", f"/console/burraco/{tid}/turns/3"
    return {
        "console:burraco": ("director", f"{c}/", None, 200, True),
        "console:burraco_step": (
            "director",
            f"{c}/steps/",
            {"action": "groups", "sizes": "x"},
            400,
            True,
        ),
        "console:burraco_entries": ("director", f"{c}/entries/", {}, 400, True),
        "console:burraco_prizes": ("director", f"{c}/prizes/", None, 200, True),
        "console:burraco_print_prizes": (
            "director",
            f"{c}/prizes/print/",
            None,
            200,
            True,
        ),
        "console:burraco_turn": ("director", f"{t}/", None, 200, True),
        "console:burraco_fix": ("director", f"{t}/corrections/", {}, 400, False),
        "console:burraco_line_up": ("director", f"{t}/line-ups/", {}, 400, False),
        "console:burraco_incident": (
            "director",
            f"{t}/incidents/",
            {"kind": "warning"},
            400,
            True,
        ),
        "console:burraco_print": ("director", f"{t}/print/", None, 200, True),
        "console:burraco_remedy": (
            "director",
            f"{t}/remedies/",
            {"kind": "report"},
            400,
            True,
        ),
        "console:burraco_print_reports": (
            "director",
            f"{c}/reports/print/",
            None,
            200,
            True,
        ),
        "console:burraco_new": ("staff", "/console/burraco/new/", None, 200, True),
        "burraco:table_sheet": ("player", f"/burraco/{tid}/table/", None, 200, True),
        "site:burraco": ("public", f"/events/{tid}/burraco/", None, 200, True),
        "site:burraco_prizes": (
            "public",
            f"/events/{tid}/burraco/prizes/",
            None,
            200,
            True,
        ),
        "site:event": ("public", f"/events/{tid}/", None, 200, True),
    }


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_burraco_page_names_the_codice_di_gara(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = played(monkeypatch)
    handle_burraco(
        tid,
        b.SetPrizes(entry_fee_cents=2000, pool_percent=50, shares=(60, 40)),
        metadata=Metadata(actor="system:tests", tournament_id=tid),
    )
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(BurracoStandings()).catch_up()
    walk = requests(tid)
    assert set(walk) == burraco_patterns()
    player = entry_players(tid)[1][0]
    clients = {
        "director": client(language, "director", tournament_id=tid),
        "staff": client(language, "federation_staff"),
        "player": client(language, "player", player_id=player),
        "public": Client(HTTP_ACCEPT_LANGUAGE=language),
    }
    for name, (who, path, form, status, whole) in sorted(walk.items()):
        asker = clients[who]
        sent = asker.get(path) if form is None else asker.post(path, form)
        assert sent.status_code == status, (name, sent.status_code)
        body = sent.content.decode()
        for bridge in BRIDGE:
            assert bridge not in body, (name, bridge)
        footers = FOOTER.findall(body)
        assert footers == ([FOOTERS[language]] if whole else []), (name, footers)


GENERIC = {
    "it": "Risultati tenuti da Arbitro, secondo il Codice di gara del bridge e i "
    "regolamenti FIGB.",
    "en": "Results kept by Arbitro, by the Laws of Duplicate Bridge and the FIGB "
    "regulations.",
}
REFUSED = {"it": "Accesso non consentito", "en": "Access not allowed"}
NOT_FOUND = {"it": "Pagina non trovata", "en": "Page not found"}


@pytest.mark.parametrize("language", ["it", "en"])
def test_a_burraco_paths_403_and_404_name_the_codice_di_gara(language: str) -> None:
    """Decision 0203: a refusal or a missing page under a burraco path has
    the burraco footer; elsewhere the site's own, and a 403 is a page of
    the site (it was Django's bare English one)."""
    tid, _meta = open_tournament(4)
    unknown = uuid.uuid4()
    other = client(language, "director", tournament_id=unknown)
    public = Client(HTTP_ACCEPT_LANGUAGE=language)
    burraco = FOOTERS[language]
    asks = [
        (other, f"/console/burraco/{tid}/", 403, burraco),
        (other, f"/console/burraco/{tid}/prizes/print/", 403, burraco),
        (other, "/console/burraco/new/", 403, burraco),
        (other, f"/burraco/{tid}/table/", 403, burraco),
        (public, f"/burraco/{unknown}/table/nothing/", 404, burraco),
        (other, f"/console/burraco/{unknown}/", 404, burraco),
        (public, f"/events/{unknown}/burraco/", 404, burraco),
        (public, f"/events/{unknown}/burraco/prizes/", 404, burraco),
        (public, f"/console/burraco/{tid}/nothing/", 404, burraco),
        (other, f"/console/events/{tid}/sessions/1/", 403, GENERIC[language]),
        (public, f"/events/{unknown}/", 404, GENERIC[language]),
        (public, "/burracos/", 404, GENERIC[language]),
    ]
    for asker, path, status, footer in asks:
        answer = asker.get(path)
        body = answer.content.decode()
        assert (answer.status_code, FOOTER.findall(body)) == (status, [footer]), path
        title = REFUSED if status == 403 else NOT_FOUND
        assert re.findall(r"<h1>([^<]*)</h1>", body) == [title[language]], path
