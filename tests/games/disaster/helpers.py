"""Shared helpers of the Disaster rule tests: states driven by action text and forced chance.

Chance outcomes are applied like actions: ``"dice show 2 and 5"``, ``"die shows 4"``,
``"first player: seat 1"``. A draw is forced by its id (every draw reads ``draw a card``, so
that no text shows a hidden card).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import highcamp
from highcamp import State
from highcamp.games.disaster.rules import DRAW_BASE

CORNERS = ("north-west", "north-east", "south-east", "south-west")
NW, NE, SE, SW = 0, 14, 21, 35  # corner space ids of the standard board


def new_game(
    players: int = 2,
    corners: Iterable[str] = ("north-west", "north-east"),
    first: int = 1,
    **options: object,
) -> State:
    """A state after set-up: the first seats take ``corners``; seat ``first`` starts."""
    game = highcamp.load_game("disaster", players=players, **options)
    state = game.new_initial_state(seed=0)
    drive(state, [f"start at the {corner} corner" for corner in corners])
    while state.observation(0)["phase"] == "place extra player":
        state.apply_random_chance()
    drive(state, [f"first player: seat {first}"])
    return state


def drive(state: State, items: Iterable[str]) -> State:
    """Apply each action text in turn (player actions and forced chance outcomes)."""
    for text in items:
        state.apply_action(state.string_to_action(text))
    return state


def texts(state: State) -> list[str]:
    """The texts of the legal actions (or chance outcomes) now."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def move(state: State, total: int) -> State:
    """The player to act rolls ``total`` (4..11) without a double or a 1 and 2, and moves."""
    pairs = [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6 and a < total - a]
    pairs = [p for p in pairs if p != (1, 2)]
    if not pairs:
        raise ValueError(f"no plain roll totals {total}")
    return roll(state, *pairs[0])


def roll(state: State, a: int, b: int) -> State:
    """The player to act rolls ``a`` and ``b``."""
    return drive(state, ["roll", f"dice show {a} and {b}"])


def draw(state: State, card: int) -> State:
    """Force the draw of card ``card`` (its id)."""
    state.apply_action(DRAW_BASE + card)
    return state


def escape_roll(state: State, die: int) -> State:
    """The escaper to act rolls one die."""
    return drive(state, ["roll", f"die shows {die}"])


def spread(state: State, die: int) -> State:
    """The player who caused the disaster rolls the spreading die."""
    return drive(state, [f"die shows {die}"])


def obs(state: State, seat: int = 0) -> dict[str, object]:
    """The observation of ``seat``."""
    return state.observation(seat)


def space(state: State, seat: int) -> str:
    """The name of the space where ``seat`` stands."""
    return str(state.observation(seat)["players"][seat]["space"])  # type: ignore[index]


def chips(state: State) -> list[int]:
    """Survival chips per seat."""
    return [p["chips"] for p in state.observation(0)["players"]]


def doc(state: State) -> str:
    """The state's JSON document as canonical text."""
    return json.dumps(state.to_json(), sort_keys=True)
