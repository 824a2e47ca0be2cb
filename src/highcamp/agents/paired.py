"""Paired rollouts: the heuristic's move, changed only where the dice agree it should be.

A tree search with a few dozen noisy simulations a move mostly keeps its guide's move (it
must, or it plays noise: :data:`highcamp.agents.mcts.MIN_OVERRIDE`). Here every legal action
is rolled out from the same start with the **same dice** (common random numbers: rollout
``i`` of every action draws its chance outcomes from one generator seeded ``i``, and the
heuristic's few random choices from another), the game's heuristic playing every seat for ``steps`` steps, and the leaf is valued by the game's
learned value (or the returns, if the game ends first). Rollout ``i`` of action ``a`` is
then compared with rollout ``i`` of the heuristic's action, so the luck of the dice, which
decides most of a two-player Disaster-series game, cancels out of the difference, and a
move is played instead of the heuristic's only when its mean paired gain exceeds
:data:`Z` standard errors (and :data:`MIN_ROUNDS` rounds have been rolled out).

The budget is iterations (rounds: one rollout of every action) or seconds a decision; with
seconds, the search stops early once no action could still pass the test.

With ``redraw`` (spec ``paired:1s:heuristic30:redraw``), each round starts from its own
redraw of the hidden cards, ``state.resample_hidden(seat, seed)`` with the round's seed:
every action of the round is rolled out on the same redraw, so the paired difference
compares the moves on the same unknown cards too, and the rounds average over what the seat
does not know instead of trusting one draw. Wrapped in :class:`~highcamp.agents.honest.SeatView`
(as :func:`~highcamp.agents.make_agent` does) the state is already the seat's view, and a
redraw of it depends only on what the seat can see: the agent stays honest.

>>> import highcamp
>>> state = highcamp.load_game("disaster-on-k2", players=2).new_initial_state(seed=1)
>>> while state.is_chance_node():
...     _ = state.apply_random_chance()
>>> agent = PairedAgent(seed=1, budget=Budget(iterations=4), steps=20)
>>> agent.act(state) in state.legal_actions()
True
>>> agent.rounds
4
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from highcamp.core import CHANCE, TERMINAL, Agent, State

from .budget import Budget, decision_clock
from .heuristics import make_heuristic, make_learned_value
from .repeats import RepeatGuard

__all__ = ["MIN_ROUNDS", "Gains", "PairedAgent", "Z"]

Z = 2.0
"""A move replaces the heuristic's when its mean paired gain is this many standard errors
above zero."""
MIN_ROUNDS = 6
"""...and only after this many rounds (a standard error from fewer is itself noise)."""


class PairedAgent:
    """Paired heuristic rollouts of every legal action (see the module)."""

    name = "paired"

    def __init__(
        self, seed: int = 0, budget: Budget | None = None, steps: int = 50, redraw: bool = False
    ) -> None:
        if steps <= 0:
            raise ValueError(f"a paired search needs rollouts of at least one step, not {steps}")
        self.seed = seed
        self.budget = budget or Budget(iterations=20)
        self.steps = steps
        self.redraw = redraw
        self._heuristics: dict[str, Agent] = {}
        self._values: dict[str, Callable[[State], list[float]] | None] = {}
        self._draws = random.Random(seed)  # each decision's rollout seeds
        self.clock: Callable[[], float] = decision_clock()
        self.started: float | None = None  # set by SeatView: the decision's start
        self.rounds = 0  # rounds of the last decision
        self.decisions = 0
        self.simulations = 0  # rollouts over every decision
        self.stopped_early = 0
        self.changed = 0  # decisions where another move than the heuristic's was played
        self._last: tuple[list[int], int, str] | None = None
        self._repeats = RepeatGuard()  # the positions decided this game (no circles)

    def _heuristic(self, state: State) -> Agent:
        game_id = state.game.info.id
        agent = self._heuristics.get(game_id)
        if agent is None:
            agent = self._heuristics[game_id] = make_heuristic(game_id, self.seed)
        return agent

    def _value(self, state: State) -> Callable[[State], list[float]] | None:
        game_id = state.game.info.id
        if game_id not in self._values:
            self._values[game_id] = make_learned_value(game_id)
        return self._values[game_id]

    def _rollout(self, state: State, action: int, seed: int, player: int) -> float:
        """``player``'s value after ``action`` and ``steps`` heuristic steps, dice from
        ``seed``."""
        s = state.clone()
        s.apply_action(action)
        dice = random.Random(seed)
        # the heuristic's own draws (its few unsettled choices) also from the round's seed;
        # on a redraw it plays every seat of that determinisation as given
        heuristic = make_heuristic(state.game.info.id, seed, determinised=self.redraw)
        for _ in range(self.steps):
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                s.apply_legal(s.sample_chance(dice.random()))
            else:
                s.apply_action(heuristic.act(s))
        if s.is_terminal():
            return float(s.returns()[player])
        value = self._value(state)
        if value is None:
            totals = [b.total for b in s.score_breakdown()]
            return float(totals[player] - max(t for i, t in enumerate(totals) if i != player))
        return float(value(s)[player])

    def _choose(self, state: State) -> tuple[int, str]:
        start = self.started if self.started is not None else self.clock()
        self.started = None
        player = state.current_player()
        legal = self._repeats.allowed(state, state.legal_actions())  # no circles
        guide = self._heuristic(state).act(state)
        if guide not in legal:  # the heuristic's move leads back where the seat has been
            guide = legal[0]
        others = [a for a in legal if a != guide]
        gains = {a: Gains() for a in others}
        deadline = None if self.budget.seconds is None else start + self.budget.seconds
        rounds = 0
        spent_per_round = 0.0
        self.decisions += 1
        while True:
            if deadline is None:
                if rounds >= (self.budget.iterations or 0):
                    break
            elif rounds and self.clock() + spent_per_round > deadline:
                break
            t0 = self.clock()
            seed = self._draws.getrandbits(32)
            start_state = state.resample_hidden(player, seed) if self.redraw else state
            base = self._rollout(start_state, guide, seed, player)
            for a in others:
                gains[a].add(self._rollout(start_state, a, seed, player) - base)
            rounds += 1
            self.simulations += 1 + len(others)
            spent_per_round = max(spent_per_round, self.clock() - t0)
            if (
                deadline is not None
                and rounds >= MIN_ROUNDS
                and not any(g.hopeful() for g in gains.values())
            ):
                self.stopped_early += 1
                break
        self.rounds = rounds
        best, best_mean = guide, 0.0
        for a, g in gains.items():
            mean, se = g.mean_se()
            if g.n >= MIN_ROUNDS and mean > Z * se and mean > best_mean:
                best, best_mean = a, mean
        if best != guide:
            self.changed += 1
            why = f"paired gain {best_mean:+.3f} over the heuristic's move in {rounds} rounds"
        else:
            why = f"the heuristic's move: no other gains clearly in {rounds} rounds"
        return best, why

    def act(self, state: State) -> int:
        """The heuristic's move, or the one whose paired rollouts beat it clearly."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        action, why = self._choose(state)
        self._last = (state.history(), action, why)
        return action

    def explain(self, state: State) -> str:
        """The chosen move and why (its paired gain, or the heuristic's move kept)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{state.action_to_string(legal[0])}: the only legal action"
        last = self._last
        if last is not None and last[0] == state.history():
            action, why = last[1], last[2]
        else:
            action, why = self._choose(state)
        return f"{state.action_to_string(action)}: {why}"

    def describe(self) -> dict[str, Any]:
        """The settings (for reports)."""
        return {
            "budget": str(self.budget),
            "steps": self.steps,
            "redraw": self.redraw,
            "seed": self.seed,
        }


class Gains:
    """An action's paired gains so far, kept as running sums (Welford's: the count, the
    mean and the sum of squared deviations), so that each round's test costs the same
    however many rounds came before.

    >>> g = Gains()
    >>> g.mean_se()
    (0.0, inf)
    >>> for x in (1.0, 3.0):
    ...     g.add(x)
    >>> g.mean_se()
    (2.0, 1.0)
    """

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        """One more round's gain."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def mean_se(self) -> tuple[float, float]:
        """Mean and standard error (infinite from fewer than two gains)."""
        n = self.n
        if n < 2:
            return self.mean, math.inf
        return self.mean, math.sqrt(max(self.m2, 0.0) / (n - 1) / n)

    def hopeful(self) -> bool:
        """Whether the gains so far leave the action a chance to pass the test: their mean
        is above zero or within :data:`Z` standard errors of it (an action whose every
        rollout equals the heuristic's has none).

        >>> def gains(*xs: float) -> Gains:
        ...     g = Gains()
        ...     for x in xs:
        ...         g.add(x)
        ...     return g
        >>> gains(*[0.0] * 8).hopeful(), gains(0.1, 0.12, 0.09, 0.11, 0.1, 0.1).hopeful()
        (False, True)
        >>> gains(-0.2, -0.25, -0.3, -0.2, -0.22, -0.28).hopeful()
        False
        """
        mean, se = self.mean_se()
        if se == 0:
            return mean > 0
        return mean + Z * se > 0
