"""Per-game heuristic agents: a registry game id -> factory, so each game adds its own.

>>> import highcamp
>>> agent = make_heuristic("everest-1924", seed=1)
>>> agent.name
'heuristic'
>>> make_heuristic("chess", seed=1)
Traceback (most recent call last):
...
ValueError: no heuristic agent for 'chess'; games with one: everest-1924, disaster-on-everest, disaster-on-k2, disaster-campaign, everest-go, disaster
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from highcamp.core import Agent, State

__all__ = ["HEURISTICS", "LEARNED_VALUES", "has_heuristic", "make_heuristic", "make_learned_value"]

# game id -> "module:factory"; the factory takes a seed. Imported on first use.
HEURISTICS: dict[str, str] = {
    "everest-1924": "highcamp.agents.heuristics.everest1924:Everest1924Heuristic",
    "disaster-on-everest": "highcamp.agents.heuristics.disaster_series:DisasterSeriesHeuristic",
    "disaster-on-k2": "highcamp.agents.heuristics.disaster_series:DisasterOnK2Heuristic",
    "disaster-campaign": "highcamp.agents.heuristics.disaster_campaign:DisasterCampaignHeuristic",
    "everest-go": "highcamp.agents.heuristics.everest_go:EverestGoHeuristic",
    "disaster": "highcamp.agents.heuristics.disaster:DisasterHeuristic",
}

# game id -> "module:class" of a learned position value: called on a state, each player's
# chance of winning (search's ``learned`` leaf valuation). Imported on first use.
LEARNED_VALUES: dict[str, str] = {
    "everest-go": "highcamp.agents.heuristics.everest_go_value:EverestGoValue",
    # the values read from observations: their factory takes the game id
    "disaster-on-everest": "highcamp.agents.heuristics.learned_value:ObservationValue",
    "disaster-on-k2": "highcamp.agents.heuristics.learned_value:ObservationValue",
    "disaster-campaign": "highcamp.agents.heuristics.learned_value:ObservationValue",
    "disaster": "highcamp.agents.heuristics.learned_value:ObservationValue",
}


def make_learned_value(game_id: str) -> Callable[[State], list[float]] | None:
    """The learned position value of ``game_id``, or ``None`` if it has none.

    >>> make_learned_value("everest-go").__class__.__name__, make_learned_value("chess")
    ('EverestGoValue', None)
    """
    target = LEARNED_VALUES.get(game_id)
    if target is None:
        return None
    module, _, name = target.partition(":")
    factory = getattr(importlib.import_module(module), name)
    value: Callable[[State], list[float]] = (
        factory(game_id) if name == "ObservationValue" else factory()
    )
    return value


def has_heuristic(game_id: str) -> bool:
    """Whether ``game_id`` has a heuristic agent."""
    return game_id in HEURISTICS


def make_heuristic(game_id: str, seed: int, *, determinised: bool = False) -> Agent:
    """The heuristic agent of ``game_id``, seeded. ``determinised``: for states that are
    already drawn from a seat's view (a search's rollouts), so a heuristic that redraws the
    hidden cards at each decision to stay honest (Everest Go!'s) decides on the state as
    given instead, with the same draws.

    >>> make_heuristic("everest-go", 1, determinised=True).resample
    False
    """
    try:
        target = HEURISTICS[game_id]
    except KeyError:
        raise ValueError(
            f"no heuristic agent for {game_id!r}; games with one: {', '.join(HEURISTICS)}"
        ) from None
    module, _, name = target.partition(":")
    factory: Callable[[int], Agent] = getattr(importlib.import_module(module), name)
    agent = factory(seed)
    if determinised and hasattr(agent, "resample"):
        agent.resample = False
    return agent
