"""Disaster on Everest: the first board and rule set of the Disaster-series engine.

>>> from highcamp.games.disaster_series.everest import DisasterOnEverestGame
>>> game = DisasterOnEverestGame(company="summit-adventures")
>>> [g.name for g in (game.ruleset.guides[i] for i in game.company.guides)]
['Yuri', 'Rob']
"""

from .rules import DisasterOnEverestGame, everest_ruleset

__all__ = ["DisasterOnEverestGame", "everest_ruleset"]
