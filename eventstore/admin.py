from django.contrib import admin

from eventstore.models import Checkpoint, Deadline, Event, Stream


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = (
        "global_position",
        "event_type",
        "stream_id",
        "stream_version",
        "recorded_at",
    )
    list_filter = ("event_type",)
    ordering = ("-global_position",)

    def has_change_permission(self, request, obj=None):  # events are immutable
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


admin.site.register(Stream)
admin.site.register(Checkpoint)
admin.site.register(Deadline)
