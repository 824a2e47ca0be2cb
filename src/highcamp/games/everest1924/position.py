"""Everest 1924's position document: a sheet set up by hand for a test, a puzzle or a study
(``game.state_from_position(doc)``), read and checked here against the sheet and the rules.

The document describes the sheet in the words of the observation (rows and columns as in
``position`` and ``route``)::

    {
      "route": [[0, 0], [1, 1], [1, 2]],   # every circle drawn, base camp first (default: base camp)
      "phase": "decide",                   # "start" of a turn (default) or "decide" (dice down)
      "dice": [3, null, 6],                # decide only: a face per slot, null = discarded
      "rerolled": false,                   # decide only: the turn's reroll is spent
      "ending": null                       # or "abandoned" (or "summit", implied by the route)
    }

The route is replayed move by move with the rules' own moves: each step goes right, up a row
diagonally (an ascent), up a row three squares left (a camp, at most four, only into a new
row) or down a row diagonally (a fall), never onto a marked square or across the route; the
camps used, the highest row and the dice unlocked follow from it. A document is refused with
a :class:`~highcamp.PositionError` naming the field when it names an unknown field, leaves
the sheet, makes a move the rules do not offer, reaches the summit before its last square,
holds dice of the wrong count or faces, or sets up a decision after the reroll that leaves
only the mandatory fall (R-0-4).

>>> import highcamp
>>> game = highcamp.load_game("everest-1924")
>>> s = game.state_from_position({"route": [[0, 0], [1, 1]], "phase": "decide", "dice": [1, 1, 1]})
>>> s.position, s.dice(), [s.action_to_string(a) for a in s.legal_actions()][:2]
((1, 1), [1, 1, 1], ['move right', 'reroll 1'])
>>> game.state_from_position({"route": [[0, 0], [2, 2]]})
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position route[1]: [2, 2] is no move from [0, 0]: a move goes right, up a row (ascent or camp) or down a row (fall) [Climbing the Mountain]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from highcamp.core import PositionError

from . import constants as r
from .sheet import Sheet

__all__ = ["FIELDS", "set_up"]


class _Climb(Protocol):
    """What a position is set up on: the state's own moves and fields (the rules' state,
    described here rather than imported, so the rules and this module import one way)."""

    _phase: int
    _row: int
    _col: int
    _highest: int
    _camps: int
    _ndice: int
    _dice: int
    _rerolled: bool

    def _move(self, row: int, col: int, verb: str, rule: str) -> None: ...

    def _blocked(self, row: int, col: int) -> str | None: ...

    def _finish(self, ending: str, text: str, rule: str) -> None: ...

    def _enter_decide(self) -> None: ...


_S = TypeVar("_S", bound=_Climb)
_S_co = TypeVar("_S_co", bound=_Climb, covariant=True)


class _Sheets(Protocol[_S_co]):
    """The game a position is set up for: its sheet, camp squares and fresh states."""

    sheet: Sheet
    _camp_dest: tuple[tuple[int, ...], ...]

    def _new_state(self, seed: int) -> _S_co: ...


FIELDS = ("route", "phase", "dice", "rerolled", "ending")


def _square(value: Any, field: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PositionError(field, f"must be a square [row, column], not {value!r}")
    return value[0], value[1]


def set_up(game: _Sheets[_S], doc: Mapping[str, Any], seed: int) -> _S:
    """The state ``doc`` describes on ``game``'s sheet, checked against the sheet and the
    rules (raising :class:`PositionError`)."""
    unknown = [k for k in doc if k not in FIELDS]
    if unknown:
        raise PositionError(str(unknown[0]), f"unknown field; the fields are {', '.join(FIELDS)}")
    sheet = game.sheet
    state = game._new_state(seed)
    route = doc.get("route", [list(sheet.start)])
    if not isinstance(route, list) or not route:
        raise PositionError("route", "must be a non-empty list of squares [row, column]")
    if _square(route[0], "route[0]") != sheet.start:
        raise PositionError(
            "route[0]", f"the route starts at base camp {list(sheet.start)}", rule=r.R_CLIMB
        )
    for i, value in enumerate(route[1:], start=1):
        field = f"route[{i}]"
        row, col = _square(value, field)
        if state._phase == r.OVER:
            raise PositionError(field, "the route goes on after the summit", rule=r.R_END)
        r0, c0 = state._row, state._col
        if not sheet.on_sheet(row, col):
            raise PositionError(field, f"{[row, col]} is off the sheet", rule=r.R_ROUTE)
        if (row, col) in ((r0, c0 + 1), (r0 + 1, c0 + 1), (r0 - 1, c0 + 1)):
            verb = "moves to"
        elif row == r0 + 1 and col == game._camp_dest[r0][c0]:
            if r0 < state._highest:
                raise PositionError(
                    field, "a camp is made only on the way into a new row", rule=r.R_CAMP
                )
            if state._camps >= r.MAX_CAMPS:
                raise PositionError(
                    field, f"a camp beyond the {r.MAX_CAMPS} the party carries", rule=r.R_CAMP
                )
            state._camps += 1
            verb = "makes camp at"
        else:
            raise PositionError(
                field,
                f"{[row, col]} is no move from {[r0, c0]}: a move goes right, up a row "
                "(ascent or camp) or down a row (fall)",
                rule=r.R_CLIMB,
            )
        why = state._blocked(row, col)
        if why is not None:
            raise PositionError(field, f"{[row, col]} is a move {why}", rule=r.R_ROUTE)
        state._move(row, col, verb, r.R_CLIMB)
    ending = doc.get("ending")
    phase = doc.get("phase", "start")
    if phase not in ("start", "decide"):
        raise PositionError("phase", f"must be 'start' or 'decide', not {phase!r}")
    if state._phase == r.OVER:
        if ending not in (None, "summit"):
            raise PositionError(
                "ending", f"the route reaches the summit, not {ending!r}", rule=r.R_END
            )
        if phase != "start" or "dice" in doc or "rerolled" in doc:
            raise PositionError("phase", "the game is over at the summit: no dice", rule=r.R_END)
        return state
    if ending not in (None, "abandoned"):
        why = "the route does not reach it" if ending == "summit" else "must be null or 'abandoned'"
        raise PositionError("ending", f"{ending!r}: {why}", rule=r.R_END)
    if phase == "start":
        for name in ("dice", "rerolled"):
            if name in doc:
                raise PositionError(name, "dice are in hand only in the 'decide' phase")
        if ending == "abandoned":
            state._finish("abandoned", "the party abandons the expedition", r.R_END)
        return state
    if ending is not None:
        raise PositionError("ending", "a game is abandoned at the start of a turn", rule=r.R_END)
    dice = doc.get("dice")
    n = state._ndice
    if not isinstance(dice, list) or len(dice) != n:
        raise PositionError(
            "dice", f"must list the {n} dice in play (a face or null each)", rule=r.R_UNLOCK
        )
    code = 0
    for i, face in enumerate(dice):
        if face is None:
            continue
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise PositionError(f"dice[{i}]", f"must be a face 1..6 or null, not {face!r}")
        code += face * r._POW7[i]
    if not code:
        raise PositionError("dice", "at least one die stays in play", rule=r.R_COMBINE)
    rerolled = doc.get("rerolled", False)
    if not isinstance(rerolled, bool):
        raise PositionError("rerolled", f"must be true or false, not {rerolled!r}")
    state._dice, state._rerolled = code, rerolled
    state._enter_decide()
    if state._phase != r.DECIDE:
        raise PositionError(
            "dice", "after the reroll these dice leave only the mandatory fall", rule="R-0-4"
        )
    return state
