"""Load the demo: users with their roles (and the demo tournaments as they land)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from access.models import RoleGrant, TokenBinding
from access.tokens import issue
from eventstore.store import Metadata
from tournaments import demo, demo_cast, handlers
from tournaments.domain import tournament

DEMO_TOURNAMENT = demo_cast.PAIRS_EVENT
DEMO_PLAYER = demo_cast.DEMO_PLAYER
# username -> (password, [(role, the grant's scope)])
USERS: dict[str, tuple[str, list[tuple[str, dict[str, Any]]]]] = {
    "staff": ("arbitro-staff", [(RoleGrant.Role.FEDERATION_STAFF, {})]),
    # Appointed chief director of both demo events by event (Law 80B2(a)).
    "director": ("arbitro-director", []),
    "player": ("arbitro-player", [(RoleGrant.Role.PLAYER, {"player_id": DEMO_PLAYER})]),
}


class Command(BaseCommand):
    help = "Create the demo users and data (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        for username, (password, grants) in USERS.items():
            user, created = User.objects.get_or_create(username=username)
            if created:
                user.set_password(password)
                user.is_staff = username == "staff"
                user.save()
            for role, scope in grants:
                RoleGrant.objects.get_or_create(user=user, role=role, **scope)
            if not TokenBinding.objects.filter(token__user=user).exists():
                issue(user.pk)
        self.stdout.write(
            "demo users: staff, director, player (password arbitro-<name>)"
        )
        if demo.build(progress=self.stdout.write):
            self.stdout.write("demo tournaments built")
        else:
            self.stdout.write("demo tournaments already present")
        director = User.objects.get(username="director")
        for tid in demo.DEMO_EVENTS:
            handlers.handle_official(
                tid,
                tournament.AppointOfficial(
                    user=f"user:{director.pk}",
                    name="Direttore (demo)",
                    role=tournament.OfficialRole.CHIEF_DIRECTOR,
                ),
                metadata=Metadata(actor="system:demo", tournament_id=tid),
            )
