from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_result_carry_checkpoint"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionrow",
            name="scored_token",
            field=models.TextField(blank=True, default=""),
        ),
    ]
