from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.docs import OfflineRedocView
from config.health import HealthApi

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/redoc/", OfflineRedocView.as_view(url_name="schema"), name="redoc"),
    path("api/health/", HealthApi.as_view(), name="health"),
    path("api/v1/", include("access.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/v1/registry/", include("registry.api.urls")),
    path("api/v1/", include("appeals.api.urls")),
    path("api/v1/", include("burraco.api.urls")),
    # The language switch (POST, Django's set_language) and the results site.
    path("i18n/", include("django.conf.urls.i18n")),
    # The director's console, table entry and the printables (issue 18).
    path("", include("console.urls")),
    # A burraco table's score sheet on a phone (decision 0185).
    path("", include("burraco.urls")),
    # Accounts, appeals and each person's page (issue 18), then the results site.
    path("", include("people.urls")),
    path("", include("results_site.urls")),
]

handler404 = "httpapi.problems.not_found"
handler500 = "httpapi.problems.server_error"
