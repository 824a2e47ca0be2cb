"""Everest Go!: the card game of dressing a mountaineer, for 2 to 4 players.

>>> from highcamp.games.everest_go import EverestGoGame, standard_cards
>>> standard_cards().total_cards, EverestGoGame(players=4).num_players
(106, 4)
"""

from .cards import Cards, standard_cards
from .rules import EverestGoGame, EverestGoState

__all__ = ["Cards", "EverestGoGame", "EverestGoState", "standard_cards"]
