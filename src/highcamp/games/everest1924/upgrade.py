"""Histories recorded before a failed reroll fell at once, played by today's rules.

Until R-0-4 was applied to the reroll, a climber whose reroll failed was asked to choose
among ``fall`` and combinations that could not help; the engine now falls at once
([Rerolling Dice], R-0-4). A history recorded then holds those choices: replayed today,
each is refused where the fall has already happened. :func:`upgrade_history` drops exactly
those choices (a combination or ``fall`` refused right after the automatic fall) and keeps
every other action, so stored tables and saved games resume where they stopped.

>>> import highcamp
>>> game = highcamp.load_game("everest-1924")
>>> state = game.new_initial_state(seed=5)
>>> while not state.is_terminal() and len(state.history()) < 60:
...     if state.is_chance_node():
...         _ = state.apply_random_chance()
...     else:
...         state.apply_action(state.legal_actions()[0] if state.history() else 0)
>>> upgrade_history(game, state.history()) == state.history()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highcamp.core import Game, IllegalActionError

from .constants import COMBINE_BASE, FACE_BASE, FAIL

__all__ = ["upgrade_history"]


def _old_choice(action: int) -> bool:
    """A choice the old rule asked for after a failed reroll: a combination or the fall."""
    return action == FAIL or COMBINE_BASE <= action < FACE_BASE


def upgrade_history(
    game: Game,
    history: Sequence[int],
    *,
    seed: int = 0,
    position: Mapping[str, Any] | None = None,
) -> list[int]:
    """``history`` without the choices asked after a failed reroll under the old rule.

    An action that today's engine refuses is dropped only when it is such a choice and the
    state just fell by itself (or the game ended with that fall); anything else refused is
    a broken history and raises :class:`IllegalActionError` as a replay does.
    """
    state = game.replay([], seed=seed, position=position)
    kept: list[int] = []
    dropping = False  # True while the old choices after an automatic fall are skipped
    for index, action in enumerate(history):
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            fell = dropping or (kept and kept[-1] >= FACE_BASE)  # right after the dice
            if _old_choice(action) and fell:
                dropping = action != FAIL  # the old fall closes what the rule asked
                continue
            raise IllegalActionError(
                rule=err.rule, reason=f"step {index} of the history: {err.reason}", action=action
            ) from None
        kept.append(action)
        dropping = False
    return kept
