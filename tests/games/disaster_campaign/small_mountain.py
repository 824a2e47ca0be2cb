"""A test-only mountain of the series that takes one guide and five clients (K2's team
sizes) on the Everest board: registered only inside the tests (``registered`` below)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from highcamp import games
from highcamp.games.disaster_series.campaign import options as campaign
from highcamp.games.disaster_series.everest import DisasterOnEverestGame, everest_ruleset

_RS = everest_ruleset()


class SmallMountainGame(DisasterOnEverestGame):
    """Everest with teams of one guide and five clients."""

    RULESET = dataclasses.replace(
        _RS,
        companies=tuple(
            dataclasses.replace(c, guides=c.guides[:1], clients=c.clients[:5])
            for c in _RS.companies
        ),
    )
    INFO = dataclasses.replace(
        DisasterOnEverestGame.INFO, id="disaster-on-small", title="Small mountain"
    )


@contextmanager
def registered() -> Iterator[None]:
    """``small`` in the campaign's mountains and ``disaster-on-small`` in the registry."""
    games._REGISTRY["disaster-on-small"] = f"{__name__}:SmallMountainGame"
    campaign.MOUNTAINS["small"] = "disaster-on-small"
    try:
        yield
    finally:
        del games._REGISTRY["disaster-on-small"]
        del campaign.MOUNTAINS["small"]
