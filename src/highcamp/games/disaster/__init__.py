"""Disaster: survive the sinking ship, the crashing plane, the earthquake and the fire.

>>> from highcamp.games.disaster import DisasterGame
>>> DisasterGame(players=6).num_players
6
"""

from .board import Board, Card, standard_board, standard_cards
from .rules import DisasterGame, DisasterState

__all__ = ["Board", "Card", "DisasterGame", "DisasterState", "standard_board", "standard_cards"]
