"""The conformance checks, one property of the game contract each, applied to a state.

Each check raises :class:`ConformanceError` (an ``AssertionError``, so test runners show
it as a failed assertion) naming what broke; none relies on ``assert`` statements, so the
checks hold under ``python -O`` too.

>>> import highcamp
>>> state = highcamp.load_game("everest-1924").new_initial_state(seed=1)
>>> check_node(state); check_copies(state)
>>> final = play_random("everest-1924", {}, seed=3, full_every=10, deep=True)
>>> final.is_terminal()
True
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Mapping
from typing import Any

import highcamp
from highcamp.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    State,
    StateFormatError,
)

__all__ = [
    "DEEP_STEPS",
    "ConformanceError",
    "check_copies",
    "check_documents",
    "check_ending",
    "check_hidden",
    "check_illegal_refused",
    "check_info",
    "check_invariants",
    "check_log",
    "check_node",
    "check_same_seed",
    "play_random",
    "random_steps",
    "survive_choice",
]

DEEP_STEPS = 100
"""A deep game checks every step up to here, then every ``full_every`` steps (long games)."""


class ConformanceError(AssertionError):
    """A game broke a property of the contract; the message says which and where."""


def require(condition: object, message: str | Callable[[], str]) -> None:
    """Raise :class:`ConformanceError` with ``message`` unless ``condition`` holds.

    >>> require(1 + 1 == 2, "arithmetic")
    >>> require([], "an empty list is no action")
    Traceback (most recent call last):
    ...
    highcamp.testing.checks.ConformanceError: an empty list is no action
    """
    if not condition:
        raise ConformanceError(message() if callable(message) else message)


def _doc(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_node(state: State) -> None:
    """A non-terminal state offers distinct legal actions in the id range (or chance outcomes
    summing to 1); every action text is unique and parses back; every reader is told
    something of each action (a game without hidden information tells everyone the text)."""
    player = state.current_player()
    game = state.game
    require(
        player in (CHANCE, TERMINAL) or 0 <= player < game.num_players,
        f"current_player() is {player}: a seat, CHANCE or TERMINAL",
    )
    if player == TERMINAL:
        require(state.is_terminal(), "current_player() is TERMINAL but is_terminal() is False")
        require(state.legal_actions() == [], "a terminal state offers no legal actions")
        return
    require(not state.is_terminal(), "is_terminal() is True but a player is to act")
    legal = state.legal_actions()
    require(legal, "a non-terminal state must offer actions")
    require(len(set(legal)) == len(legal), "legal actions must be distinct")
    n = game.num_distinct_actions()
    require(all(0 <= a < n for a in legal), f"legal actions must lie in range({n})")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        require([a for a, _ in outcomes] == legal, "chance outcomes list the legal actions")
        require(all(p > 0 for _, p in outcomes), "every chance outcome has a probability > 0")
        total = sum(p for _, p in outcomes)
        require(math.isclose(total, 1.0, abs_tol=1e-9), f"chance probabilities sum to {total}")
    else:
        require(state.chance_outcomes() == [], "a player's node has no chance outcomes")
    # chance outcomes too: their texts are the full record (public_action_text hides them)
    texts = [state.action_to_string(a) for a in legal]
    require(len(set(texts)) == len(texts), lambda: f"action texts must be unique: {texts}")
    for a, text in zip(legal, texts, strict=True):
        require(state.string_to_action(text) == a, f"{text!r} does not parse back to {a}")
    for reader in (None, *range(game.num_players)):
        for a, text in zip(legal, texts, strict=True):
            told = state.public_action_text(a, reader)
            require(isinstance(told, str) and told, "every reader is told something")
            if not game.info.hidden_information:
                require(told == text, f"without hidden information {reader} is told {text!r}")


def check_illegal_refused(state: State, rng: random.Random, samples: int = 8) -> None:
    """A sample of illegal ids (and -1, and the first id out of range) is refused with an
    ``IllegalActionError`` naming a rule, and the state is unchanged."""
    legal = set(state.legal_actions())
    n = state.game.num_distinct_actions()
    illegal = [a for a in range(n) if a not in legal]
    before = _doc(state)
    for action in [*rng.sample(illegal, min(samples, len(illegal))), -1, n]:
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            require(err.rule, f"the refusal of {action} names no rule")
        else:
            raise ConformanceError(f"illegal action {action} was applied")
        require(_doc(state) == before, f"the refused action {action} changed the state")


def check_copies(state: State) -> None:
    """``clone()``, the JSON round trip and ``replay(history())`` give equal states; every
    observation is JSON; a clone is independent of its original."""
    game = state.game
    clone = state.clone()
    require(clone == state, "clone() differs from the state")
    doc = state.to_json()
    text = json.dumps(doc)
    back = game.state_from_json(text)
    require(back == state, "state_from_json(to_json()) differs from the state")
    require(back.to_json() == doc, "the JSON round trip changes the document")
    require(
        game.replay(state.history(), seed=state.seed, position=state.start_position) == state,
        "replay(history()) differs from the state",
    )
    for player in range(game.num_players):
        json.dumps(state.observation(player))
    if not clone.is_terminal():
        if clone.current_player() == CHANCE:
            clone.apply_random_chance()
        else:
            clone.apply_action(clone.legal_actions()[0])
        require(_doc(state) == json.dumps(doc, sort_keys=True), "a clone shares state")


def check_hidden(state: State, rng: random.Random, logs: bool = True) -> None:
    """What a seat may read ignores what it cannot see: its observation, the public
    observation and (with ``logs``) its log are the same in a state resampled for it."""
    game = state.game
    public = state.public_observation()
    require(public is not None, "a game with hidden information shows spectators its board")
    json.dumps(public)
    for player in range(game.num_players):
        other = state.resample_hidden(player, rng.randrange(2**31))
        require(
            other.observation(player) == state.observation(player),
            f"seat {player}'s observation tells what it cannot see",
        )
        require(other.public_observation() == public, "the public observation tells a secret")
        require(
            other.current_player() == state.current_player(),
            "who acts depends on what a seat cannot see",
        )
        if other.current_player() == player:
            require(
                other.legal_actions() == state.legal_actions(),
                f"seat {player}'s legal actions depend on what it cannot see",
            )
        if logs:
            require(other.log_for(player) == state.log_for(player), "a log tells a secret")


def check_invariants(state: State, steps: int) -> None:
    """The game's own invariants (tokens, cards and markers conserved) hold."""
    problems = state.invariants()
    require(not problems, lambda: f"invariants broken after {steps} steps: {problems}")


