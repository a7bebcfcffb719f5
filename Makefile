# Two commands for a new user: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 5000

.PHONY: run check stats-rebuild test test-fast lint soak load load-club bench install install-test install-postgres system-packages clean \
	translations translations-extract translations-update

# The virtual environment is rebuilt whenever pyproject.toml changes.
# Quietly: pip's version notice and setuptools' editable-install banner look like errors to a new
# user (the banner is a warning printed by the build backend, silenced through PYTHONWARNINGS).
PIP := PYTHONWARNINGS=ignore $(BIN)/python -m pip --quiet --disable-pip-version-check
$(BIN)/.installed: pyproject.toml
	@echo "Setting up the virtual environment in $(VENV) (first run only)..."
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) install --upgrade pip
	@$(PIP) install -e .
	@touch $@

$(BIN)/.installed-test: $(BIN)/.installed
	@$(PIP) install -e '.[test]'
	touch $@

install: $(BIN)/.installed
install-test: $(BIN)/.installed-test

# PostgreSQL's driver is installed only when DATABASE_URL (from the environment or .env) names a
# PostgreSQL database.
$(BIN)/.installed-postgres: $(BIN)/.installed
	@$(PIP) install -e '.[postgres]'
	touch $@

install-postgres: $(BIN)/.installed-postgres

# Create or upgrade the database (SQLite in instance/, or DATABASE_URL from the environment or
# .env), then serve on the network (granian, two worker processes a core; WORKERS=N for another
# count) and print the address to open on a phone, with a QR code (HOST=127.0.0.1 keeps it to this computer; HTTPS=1 serves over TLS with a certificate made into
# instance/, for the phone's wake lock and installing the app; PROXY=1 behind Caddy, docs/Caddyfile).
run: install translations
	@if $(BIN)/python -m scorer.web.serving.setup_db --wants-postgres; then $(MAKE) --no-print-directory install-postgres; fi
	@$(BIN)/python -m scorer.web.serving.setup_db
	@$(BIN)/python -m scorer.web.serving.serve --host $(HOST) --port $(PORT) $(if $(WORKERS),--workers $(WORKERS)) $(if $(filter 1 yes true,$(HTTPS)),--https) $(if $(filter 1 yes true,$(PROXY)),--behind-proxy)

# The checks and the rebuild of cached results, with the virtual environment's flask.
check: install
	@$(BIN)/flask --app scorer check

stats-rebuild: install
	@$(BIN)/flask --app scorer stats rebuild

# What the tests need from Debian: Chromium for the browser tests (Playwright cannot download its
# own browser here), poppler-utils for looking at printed pages, and a PostgreSQL server so that the
# app is tested on PostgreSQL as well as SQLite.
SYSTEM_PACKAGES := chromium poppler-utils fonts-dejavu-core postgresql zbar-tools
system-packages:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	command -v zbarimg >/dev/null 2>&1 || missing="$$missing zbar-tools"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		echo "Installing from Debian:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(SYSTEM_PACKAGES) >/dev/null; \
	fi
	@command -v chromium >/dev/null || { echo "Chromium is missing and could not be installed" >&2; exit 1; }

# The catalogs of the table's languages (scorer/translations, scorer/web/language.py): the .po files
# are committed, the compiled .mo files are built here (make run and make test do it first).
# After changing words in the code or templates: `make translations-extract translations-update`,
# then translate the new entries of each messages.po (README: adding a language). The keywords are
# gettext's, lazy_gettext for forms and constants, and counted for the scripts' words with a count
# (presentation/script_words.py); tests/web/test_language.py extracts with the same ones.
CATALOGS := scorer/translations
translations: install
	@$(BIN)/pybabel -q compile -d $(CATALOGS)

translations-extract: install
	$(BIN)/pybabel extract -F babel.cfg -k lazy_gettext -k _l -k counted:1,2 --sort-by-file --no-wrap \
		--project "Ninety-Nine" --copyright-holder "Ninety-Nine" -o $(CATALOGS)/messages.pot .

