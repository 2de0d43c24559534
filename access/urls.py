"""Account URLs; included under ``/api/v1/`` by ``config.urls``."""

from django.urls import path

from access.api import LoginApi, LogoutApi, MeApi

urlpatterns = [
    path("auth/token/", LoginApi.as_view(), name="auth-token"),
    path("auth/logout/", LogoutApi.as_view(), name="auth-logout"),
    path("me/", MeApi.as_view(), name="me"),
]
