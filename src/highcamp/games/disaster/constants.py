"""Disaster's numbers, action ids, phases and rule citations: one source for the rules, the
position documents and the views.

>>> NUM_ACTIONS, CHIPS, PHASE_NAMES[START]
(105, 30, 'turn')
"""

from __future__ import annotations

from .board import AREAS

__all__ = [
    "AFTER",
    "AREA_INDEX",
    "AREA_PLACE",
    "AREA_RULE",
    "AREA_TITLE",
    "CHANCE_PHASES",
    "CHIPS",
    "CHOICE",
    "CORNER",
    "CORNER_BASE",
    "DICE",
    "DICE_BASE",
    "DICE_OUTCOMES",
    "DIE_BASE",
    "DIE_OUTCOMES",
    "DRAW",
    "DRAW_BASE",
    "DRAW_SECOND",
    "END_TURN",
    "ESC_DIE",
    "ESC_DIR",
    "ESC_ROLL",
    "FIRST",
    "FIRST_BASE",
    "KEEP_DRAWN",
    "KEEP_HELD",
    "MAX_PLAYERS",
    "MAX_TURNS",
    "MOVE_BACK",
    "MOVE_ON",
    "NAREAS",
    "NUM_ACTIONS",
    "NUM_CARDS",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "PLACE_BASE",
    "PLAY_BASE",
    "ROLL",
    "R_CARDS",
    "R_CHIPS",
    "R_DEDUCT",
    "R_DISASTER",
    "R_FIRE",
    "R_FIRST_FLOOR",
    "R_LIMIT",
    "R_MOVE",
    "R_PERISH",
    "R_PLANE",
    "R_QUAKE",
    "R_ROUNDS",
    "R_SECOND",
    "R_SETUP",
    "R_SHIP",
    "R_STAIRS",
    "R_THREE",
    "R_WIN",
    "SPREAD",
    "START",
    "TIES",
]

# --------------------------------------------------------------------------- action ids
CORNER_BASE = 0  # + corner 0..3
ROLL = 4
END_TURN = 5
MOVE_BACK = 6
MOVE_ON = 7
KEEP_DRAWN = 8
KEEP_HELD = 9
PLAY_BASE = 10  # + card 0..19
DIE_BASE = 30  # + face - 1
DICE_BASE = 36  # + (a - 1) * 6 + (b - 1)
DRAW_BASE = 72  # + card
PLACE_BASE = 92  # + corner
FIRST_BASE = 96  # + seat
DRAW_SECOND = 104  # a holder on a Disaster space draws a second card (R-0-4)
NUM_ACTIONS = 105

NUM_CARDS = 20
CHIPS = 30  # [Contents]: 30 survival chips
MAX_PLAYERS = 8
MAX_TURNS = 1500  # engine limit: a game still running after this many turns ends undecided

# phases
CORNER, PLACE, FIRST, START, DICE, DRAW, CHOICE, AFTER = range(8)
ESC_ROLL, ESC_DIE, ESC_DIR, SPREAD, OVER = range(8, 13)
PHASE_NAMES = (
    "choose corner",
    "place extra player",
    "first player",
    "turn",
    "dice",
    "draw",
    "card choice",
    "after moving",
    "escape roll",
    "escape die",
    "escape direction",
    "spread",
    "over",
)
CHANCE_PHASES = frozenset({PLACE, FIRST, DICE, DRAW, ESC_DIE, SPREAD})

R_SETUP = "[Setting Up the Game]"
R_MOVE = "[Moving]"
R_DISASTER = "[Disaster]"
R_ROUNDS = "[Disaster] R-D-2"
R_SHIP = "[Sinking Ocean Liner]"
R_PLANE = "[Crashing Plane]"
R_QUAKE = "[Earthquake]"
R_FIRE = "[Burning Skyscraper]"
R_DEDUCT = "[Note on Sinking Ship and Crashing Plane]"
R_CARDS = "[Disaster Cards]"
R_PERISH = "[Perishing in a Disaster]"
R_CHIPS = "[Survival Chips]"
R_WIN = "[Winning the Game]"
R_THREE = "[Special Rule when there are only Three Players] R-D-3"
R_SECOND = "[Disaster Cards] R-0-4"
R_STAIRS = "[Burning Skyscraper] R-D-4"
R_FIRST_FLOOR = "[Burning Skyscraper] R-D-5"
R_LIMIT = "[engine limit]"
AREA_RULE = {"ship": R_SHIP, "plane": R_PLANE, "earthquake": R_QUAKE, "skyscraper": R_FIRE}
AREA_TITLE = {
    "ship": "the sinking ocean liner",
    "plane": "the crashing plane",
    "earthquake": "the earthquake",
    "skyscraper": "the burning skyscraper",
}

AREA_PLACE = {
    "ship": "the ship",
    "plane": "the plane",
    "earthquake": "the earthquake zone",
    "skyscraper": "the skyscraper",
}

AREA_INDEX = {area: k for k, area in enumerate(AREAS)}
NAREAS = len(AREAS)

DIE_OUTCOMES = tuple((DIE_BASE + f, 1 / 6) for f in range(6))
DICE_OUTCOMES = tuple((DICE_BASE + k, 1 / 36) for k in range(36))
TIES = ("play on", "shared")
