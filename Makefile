# Arbitro: one target per job. `make run` and `make test` work on a fresh
# machine with only Python 3.11 (they create .venv and install everything).
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell sha1sum pyproject.toml | cut -c1-12)
PG_URL ?= postgres://postgres@127.0.0.1:5432/arbitro

.PHONY: run test test-unit test-integration test-e2e lint fmt bench migrate demo check venv db clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

venv: $(STAMP)

# Use PostgreSQL when 127.0.0.1:5432 answers; CI must always have it.
define pg_or_sqlite
if $(BIN)/python -c "import socket; socket.create_connection(('127.0.0.1', 5432), 1)" 2>/dev/null; then \
  export DATABASE_URL="$${DATABASE_URL:-$(PG_URL)}"; echo "tests on PostgreSQL ($$DATABASE_URL)"; \
elif [ "$${CI:-}" = "true" ]; then \
  echo "CI=true but no PostgreSQL answers on 127.0.0.1:5432: CI always tests the real database" >&2; exit 1; \
else \
  echo "no PostgreSQL on 127.0.0.1:5432: tests on SQLite, PostgreSQL-only tests skipped (listed below)"; \
fi
endef

# The suite runs in parallel, one database (and one API server) per xdist
# worker; PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= auto

test: $(STAMP)
	@$(pg_or_sqlite); $(BIN)/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

# Tests mirror the contexts: tests/<context>/unit|integration|e2e (decision 0097).
test-unit: $(STAMP)
	$(BIN)/pytest $(wildcard tests/*/unit) $(PYTEST_ARGS)

test-integration: $(STAMP)
	@$(pg_or_sqlite); $(BIN)/pytest $(wildcard tests/*/integration) $(PYTEST_ARGS)

test-e2e: $(STAMP)
	@$(pg_or_sqlite); $(BIN)/pytest $(wildcard tests/*/e2e) $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python manage.py check
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python manage.py spectacular --validate --file /dev/null

fmt: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --no-input

demo: migrate
	$(BIN)/python manage.py demo
	$(BIN)/python manage.py demo_burraco

run: demo
	@echo
	@echo "Arbitro on http://127.0.0.1:$${PORT:-8000}/ (results site) and /api/docs/ (embedded: SQLite, filesystem broker)"
	@echo "demo logins: staff/arbitro-staff, director/arbitro-director, player/arbitro-player"
	@echo
	$(BIN)/honcho start -f Procfile --port $${PORT:-8000}

bench: $(STAMP)
	@$(pg_or_sqlite); $(BIN)/python -m bench

check: lint test

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