def check_ending(state: State, steps: int) -> None:
    """A finished game: its history has every step, finite float returns per seat, an
    ending, a JSON score sheet per seat, and its copies agree."""
    game = state.game
    require(len(state.history()) == steps, "the history does not hold every step")
    returns = state.returns()
    require(len(returns) == game.num_players, "returns() has one value per seat")
    require(
        all(isinstance(r, float) and math.isfinite(r) for r in returns),
        f"returns() are finite floats: {returns}",
    )
    require(state.ending() is not None, "a finished game names its ending")
    breakdowns = state.score_breakdown()
    require(len(breakdowns) == game.num_players, "score_breakdown() has one sheet per seat")
    json.dumps([b.to_dict() for b in breakdowns])
    check_copies(state)


def random_steps(state: State, seed: int, steps: int) -> State:
    """Advance ``state`` by up to ``steps`` uniformly random actions (fewer if it ends).

    >>> import highcamp
    >>> s = random_steps(highcamp.load_game("everest-1924").new_initial_state(seed=1), 5, 4)
    >>> len(s.history()) <= 4
    True
    """
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
    position: Mapping[str, Any] | None = None,
) -> State:
    """Play one random game, checking every node and (every ``full_every`` steps) copies;
    from the state set up from ``position`` (a position document), when given.

    ``deep`` checks every step of the first ``DEEP_STEPS`` (the checks replay the history, so
    they cost more as a game grows), then every ``full_every`` steps like the others.
    ``survive`` plays random actions that avoid ending the game at once (deeper games);
    ``choose`` is any other policy (games use it to reach states random play rarely does).
    """
    game = highcamp.load_game(game_id, **options)
    rng = random.Random(seed)
    if position is None:
        state = game.new_initial_state(seed)
    else:
        state = game.state_from_position(position, seed=seed)
    steps = 0
    limit = game.max_game_length()
    while True:
        if (deep and steps < DEEP_STEPS) or steps % full_every == 0:
            check_node(state)
            check_illegal_refused(state, rng)
            check_copies(state)
            if game.info.hidden_information:
                check_hidden(state, rng)
        check_invariants(state, steps)
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
        require(steps <= limit, f"the game ran past max_game_length() = {limit}")
    check_ending(state, steps)
    return state


