"""``grant_app_role ROLE --password-file F`` sets the role's password (issue
28, decision 0213), proved by logging in with it.

The machine's PostgreSQL trusts every login, so the test starts a server of
its own that asks TCP logins for their password (SCRAM), and logs every
statement. The deployment's release step runs there: ``migrate`` as the
owner creates the application's role, ``grant_app_role`` sets its password
from the file; the role then logs in with that password and not another,
and the password never reached the server (only its SCRAM verifier did).
"""

from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest

from tests.support.roles import deployment_env, manage, password_cluster

pytestmark = pytest.mark.postgres

# A quote, a percent sign, a dollar placeholder, spaces: quoted, not bound.
PASSWORD = 'l\'arbitro $1 ha 100% "ragione"'


def test_the_password_file_sets_a_password_the_role_logs_in_with(
    tmp_path: Path,
) -> None:
    role = f"arbitro_pw_app_{os.getpid()}"
    with password_cluster("owner-secret") as (port, log):
        server = f"127.0.0.1:{port}"
        with psycopg.connect(
            f"postgresql://postgres:owner-secret@{server}/postgres", autocommit=True
        ) as superuser:
            superuser.execute("CREATE DATABASE arbitro")
        env = deployment_env(
            "arbitro",
            role,
            DATABASE_URL=f"postgres://{role}@{server}/arbitro",
            ARBITRO_OWNER_DATABASE_URL=f"postgres://postgres:owner-secret@{server}/arbitro",
        )
        migrated = manage("migrate", "--no-input", env=env)
        assert migrated.returncode == 0, migrated.stderr
        secret = tmp_path / "arbitro_app"
        secret.write_text(f"{PASSWORD}\nnot this line\n")
        done = manage("grant_app_role", role, "--password-file", str(secret), env=env)
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == (
            f"{role}: granted the application's privileges; its password set\n"
        )
        login = {"host": "127.0.0.1", "port": port, "dbname": "arbitro", "user": role}
        with psycopg.connect(**login, password=PASSWORD) as app:
            assert app.execute("SELECT current_user").fetchone() == (role,)
            assert app.execute("SELECT count(*) FROM es_event").fetchone() == (0,)
        with pytest.raises(psycopg.OperationalError) as refused:
            psycopg.connect(**login, password="not the password")
        assert f'password authentication failed for user "{role}"' in str(refused.value)
        assert PASSWORD not in log.read_text()
        assert "ALTER ROLE" in log.read_text()  # the statement was logged

        secret.write_text("\n")
        empty = manage("grant_app_role", role, "--password-file", str(secret), env=env)
        assert (empty.returncode, empty.stderr) == (
            1,
            f"CommandError: the password file {secret} has an empty first line\n",
        )
        missing = tmp_path / "missing"
        absent = manage(
            "grant_app_role", role, "--password-file", str(missing), env=env
        )
        assert (absent.returncode, absent.stderr) == (
            1,
            f"CommandError: cannot read the password file {missing}: "
            "No such file or directory\n",
        )
