"""MCTS simulations per second: highcamp's ``MCTSAgent`` against OpenSpiel's Python MCTS.

Run it from the repository root (needs the ``rl`` extra: ``make bench`` installs it)::

    .venv/bin/python benchmarks/mcts_speed.py [--simulations 2000] [--states 6] \
        [--game everest-1924] [--players N]

Both searches play the same game (Everest 1924 unless ``--game`` names another) with one
random rollout per simulation:

* highcamp: ``MCTSAgent(rollout="random")`` on the game itself;
* OpenSpiel: ``open_spiel.python.algorithms.mcts.MCTSBot`` with
  ``RandomRolloutEvaluator(n_rollouts=1)``, calling ``mcts_search`` on the same game wrapped
  as a minimal Python ``pyspiel`` game (below; it delegates every rule to highcamp, so both
  sides pay the same rules cost).

Each side searches from the same handful of states (the start and a few mid-game
decisions) with the same number of simulations, after a warm-up search (the rules fill their
dice tables lazily, so whoever ran first would pay for both); simulations per second are the total over
total time. The ratio is highcamp / OpenSpiel.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from typing import Any

import highcamp
from highcamp.agents import MCTSAgent
from highcamp.agents.budget import Budget
from highcamp.core import CHANCE, TERMINAL, State

pyspiel: Any = None
np: Any = None
os_mcts: Any = None
try:  # the rl extra is optional; imported by name so type checking does not need it
    pyspiel = importlib.import_module("pyspiel")
    np = importlib.import_module("numpy")
    os_mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
except ImportError:  # pragma: no cover
    pyspiel = None

GAME_ID = "everest-1924"


def _load(game_id: str, players: int | None) -> highcamp.Game:
    return (
        highcamp.load_game(game_id)
        if players is None
        else highcamp.load_game(game_id, players=players)
    )


def _wrapped_game(game_id: str = GAME_ID, players: int | None = None) -> Any:
    """A highcamp game as a Python pyspiel game, every rule delegated to highcamp."""
    game = _load(game_id, players)
    n = game.num_players
    # OpenSpiel clones a Python state with copy.deepcopy: let that share the (immutable)
    # game and copy the inner state with its own cheap clone(), as highcamp's search does
    setattr(type(game), "__deepcopy__", lambda self, memo: self)  # noqa: B010
    inner_type = type(game.new_initial_state(0))
    setattr(inner_type, "__deepcopy__", lambda self, memo: self.clone())  # noqa: B010
    info = game.info
    game_type = pyspiel.GameType(
        short_name=f"highcamp_{game_id.replace('-', '_')}_{n}",
        long_name=f"{info.title} (highcamp)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if info.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.num_distinct_actions(),
        num_players=n,
        min_utility=-1000.0,
        max_utility=1000.0,
        utility_sum=None,
        max_game_length=game.max_game_length(),
    )

    class WrappedState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
        def __init__(self, pgame: Any, inner: State) -> None:
            super().__init__(pgame)
            self.inner = inner

        def current_player(self) -> int:
            p = self.inner.current_player()
            if p == CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            if p == TERMINAL:
                return int(pyspiel.PlayerId.TERMINAL)
            return p

        def _legal_actions(self, player: int) -> list[int]:
            return self.inner.legal_actions()

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.inner.chance_outcomes()

        def _apply_action(self, action: int) -> None:
            self.inner.apply_action(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return self.inner.action_to_string(action)

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def __str__(self) -> str:
            return str(self.inner.history())

    class WrappedGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> Any:
            return WrappedState(self, game.new_initial_state(0))

        def wrap(self, inner: State) -> Any:
            return WrappedState(self, inner.clone())

    return WrappedGame()


def decision_states(count: int, game_id: str = GAME_ID, players: int | None = None) -> list[State]:
    """The first decision and mid-game decisions of heuristic games (reproducible)."""
    from highcamp.agents import make_agent

    game = _load(game_id, players)
    first = game.new_initial_state(0)
    while first.is_chance_node():
        first.apply_random_chance()
    states = [first]
    seed = 1
    while len(states) < count:
        s = game.new_initial_state(seed)
        agent = make_agent("heuristic", seed)  # one agent plays every seat
        steps = 0
        while not s.is_terminal() and steps < 40 * seed % 97 + 20:
            if s.is_chance_node():
                s.apply_random_chance()
            else:
                s.apply_action(agent.act(s))
            steps += 1
        if not s.is_terminal() and not s.is_chance_node() and len(s.legal_actions()) > 1:
            states.append(s)
        seed += 1
    return states


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=2000)
    parser.add_argument("--states", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", default=GAME_ID)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    if pyspiel is None:
        print("the rl extra is not installed (pip install -e '.[dev,rl]'): nothing to compare")
        return 1
    states = decision_states(args.states, args.game, args.players)
    wrapped = _wrapped_game(args.game, args.players)

    def ours(seed: int, state: State) -> float:
        agent = MCTSAgent(seed=seed, budget=Budget(iterations=args.simulations), rollout="random")
        started = time.process_time()
        agent.search(state)
        spent = time.process_time() - started
        assert agent.simulations == args.simulations
        return spent

    def theirs(seed: int, state: State) -> float:
        bot = os_mcts.MCTSBot(
            wrapped,
            uct_c=2.0,
            max_simulations=args.simulations,
            evaluator=os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            solve=False,
            random_state=np.random.RandomState(seed + 1),
        )
        wrapped_state = wrapped.wrap(state)
        started = time.process_time()
        root = bot.mcts_search(wrapped_state)
        spent = time.process_time() - started
        assert root.explore_count == args.simulations
        return spent

    # warm-up: the rules fill their dice tables lazily; both sides then find them filled
    for s in states:
        ours(0, s)
        theirs(0, s)
    # the two sides alternate state by state, so both meet the same (still growing) tables;
    # time is the process's CPU time, so other work on the machine does not tilt the ratio
    our_time = their_time = 0.0
    for r in range(args.rounds):
        for s in states:
            our_time += ours(10 + r, s)
            their_time += theirs(10 + r, s)
    total = args.rounds * len(states) * args.simulations
    ours_rate, theirs_rate = total / our_time, total / their_time

    print(
        f"{args.game} ({wrapped.num_players()} players): {args.rounds} rounds x {len(states)} states x {args.simulations} "
        "simulations, one random rollout each"
    )
    print(f"  highcamp MCTSAgent        {ours_rate:10,.0f} simulations/s")
    print(f"  OpenSpiel Python MCTSBot  {theirs_rate:10,.0f} simulations/s")
    print(f"  ratio                     {ours_rate / theirs_rate:10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
