"""The base of Everest Go!'s rules: the game's fixed table and the state's fields, shared
by the rules' sections.

>>> from highcamp.games.everest_go.rules import EverestGoGame
>>> isinstance(EverestGoGame(players=2), EverestGoTable)
True
"""

from __future__ import annotations

import abc
from typing import Any, TypeVar

from highcamp.core import (
    Game,
    OptionError,
    State,
)

from .constants import (
    CARDS,
    DEAL,
    NA,
    NK,
    NPARTS,
    NSPECIAL,
    NUM_ACTIONS,
)
from .determinise import new_cache

__all__ = ["EverestGoFields", "EverestGoTable"]

_F = TypeVar("_F", bound="EverestGoFields")


class EverestGoTable(Game):
    """What every state of an Everest Go! game reads from its game: the components, the
    set-up deck and the options (the game itself is ``rules.EverestGoGame``)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        first = self.options["first_player"]
        if first is not None and first > self.num_players:
            raise OptionError(
                "first_player",
                f"option 'first_player' must be between 1 and {self.num_players}, not {first}",
            )
        self.cards = CARDS

    def setup_deck(self) -> list[int]:
        """Copies of each kind in the deck after the set-up returned cards to the box."""
        deck = list(CARDS.copies)
        for value in CARDS.returned_outfits[self.num_players]:
            for part in range(NPARTS):
                deck[CARDS.garment(part, value)] -= 1
        if self.options["beginners"]:
            for kind in CARDS.beginners_removed:
                deck[kind] = 0
        return deck

    def num_distinct_actions(self) -> int:
        """Draws, first player, play, discard, targets, takes, Fire, Avalanche, Tent."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: three decks of draws and the turns between them.

        Turns that draw nothing (Mountain Goddess taking a Mountain Goddess back, round
        after round) could in principle go on for ever; no rule stops them.
        """
        return 50_000


class EverestGoFields(State):
    """The fields of a position of Everest Go!, shared by the rules' sections (``turn``,
    ``action_cards``, ``views``), which the state ``rules.EverestGoState`` combines.

    Seats are 0-based in code and 1-based in texts; "left" is the next seat clockwise.
    """

    _game: EverestGoTable

    def __init__(self, game: EverestGoTable, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self._n = n
        self._perfect = bool(game.options["perfect_recall"])
        self._deck = game.setup_deck()
        self._deck_size = sum(self._deck)
        self._box = [c - d for c, d in zip(CARDS.copies, self._deck, strict=True)]
        self._discard = [0] * NK
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._stacks: list[list[list[int]]] = [[[] for _ in range(NPARTS)] for _ in range(n)]
        self._frozen: list[list[bool]] = [[False] * NPARTS for _ in range(n)]
        self._specials: list[list[int]] = [[] for _ in range(n)]
        self._colds = [0] * n
        self._known: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
        self._played: list[list[Any]] = []
        self._exhaustions = 0
        # figures, one list (one copy per clone): action cards played at seat * NA + card
        # (Tents included), then 1 at n * NA + seat * NSPECIAL + item if the seat ever held
        # that special item
        self._tally = [0] * (n * (NA + NSPECIAL))
        self._turn = 0
        self._phase = DEAL
        self._drawer = 0
        self._deals = CARDS.hand_size * n
        self._card = -1  # the action card being resolved (index into ACTION_NAMES)
        self._picks: list[int] = []  # its targets (slot or seat ids, Fire/Avalanche choice)
        self._asks: list[int] = []  # seats still to be asked for a Tent
        self._tented: list[int] = []  # Avalanche: seats that answered with a Tent
        self._victim = -1  # Backpack Stealing: the hand being looked at
        self._shouted = -1
        self._ending: str | None = None
        self._tracker: Any = None  # set only on the replicas resample_hidden() keeps
        self._resample_cache: dict[Any, Any] = new_cache()  # shared with the clones

    def hand(self, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand (sorted)."""
        return [CARDS.kinds[k] for k in self._hands[player]]

    def can_shout(self, player: int) -> bool:
        """The condition of EVEREST!: a garment on every body part, and no Hypothermia."""
        return all(self._stacks[player]) and not any(self._frozen[player])

    def clone(self: _F) -> _F:
        """A cheap independent copy."""
        new = self._copy_base()
        new._n = self._n
        new._perfect = self._perfect
        new._deck = list(self._deck)
        new._deck_size = self._deck_size
        new._box = self._box
        new._discard = list(self._discard)
        new._hands = [list(h) for h in self._hands]
        new._stacks = [[list(st) for st in m] for m in self._stacks]
        new._frozen = [list(f) for f in self._frozen]
        new._specials = [list(x) for x in self._specials]
        new._colds = list(self._colds)
        new._known = [[list(k) for k in row] for row in self._known]
        new._played = [list(x) for x in self._played]
        new._exhaustions = self._exhaustions
        new._tally = self._tally.copy()
        new._turn = self._turn
        new._phase = self._phase
        new._drawer = self._drawer
        new._deals = self._deals
        new._card = self._card
        new._picks = list(self._picks)
        new._asks = list(self._asks)
        new._tented = list(self._tented)
        new._victim = self._victim
        new._shouted = self._shouted
        new._ending = self._ending
        new._tracker = None
        new._resample_cache = dict(self._resample_cache)  # the record and solutions, shared
        return new

    # the steps one section calls in another (defined in turn.py, action_cards.py,
    # views.py and rules.py)

    @abc.abstractmethod
    def _answer_tent(self, tent: bool) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _discard_from_hand(self, p: int, kind: int) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _end_option(self) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _open_tent_window(self) -> None:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _second_options(self) -> list[int]:
        """Defined by the section that owns this step (see the note above)."""

    @abc.abstractmethod
    def _take(self, kind: int) -> None:
        """Defined by the section that owns this step (see the note above)."""
