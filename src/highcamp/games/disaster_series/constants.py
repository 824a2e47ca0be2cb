"""The Disaster-series vocabulary, in one place: action ids, phases, the places off the track,
the rules the series cites (by name, :class:`Rule`: each mountain's ``citations.json``
numbers them), the effects whose tokens are held or kept, and the tallies kept for analysis.

>>> import json
>>> [(p.name, int(p)) for p in Place]
[('QUEUE', -1), ('LOST', -2), ('DEAD', -3), ('REMOVED', -4), ('NEUTRAL', 99)]
>>> QUEUE == -1 and json.dumps([QUEUE, NEUTRAL])  # saved and shown as the numbers
'[-1, 99]'
>>> PHASE_NAMES[P_MOVE], R_STEP  # a rule by name; Everest's citations.json numbers it
('move', <Rule.STEP: 'hillary_step'>)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final

# ------------------------------------------------------------------------ action ids
OPT_A: Final = 0
OPT_B: Final = 1
OPT_C: Final = 2
OPT_A_PREP: Final = 3
OPT_B_PREP: Final = 4
STEP_UP: Final = 5
STEP_DOWN: Final = 6
DROP_OFF: Final = 7
END_MOVE: Final = 8
FINISH: Final = 9
BUY: Final = 10
DECLINE: Final = 11
PUSH: Final = 12
ACCEPT: Final = 13
MEDKIT: Final = 14
LUCK: Final = 15
SUMMIT_PUSH: Final = 16
SELECT: Final = 20  # + marker (8)
PICKUP: Final = 28  # + client slot (6)
ENTER: Final = 34  # + marker (8)
SPOT: Final = 42  # + spot - 1 (8)
PLAY: Final = 50  # + effect index (16)
TARGET_CLIENT: Final = 66  # + client slot (6)
TARGET_GUIDE: Final = 72  # + guide slot (2)
TARGET_SPACE: Final = 74  # + space (16)
SACRIFICE: Final = 90  # + guide slot (2)
HELI: Final = 92  # + client slot (6)
KEEP: Final = 98  # + token (36)
RETURN: Final = 134  # + token (36)
HIRE: Final = 170  # + guide card (8)
TOKEN: Final = 178  # + token (36)
DIE: Final = 214  # + face - 1 (6)
GDRAW: Final = 220  # + guide card (8)
CDRAW: Final = 228  # + client card (24)
NUM_ACTIONS: Final = 252

MAX_GUIDES: Final = 2
MAX_CLIENTS: Final = 6
MAX_SPACES: Final = 16
MAX_TOKENS: Final = 36


class Place(IntEnum):
    """Where a marker is when it is not on a board space (a position is a space index >= 0
    or one of these), and the marker number of another company's client in the queue."""

    QUEUE = -1  # in the Hillary Step queue [8.2]
    LOST = -2  # in the LOST box [8.3] (K2: LOST/BIVOUAC [8.7] [9.3])
    DEAD = -3  # died [11.5]
    REMOVED = -4  # a guide who gave their life [11.4] or fell [9.2]
    NEUTRAL = 99  # the queue's "client from another travel company" (R-DS-3)


PLACE_NAMES = tuple(p.name.lower() for p in Place if p < 0)
"""The places off the track, by position -1, -2... (``queue``, ``lost``, ``dead``, ``removed``)."""

QUEUE: Final = Place.QUEUE
LOST: Final = Place.LOST
DEAD: Final = Place.DEAD
REMOVED: Final = Place.REMOVED
NEUTRAL: Final = Place.NEUTRAL

# phases (what the next action is)
P_HIRE: Final = 0
P_GDRAW: Final = 1
P_CDRAW: Final = 2
P_DRAW: Final = 3
P_KEEP: Final = 4
P_RETURN: Final = 5
P_DIE: Final = 6
P_BUY: Final = 7
P_TARGET: Final = 8
P_MOVE: Final = 9
P_ORDER: Final = 10
P_SPOT: Final = 11
P_HELI: Final = 12
P_FATE: Final = 13
P_FATE_CHOICE: Final = 14
P_OVER: Final = 15
PHASE_NAMES = (
    "hire guides",
    "draw guides",
    "draw clients",
    "draw event",
    "keep a token",
    "return a token",
    "roll",
    "buy or decline",
    "choose a target",
    "move",
    "order the queue entry",
    "choose a queue spot",
    "helicopter",
    "draw fate",
    "fate",
    "over",
)
_CHANCE_PHASES = frozenset({P_GDRAW, P_CDRAW, P_DRAW, P_DIE, P_FATE})

ZONE_ORDER = ("near", "medium", "far", "death")
FATE_ZONES = ("lost", *ZONE_ORDER)
"""The fate draws: a client in the LOST box [11.2], then the fate zones of the track [11.3]."""

