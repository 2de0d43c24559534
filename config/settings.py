"""Django settings for Arbitro, read from the environment.

Embedded defaults (SQLite file, kombu filesystem broker) need nothing installed
beyond Python; production sets the variables documented in ``.env.example``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ARBITRO_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean, not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from exc


def env_secret(name: str, default: str | None = None) -> str | None:
    """Read ``NAME`` or the file named by ``NAME_FILE`` (container secrets)."""
    path = os.environ.get(f"{name}_FILE")
    if path:
        return Path(path).read_text().strip()
    return os.environ.get(name, default)


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item]


DEBUG = env_bool("DEBUG", False)
_INSECURE_KEY = "embedded-mode-insecure-key-change-me-in-production-0123456789"
SECRET_KEY = env_secret("SECRET_KEY") or _INSECURE_KEY
if env_bool("ARBITRO_PRODUCTION", False):
    # Production never runs on the key printed in this file, whatever DEBUG
    # says (issue 16, item 8), nor with DEBUG's tracebacks and settings pages.
    if SECRET_KEY == _INSECURE_KEY or len(SECRET_KEY) < 50:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set in production: at least 50 characters, "
            "not the embedded key (python -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')"
        )
    if DEBUG:
        raise ImproperlyConfigured("DEBUG must be off in production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "access.admin_apps.AdminConfig",  # django.contrib.admin, login throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_celery_beat",
    "eventstore",
    "access",
    "registry",
    "tournaments",
    "appeals",
    "burraco",
    "results_site",
    "console",
    "people",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files from the app's own process, in both run modes (decision 0113).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Pages: the language switch's choice, else the browser's (Italian for
    # Italian browsers); the API stays in English (config/locale.py).
    "config.locale.SiteLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A page's query or form holding a NUL: 400 naming the field (PostgreSQL
    # refuses the character; the API's fields refuse it already).
    "config.form_text.RefuseNulMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

DATABASE_URL = (
    os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'arbitro.sqlite3'}"
)
# The deployment's two roles (decision 0118): DATABASE_URL names the
# application's role; the commands that change the schema or the grants run
# as the owner named by ARBITRO_OWNER_DATABASE_URL, which then re-applies the
# grants of ARBITRO_DB_APP_ROLE (eventstore.roles). A rebuild creates and
# swaps tables, and only the owner records a verification (decision 0213).
ARBITRO_DB_APP_ROLE = os.environ.get("ARBITRO_DB_APP_ROLE", "")
_OWNER_COMMANDS = {
    "migrate",
    "grant_app_role",
    "createcachetable",
    "flush",
    "rebuild_projections",
    "verify_store",
}
if os.environ.get("ARBITRO_OWNER_DATABASE_URL") and (
    len(sys.argv) > 1 and sys.argv[1] in _OWNER_COMMANDS
):
    DATABASE_URL = os.environ["ARBITRO_OWNER_DATABASE_URL"]
# Persistent connections (a minute), checked before a request's first query
# (CONN_HEALTH_CHECKS): a connection the database dropped (a restart, a
# failover, pg_terminate_backend, idle_session_timeout) is replaced instead
# of failing the request. The long-running loops check theirs once a turn
# and Celery opens one per task (decision 0216).
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=60, conn_health_checks=True
    )
}
# Appends run in their own short transaction (eventstore.store): never wrap a
# whole request in one.
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Server-side binding, and psycopg preparing a statement from its fifth
    # run in a connection (Django turns preparing off unless asked): the
    # statements a process repeats (token with grants, es_append) then skip
    # parse and plan. Behind a pooler without prepared statements, set
    # ARBITRO_PG_PREPARE_THRESHOLD=off (docs/operations.md).
    _prepare = os.environ.get("ARBITRO_PG_PREPARE_THRESHOLD", "5")
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True,
        prepare_threshold=None if _prepare.lower() in ("", "off") else int(_prepare),
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Italian deadlines read "fino al 26 novembre 2026, 06:12" (config/formats/it).
FORMAT_MODULE_PATH = ["config.formats"]
# The results site in Italian and English (decision 0113): LocaleMiddleware
# picks the language switch's cookie, else the browser's Accept-Language.
# The compiled catalogue is committed beside its source (locale/).
LANGUAGES = [("it", "Italiano"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise serves static files from the apps' folders (its finders) unless
# `collectstatic` was run and ARBITRO_STATIC_COLLECTED says so: `make run`
# needs no build step; production may collect once and serve compressed.
WHITENOISE_USE_FINDERS = not env_bool("ARBITRO_STATIC_COLLECTED", False)
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise reads it at start
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedStaticFilesStorage"
            if not WHITENOISE_USE_FINDERS
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# How many proxies stand in front of gunicorn (decision 0211): none by
# default, so X-Forwarded-For is ignored and the socket's peer is the caller;
# 1 behind one nginx that appends $remote_addr (the README's set-up). Every
# throttle identifies callers through access.callers.caller_address, and
# DRF's own NUM_PROXIES is the same number (0, never DRF's None, which would
# take the whole header as the caller).
ARBITRO_TRUSTED_PROXIES = env_int("ARBITRO_TRUSTED_PROXIES", 0)
if ARBITRO_TRUSTED_PROXIES < 0:
    raise ImproperlyConfigured(
        "ARBITRO_TRUSTED_PROXIES must be 0 or the number of proxies, "
        f"not {ARBITRO_TRUSTED_PROXIES}"
    )

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "access.auth.TokenWithGrantsAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "httpapi.inputs.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "httpapi.problems.handle",
    # Per client, in the default cache (decision 0106): anonymous callers by
    # address, stricter; authenticated ones by user; ARBITRO_THROTTLE_RATES.
    "DEFAULT_THROTTLE_CLASSES": [
        "access.throttles.AnonThrottle",
        "access.throttles.UserThrottle",
    ],
    "NUM_PROXIES": ARBITRO_TRUSTED_PROXIES,
}


# Requests a client may make: "<n>/<second|minute|hour|day>", or None for no
# limit. "login": attempts per username and address; "reset": password
# reset requests per e-mail address, "reset_caller" per caller; "table":
# table sign-ins per caller (access.throttles, decision 0211).
def env_rate(name: str, default: str) -> str | None:
    """A throttle rate, or None (no limit) for ``off``."""
    value = os.environ.get(name) or default
    return None if value.lower() in {"off", "none"} else value


ARBITRO_THROTTLE_RATES: dict[str, str | None] = {
    "anon": env_rate("ARBITRO_THROTTLE_ANON", "120/min"),
    "user": env_rate("ARBITRO_THROTTLE_USER", "1200/min"),
    "login": env_rate("ARBITRO_THROTTLE_LOGIN", "5/min"),
    "reset": env_rate("ARBITRO_THROTTLE_RESET", "3/hour"),
    "reset_caller": env_rate("ARBITRO_THROTTLE_RESET_CALLER", "10/hour"),
    "table": env_rate("ARBITRO_THROTTLE_TABLE", "30/min"),
}
# The throttles' counters (decision 0106) live in the
# default cache: Redis when ARBITRO_CACHE_URL is set (production, several
# processes), else this process's memory (embedded: one web process).
_CACHE_URL = os.environ.get("ARBITRO_CACHE_URL", "")
CACHES: dict[str, dict[str, object]] = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _CACHE_URL,
            "KEY_PREFIX": os.environ.get("ARBITRO_CACHE_PREFIX", "arbitro"),
        }
        if _CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Sessions read from that cache, written through to the database: a signed-in
# reader's poll of a live page reads no session row (decision 0167).
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if _CACHE_URL
    else "django.contrib.sessions.backends.db"
)
# A request body read in memory (JSON, forms): at most 2 MiB; uploaded files
# stream to disk past FILE_UPLOAD_MAX_MEMORY_SIZE.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("ARBITRO_MAX_BODY_BYTES", 2 * 1024 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
# A token is refused this long after its login (decision 0107).
ARBITRO_TOKEN_TTL_SECONDS = env_int("ARBITRO_TOKEN_TTL_SECONDS", 12 * 3600)
SPECTACULAR_SETTINGS = {
    "TITLE": "Arbitro API",
    "DESCRIPTION": (
        "Event-sourced tournament management for duplicate bridge (Laws 2017, "
        "FIGB) and burraco (F.I.Bur.). Errors are RFC 9457 problem details "
        "naming the Law or article they enforce."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs group operations by area (appeals, tournaments, registry…),
    # not all under "v1"; the operation ids stay as they were.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "httpapi.schema.tag_by_area",
    ],
    # Swagger UI and Redoc from drf-spectacular-sidecar: the docs need no
    # internet (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # httpapi.inputs.BoundedNumber: a number of at most nine digits.
    "PATH_CONVERTER_OVERRIDES": {
        "num": {"type": "integer", "minimum": 0, "maximum": 999_999_999}
    },
}

# Celery: embedded mode uses kombu's filesystem transport (no server needed).
_BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("out", "processed", "control"):
        (_BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR / "out"),
        "data_folder_out": str(_BROKER_DIR / "out"),
        "processed_folder": str(_BROKER_DIR / "processed"),
        "control_folder": str(_BROKER_DIR / "control"),
        "store_processed": False,
    }
# A key prefix on a Redis broker (kombu's ``global_keyprefix``): deployments,
# or concurrent test runs, sharing one Redis database keep their queues apart.
_BROKER_KEY_PREFIX = os.environ.get("ARBITRO_BROKER_KEY_PREFIX", "")
if _BROKER_KEY_PREFIX and CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": _BROKER_KEY_PREFIX}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULER = "celery.beat:PersistentScheduler"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
ARBITRO_SWEEP_SECONDS = env_int("ARBITRO_SWEEP_SECONDS", 15)
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {
        "task": "eventstore.tasks.sweep_deadlines",
        "schedule": float(ARBITRO_SWEEP_SECONDS),
    },
    "processes": {"task": "eventstore.tasks.run_processes", "schedule": 5.0},
    # The people's notifications (decision 0140) replace the appeal outbox's
    # English state-change mails: one sender, so nobody hears twice.
    "notifications": {"task": "people.tasks.send_notifications", "schedule": 10.0},
    # A late correction waiting for the organizer (Law 79C2, decision 0161).
    "late-corrections": {
        "task": "console.tasks.mail_late_corrections",
        "schedule": 10.0,
    },
}

# Event store
ARBITRO_DEADLINE_LEASE_SECONDS = env_int("ARBITRO_DEADLINE_LEASE_SECONDS", 60)
ARBITRO_DEADLINE_ETA = env_bool("ARBITRO_DEADLINE_ETA", True)
ARBITRO_READ_WAIT_MAX_SECONDS = env_int("ARBITRO_READ_WAIT_MAX_SECONDS", 5)
# A ?min_position= beyond the head by more than this is refused 400 at once
# (decision 0073); 0 since issue 16 (decision 0106): a position a command
# answered is never beyond the head, so waiting for one would only hold a worker.
ARBITRO_READ_POSITION_MARGIN = env_int("ARBITRO_READ_POSITION_MARGIN", 0)
# Projection liveness (decision 0071) and parked partitions (decision 0070).
ARBITRO_HEALTH_MAX_LAG = env_int("ARBITRO_HEALTH_MAX_LAG", 1000)
ARBITRO_HEALTH_MAX_HEARTBEAT_SECONDS = env_int(
    "ARBITRO_HEALTH_MAX_HEARTBEAT_SECONDS", 30
)
# The projection runner's CPU priority (decision 0111): its niceness is set
# to this at start when the system allows it (a negative value needs
# CAP_SYS_NICE, e.g. root or systemd's Nice=); the standings wait for it.
ARBITRO_RUNNER_NICE = env_int("ARBITRO_RUNNER_NICE", -5)
ARBITRO_PROJECTION_HEARTBEAT_SECONDS = env_int(
    "ARBITRO_PROJECTION_HEARTBEAT_SECONDS", 5
)
ARBITRO_PROJECTION_RETRY_SECONDS = env_int("ARBITRO_PROJECTION_RETRY_SECONDS", 5)
# While events keep coming, run_projections starts a turn at most once in
# this many seconds, so a burst is applied in one batch (decision 0196); a
# turn after a quiet spell starts at once, on the NOTIFY.
ARBITRO_PROJECTION_WINDOW_SECONDS = float(
    os.environ.get("ARBITRO_PROJECTION_WINDOW_SECONDS", "0.1")
)
# The results site renders a live page at most once in this many seconds per
# position-free key (language, visibility class, page): the polls in between
# get the last render, tagged with its own position (decision 0167).
ARBITRO_SITE_RENDER_INTERVAL = float(
    os.environ.get("ARBITRO_SITE_RENDER_INTERVAL", "0.5")
)
# and a process reads a session's publication and position at most once in
# this many seconds for all its polls (decision 0167).
ARBITRO_SITE_STATE_SECONDS = float(os.environ.get("ARBITRO_SITE_STATE_SECONDS", "0.2"))
ARBITRO_PROJECTIONS: list[str] = [
    "tournaments.projections.TournamentResults",
    "registry.projections.RegistryProjection",
    "appeals.projections.AppealFiles",
    "people.notifications.Notifications",
    "burraco.projections.BurracoStandings",
]
# Process managers (eventstore.processes): reactions that append elsewhere,
# each with its progress in the same transaction as its appends.
ARBITRO_PROCESSES: list[str] = [
    "tournaments.live_play.ResultCarry",
    "appeals.policies.AppealDecisions",
]

# E-mail (decision 0138): the embedded mode writes each message to a file in
# var/mail/ (Django's file backend); production sends over SMTP, configured
# by EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS / EMAIL_USE_SSL (docs/operations.md).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if env_bool("ARBITRO_PRODUCTION", False)
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = os.environ.get("ARBITRO_MAIL_DIR", str(VAR_DIR / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "arbitro@localhost")
# The address the links in e-mails start with (invitations, notifications).
ARBITRO_SITE_URL = os.environ.get("ARBITRO_SITE_URL", "http://127.0.0.1:8000")
# An invitation's or a reset's link works once, for this long (Django's
# token generator: the password's hash is part of the token).
PASSWORD_RESET_TIMEOUT = env_int("ARBITRO_INVITE_SECONDS", 3 * 24 * 3600)
# A browser's session ends after this long (decision 0107 for the pages).
SESSION_COOKIE_AGE = env_int("ARBITRO_SESSION_SECONDS", 12 * 3600)

if env_bool("ARBITRO_PRODUCTION", False):
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
SILENCED_SYSTEM_CHECKS = [
    "models.W047"
]  # SQLite: nulls-distinct unique is PostgreSQL-only

# The results site's sign-in (directors see results before publication).
LOGIN_URL = "people:login"
LOGIN_REDIRECT_URL = "people:me"