translations-update: install
	$(BIN)/pybabel update -i $(CATALOGS)/messages.pot -d $(CATALOGS) --no-wrap --ignore-obsolete

# ruff and mypy come with the test extra (pinned in pyproject.toml); both read their settings there.
lint: install-test
	$(BIN)/ruff check scorer tests bench load
	$(BIN)/mypy

# Everything: lint, then the suite on two workers (one a core) without the slow tests, then the
# slow ones (real servers, races, fuzzing, migrations) one at a time, as they time things.
test: install-test system-packages lint translations
	$(BIN)/python -m pytest -n 2 -m "not slow"
	$(BIN)/python -m pytest -m slow

# The quick tier, while working: the core, the writes, the layers' rules and the web tests through
# the test client, without the browser, PostgreSQL and slow tests (markers set by folder and file in
# tests/conftest.py). No lint and no system packages: seconds matter here. `make test` runs it all.
test-fast: install-test translations
	$(BIN)/python -m pytest -q -n 2 -m "not browser and not postgres and not slow"

# The two-phones races of `make test` (tests/web/test_races.py, tests/postgres/test_races_postgres.py)
# run longer, on SQLite and on PostgreSQL: SOAK_ROUNDS rounds a scenario, and no new round starts
# after SOAK_SECONDS (so at most 8 scenarios x SOAK_SECONDS, plus the checks after them).
SOAK_ROUNDS ?= 300
SOAK_SECONDS ?= 120
soak: install-test system-packages
	RACE_ROUNDS=$(SOAK_ROUNDS) RACE_SECONDS=$(SOAK_SECONDS) $(BIN)/python -m pytest tests/web/test_races.py -k two_phones -q -s
	RACE_ROUNDS=$(SOAK_ROUNDS) RACE_SECONDS=$(SOAK_SECONDS) $(BIN)/python -m pytest tests/postgres/test_races_postgres.py -q -s
# ...and a 1,500-match import against a real server while deals are saved.
	SCORER_SOAK=1 $(BIN)/python -m pytest tests/web/test_real_server.py -q

# The bounded load test (load/run.py, about 3 minutes): 30 scorekeepers recording deals in their
# own matches and 60 watchers polling live scoreboards, for 60 s against the production server
# (granian, as `make run` starts it) on a throwaway SQLite file, then the same against two processes on two ports sharing
# a throwaway PostgreSQL server; only 127.0.0.1. Zero errors allowed, and the database is checked
# afterwards (every deal answered saved stored once, nothing doubled). LOAD_ARGS="--watchers 0".
$(BIN)/.installed-load: $(BIN)/.installed
	@$(PIP) install -e '.[load]'
	touch $@

load: $(BIN)/.installed-load system-packages
	$(BIN)/python load/run.py $(LOAD_ARGS)

# A club night (issue 27): 50 tables joined to one deal set, each recording a deal every 20 s, 200
# phones watching the tables' scoreboards, the director's screen on 2 browsers, for 90 s; on
# SQLite with one process, then two processes on PostgreSQL (docs/performance.md has the figures).
load-club: $(BIN)/.installed-load system-packages
	$(BIN)/python load/run.py --profile club $(LOAD_ARGS)

# Issue 12's figures on the production server (bench/bench.py): databases of 100, 1,000 and 10,000
# generated matches (built once into bench/.cache/, git-ignored), every page's median time as a
# ratio to a static file, SQL statements, bytes and requests per screen, a slow phone in Chromium,
# and a PASS or FAIL line per goal. BENCH_ARGS="--sizes 100,1000 --no-browser" for a quick look.
bench: install-test system-packages
	$(BIN)/python bench/bench.py $(BENCH_ARGS)

# The PNG icons (home screen, maskable, apple-touch) drawn from static/icon.svg by Chromium.
.PHONY: icons
icons: install-test system-packages
	$(BIN)/python bench/make_icons.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
