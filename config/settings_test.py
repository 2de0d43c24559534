"""Test settings: the real settings, plus a test-only projection app."""

from config.settings import *  # noqa: F403
from config.settings import (
    ARBITRO_PROCESSES,
    ARBITRO_PROJECTIONS,
    INSTALLED_APPS,
    env_rate,
)

INSTALLED_APPS = [*INSTALLED_APPS, "tests.support"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ARBITRO_PROJECTIONS = [
    *ARBITRO_PROJECTIONS,
    "tests.support.projections.StreamTally",
    "tests.support.projections.TournamentTally",
]
ARBITRO_DEADLINE_ETA = False
ARBITRO_PROCESSES = [*ARBITRO_PROCESSES, "tests.support.processes.PingEcho"]
# No throttling in the suite; the throttle tests set their own rates (in
# process with the settings fixture, a server process through its
# environment: ARBITRO_THROTTLE_LOGIN=5/min and the like).
ARBITRO_THROTTLE_RATES = {
    scope: env_rate(f"ARBITRO_THROTTLE_{scope.upper()}", "off")
    for scope in ("anon", "user", "login", "reset", "reset_caller", "table")
}
