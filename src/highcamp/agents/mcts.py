"""Monte Carlo tree search over the contract, for any game.

* **Chance** steps are sampled with the agent's own generator (``State.sample_chance``,
  the outcomes of ``chance_outcomes()`` by probability); each outcome has its own subtree.
* **Any number of players**: every node keeps the sum of each player's returns, and the
  player to move picks by its own mean (max^n, per-player returns); returns are scaled by
  the range seen so far, so UCT's constant fits any score scale.
* **Rollouts** are random, or the game's heuristic agent (``rollout="heuristic"``), or
  none (``rollout="eval"``): a new leaf is valued from the score totals (alone: the score;
  with others: each player's share of ``exp(total / 2)``, a stand-in for the chance of
  winning). Cheap iterations for games whose heuristic is too slow to roll out with.
  ``rollout="learned"`` values a new leaf by the game's learned position value (each
  player's chance of winning, fitted on self-play: :mod:`highcamp.agents.heuristics`),
  and as ``eval`` for a game that has none.
* **Values** are the game's returns, or (``value="margin"``, for games of several players
  whose returns are only who won) the returns plus ``MARGIN_WEIGHT`` per point of each
  player's lead over the best of the others at the end (``score_breakdown``): a win by ten
  points is worth a little more than a win by one, so a few rollouts already tell moves
  apart where wins alone would tie. ``margin=W`` sets the weight per point (``margin=0.1``:
  a ten-point lead counts as much as the win itself).
* :class:`ISMCTSAgent` searches information sets: every iteration starts from
  ``resample_hidden(seat, seed)``, a state the seat cannot tell apart from the real one, so
  it never uses what its seat cannot see. On a game with hidden information,
  :class:`MCTSAgent` resolves to the same search (it never searches the true state).
* **Time budgets** (``mcts:1s``) hold for the whole decision: a rollout still running at
  the deadline stops there and its leaf is valued as by ``eval`` (or ``learned``).

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("everest-1924")
>>> agent = MCTSAgent(seed=1, budget=Budget(iterations=5))
>>> play_game(game, [agent], seed=2).is_terminal()
True
>>> go = highcamp.load_game("everest-go", players=3).new_initial_state(seed=3)
>>> while go.is_chance_node():
...     _ = go.apply_random_chance()
>>> ISMCTSAgent(seed=1, budget=Budget(iterations=50), rollout="eval").act(go) in go.legal_actions()
True
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from highcamp.core import CHANCE, TERMINAL, Agent, State
from highcamp.core.rng import draw_keyed, seed_key

from .budget import Budget, decision_clock
from .heuristics import has_heuristic, make_heuristic, make_learned_value
from .plain_uct import search_plain
from .repeats import RepeatGuard

__all__ = ["ISMCTSAgent", "MCTSAgent"]

EXPLORATION = 1.4
WIDENING = 1.0  # a node may have 1 + WIDENING * sqrt(visits) children (progressive widening)
PRIOR_BONUS = 1.0  # progressive bias toward the heuristic's action: PRIOR_BONUS / (1 + n)
MIN_OVERRIDE = 6
"""With a time budget, the search plays another move than its guide's (the heuristic's)
only once that move has at least this many simulations: under load a second may buy three
or four whole rollouts, and a choice on that little evidence is noise (two-player K2 at
``medium`` lost to the heuristic it rolls out with until this rule)."""
SLOWEST_STEP: dict[str, float] = {}
"""Per game, the slowest step of a rollout policy any search of this process has timed: a
new agent starts from it, so only the first such step a process meets can overrun."""
SETTLE_EVERY = 8
"""With a time budget, after each of the first three iterations (a second may buy only a
few whole rollouts) and then every this many: is the choice settled?"""
ROLLOUTS = ("auto", "random", "heuristic", "eval", "learned", "heuristicN", "randomN", "autoN")


def parse_rollout(rollout: str) -> tuple[str, int | None]:
    """A rollout setting's kind and its step limit (``heuristic30``: heuristic rollouts cut
    after 30 steps, their leaf valued by the game's learned value, else as ``eval``).

    >>> parse_rollout("heuristic30"), parse_rollout("eval")
    (('heuristic', 30), ('eval', None))
    >>> parse_rollout("fast")
    Traceback (most recent call last):
    ...
    ValueError: rollouts are auto, random, heuristic, eval, learned, heuristicN, randomN, autoN, not 'fast'
    """
    if rollout in ROLLOUTS[:5]:
        return rollout, None
    for kind in ("heuristic", "random", "auto"):
        if rollout.startswith(kind) and rollout[len(kind) :].isdigit():
            steps = int(rollout[len(kind) :])
            if steps > 0:
                return kind, steps
    raise ValueError(f"rollouts are {', '.join(ROLLOUTS)}, not {rollout!r}")


EVAL_TEMPERATURE = 2.0  # "eval": score points per factor e in the odds of winning
VALUES = ("returns", "margin", "margin=W")
MARGIN_WEIGHT = 0.01  # "margin": a point of final lead is worth a hundredth of a win


def margin_weight(value: str) -> float | None:
    """The weight per point of lead of a ``value`` setting (``None`` for ``returns``).

    >>> margin_weight("margin"), margin_weight("margin=0.1"), margin_weight("returns")
    (0.01, 0.1, None)
    >>> margin_weight("margin=-1")
    Traceback (most recent call last):
    ...
    ValueError: values are returns, margin, margin=W (a weight W > 0), not 'margin=-1'
    """
    if value == "returns":
        return None
    if value == "margin":
        return MARGIN_WEIGHT
    name, _, weight = value.partition("=")
    try:
        w = float(weight) if name == "margin" else math.nan
    except ValueError:
        w = math.nan
    if not w > 0 or math.isinf(w):
        raise ValueError(f"values are {', '.join(VALUES)} (a weight W > 0), not {value!r}")
    return w


def settled(root: SearchNode, left: float, min_override: int = 0) -> bool:
    """Whether ``left`` more simulations cannot change the root's choice: the most visited
    child leads the next by more than ``left``, or (``min_override``: the guide's move is
    kept unless another has that many visits) no other move can reach ``min_override``.

    >>> class N:
    ...     def __init__(self, visits, kids=(), prior=None):
    ...         self.visits, self.totals, self.prior = visits, [0.0], prior
    ...         self.children = dict(enumerate(kids))
    >>> settled(N(30, [N(25), N(5)]), left=10)
    True
    >>> settled(N(30, [N(16), N(14)]), left=10)
    False
    >>> settled(N(6, [N(3), N(2), N(1)], prior=0), left=2, min_override=6)
    True
    """
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    if not visits:
        return False
    prior = getattr(root, "prior", None)
    second = visits[1] if len(visits) > 1 else 0
    if visits[0] - second > left:
        if not min_override or prior is None or visits[0] >= min_override:
            return True
        lead = max(root.children.items(), key=lambda ac: ac[1].visits)[0]
        if lead == prior:
            return True
    if min_override and prior is not None:
        others = [c.visits for a, c in root.children.items() if a != prior]
        return max(others, default=0) + left < min_override
    return False


class _Node:
    __slots__ = ("avail", "children", "prior", "totals", "untried", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players
        self.children: dict[int, _Node] = {}
        self.prior: int | None = None  # the heuristic's action here, tried first
        # plain UCT (no guide, one legal set per node): the legal actions not yet expanded,
        # in legal order, kept as children are added instead of recomputed every visit
        self.untried: list[int] | None = None


class SearchNode(Protocol):
    """What :meth:`MCTSAgent.search` returns: a node's visits, summed returns, children."""

    @property
    def visits(self) -> int:
        """Simulations through the node."""

    @property
    def totals(self) -> list[float]:
        """Each player's summed returns."""

    @property
    def children(self) -> Mapping[int, SearchNode]:
        """Action -> child."""


