"""Officials of an event as events, and the grants that follow from them.

Law 80B2(a), (g)(i), (k): the organizer appoints the Director, the assistants
and the appeals committee. The appointment is an event on the tournament
stream; the role grant a director needs to act is derived from it, applied at
once by the command handler (so the director can act on the next request) and
again by the projection (so a rebuild gives the same grants). Both writes are
idempotent (decision 0057).
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db import transaction

from access.models import RoleGrant
from tournaments.domain import tournament
from tournaments.models import OfficialRow

# The offices that act on the tournament itself; committee members act on an
# appeal and receive their grant when an appeal is referred to them (Law 93B2).
DIRECTOR_ROLES = {
    tournament.OfficialRole.CHIEF_DIRECTOR: RoleGrant.Role.CHIEF_DIRECTOR,
    tournament.OfficialRole.DIRECTOR: RoleGrant.Role.DIRECTOR,
    tournament.OfficialRole.ORGANIZER: RoleGrant.Role.ORGANIZER,
}


def user_pk(actor: str) -> int:
    return int(actor.removeprefix("user:"))


def apply_official(
    tournament_id: UUID,
    event: tournament.OfficialAppointed | tournament.OfficialRelieved,
    at: datetime,
) -> None:
    """Bring the read model and the role grant in line with one event."""
    with transaction.atomic():
        official_row(tournament_id, event, at)
        official_grant(tournament_id, event)


def official_row(
    tournament_id: UUID,
    event: tournament.OfficialAppointed | tournament.OfficialRelieved,
    at: datetime,
) -> None:
    """The read model's row of one official (``OfficialRow``)."""
    pk = user_pk(event.user)
    if isinstance(event, tournament.OfficialAppointed):
        OfficialRow.objects.update_or_create(
            tournament_id=tournament_id,
            user_id=pk,
            defaults={"name": event.name, "role": event.role, "appointed_at": at},
        )
        return
    OfficialRow.objects.filter(tournament_id=tournament_id, user_id=pk).delete()


def official_grant(
    tournament_id: UUID,
    event: tournament.OfficialAppointed | tournament.OfficialRelieved,
) -> None:
    """The role grant a director's office gives, or takes away."""
    pk = user_pk(event.user)
    role = DIRECTOR_ROLES.get(event.role)
    if role is None:
        return
    if isinstance(event, tournament.OfficialAppointed):
        # A user deleted since keeps the office in the record, not a grant.
        if get_user_model().objects.filter(pk=pk).exists():
            RoleGrant.objects.get_or_create(
                user_id=pk, role=role, tournament_id=tournament_id
            )
        return
    RoleGrant.objects.filter(
        user_id=pk, role=role, tournament_id=tournament_id
    ).delete()
