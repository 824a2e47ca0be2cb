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

__all__ = ["best_actions", "margin"]


def margin(state: State, player: int) -> float:
    """``player``'s score minus the best other score."""
    totals = [b.total for b in state.score_breakdown()]
    others = [t for p, t in enumerate(totals) if p != player]
    return float(totals[player] - (max(others) if others else 0.0))


def _value(
    state: State,
    player: int,
    depth: int,
    reply: Callable[[State], int | None],
    allow: Callable[[State, int], bool],
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
                best = max(best, _value(child, player, depth - 1, reply, allow))
            return best if best > float("-inf") else margin(state, player)
        answer = reply(state)
        if answer is None:
            break
        state.apply_action(answer)
    return margin(state, player)


def best_actions(
    state: State,
    player: int,
    actions: list[int],
    depth: int,
    reply: Callable[[State], int | None],
    allow: Callable[[State, int], bool] = lambda s, a: True,
) -> list[tuple[float, int]]:
    """``(value, action)`` for each of ``actions``, best first (ties: the lower action)."""
    scored = []
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        scored.append((_value(child, player, depth - 1, reply, allow), action))
    scored.sort(key=lambda va: (-va[0], va[1]))
    return scored
