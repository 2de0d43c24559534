"""The results site's pages, at the root (``config.urls`` includes them last)."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from httpapi.inputs import BoundedNumber
from results_site import views, views_history

register_converter(BoundedNumber, "n")

app_name = "site"
E = "events/<uuid:tournament_id>"
S = f"{E}/sessions/<n:session>"

urlpatterns = [
    path("", views.home, name="home"),
    path("events/", views.events, name="events"),
    path(f"{E}/", views.event, name="event"),
    path(f"{S}/", views.session, name="session"),
    path(f"{S}/recap/", views.recap, name="recap"),
    path(f"{S}/boards/<n:board>/", views.board, name="board"),
    path(f"{S}/entries/<n:entry>/", views.score_card, name="score_card"),
    # The record, shown (issue 17): a result's history, the standings as they
    # stood at any moment.
    path(
        f"{S}/boards/<n:board>/tables/<n:table>/",
        views_history.result_record,
        name="result_record",
    ),
    path(f"{S}/as-of/", views_history.standings_at, name="standings_at"),
    path(
        "login/",
        auth_views.LoginView.as_view(template_name="results_site/login.html"),
        name="login",
    ),
    path(
        "logout/", auth_views.LogoutView.as_view(next_page="site:home"), name="logout"
    ),
]
