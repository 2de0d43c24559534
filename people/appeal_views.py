"""The appeals in the browser, and each person's own page.

A player appeals a ruling given at their table (Law 92A) before its period
ends (Law 92B), with their grounds; the partner concurs from their own
account (Law 92D). The Chief Director hears it or refers it to the event's
committee (Law 93A-B); the hearing body schedules the hearing, records the
minutes and decides (Law 93; FIGB N-L92-93 §3). Every form goes through the
appeals' command handlers, the one command path (decision 0085); a refusal
is shown beside the form with the Law it enforces (409 or 422).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from access.roles import (
    actor_of,
    is_federation_staff,
    metadata_for,
    player_ids_of,
)
from appeals import handlers
from appeals.domain import appeal
from people import pages
from people.notifications import deadline_text, message
from people.views import organizing, roles_of
from rules.errors import DomainError, StateConflict

ARTIFICIAL = ["A60/40", "A50/50", "A40/60", "A60/60", "A40/40"]


def _status(error: DomainError) -> int:
    return 409 if isinstance(error, StateConflict) else 422


def _refusal(error: DomainError) -> str:
    law = f" ({error.law})" if error.law is not None else ""
    return f"{error.message}{law}"


@login_required
def me(request: HttpRequest) -> HttpResponse:
    page = pages.my_page(request.user)
    notes = [(n, message(n), deadline_text(n)) for n in page.notifications]
    return render(
        request,
        "people/me.html",
        {
            "page": page,
            "notes": notes,
            "staff": is_federation_staff(request.user),
            "roles": roles_of(request.user),
            "organizing": organizing(request.user),
        },
    )


class LodgeForm(forms.Form):
    grounds = forms.CharField(
        label=_("Grounds of the appeal"), max_length=4000, widget=forms.Textarea
    )
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)


@login_required
def lodge(request: HttpRequest, tournament_id: UUID, ruling_id: UUID) -> HttpResponse:
    """A player appeals a ruling at their own table, only as themself."""
    line = None
    refusal: DomainError | None = None
    for player_id in sorted(player_ids_of(request.user)):
        try:
            line = pages.ruling_line(tournament_id, ruling_id, player_id)
            break
        except DomainError as problem:
            refusal = problem
    if line is None:
        raise PermissionDenied(
            _refusal(refusal) if refusal else "only a player appeals, as themself"
        )
    if line.appeal_id is not None:
        return redirect("people:appeal", appeal_id=line.appeal_id)
    form = LodgeForm(request.POST or None, initial={"key": uuid4().hex})
    error, status = "", 200
    if request.method == "POST":
        if form.is_valid():
            try:
                appeal_id, _result = handlers.lodge_appeal(
                    tournament_id=tournament_id,
                    ruling_id=ruling_id,
                    appellant_id=line.player_id,
                    grounds=form.cleaned_data["grounds"],
                    lodged_by=actor_of(request.user),
                    grounds_evident_at_ruling=None,
                    concurring_ids=(),
                    metadata=metadata_for(request, tournament_id, "lodge_appeal"),
                    # Law 92C: the site's form files with the Director, who
                    # receives it on his pages (the digest's channel).
                    channel=appeal.Channel.DIRECTOR,
                    idempotency_key=form.cleaned_data["key"],
                )
            except DomainError as refused:
                error, status = _refusal(refused), _status(refused)
            else:
                return redirect("people:appeal", appeal_id=appeal_id)
        else:
            status = 422
    return render(
        request,
        "people/lodge.html",
        {"line": line, "form": form, "error": error},
        status=status,
    )


class HearingForm(forms.Form):
    at = forms.DateTimeField(
        label=_("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M"],
    )
    place = forms.CharField(label=_("Place"), max_length=200, required=False)


class MinutesForm(forms.Form):
    appellant = forms.CharField(
        label=_("The appellant's statement"), max_length=8000, widget=forms.Textarea
    )
    opponents = forms.CharField(
        label=_("The opponents' statement"),
        max_length=8000,
        widget=forms.Textarea,
        required=False,
    )


class DecisionForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Decision"),
        choices=[
            (appeal.Outcome.UPHELD.value, _("The ruling stands")),
            (appeal.Outcome.CHANGED.value, _("The ruling is changed")),
            (appeal.Outcome.WITHOUT_MERIT.value, _("Stands; appeal without merit")),
        ],
    )
    reasons = forms.CharField(
        label=_("Reasons"), max_length=16000, widget=forms.Textarea
    )
    score = forms.ChoiceField(
        label=_("Adjusted score (if changed)"),
        required=False,
        choices=[("", "—"), *[(a, a) for a in ARTIFICIAL]],
    )
    assigned = forms.IntegerField(
        label=_("Or an assigned score for North-South"),
        required=False,
        min_value=-7600,
        max_value=7600,
    )


def _view(request: HttpRequest, appeal_id: UUID) -> pages.AppealView:
    view = pages.appeal_view(request.user, appeal_id)
    if view is None:
        raise Http404("no such appeal")
    if not (view.party or view.director or view.committee):
        raise PermissionDenied("only the parties, the directors and the committee")
    return view


def _render(
    request: HttpRequest, view: pages.AppealView, error: str = "", status: int = 200
) -> HttpResponse:
    context: dict[str, Any] = {
        "v": view,
        "hearing": HearingForm(),
        "minutes": MinutesForm(),
        "decision": DecisionForm(),
        "error": error,
    }
    return render(request, "people/appeal.html", context, status=status)


@login_required
def appeal_page(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    return _render(request, _view(request, appeal_id))


def _run(
    request: HttpRequest,
    view: pages.AppealView,
    command: appeal.AppealCommand,
    name: str,
    within: Any = None,
) -> HttpResponse:
    appeal_id = view.lodged.appeal_id
    try:
        handlers.handle_appeal(
            appeal_id,
            command,
            metadata=metadata_for(request, view.lodged.tournament_id, name),
            idempotency_key=request.POST.get("key") or None,
            within=within,
        )
    except DomainError as refused:
        return _render(request, view, _refusal(refused), _status(refused))
    return redirect("people:appeal", appeal_id=appeal_id)


def _invalid(
    request: HttpRequest, view: pages.AppealView, form: forms.Form
) -> HttpResponse:
    errors = "; ".join(
        f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()
    )
    return _render(request, view, errors, 422)


@require_POST
@login_required
def concur(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    """The partner's concurrence, from the partner's own account (Law 92D)."""
    view = _view(request, appeal_id)
    if not view.may_concur:
        raise PermissionDenied("only the partner or captain concurs, as themself")
    command = appeal.ConcurAppeal(
        player_id=view.may_concur[0], recorded_by=actor_of(request.user)
    )
    return _run(request, view, command, "concur_appeal")


@require_POST
@login_required
def referral(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    """The Chief Director hears it or refers it to the committee (Law 93A-B)."""
    view = _view(request, appeal_id)
    if not view.chief:
        raise PermissionDenied("only the Chief Director routes an appeal")
    roster = {str(o.user_id) for o in view.roster}
    chosen = [m for m in request.POST.getlist("members") if m in roster]
    committee = request.POST.get("body") == appeal.Body.COMMITTEE.value
    members = tuple(f"user:{m}" for m in chosen) if committee else ()
    command = appeal.RouteAppeal(
        body=appeal.Body.COMMITTEE if committee else appeal.Body.CHIEF_DIRECTOR,
        routed_by=actor_of(request.user),
        members=members,
        committee_cannot_operate=request.POST.get("cannot_operate") == "on",
    )
    return _run(
        request,
        view,
        command,
        "route_appeal",
        within=lambda _result: handlers.grant_committee(appeal_id, members),
    )


def _hearer(request: HttpRequest, appeal_id: UUID) -> pages.AppealView:
    view = _view(request, appeal_id)
    if not view.hearer:
        raise PermissionDenied("only the body that hears the appeal")
    return view


Build = Callable[[HttpRequest, pages.AppealView, dict[str, Any]], Any]


def _step(
    request: HttpRequest,
    appeal_id: UUID,
    form_class: type[forms.Form],
    name: str,
    build: Build,
) -> HttpResponse:
    """A step of the hearing body: its form checked, then its command run."""
    view = _hearer(request, appeal_id)
    form = form_class(request.POST)
    if not form.is_valid():
        return _invalid(request, view, form)
    return _run(request, view, build(request, view, form.cleaned_data), name)


@require_POST
@login_required
def hearing(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    return _step(request, appeal_id, HearingForm, "schedule_hearing", _schedule)


def _schedule(
    request: HttpRequest, view: pages.AppealView, data: dict[str, Any]
) -> appeal.ScheduleHearing:
    at: datetime = data["at"]
    return appeal.ScheduleHearing(at=at, place=data["place"])


@require_POST
@login_required
def minutes(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    return _step(request, appeal_id, MinutesForm, "record_hearing", _minutes)


def _minutes(
    request: HttpRequest, view: pages.AppealView, data: dict[str, Any]
) -> appeal.RecordHearing:
    """The minutes: the parties' statements and the members who sat (93B)."""
    lodged = view.lodged
    statements = [
        appeal.Statement(
            by=str(lodged.appellant_id), role="appellant", text=data["appellant"]
        )
    ]
    if data["opponents"]:
        opponent = next(
            (
                str(pid)
                for p in lodged.parties
                if not p.appellant
                for pid in p.player_ids
            ),
            "opponents",
        )
        statements.append(
            appeal.Statement(by=opponent, role="opponent", text=data["opponents"])
        )
    present = tuple(
        m for m in view.state.members if m in request.POST.getlist("present")
    )
    return appeal.RecordHearing(statements=tuple(statements), members_present=present)


