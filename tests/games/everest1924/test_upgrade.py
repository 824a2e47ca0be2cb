"""Histories recorded when a failed reroll still asked for the fall ([Rerolling Dice],
R-0-4): today's engine falls at once, and such a history is read without the old choice."""

from __future__ import annotations

import json

import pytest

import highcamp
from highcamp.core import IllegalActionError, State, StateFormatError
from highcamp.games.everest1924.constants import (
    ASCEND,
    COMBINE_BASE,
    FACE_BASE,
    FAIL,
    REROLL_BASE,
    ROLL,
)


def _with_automatic_fall() -> tuple[State, int]:
    """A seeded game whose reroll failed, and the step just after the automatic fall."""
    game = highcamp.load_game("everest-1924")
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and len(state.history()) < 400:
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            legal = state.legal_actions()
            rerolls = [a for a in legal if REROLL_BASE < a < COMBINE_BASE]
            pick = [a for a in (ROLL, ASCEND) if a in legal] + rerolls + [FAIL]
            state.apply_action(next(a for a in pick if a in legal))
        fell = [e for e in state.log if e.rule == "R-0-4"]
        if fell:  # the entry names the reroll: the fall follows its dice
            at, history = fell[0].index + 1, state.history()
            while at < len(history) and history[at] >= FACE_BASE:
                at += 1
            return state, at
    raise AssertionError("no failed reroll in 200 seeded games")


def test_rerolling_dice_an_old_fall_after_a_failed_reroll_is_dropped_r_0_4() -> None:
    state, at = _with_automatic_fall()
    game = highcamp.load_game("everest-1924")
    new = state.history()
    for old_choices in ([FAIL], [COMBINE_BASE, FAIL]):
        old = new[:at] + old_choices + new[at:]
        with pytest.raises(IllegalActionError):
            game.replay(old)
        assert game.upgrade_history(old) == new
        doc = json.loads(json.dumps(state.to_json()))
        doc["history"] = old
        doc.pop("state", None)
        assert game.state_from_json(doc).history() == new


def test_rerolling_dice_any_other_refused_action_still_breaks_the_history() -> None:
    state, _ = _with_automatic_fall()
    game = highcamp.load_game("everest-1924")
    history = state.history()
    assert game.upgrade_history(history) == history  # today's histories are kept
    with pytest.raises((IllegalActionError, StateFormatError)):
        game.upgrade_history([*history[:2], 999, *history[2:]])
    with pytest.raises(IllegalActionError):  # a fall chosen where nothing fell is refused
        game.upgrade_history([ROLL, FAIL, *history[1:]])
