"""The checks of the shared conformance suite, applied to one random game at a time."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

import highcamp
from highcamp import CHANCE, TERMINAL, IllegalActionError, State

DEEP_STEPS = 100
"""A deep game checks every step up to here, then every ``full_every`` steps (long games)."""


def _doc(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_node(state: State) -> None:
    """A non-terminal state offers legal actions or chance outcomes summing to 1."""
    player = state.current_player()
    game = state.game
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players
    if player == TERMINAL:
        assert state.is_terminal()
        assert state.legal_actions() == []
        return
    assert not state.is_terminal()
    legal = state.legal_actions()
    assert legal, "a non-terminal state must offer actions"
    assert len(set(legal)) == len(legal), "legal actions must be distinct"
    assert all(0 <= a < game.num_distinct_actions() for a in legal)
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
    else:
        assert state.chance_outcomes() == []
    # chance outcomes too: their texts are the full record (public_action_text hides them)
    texts = [state.action_to_string(a) for a in legal]
    assert len(set(texts)) == len(texts), f"action texts must be unique: {texts}"
    for a, text in zip(legal, texts, strict=True):
        assert state.string_to_action(text) == a, f"{text!r} does not parse back to {a}"
    for reader in (None, *range(game.num_players)):
        for a, text in zip(legal, texts, strict=True):
            told = state.public_action_text(a, reader)
            assert isinstance(told, str) and told, "every reader is told something"
            if not game.info.hidden_information:
                assert told == text


def check_illegal_refused(state: State, rng: random.Random, samples: int = 8) -> None:
    """A sample of illegal ids is refused with an error naming a rule; the state is unchanged."""
    legal = set(state.legal_actions())
    n = state.game.num_distinct_actions()
    illegal = [a for a in range(n) if a not in legal]
    before = _doc(state)
    for action in [*rng.sample(illegal, min(samples, len(illegal))), -1, n]:
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            assert err.rule, "a refusal names the rule"
        else:
            raise AssertionError(f"illegal action {action} was applied")
        assert _doc(state) == before, "a refused action changed the state"


def check_copies(state: State) -> None:
    """clone, JSON round-trip and replay give equal states; a clone is independent."""
    game = state.game
    clone = state.clone()
    assert clone == state
    doc = state.to_json()
    text = json.dumps(doc)
    back = game.state_from_json(text)
    assert back == state
    assert back.to_json() == doc
    assert game.replay(state.history(), seed=state.seed) == state
    for player in range(game.num_players):
        json.dumps(state.observation(player))
    if not clone.is_terminal():
        if clone.current_player() == CHANCE:
            clone.apply_random_chance()
        else:
            clone.apply_action(clone.legal_actions()[0])
        assert _doc(state) == json.dumps(doc, sort_keys=True), "a clone shares state"


def check_hidden(state: State, rng: random.Random, logs: bool = True) -> None:
    """What a seat may read ignores what it cannot see: its observation, the public
    observation and (with ``logs``) its log are the same in a state resampled for it."""
    game = state.game
    public = state.public_observation()
    assert public is not None, "a game with hidden information shows spectators its board"
    json.dumps(public)
    for player in range(game.num_players):
        other = state.resample_hidden(player, rng.randrange(2**31))
        assert other.observation(player) == state.observation(player)
        assert other.public_observation() == public
        assert other.current_player() == state.current_player()
        if other.current_player() == player:
            assert other.legal_actions() == state.legal_actions()
        if logs:
            assert other.log_for(player) == state.log_for(player), "a log tells a secret"


def random_steps(state: State, seed: int, steps: int) -> State:
    """Advance ``state`` by up to ``steps`` uniformly random actions (fewer if it ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def survive_choice(state: State, rng: random.Random, tries: int = 4) -> int:
    """A random action that does not end the game at once, where one is found quickly.

    Uniform random play ends many games early (abandoning, perishing); this policy reaches
    the deep states too.
    """
    legal = state.legal_actions()
    for _ in range(tries):
        action = rng.choice(legal)
        probe = state.clone()
        probe.apply_action(action)
        if not probe.is_terminal():
            return action
    return rng.choice(legal)


def play_random(
    game_id: str,
    options: dict[str, Any],
    seed: int,
    *,
    full_every: int,
    deep: bool,
    survive: bool = False,
    choose: Callable[[State, random.Random], int] | None = None,
) -> State:
    """Play one random game, checking every node and (every ``full_every`` steps) copies.

    ``deep`` checks every step of the first ``DEEP_STEPS`` (the checks replay the history, so
    they cost more as a game grows), then every ``full_every`` steps like the others.
    ``survive`` plays random actions that avoid ending the game at once (deeper games);
    ``choose`` is any other policy (games use it to reach states random play rarely does).
    """
    game = highcamp.load_game(game_id, **options)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps = 0
    limit = game.max_game_length()
    while True:
        if (deep and steps < DEEP_STEPS) or steps % full_every == 0:
            check_node(state)
            check_illegal_refused(state, rng)
            check_copies(state)
            if game.info.hidden_information:
                check_hidden(state, rng)
        problems = state.invariants()
        assert not problems, f"invariants broken after {steps} steps: {problems}"
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        elif choose is not None:
            state.apply_action(choose(state, rng))
        elif survive:
            state.apply_action(survive_choice(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= limit, f"the game ran past max_game_length() = {limit}"
    assert len(state.history()) == steps
    returns = state.returns()
    assert len(returns) == game.num_players
    assert all(isinstance(r, float) and math.isfinite(r) for r in returns)
    assert state.ending() is not None
    breakdowns = state.score_breakdown()
    assert len(breakdowns) == game.num_players
    json.dumps([b.to_dict() for b in breakdowns])
    check_copies(state)
    return state
