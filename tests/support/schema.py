"""Move the test database's migrations back and forth, for tests of a migration.

Used with ``django_db(transaction=True)``: the test leaves the schema at the
latest migrations, and the flush after it empties the tables.
"""

from __future__ import annotations

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

Target = tuple[str, str | None]


def migrate_to(targets: list[Target]) -> Apps:
    """Apply or unapply migrations to ``targets`` (``(app, None)``: none of the
    app's); return the models as the named migrations leave them."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    named = [(app, name) for app, name in targets if name is not None]
    return executor.loader.project_state(named, at_end=True).apps


def migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def applied() -> set[tuple[str, str]]:
    """The migrations the database records as applied."""
    return set(MigrationRecorder(connection).applied_migrations())
