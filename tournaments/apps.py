from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from registry.boundary import provide_entries
        from tournaments import handlers, registration

        registration.register_all()
        provide_entries(handlers.is_entered)
