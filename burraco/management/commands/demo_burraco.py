"""Load the demo's burraco events (``burraco.demo``, the pairs; ``burraco.demo_teams``,
the teams with their line-ups); ``make demo`` runs it after ``manage.py demo``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from burraco import demo, demo_teams


class Command(BaseCommand):
    help = "Create the demo's burraco event (idempotent; after manage.py demo)."

    def handle(self, *args: Any, **options: Any) -> None:
        director = get_user_model().objects.filter(username="director").first()
        if director is None:
            raise CommandError("run manage.py demo first: it creates the demo users")
        if demo.build(self.stdout.write, director=f"user:{director.pk}"):
            self.stdout.write("demo burraco event built")
        else:
            self.stdout.write("demo burraco event already present")
        if demo_teams.build(self.stdout.write, director=f"user:{director.pk}"):
            self.stdout.write("demo burraco teams event built")
        else:
            self.stdout.write("demo burraco teams event already present")
