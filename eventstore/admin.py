from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from eventstore.models import Checkpoint, Deadline, Event, Stream

if TYPE_CHECKING:
    # ModelAdmin is generic only in the stubs; at run time it takes no subscript.
    EventModelAdmin = admin.ModelAdmin[Event]
else:
    EventModelAdmin = admin.ModelAdmin


@admin.register(Event)
class EventAdmin(EventModelAdmin):
    list_display = (
        "global_position",
        "event_type",
        "stream_id",
        "stream_version",
        "recorded_at",
    )
    list_filter = ("event_type",)
    ordering = ("-global_position",)

    # Events are immutable.
    def has_change_permission(
        self, request: HttpRequest, obj: Event | None = None
    ) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: Event | None = None
    ) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic only in the stubs
    """Streams and deadlines are written by the append alone: the
    application's database role may not edit them (decision 0118)."""

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


admin.site.register(Stream, ReadOnlyAdmin)
admin.site.register(Checkpoint)
admin.site.register(Deadline, ReadOnlyAdmin)
