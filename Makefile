# highcamp: everything a fresh machine needs lives here (Python 3.11+ and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: play play-terminal serve test lint typecheck pytest slow bench browser-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,web]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## make play: set up .venv (with the web extra), then serve web play on SQLite
## (prints the address to open; DB=URL for another SQLAlchemy database)
DB ?= sqlite:///highcamp.db
play: $(STAMP)
	$(BIN)/highcamp serve --db '$(DB)'

## make play-terminal: the interactive game chooser in the terminal
play-terminal: $(STAMP)
	$(BIN)/highcamp play

## make test: set up .venv, then lint, type-check and run the whole test suite
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest -n auto -q

## make slow: the long statistical and many-seed runs
slow: $(STAMP)
	$(BIN)/python -m pytest -n auto -q -m slow

RL_STAMP := $(VENV)/.installed-rl-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

$(RL_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,rl]'
	rm -f $(VENV)/.installed-rl-*
	touch $(RL_STAMP)

## make bench: throughput of every game, with OpenSpiel's pig as the reference (rl extra)
bench: $(RL_STAMP)
	$(BIN)/python benchmarks/throughput.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
