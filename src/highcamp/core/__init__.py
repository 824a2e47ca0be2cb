"""highcamp.core: the game contract every game implements. Imports nothing of highcamp."""

from .agent import Agent, ExplainingAgent, explain_choice, play_game
from .documents import STATE_FORMAT
from .errors import (
    HighcampError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    PositionError,
    StateFormatError,
    UnknownGameError,
)
from .game import CHANCE, TERMINAL, Game, State
from .info import Component, GameInfo
from .log import LogEntry, as_told
from .options import OptionSpec, validate_options
from .scores import ScoreBand, ScoreBreakdown, ScoreLine, chart_from_minimums
from .undo import actors, undo_point

__all__ = [
    "CHANCE",
    "STATE_FORMAT",
    "TERMINAL",
    "Agent",
    "Component",
    "ExplainingAgent",
    "Game",
    "GameInfo",
    "HighcampError",
    "IllegalActionError",
    "InvalidActionError",
    "LogEntry",
    "OptionError",
    "OptionSpec",
    "PositionError",
    "ScoreBand",
    "ScoreBreakdown",
    "ScoreLine",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "actors",
    "as_told",
    "chart_from_minimums",
    "explain_choice",
    "play_game",
    "undo_point",
    "validate_options",
]
