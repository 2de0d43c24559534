"""Static files in production's mode: collected once, served compressed by
WhiteNoise from the app's own process (decision 0113), in a child process
with the production variables (settings are read once, at start)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[3]
FETCH = """
import django
django.setup()
from django.test import Client
for path in ("/static/results_site/site.css",
             "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"):
    r = Client().get(path, HTTP_ACCEPT_ENCODING="gzip")
    print(r.status_code, r.headers.get("Content-Encoding"))
"""


def test_collected_static_files_are_served_compressed(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ARBITRO_VAR_DIR": str(tmp_path),
        "ARBITRO_STATIC_COLLECTED": "true",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert (tmp_path / "static" / "results_site" / "site.css.gz").exists()
    out = subprocess.run(
        [sys.executable, "-c", FETCH],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    assert out[:2] == ["200 gzip", "200 gzip"]
