from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0016_results_file_job"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionrow",
            name="position",
            field=models.BigIntegerField(default=0),
        ),
    ]