def _raises(error: type[Exception], call: Callable[[], object], what: str) -> Exception:
    try:
        call()
    except error as err:
        return err
    except Exception as err:  # the wrong error is a failure too
        raise ConformanceError(
            f"{what}: raised {type(err).__name__} ({err}), not {error.__name__}"
        ) from err
    raise ConformanceError(f"{what}: no {error.__name__} raised")


def check_info(game_id: str, options: dict[str, Any]) -> None:
    """The game's info is JSON and consistent; components say where they come from; an
    unknown option, an unreadable action text, an action out of range and an observer out
    of range are refused with the contract's errors; a new state has an empty log."""
    game = highcamp.load_game(game_id, **options)
    info = game.info
    require(info.id == game_id and info.title, "info names the game and its title")
    require(
        info.min_players <= game.num_players <= info.max_players,
        "the number of players lies in the info's range",
    )
    json.dumps(info.to_dict())
    require(
        all(c.provenance in {"rulebook", "reconstructed"} for c in info.components),
        "every component is from the rulebook or reconstructed",
    )
    require(
        all(c.reason for c in info.components if c.provenance == "reconstructed"),
        "a reconstructed component says why",
    )
    err = _raises(OptionError, lambda: highcamp.load_game(game_id, no_such_option=1), "option")
    require("unknown option" in str(err), "an unknown option is refused as unknown")
    state = game.new_initial_state(seed=1)
    _raises(
        InvalidActionError, lambda: state.string_to_action("fly to the moon"), "a text of nothing"
    )
    _raises(
        IllegalActionError,
        lambda: state.apply_action(game.num_distinct_actions()),
        "an action out of range",
    )
    _raises(ValueError, lambda: state.observation(game.num_players), "an observer out of range")
    require(len(state.log) == 0, "a new state has an empty log")


def check_documents(game_id: str, options: dict[str, Any]) -> None:
    """Malformed or tampered state documents are refused with ``StateFormatError``."""
    game = highcamp.load_game(game_id, **options)
    doc = random_steps(game.new_initial_state(seed=3), 3, 10).to_json()
    bad_docs: list[Any] = [
        "{not json",
        [],
        {**doc, "format": "other/9"},
        {**doc, "game": "chess"},
        {**doc, "seed": "7"},
        {**doc, "history": "1,2,3"},
        {**doc, "history": [*doc["history"], game.num_distinct_actions() + 5]},
        {**doc, "options": {"nope": 1}},
        {**doc, "state": {"tampered": True}},
    ]
    for k, bad in enumerate(bad_docs):
        _raises(StateFormatError, functools.partial(game.state_from_json, bad), f"bad doc {k}")


def check_same_seed(game_id: str, options: dict[str, Any], seed: int = 42) -> None:
    """A game record (options, seed, actions) reproduces everything, chance included."""
    game = highcamp.load_game(game_id, **options)
    a = game.new_initial_state(seed=seed)
    b = game.new_initial_state(seed=seed)
    rng = random.Random(0)
    while not a.is_terminal():
        if a.current_player() == CHANCE:
            require(
                a.apply_random_chance() == b.apply_random_chance(),
                "the same seed resolves a chance step differently",
            )
        else:
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
    require(a == b, "two games from the same record differ")


def check_log(game_id: str, options: dict[str, Any], seed: int = 9) -> None:
    """The log of a whole game replays its history and every entry cites a rule."""
    game = highcamp.load_game(game_id, **options)
    state = random_steps(game.new_initial_state(seed=seed), seed, game.max_game_length())
    log = state.log
    require(log, "a finished game has a log")
    require(
        all(entry.rule for entry in log),
        lambda: f"log entries cite no rule: {[e for e in log if not e.rule][:3]}",
    )
    require(
        [e.action for e in log if e.action is not None] == state.history(),
        "the log's actions are not the history",
    )
