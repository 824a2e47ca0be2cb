"""Disaster on K2's vocabulary: its action ids and phases (after the two-player game's), the
rules it cites (by name; ``data/citations.json`` gives their sections in K2's rulebook),
the tokens held or kept, and its tracks and tables as data (:class:`K2Rules`: the Serac
collapses, ropes, the Secret Goals, the bivouac table).

>>> k2_rules().goals[0][1], k2_ruleset().cite(R_LOST), k2_ruleset().cite(R_SCALED)
('Summit w/Climber', '[9.3]', '[9.2] R-DS-9')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from ..components import Ruleset, _component, _read, load_ruleset
from ..constants import (
    BAD_DIRECTION,
    CAUTIOUS,
    DEPENDENT,
    EXTRA_EQUIPMENT,
    FORTITUDE,
    GOOD_DIRECTION,
    HEALER,
    LUCKY,
    PASSES_RIDGES,
    ROPE_BONUS,
    WILL_TO_LIVE,
    Rule,
)
from ..seats import (
    NUM_ACTIONS_2P,
    P_FIRST,
)

# ---------------------------------------------------------------- K2 action ids
# after the two-player ids [15.*], so that the two-player game of K2 can use both
B = NUM_ACTIONS_2P
GOAL = B  # + goal (4)
RECRUIT = B + 4  # + climber card (20)
NOBLE = B + 24  # + climber slot (5)
NOBLE_NONE = B + 29
DESC_ROPE = B + 30  # + marker (6)
DESC_NEWROPE = B + 36  # + marker (6)
DESC_SCALE = B + 42  # + marker (6)
JOINT_ROPE = B + 48  # + climber slot (5): the guide and that climber together
JOINT_NEWROPE = B + 53
JOINT_SCALE = B + 58
BIVOUAC = B + 63  # + marker (6)
FLASH = B + 69  # + climber slot (5)
LUCK_PLAY = B + 74
ROLL = B + 75
REROLL = B + 76
KEEP_ROLL = B + 77
K2_NUM_ACTIONS = B + 78

# K2 phases (after the engine's 0..15 and the two-player game's 16..19)
P_GOAL, P_RECRUIT, P_NOBLE, P_DESCENT, P_REROLL = range(P_FIRST + 1, P_FIRST + 6)
_K2_PHASE_NAMES = {
    P_GOAL: "draw the Secret Goal",
    P_RECRUIT: "choose climbers",
    P_NOBLE: "Noble Sacrifice",
    P_DESCENT: "descend from an avalanche space",
    P_REROLL: "re-roll for a Lucky climber",
}
LUCK_ROLLS = ("lost", "prep", "rope", "descent", "bivouac", "chimney")
"""The die rolls a Lucky climber may re-roll (the observation's ``roll_for``)."""
_LUCK_ROLLS = frozenset(LUCK_ROLLS)
K2_MARKER_NAMES = ("", "Traverse", "Summit")
"""A climber's goal marker on K2, by goals reached [9.4]."""

REFUSALS: dict[str, str] = {
    "ridge_pass": "a blocked ridge cannot be entered or passed without enough movement",
    "dependent": "a Dependent Climber needs a guide for the Traverse Goal and the Summit",
    "up_to_down": "that step is not open to this marker",
    "no_step": "no movement left for that step",
    "ridge_stop": "no one may stop on a blocked ridge",
    "prep_ready": "Preparations are already ready",
    "prep_storm": "no Preparations in the darkness",
    "option": "the movement option is already chosen or it is the Darkness Phase",
    "select": "that marker cannot move now (moved, off the mountain, or not allowed by the option)",
    "pickup": "no such climber to pick up here",
    "push": "this climber cannot push",
}
"""Why the movement step refuses an action, in K2's words: climbers, the Darkness Phase, the
Traverse Goal (K2 has no Hillary Step queue) [8.*] [14.*]."""

# The rules K2 cites, by name (the shared engine's and its own): K2's citations.json numbers
# them from K2's rulebook; the shared ones keep the engine's constant names.
R_SETUP = Rule.SETUP
R_GUIDE_CHOICE = Rule.GUIDES
R_PLACE = Rule.RIDGE_PLACE
R_BUY = Rule.BUY
R_AVALANCHE = Rule.AVALANCHE
R_DEPLETION = Rule.DEPLETION
R_OPTIONS = Rule.OPTIONS
R_PREP = Rule.PREP
R_DARK_MOVE = Rule.STORM_MOVE
R_BIVOUAC = Rule.BIVOUAC
R_AV_SPACE = Rule.AV_SPACE
R_SCALED = f"{Rule.AV_SPACE} R-DS-9"
"""A successful scale: the marker lands one space down and its move ends (R-DS-9)."""
R_LOST = Rule.LOST
R_GOALS = Rule.GOALS
R_GAME_END = Rule.GAME_END
R_POOL = Rule.POOL
R_SACRIFICE = Rule.SACRIFICE
R_UNSUPPORTED = Rule.UNSUPPORTED
R_SCORE = Rule.SCORE
R_SHERPA = Rule.SHERPA
R_TRAITS = Rule.TRAITS
R_VARIANT = Rule.VARIANT
R_MULTI = Rule.MULTI
R_AID = Rule.EVENTS
"""The event tokens' results on K2's Player Aid."""

HELD = frozenset({"chocolate_bars", "ridges_open", "luck", "sherpa_stamina", "synthetic_rope"})
"""Tokens held for later use [7.2]."""
KEPT = frozenset({"houses_chimney", "acute_mountain_sickness"})
"""Tokens kept in front of the player (House's Chimney) or on the status card (Acute
Mountain Sickness, which returns to the pool at the survival check [11.1])."""
PLAYABLE = ("chocolate_bars", "ridges_open", "sherpa_stamina")
K2_TRAIT_FLAGS: dict[str, frozenset[str]] = {
    "a": frozenset({PASSES_RIDGES, ROPE_BONUS}),  # Advanced Climber [14.4] [9.2]
    "b": frozenset({BAD_DIRECTION}),
    "c": frozenset({CAUTIOUS}),
    "d": frozenset({DEPENDENT}),
    "e": frozenset({EXTRA_EQUIPMENT}),
    "f": frozenset({FORTITUDE}),
    "g": frozenset({GOOD_DIRECTION}),
    "h": frozenset({HEALER}),
    "l": frozenset({LUCKY}),
    "w": frozenset({WILL_TO_LIVE}),
}
"""K2's trait letters (``companies.json``) as the rules' named flags [14.1]: its ``a`` is
the Advanced Climber (Everest's ``a`` is the Amateur Climber)."""
"""Held tokens played during movement (Luck before a die roll, ropes on avalanche spaces)."""


@dataclass(frozen=True)
class K2Rules:
    """K2's tracks and tables as data: the Serac collapses, ropes, goals, bivouac table."""

    collapses: tuple[tuple[int, int, int, int], ...]  # (space, at, variant number, bonus)
    rope_landing: int
    traverse_goal: int
    bivouac_highest: int
    traverse_points: int
    bivouac_min: tuple[int, ...]  # minimum roll on Darkness turn 1..7 (index 0 = turn 1)
    goals: tuple[tuple[str, str, int], ...]  # (id, name, points)

    def bonus(self, space: int) -> int:
        """The descent modifier of an avalanche space [9.2]."""
        return next((b for s, _, _, b in self.collapses if s == space), 0)


@cache
def k2_ruleset() -> Ruleset:
    """The K2 data files, loaded and validated once."""
    rs = load_ruleset(__package__)
    extra = tuple(
        _component(_read(__package__, f), f)
        for f in ("avalanche.json", "bivouac.json", "goals.json")
    )
    return replace(rs, components=rs.components + extra)


@cache
def k2_rules() -> K2Rules:
    """``avalanche.json``, ``bivouac.json`` and ``goals.json``."""
    rs = k2_ruleset()
    names = rs.board.names
    adoc = _read(__package__, "avalanche.json")
    bdoc = _read(__package__, "bivouac.json")
    gdoc = _read(__package__, "goals.json")
    collapses = tuple(
        (
            names.index(c["space"]),
            int(c["at"]),
            int(c["variant_number"] or 0),
            int(c["descent_bonus"]),
        )
        for c in adoc["collapses"]
    )
    table = bdoc["minimum_roll"]
    return K2Rules(
        collapses=collapses,
        rope_landing=names.index(adoc["rope_landing"]),
        traverse_goal=names.index(adoc["traverse_goal"]),
        bivouac_highest=names.index(adoc["bivouac_highest"]),
        traverse_points=int(adoc["traverse_points"]),
        bivouac_min=tuple(int(table[str(t)]) for t in range(1, len(table) + 1)),
        goals=tuple((g["id"], g["name"], int(g["points"])) for g in gdoc["goals"]),
    )
