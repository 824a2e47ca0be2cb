"""Honesty, on every game with hidden information: a seat decides only from what it may know.

Two states a seat cannot tell apart (the same ``observation`` and ``log_for`` of that seat;
the second drawn by ``resample_hidden``) must give:

* the same document from ``resample_hidden(seat, k)`` for the same ``k`` (the redraw depends
  only on what the seat sees and on ``k``), for every seat and every variant;
* the same action from every agent spec offered for the game (``agents_for``: random,
  heuristic, the search, the strength levels with their time budgets replaced by a few
  iterations so that they are reproducible, and every search's rollouts cut to a few steps:
  the same agents, the same code, fewer heuristic decisions), made with the same seed, at
  many positions of seeded games.

Self-contained: it uses only the public API (``highcamp``, ``highcamp.agents``).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import highcamp
from highcamp import CHANCE, State
from highcamp.agents import LEVEL_NAMES, agents_for, level_spec, make_agent

SEARCH_ITERATIONS = 6
"""Iterations of the search specs here (a time budget would not be reproducible)."""
ROLLOUT_STEPS = 4
"""Steps of the rollouts of the search specs here (honesty does not depend on their length)."""
AGENT_POSITIONS = 4
"""Positions per seeded game for the agents (spread over the game)."""


def _hidden_cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for game_id in highcamp.list_games():
        for options in highcamp.game_class(game_id).variants():
            if highcamp.load_game(game_id, **options).info.hidden_information:
                out.append((game_id, options))
    return out


def _case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, options = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}[{opts}]" if opts else game_id


CASES = _hidden_cases()
IDS = [_case_id(c) for c in CASES]
AGENT_CASES = [c for i, c in enumerate(CASES) if i == 0 or CASES[i - 1][0] != c[0]] + [
    c for c in CASES if c[1].get("players") == 4 and c[0] != "disaster-on-k2"
][:2]
"""The first hidden-information variant of each game, and four-player tables (the most
hidden hands) for the agents' part (each search costs more than a redraw)."""


def _doc(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _reproducible(spec: str) -> str:
    """A spec with a time budget turned into a few iterations, and its rollouts (``heuristicN``
    steps) cut to a few steps: the same code, fewer heuristic decisions (each one a redraw
    of that seat's view in the card games)."""
    name, *rest = spec.split(":")
    if rest and rest[0].endswith("s"):
        rest[0] = str(SEARCH_ITERATIONS)
    rest = [re.sub(r"^heuristic\d+$", f"heuristic{ROLLOUT_STEPS}", part) for part in rest]
    return ":".join([name, *rest])


def _specs(game: highcamp.Game) -> list[str]:
    out = []
    for name in agents_for(game):
        if name in LEVEL_NAMES:
            out.append(_reproducible(level_spec(game.info.id, name, players=game.num_players)))
        elif name in ("mcts", "ismcts"):  # their own rollouts (auto), cut to a few steps
            out.append(f"{name}:{SEARCH_ITERATIONS}:auto{ROLLOUT_STEPS}")
        else:
            out.append(name)
    out.append(f"mcts:{SEARCH_ITERATIONS}:auto{ROLLOUT_STEPS}")  # information sets here
    return sorted(set(out))


def _positions(game: highcamp.Game, seed: int, every: int) -> list[State]:
    """States of a seeded game (random play, a heuristic seat now and then to go deeper)
    where a seat has a choice, about every ``every`` actions."""
    rng = random.Random(seed)
    heuristic = make_agent("heuristic", seed=seed)
    state = game.new_initial_state(seed)
    out = []
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
            continue
        if steps % every == every - 1 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        if rng.random() < 0.5:
            state.apply_action(heuristic.act(state.clone()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return out


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_resample_hidden_depends_only_on_the_seats_view(
    game_id: str, options: dict[str, Any]
) -> None:
    """For every seat: a twin drawn by ``resample_hidden`` looks the same to that seat, and
    the twin and the state give equal documents when redrawn with the same seed."""
    game = highcamp.load_game(game_id, **options)
    differed = 0
    for seed in range(3):
        for state in _positions(game, seed, every=7):
            for seat in range(game.num_players):
                twin = state.resample_hidden(seat, 1000 + seed)
                assert twin.observation(seat) == state.observation(seat)
                assert twin.log_for(seat) == state.log_for(seat)
                differed += _doc(twin) != _doc(state)
                for k in (1, 77):
                    assert _doc(state.resample_hidden(seat, k)) == _doc(
                        twin.resample_hidden(seat, k)
                    ), f"seat {seat}'s redraw depends on what it cannot see (seed {k})"
    assert differed, "no position had anything hidden to redraw: the test would prove nothing"


@pytest.mark.parametrize(
    ("game_id", "options"), AGENT_CASES, ids=[_case_id(c) for c in AGENT_CASES]
)
def test_every_agent_decides_only_on_the_seats_view(game_id: str, options: dict[str, Any]) -> None:
    """Every agent spec offered for the game, same seed: the same action on a state and on
    a twin its seat cannot tell apart, at positions of seeded games."""
    game = highcamp.load_game(game_id, **options)
    specs = _specs(game)
    checked = 0
    for seed in range(2):
        positions = _positions(game, seed, every=5)
        for state in positions[:: max(1, len(positions) // AGENT_POSITIONS)][:AGENT_POSITIONS]:
            seat = state.current_player()
            twin = state.resample_hidden(seat, 5000 + seed)
            assert twin.observation(seat) == state.observation(seat)
            for spec in specs:
                agent_seed = 31 * seed + len(state.history())
                mine = make_agent(spec, seed=agent_seed).act(state.clone())
                theirs = make_agent(spec, seed=agent_seed).act(twin.clone())
                assert mine == theirs, f"{spec} read what seat {seat} cannot see"
            checked += 1
    assert checked >= 3, "too few positions with a choice"


def test_every_game_offers_levels_and_a_search_that_suits_it() -> None:
    """The lobby's agents per game: the levels everywhere, ``ismcts`` (never ``mcts``)
    with hidden information, the solver only where there is one."""
    for game_id in highcamp.list_games():
        for options in highcamp.game_class(game_id).variants()[:3]:
            game = highcamp.load_game(game_id, **options)
            offered = agents_for(game)
            assert offered[:3] == list(LEVEL_NAMES)
            hidden = game.info.hidden_information
            assert ("ismcts" in offered) == hidden and ("mcts" in offered) != hidden
            assert ("optimal" in offered) == (game_id == "everest-1924")
            for name in offered:
                make_agent(name, seed=0)
