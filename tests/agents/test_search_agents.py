"""Heuristic, MCTS, ISMCTS and optimal agents; specs and budgets; explanations."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import highcamp
from highcamp.agents import ISMCTSAgent, MCTSAgent, make_agent
from highcamp.agents.budget import Budget
from highcamp.core import CHANCE, TERMINAL, Game, GameInfo, State, explain_choice, play_game
from highcamp.sim import parse_agents


def test_agent_specs_build_search_agents_with_budgets() -> None:
    agent: Any = make_agent("mcts:50", seed=1)
    assert agent.budget == Budget(iterations=50)
    agent = make_agent("ismcts:0.2s:random", seed=1)
    assert agent.budget == Budget(seconds=0.2) and agent.rollout == "random"
    agent = make_agent("ismcts:5:heuristic:margin", seed=1)
    assert agent.value == "margin" and agent.describe()["value"] == "margin"
    for bad in (
        "mcts:lots",
        "mcts:0",
        "mcts:10:clever",
        "heuristic:10",
        "mcts:1:random:x",
        "mcts:1:random:margin:more",
        "mcts:1:random:margin=0",
        "mcts:1:random:margin=x",
        "mcts:1:random:win",
    ):
        with pytest.raises(ValueError):
            make_agent(bad)
    assert parse_agents("random,heuristic,mcts:100", 3) == ("random", "heuristic", "mcts:100")
    with pytest.raises(ValueError, match="unknown agent"):
        parse_agents("mcts:100,alphazero", 2)


@pytest.mark.parametrize("spec", ["heuristic", "mcts:8", "ismcts:8", "mcts:8:random"])
def test_agents_play_everest_1924_legally_and_reproducibly(spec: str) -> None:
    game = highcamp.load_game("everest-1924")
    first = play_game(game, [make_agent(spec, seed=4)], seed=9)
    again = play_game(game, [make_agent(spec, seed=4)], seed=9)
    assert first.is_terminal() and first.history() == again.history()


def test_agents_explain_their_choice_in_one_line() -> None:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=2)
    for spec in ("random", "heuristic", "mcts:20"):
        text = explain_choice(make_agent(spec, seed=1), state)
        assert text is not None and "\n" not in text
    assert explain_choice(make_agent("heuristic"), state).startswith("roll")  # type: ignore[union-attr]
    assert "simulations" in explain_choice(make_agent("mcts:20"), state)  # type: ignore[operator]


# ------------------------------------------------------------------ a hidden-information game
class CoinGame(Game):
    """Chance hides a coin (0 or 1) from seat 0; seat 0 guesses; seat 1 then bets.

    Seat 0 scores 1 for a right guess. The coin is seat 1's secret; seat 0 sees only that a
    coin was hidden."""

    INFO = GameInfo(
        id="coin-test",
        title="Coin (test)",
        min_players=2,
        max_players=2,
        options=(),
        chance=True,
        hidden_information=True,
        components=(),
        summary="test",
        rulebook="",
    )

    @property
    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return 3

    def _new_state(self, seed: int) -> State:
        return CoinState(self, seed)


class CoinState(State):
    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.coin: int | None = None
        self.guess: int | None = None
        self.bet: int | None = None

    def current_player(self) -> int:
        if self.coin is None:
            return CHANCE
        if self.guess is None:
            return 0
        if self.bet is None:
            return 1
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def _apply(self, action: int) -> None:
        if self.coin is None:
            self.coin = action
        elif self.guess is None:
            self.guess = action
        else:
            self.bet = action

    def _action_text(self, action: int) -> str:
        return str(action)

    def _snapshot(self) -> dict[str, Any]:
        return {"coin": self.coin, "guess": self.guess, "bet": self.bet}

    def observation(self, player: int) -> dict[str, Any]:
        return {"coin": self.coin if player == 1 else None, "guess": self.guess}

    def returns(self) -> list[float]:
        if self.bet is None:
            return [0.0, 0.0]
        right = float(self.guess == self.coin)
        return [right, float(self.bet == self.coin)]

    def resample_hidden(self, player: int, seed: int) -> State:
        new = self.clone()
        if player == 0 and new.coin is not None:
            new.coin = seed & 1
        return new

    def clone(self) -> CoinState:
        new = CoinState(self._game, self._seed)
        new._history = list(self._history)
        new.coin, new.guess, new.bet = self.coin, self.guess, self.bet
        return new


def _coin_state(coin: int) -> State:
    state = CoinGame().new_initial_state(seed=0)
    state.apply_action(coin)
    return state


def test_ismcts_never_reads_hidden_information() -> None:
    """Two states that differ only in the coin seat 0 cannot see: same choice, same seed,
    for every seed; plain MCTS on a game with hidden information searches information sets
    too, so it cannot find the coin either."""
    heads, tails = _coin_state(0), _coin_state(1)
    assert heads.observation(0) == tails.observation(0)
    for rollout in ("random", "eval"):  # eval: leaves valued from the determinisation
        for seed in range(12):
            a = ISMCTSAgent(seed=seed, budget=Budget(iterations=60), rollout=rollout)
            b = ISMCTSAgent(seed=seed, budget=Budget(iterations=60), rollout=rollout)
            assert a.act(heads) == b.act(tails)
            assert a.explain(heads) == b.explain(tails)
    for seed in range(12):
        a = MCTSAgent(seed=seed, budget=Budget(iterations=60), rollout="random")
        b = MCTSAgent(seed=seed, budget=Budget(iterations=60), rollout="random")
        assert a.act(heads) == b.act(tails)


def test_mcts_handles_several_players_with_their_own_returns() -> None:
    """Seat 1 sees the coin in its own search and bets on it."""
    for coin in (0, 1):
        state = _coin_state(coin)
        state.apply_action(0)
        agent = MCTSAgent(seed=1, budget=Budget(iterations=40), rollout="random")
        assert agent.act(state) == coin


def test_optimal_agent_refuses_other_games() -> None:
    from highcamp.agents import OptimalAgent

    with pytest.raises(ValueError, match="everest-1924"):
        OptimalAgent().act(_coin_state(0))


@pytest.mark.slow
def test_heuristic_scores_near_the_relaxed_bound() -> None:
    """The heuristic's mean is at least 90% of the relaxed value (an upper bound)."""
    game = highcamp.load_game("everest-1924")
    scores = [play_game(game, [make_agent("heuristic")], seed=s).returns()[0] for s in range(2000)]
    assert statistics.mean(scores) >= 0.9 * 36.76


