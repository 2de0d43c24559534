from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_session_scored_token"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionrow",
            name="position",
            field=models.BigIntegerField(default=0),
        ),
    ]
