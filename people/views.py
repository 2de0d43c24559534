"""Account pages: sign-in (throttled), invitations, links and roles, passwords.

Staff pages answer an anonymous visitor with the sign-in page (302) and a
signed-in person without the staff grant with 403 (decision 0138).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext_lazy as _

from access.models import RoleGrant
from access.roles import actor_of, is_federation_staff
from access.throttles import login_refused, refused_for, reset_throttles
from console.reads import pending_late_counts
from people import accounts
from registry.boundary import own_player_label
from rules.errors import DomainError
from tournaments.models import OfficialRow, TournamentRow

View = Callable[..., HttpResponse]


class LoginView(auth_views.LoginView):
    """The site's sign-in, throttled like the API's and the admin's (0106)."""

    template_name = "people/login.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        refused = login_refused(request, "site")
        return refused or super().post(request, *args, **kwargs)


class PasswordResetView(auth_views.PasswordResetView):
    """A forgotten password: the same one-time link as an invitation.

    Throttled by caller and by the address asked for (decision 0211), both
    counted before any account is looked up: past either rate the page says
    to wait (429) and no mail is sent, whether or not an account has the
    address, so neither answer tells which addresses have one.
    """

    template_name = "people/password_reset.html"
    success_url = reverse_lazy("people:password_reset_sent")

    def form_valid(self, form: Any) -> HttpResponse:
        email = form.cleaned_data["email"]
        wait = refused_for(self.request, *reset_throttles(self.request, email))
        if wait is not None:
            minutes = -(-wait // 60)
            context = self.get_context_data(form=form, minutes=minutes)
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(wait)
            return response
        for user in form.get_users(email):
            accounts.send_password_link(user, invitation=False)
        return redirect(self.success_url)


class SetPasswordView(auth_views.PasswordResetConfirmView):
    """The invitation's (or the reset's) link: set a password, once."""

    template_name = "people/set_password.html"
    success_url = reverse_lazy("people:password_set")
    post_reset_login = False


def staff_only(view: View) -> View:
    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_federation_staff(request.user):
            raise PermissionDenied("only federation staff manage accounts")
        return view(request, *args, **kwargs)

    return wrapped


ROLE_LABELS = {
    "federation_staff": _("Federation staff"),
    "chief_director": _("Chief director"),
    "director": _("Director"),
    "organizer": _("Organizer"),
    "committee_member": _("Appeals committee member"),
    "player": _("Player"),
}


def roles_of(user: Any) -> list[tuple[str, str]]:
    """Each grant and each office of the user, labelled, with its event."""
    grants = RoleGrant.objects.filter(user=user).order_by("role", "created_at")
    offices = OfficialRow.objects.filter(user_id=user.pk)
    tids = {g.tournament_id for g in grants if g.tournament_id}
    tids |= {o.tournament_id for o in offices}
    names = dict(
        TournamentRow.objects.filter(tournament_id__in=tids).values_list(
            "tournament_id", "name"
        )
    )
    out = {
        (str(ROLE_LABELS.get(o.role, o.role)), names.get(o.tournament_id, ""))
        for o in offices
    }
    for g in grants:
        scope = names.get(g.tournament_id, "") if g.tournament_id else ""
        if g.player_id:
            scope = own_player_label(g.player_id)
        elif g.appeal_id:
            scope = str(g.appeal_id)
        out.add((str(ROLE_LABELS.get(g.role, g.role)), scope))
    return sorted(out)


def organizing(user: Any) -> list[tuple[str, str, int]]:
    """Each event the user organizes, with its late-corrections page and how
    many corrections wait there for the organizer's approval (Law 79C2)."""
    tids = sorted(
        {
            g.tournament_id
            for g in RoleGrant.objects.filter(user=user, role=RoleGrant.Role.ORGANIZER)
            if g.tournament_id
        }
    )
    if not tids:
        return []
    names = dict(
        TournamentRow.objects.filter(tournament_id__in=tids).values_list(
            "tournament_id", "name"
        )
    )
    pending = pending_late_counts(tids)
    return [
        (
            names.get(tid, str(tid)),
            reverse("console:late_corrections", args=[tid]),
            pending[tid],
        )
        for tid in tids
    ]


class InviteForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    first_name = forms.CharField(label=_("Given name"), max_length=150)
    last_name = forms.CharField(label=_("Family name"), max_length=150)


@staff_only
def account_list(request: HttpRequest) -> HttpResponse:
    form = InviteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                invited = accounts.invite(**form.cleaned_data)
            except accounts.AccountRefused as refused:
                form.add_error("username", str(refused))
            else:
                return redirect("people:account", user_id=invited.user_id)
        status = 422
    users = get_user_model().objects.order_by("username")[:500]
    return render(
        request, "people/accounts.html", {"form": form, "users": users}, status=status
    )


class LinkForm(forms.Form):
    federation_number = forms.CharField(label=_("Federation number"), max_length=32)


class OfficeForm(forms.Form):
    tournament = forms.ChoiceField(label=_("Event"))
    office = forms.ChoiceField(
        label=_("Office"),
        choices=[
            ("chief_director", _("Chief director")),
            ("director", _("Director")),
            ("organizer", _("Organizer")),
            ("committee_member", _("Appeals committee member")),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        events = TournamentRow.objects.order_by("-starts_at")[:200]
        field = self.fields["tournament"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(str(t.tournament_id), t.name) for t in events]


@staff_only
def account(request: HttpRequest, user_id: int) -> HttpResponse:
    user = get_object_or_404(get_user_model(), pk=user_id)
    link = LinkForm(prefix="link")
    office = OfficeForm(prefix="office")
    status = 200
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "link":
                link = LinkForm(request.POST, prefix="link")
                if not link.is_valid():
                    raise accounts.AccountRefused(_("Give a federation number."))
                accounts.link_player(user, link.cleaned_data["federation_number"])
            elif action == "office":
                office = OfficeForm(request.POST, prefix="office")
                if not office.is_valid():
                    raise accounts.AccountRefused(_("Choose an event and an office."))
                accounts.appoint(
                    user,
                    UUID(office.cleaned_data["tournament"]),
                    office.cleaned_data["office"],
                    actor=actor_of(request.user),
                )
            elif action == "staff":
                accounts.give_staff(user)
            elif action == "invite":
                if not user.email:
                    raise accounts.AccountRefused(_("The account has no e-mail."))
                accounts.send_password_link(user, invitation=True)
            else:
                raise accounts.AccountRefused(_("Unknown action."))
        except (accounts.AccountRefused, DomainError) as refused:
            status = 409 if isinstance(refused, accounts.AccountRefused) else 422
            error = str(refused)
        else:
            return redirect("people:account", user_id=user.pk)
    else:
        error = ""
    context = {
        "person": user,
        "roles": roles_of(user),
        "link": link,
        "office": office,
        "error": error,
    }
    return render(request, "people/account.html", context, status=status)
