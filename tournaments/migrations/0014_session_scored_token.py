from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_registry_and_access_apps"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionrow",
            name="scored_token",
            field=models.TextField(blank=True, default=""),
        ),
    ]
