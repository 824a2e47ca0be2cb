"""A small two-player game with hidden hands, for testing web play (not a real game).

Nine stone cards worth 1 to 9 are shuffled; each seat is dealt two, one draw at a time (a
chance step each, R-0-3). Then in each of two rounds seat 0 and then seat 1 play a card face
up; the higher card takes the round. A seat sees its own hand and every played card; the
other seat's unplayed cards are its secret.

``register()`` adds it to the game registry for the length of a test.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from highcamp.core import CHANCE, TERMINAL, Game, GameInfo, IllegalActionError, State
from highcamp.core.rng import draw_keyed, seed_key

GAME_ID = "hidden-test"
STONES = (
    "amber",
    "basalt",
    "cobalt",
    "dolomite",
    "emerald",
    "feldspar",
    "garnet",
    "hematite",
    "ironstone",
)
DEAL_ORDER = (0, 1, 0, 1)
ROUNDS = 2


class HiddenGame(Game):
    """Two hidden cards each, two rounds of one card each."""

    INFO = GameInfo(
        id=GAME_ID,
        title="Hidden stones (test game)",
        min_players=2,
        max_players=2,
        options=(),
        chance=True,
        hidden_information=True,
        summary="A test game: play your higher stone at the right time.",
    )

    def num_distinct_actions(self) -> int:
        return len(STONES)

    def max_game_length(self) -> int:
        return len(DEAL_ORDER) + 2 * ROUNDS

    def _new_state(self, seed: int) -> HiddenState:
        return HiddenState(self, seed)


class HiddenState(State):
    """Hands, played cards and rounds won."""

    __slots__ = ("hands", "played", "won")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.hands: list[list[int]] = [[], []]
        self.played: list[tuple[int, int]] = []
        self.won = [0, 0]

    def _dealt(self) -> int:
        return len(self.hands[0]) + len(self.hands[1]) + len(self.played)

    def current_player(self) -> int:
        if self._dealt() < len(DEAL_ORDER):
            return CHANCE
        if len(self.played) == 2 * ROUNDS:
            return TERMINAL
        return len(self.played) % 2

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        taken = set(self.hands[0]) | set(self.hands[1])
        left = [c for c in range(len(STONES)) if c not in taken]
        return [(c, 1 / len(left)) for c in left]

    def _legal_actions(self) -> Sequence[int]:
        return sorted(self.hands[self.current_player()])

    def _refusal(self, action: int) -> IllegalActionError:
        return IllegalActionError(
            rule="[test: play a card of your hand]", reason="not a card in your hand", action=action
        )

    def _apply(self, action: int) -> None:
        player = self.current_player()
        if player == CHANCE:
            self.hands[DEAL_ORDER[self._dealt()]].append(action)
            return
        self.hands[player].remove(action)
        self.played.append((player, action))
        if len(self.played) % 2 == 0:
            (_, a), (_, b) = self.played[-2:]
            winner = 0 if a > b else 1
            self.won[winner] += 1
            self._emit(f"round to seat {winner + 1}", "[test: rounds]")

    def _action_text(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"deal {STONES[action]}"
        return f"play {STONES[action]}"

    def public_action_text(self, action: int, player: int | None = None) -> str:
        """A deal is told to the seat dealt to; a card played is public."""
        text = self.action_to_string(action)
        if self.current_player() == CHANCE:
            seat = DEAL_ORDER[self._dealt()]
            return text if player == seat else f"seat {seat + 1} is dealt a stone"
        return text

    def _action_rule(self, action: int) -> str:
        return "R-0-3" if self.current_player() == CHANCE else "[test: play]"

    def _snapshot(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "played": self.played, "won": self.won}

    def observation(self, player: int) -> dict[str, Any]:
        self._check_player(player)
        return {
            "hand": [STONES[c] for c in sorted(self.hands[player])],
            "played": [{"seat": p, "stone": STONES[c]} for p, c in self.played],
            "rounds_won": list(self.won),
            "other_hand_size": len(self.hands[1 - player]),
        }

    def public_observation(self) -> dict[str, Any]:
        return {
            "played": [{"seat": p, "stone": STONES[c]} for p, c in self.played],
            "rounds_won": list(self.won),
            "hand_sizes": [len(h) for h in self.hands],
        }

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        d = float(self.won[0] - self.won[1])
        return [d, -d]

    def clone(self) -> HiddenState:
        new = HiddenState(self._game, self._seed)
        new._key = self._key
        new._history = list(self._history)
        new.hands = [list(h) for h in self.hands]
        new.played = list(self.played)
        new.won = list(self.won)
        return new

    def resample_hidden(self, player: int, seed: int) -> HiddenState:
        """The other seat's unplayed cards redrawn from the cards ``player`` has not seen."""
        self._check_player(player)
        new = self.clone()
        other = 1 - player
        seen = set(self.hands[player]) | {c for _, c in self.played}
        pool = [c for c in range(len(STONES)) if c not in seen]
        key = seed_key(seed)
        drawn = []
        for i in range(len(self.hands[other])):
            k = (draw_keyed(key, i) * len(pool)) >> 64
            drawn.append(pool.pop(k))
        new.hands[other] = drawn
        return new


def secrets_of(state: State, seat: int) -> set[str]:
    """What ``seat`` holds that no other seat may see: its unplayed stones."""
    assert isinstance(state, HiddenState)
    return {STONES[c] for c in state.hands[seat]}


@contextmanager
def registered() -> Iterator[None]:
    """The test game in the registry for the duration of the block."""
    from highcamp import games

    games._REGISTRY[GAME_ID] = f"{__name__}:HiddenGame"
    try:
        yield
    finally:
        games._REGISTRY.pop(GAME_ID, None)
