"""The game registry: every game highcamp knows, loaded on first use.

>>> list_games()[:1]
['everest-1924']
>>> load_game("everest-1924").info.title
'Everest 1924'
>>> load_game("everest-2000")
Traceback (most recent call last):
...
highcamp.core.errors.UnknownGameError: unknown game 'everest-2000'; known games: everest-1924, disaster-on-everest, disaster-on-k2, disaster-campaign, everest-go, disaster
"""

from __future__ import annotations

import importlib
from typing import Any

from highcamp.core import Game, UnknownGameError

__all__ = ["game_class", "list_games", "load_game"]

# game id -> "module:class"; a game is imported only when it is used.
_REGISTRY: dict[str, str] = {
    "everest-1924": "highcamp.games.everest1924.rules:Everest1924Game",
    "disaster-on-everest": "highcamp.games.disaster_series.everest.rules:DisasterOnEverestGame",
    "disaster-on-k2": "highcamp.games.disaster_series.k2.rules:DisasterOnK2Game",
    "disaster-campaign": "highcamp.games.disaster_series.campaign:CampaignGame",
    "everest-go": "highcamp.games.everest_go.rules:EverestGoGame",
    "disaster": "highcamp.games.disaster.rules:DisasterGame",
}


def list_games() -> list[str]:
    """The ids of every registered game, in registry order."""
    return list(_REGISTRY)


def game_class(game_id: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``game_id``."""
    try:
        target = _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(game_id, _REGISTRY) from None
    module_name, _, class_name = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load_game(game_id: str, **options: Any) -> Game:
    """A game with its options validated (unknown or out-of-range options raise)."""
    return game_class(game_id)(**options)
