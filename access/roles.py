"""Who may do what: role lookups and the DRF permission classes reused by apps.

Views name the object they act on through ``tournament_id`` / ``appeal_id`` /
``player_id`` URL kwargs or a ``get_<kind>_id()`` method; the permission
classes check the grant for that object, so a director of one tournament can
never act on another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from access.models import RoleGrant
from eventstore.store import Metadata

Role = RoleGrant.Role
AnyUser = AbstractBaseUser | AnonymousUser


def actor_of(user: AnyUser) -> str:
    """The actor recorded in event metadata: a stable id, never a name."""
    return f"user:{user.pk}" if user.is_authenticated else "anonymous"


class Caller(Protocol):
    """Who sent a request: what the command path reads of DRF's ``Request``."""

    @property
    def user(self) -> Any: ...


def metadata_for(
    request: Caller, tournament_id: UUID | None = None, command: str = ""
) -> Metadata:
    return Metadata(
        actor=actor_of(request.user),
        tournament_id=tournament_id,
        command=command or None,
    )


GRANTS_ATTR = "_arbitro_grants"


@dataclass(frozen=True, slots=True)
class Grant:
    role: str
    tournament_id: UUID | None = None
    appeal_id: UUID | None = None
    player_id: UUID | None = None


def grants_of(user: AnyUser) -> tuple[Grant, ...]:
    """The user's grants: read with the token (``access.auth``) or now."""
    if not user.is_authenticated:
        return ()
    loaded: tuple[Grant, ...] | None = getattr(user, GRANTS_ATTR, None)
    if loaded is not None:
        return loaded
    return tuple(
        Grant(*row)
        for row in RoleGrant.objects.filter(user_id=user.pk).values_list(
            "role", "tournament_id", "appeal_id", "player_id"
        )
    )


def with_grants(user: AnyUser) -> AnyUser:
    """``user`` with its grants read now and kept on it for the rest of the
    request (as the token's query keeps them, decision 0058): the checks that
    follow (``is_director``, ``is_federation_staff``...) read no more. For a
    request's own user object only: a grant changed later in the request is
    not seen."""
    if user.is_authenticated and getattr(user, GRANTS_ATTR, None) is None:
        setattr(user, GRANTS_ATTR, grants_of(user))
    return user


def is_federation_staff(user: AnyUser) -> bool:
    return bool(
        user.is_authenticated
        and (
            getattr(user, "is_superuser", False)
            or any(g.role == Role.FEDERATION_STAFF for g in grants_of(user))
        )
    )


def is_director(user: AnyUser, tournament_id: UUID, chief: bool = False) -> bool:
    roles = (Role.CHIEF_DIRECTOR,) if chief else (Role.CHIEF_DIRECTOR, Role.DIRECTOR)
    return any(
        g.role in roles and g.tournament_id == tournament_id for g in grants_of(user)
    )


def is_staff_or_director(user: AnyUser, tournament_id: UUID) -> bool:
    """``is_federation_staff(user) or is_director(user, tournament_id)`` with
    the grants read once (a page's visibility check: one query, not two)."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return any(
        g.role == Role.FEDERATION_STAFF
        or (
            g.role in (Role.CHIEF_DIRECTOR, Role.DIRECTOR)
            and g.tournament_id == tournament_id
        )
        for g in grants_of(user)
    )


def is_organizer(user: AnyUser, tournament_id: UUID) -> bool:
    """The organizer's account on the tournament (Law 79C2): not staff, not a
    director; a role of its own, appointed as an official."""
    return any(
        g.role == Role.ORGANIZER and g.tournament_id == tournament_id
        for g in grants_of(user)
    )


def is_committee_member(user: AnyUser, appeal_id: UUID) -> bool:
    return any(
        g.role == Role.COMMITTEE_MEMBER and g.appeal_id == appeal_id
        for g in grants_of(user)
    )


def player_ids_of(user: AnyUser) -> set[UUID]:
    return {
        g.player_id
        for g in grants_of(user)
        if g.role == Role.PLAYER and g.player_id is not None
    }


def _object_id(view: Any, kind: str) -> UUID | None:
    getter = getattr(view, f"get_{kind}_id", None)
    if getter is not None:
        found: UUID | None = getter()
        return found
    value = view.kwargs.get(f"{kind}_id")
    return UUID(str(value)) if value is not None else None


class IsFederationStaff(BasePermission):
    message = "Only federation staff may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_federation_staff(request.user)


class IsTournamentDirector(BasePermission):
    """A director (chief or assistant) of the tournament the view acts on.

    Federation staff are not admitted: they appoint directors and do not
    act as one (decision 0119 keeps the offices apart)."""

    message = "Only a director of this tournament may do this"
    chief_only = False

    def has_permission(self, request: Request, view: Any) -> bool:
        if not request.user.is_authenticated:
            return False
        tournament_id = _object_id(view, "tournament")
        if tournament_id is None:
            return False
        return is_director(request.user, tournament_id, chief=self.chief_only)


class IsChiefDirector(IsTournamentDirector):
    message = "Only the chief director of this tournament may do this"
    chief_only = True


class IsCommitteeMember(BasePermission):
    message = "Only a member of this appeal's committee may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        appeal_id = _object_id(view, "appeal")
        return appeal_id is not None and is_committee_member(request.user, appeal_id)


class IsThatPlayer(BasePermission):
    """A player acts only as themself: the view's ``player_id`` must be theirs."""

    message = "A player may act only as themself"

    def has_permission(self, request: Request, view: Any) -> bool:
        player_id = _object_id(view, "player")
        return player_id is not None and player_id in player_ids_of(request.user)
