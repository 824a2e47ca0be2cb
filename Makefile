# highcamp: everything a fresh machine needs lives here (Python 3.11+ and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# the extras make installs: dev tools, and rl so that the adapters' tests run in CI
EXTRAS := dev,rl
# the stamp names the extras and pyproject.toml: changing either reinstalls
STAMP := $(VENV)/.installed-$(shell { echo '$(EXTRAS)'; cat pyproject.toml; } | cksum | cut -d' ' -f1)

.PHONY: play test lint typecheck pytest slow bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## make play: set up .venv, then start the interactive game chooser
play: $(STAMP)
	$(BIN)/highcamp play

## make test: set up .venv (dev and rl extras), then lint, type-check and run the whole test suite
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

## make bench: throughput of every game, with OpenSpiel's pig as the reference (rl extra)
bench: $(STAMP)
	$(BIN)/python benchmarks/throughput.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
