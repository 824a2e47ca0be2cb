"""Everest 1924's numbers and names, shared by the rules and the position documents:
action ids, camps, the phases of a turn and the rules' citations.

>>> NUM_ACTIONS, MAX_CAMPS, PHASE_NAMES[DECIDE]
(164, 4, 'decide')
"""

from __future__ import annotations

import itertools

from .sheet import MAX_DICE

# --------------------------------------------------------------------------- action ids
ROLL = 0
ABANDON = 1
ASCEND = 2
CAMP = 3
FAIL = 4
REROLL_BASE = 4  # REROLL_BASE + mask, mask in 1..63 -> ids 5..67
PAIRS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(MAX_DICE), 2))
COMBINE_BASE = REROLL_BASE + (1 << MAX_DICE)  # 68: COMBINE_BASE + pair * 6 + (value - 1)
FACE_BASE = COMBINE_BASE + len(PAIRS) * 6  # 158: FACE_BASE + face - 1
NUM_ACTIONS = FACE_BASE + 6  # 164

CAMP_SHIFT = 3  # [Making Camp]: three squares left
MAX_CAMPS = 4  # [Making Camp]: up to four times
CAMP_BONUS = 5  # [Final Scoring]: per unused camp, summit only

# phases of a turn
START, ROLLING, DECIDE, OVER = 0, 1, 2, 3
PHASE_NAMES = ("start", "rolling", "decide", "over")

_POW7 = tuple(7**i for i in range(MAX_DICE + 1))

R_CLIMB = "[Climbing the Mountain]"
R_COMBINE = "[Combining Dice] R-1924-2"
R_REROLL = "[Rerolling Dice] R-1924-3"
R_UNLOCK = "[Unlocking Extra Dice]"
R_CAMP = "[Making Camp] R-1924-4"
R_ROUTE = "[Climbing the Mountain] R-1924-5"
R_END = "[End of the Game]"
R_SCORE = "[Final Scoring] R-1924-6"
