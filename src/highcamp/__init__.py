"""highcamp: rules engines, play and simulation for five tabletop games of climbing and disaster.

>>> import highcamp
>>> "everest-1924" in highcamp.list_games()
True
>>> game = highcamp.load_game("everest-1924")
>>> state = game.new_initial_state(seed=1)
>>> state.is_terminal()
False
"""

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Agent,
    Game,
    GameInfo,
    HighcampError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    PositionError,
    State,
    StateFormatError,
    UnknownGameError,
    play_game,
)
from highcamp.games import game_class, list_games, load_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "Game",
    "GameInfo",
    "HighcampError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionError",
    "PositionError",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "__version__",
    "game_class",
    "list_games",
    "load_game",
    "play_game",
]
