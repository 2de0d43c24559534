from django.apps import AppConfig


class AccessConfig(AppConfig):
    """Users, role grants and token authentication, used by every app."""

    name = "access"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from access import checks  # noqa: F401  # registers the deploy check
