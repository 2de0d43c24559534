from django.apps import AppConfig


class ConsoleConfig(AppConfig):
    """The director's console, table entry on phones and the printables
    (issue 18; decision 0141)."""

    name = "console"
    verbose_name = "Director's console"
