"""highcamp games as OpenSpiel games: importing this module registers every game.

Each game of ``highcamp.list_games()`` is registered as a Python game named ``highcamp_``
+ its id with ``-`` replaced by ``_``; its options are the game parameters (a nullable
option is a string parameter, ``""`` meaning none).

>>> import pyspiel
>>> import highcamp.adapters.openspiel as hos
>>> game = pyspiel.load_game("highcamp_everest_1924")
>>> game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
True
>>> state = game.new_initial_state()
>>> state.legal_actions(), state.action_to_string(0, 0)
([0, 1], 'roll')
>>> state.apply_action(0)
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 6)
>>> hos.highcamp_state(state).history()
[0]

The OpenSpiel state is a thin wrapper over the highcamp state: static data (the highcamp
game, its encoder) lives on the OpenSpiel game, and a clone is the highcamp state's own
cheap ``clone()``. Chance outcomes are applied by OpenSpiel (explicit chance); the highcamp
state's seed is unused.

Observers: the observation string is the observation as canonical JSON, the observation
tensor comes from :mod:`highcamp.adapters.encoders`. The information state string is the
history in perfect-information games and, in hidden-information games, the player's own
decisions (its observation then and the action it took) followed by its observation now:
perfect recall built from observations only. There is no information state tensor.

Search: OpenSpiel's C++ ``MCTSBot.step`` and ``ISMCTSBot.step`` crash on games written in
Python; use the Python bots (``open_spiel.python.algorithms.mcts.MCTSBot`` and
``open_spiel.python.algorithms.ismcts.ISMCTSBot``, whose resampler is :func:`resampler`).
"""

from __future__ import annotations

import copyreg
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

import highcamp
from highcamp.core import Game, OptionSpec, State

from . import bounds
from .encoders import Encoder, encoder_for, views

__all__ = [
    "CONSTANT_SUM",
    "UTILITY_BOUNDS",
    "HighcampSpielGame",
    "HighcampSpielState",
    "highcamp_state",
    "openspiel_name",
    "register",
    "register_all",
    "resampler",
]

_DEFAULT_BOUND = 1e6


UTILITY_BOUNDS: dict[str, Callable[[Game], tuple[float, float]]] = {
    "everest-1924": bounds.everest1924_bounds,
    "everest-go": bounds.win_or_lose_bounds,
    "disaster": bounds.win_or_lose_bounds,
    "disaster-on-everest": bounds.disaster_on_everest_bounds,
    "disaster-on-k2": bounds.disaster_on_k2_bounds,
    "disaster-campaign": bounds.disaster_campaign_bounds,
}
"""Per-game bounds of a player's return, for OpenSpiel's ``min_utility``/``max_utility``.

A game not listed gets the loose bounds ``(-1e6, 1e6)``."""

CONSTANT_SUM: dict[str, float] = {}
"""Games whose returns always add up to the same total, by game id. None is: Everest 1924
and the Disaster series alone are solitaire scores; two-player Disaster on Everest and K2
give 1 to each winner (1 + 1 in a mutual victory, 1 + 1 or 0 + 0 in the cooperative game
[15.7]); Everest Go! gives 1 to each winner and ties can share the win (1 + 1); Disaster
gives 1 to the winner, 1 to each sharer with ``ties="shared"`` and 0 to all at its turn
limit. A game listed here is registered as zero-sum or constant-sum with that
``utility_sum``; the others are general-sum."""

