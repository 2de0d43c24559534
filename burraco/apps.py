from django.apps import AppConfig


class BurracoConfig(AppConfig):
    name = "burraco"
    label = "burraco"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from burraco import registration

        registration.register_all()
