"""Everest Go!'s numbers, action ids, phases and rule citations, and the small helpers the
rules' sections share: one source for the rules, the position documents and the views.

>>> NUM_ACTIONS, PHASES[MAIN], seat_name(0)
(213, 'main', 'seat 1')
"""

from __future__ import annotations

import bisect

from .cards import ACTION_NAMES, Cards, standard_cards

__all__ = [
    "ACTION_IDS",
    "AFTER",
    "ASK",
    "AVALANCHE_BASE",
    "CARDS",
    "CARD_RULES",
    "DEAL",
    "DIRECTIONS",
    "DISCARDING",
    "DISCARD_BASE",
    "DRAW",
    "DRAW_BASE",
    "END_TURN",
    "EVEREST",
    "FA",
    "FIRE_COLD",
    "FIRST",
    "FIRST_BASE",
    "FS",
    "MAIN",
    "MAXP",
    "NA",
    "NK",
    "NPARTS",
    "NSPECIAL",
    "NUM_ACTIONS",
    "OVER",
    "PASS",
    "PHASES",
    "PLAY_BASE",
    "R_DECK",
    "R_DISCARD",
    "R_END",
    "R_GARMENT",
    "R_SCORE",
    "R_SETUP",
    "R_TENT",
    "R_TURN",
    "SEAT_BASE",
    "SECOND",
    "SLOTS",
    "SLOT_BASE",
    "SPECIAL_IDS",
    "STOP",
    "TAKE",
    "TAKE_BASE",
    "TARGET",
    "TENT_NO",
    "TENT_YES",
    "THAW_BASE",
    "has_sorted",
    "remove_sorted",
    "seat_name",
    "slot_name",
]

CARDS: Cards = standard_cards()
NK = len(CARDS.kinds)  # 37 kinds
NPARTS = len(CARDS.parts)  # 6
MAXP = 4
SLOTS = NPARTS + 2  # body parts, then Oxygen and Flag
FA = CARDS.first_action
FS = CARDS.first_special
NA = len(ACTION_NAMES)  # 11 action cards
NSPECIAL = NK - FS  # 2 special items
ACTION_IDS = tuple(name.lower().replace(" ", "_") for name in ACTION_NAMES)
"""Action card ids for figures: ``equipment_theft``, ..., ``tent``, ..., ``avalanche``."""
SPECIAL_IDS = tuple(CARDS.kinds[k].lower() for k in range(FS, NK))
"""Special item ids for figures: ``oxygen``, ``flag``."""

# --------------------------------------------------------------------------- action ids
DRAW_BASE = 0  # chance: draw a card of kind k
FIRST_BASE = DRAW_BASE + NK  # chance: seat s goes first
PLAY_BASE = FIRST_BASE + MAXP  # play a card of kind k from the hand
DISCARD_BASE = PLAY_BASE + NK  # discard a card of kind k
STOP = DISCARD_BASE + NK  # stop discarding
EVEREST = STOP + 1
END_TURN = EVEREST + 1
PASS = END_TURN + 1  # only with an empty hand
SLOT_BASE = PASS + 1  # target seat q, slot s: q * SLOTS + s
SEAT_BASE = SLOT_BASE + MAXP * SLOTS  # target seat q
TAKE_BASE = SEAT_BASE + MAXP  # take a card of kind k (a hand, or the discard pile)
THAW_BASE = TAKE_BASE + NK  # Fire: discard the Hypothermia on part p
FIRE_COLD = THAW_BASE + NPARTS  # Fire: pass the Cold to the left
AVALANCHE_BASE = FIRE_COLD + 1  # part * 2 + direction (0 left, 1 right)
TENT_YES = AVALANCHE_BASE + NPARTS * 2
TENT_NO = TENT_YES + 1
NUM_ACTIONS = TENT_NO + 1

# ----------------------------------------------------------------------------- phases
DEAL, FIRST, MAIN, DISCARDING, TARGET, SECOND, ASK, TAKE, AFTER, DRAW, OVER = range(11)
PHASES = (
    "deal",
    "first player",
    "main",
    "discarding",
    "target",
    "second target",
    "tent",
    "take",
    "after",
    "draw",
    "over",
)

R_SETUP = "[Game Setup]"
R_TURN = "[How to Play]"
R_GARMENT = "[1. Play One Garment or Special Item Card]"
R_DISCARD = "[3. Improve Your Hand]"
R_DECK = "[3. Improve Your Hand] discard pile, R-0-3"
R_END = "[End of the Game] R-GO-5"
R_SCORE = "[End of the Game]"
R_TENT = "[7. Tent] R-GO-4"
CARD_RULES = tuple(f"[{i + 1}. {name}]" for i, name in enumerate(ACTION_NAMES))
DIRECTIONS = ("left", "right")


def seat_name(q: int) -> str:
    return f"seat {q + 1}"


def slot_name(s: int) -> str:
    return CARDS.parts[s] if s < NPARTS else CARDS.kinds[FS + s - NPARTS]


def remove_sorted(items: list[int], kind: int) -> bool:
    i = bisect.bisect_left(items, kind)
    if i < len(items) and items[i] == kind:
        del items[i]
        return True
    return False


def has_sorted(items: list[int], kind: int) -> bool:
    i = bisect.bisect_left(items, kind)
    return i < len(items) and items[i] == kind