class MCTSAgent:
    """UCT with sampled chance and per-player returns (see the module)."""

    name = "mcts"
    availability = False  # count availability per action (ISMCTS: legal sets vary)

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        rollout: str = "auto",
        exploration: float = EXPLORATION,
        max_rollout_steps: int = 10_000,
        value: str = "returns",
    ) -> None:
        self._kind, self._limit = parse_rollout(rollout)  # refuses a bad rollout
        self.value = value
        self._margin = margin_weight(value)  # refuses a bad value
        self.seed = seed
        self.budget = budget or Budget(iterations=1000)
        self.rollout = rollout
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self._key = seed_key(seed)
        self._count = 0
        self._rng = random.Random(seed)  # explicit seed; fast draws for rollouts and chance
        self._heuristics: dict[str, Agent | None] = {}
        self._learned: dict[str, Callable[[State], list[float]] | None] = {}
        self._last: tuple[list[int], SearchNode] | None = None
        self._repeats = RepeatGuard()  # the positions decided this game (no circles)
        self._sets = self.availability  # search information sets (set for each search)
        self._start: float | None = None  # when the current search began
        self.started: float | None = None
        """When the decision began, if before the search (set by :class:`SeatView`: drawing
        the seat's view is on the decision's clock); read and cleared by the next search."""
        self.simulations = 0  # iterations run, over every move (for throughput figures)
        self.decisions = 0  # searches run (for iterations per decision)
        self.stopped_early = 0  # time-budgeted searches that stopped, their choice settled
        self.clock: Callable[[], float] = decision_clock()
        """The time budget's clock (tests give a counting clock: no wall-clock asserts)."""
        self._slowest = 0.0  # the longest single step of the rollout policy seen (seconds)
        self.step_clock: Callable[[], float] = time.thread_time  # a step's own CPU time

    # ------------------------------------------------------------------ randomness
    def _uniform(self) -> int:
        u = draw_keyed(self._key, self._count)
        self._count += 1
        return u

    def _pick(self, n: int) -> int:
        return int(self._rng.random() * n)

    def _rollout_agent(self, state: State) -> Agent | None:
        game_id = state.game.info.id
        if game_id not in self._heuristics:
            kind = self._kind
            use = kind == "heuristic" or (kind == "auto" and has_heuristic(game_id))
            # it plays the search's states: with hidden information, each is drawn from the
            # seat's view (:meth:`_root_state`), so it decides on them as given
            self._heuristics[game_id] = (
                make_heuristic(game_id, self.seed, determinised=True) if use else None
            )
        return self._heuristics[game_id]

    def _leaf_value(self, state: State) -> Callable[[State], list[float]]:
        """How ``eval`` and ``learned`` value a leaf that is not over."""
        game_id = state.game.info.id
        learned = self._kind == "learned" or self._limit is not None
        if learned and game_id not in self._learned:
            self._learned[game_id] = make_learned_value(game_id)
        return self._learned.get(game_id) or self._evaluate

    # ---------------------------------------------------------------------- search
    def _root_state(self, state: State, player: int, iteration: int) -> State:
        if self._sets:  # a game with hidden information: a determinisation of the seat's view
            return state.resample_hidden(player, self._uniform() >> 1)
        return state.clone()

    def search(self, state: State) -> SearchNode:
        """Run one move's budget of iterations from ``state``; the root node.

        Python's cyclic garbage collector is paused while the search runs (and resumed
        after, if it was on): the tree has no cycles, and the collector's passes over a
        growing tree cost a fifth of a search's time on Everest 1924.
        """
        self._start = self.started if self.started is not None else self.clock()
        self.started = None
        self._last = None  # the previous move's tree is freed on this move's clock
        if not gc.isenabled():
            return self._search(state)
        gc.disable()
        try:
            return self._search(state)
        finally:
            gc.enable()

    def _search(self, state: State) -> SearchNode:
        player = state.current_player()
        if player < 0:
            raise ValueError("search needs a state where a player is to move")
        players = state.game.num_players
        root = _Node(players)
        low, high = [math.inf] * players, [-math.inf] * players
        counter = self.budget.counter(self._start, self.clock)
        self.decisions += 1
        game_id = state.game.info.id
        self._slowest = max(self._slowest, SLOWEST_STEP.get(game_id, 0.0))
        # with hidden information, every search is over information sets (see ISMCTSAgent)
        self._sets = self.availability or state.game.info.hidden_information
        rollout_agent = self._rollout_agent(state)
        guide = rollout_agent  # the heuristic also orders and biases the tree's choices
        evaluate = self._kind in ("eval", "learned")
        leaf_value = self._leaf_value(state)
        # a rollout cut short by the deadline is valued only by a learned value (a score
        # count in mid-game misleads); else it is dropped and the search ends
        value_cuts = self._learned.get(state.game.info.id) is not None
        if evaluate:  # no rollout, no guide: a leaf is valued where it stands
            guide = rollout_agent = None
        availability = self._sets
        margin = self._margin is not None and players > 1
        if guide is None and not availability and not evaluate and not margin:
            tree_root = self._search_plain(state, low, high, counter)
            self.simulations += counter.done
            self._last = (state.history(), tree_root)
            return tree_root
        max_steps = self._limit or self.max_rollout_steps
        deadline = counter.deadline
        clock = self.clock
        solitaire = players == 1
        select = self._select
        out_of_time = False
        rand = self._rng.random
        while counter.more():
            s = self._root_state(state, player, counter.done)
            path = [root]
            node = root
            # selection and expansion
            while True:
                p = s.current_player()
                if p == TERMINAL:
                    break
                if p == CHANCE:
                    action = s.sample_chance(rand())
                    child = node.children.get(action)
                    s.apply_legal(action)
                    if child is None:
                        child = node.children[action] = _Node(players)
                        path.append(child)
                        break
                    node = child
                    path.append(node)
                    continue
                legal = s.legal_actions()
                if availability:
                    for a in legal:
                        c = node.children.get(a)
                        if c is not None:
                            c.avail += 1
                elif len(node.children) == len(legal):  # fully expanded: plain UCT
                    action = select(node, legal, p, low, high)
                    s.apply_legal(action)
                    node = node.children[action]
                    path.append(node)
                    continue
                if guide is None and not availability:
                    untried = node.untried
                    if untried is None:
                        untried = node.untried = [a for a in legal if a not in node.children]
                    action = untried.pop(self._pick(len(untried)))
                    child = node.children[action] = _Node(players)
                    child.avail = 1
                    s.apply_legal(action)
                    path.append(child)
                    break
                if guide is not None and node.prior is None and len(legal) > 1:
                    if deadline is not None and counter.done and self._late(deadline):
                        out_of_time = True  # no time for the guide's step: the search ends
                        break
                    node.prior = self._timed_act(guide, s, deadline)
                untried = [a for a in legal if a not in node.children]
                widen = guide is None or len(node.children) < 1 + WIDENING * math.sqrt(node.visits)
                if untried and (widen or not any(a in node.children for a in legal)):
                    prior = node.prior
                    if prior is not None and prior in untried:
                        action = prior
                    else:
                        action = untried[self._pick(len(untried))]
                    child = node.children[action] = _Node(players)
                    child.avail = 1
                    s.apply_legal(action)
                    path.append(child)
                    break
                action = select(node, legal, p, low, high)
                if action not in node.children:  # widening held back an untried action
                    break
                s.apply_legal(action)
                node = node.children[action]
                path.append(node)
            if out_of_time:
                break
            # rollout (actions come from the state itself: applied unchecked)
            steps = max_steps if evaluate else 0
            apply = s.apply_legal
            current = s.current_player
            cut = False
            while steps < max_steps:
                p = current()
                if p == TERMINAL:
                    break
                if p == CHANCE:
                    apply(s.sample_chance(rand()))
                elif rollout_agent is not None:
                    if deadline is not None and self._late(deadline):
                        cut = True  # the policy's next step would overrun: stop here
                        break
                    s.apply_action(self._timed_act(rollout_agent, s, deadline))  # checked
                else:
                    apply(s.sample_legal(rand()))
                steps += 1
                if deadline is not None and not steps & 15 and clock() > deadline:
                    cut = True  # out of time: the rollout stops here
                    break
            if cut and not value_cuts and counter.done:
                break
            if current() != TERMINAL:
                returns = leaf_value(s)
            else:
                returns = self._with_margin(s, self._margin) if margin else s.returns()
            if solitaire:  # the same sums as below, without the inner loop
                r = returns[0]
                if r < low[0]:
                    low[0] = r
                if r > high[0]:
                    high[0] = r
                for n in path:
                    n.visits += 1
                    n.totals[0] += r
            else:
                for i, r in enumerate(returns):
                    if r < low[i]:
                        low[i] = r
                    if r > high[i]:
                        high[i] = r
                for n in path:
                    n.visits += 1
                    totals = n.totals
                    for i, r in enumerate(returns):
                        totals[i] += r
            counter.done += 1
            if deadline is not None and (counter.done < 4 or not counter.done % SETTLE_EVERY):
                now = clock()
                spent = now - counter.started
                left = counter.done * max(deadline - now, 0.0) / max(spent, 1e-9)
                if settled(root, left, MIN_OVERRIDE if guide is not None else 0):
                    self.stopped_early += 1
                    break
        if self._slowest > SLOWEST_STEP.get(game_id, 0.0):
            SLOWEST_STEP[game_id] = self._slowest
        self.simulations += counter.done
        self._last = (state.history(), root)
        return root

    def _late(self, deadline: float) -> bool:
        """Whether a step of the rollout policy, as slow as the slowest seen, would end
        after ``deadline`` (Everest 1924's heuristic can take most of a second)."""
        return self.clock() + self._slowest > deadline

    def _timed_act(self, agent: Agent, state: State, deadline: float | None) -> int:
        """``agent``'s choice, its time kept (with a time budget) as the slowest step: the
        thread's CPU time (``step_clock``), so that a step the machine's load held up does
        not count as slow (under a load of ten, wall-clock steps of a few milliseconds
        were timed at a tenth of a second, and every later search kept that in reserve)."""
        if deadline is None:
            return agent.act(state)
        t0 = self.step_clock()
        action = agent.act(state)
        took = self.step_clock() - t0
        if took > self._slowest:
            self._slowest = took
        return action

    def _search_plain(
        self, state: State, low: list[float], high: list[float], counter: Any
    ) -> SearchNode:
        """Plain UCT (:func:`highcamp.agents.plain_uct.search_plain`)."""
        return search_plain(self, state, low, high, counter)

    @staticmethod
    def _evaluate(state: State) -> list[float]:
        """The ``eval`` rollout's value of a state that is not over, from the score totals
        (``score_breakdown``): alone, the score; with others, each player's share of
        ``exp(total / EVAL_TEMPERATURE)``, a smooth stand-in for the chance of winning."""
        totals = [b.total for b in state.score_breakdown()]
        if len(totals) == 1:
            return [float(totals[0])]
        top = max(totals)
        weights = [math.exp((t - top) / EVAL_TEMPERATURE) for t in totals]
        norm = sum(weights)
        return [w / norm for w in weights]

    @staticmethod
    def _with_margin(state: State, weight: float | None = MARGIN_WEIGHT) -> list[float]:
        """The ``margin`` value of a finished game: each player's return plus ``weight``
        per point of lead over the best of the others (negative when behind)."""
        weight = MARGIN_WEIGHT if weight is None else weight
        totals = [b.total for b in state.score_breakdown()]
        out = []
        for i, r in enumerate(state.returns()):
            best_other = max(t for j, t in enumerate(totals) if j != i)
            out.append(r + weight * (totals[i] - best_other))
        return out

    def _select(
        self, node: _Node, legal: list[int], player: int, low: list[float], high: list[float]
    ) -> int:
        span = high[player] - low[player] or 1.0
        base = low[player]
        best, best_score = legal[0], -math.inf
        prior = node.prior
        children = node.children
        c_explore = self.exploration
        sqrt = math.sqrt
        availability = self._sets
        if not availability:
            c_explore *= sqrt(math.log(max(node.visits, 1)))
            if prior is None:  # plain UCT: the loop below without its branches (hot path)
                for a in legal:
                    c = children.get(a)
                    if c is None:
                        continue
                    n = c.visits
                    score = (c.totals[player] / n - base) / span + c_explore / sqrt(n)
                    if score > best_score:
                        best, best_score = a, score
                return best
        for a in legal:
            c = children.get(a)
            if c is None:
                continue
            n = c.visits
            if availability:
                explore = self.exploration * sqrt(math.log(max(c.avail, 1)) / n)
            else:
                explore = c_explore / sqrt(n)
            score = (c.totals[player] / n - base) / span + explore
            if a == prior:
                score += PRIOR_BONUS / (1 + n) * sqrt(node.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    # ----------------------------------------------------------------------- play
    def _best(self, root: SearchNode, state: State) -> int:
        legal = state.legal_actions()
        back = self._repeats.leads_back(state)  # no circles: asked of what is played only
        prior = getattr(root, "prior", None)
        guide = prior if prior in legal else None  # the guide's move
        # the most visited (ties: the lowest id) that does not lead back
        visited = sorted(
            ((root.children[a].visits, a) for a in legal if a in root.children),
            key=lambda va: (-va[0], va[1]),
        )
        pick = next(((v, a) for v, a in visited if not back(a)), None)
        if pick is not None:
            visits, best = pick
            if (
                self.budget.seconds is not None
                and guide is not None
                and best != guide
                and visits < MIN_OVERRIDE
                and not back(guide)
            ):
                return int(guide)  # too little evidence against the guide (see MIN_OVERRIDE)
            return best
        if guide is not None and not back(guide):  # nothing searched that does not lead back
            return int(guide)
        unsearched = (a for a in legal if a not in root.children and not back(a))
        return next(unsearched, visited[0][1] if visited else legal[0])

    def act(self, state: State) -> int:
        """The most visited action after a budget of iterations."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._best(self.search(state), state)

    def explain(self, state: State) -> str:
        """The chosen action, its share of the simulations and its mean return (with
        several players and win-or-lose returns, the chance of winning it estimates)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{state.action_to_string(legal[0])}: the only legal action"
        last = self._last
        fresh = last is not None and last[0] == state.history() and last[1].children
        root = last[1] if fresh and last is not None else self.search(state)
        player = state.current_player()
        action = self._best(root, state)
        child = root.children.get(action)
        if child is None:  # the only move left that does not lead back (see RepeatGuard)
            return f"{state.action_to_string(action)}: the others lead back to a position seen"
        share = child.visits / max(root.visits, 1)
        mean = child.totals[player] / max(child.visits, 1)
        # with several players the games' returns are 1 per win: their mean is a chance
        if state.game.num_players > 1 and self._margin is None and 0.0 <= mean <= 1.0:
            worth = f"chance of winning {mean:.0%}"
        else:
            worth = f"mean return {mean:.{1 if state.game.num_players == 1 else 2}f}"
        return (
            f"{state.action_to_string(action)}: {share:.0%} of {root.visits} simulations, {worth}"
        )

    def describe(self) -> dict[str, Any]:
        """The settings (for reports)."""
        return {
            "budget": str(self.budget),
            "rollout": self.rollout,
            "value": self.value,
            "seed": self.seed,
        }


class ISMCTSAgent(MCTSAgent):
    """Information-set MCTS: one tree over actions, every iteration from a determinisation
    (``resample_hidden``) of what the seat to move can see; actions unavailable in a
    determinisation are skipped, and UCT counts availability."""

    name = "ismcts"
    availability = True
