"""``manage.py verify_store``: check the chain, the positions, the counter and
the stream versions (eventstore.verify, decision 0117).

Exits 0 and prints the head hash when the store is sound; exits 1 naming the
first bad position otherwise. Each run is recorded; ``/api/health/`` reports
the last one. Run it from cron (e.g. nightly, and after an event night); keep
the printed head hash outside the database as well.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.verify import verify_store


class Command(BaseCommand):
    help = "Verify the event store's hash chain, positions, counter and streams."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--no-record",
            action="store_true",
            help="do not record this run (health keeps reporting the last one)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        result = verify_store(record=not options["no_record"])
        if not result.ok:
            raise CommandError(result.describe())
        self.stdout.write(result.describe())
