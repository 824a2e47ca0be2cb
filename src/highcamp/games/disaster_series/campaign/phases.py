"""The campaign's phases [16.0] [16.1]: climbing a mountain, the choices between two
mountains, and the end; their names are what observations show.

>>> PHASE_NAMES[MOUNTAIN], PHASE_NAMES[OVER]
('climb', 'over')
"""

from __future__ import annotations

__all__ = [
    "LEAVE_CLIENT",
    "LEAVE_GUIDE",
    "MOUNTAIN",
    "OVER",
    "PHASE_NAMES",
    "TAKE_CLIENT",
    "TAKE_GUIDE",
]

MOUNTAIN, LEAVE_GUIDE, LEAVE_CLIENT, TAKE_GUIDE, TAKE_CLIENT, OVER = range(6)
PHASE_NAMES = (
    "climb",
    "leave a guide behind",
    "leave a client behind",
    "take a replacement guide",
    "take a replacement client",
    "over",
)
