"""The adapters' cases: every registered game and variant, plus the hidden-draw test game."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import highcamp
from tests.conformance.cases import case_id, cases

from .hidden_game import GAME_ID as TEST_GAME
from .hidden_game import HiddenDrawGame, registered

ALL_CASES: list[tuple[str, dict[str, Any]]] = cases() + [
    (TEST_GAME, options) for options in HiddenDrawGame.variants()
]
IDS = [case_id(c) for c in ALL_CASES]


@contextlib.contextmanager
def available(game_id: str) -> Iterator[None]:
    """The game in the registry for the block (the test game is registered only here)."""
    if game_id == TEST_GAME:
        with registered():
            yield
    else:
        yield


def _hidden(game_id: str) -> bool:
    if game_id == TEST_GAME:
        return HiddenDrawGame.INFO.hidden_information
    return highcamp.game_class(game_id).INFO.hidden_information


def _players(game_id: str, options: dict[str, Any]) -> int:
    if game_id == TEST_GAME:
        return HiddenDrawGame(**options).num_players
    return highcamp.load_game(game_id, **options).num_players


HIDDEN_CASES = [c for c in ALL_CASES if _hidden(c[0])]
SOLITAIRE_CASES = [c for c in ALL_CASES if _players(*c) == 1]
MULTIPLAYER_CASES = [c for c in ALL_CASES if _players(*c) > 1]
