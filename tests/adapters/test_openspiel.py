"""OpenSpiel adapter: every game registers, passes OpenSpiel's own checks, and OpenSpiel's
Python search bots play it unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots as py_evaluate_bots  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import highcamp  # noqa: E402
import highcamp.adapters.openspiel as hos  # noqa: E402
from tests.conformance.cases import representative  # noqa: E402

from .cases import ALL_CASES, HIDDEN_CASES, IDS, available, case_id  # noqa: E402
from .cases import _hidden as hidden  # noqa: E402
from .cases import _players as players  # noqa: E402


def _representative(
    cases: list[tuple[str, dict[str, Any]]], hidden_heavy: bool
) -> list[tuple[str, dict[str, Any]]]:
    """Search bots play whole games: the first variant of each game stands for it and, for
    the information-set bot, the hidden game's variant with the most seats too
    (``tests.conformance.cases.representative``); the other tests cover every variant."""
    out = []
    for game_id in dict.fromkeys(g for g, _ in cases):
        variants = [o for g, o in cases if g == game_id]
        heavy = hidden_heavy and hidden(game_id)
        chosen = representative(variants, lambda o, g=game_id: players(g, o), heavy)
        out.extend((game_id, o) for o in chosen)
    return out


BOT_CASES = _representative(ALL_CASES, hidden_heavy=False)
HIDDEN_BOT_CASES = _representative(HIDDEN_CASES, hidden_heavy=True)


def load(game_id: str, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(hos.register(game_id), options)


@pytest.fixture(params=ALL_CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> Any:
    game_id, options = request.param
    with available(game_id):
        yield game_id, options


def test_every_registered_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game_id in highcamp.list_games():
        assert hos.openspiel_name(game_id) in names


def test_game_type_follows_game_info(case: Any) -> None:
    game_id, options = case
    game = load(game_id, options)
    info = highcamp.game_class(game_id).INFO
    hc = highcamp.load_game(game_id, **options)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == info.chance
    assert (
        t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    ) == info.hidden_information
    assert game.num_players() == hc.num_players
    assert game.num_distinct_actions() == hc.num_distinct_actions()
    assert game.max_game_length() == hc.max_game_length()
    assert set(t.parameter_specification) == {o.name for o in info.options}


def _sim_cases() -> list[tuple[str, dict[str, Any]]]:
    """The first variant of each game and the one with the most seats (two-player Disaster
    on Everest and K2, four-player Everest Go!, eight-player Disaster): OpenSpiel's
    serialising random simulation replays the whole history at every step, so long games
    cost minutes; every variant runs in ``make slow``."""
    out = []
    for game_id in dict.fromkeys(g for g, _ in ALL_CASES):
        variants = [o for g, o in ALL_CASES if g == game_id]
        out.extend(
            (game_id, o) for o in representative(variants, lambda o, g=game_id: players(g, o), True)
        )
    return out


@pytest.mark.parametrize("sim_case", _sim_cases(), ids=[case_id(c) for c in _sim_cases()])
def test_random_sim_test(sim_case: Any) -> None:
    game_id, options = sim_case
    with available(game_id):
        pyspiel.random_sim_test(load(game_id, options), num_sims=4, serialize=True, verbose=False)


@pytest.mark.slow
def test_random_sim_test_every_variant(case: Any) -> None:
    game_id, options = case
    pyspiel.random_sim_test(load(game_id, options), num_sims=10, serialize=True, verbose=False)


def test_wrapper_follows_the_highcamp_state(case: Any) -> None:
    """Legal actions, chance outcomes, observations and returns are the highcamp state's."""
    game_id, options = case
    game = load(game_id, options)
    rng = np.random.RandomState(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            hc = hos.highcamp_state(state)
            assert state.current_player() == hc.current_player()
            if state.is_chance_node():
                assert state.chance_outcomes() == hc.chance_outcomes()
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = int(rng.choice(actions, p=probs))
            else:
                player = state.current_player()
                assert state.legal_actions() == hc.legal_actions()
                assert json.loads(state.observation_string(player)) == hc.observation(player)
                action = int(rng.choice(state.legal_actions()))
            clone = state.clone()
            state.apply_action(action)
            assert hos.highcamp_state(clone).history() == hc.history()[:-1]
            assert state.history() == hc.history()
        assert state.returns() == hos.highcamp_state(state).returns()
        restored = game.deserialize_state(state.serialize())
        assert hos.highcamp_state(restored) == hos.highcamp_state(state)


def test_observation_tensor_shape_is_fixed(case: Any) -> None:
    game_id, options = case
    game = load(game_id, options)
    shape = game.observation_tensor_shape()
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 60:
        for player in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(player))
            assert tensor.shape == tuple(shape)
            assert np.all(np.isfinite(tensor))
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        seen += 1


