"""Exact hints and the post-game review at a web table, for a game that hands out an exact
solver (``game.exact_solver()``; Everest 1924).

Both answer at once once the game's sheet is solved (or its policy is in the cache). The
first use on a sheet that is not solves it in a background thread and answers with
``pending`` and the progress, so the server never waits for a solve; asking again later
gets the answer.

>>> import highcamp
>>> exact_hint(highcamp.load_game("disaster").new_initial_state(seed=1)) is None
True
"""

from __future__ import annotations

from typing import Any

from highcamp.agents.optimal import choice_values, format_choices, solve_in_background
from highcamp.agents.review import review_game
from highcamp.core import State

__all__ = ["exact_hint", "exact_review"]

SHOWN = 8  # choices spelled out in a hint's text


def _solving(state: State) -> str | None:
    """None when the game's exact answers are immediate; else (the solve started in the
    background) what to tell the player. ValueError when the game has no usable solver."""
    job = solve_in_background(state)
    if job is None:
        return None
    if job.done and job.error is None:
        return None
    if job.error is not None:
        raise ValueError(job.error)
    return (
        f"Solving this sheet for exact answers ({job.positions:,} positions so far, about a "
        "minute once per sheet): ask again in a moment."
    )


def exact_hint(state: State) -> dict[str, Any] | None:
    """The optimal choice of ``state`` with the expected final score of every legal choice
    (a ``hint`` message, ``pending`` False), or, while the sheet is solved in the
    background, ``pending`` True with the progress in ``why``; None when the game has no
    exact solver to use here. The table answers with its hint agent in both latter cases."""
    game: Any = state.game
    if game.exact_solver() is None or state.is_terminal() or state.is_chance_node():
        return None
    try:
        waiting = _solving(state)
        if waiting is not None:
            return {"type": "hint", "agent": "optimal", "pending": True, "action": None,
                    "text": None, "why": waiting}  # fmt: skip
        choices = choice_values(state)
    except ValueError:  # too large to solve here, or the solve failed
        return None
    if not choices:
        return None
    action, text, value = choices[0]
    return {
        "type": "hint",
        "agent": "optimal",
        "pending": False,
        "action": action,
        "text": text,
        "value": value,
        "why": f"expected final score under optimal play: {format_choices(choices, SHOWN)}",
        "choices": [{"id": a, "text": t, "value": v} for a, t, v in choices],
    }


def exact_review(state: State) -> dict[str, Any]:
    """The review of the finished game ``state`` against the optimal policy (a ``review``
    message: every decision with the optimal choice and its cost, the total, the luck and
    the curve of the expected final score), or ``pending`` while the sheet is solved.
    ValueError when the game has no exact solver."""
    game: Any = state.game
    if game.exact_solver() is None:
        raise ValueError(f"{game.info.id} has no exact solver to review against")
    waiting = _solving(state)
    if waiting is not None:
        return {"type": "review", "pending": True, "why": waiting}
    review = review_game(game, list(state.history()))
    doc = review.to_dict()
    doc.update(
        type="review",
        pending=False,
        summary=(
            f"You left {review.cost:.1f} points on the mountain; the dice gave "
            f"{review.luck:+.1f} (expected {review.start_value:.1f} at the start, final "
            f"score {review.final_score:g})."
        ),
    )
    return doc
