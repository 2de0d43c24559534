"""The results site's pages, at the root (``config.urls`` includes them last)."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from httpapi.inputs import BoundedNumber
from results_site import views

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
    path(
        "logout/", auth_views.LogoutView.as_view(next_page="site:home"), name="logout"
    ),
]
