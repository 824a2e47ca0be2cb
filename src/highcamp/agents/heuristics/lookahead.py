"""A short greedy look-ahead shared by the multiplayer heuristics.

From the player's own view (``resample_hidden``: a state it cannot tell from the real one),
each action is tried on a copy and followed by the player's own next decisions (at most
``depth`` in all, the best of each); other players' replies take ``reply``'s choice. The
value is the player's score minus the best other score (``score_breakdown`` totals).

>>> import highcamp
>>> s = highcamp.load_game("everest-go", players=2, first_player=1).new_initial_state(seed=1)
>>> while s.is_chance_node():
...     _ = s.apply_random_chance()
>>> isinstance(margin(s, 0), float)
True
"""

from __future__ import annotations

from collections.abc import Callable

from highcamp.core import State

__all__ = ["Totals", "best_actions", "breakdown_totals", "margin"]


Totals = Callable[[State], list[float]]
"""Each player's score now (by default the ``score_breakdown`` totals; a game's heuristic
may pass a cheaper reading of the same scores)."""


def breakdown_totals(state: State) -> list[float]:
    """Each player's score: the ``score_breakdown`` totals."""
    return [b.total for b in state.score_breakdown()]


def margin(state: State, player: int, totals: Totals = breakdown_totals) -> float:
    """``player``'s score minus the best other score."""
    now = totals(state)
    others = [t for p, t in enumerate(now) if p != player]
    return float(now[player] - (max(others) if others else 0.0))


def _value(
    state: State,
    player: int,
    depth: int,
    reply: Callable[[State], int | None],
    allow: Callable[[State, int], bool],
    totals: Totals,
) -> float:
    while not state.is_terminal() and not state.is_chance_node():
        if state.current_player() == player:
            if depth <= 0:
                break
            best = float("-inf")
            for action in state.legal_actions():
                if not allow(state, action):
                    continue
                child = state.clone()
                child.apply_action(action)
                best = max(best, _value(child, player, depth - 1, reply, allow, totals))
            return best if best > float("-inf") else margin(state, player, totals)
        answer = reply(state)
        if answer is None:
            break
        state.apply_action(answer)
    return margin(state, player, totals)


def best_actions(
    state: State,
    player: int,
    actions: list[int],
    depth: int,
    reply: Callable[[State], int | None],
    allow: Callable[[State, int], bool] = lambda s, a: True,
    totals: Totals = breakdown_totals,
) -> list[tuple[float, int]]:
    """``(value, action)`` for each of ``actions``, best first (ties: the lower action)."""
    scored = []
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        scored.append((_value(child, player, depth - 1, reply, allow, totals), action))
    scored.sort(key=lambda va: (-va[0], va[1]))
    return scored
