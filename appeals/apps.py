from django.apps import AppConfig


class AppealsConfig(AppConfig):
    name = "appeals"
    label = "appeals"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from appeals import registration

        registration.register_all()
