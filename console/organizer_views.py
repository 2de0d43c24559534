"""The organizer's page (Law 79C2): the late corrections the directors sent,
each approved with its reason by the organizer's own account (decision 0119:
an office of its own, never a director's), through the command the API's
``late-correction-approvals/`` sends (decision 0161)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from access.roles import actor_of, is_organizer
from console import forms, reads
from console.models import LateCorrectionRequest
from console.views import new_key
from eventstore.store import Metadata
from rules.errors import DomainError, StateConflict
from tournaments import handlers
from tournaments.domain import board_result

View = Callable[..., HttpResponse]


def organizer_only(view: View) -> View:
    """The tournament's organizer; a visitor is sent to sign in, anyone else
    signed in (a director of the event included) is refused (403)."""

    @wraps(view)
    def wrapped(
        request: HttpRequest, tournament_id: UUID, **kwargs: Any
    ) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())  # settings.LOGIN_URL
        if not is_organizer(request.user, tournament_id):
            raise PermissionDenied("only the organizer's account of this tournament")
        return view(request, tournament_id, **kwargs)

    return wrapped


def _page(
    request: HttpRequest, tournament_id: UUID, status: int = 200, **more: Any
) -> HttpResponse:
    state = handlers.load_tournament(tournament_id)
    if state.created is None:
        raise Http404("no such tournament")
    context = {
        "tournament_id": tournament_id,
        "name": state.created.name,
        "requests": reads.late_requests(tournament_id),
        "key": new_key(),
        **more,
    }
    return render(request, "console/late_corrections.html", context, status=status)


@organizer_only
def late_corrections(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """GET: the late corrections, pending first. POST: approve one with its
    reason (Law 79C2); 302 back to the list, or the refusal beside it."""
    if request.method == "GET":
        approved = request.GET.get("approved") == "1"
        return _page(request, tournament_id, notice=_("Approved.") if approved else "")
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    number = forms.number(request.POST.get("request"), 1, 2**31 - 1)
    late = LateCorrectionRequest.objects.filter(
        pk=number or 0, tournament_id=tournament_id, approved_at=None
    ).first()
    if late is None:
        raise Http404("no such pending correction")
    reason = request.POST.get("reason", "").strip()[: forms.MAX_TEXT]
    if not reason:
        return _page(
            request,
            tournament_id,
            400,
            error=_("Give the approval's reason"),
            failed=late.pk,
        )
    actor = actor_of(request.user)
    key = request.POST.get("idempotency_key", "").strip()[:64] or None
    try:
        handlers.handle_board_result(
            handlers.TableRef(tournament_id, late.session, late.board, late.table),
            lambda _a: board_result.ApproveLateCorrection(by=actor, reason=reason),
            metadata=Metadata(
                actor=actor,
                tournament_id=tournament_id,
                command="approve_late_correction",
            ),
            idempotency_key=key,
        )
    except DomainError as exc:
        status = 409 if isinstance(exc, StateConflict) else 422
        return _page(
            request, tournament_id, status, error=forms.message_of(exc), failed=late.pk
        )
    late.approved_by = actor
    late.approved_at = timezone.now()
    late.save(update_fields=["approved_by", "approved_at"])
    return redirect(
        reverse("console:late_corrections", args=[tournament_id]) + "?approved=1"
    )
