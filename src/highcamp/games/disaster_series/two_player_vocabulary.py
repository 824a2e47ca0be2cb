"""The two-player game's vocabulary [15.*]: its action ids and phases (after the solitaire
game's), the rules it cites and the option values.

>>> BID - NUM_ACTIONS, P_BID - P_OVER, _flip(3), _flip(OTHER + 3), _flip(NEUTRAL) == NEUTRAL
(0, 1, 53, 3, True)
"""

from __future__ import annotations

from .constants import (
    NEUTRAL,
    NUM_ACTIONS,
    P_OVER,
    SUMMIT_PUSH,
    Rule,
)

# ------------------------------------------------------------------ action ids (after 1P)
BID, PASS, NO_BLOCK, KEEP_BLOCKS = NUM_ACTIONS, NUM_ACTIONS + 1, NUM_ACTIONS + 2, NUM_ACTIONS + 3
RELOCATE = NUM_ACTIONS + 4  # + space (16): move that Blocked Ridge marker here
UNBLOCK = RELOCATE + 16  # + space (16): remove the opponent's block there
TARGET_OPP_CLIENT = UNBLOCK + 16  # + the opponent's client slot (6)
NUM_ACTIONS_2P = TARGET_OPP_CLIENT + 6
FIRST_SEAT = SUMMIT_PUSH + 1  # + seat (2): the draw for the First Player [15.1]
"""Chance outcomes of the draw for the First Player: ids the engine leaves free (17, 18)."""

# phases of the two-player game (after the engine's)
P_BID, P_RELOCATE, P_UNBLOCK, P_FIRST = P_OVER + 1, P_OVER + 2, P_OVER + 3, P_OVER + 4
_PHASES_2P = {
    P_BID: "bid for the event",
    P_RELOCATE: "move a Blocked Ridge marker",
    P_UNBLOCK: "remove an opponent's block",
    P_FIRST: "draw the First Player",
}

OTHER = 50
"""Queue and target numbers of the waiting team's markers: ``OTHER + marker``."""
PRESTIGE_2P = 14

R_2P = Rule.TWO_PLAYER  # the rules by name, numbered [15.*] by each mountain's citations.json
R_FIRST = Rule.FIRST
R_PRESTIGE = Rule.PRESTIGE_2P
R_BID = Rule.BID
R_BLOCK = Rule.BLOCK
R_MOVE_2P = Rule.MOVE_2P
R_PREP_2P = Rule.PREP_2P
R_VICTORY = Rule.VICTORY
R_CLARIFY = Rule.CLARIFY

FIRST_CHOICES = ("seat1", "seat2", "random")
"""The option ``first_player``: the seat that is First Player on the first turn, or a draw
[15.1]. (Not ``1`` and ``2``: OpenSpiel reads a text parameter that looks like a number back
as a number; :func:`seat_option_values` takes ``1`` and ``2`` for them.)"""
VICTORY_MODES = ("competitive", "cooperative")
"""The option ``victory``: the most Victory Points win, or both teams aim for the
:data:`COOPERATIVE_BAND` together [15.7]."""
COOPERATIVE_BAND = "Minor Victory"
"""The Victory Chart band both teams must reach (or pass) in the cooperative game: the
rulebook's "Minor Success" [15.7] (see the game docs for this reading)."""
TWO_PLAYER_ONLY = {"first_player": "seat1", "victory": "competitive"}
"""Options that only a two-player game sets, with the solitaire game's value."""
BOTH_PLAYERS = ("calm_wind", "lost_signal", "slowed", "thick_snow", "ridges_open")
"""Turn effects that apply to both players (the clarifications); the others only to the
buyer."""


def _flip(marker: int) -> int:
    """A marker number seen from the other seat (the neutral client stays)."""
    if marker == NEUTRAL:
        return marker
    return marker - OTHER if marker >= OTHER else marker + OTHER
