"""``manage.py compile_catalogue``: build every ``.mo`` with polib (no msgfmt)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from results_site.catalogue import catalogues, compile_catalogue


class Command(BaseCommand):
    help = "Compile the project's translation catalogues with polib (decision 0113)."

    def handle(self, *args: Any, **options: Any) -> None:
        for po in catalogues():
            self.stdout.write(f"compiled {compile_catalogue(po)}")
