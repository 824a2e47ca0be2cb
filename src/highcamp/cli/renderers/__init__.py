"""Terminal renderers: one per game, drawn from ``observation(seat)`` and ``static_view()``.

A renderer draws what a seat can see and orders the legal actions into numbered groups. Games
without a renderer of their own get the generic one. A renderer may also have
``describe(state, action) -> str | None``: a short note shown beside a choice, saying what it
does (the disaster a card causes, who receives the garments of an Avalanche), and
``warning(state, action) -> str | None``: a warning the terminal shows before the choice,
which the player confirms by typing the choice again (a choice that ends the game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from highcamp.core import State

__all__ = ["Renderer", "renderer_for"]


class Renderer(Protocol):
    """Draws a state for a seat, and groups the legal actions for the prompt."""

    def draw(self, state: State, seat: int) -> RenderableType:
        """The board as seen by ``seat``."""
        ...

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Legal actions in titled groups, in the order they are numbered."""
        ...


class GenericRenderer:
    """Any game: the observation as a tree, and the legal actions in one group."""

    def draw(self, state: State, seat: int) -> RenderableType:
        """The seat's observation, pretty-printed."""
        return Pretty(state.observation(seat), expand_all=False)

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """All legal actions in one group."""
        return [("actions", state.legal_actions())]


_RENDERERS: dict[str, str] = {
    "everest-1924": "highcamp.cli.renderers.everest1924:Everest1924Renderer",
    "disaster": "highcamp.cli.renderers.disaster:DisasterRenderer",
    "disaster-on-everest": "highcamp.cli.renderers.disaster_series:DisasterRenderer",
    "disaster-on-k2": "highcamp.cli.renderers.disaster_series:K2Renderer",
    "disaster-campaign": "highcamp.cli.renderers.disaster_campaign:CampaignRenderer",
    "everest-go": "highcamp.cli.renderers.everest_go:EverestGoRenderer",
}


def renderer_for(game_id: str) -> Renderer:
    """The renderer registered for ``game_id``, or the generic one."""
    target = _RENDERERS.get(game_id)
    if target is None:
        return GenericRenderer()
    module, _, name = target.partition(":")
    factory: Callable[[], Any] = getattr(importlib.import_module(module), name)
    renderer: Renderer = factory()
    return renderer
