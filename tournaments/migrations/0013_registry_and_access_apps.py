"""The register and the role grants leave the tournaments app, in state only.

The ``registry`` and ``access`` apps hold the models now, on the same tables:
nothing is dropped, and no row moves (decision 0087).
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_result_carry_checkpoint'),
        ('access', '0001_initial'),
        ('registry', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='Club',
                ),
                migrations.DeleteModel(
                    name='DeclaredConventionCard',
                ),
                migrations.DeleteModel(
                    name='PlayerIdentity',
                ),
                migrations.DeleteModel(
                    name='RegisteredPair',
                ),
                migrations.DeleteModel(
                    name='RegisteredPlayer',
                ),
                migrations.DeleteModel(
                    name='RegisteredTeam',
                ),
                migrations.RemoveField(
                    model_name='rolegrant',
                    name='user',
                ),
                migrations.DeleteModel(
                    name='TeamIdentity',
                ),
                migrations.DeleteModel(
                    name='TeamLineup',
                ),
                migrations.DeleteModel(
                    name='TeamMembership',
                ),
                migrations.DeleteModel(
                    name='RoleGrant',
                ),
            ],
            database_operations=[],
        ),
    ]
