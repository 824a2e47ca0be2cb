# highcamp: everything a fresh machine needs lives here (Python 3.11+ and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: play test lint typecheck pytest slow bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## make play: set up .venv, then start the interactive game chooser
play: $(STAMP)
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

## make bench: throughput of every game (OpenSpiel's pig as the reference) and MCTS speed
## against OpenSpiel's Python MCTS (rl extra)
bench: $(RL_STAMP)
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/mcts_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
