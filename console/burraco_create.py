"""A burraco tournament created from the console (decision 0193): the
settings of ``POST /api/v1/burraco/tournaments/`` most clubs need, and the
prize settings with them, for federation staff (the API's rule).

The form becomes the API's commands (``CreateTournament``, ``OpenBurraco``
and ``SetPrizes``) and goes to ``burraco.commands.create_burraco``. Its key
is kept in the form until answered and names the new tournament, so a form
sent again after a lost answer is the same creation, answered as the first.
A refusal stands beside the form in the reader's language, naming the
field and the article. Italian first.

The creator may take the new tournament's chief director's office (a
checkbox, on by default; decision 0201): the API's appointment
(``AppointOfficial`` through ``tournaments.handlers.handle_official``), so
the office is an event on the tournament's stream, naming who appointed,
and the role grant follows from it as from every appointment.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.roles import actor_of, is_federation_staff
from burraco import domain as burraco
from burraco.commands import create_burraco
from console.views import new_key
from eventstore.commands import client_key
from eventstore.errors import IdempotencyKeyReused
from eventstore.store import Metadata
from rules.errors import DomainError
from tournaments.domain import tournament
from tournaments.handlers import handle_official

__all__ = ["new_tournament"]

# The console's creations are named from their form's key, as the API's
# from its Idempotency-Key (httpapi.commands.new_id), in a namespace of
# their own.
CREATION_IDS = uuid.UUID("5b0d7f2e-8c1a-4e3b-9d6f-2a4c8e1b7f30")
MAX_EUROS = Decimal("100000")

# A refusal said for the field it names (the domain's detail otherwise).
FIELD_TEXT = {
    "hands_per_turn": gettext_lazy("A turn has 2, 3 or 4 hands"),
    "prizes.shares": gettext_lazy(
        "Each place's share is a whole percentage, all of them at most the "
        "prize pool (100%)"
    ),
    "prizes.group_shares": gettext_lazy(
        "The merit groups' shares are at most 100% in all, and only for the "
        "groups the tournament splits into"
    ),
}


class Typed(ValueError):
    """A field that is not what it says (the form's fault)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _whole(post: Any, field: str, *, blank: int | None = None) -> int | None:
    raw = post.get(field, "").strip()
    if not raw:
        return blank
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        raise Typed(field, _("Type a whole number"))
    return int(raw)


def _cents(post: Any, field: str) -> int | None:
    """Euros typed as 10, 10,50 or 10.50: their cents (blank: None)."""
    raw = post.get(field, "").strip().replace(" ", "")
    if not raw:
        return None
    try:
        euros = Decimal(raw.replace(",", "."))
    except InvalidOperation:
        euros = Decimal(-1)
    if (
        not euros.is_finite()
        or euros < 0
        or euros >= MAX_EUROS
        or euros != round(euros, 2)
    ):
        raise Typed(field, _("Type an amount in euros, such as 15 or 12,50"))
    return int(euros * 100)


def _shares(raw: str, field: str) -> tuple[int, ...]:
    words = raw.replace(",", " ").split()
    if len(words) > 100 or not all(w.isdigit() and len(w) <= 3 for w in words):
        raise Typed(field, _("Type whole percentages apart, 1st first: 50 30 20"))
    return tuple(int(w) for w in words)


def _starts_at(post: Any) -> datetime:
    raw = post.get("starts_at", "").strip()
    try:
        naive = datetime.fromisoformat(raw)
    except ValueError:
        raise Typed("starts_at", _("Give the day and time it starts")) from None
    if naive.tzinfo is not None:
        raise Typed("starts_at", _("Give the day and time it starts"))
    return timezone.make_aware(naive)


def _prizes(post: Any) -> burraco.SetPrizes | None:
    fee = _cents(post, "entry_fee")
    percent = _whole(post, "pool_percent")
    shares = _shares(post.get("shares", ""), "shares")
    groups = tuple(
        _shares(part, "group_shares")
        for part in post.get("group_shares", "").split("/")
        if part.strip()
    )
    costs = _cents(post, "costs_per_entry")
    if fee is None:
        if percent is not None or shares or groups or costs is not None:
            raise Typed("entry_fee", _("The prizes need the entry fee"))
        return None
    if percent is None:
        raise Typed("pool_percent", _("The prizes need the prize pool's percentage"))
    return burraco.SetPrizes(
        entry_fee_cents=fee,
        pool_percent=percent,
        shares=shares,
        costs_per_entry_cents=costs or 0,
        group_shares=groups,
    )


def _field(error: DomainError) -> str:
    """The form's field a refusal names: ``prizes.group_shares.1.0`` is
    the group shares' field."""
    return (error.field or "").removeprefix("prizes.").split(".")[0]


def _message(error: DomainError) -> str:
    named = (error.field or "").split(".")
    head = ".".join(named[:2] if named[0] == "prizes" else named[:1])
    said = str(FIELD_TEXT.get(head, error.message))
    return f"{said} ({error.law})" if error.law is not None else said


CHOICES = {
    "hands": (2, 3, 4),
    "forms": [
        ("pairs", gettext_lazy("pairs")),
        ("teams", gettext_lazy("teams")),
        ("individual", gettext_lazy("individual")),
        ("giallo", gettext_lazy("giallo")),
    ],
    "categories": [
        ("club", gettext_lazy("club")),
        ("federal", gettext_lazy("federal")),
        ("regional", gettext_lazy("regional")),
        ("national", gettext_lazy("national")),
        ("championship", gettext_lazy("championship")),
    ],
}


def _page(
    request: HttpRequest,
    *,
    key: str,
    error: str = "",
    field: str = "",
    status: int = 200,
    made: uuid.UUID | None = None,
) -> HttpResponse:
    created = request.GET.get("created", "")
    try:
        made = made or (uuid.UUID(created) if created else None)
    except ValueError:
        made = None
    context = {
        "key": key,
        "error": error,
        "field": field,
        "values": request.POST if request.method == "POST" else {},
        "created": made,
        **CHOICES,
    }
    return render(request, "console/burraco/new.html", context, status=status)


def new_tournament(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST: the creation, then the form again naming it."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_federation_staff(request.user):
        raise PermissionDenied("federation staff create tournaments")
    if request.method == "GET":
        return _page(request, key=new_key())
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    post = request.POST
    key = post.get("idempotency_key", "").strip()[:64] or new_key()
    actor = actor_of(request.user)
    tid = uuid.uuid5(CREATION_IDS, client_key(actor, key) or key)
    try:
        name = post.get("name", "").strip()[:200]
        if not name:
            raise Typed("name", _("Give the tournament a name"))
        form = burraco.EntryForm(post.get("form", "pairs"))
        create = tournament.CreateTournament(
            tournament_id=tid,
            name=name,
            game=tournament.Game.BURRACO,
            form=tournament.Form.INDIVIDUAL
            if form.singles
            else tournament.Form(form.value),
            scoring=tournament.ScoringMethod.BURRACO_VP,
            starts_at=_starts_at(post),
            windows=tournament.WindowRules(),
        )
        settings = burraco.OpenBurraco(
            tournament_id=tid,
            hands_per_turn=_whole(post, "hands_per_turn", blank=0) or 0,
            turns=_whole(post, "turns", blank=0) or 0,
            mitchell_turns=_whole(post, "mitchell_turns"),
            split_after=_whole(post, "split_after"),
            merit_groups=_whole(post, "merit_groups", blank=2) or 0,
            form=form,
            category=burraco.Category(post.get("category", "club")),
        )
        prizes = _prizes(post)
    except Typed as typed:
        return _page(
            request, key=key, error=typed.message, field=typed.field, status=400
        )
    except ValueError:  # a choice the form does not offer
        return _page(request, key=key, error=_("Choose from the list"), status=400)
    try:
        create_burraco(
            tid,
            create,
            settings,
            metadata=Metadata(
                actor=actor, tournament_id=tid, command="create_burraco_tournament"
            ),
            idempotency_key=key,
            prizes=prizes,
        )
    except DomainError as refused:
        return _page(
            request,
            key=key,
            error=_message(refused),
            field=_field(refused),
            status=422,
        )
    except IdempotencyKeyReused:
        return _page(
            request,
            key=new_key(),
            error=_("This form was already sent with other values: reload the page"),
            status=409,
        )
    if post.get("chief_director"):
        refusal = _appoint_chief(request, tid, key)
        if refusal:
            return _page(request, key=new_key(), error=refusal, status=422, made=tid)
    url = reverse("console:burraco_new")
    return HttpResponseRedirect(f"{url}?created={tid}", status=303)


def _appoint_chief(request: HttpRequest, tid: uuid.UUID, key: str) -> str:
    """The creator appointed chief director, as ``POST .../officials/``
    appoints (decision 0201); its own key, derived from the form's, so a
    resend appoints once. A refusal's text, or nothing."""
    user = request.user
    name = user.get_full_name() or user.get_username()  # type: ignore[union-attr]
    try:
        handle_official(
            tid,
            tournament.AppointOfficial(
                user=actor_of(user),
                name=name,
                role=tournament.OfficialRole.CHIEF_DIRECTOR,
            ),
            metadata=Metadata(
                actor=actor_of(user), tournament_id=tid, command="appoint_official"
            ),
            idempotency_key=f"{key}:chief-director",
        )
    except (DomainError, IdempotencyKeyReused):
        return _(
            "The tournament is created, but you are not its chief director: "
            "it has another. Federation staff appoint its officials."
        )
    return ""
