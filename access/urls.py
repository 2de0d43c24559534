"""Account URLs; included under ``/api/v1/`` by ``config.urls``."""

from django.urls import path
from rest_framework.authtoken.views import ObtainAuthToken

from access.api import MeApi

urlpatterns = [
    path("auth/token/", ObtainAuthToken.as_view(), name="auth-token"),
    path("me/", MeApi.as_view(), name="me"),
]