def test_optimal_agent_refuses_to_solve_the_full_sheet_on_demand_without_the_compiled_solver(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from highcamp.agents import OptimalAgent
    from highcamp.games.everest1924 import solver

    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path))
    monkeypatch.setattr(solver, "fast_available", lambda: False)
    state = highcamp.load_game("everest-1924").new_initial_state(seed=0)
    with pytest.raises(ValueError, match="too large to solve on demand"):
        OptimalAgent().act(state)


def test_mcts_search_computes_what_it_did_before_the_fast_paths() -> None:
    """Visit counts pinned from the search as it was before its speed-ups (unchecked apply,
    incremental untried lists, inlined sampling): same seed, same tree."""
    game = highcamp.load_game("everest-1924")
    state = game.new_initial_state(5)
    state.apply_action(state.string_to_action("roll"))
    while state.is_chance_node():
        state.apply_random_chance()
    root = MCTSAgent(seed=3, budget=Budget(iterations=300), rollout="random").search(state)
    visits = {a: c.visits for a, c in sorted(root.children.items())}
    # pinned again when a failed reroll began to fall at once (R-0-4): the random rollouts
    # no longer choose among the fall and useless combines, so their games differ
    assert visits == {
        4: 30,
        5: 20,
        6: 23,
        7: 33,
        8: 22,
        9: 27,
        10: 26,
        11: 27,
        69: 37,
        75: 29,
        99: 26,
    }
    assert root.totals == [228.0]
    state = highcamp.load_game("everest-go", players=3).new_initial_state(5)
    while state.is_chance_node():
        state.apply_random_chance()
    root = ISMCTSAgent(seed=3, budget=Budget(iterations=300), rollout="random").search(state)
    visits = {a: c.visits for a, c in sorted(root.children.items())}
    # pinned again when resample_hidden stopped depending on the true hands (honest redraws)
    assert visits == {47: 68, 52: 35, 75: 62, 84: 38, 89: 42, 112: 55}
    assert root.totals == [108.0, 106.0, 86.0]


def test_plain_tree_view_adds_up_and_the_collector_is_restored() -> None:
    """The flat tree of plain UCT reads like the node objects: the root's visits are the
    budget, its children's visits add up to it; the garbage collector is paused only while
    the search runs, and left as it was found."""
    import gc

    state = highcamp.load_game("everest-1924").new_initial_state(5)
    agent = MCTSAgent(seed=1, budget=Budget(iterations=200), rollout="random")
    assert gc.isenabled()
    root = agent.search(state)
    assert gc.isenabled()
    assert root.visits == 200
    assert sum(c.visits for c in root.children.values()) == 200
    assert root.totals[0] == sum(c.totals[0] for c in root.children.values())
    gc.disable()
    try:
        agent.search(state)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eval_rollouts_play_everest_go_from_the_seat_view(players: int) -> None:
    """``ismcts:N:eval`` values leaves from the score totals (no playout) and plays whole
    games; its leaf values are shares that add up to one."""
    game = highcamp.load_game("everest-go", players=players)
    agents = [make_agent("ismcts:8:eval", seed=s) for s in range(players)]
    final = play_game(game, agents, seed=2)
    assert final.is_terminal() and sum(final.returns()) >= 1.0
    state = game.new_initial_state(3)
    while state.is_chance_node():
        state.apply_random_chance()
    values = MCTSAgent._evaluate(state)
    assert len(values) == players and abs(sum(values) - 1.0) < 1e-9
    solo = highcamp.load_game("everest-1924").new_initial_state(1)
    assert MCTSAgent._evaluate(solo) == [float(solo.score_breakdown()[0].total)]


def test_margin_values_add_a_hundredth_of_a_win_per_point_of_lead() -> None:
    """``value="margin"``: a finished game's returns plus 0.01 per point of each player's
    lead over the best of the others; a two-player Disaster on Everest game played by
    ``mcts:3:heuristic:margin`` is legal and reproducible."""
    game = highcamp.load_game("disaster-on-everest", players=2)
    agents = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
    final = play_game(game, agents, seed=4)
    totals = [b.total for b in final.score_breakdown()]
    lead = totals[0] - totals[1]
    wins = final.returns()
    assert MCTSAgent._with_margin(final) == pytest.approx(
        [wins[0] + 0.01 * lead, wins[1] - 0.01 * lead]
    )
    assert MCTSAgent._with_margin(final, 0.1) == pytest.approx(
        [wins[0] + 0.1 * lead, wins[1] - 0.1 * lead]
    )
    assert make_agent("mcts:3:heuristic:margin=0.1").describe()["value"] == "margin=0.1"
    state = game.new_initial_state(5)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(state.legal_actions()[0])
    picks = {make_agent("mcts:3:heuristic:margin", seed=7).act(state) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(state.legal_actions())
