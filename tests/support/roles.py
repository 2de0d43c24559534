"""The deployment's two PostgreSQL roles (decision 0118) for tests.

- ``deployed_database``: a fresh database migrated the way a deployment
  does it (``manage.py migrate`` with ``DATABASE_URL`` naming the
  application's role and ``ARBITRO_OWNER_DATABASE_URL`` the owner);
- ``app_role``: the application's role granted on the test database itself,
  for tests that run the application's processes as that role beside the
  test process (the owner);
- ``password_cluster``: a PostgreSQL server of the test's own that asks
  for passwords over TCP (the machine's server trusts every login), so a
  test can log in with a password it set.

The server here is reached as ``postgres`` with trust authentication.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from eventstore.roles import grant_app_role

ROOT = Path(__file__).parents[2]
HOST = "127.0.0.1:5432"
PG_BIN = Path("/usr/lib/postgresql/15/bin")


def admin(sql: str, database: str = "postgres") -> None:
    """Run ``sql`` as the superuser, outside a transaction."""
    with psycopg.connect(
        f"postgresql://postgres@{HOST}/{database}", autocommit=True
    ) as c:
        c.execute(sql)


def drop_role(role: str, database: str | None) -> None:
    if database is not None:
        admin(f'DROP OWNED BY "{role}"', database)
    admin(f'DROP ROLE IF EXISTS "{role}"')


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``manage.py`` in another process with ``env``; its outcome."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def deployment_env(database: str, role: str, **extra: str) -> dict[str, str]:
    """A process of the deployment: the application's role in
    ``DATABASE_URL``, the owner in ``ARBITRO_OWNER_DATABASE_URL``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    }
    env.update(
        DATABASE_URL=f"postgres://{role}@{HOST}/{database}",
        ARBITRO_OWNER_DATABASE_URL=f"postgres://postgres@{HOST}/{database}",
        ARBITRO_DB_APP_ROLE=role,
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    env.update(extra)
    return env


@contextmanager
def deployed_database(tag: str) -> Iterator[tuple[str, str]]:
    """A new database migrated by the owner, with the application's role
    created and granted by that migration; its name and the role's."""
    suffix = os.getpid()
    database, role = f"test_arbitro_{tag}_{suffix}", f"arbitro_{tag}_app_{suffix}"
    admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    admin(f"CREATE DATABASE {database}")
    try:
        done = manage("migrate", "--no-input", env=deployment_env(database, role))
        assert done.returncode == 0, done.stderr
        yield database, role
    finally:
        admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        drop_role(role, None)


def database_url_as(role: str = "postgres") -> str:
    """The test database's URL, logged in as ``role``."""
    s = connection.settings_dict
    return f"postgres://{role}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


@pytest.fixture
def app_role(transactional_db: None) -> Iterator[str]:
    """The application's role, granted on the test database."""
    role = f"arbitro_app_{os.getpid()}_inproc"
    grant_app_role(role)
    try:
        yield role
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")
        drop_role(role, connection.settings_dict["NAME"])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def password_cluster(superuser_password: str) -> Iterator[tuple[int, Path]]:
    """A throw-away PostgreSQL server on 127.0.0.1 that asks every TCP login
    for its password (SCRAM) and logs every statement; its port and its
    log file. Skipped where the server's programs are not installed."""
    if not (PG_BIN / "initdb").exists():
        pytest.skip(f"PostgreSQL's server programs are not in {PG_BIN}")
    # initdb refuses to run as root: the cluster then belongs to postgres.
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    home = Path(tempfile.mkdtemp(prefix="arbitro-pw-"))
    secret = home / "superuser"
    secret.write_text(superuser_password)
    if as_user:
        shutil.chown(home, "postgres")
        shutil.chown(secret, "postgres")
    data, log, port = home / "data", home / "log", _free_port()

    def run(*command: str) -> None:
        subprocess.run([*as_user, *command], check=True, capture_output=True)

    try:
        run(
            str(PG_BIN / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            f"--pwfile={secret}",
            "--auth-host=scram-sha-256",
            "--auth-local=trust",
        )
        run(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(log),
            "-w",
            "-o",
            f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c log_statement=all",
            "start",
        )
        try:
            yield port, log
        finally:
            run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
    finally:
        shutil.rmtree(home, ignore_errors=True)
