"""The role grants move here from the tournaments app, in state only.

The tables keep their names (``tournaments_*``, created by the tournaments
app's migrations): nothing is created, and no row moves (decision 0087).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("tournaments", "0012_result_carry_checkpoint"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RoleGrant',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.TextField(choices=[('federation_staff', 'Federation Staff'), ('chief_director', 'Chief Director'), ('director', 'Director'), ('committee_member', 'Committee Member'), ('player', 'Player')])),
                        ('tournament_id', models.UUIDField(blank=True, null=True)),
                        ('appeal_id', models.UUIDField(blank=True, null=True)),
                        ('player_id', models.UUIDField(blank=True, null=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='role_grants', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tournaments_rolegrant',
                        'constraints': [models.UniqueConstraint(fields=('user', 'role', 'tournament_id', 'appeal_id', 'player_id'), name='role_grant_unique', nulls_distinct=False), models.CheckConstraint(condition=models.Q(('role', 'federation_staff'), models.Q(('role__in', ['chief_director', 'director']), ('tournament_id__isnull', False)), models.Q(('appeal_id__isnull', False), ('role', 'committee_member')), models.Q(('player_id__isnull', False), ('role', 'player')), _connector='OR'), name='role_grant_scope')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
