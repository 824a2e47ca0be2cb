"""highcamp.core: the game contract every game implements. Imports nothing of highcamp."""

from .agent import Agent, ExplainingAgent, explain_choice, play_game
from .errors import (
    HighcampError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    PositionError,
    StateFormatError,
    UnknownGameError,
)
from .game import (
    CHANCE,
    STATE_FORMAT,
    TERMINAL,
    Component,
    Game,
    GameInfo,
    LogEntry,
    ScoreBand,
    ScoreBreakdown,
    ScoreLine,
    State,
    as_told,
    chart_from_minimums,
)
from .options import OptionSpec, validate_options
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
