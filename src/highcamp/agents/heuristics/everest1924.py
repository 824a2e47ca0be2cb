"""The Everest 1924 heuristic: play as a sensible climber would, from the observation only.

* Before rolling: roll, unless the rows still to climb before the score grows, at the
  chance of ascending, are worth less than the circles they cost: abandon.
* With the dice down: ascend when the straight is there; make camp (three squares left) only
  when the right edge of the sheet comes near, since every unused camp scores 5 at the
  summit (measured: camping early costs more than a point on the standard sheet).
* After a failed roll: reroll as ``best_reroll`` says (the observation's plan) unless the
  observation says it is not worth its risk in points (where a failed reroll's fall would
  end the game, at base camp or onto the route), else move right.

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("everest-1924")
>>> play_game(game, [Everest1924Heuristic(seed=1)], seed=3).is_terminal()
True
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

from .base import RuleOfThumbAgent

__all__ = ["Everest1924Heuristic"]

EDGE_MARGIN = 2  # camp when fewer squares than rows to go (plus this) are left to the right
REROLL_ABOVE = 0.0  # a reroll (which falls if it fails) needs at least this chance
ROW_GAIN = 4  # [Final Scoring]: each new row is worth 2 x 2 more


class Everest1924Heuristic(RuleOfThumbAgent):
    """Rules of thumb over ``observation(0)`` and action texts (deterministic)."""

    def _view(self, state: State) -> dict[str, Any]:
        view: dict[str, Any] = self._static(state)
        return view

    def _choose(self, state: State) -> tuple[int, str]:
        obs: dict[str, Any] = state.observation(state.current_player())
        texts = state.legal_action_texts()
        odds = obs.get("ascent_odds") or 0.0
        view = self._view(state)
        row, col = obs["position"]
        rows_to_summit = view["summit"] - row
        if "roll" in texts:
            need = obs["highest_row"] - row + 1  # rows to climb before the score grows
            gain = ROW_GAIN + (5 * obs["camps_left"] if rows_to_summit == 1 else 0)
            if odds**need * gain < need:
                return texts["abandon"], (
                    f"ascent chance {odds:.0%}: {need} row(s) to climb for {gain} points"
                )
            if row < obs["highest_row"] and view["rows"][row + 1]["last"] <= col:
                return texts["abandon"], "the edge of the sheet is here: no row to gain"
            return texts["roll"], f"ascent chance {odds:.0%}"
        if "ascend" in texts:
            room = view["rows"][row + 1]["last"] - (col + 1)  # squares right of the ascent
            if "camp" in texts and room < rows_to_summit + EDGE_MARGIN:
                return texts["camp"], "the edge of the sheet is near: make camp (3 squares left)"
            return texts["ascend"], "the straight makes the target"
        hint = obs.get("reroll_hint")
        if hint and hint["plan"] and hint["odds"] > REROLL_ABOVE and hint.get("worth", True):
            step = hint["plan"][0]
            if step in texts:
                return texts[step], f"best reroll: {hint['odds']:.0%} to ascend"
        if hint and not hint.get("worth", True) and "move right" in texts:
            return texts["move right"], (
                f"the best reroll ascends {hint['odds']:.0%} of the time, but a failure ends "
                "the game: move right"
            )
        fail = "move right" if "move right" in texts else "fall"
        return texts.get(fail, min(texts.values())), "no straight, no reroll left"
