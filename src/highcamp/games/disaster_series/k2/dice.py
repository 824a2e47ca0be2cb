"""Disaster on K2's die rolls, asked before the engine's (the hooks of ``_ROLL_FIRST``,
read by :func:`..transitions._die_rolled`): Luck played before a roll and the Lucky
climber's re-roll [14.1], then K2's own rolls, the descent from an avalanche space [9.2],
the bivouac [8.7] and the chimney [11.*]; with two players, the owner's Luck before the
opponent's Broken Rope and the Flashlight lost with its holder [8.6]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..two_player_events import _opponents_roll
from ..two_player_vocabulary import OTHER
from . import avalanche, fate, luck, movement
from .vocabulary import P_REROLL

if TYPE_CHECKING:
    from .protocols import K2Series, K2TwoPlayerSeries


def _roll_first(self: K2Series, d: int) -> int | None:
    """K2's modifiers and rolls: the face to go on with, or None when resolved here."""
    d += self.luck_bonus
    self.luck_bonus = 0
    self.luck_asked = False
    if not self.rerolled and self._lucky_subject() and luck._bad_roll(self, d):
        self.reroll_face = d
        self.phase = P_REROLL  # Lucky: the player may roll again, once
        return None
    self.rerolled = False
    kind = self.die_for
    if kind == "descent":
        self.die_for = ""
        avalanche._descend(self, d)
        return None
    if kind == "bivouac":
        self.die_for = ""
        movement._bivouac_roll(self, d)
        return None
    if kind == "chimney":
        self.die_for = ""
        fate._chimney_roll(self, d)
        return None
    return d


def _two_player_roll_first(self: K2TwoPlayerSeries, d: int) -> int | None:
    """Two players (the one hook of ``_ROLL_FIRST``): the owner's Luck, played before the
    opponent's Broken Rope roll, and the Flashlight lost with a climber who falls; then the
    rolls for the waiting team's climbers (:func:`..two_player_events._opponents_roll`),
    then K2's (:func:`_roll_first`)."""
    kind = self.die_for
    if kind != "rope" and kind != "lost":
        return _roll_first(self, d)  # the common case: the active team's roll
    if kind == "rope":
        if self.rope_client >= OTHER:
            d += self.luck_bonus  # the owner's Luck, played before the roll
            self.luck_bonus, self.luck_asked = 0, False
        if d == 1 and self.other.flash == self._game.ng + self.rope_client - OTHER:
            self.other.flash = -1  # lost with its holder
    face = _opponents_roll(self, d)
    return None if face is None else _roll_first(self, face)