@require_POST
@login_required
def decision(request: HttpRequest, appeal_id: UUID) -> HttpResponse:
    return _step(request, appeal_id, DecisionForm, "decide_appeal", _decision)


def _decision(
    request: HttpRequest, view: pages.AppealView, data: dict[str, Any]
) -> appeal.DecideAppeal:
    """The hearing body's decision (Law 93; the committee's limits, 93B3)."""
    outcome = appeal.Outcome(data["outcome"])
    lodged = view.lodged
    orders: tuple[appeal.ScoreOrder, ...] = ()
    score = data["score"] or (
        f"assigned:{data['assigned']}@1" if data["assigned"] is not None else ""
    )
    if (
        outcome is appeal.Outcome.CHANGED
        and score
        and lodged.board_number
        and lodged.table
    ):
        orders = (
            appeal.ScoreOrder(
                board_number=lodged.board_number,
                table=lodged.table,
                score=score,
                law="12C2" if score.startswith("A") else "12C1",
            ),
        )
    committee = view.state.body is appeal.Body.COMMITTEE
    return appeal.DecideAppeal(
        by=appeal.Body.COMMITTEE if committee else appeal.Body.CHIEF_DIRECTOR,
        decided_by=actor_of(request.user),
        outcome=outcome,
        reasons=data["reasons"],
        changed_points=(appeal.Point.JUDGEMENT,) if orders else (),
        adjusted_scores=orders,
    )