_REGISTERED: dict[str, str] = {}  # OpenSpiel name -> highcamp game id


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel name of a highcamp game.

    >>> openspiel_name("disaster-on-everest")
    'highcamp_disaster_on_everest'
    """
    return "highcamp_" + game_id.replace("-", "_")


def _parameter_default(spec: OptionSpec) -> Any:
    if spec.nullable or spec.default is None:
        return "" if spec.default is None else str(spec.default)
    return spec.kind(spec.default)


def _options_from_params(
    specs: tuple[OptionSpec, ...], params: Mapping[str, Any]
) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in specs:
        if spec.name not in params:
            continue
        value = params[spec.name]
        if (spec.nullable or spec.default is None) and value in ("", None):
            value = None
        options[spec.name] = value
    return options


class HighcampSpielGame(pyspiel.Game):
    """An OpenSpiel game over a highcamp game (one subclass is registered per game)."""

    GAME_ID: str = ""
    GAME_TYPE: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        cls = highcamp.game_class(self.GAME_ID)
        self.highcamp: Game = cls(**_options_from_params(cls.INFO.options, params))
        hc = self.highcamp
        low, high = UTILITY_BOUNDS.get(self.GAME_ID, lambda g: (-_DEFAULT_BOUND, _DEFAULT_BOUND))(
            hc
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=hc.num_distinct_actions(),
            max_chance_outcomes=hc.num_distinct_actions() if hc.info.chance else 0,
            num_players=hc.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=CONSTANT_SUM.get(self.GAME_ID),
            max_game_length=hc.max_game_length(),
        )
        super().__init__(self.GAME_TYPE, info, params)
        self.encoder: Encoder = encoder_for(hc)
        _make_picklable(type(hc.new_initial_state(0)))
        self.hidden_information: bool = hc.info.hidden_information

    def new_initial_state(self) -> HighcampSpielState:
        """The initial state (chance is applied by OpenSpiel, so the seed is unused)."""
        return HighcampSpielState(self, self.highcamp.new_initial_state(0), None)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer | _InfoStateObserver:
        """An observer: the observation (default) or, with perfect recall, the
        information state (string only)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.perfect_recall:
            return _InfoStateObserver(self)
        if self.hidden_information and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "highcamp observations are per player (public and the player's private "
                "information); other observation types are not supported"
            )
        return _Observer(self)


class _Trail:
    """One decision of a hidden-information game, linked to the one before (shared by
    clones). It pickles as a flat list, so a long game never meets Python's recursion limit
    (a chain of nested tuples did, in ``pickle``); a copy shares it (it never changes).

    The observation of a decision is written down lazily: a decision keeps a clone of the
    state it was taken in (a few microseconds), and its observation's JSON is made the
    first time an information state string asks for it, so a search that never reads
    information states pays nothing for the trail.

    >>> t = _Trail.of([(0, "{}", 3), (1, "{}", 5)])
    >>> t.entries()
    [(0, '{}', 3), (1, '{}', 5)]
    >>> import pickle, copy; pickle.loads(pickle.dumps(t)).entries() == t.entries()
    True
    >>> copy.deepcopy(t) is t
    True
    """

    __slots__ = ("_seen", "action", "player", "previous")

    def __init__(self, previous: _Trail | None, entry: tuple[int, str | State, int]) -> None:
        self.previous = previous
        self.player, self._seen, self.action = entry

    @property
    def entry(self) -> tuple[int, str, int]:
        """(player, observation JSON, action)."""
        seen = self._seen
        if not isinstance(seen, str):
            seen = self._seen = _obs_json(seen, self.player)
        return (self.player, seen, self.action)

    def __deepcopy__(self, memo: Any) -> _Trail:
        return self

    def __copy__(self) -> _Trail:
        return self

    @classmethod
    def of(cls, entries: list[tuple[int, str, int]]) -> _Trail | None:
        """A trail from its entries, oldest first."""
        node: _Trail | None = None
        for entry in entries:
            node = cls(node, entry)
        return node

    def entries(self) -> list[tuple[int, str, int]]:
        """The entries, oldest first (iteratively)."""
        out: list[tuple[int, str, int]] = []
        node: _Trail | None = self
        while node is not None:
            out.append(node.entry)
            node = node.previous
        out.reverse()
        return out

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[int, str, int]]]]:
        return _Trail.of, (self.entries(),)


