"""The federation's register moves here from the tournaments app, in state only.

The tables keep their names (``tournaments_*``, created by the tournaments
app's migrations): nothing is created, and no row moves (decision 0087).
"""

import uuid
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("tournaments", "0012_result_carry_checkpoint"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Club',
                    fields=[
                        ('club_id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('code', models.TextField(unique=True)),
                        ('name', models.TextField()),
                        ('city', models.TextField(blank=True, default='')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'tournaments_club',
                        'ordering': ['code'],
                    },
                ),
                migrations.CreateModel(
                    name='DeclaredConventionCard',
                    fields=[
                        ('global_position', models.BigIntegerField(primary_key=True, serialize=False)),
                        ('pair_id', models.UUIDField(db_index=True)),
                        ('tournament_id', models.UUIDField(blank=True, db_index=True, null=True)),
                        ('category', models.SmallIntegerField()),
                        ('form', models.TextField()),
                        ('colour', models.TextField()),
                        ('suggested_colour', models.TextField()),
                        ('hum_features', models.JSONField(default=list)),
                        ('brown_stickers', models.JSONField(default=list)),
                        ('findings', models.JSONField(default=list)),
                        ('card', models.JSONField()),
                        ('declared_at', models.DateTimeField()),
                    ],
                    options={
                        'db_table': 'tournaments_declaredconventioncard',
                        'ordering': ['global_position'],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerIdentity',
                    fields=[
                        ('player_id', models.UUIDField(default=uuid.uuid4, primary_key=True, serialize=False)),
                        ('federation_number', models.TextField(unique=True)),
                        ('family_name', models.TextField()),
                        ('given_name', models.TextField()),
                        ('email', models.EmailField(blank=True, default='', max_length=254)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'verbose_name_plural': 'player identities',
                        'db_table': 'tournaments_playeridentity',
                    },
                ),
                migrations.CreateModel(
                    name='RegisteredPair',
                    fields=[
                        ('pair_id', models.UUIDField(primary_key=True, serialize=False)),
                        ('player_a_id', models.UUIDField(db_index=True)),
                        ('player_b_id', models.UUIDField(db_index=True)),
                        ('formed_at', models.DateTimeField()),
                        ('last_position', models.BigIntegerField()),
                    ],
                    options={
                        'db_table': 'tournaments_registeredpair',
                    },
                ),
                migrations.CreateModel(
                    name='RegisteredPlayer',
                    fields=[
                        ('player_id', models.UUIDField(primary_key=True, serialize=False)),
                        ('category', models.TextField(choices=[('1P', 'First Spades'), ('1C', 'First Hearts'), ('1Q', 'First Diamonds'), ('1F', 'First Clubs'), ('2P', 'Second Spades'), ('2C', 'Second Hearts'), ('2Q', 'Second Diamonds'), ('2F', 'Second Clubs'), ('3P', 'Third Spades'), ('3C', 'Third Hearts'), ('3Q', 'Third Diamonds'), ('3F', 'Third Clubs'), ('NC', 'Not Classified'), ('AL', 'Student')])),
                        ('club_id', models.UUIDField(blank=True, db_index=True, null=True)),
                        ('forgotten', models.BooleanField(default=False)),
                        ('registered_at', models.DateTimeField()),
                        ('last_position', models.BigIntegerField()),
                    ],
                    options={
                        'db_table': 'tournaments_registeredplayer',
                    },
                ),
                migrations.CreateModel(
                    name='RegisteredTeam',
                    fields=[
                        ('team_id', models.UUIDField(primary_key=True, serialize=False)),
                        ('captain_id', models.UUIDField()),
                        ('non_playing_captain_id', models.UUIDField(blank=True, null=True)),
                        ('formed_at', models.DateTimeField()),
                        ('last_position', models.BigIntegerField()),
                    ],
                    options={
                        'db_table': 'tournaments_registeredteam',
                    },
                ),
                migrations.CreateModel(
                    name='TeamIdentity',
                    fields=[
                        ('team_id', models.UUIDField(primary_key=True, serialize=False)),
                        ('name', models.TextField()),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'tournaments_teamidentity',
                    },
                ),
                migrations.CreateModel(
                    name='TeamLineup',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('team_id', models.UUIDField()),
                        ('tournament_id', models.UUIDField(db_index=True)),
                        ('match_id', models.UUIDField()),
                        ('segment', models.IntegerField()),
                        ('open_room_a', models.UUIDField()),
                        ('open_room_b', models.UUIDField()),
                        ('closed_room_a', models.UUIDField()),
                        ('closed_room_b', models.UUIDField()),
                        ('change_authorised', models.BooleanField(default=False)),
                        ('declared_at', models.DateTimeField()),
                        ('last_position', models.BigIntegerField()),
                    ],
                    options={
                        'db_table': 'tournaments_teamlineup',
                        'constraints': [models.UniqueConstraint(fields=('team_id', 'match_id', 'segment'), name='team_lineup_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='TeamMembership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('team_id', models.UUIDField()),
                        ('player_id', models.UUIDField(db_index=True)),
                    ],
                    options={
                        'db_table': 'tournaments_teammembership',
                        'constraints': [models.UniqueConstraint(fields=('team_id', 'player_id'), name='team_membership_unique')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
