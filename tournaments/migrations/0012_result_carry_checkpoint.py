"""The result carry became a process manager (eventstore.processes).

Results recorded before it existed were carried by the old two-step path
with other event ids: its checkpoint starts at the head so it never carries
them again (a carry lost by the old path is entered by the director).
"""

from django.db import migrations

NAME = "tournaments.processes.result_carry.v1"


def start_at_head(apps, schema_editor):
    Position = apps.get_model("eventstore", "Position")
    Checkpoint = apps.get_model("eventstore", "Checkpoint")
    head = Position.objects.filter(id=1).values_list("last_position", flat=True)
    Checkpoint.objects.get_or_create(
        name=NAME, defaults={"last_position": head.first() or 0}
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_standing_revised_boards"),
        ("eventstore", "0005_append_events_as_json"),
    ]

    operations = [migrations.RunPython(start_at_head, migrations.RunPython.noop)]
