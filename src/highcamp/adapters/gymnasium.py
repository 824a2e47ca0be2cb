"""highcamp solitaire games as Gymnasium environments.

>>> import gymnasium
>>> from highcamp.adapters.gymnasium import make
>>> env = make("everest-1924")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), info["action_mask"].nonzero()[0].tolist()   # roll, abandon
(['action_mask', 'observation'], [0, 1])
>>> obs, reward, terminated, truncated, info = env.step(1)   # abandon at base camp
>>> reward, terminated, info["ending"]
(-1.0, True, 'abandoned')
>>> gymnasium.make("highcamp/everest-1924").unwrapped.game.info.id
'everest-1924'

Importing this module registers ``highcamp/<game_id>`` for every game that can be played
alone (``min_players == 1``); without the import, name the module:
``gymnasium.make("highcamp.adapters.gymnasium:highcamp/everest-1924")``.

* Actions: ``Discrete(num_distinct_actions())``, the game's action ids.
* Observations: a dict of ``observation`` (the game's tensor from
  :mod:`highcamp.adapters.encoders`) and ``action_mask`` (``int8``); the mask is also in
  ``info["action_mask"]``, and ``env.action_masks()`` gives it as booleans (the method
  sb3-contrib's ``MaskablePPO`` calls).
* Chance steps (dice, draws) are resolved inside ``reset``/``step`` by the highcamp
  state's generator, seeded from the environment's ``np_random`` (``reset(seed=...)``).
* Reward: 0 until the end, then the score (the player's return).
* An illegal action leaves the game unchanged, earns ``illegal_reward`` (-1 by default)
  and sets ``info["illegal_action"]`` to the refusal (its rule and reason); the episode is
  truncated after ``max_game_length()`` steps, so an agent cannot loop for ever.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import highcamp
from highcamp.core import IllegalActionError, State

from .encoders import encoder_for

__all__ = ["HighcampEnv", "env_id", "make", "register_envs"]


class HighcampEnv(gymnasium.Env[dict[str, Any], Any]):
    """A Gymnasium environment over one solitaire highcamp game."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium API)

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = highcamp.load_game(game_id, **options)
        if self.game.num_players != 1:
            raise ValueError(
                f"{game_id} has {self.game.num_players} players here; Gymnasium environments "
                "are for solitaire games (use highcamp.adapters.pettingzoo.env)"
            )
        self.illegal_reward = float(illegal_reward)
        self.encoder = encoder_for(self.game)
        actions = self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(*self.encoder.bounds, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.state: State | None = None
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; its chance steps are seeded from the environment's generator."""
        super().reset(seed=seed)
        self.state = self.game.new_initial_state(int(self.np_random.integers(2**63)))
        self._steps = 0
        self._advance()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply ``action`` and every chance step after it."""
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        self._steps += 1
        info_extra: dict[str, Any] = {}
        reward = 0.0
        try:
            state.apply_action(int(action))
        except IllegalActionError as err:
            reward = self.illegal_reward
            info_extra["illegal_action"] = {"rule": err.rule, "reason": err.reason}
        else:
            self._advance()
        terminated = state.is_terminal()
        if terminated:
            reward += state.returns()[0]
        truncated = not terminated and self._steps >= self.game.max_game_length()
        return self._observe(), reward, terminated, truncated, self._info() | info_extra

    def _advance(self) -> None:
        state = self.state
        assert state is not None
        while state.is_chance_node():
            state.apply_random_chance()

    def _mask(self) -> np.ndarray:
        assert self.state is not None
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return mask

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (sb3-contrib's ``MaskablePPO`` convention: a
        masked policy trains on this environment without a wrapper).

        >>> env = make("everest-1924")
        >>> _ = env.reset(seed=1)
        >>> env.action_masks().nonzero()[0].tolist(), env.action_masks().dtype
        ([0, 1], dtype('bool'))
        """
        return self._mask().astype(bool)

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {
            "observation": self.encoder.encode(self.state.observation(0), player=0),
            "action_mask": self._mask(),
        }

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        return {"action_mask": self._mask(), "ending": self.state.ending()}

    def render(self) -> str | None:
        """``ansi``: the state as JSON text."""
        if self.render_mode is None or self.state is None:
            return None
        return json.dumps(self.state.to_json()["state"])


def env_id(game_id: str) -> str:
    """The Gymnasium id of a highcamp game (``highcamp/<game_id>``)."""
    return f"highcamp/{game_id}"


def make(game_id: str, **options: Any) -> HighcampEnv:
    """A Gymnasium environment for a solitaire game with its options.

    ``render_mode`` and ``illegal_reward`` are taken too; every other keyword is a game
    option (validated by the game).
    """
    return HighcampEnv(game_id, **options)


def register_envs() -> list[str]:
    """Register ``highcamp/<game_id>`` for every game playable alone; return the ids."""
    ids = []
    for game_id in highcamp.list_games():
        info = highcamp.game_class(game_id).INFO
        if info.min_players != 1:
            continue
        kwargs: dict[str, Any] = {"game_id": game_id}
        if info.max_players > 1 and any(o.name == "players" for o in info.options):
            kwargs["players"] = 1
        gid = env_id(game_id)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point=f"{__name__}:HighcampEnv", kwargs=kwargs)
        ids.append(gid)
    return ids


register_envs()
