"""The base of Disaster's rules: the game's fixed table and the state's fields, shared by
the rules' sections.

>>> from highcamp.games.disaster.rules import DisasterGame
>>> isinstance(DisasterGame(players=2), DisasterTable)
True
"""

from __future__ import annotations

import abc
from typing import Any, TypeVar

from highcamp.core import (
    Game,
    State,
)

from .board import Board, Card, standard_board, standard_cards
from .constants import (
    CHIPS,
    CORNER,
    MAX_TURNS,
    NAREAS,
    NUM_ACTIONS,
    NUM_CARDS,
)

__all__ = ["DisasterFields", "DisasterTable"]

_F = TypeVar("_F", bound="DisasterFields")


class DisasterTable(Game):
    """What every state of a Disaster game reads from its game: the board, the cards, the
    winning count and the options' rules (the game itself is ``rules.DisasterGame``)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board: Board = standard_board()
        self.cards: tuple[Card, ...] = standard_cards()
        self.target = 8 if self.options["long_game"] else 6
        self.total_three = self.num_players == 3 and bool(self.options["three_player_rule"])
        self.shared_ties = self.options["ties"] == "shared"
        n = self.num_players
        self._action_limit = n + 1 + MAX_TURNS * (4 + 16 * (3 * n + 1))

    def num_distinct_actions(self) -> int:
        """Corners, roll, end turn, two ways out, two keeps, 20 plays, a second card's
        draw; chance outcomes."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """The engine's hard limit on a history: room for set-up and ``MAX_TURNS`` turns
        with a disaster of 16 escape rounds each. A game reaching it ends undecided (an
        escaper may walk to and fro in a fire that never reaches both staircases, so no
        rule bounds a game)."""
        return self._action_limit


class DisasterFields(State):
    """The fields of a position of Disaster, shared by the rules' sections (``turn``,
    ``disasters``, ``views``), which the state ``rules.DisasterState`` combines."""

    _game: DisasterTable

    __slots__ = (
        "_actor",
        "_area",
        "_bottom",
        "_causer",
        "_chips",
        "_die",
        "_disasters",
        "_drawn",
        "_ending",
        "_escapers",
        "_extras",
        "_fire",
        "_free",
        "_gap",
        "_held",
        "_in_area",
        "_last_dice",
        "_phase",
        "_plane",
        "_pos",
        "_queue",
        "_round",
        "_ship",
        "_start",
        "_substitutes",
        "_supply",
        "_turn",
        "_turns",
        "_winners",
    )

    def __init__(self, game: DisasterTable, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self._phase = CORNER
        self._actor = 0
        self._turn = 0
        self._turns = 0
        self._pos: list[int] = [-1] * n
        self._start: list[int] = [-1] * n
        self._extras: list[int] = []  # corners already given to extra players
        self._chips: list[int] = [0] * n
        self._supply = CHIPS
        self._substitutes = 0  # chips beyond the box's 30, when they run out
        self._held: list[int] = [-1] * n
        self._free: list[int] = list(range(NUM_CARDS))  # the shuffled part of the deck
        self._bottom: list[int] = []  # cards put face down at the bottom, top first
        self._drawn = -1
        self._last_dice: list[int] = []
        self._area: str | None = None
        self._causer = -1
        self._escapers: list[int] = []
        self._queue: list[int] = []
        self._round = 0
        self._ship = 0
        self._plane = 0
        self._gap: tuple[int, int] | None = None
        self._fire: tuple[int, int] | None = None
        self._die = 0
        self._winners: list[int] = []
        self._ending: str | None = None
        # per seat and disaster area (index k in AREAS), the escapes at seat * 8 + k and
        # the perishings at seat * 8 + 4 + k; a seat's totals are their sums
        self._in_area: list[int] = [0] * (n * 2 * NAREAS)
        self._disasters: dict[str, int] = {"doubles": 0, "total of 3": 0, "card": 0}

    def _corners(self) -> tuple[int, ...]:
        return self._game.board.corners

    def clone(self: _F) -> _F:
        """An independent copy."""
        new = self._copy_base()
        new._phase = self._phase
        new._actor = self._actor
        new._turn = self._turn
        new._turns = self._turns
        new._pos = self._pos.copy()
        new._start = self._start.copy()
        new._extras = self._extras.copy()
        new._chips = self._chips.copy()
        new._supply = self._supply
        new._substitutes = self._substitutes
        new._held = self._held.copy()
        new._free = self._free.copy()
        new._bottom = self._bottom.copy()
        new._drawn = self._drawn
        new._last_dice = self._last_dice.copy()
        new._area = self._area
        new._causer = self._causer
        new._escapers = self._escapers.copy()
        new._queue = self._queue.copy()
        new._round = self._round
        new._ship = self._ship
        new._plane = self._plane
        new._gap = self._gap
        new._fire = self._fire
        new._die = self._die
        new._winners = self._winners.copy()
        new._ending = self._ending
        new._in_area = self._in_area.copy()
        new._disasters = dict(self._disasters)
        return new

    # the sections' steps each other section calls (defined in turn.py and disasters.py)
    @abc.abstractmethod
    def _end_turn(self) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _may_draw_second(self) -> bool:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _start_disaster(self, area: str, causer: int) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _escape_roll(self, die: int) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _escape_move(self, p: int, die: int, forward: bool) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _next_escaper(self) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _spread(self, die: int) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _escape_target(self, forward: bool) -> int:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _finish(self, winners: list[int], ending: str, text: str, rule: str) -> None:
        """Defined by the section that owns this step (see the note above)."""