@pytest.mark.parametrize("bot_case", BOT_CASES, ids=[case_id(c) for c in BOT_CASES])
def test_python_mcts_bot_and_evaluate_bots(bot_case: Any) -> None:
    """OpenSpiel's Python MCTS bot, unchanged, through both evaluate_bots."""
    game_id, options = bot_case
    with available(game_id):
        _play_mcts(game_id, options)


def _play_mcts(game_id: str, options: dict[str, Any]) -> None:
    game = load(game_id, options)
    rng = np.random.RandomState(11)
    # a whole game through each evaluator; few simulations, since every one rolls out a
    # whole game (hundreds of actions in the card and Disaster games)
    for seed in range(1):
        bots = [
            mcts.MCTSBot(game, 2.0, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
            for _ in range(game.num_players())
        ]
        returns = py_evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == game.num_players()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    root = bots[state.current_player()].mcts_search(state)
    assert root.best_child().action in state.legal_actions()


@pytest.mark.parametrize(
    "hidden_case", HIDDEN_BOT_CASES, ids=[case_id(c) for c in HIDDEN_BOT_CASES]
)
def test_python_ismcts_bot_with_resampler(hidden_case: Any) -> None:
    """OpenSpiel's Python ISMCTS bot, unchanged, with the resampler, on hidden games."""
    game_id, options = hidden_case
    with available(game_id):
        _play_ismcts(game_id, options)


def _play_ismcts(game_id: str, options: dict[str, Any]) -> None:
    game = load(game_id, options)
    rng = np.random.RandomState(7)
    bots = []
    for player in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
        bot.set_resampler(hos.resampler(player))
        bots.append(bot)
    for seed in range(1):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_information_state_hides_other_hands() -> None:
    """In the hidden-draw game, a player's information state names its own card only, and
    a resampled state keeps the player's information state and observation."""
    with available("hidden-draw"):
        game = load("hidden-draw", {"players": 3})
        state = game.new_initial_state()
        for card in (2, 5, 7):  # deal 1, 4, 6
            state.apply_action(card)
        info = [state.information_state_string(p) for p in range(3)]
        assert '"hand":1' in info[0] and '"hand":4' not in info[0]
        assert '"hand":4' in info[1]
        state.apply_action(1)  # player 0 swaps
        other = hos.resampler(3)(state, 1)
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.observation_string(1) == state.observation_string(1)
        assert hos.highcamp_state(other).observation(1)["hand"] == 4


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("highcamp_everest_1924", {"sheet": ""})
    assert hos.highcamp_state(game.new_initial_state()).game.options["sheet"] is None
    with pytest.raises(highcamp.OptionError):
        pyspiel.load_game("highcamp_everest_1924", {"sheet": "/nonexistent/sheet.json"})


def test_highcamp_state_refuses_other_states() -> None:
    with pytest.raises(TypeError):
        hos.highcamp_state(pyspiel.load_game("tic_tac_toe").new_initial_state())


def test_a_constant_sum_game_is_declared_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game listed in CONSTANT_SUM is declared zero- or constant-sum; others general-sum."""
    assert hos._utility("everest-1924") == pyspiel.GameType.Utility.GENERAL_SUM
    monkeypatch.setitem(hos.CONSTANT_SUM, "zero-game", 0.0)
    monkeypatch.setitem(hos.CONSTANT_SUM, "ten-game", 10.0)
    assert hos._utility("zero-game") == pyspiel.GameType.Utility.ZERO_SUM
    assert hos._utility("ten-game") == pyspiel.GameType.Utility.CONSTANT_SUM


def test_ismcts_without_a_resampler_uses_resample_from_infostate() -> None:
    """The bot's default path calls state.resample_from_infostate(player, sampler)."""
    with available("hidden-draw"):
        game = load("hidden-draw", {"players": 2})
        rng = np.random.RandomState(2)
        bots = [
            ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 12, random_state=rng)
            for _ in range(2)
        ]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
        assert sorted(returns) != [0.0, 0.0] and all(1 <= r <= 6 for r in returns)
