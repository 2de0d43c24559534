"""``manage.py verify_store``: check the chain, the positions, the counter and
the stream versions (eventstore.verify, decision 0117).

Exits 0 and prints the head hash when the store is sound; exits 1 naming the
first bad position otherwise. Each run is recorded; ``/api/health/`` reports
the last one. Only the owner records (decision 0213): the command connects
with ``ARBITRO_OWNER_DATABASE_URL`` when it is set, and run as the
application's role it exits 2 naming that setting (``--no-record`` checks
as any role). Run it from cron (e.g. nightly, and after an event night);
keep the printed head hash outside the database as well.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.verify import CannotRecord, verify_store


class Command(BaseCommand):
    help = "Verify the event store's hash chain, positions, counter and streams."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--no-record",
            action="store_true",
            help="do not record this run (health keeps reporting the last one)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = verify_store(record=not options["no_record"])
        except CannotRecord as exc:
            raise CommandError(
                f"{exc}: set ARBITRO_OWNER_DATABASE_URL to the owner's URL, or "
                "pass --no-record to check without recording",
                returncode=2,
            ) from exc
        if not result.ok:
            raise CommandError(result.describe())
        self.stdout.write(result.describe())
