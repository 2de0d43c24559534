from django.apps import AppConfig


class PeopleConfig(AppConfig):
    """Accounts, the appeals pages and notifications (issue 18, decision 0138)."""

    name = "people"
    default_auto_field = "django.db.models.BigAutoField"