STEP_NAMES = ("setup", "draw", "buy", "move", "resolve", "end", "fate", "over")
"""The steps of a turn, in order (the observation's ``step``)."""
PREP_NAMES = ("none", "Prep 1/2", "Prep Ready")
"""The guides' preparations [7.5], by count made."""
TIRED_NAMES = ("", "tired", "resting")
"""A client's state: fresh, tired or resting [7.4]."""
MARKER_NAMES = ("", "Hillary Step", "Summit")
"""A client's goal marker [8.4], by goals reached (a mountain may name the first its own)."""
FATE_KINDS = ("not supported", "died", "survived", "saved")
"""How a client's fate begins [11.*] (any other fate is a save)."""
ROUND_NAMES = ("clear", "storm")
"""The movement rounds: the clear-weather move, then the storm move [14.2]."""
MAX_TURNS: Final = 150
"""The engine's bound on turns (:meth:`DisasterGame.max_game_length`)."""
MAX_MOVE: Final = 6
"""The most movement points a marker has in a round [7.2] [7.4]."""


# ------------------------------------------------------------------------ client traits
# What the rules ask of a client's traits [13.1], by name: each ruleset maps the trait
# letters of its data files (``companies.json``) to these (``DisasterGame.TRAIT_FLAGS``),
# so the letters, which differ between the mountains, appear in no rule.
PASSES_RIDGES = "passes_ridges"  # Everest a Amateur Climber; K2 a Advanced Climber [8.1]
ROPE_BONUS = "rope_bonus"  # K2 a Advanced Climber: +2 on rope and scaling rolls [9.2]
BAD_DIRECTION = "bad_direction"  # b Bad Sense of Direction [8.3]
CAUTIOUS = "cautious"  # c Cautious [13.2]
DEPENDENT = "dependent"  # d Dependent: no Hillary Step (Traverse Goal) or Summit alone
EXTRA_EQUIPMENT = "extra_equipment"  # e Extra Equipment: cannot push, slows its carrier
FORTITUDE = "fortitude"  # K2 f Fortitude: carries a climber one space
GOOD_DIRECTION = "good_direction"  # g Good Sense of Direction: never lost [8.3]
HEALER = "healer"  # h Healer [11.3]
LUCKY = "lucky"  # K2 l Lucky: re-rolls a bad roll once
WILL_TO_LIVE = "will_to_live"  # w Will to Live [11.2] [11.3]
TRAIT_FLAGS: dict[str, frozenset[str]] = {
    "a": frozenset({PASSES_RIDGES}),
    "b": frozenset({BAD_DIRECTION}),
    "c": frozenset({CAUTIOUS}),
    "d": frozenset({DEPENDENT}),
    "e": frozenset({EXTRA_EQUIPMENT}),
    "g": frozenset({GOOD_DIRECTION}),
    "h": frozenset({HEALER}),
    "w": frozenset({WILL_TO_LIVE}),
}
"""Disaster on Everest's trait letters, as the rules' named flags [13.1] (a letter
another mountain's card carries and Everest does not know has no effect here)."""


