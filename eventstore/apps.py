from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.db import connections
from django.db.models.signals import post_migrate

from eventstore.roles import grant_app_role


def _grant_after_migrate(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """Re-apply the application role's grants after every migration: a table
    a migration created is then covered at once (decision 0118)."""
    role = settings.ARBITRO_DB_APP_ROLE
    if not role or connections[using].vendor != "postgresql":
        return
    grant_app_role(role)


class EventStoreConfig(AppConfig):
    name = "eventstore"
    verbose_name = "Event store"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_grant_after_migrate, sender=self)
