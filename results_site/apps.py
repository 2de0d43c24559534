from django.apps import AppConfig


class ResultsSiteConfig(AppConfig):
    """The results site: server-rendered pages of the results (decision 0113)."""

    name = "results_site"
    verbose_name = "Results site"
