"""Plain UCT's hot path (random rollouts, no guide, one legal set per node), for
:class:`highcamp.agents.mcts.MCTSAgent`: the same choices as its general loop from the same
random stream, with the general branches left out, over a tree kept in flat lists."""

from __future__ import annotations

import math
from typing import Any

from highcamp.core import CHANCE, TERMINAL, State

__all__ = ["search_plain"]


class _Tree:
    """Plain UCT's tree as flat lists indexed by node number (the root is 0)."""

    __slots__ = ("children", "order", "players", "roots", "totals", "untried", "visits")

    def __init__(self, players: int) -> None:
        self.players = players
        self.visits: list[int] = [0]
        self.totals: list[float] = [0.0] * players  # node * players + player
        self.roots: list[float] = [0.0]  # sqrt(visits), kept by the backup
        self.children: list[dict[int, int] | None] = [None]  # action -> node
        self.untried: list[list[int] | None] = [None]  # legal actions not yet expanded
        # once every legal action has its child: (actions, their nodes), in legal order
        self.order: list[tuple[list[int], list[int]] | None] = [None]


class _TreeNode:
    """A node of a :class:`_Tree`, read like a :class:`_Node` (visits, totals, children)."""

    __slots__ = ("_id", "_tree")

    def __init__(self, tree: _Tree, node: int) -> None:
        self._tree = tree
        self._id = node

    @property
    def visits(self) -> int:
        """Simulations through this node."""
        return self._tree.visits[self._id]

    @property
    def totals(self) -> list[float]:
        """Each player's summed returns over those simulations."""
        n = self._tree.players
        return self._tree.totals[self._id * n : (self._id + 1) * n]

    @property
    def children(self) -> dict[int, _TreeNode]:
        """Action (or chance outcome) -> child node."""
        kids = self._tree.children[self._id] or {}
        return {a: _TreeNode(self._tree, c) for a, c in kids.items()}


def search_plain(
    agent: Any, state: State, low: list[float], high: list[float], counter: Any
) -> _TreeNode:
    """:meth:`search` for plain UCT (random rollouts, one legal set per node): the same
    choices from the same random stream, with the general branches left out (hot path).

    A node's legal actions never change here (each chance outcome has its own subtree
    and the root state is fixed), so a node lists its untried actions once and, fully
    expanded, its actions and children in legal order. Nodes are numbers indexing flat
    lists (visits, summed returns, square roots of visits), so a new node allocates no
    object that the garbage collector must track; only nodes with children own a dict.
    """
    players = state.game.num_players
    tree = _Tree(players)
    vis, tot, roots = tree.visits, tree.totals, tree.roots
    kids, untried_of, order_of = tree.children, tree.untried, tree.order
    zeros = [0.0] * players
    solitaire = players == 1
    rand = agent._rng.random
    max_steps = agent._limit or agent.max_rollout_steps
    exploration = agent.exploration
    sqrt, log, inf = math.sqrt, math.log, math.inf
    deadline = counter.deadline
    clock = agent.clock
    while counter.more():
        s = state.clone()
        apply = s.apply_legal
        current = s.current_player
        sample = s.sample_chance
        pick = s.sample_legal
        path = [0]
        node = 0
        # selection and expansion
        while True:
            p = current()
            if p == CHANCE:
                action = sample(rand())
                children = kids[node]
                if children is None:
                    children = kids[node] = {}
                child = children.get(action)
                apply(action)
                if child is None:
                    child = children[action] = len(vis)
                    vis.append(0)
                    roots.append(0.0)
                    tot.extend(zeros)
                    kids.append(None)
                    untried_of.append(None)
                    order_of.append(None)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            if p == TERMINAL:
                break
            order = order_of[node]
            if order is not None:  # fully expanded: UCT, as in _select
                span = high[p] - low[p] or 1.0
                base = low[p]
                c_explore = exploration * sqrt(log(max(vis[node], 1)))
                best, best_score = 0, -inf
                ids = order[1]
                for k, c in enumerate(ids):
                    score = (tot[c * players + p] / vis[c] - base) / span + c_explore / roots[c]
                    if score > best_score:
                        best, best_score = k, score
                apply(order[0][best])
                node = ids[best]
                path.append(node)
                continue
            untried = untried_of[node]
            if untried is None:
                untried = untried_of[node] = s.legal_actions()
            children = kids[node]
            if children is None:
                children = kids[node] = {}
            action = untried.pop(int(rand() * len(untried)))
            child = children[action] = len(vis)
            vis.append(0)
            roots.append(0.0)
            tot.extend(zeros)
            kids.append(None)
            untried_of.append(None)
            order_of.append(None)
            if not untried:
                legal = s.legal_actions()
                order_of[node] = (legal, [children[a] for a in legal])
                untried_of[node] = None
            apply(action)
            path.append(child)
            break
        # random rollout (actions come from the state itself: applied unchecked)
        steps = 0
        while steps < max_steps:
            p = current()
            if p == CHANCE:
                apply(sample(rand()))
            elif p == TERMINAL:
                break
            else:
                apply(pick(rand()))
            steps += 1
            if deadline is not None and not steps & 63 and clock() > deadline:
                break  # out of time: the rollout stops here
        if current() != TERMINAL and counter.done:
            break  # dropped, and the search ends
        returns = s.returns() if current() == TERMINAL else agent._leaf_value(s)(s)
        if solitaire:
            r = returns[0]
            if r < low[0]:
                low[0] = r
            if r > high[0]:
                high[0] = r
            for nd in path:
                v = vis[nd] = vis[nd] + 1
                roots[nd] = sqrt(v)
                tot[nd] += r
        else:
            for i, r in enumerate(returns):
                if r < low[i]:
                    low[i] = r
                if r > high[i]:
                    high[i] = r
            for nd in path:
                v = vis[nd] = vis[nd] + 1
                roots[nd] = sqrt(v)
                at = nd * players
                for i, r in enumerate(returns):
                    tot[at + i] += r
        counter.done += 1
    return _TreeNode(tree, 0)
