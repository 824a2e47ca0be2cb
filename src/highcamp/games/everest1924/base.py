"""The base of Everest 1924's rules: the game's fixed table (the sheet and the tables
read from it) and the state's fields, shared by the rules' sections (``turn``, ``views``),
which the state ``rules.Everest1924State`` combines.

>>> from highcamp.games.everest1924.rules import Everest1924Game
>>> game = Everest1924Game()
>>> isinstance(game, Everest1924Table), game._camp_dest[0][5]
(True, 2)
"""

from __future__ import annotations

import abc
from typing import Any, TypeVar

from highcamp.core import Game, State

from .constants import (
    ABANDON,
    CAMP_SHIFT,
    FACE_BASE,
    NUM_ACTIONS,
    ROLL,
    START,
)
from .sheet import MAX_DICE, Sheet, sheet_option, standard_sheet

__all__ = ["Everest1924Fields", "Everest1924Table"]

_F = TypeVar("_F", bound="Everest1924Fields")

_START_ACTIONS = (ROLL, ABANDON)  # the legal actions at the start of a turn
_FACE_OPTIONS = tuple(range(FACE_BASE, FACE_BASE + 6))  # the faces of a die that rolls


class Everest1924Table(Game):
    """What every state of an Everest 1924 game reads from its game: the sheet and the
    tables the turn's steps look up (the game itself is ``rules.Everest1924Game``)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        path = self.options["sheet"]
        self.sheet: Sheet = standard_sheet() if path is None else sheet_option(path)
        s = self.sheet
        self._width = s.width
        self._targets = s.targets
        self._start_route = (s.start,)
        self._start_marked = 1 << (s.start[0] * s.width + s.start[1])
        self._empty_bands: tuple[tuple[tuple[int, int], ...], ...] = ((),) * s.rows
        self._dice_for = tuple(s.dice_for(r) for r in range(s.rows))
        self._rows, self._firsts, self._lasts, self._summit = s.rows, s.firsts, s.lasts, s.summit
        self._camp_dest = tuple(
            tuple(
                max(c - CAMP_SHIFT, s.firsts[r + 1]) if r < s.summit else -1 for c in range(s.width)
            )
            for r in range(s.rows)
        )

    def num_distinct_actions(self) -> int:
        """Action ids: roll, abandon, ascend, camp, fail, 63 rerolls, 90 combines, 6 faces."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Every turn marks a new square; a turn is at most 25 actions (6 dice)."""
        per_turn = 1 + MAX_DICE + (MAX_DICE - 1) + 1 + MAX_DICE + (MAX_DICE - 1) + 1
        return self.sheet.squares * per_turn + 1


class Everest1924Fields(State):
    """The fields of a position of Everest 1924 (the route so far, the dice and the phase of
    the turn), shared by the rules' sections (``turn``, ``views``), which the state
    ``rules.Everest1924State`` combines.

    The dice of the turn are one integer (:mod:`.codes`); ``_options`` holds the legal
    actions now, written by the transitions only.
    """

    _game: Everest1924Table

    __slots__ = (
        "_bands",
        "_camps",
        "_col",
        "_dice",
        "_ending",
        "_highest",
        "_marked",
        "_ndice",
        "_options",
        "_pending",
        "_phase",
        "_rerolled",
        "_route",
        "_row",
    )

    def __init__(self, game: Everest1924Table, seed: int) -> None:
        super().__init__(game, seed)
        sheet = game.sheet
        self._row, self._col = sheet.start
        self._highest = 0
        self._camps = 0
        self._ndice = game._dice_for[0]
        self._phase = START
        self._dice = 0
        self._pending = 0  # the dice still to roll this step, a mask of slots
        self._rerolled = False
        self._route: tuple[tuple[int, int], ...] = game._start_route
        self._marked = game._start_marked
        self._bands: tuple[tuple[tuple[int, int], ...], ...] = game._empty_bands
        self._ending: str | None = None
        self._options: tuple[int, ...] = _START_ACTIONS  # the legal actions now

    def clone(self: _F) -> _F:
        """A cheap independent copy (immutable parts are shared)."""
        new = self._copy_base()
        new._row = self._row
        new._col = self._col
        new._highest = self._highest
        new._camps = self._camps
        new._ndice = self._ndice
        new._phase = self._phase
        new._dice = self._dice
        new._pending = self._pending
        new._rerolled = self._rerolled
        new._route = self._route
        new._marked = self._marked
        new._bands = self._bands
        new._ending = self._ending
        new._options = self._options
        return new

    # the steps one section calls in another (defined in turn.py and views.py)

    @abc.abstractmethod
    def _blocked(self, row: int, col: int) -> str | None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def score(self) -> int:
        """Defined by the section that owns this step (see the note above)."""
