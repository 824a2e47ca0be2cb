"""The Disaster series engine, shared by Disaster on Everest (and Disaster on K2 next).

``components`` loads a game's data files (board, event tokens, teams, Victory Chart) into a
:class:`~.components.Ruleset`; ``engine`` plays any ruleset. Each game is a sub-package
(``everest/``) holding its data files and its :class:`~.engine.DisasterGame` subclass.
"""

from .components import Board, ClientCard, Company, EventToken, GuideCard, Ruleset, load_ruleset
from .engine import EFFECTS, DisasterState
from .game import DisasterGame

__all__ = [
    "EFFECTS",
    "Board",
    "ClientCard",
    "Company",
    "DisasterGame",
    "DisasterState",
    "EventToken",
    "GuideCard",
    "Ruleset",
    "load_ruleset",
]
