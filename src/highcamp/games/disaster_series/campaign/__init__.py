"""The Disaster-series campaign [16.0], game id ``disaster-campaign``: the mountains of the
series climbed one after the other by one team.

* ``game.py``: :class:`CampaignGame`, the order of mountains, the team sizes and markers of
  every set in play, the campaign chart (``data/chart.json``) [16.2];
* ``roster.py``: :class:`CampaignRoster`, what the state reads of its game (the mountains,
  the markers with their action ids, labels, bands), below both so neither imports the other;
* ``options.py``: the options of the mountains it plays, prefixed per mountain
  (``k2_guide``, ``everest_random_team``...), and :data:`MOUNTAINS`;
* ``state.py``: :class:`CampaignState`, the climb and the choices between two mountains
  [16.1], the campaign score [16.2].

A mountain is a game of the series used through the contract and the series' public
accessors only (``highcamp.games.disaster_series``).

>>> import highcamp
>>> game = highcamp.load_game("disaster-campaign", order="k2-everest", k2_guide="sherpa")
>>> game.mountains[0].static_view()["k2"]["guide_kind"], dict(game.options)["k2_guide"]
('sherpa', 'sherpa')
"""

from .game import CampaignGame
from .options import MOUNTAINS
from .state import CampaignState

__all__ = ["MOUNTAINS", "CampaignGame", "CampaignState"]
