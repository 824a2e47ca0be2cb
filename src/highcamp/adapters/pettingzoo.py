"""highcamp games as PettingZoo AEC environments.

>>> from highcamp.adapters.pettingzoo import env
>>> e = env("everest-1924")
>>> e.reset(seed=42)
>>> e.agents, e.agent_selection
(['player_0'], 'player_0')
>>> obs = e.observe("player_0")
>>> sorted(obs), obs["action_mask"].nonzero()[0].tolist()   # roll, abandon
(['action_mask', 'observation'], [0, 1])
>>> e.step(0)   # roll: the dice are thrown inside the step

Agents are ``player_0`` ... ``player_{n-1}`` (seats). Chance steps are resolved inside
``reset``/``step`` from the highcamp state's own generator, whose seed is drawn from the
environment's generator (seeded by ``reset(seed=...)``), so a seed reproduces the game.
An observation is a dict: ``observation`` (the game's tensor, from
:mod:`highcamp.adapters.encoders`, built from ``state.observation(player)`` only) and
``action_mask`` (``int8``, 1 for each legal action of the agent to act; zeros for the
others). Rewards are terminal: each agent's return (score) when the game ends. An illegal
action raises :class:`highcamp.IllegalActionError` naming the rule, the state unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import highcamp
from highcamp.core import State

from .encoders import encoder_for

__all__ = ["HighcampAECEnv", "env"]


class HighcampAECEnv(AECEnv):
    """An AEC environment over one highcamp game (any number of seats)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo API)
        "render_modes": ["ansi"],
        "name": "highcamp",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = highcamp.load_game(game_id, **options)
        self.metadata = {**self.metadata, "name": f"highcamp_{game_id.replace('-', '_')}"}
        self.encoder = encoder_for(self.game)
        n = self.game.num_players
        actions = self.game.num_distinct_actions()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        *self.encoder.bounds, (self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: every action id of the game."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the environment's generator (and action spaces)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.state = self.game.new_initial_state(int(self._rng.integers(2**63)))
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action, then every chance step that follows."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Resolve chance steps; select the next agent; settle rewards at the end."""
        state = self.state
        assert state is not None
        while state.is_chance_node():
            state.apply_random_chance()
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {agent: float(returns[self._seat[agent]]) for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            # the last mover settles first; the others follow in seat order
            if self.agents and getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
            for agent in self.agents:
                self.infos[agent] = {"ending": state.ending()}
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation tensor and action mask."""
        assert self.state is not None
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {
            "observation": self.encoder.encode(self.state.observation(seat), player=seat),
            "action_mask": mask,
        }

    def render(self) -> str | None:
        """``ansi``: the whole state as JSON (a spectator's view: hidden information shown)."""
        if self.render_mode is None or self.state is None:
            return None
        return json.dumps(self.state.to_json()["state"])

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, render_mode: str | None = None, **options: Any) -> HighcampAECEnv:
    """An AEC environment for ``game_id`` with its options (validated by the game)."""
    return HighcampAECEnv(game_id, render_mode=render_mode, **options)
