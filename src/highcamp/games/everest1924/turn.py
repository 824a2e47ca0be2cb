"""Everest 1924's turn: the steps from the roll to the next turn, the game's one
transition function.

[Climbing the Mountain] (the roll, the ascent, moving right), [Combining Dice],
[Rerolling Dice] (the fall after a failed reroll, applied at once, R-0-4), [Unlocking Extra
Dice], [Making Camp], the route that may never cross itself (R-1924-5) and [End of the Game].

>>> import highcamp
>>> s = highcamp.load_game("everest-1924").state_from_position({})
>>> for text in ("roll", "die 1 shows 1", "die 2 shows 1", "die 3 shows 1"):
...     s.apply_action(s.string_to_action(text))
>>> s.apply_action(s.string_to_action("move right"))
>>> s.position, s.route
((0, 1), ((0, 0), (0, 1)))
"""

from __future__ import annotations

from .base import _FACE_OPTIONS, _START_ACTIONS, Everest1924Fields
from .codes import _FACE_ADD, _INFO, _MASK_SLOTS, _code_info
from .constants import (
    _POW7,
    ABANDON,
    ASCEND,
    CAMP,
    COMBINE_BASE,
    DECIDE,
    FACE_BASE,
    MAX_CAMPS,
    OVER,
    PAIRS,
    R_CAMP,
    R_CLIMB,
    R_END,
    R_REROLL,
    R_ROUTE,
    R_SCORE,
    R_UNLOCK,
    REROLL_BASE,
    ROLL,
    ROLLING,
    START,
)

__all__ = ["TurnRules"]


class TurnRules(Everest1924Fields):
    """The turn: dice landing, combining, rerolling, ascending, camping, moving right,
    falling, and the end of the game."""

    __slots__ = ()

    def apply_legal(self, action: int) -> None:
        """:meth:`State.apply_legal`, with a landing die applied inline (search hot path)."""
        if action >= FACE_BASE and self._log is None:
            pending = self._pending
            self._dice += _FACE_ADD[pending][action - FACE_BASE]
            pending &= pending - 1
            self._pending = pending
            if not pending:
                self._enter_decide()
        else:  # as State.apply_legal (a call to it here costs as much as the rest)
            if self._log is not None:
                self._log_action(action)
            self._apply(action)
        self._history.append(action)

    def _apply(self, action: int) -> None:
        if action >= FACE_BASE:  # a die lands, in the lowest slot still to roll
            pending = self._pending
            self._dice += _FACE_ADD[pending][action - FACE_BASE]
            pending &= pending - 1
            self._pending = pending
            if not pending:
                self._enter_decide()
            return
        if action >= COMBINE_BASE:
            p, v = divmod(action - COMBINE_BASE, 6)
            i, j = PAIRS[p]
            slots = (_INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)).slots
            self._dice += (v + 1 - slots[i]) * _POW7[i] - slots[j] * _POW7[j]
            self._enter_decide()
            return
        if action > REROLL_BASE:
            # a legal mask names only dice in play: its slots are the set bits
            mask = action - REROLL_BASE
            slots = (_INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)).slots
            for i in _MASK_SLOTS[mask]:
                self._dice -= slots[i] * _POW7[i]
            self._pending = mask
            self._rerolled = True
            self._phase = ROLLING
            self._options = _FACE_OPTIONS
            return
        if action == ROLL:
            self._dice = 0
            self._pending = (1 << self._ndice) - 1
            self._rerolled = False
            self._phase = ROLLING
            self._options = _FACE_OPTIONS
            return
        if action == ABANDON:
            self._finish("abandoned", "the party abandons the expedition", R_END)
            return
        row, col = self._row, self._col
        if action == ASCEND:
            self._move(row + 1, col + 1, "ascends", R_CLIMB)
        elif action == CAMP:
            self._camps += 1
            if self._log is not None:
                self._emit(f"makes camp ({MAX_CAMPS - self._camps} left)", R_CAMP)
            self._move(row + 1, self._game._camp_dest[row][col], "makes camp at", R_CAMP)
        elif self._rerolled:
            self._move(row - 1, col + 1, "falls to", R_REROLL)
        else:
            self._move(row, col + 1, "moves right to", R_CLIMB)

    def _enter_decide(self) -> None:
        self._phase = DECIDE
        row = self._row
        info = _INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)
        if info.best >= self._game._targets[row + 1]:
            flags = 3 if row >= self._highest and self._camps < MAX_CAMPS else 2
        else:
            flags = 0
        if self._rerolled:
            if not flags:
                # after the reroll no combination reaches the target (``best`` is the best
                # straight any combining gives): the fall is mandatory and applied at once
                # [Rerolling Dice], R-0-4
                if self._log is not None:
                    self._emit(
                        f"the best straight after the reroll is {info.best}, below the target "
                        f"{self._game._targets[row + 1]}: the party must fall",
                        "R-0-4",
                    )
                self._move(row - 1, self._col + 1, "falls to", R_REROLL)
                return
            flags += 4
        self._options = info.options[flags] or info.decide(flags)

    def _blocked(self, row: int, col: int) -> str | None:
        """Why the move to ``(row, col)`` is impossible (R-1924-5), or None if it is possible."""
        game = self._game
        if not (0 <= row < game._rows and game._firsts[row] <= col <= game._lasts[row]):
            return "off the sheet"
        if self._marked >> (row * game._width + col) & 1:
            return "onto a square already marked"
        r0 = self._row
        if row != r0:
            band = min(row, r0)
            xb, xt = (self._col, col) if row > r0 else (col, self._col)
            for a, t in self._bands[band]:
                if (xb - a) * (xt - t) < 0:
                    return "across the route"
        return None

    def _move(self, row: int, col: int, verb: str, rule: str) -> None:
        why = self._blocked(row, col)
        if why is not None:
            self._finish(
                "perished", f"the required move is impossible ({why}): the party perishes", R_ROUTE
            )
            return
        game = self._game
        r0, c0 = self._row, self._col
        if row != r0:
            band = min(row, r0)
            seg = (c0, col) if row > r0 else (col, c0)
            bands = list(self._bands)
            bands[band] = (*bands[band], seg)
            self._bands = tuple(bands)
        self._row, self._col = row, col
        self._route = (*self._route, (row, col))
        self._marked |= 1 << (row * game._width + col)
        if self._log is not None:
            where = "base camp row" if row == 0 else f"target {game.sheet.targets[row]}"
            self._emit(f"{verb} row {row} ({where}), column {col}", rule)
        if row > self._highest:
            self._highest = row
            ndice = game._dice_for[row]
            if ndice > self._ndice:
                self._ndice = ndice
                if self._log is not None:
                    self._emit(f"unlocks a die: {ndice} dice from now on", R_UNLOCK)
        if row == game._summit:
            self._finish("summit", "the party reaches the summit", R_END)
            return
        self._phase = START
        self._dice = 0
        self._options = _START_ACTIONS

    def _finish(self, ending: str, text: str, rule: str) -> None:
        self._ending = ending
        self._phase = OVER
        self._dice = 0
        self._pending = 0
        self._options = ()
        if self._log is not None:
            self._emit(text, rule)
            self._emit(f"final score {self.score()}", R_SCORE)
