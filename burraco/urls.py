"""The burraco app's pages (decision 0185): ``config.urls`` includes them
before the results site."""

from django.urls import path

from burraco import pages

app_name = "burraco"

urlpatterns = [
    path("burraco/<uuid:tournament_id>/table/", pages.table_sheet, name="table_sheet"),
]