class _Held:
    """The highcamp state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes (``state.child(a)``, ``random_sim_test``, C++ algorithms):
    this holder deep-copies as the state's own cheap ``clone()``, not as its pickled JSON
    document (a replay of the whole history)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> _Held:
        return _Held(self.state.clone())


class HighcampSpielState(pyspiel.State):
    """A thin ``pyspiel.State`` over a highcamp state (read it with :func:`highcamp_state`)."""

    def __init__(self, game: HighcampSpielGame, state: State, trail: _Trail | None) -> None:
        super().__init__(game)
        self._held = _Held(state)
        # hidden-information games: (previous, player, observation, action) per decision
        self._trail = trail

    @property
    def _hc(self) -> State:
        return self._held.state

    # ---------------------------------------------------------------- pyspiel API
    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        return self._hc.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._hc.legal_actions() if player == self._hc.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes and probabilities at a chance step."""
        return self._hc.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        hc = self._hc
        player = hc.current_player()
        if player >= 0 and self.get_game().hidden_information:
            self._trail = _Trail(self._trail, (player, hc.clone(), int(action)))
        hc.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        hc = self._hc
        if player == hc.current_player() and action in hc.legal_actions():
            return hc.action_to_string(action)
        return f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._hc.is_terminal()

    def returns(self) -> list[float]:
        """Each player's score at the end (zeros before it)."""
        return self._hc.returns()

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, zeros before."""
        return self._hc.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one (``State.resample_hidden``)."""
        seed = int(probability_sampler() * 2**62)
        return self._resampled(player_id, seed)

    def _resampled(self, player: int, seed: int) -> HighcampSpielState:
        return HighcampSpielState(
            self.get_game(), self._hc.resample_hidden(player, seed), self._trail
        )

    def clone(self) -> HighcampSpielState:
        """A cheap copy: the highcamp state's ``clone()``; the trail is shared."""
        return HighcampSpielState(self.get_game(), self._hc.clone(), self._trail)

    def __deepcopy__(self, memo: Any) -> HighcampSpielState:
        return self.clone()

    def __str__(self) -> str:
        return json.dumps(self._hc.to_json()["state"], sort_keys=True)

    def info_state_string(self, player: int) -> str:
        """Perfect recall from observations (see the module docstring)."""
        hc = self._hc
        if not self.get_game().hidden_information:
            return "history " + ",".join(map(str, hc.history()))
        trail = self._trail.entries() if self._trail is not None else []
        entries = [f"{obs} -> {action}" for who, obs, action in trail if who == player]
        entries.append(_obs_json(hc, player))
        return "\n".join(entries)


def _state_from_json(doc: str) -> State:
    parsed = json.loads(doc)
    return highcamp.load_game(parsed["game"], **parsed["options"]).state_from_json(parsed)


def _reduce_state(state: State) -> tuple[Any, tuple[str]]:
    return _state_from_json, (json.dumps(state.to_json()),)


def _make_picklable(cls: type[State]) -> None:
    """OpenSpiel serialises a Python state by pickling it: a highcamp state pickles as
    its JSON document (history replayed and checked on load)."""
    copyreg.pickle(cls, _reduce_state)


def _obs_json(state: State, player: int) -> str:
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


class _Observer:
    """Observation string (canonical JSON) and tensor (the game's encoder)."""

    def __init__(self, game: HighcampSpielGame) -> None:
        self._encoder = game.encoder
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = views(game.encoder, self.tensor)

    def set_from(self, state: HighcampSpielState, player: int) -> None:
        self._encoder.encode(state._hc.observation(player), self.tensor, player)

    def string_from(self, state: HighcampSpielState, player: int) -> str:
        return _obs_json(state._hc, player)


class _InfoStateObserver:
    """Information state: string only (no tensor)."""

    def __init__(self, game: HighcampSpielGame) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: HighcampSpielState, player: int) -> None:
        pass

    def string_from(self, state: HighcampSpielState, player: int) -> str:
        return state.info_state_string(player)


def highcamp_state(state: Any) -> State:
    """The highcamp state under an OpenSpiel state of this adapter."""
    if not isinstance(state, HighcampSpielState):
        raise TypeError(f"not a highcamp OpenSpiel state: {state!r}")
    return state._hc


def resampler(seed: int = 0) -> Callable[[Any, int], HighcampSpielState]:
    """A resampler for the Python ISMCTS bot (``bot.set_resampler(resampler(seed))``):
    ``State.resample_hidden`` with seeds from its own generator."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> HighcampSpielState:
        if not isinstance(state, HighcampSpielState):
            raise TypeError(f"not a highcamp OpenSpiel state: {state!r}")
        return state._resampled(player, rng.getrandbits(62))

    return resample


def _utility(game_id: str) -> Any:
    total = CONSTANT_SUM.get(game_id)
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def register(game_id: str) -> str:
    """Register one highcamp game with OpenSpiel (idempotent); return its OpenSpiel name."""
    name = openspiel_name(game_id)
    if name in _REGISTERED:
        return name
    info = highcamp.game_class(game_id).INFO
    hidden = info.hidden_information
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"highcamp {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=_utility(game_id),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: _parameter_default(o) for o in info.options},
    )
    cls = type(
        f"Highcamp_{name}",
        (HighcampSpielGame,),
        {"GAME_ID": game_id, "GAME_TYPE": game_type, "__module__": __name__},
    )
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = game_id
    return name


def register_all() -> list[str]:
    """Register every game of ``highcamp.list_games()``; return the OpenSpiel names."""
    return [register(game_id) for game_id in highcamp.list_games()]


register_all()
