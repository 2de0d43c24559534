"""Accounts: staff invite people, link players to the register, give roles.

An invitation is an account without a usable password and an e-mail with a
link to set one. The link is Django's password-reset token: it expires after
``PASSWORD_RESET_TIMEOUT`` (``ARBITRO_INVITE_SECONDS``) and works once (the
password's hash is part of the token), so the same link serves a forgotten
password (decision 0138). A player's account is linked to their register
entry by federation number (the ``player`` grant): a player then sees and
acts only as that player. Directors and the organizer of an event are
appointed as officials on the tournament's stream (Law 80B2; the grant
follows, decision 0057); a committee member of an event likewise (Law
80B2(k)), and sits on an appeal when the Chief Director refers it (Law 93B2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from access.models import RoleGrant
from eventstore.store import Metadata
from registry.boundary import player_by_number
from tournaments import handlers
from tournaments.domain import tournament

__all__ = [
    "AccountRefused",
    "appoint",
    "give_staff",
    "invite",
    "link_player",
    "send_password_link",
]

OFFICES = {
    "chief_director": tournament.OfficialRole.CHIEF_DIRECTOR,
    "director": tournament.OfficialRole.DIRECTOR,
    "organizer": tournament.OfficialRole.ORGANIZER,
    "committee_member": tournament.OfficialRole.COMMITTEE_MEMBER,
}


class AccountRefused(Exception):
    """A staff action refused, with the reason shown beside the form."""


@dataclass(frozen=True, slots=True)
class Invited:
    user_id: int
    link: str


def password_link(user: Any) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    path = reverse("people:set_password", kwargs={"uidb64": uid, "token": token})
    return f"{settings.ARBITRO_SITE_URL}{path}"


def send_password_link(user: Any, *, invitation: bool) -> str:
    """E-mail the one-time link to set a password, in Italian then English."""
    link = password_link(user)
    hours = settings.PASSWORD_RESET_TIMEOUT // 3600
    context = {"user": user, "link": link, "hours": hours, "invitation": invitation}
    # Both languages at once: the address has no language of its own.
    subject = (
        "Il tuo account Arbitro / Your Arbitro account"
        if invitation
        else "Nuova password per Arbitro / Set a new password"
    )
    EmailMessage(
        subject=f"[Arbitro] {subject}",
        body=render_to_string("people/mail/password_link.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
    ).send()
    return link


def invite(*, username: str, email: str, first_name: str, last_name: str) -> Invited:
    """A new account without a password, and its invitation e-mail."""
    User = get_user_model()
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                username=username,
                email=email,
                first_name=first_name,
                last_name=last_name,
            )
    except IntegrityError as exc:
        raise AccountRefused(_("That username is taken.")) from exc
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return Invited(user.pk, send_password_link(user, invitation=True))


def link_player(user: Any, federation_number: str) -> UUID:
    """Link the account to the register's player with this number; one
    account per player, one player per account (a player acts as themself)."""
    player_id = player_by_number(federation_number)
    if player_id is None:
        raise AccountRefused(
            _("No registered player has federation number %(number)s.")
            % {"number": federation_number}
        )
    taken = RoleGrant.objects.filter(role=RoleGrant.Role.PLAYER, player_id=player_id)
    if taken.exclude(user=user).exists():
        raise AccountRefused(_("That player is linked to another account."))
    if (
        RoleGrant.objects.filter(user=user, role=RoleGrant.Role.PLAYER)
        .exclude(player_id=player_id)
        .exists()
    ):
        raise AccountRefused(_("This account is linked to another player."))
    RoleGrant.objects.get_or_create(
        user=user, role=RoleGrant.Role.PLAYER, player_id=player_id
    )
    return player_id


def give_staff(user: Any) -> None:
    RoleGrant.objects.get_or_create(user=user, role=RoleGrant.Role.FEDERATION_STAFF)


def appoint(user: Any, tournament_id: UUID, office: str, *, actor: str) -> None:
    """Appoint the user to an office of the event, on the one command path."""
    role = OFFICES.get(office)
    if role is None:
        raise AccountRefused(_("Choose an office."))
    name = user.get_full_name() or user.get_username()
    handlers.handle_official(
        tournament_id,
        tournament.AppointOfficial(user=f"user:{user.pk}", name=name, role=role),
        metadata=Metadata(
            actor=actor, tournament_id=tournament_id, command="appoint_official"
        ),
    )