class Rule(StrEnum):
    """The rules the series engine cites, by name (never by number): each mountain's
    ``citations.json`` gives the section of every name in its own rulebook, and the state
    resolves a citation (one name, or names joined by spaces, with rulings such as
    ``R-DS-9`` kept as they are) through its ruleset when it logs an event, names an
    action's rule or refuses an action (:meth:`.components.Ruleset.cite`). A mountain that
    lacks a rule (K2 has no Hillary Step queue) has no entry for it, and citing it there
    is an error."""

    SETUP = "setup"  # Everest [4.1] Travel Company, K2 [5.1] International Team
    GUIDES = "guides"  # [4.2] / [5.2]
    CLIENTS = "clients"  # [4.3] / [5.3]
    TRACKS = "tracks"  # [4.4] / [5.4]: Prestige and the storm (darkness) track
    SEQUENCE = "sequence"  # [5.0] / [6.0] Sequence of Play
    DRAW = "draw"  # [6.0] / [7.0]
    RIDGE_PLACE = "ridge_place"  # [6.1] / [7.1]
    BUY = "buy"  # [6.2] / [7.2]
    WATCH = "watch"  # [6.3] Storm Watch / [7.3] the Avalanche Track
    DEPLETION = "depletion"  # K2 [7.4] (Everest has none and follows K2's)
    OPTIONS = "options"  # [7.1] / [8.1]
    GUIDE = "guide"  # [7.2] / [8.2]
    GUIDE_EXC = "guide_exceptions"  # [7.3] / [8.3]
    CLIENT = "client"  # [7.4] / [8.4]
    PREP = "prep"  # [7.5] / [8.5]
    STORM_MOVE = "storm_move"  # [7.6] Storm / [8.6] Darkness Phase Movement
    RIDGES = "ridges"  # [8.1] / [9.1]
    STEP = "hillary_step"  # Everest [8.2] only
    LOST = "lost"  # [8.3] / [9.3]
    GOALS = "goals"  # [8.4] / [9.4]
    QUEUE = "queue"  # Everest [9.0] only
    END_TURN = "end_turn"  # [10.0]
    GAME_END = "game_end"  # [11.0]
    POOL = "pool"  # [11.1]
    FATE_LOST = "fate_lost"  # [11.2]
    FATE_ZONE = "fate_zone"  # [11.3]
    SACRIFICE = "sacrifice"  # [11.4]
    DEATH = "death"  # [11.5]
    UNSUPPORTED = "unsupported"  # [11.6]
    SCORE = "score"  # [12.0]
    TRAITS = "traits"  # [13.1] / [14.1]
    PUSH = "push"  # [13.2] / [14.2]
    RANDOM = "random_team"  # Everest [14.1] only
    BONUS = "team_bonus"  # Everest [14.2] only
    EVENTS = "events"  # the event tokens: Everest R-DS-6, K2 its Player Aid
    # the two-player rules [15.*] (R-DS-8) and the player aid's clarifications
    TWO_PLAYER = "two_player"  # [15.0]
    FIRST = "first_player"  # [15.1]
    PRESTIGE_2P = "two_player_prestige"  # [15.2]
    BID = "bidding"  # [15.3]
    BLOCK = "blocked_ridges"  # [15.4]
    MOVE_2P = "two_player_movement"  # [15.5]
    PREP_2P = "two_player_preparations"  # [15.6]
    VICTORY = "two_player_victory"  # [15.7]
    CLARIFY = "clarifications"  # 2-Player Event Clarifications (player aid)
    # K2's own rules (cited by :mod:`.k2`; Everest has no entry for them)
    AVALANCHE = "avalanche"  # K2 [7.3] The Avalanche (the Serac collapses)
    BIVOUAC = "bivouac"  # K2 [8.7]
    AV_SPACE = "avalanche_space"  # K2 [9.2]
    SHERPA = "sherpa_goals"  # K2 [13.0]
    VARIANT = "balcony_collapse"  # K2 [14.5]
    MULTI = "multinational"  # K2 [14.6]


R_SETUP = Rule.SETUP
R_SEQUENCE = Rule.SEQUENCE
R_DRAW = Rule.DRAW
R_RIDGE_PLACE = Rule.RIDGE_PLACE
R_BUY = Rule.BUY
R_WATCH = Rule.WATCH
R_DEPLETION = Rule.DEPLETION
R_OPTIONS = Rule.OPTIONS
R_GUIDE = Rule.GUIDE
R_GUIDE_EXC = Rule.GUIDE_EXC
R_CLIENT = Rule.CLIENT
R_PREP = Rule.PREP
R_STORM_MOVE = Rule.STORM_MOVE
R_RIDGES = Rule.RIDGES
R_STEP = Rule.STEP
R_LOST = Rule.LOST
R_GOALS = Rule.GOALS
R_QUEUE = Rule.QUEUE
R_END_TURN = Rule.END_TURN
R_GAME_END = Rule.GAME_END
R_POOL = Rule.POOL
R_FATE_LOST = Rule.FATE_LOST
R_FATE_ZONE = Rule.FATE_ZONE
R_SACRIFICE = Rule.SACRIFICE
R_DEATH = Rule.DEATH
R_UNSUPPORTED = Rule.UNSUPPORTED
R_SCORE = Rule.SCORE
R_TRAITS = Rule.TRAITS
R_PUSH = Rule.PUSH
R_RANDOM = Rule.RANDOM
R_BONUS = Rule.BONUS
R_EVENTS = Rule.EVENTS
R_TEAM = f"{Rule.GUIDES} {Rule.CLIENTS} {Rule.TRACKS}"
"""The team set up at High Camp with its Prestige and track markers."""
R_CHANCE = "R-0-3"
"""A chance step (the ruling on random events, the same on every mountain)."""

HELD_EFFECTS = frozenset({"chocolate_bars", "ridges_open", "luck"})
"""Effects whose token is held for later use [6.2]."""
KEPT_EFFECTS = frozenset({"khumbu_ice_field", "med_kit"})
"""Effects whose token stays in front of the player, out of the fate pool [11.1]."""
PLAYABLE = ("chocolate_bars", "ridges_open")
"""Held tokens played during movement (Luck is used at the game end)."""

TALLIES = (
    "tokens_bought",
    "tokens_played",
    "prestige_spent",
    "fates_live",
    "fates_die",
    "fates_frozen",
    "lost",
)
"""The counts a state keeps for analysis (``DisasterState.tallies``, one per name, in this
order), reported as figures of the same names by ``score_breakdown()``."""
T_BOUGHT, T_PLAYED, T_SPENT, T_LIVE, T_DIE, T_FROZEN, T_LOST = range(len(TALLIES))
T_FATE = {"LIVE": T_LIVE, "DIE": T_DIE, "FROZEN": T_FROZEN}
"""The tally of each fate result printed on the tokens (R-DS-5)."""
