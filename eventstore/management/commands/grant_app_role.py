"""``manage.py grant_app_role ROLE [--password-file F]``: create the
application's database role if missing, set its password from the file's
first line, and give it exactly its privileges (eventstore.roles, decisions
0118, 0213). Run as the owner, after ``migrate``; idempotent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.roles import RoleRefused, grant_app_role


class Command(BaseCommand):
    help = "Create or update the application's PostgreSQL role (run as the owner)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("role", help="the role the application connects as")
        parser.add_argument(
            "--password-file",
            help="set the role's password from this file (first line)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        password = None
        if options["password_file"]:
            path = Path(options["password_file"])
            try:
                lines = path.read_text().splitlines()
            except OSError as exc:
                raise CommandError(
                    f"cannot read the password file {path}: {exc.strerror}"
                ) from exc
            password = lines[0] if lines else ""
            if not password:
                raise CommandError(f"the password file {path} has an empty first line")
        try:
            created = grant_app_role(options["role"], password)
        except RoleRefused as exc:
            raise CommandError(str(exc)) from exc
        verb = "created and granted" if created else "granted"
        said = "; its password set" if password is not None else ""
        self.stdout.write(
            f"{options['role']}: {verb} the application's privileges{said}"
        )
