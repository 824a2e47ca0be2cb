"""Undo: which actions may be taken back (those that revealed nothing).

One policy for every front end (the web's solo tables, terminal play): a seat takes back its
own last action, and with it whatever other seats did after it, but never past a chance step
(a roll or a draw revealed something) nor, in a game with hidden information, past another
seat's action (it may have shown that seat something).

>>> undo_point([0, CHANCE, 0, 1], seat=0, hidden=False)  # back to seat 1's move at 2
2
>>> undo_point([0, CHANCE, 0, 1], seat=0, hidden=True) is None  # not past seat 2's move
True
>>> undo_point([0, CHANCE], seat=0, hidden=False) is None  # not past the dice
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import CHANCE, Game

__all__ = ["actors", "undo_point"]


def undo_point(players: Sequence[int], seat: int, hidden: bool) -> int | None:
    """The history length an undo by ``seat`` returns to, or ``None`` when nothing may be
    undone. ``players[i]`` is who took action ``i`` (a seat or ``CHANCE``); ``hidden`` is
    the game's ``info.hidden_information``."""
    for i in range(len(players) - 1, -1, -1):
        p = players[i]
        if p == CHANCE or (hidden and p != seat):
            return None
        if p == seat:
            return i
    return None


def actors(game: Game, history: Sequence[int], seed: int = 0) -> list[int]:
    """Who took each action of ``history`` (``CHANCE`` for chance steps), by replaying it.

    >>> import highcamp
    >>> game = highcamp.load_game("everest-1924")
    >>> s = game.new_initial_state(seed=1)
    >>> s.apply_action(s.string_to_action("roll"))
    >>> _ = s.apply_random_chance()
    >>> actors(game, s.history(), seed=1)
    [0, -1]
    """
    state = game.new_initial_state(seed)
    out = []
    for action in history:
        out.append(state.current_player())
        state.apply_action(action)
    return out
