from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "tests.support"
    label = "support"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from eventstore.registry import registry
        from tests.support import events

        registry.register(events.EVENT_TYPES, upcasters=events.UPCASTERS)
