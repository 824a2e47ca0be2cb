"""Searches do not go round in circles: a move back to a position the seat has decided in
is left out (Disaster on K2's Flashlight, passed between climbers who share a space, with
[8.6])."""

from __future__ import annotations

import json

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.repeats import RepeatGuard

PASS = "pass the Flashlight to "  # the action's text (the contract's words, not its id)


def _passes(state: highcamp.State) -> list[int]:
    """The Flashlight passes legal now."""
    return [a for text, a in state.legal_action_texts().items() if text.startswith(PASS)]


def _flashlight_position() -> highcamp.State:
    """A K2 position (seed 0, the heuristic playing) where the Flashlight can be passed."""
    game = highcamp.load_game("disaster-on-k2")
    state = game.new_initial_state(0)
    agent = make_agent("heuristic", seed=0)
    while not state.is_terminal():
        if state.current_player() == highcamp.CHANCE:
            state.apply_random_chance()
        elif _passes(state):
            return state
        else:
            state.apply_action(agent.act(state))
    raise AssertionError("no Flashlight pass in seed 0")


def _seen(state: highcamp.State) -> str:
    return json.dumps(state.observation(0), sort_keys=True)


def _after(state: highcamp.State, action: int) -> highcamp.State:
    child = state.clone()
    child.apply_action(action)
    return child


def _passes_back(before: highcamp.State, passed: highcamp.State) -> set[int]:
    """The passes of ``passed`` that return to the position ``before``."""
    return {a for a in _passes(passed) if _seen(_after(passed, a)) == _seen(before)}


def test_flashlight_passed_back_returns_to_the_same_position() -> None:
    state = _flashlight_position()
    passed = _after(state, _passes(state)[0])
    assert _passes_back(state, passed), "passing the Flashlight back is legal, changes nothing"


def test_repeat_guard_leaves_out_the_pass_back() -> None:
    state = _flashlight_position()
    guard = RepeatGuard()
    legal = state.legal_actions()
    assert guard.allowed(state, legal) == legal  # nothing leads back yet
    passed = _after(state, _passes(state)[0])
    allowed = guard.allowed(passed, passed.legal_actions())
    back = _passes_back(state, passed)
    assert back and not back & set(allowed)
    assert set(allowed) == set(passed.legal_actions()) - back
    # the same position asked about again (a hint) keeps what was seen
    assert guard.allowed(passed, passed.legal_actions()) == allowed
    # a new game (a shorter history) starts afresh
    fresh = highcamp.load_game("disaster-on-k2").new_initial_state(1)
    while fresh.current_player() == highcamp.CHANCE:
        fresh.apply_random_chance()
    assert guard.allowed(fresh, fresh.legal_actions()) == fresh.legal_actions()


def test_search_never_passes_the_flashlight_back() -> None:
    state = _flashlight_position()
    for spec in ("mcts:30:heuristic20", "paired:3:heuristic10"):
        agent = make_agent(spec, seed=3)
        seen = {_seen(state)}
        s = state.clone()
        for _ in range(12):  # a dozen decisions of the movement step and after
            if s.is_terminal():
                break
            if s.current_player() == highcamp.CHANCE:
                s.apply_random_chance()
                continue
            action = agent.act(s)
            was_pass = action in _passes(s)
            s.apply_action(action)
            if s.current_player() == 0 and was_pass:
                assert _seen(s) not in seen, f"{spec} passed the Flashlight back"
            seen.add(_seen(s))


def test_explain_after_a_pass_names_an_allowed_move() -> None:
    state = _flashlight_position()
    passed = _after(state, _passes(state)[0])
    agent = make_agent("mcts:30:heuristic20", seed=5)
    agent.act(state)  # the position before the pass is one the seat decided in
    text = agent.explain(passed)
    back = [passed.action_to_string(a) for a in _passes_back(state, passed)]
    assert back and not any(text.startswith(t) for t in back)
