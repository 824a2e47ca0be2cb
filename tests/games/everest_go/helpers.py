"""Shared helpers of the Everest Go! tests: states driven by action text, and set-ups.

Chance steps are forced with their text (``draw Yeti``). ``dress`` and ``give`` move cards
from the deck to a mountaineer or a hand directly (every card stays accounted for), so a
scenario can start from the table it needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

import highcamp
from highcamp.games.everest_go.cards import standard_cards
from highcamp.games.everest_go.rules import EverestGoState

CARDS = standard_cards()
FILLER = "head 1"


def kind(name: str) -> int:
    """The kind of the card called ``name``."""
    return CARDS.kinds.index(name)


def new_state(
    players: int = 3, hands: Sequence[Sequence[str]] | None = None, **options: object
) -> EverestGoState:
    """A state after the deal, seat 1 to play: ``hands`` dealt by forced draws, or (by
    default) a random deal put back into the deck so that every hand starts empty."""
    game = highcamp.load_game("everest-go", players=players, first_player=1, **options)
    state = game.new_initial_state(0)
    assert isinstance(state, EverestGoState)
    if hands is not None:
        drive(state, [f"draw {hands[seat][r]}" for r in range(3) for seat in range(players)])
        return state
    while state.is_chance_node():
        state.apply_random_chance()
    for seat in range(players):
        for k in state._hands[seat]:
            state._deck[k] += 1
            state._deck_size += 1
        state._hands[seat] = []
    state._log = []  # record from here: the poked position does not replay
    return state


def drive(state: EverestGoState, texts: Iterable[str]) -> EverestGoState:
    """Apply each action text in turn (player actions and forced draws)."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def give(state: EverestGoState, seat: int, names: Iterable[str]) -> None:
    """Move cards from the deck to ``seat``'s hand (0-based seat)."""
    for name in names:
        k = kind(name)
        assert state._deck[k] > 0, f"no {name} left in the deck"
        state._deck[k] -= 1
        state._deck_size -= 1
        state._hands[seat].append(k)
        state._hands[seat].sort()


def dress(state: EverestGoState, seat: int, names: Iterable[str]) -> None:
    """Move garments (or special items) from the deck onto ``seat``'s mountaineer, in order."""
    for name in names:
        k = kind(name)
        assert state._deck[k] > 0, f"no {name} left in the deck"
        state._deck[k] -= 1
        state._deck_size -= 1
        if CARDS.is_special(k):
            state._specials[seat].append(k)
            state._specials[seat].sort()
        else:
            state._stacks[seat][CARDS.part_of(k)].append(k)


def full_outfit(points: int) -> list[str]:
    """One garment of ``points`` on each body part."""
    return [f"{part} {points}" for part in CARDS.parts]


def texts(state: EverestGoState) -> list[str]:
    """The texts of the legal actions now."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def doc(state: EverestGoState) -> str:
    """The state's document as canonical text."""
    return json.dumps(state.to_json(), sort_keys=True)


def tops(state: EverestGoState, seat: int) -> dict[str, str | None]:
    """The visible garment of each body part of ``seat``."""
    return {p["part"]: p["top"] for p in state.observation(seat)["mountaineers"][seat]["parts"]}


def heights(state: EverestGoState, seat: int) -> list[int]:
    """Stack height of each body part of ``seat``."""
    return [len(st) for st in state._stacks[seat]]
