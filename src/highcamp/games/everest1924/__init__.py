"""Everest 1924: the rules, the sheet and the dice helpers.

>>> from highcamp.games.everest1924 import straight_value, best_straight
>>> straight_value((5, 6)), best_straight((5, 5))
(12, 0)
"""

from .dice import (
    ascent_probability,
    best_reroll,
    best_straight,
    combine_results,
    first_roll_probability,
    reachable,
    reroll_probability,
    straight_value,
)
from .rules import Everest1924Game, Everest1924State
from .sheet import Sheet, SheetError, load_sheet, standard_sheet

__all__ = [
    "Everest1924Game",
    "Everest1924State",
    "Sheet",
    "SheetError",
    "ascent_probability",
    "best_reroll",
    "best_straight",
    "combine_results",
    "first_roll_probability",
    "load_sheet",
    "reachable",
    "reroll_probability",
    "standard_sheet",
    "straight_value",
]
