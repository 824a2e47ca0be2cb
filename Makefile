# highcamp: everything a fresh machine needs lives here (Python 3.11+ and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two installs into one .venv, each behind a stamp that names its extras and the
# checksum of pyproject.toml (changing either reinstalls):
#   play: the web extra only, so `make play` stays light;
#   dev:  tools, web, browser tests, rl (the adapters' tests run in CI), analysis
#         (reports: matplotlib, Parquet), ray (the simulator's cluster backend) and
#         postgres (the driver: the store and web tests run against PostgreSQL too) and
#         native (mypy's mypyc and setuptools: make native).
PLAY_EXTRAS := web
DEV_EXTRAS := dev,web,browser,rl,analysis,ray,postgres,solver,native
SUM := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
PLAY_STAMP := $(VENV)/.installed-play-$(SUM)
STAMP := $(VENV)/.installed-dev-$(SUM)

.PHONY: play play-terminal native native-test chromium postgres test lint typecheck pytest slow bench web-bench browser-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(PLAY_EXTRAS)]'
	rm -f $(VENV)/.installed-play-*
	touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(DEV_EXTRAS)]'
	rm -f $(VENV)/.installed-dev-*
	touch $@

## make play: set up .venv (with the web extra), then serve web play on SQLite
## (prints the address to open; DB=URL for another SQLAlchemy database)
DB ?= sqlite:///highcamp.db
play: $(PLAY_STAMP)
	$(BIN)/highcamp serve --db '$(DB)'

## make play-terminal: the interactive game chooser in the terminal
play-terminal: $(PLAY_STAMP)
	$(BIN)/highcamp play

## make native: compile the Disaster series' rules in place with mypyc (about a minute, once
## per change of them; the sources run as they are if it cannot be done: no C compiler).
## For simulations and search: random playouts 1.15x-1.5x as fast (docs/benchmarks.md)
SERIES_RUN := $(BIN)/python -m highcamp.games.disaster_series
native: $(STAMP)
	@$(SERIES_RUN) status 2>/dev/null | grep -qx compiled || $(SERIES_RUN) build || \
		echo "make native: no compiled build; the Disaster series runs from its sources"

## make test: set up .venv, then lint, type-check and run the whole test suite,
## browser tests included (Debian's chromium is installed if missing)
test: lint typecheck pytest native-test browser-test

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

## make pytest: the suite on the sources (HIGHCAMP_NATIVE=0), the store and web tests against
## a PostgreSQL server too (started here on a Unix socket in $(PGDIR), stopped afterwards,
## whatever the outcome); then the Disaster series' compiled build (make native) through
## the games', conformance, agents' and simulator's tests
SERIES_TESTS := tests/games/disaster_series tests/games/disaster_on_everest \
	tests/games/disaster_on_k2 tests/games/disaster_campaign tests/conformance tests/agents tests/sim
PGDIR ?= /tmp/highcamp-pg-make
pytest: $(STAMP) postgres
	@$(BIN)/python tests/pg.py stop $(PGDIR)
	@url=$$($(BIN)/python tests/pg.py start $(PGDIR)) || exit 1; \
	HIGHCAMP_NATIVE=0 HIGHCAMP_PG_URL="$$url" $(BIN)/python -m pytest -n auto -q; rc=$$?; \
	$(BIN)/python tests/pg.py stop $(PGDIR); exit $$rc

## make native-test: the Disaster series' tests on its compiled build (built first)
native-test: native
	@if $(SERIES_RUN) status | grep -qx compiled; then \
		$(BIN)/python -m pytest -n auto -q $(SERIES_TESTS); \
	else echo "make native-test: no compiled build here, so its tests did not run"; fi

## make postgres: Debian's PostgreSQL server programs (apt-get, if missing)
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql >/dev/null; }

CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

## make chromium: Debian's chromium for the browser tests (apt-get; never a browser download)
chromium:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

## make browser-test: Playwright drives chromium through whole games (screenshots in build/)
browser-test: $(STAMP) chromium
	HIGHCAMP_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q -m browser tests/browser

## make slow: the long statistical and many-seed runs
slow: $(STAMP)
	$(BIN)/python -m pytest -n auto -q -m slow

## make bench: throughput of every game (OpenSpiel's pig as the reference) and MCTS speed
## against OpenSpiel's Python MCTS
bench: $(STAMP) native
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/mcts_speed.py

## make web-bench: the web server under load on loopback (latency and capacity, see
## docs/benchmarks.md), on an SQLite file (benchmarks/web_load.py --db URL for another)
web-bench: $(STAMP) native
	$(BIN)/python benchmarks/web_load.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete  # the series' compiled build (make native)
