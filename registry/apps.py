from django.apps import AppConfig


class RegistryConfig(AppConfig):
    """The federation's register: players, clubs, pairs, teams (decision 0087)."""

    name = "registry"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from registry import handlers

        handlers.register()
