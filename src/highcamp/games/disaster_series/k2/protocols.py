"""The shapes K2's rule modules read: its state, its two-player state and its game.

As in :mod:`..protocols`, the modules of K2's sections (:mod:`.avalanche`, :mod:`.fate`,
...) annotate their ``self`` (and the game) with these protocols rather than with
:class:`.state.K2State`, :class:`.two_player.K2TwoPlayerState` and
:class:`.rules.DisasterOnK2Game`, which import them: the classes satisfy the protocols
structurally and mypy checks that they do. Each declares only what K2's modules use beyond
the series' protocols.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..components import Company
from ..protocols import SeriesGame, TwoPlayerSeries
from ..team import K2Team
from .k2_base import K2Hooks
from .vocabulary import K2Rules

__all__ = ["K2Game", "K2Series", "K2TwoPlayerSeries"]

K2Series = K2Hooks
"""What K2's modules use of a :class:`.state.K2State`: its base class
:class:`.k2_base.K2Hooks` (K2's fields and methods, declared once in
:class:`.k2_base.K2Base`, and K2's own methods)."""


class K2Game(SeriesGame, Protocol):
    """What K2's modules read of a :class:`.rules.DisasterOnK2Game`."""

    @property
    def balcony_collapse(self) -> bool: ...
    @property
    def k2(self) -> K2Rules: ...
    @property
    def multinational(self) -> bool: ...
    @property
    def team(self) -> Company: ...


class K2TwoPlayerSeries(K2Series, TwoPlayerSeries):
    """What K2's modules use of a :class:`.two_player.K2TwoPlayerState` beyond
    :class:`K2Series` and :class:`..protocols.TwoPlayerSeries` (declared for the type
    checker only: the state class derives from it and binds every member)."""

    if not TYPE_CHECKING:  # (the checker would hold the two-player fields to them)
        __slots__ = ()

    if TYPE_CHECKING:

        def _goal_shown(self, seat: int) -> bool: ...
        def _seat_done(self) -> None: ...
        def _opponents_roll(self) -> bool: ...
        def _owner_luck_offer(self) -> bool: ...

        noble_next: int
        noble_next_space: int

        def clone(self) -> K2TwoPlayerSeries: ...
        @property
        def other(self) -> K2Team: ...
