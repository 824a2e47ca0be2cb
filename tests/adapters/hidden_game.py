"""A small hidden-information, multiplayer game with chance, for the adapters' tests only.

Six cards numbered 1..6. Each player is dealt one card, face down (a chance step per card).
Then, for two rounds, each player in turn keeps its card or swaps it: the old card is
discarded face up and a new one is dealt from the deck. A player's return is the number on
its card at the end. A swap needs a card left in the deck. It is registered only inside the tests (``registered`` below), never
in the product registry.

>>> game = HiddenDrawGame(players=2)
>>> state = game.new_initial_state(seed=1)
>>> state.is_chance_node()
True
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Sequence
from typing import Any

from highcamp import games as registry
from highcamp.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    IllegalActionError,
    OptionSpec,
    State,
)

GAME_ID = "hidden-draw"
KEEP, SWAP = 0, 1
CARD_BASE = 2  # action CARD_BASE + c - 1 deals card c
CARDS = tuple(range(1, 7))
ROUNDS = 2


class HiddenDrawGame(Game):
    INFO = GameInfo(
        id=GAME_ID,
        title="Hidden Draw (test game)",
        min_players=2,
        max_players=3,
        options=(OptionSpec("players", int, 2, "number of players", minimum=2, maximum=3),),
        chance=True,
        hidden_information=True,
        summary="Keep or swap a face-down card; the highest card scores most.",
    )

    def num_distinct_actions(self) -> int:
        return CARD_BASE + len(CARDS)

    def max_game_length(self) -> int:
        n = self.num_players
        return n + ROUNDS * n * 2

    def _new_state(self, seed: int) -> HiddenDrawState:
        return HiddenDrawState(self, seed)


class HiddenDrawState(State):
    _game: HiddenDrawGame

    def __init__(self, game: HiddenDrawGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.hands: list[int | None] = [None] * n
        self.dealt_at: list[int] = [-1] * n
        self.discards: list[int] = []
        self.to_deal: list[int] = list(range(n))
        self.turn = 0  # decisions taken

    def _deck(self) -> list[int]:
        used = set(self.discards) | {c for c in self.hands if c is not None}
        return [c for c in CARDS if c not in used]

    def current_player(self) -> int:
        if self.to_deal:
            return CHANCE
        if self.turn >= ROUNDS * self._game.num_players:
            return TERMINAL
        return self.turn % self._game.num_players

    def _legal_actions(self) -> Sequence[int]:
        return [KEEP, SWAP] if self._deck() else [KEEP]

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        deck = self._deck()
        return [(CARD_BASE + c - 1, 1 / len(deck)) for c in deck]

    def _apply(self, action: int) -> None:
        if self.to_deal:
            player = self.to_deal.pop(0)
            self.hands[player] = action - CARD_BASE + 1
            self.dealt_at[player] = len(self._history)
            return
        player = self.current_player()
        if action == SWAP:
            old = self.hands[player]
            assert old is not None
            self.discards.append(old)
            self.hands[player] = None
            self.to_deal.append(player)
        self.turn += 1

    def _action_text(self, action: int) -> str:
        if action >= CARD_BASE:
            return f"deal {action - CARD_BASE + 1}"
        return "keep" if action == KEEP else "swap"

    def _refusal(self, action: int) -> IllegalActionError:
        return IllegalActionError(rule="[test]", reason="not legal now", action=action)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "hands": list(self.hands),
            "discards": list(self.discards),
            "to_deal": list(self.to_deal),
            "turn": self.turn,
        }

    def observation(self, player: int) -> dict[str, Any]:
        self._check_player(player)
        return {
            "player": player,
            "hand": self.hands[player],
            "holding": [c is not None for c in self.hands],
            "discards": list(self.discards),
            "turn": self.turn,
        }

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.num_players
        return [float(c or 0) for c in self.hands]

    def resample_hidden(self, player: int, seed: int) -> HiddenDrawState:
        """Other players' cards redrawn from the cards ``player`` has not seen; the
        deals in the history are rewritten to match, so the history still replays."""
        self._check_player(player)
        new = self.clone()
        others = [p for p, c in enumerate(self.hands) if p != player and c is not None]
        pool = [c for c in self._deck()] + [self.hands[p] for p in others]  # type: ignore[misc]
        random.Random(seed).shuffle(pool)
        for p, card in zip(others, pool, strict=False):
            new.hands[p] = card
            new._history[self.dealt_at[p]] = CARD_BASE + card - 1
        return new

    def clone(self) -> HiddenDrawState:
        new = self._copy_base()  # the contract's own fields (position included)
        new.hands = self.hands.copy()
        new.dealt_at = self.dealt_at.copy()
        new.discards = self.discards.copy()
        new.to_deal = self.to_deal.copy()
        new.turn = self.turn
        return new


@contextlib.contextmanager
def registered() -> Iterator[str]:
    """Register the test game in highcamp's registry for the duration of a block."""
    key = GAME_ID
    registry._REGISTRY[key] = f"{__name__}:HiddenDrawGame"
    try:
        yield key
    finally:
        registry._REGISTRY.pop(key, None)
