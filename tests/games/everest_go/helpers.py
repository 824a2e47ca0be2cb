"""Shared helpers of the Everest Go! tests: states driven by action text, and set-ups.

Chance steps are forced with their text (``draw Yeti``). :func:`table` sets up the table a
scenario needs through the game's position document (``game.state_from_position``): hands,
dressed mountaineers, frozen parts, Cold cards, the discard pile, or exactly what is left in
the deck; every card stays accounted for, and the state replays like any other.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

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
    default) the table of :func:`table` with every hand empty."""
    if hands is None:
        return table(players, **options)
    game = highcamp.load_game("everest-go", players=players, first_player=1, **options)
    state = cast(EverestGoState, game.new_initial_state(0))
    drive(state, [f"draw {hands[seat][r]}" for r in range(3) for seat in range(players)])
    return state


def drive(state: EverestGoState, texts: Iterable[str]) -> EverestGoState:
    """Apply each action text in turn (player actions and forced draws)."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


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


def heights(state: highcamp.State, seat: int) -> list[int]:
    """Stack height of each body part of ``seat``."""
    return [p["height"] for p in state.observation(0)["mountaineers"][seat]["parts"]]


def table(
    players: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    dress: Mapping[int, Sequence[str]] | None = None,
    frozen: Mapping[int, Sequence[str]] | None = None,
    cold: Mapping[int, int] | None = None,
    discard: Mapping[str, int] | None = None,
    deck: Mapping[str, int] | None = None,
    turn: int = 0,
    exhaustions: int | None = None,
    ending: str | None = None,
    seed: int = 0,
    **options: object,
) -> EverestGoState:
    """A table from a position document, ``turn`` (0-based) to play: ``hands`` and ``dress``
    by seat (garments go onto their body part in order, Oxygen and Flag are held),
    ``frozen`` parts and ``cold`` cards by seat, the ``discard`` pile; ``deck`` leaves
    exactly those cards in the deck and puts every other unplaced card on the discard pile;
    ``seed`` drives the chance steps that follow."""
    game = highcamp.load_game("everest-go", players=players, **options)
    people: list[dict[str, Any]] = [{} for _ in range(players)]
    for seat, names in (dress or {}).items():
        m = people[seat]
        for name in names:
            if CARDS.is_special(kind(name)):
                m.setdefault("special_items", []).append(name)
            else:
                part = CARDS.parts[CARDS.part_of(kind(name))]
                m.setdefault("parts", {}).setdefault(part, []).append(name)
    for seat, parts in (frozen or {}).items():
        people[seat]["frozen"] = list(parts)
    for seat, count in (cold or {}).items():
        people[seat]["cold"] = count
    doc: dict[str, Any] = {
        "turn": turn,
        "hands": [list((hands or {}).get(q, [])) for q in range(players)],
        "mountaineers": people,
        "discard": dict(discard or {}),
    }
    if exhaustions is not None:
        doc["exhaustions"] = exhaustions
    if ending is not None:
        doc["ending"] = ending
    if deck is not None:
        left = cast(EverestGoState, game.state_from_position(doc)).card_counts()["deck"]
        pile = dict(doc["discard"])
        for k, count in enumerate(left):
            extra = count - deck.get(CARDS.kinds[k], 0)
            if extra:
                pile[CARDS.kinds[k]] = pile.get(CARDS.kinds[k], 0) + extra
        doc["discard"] = pile
    return cast(EverestGoState, game.state_from_position(doc, seed=seed))


def discarded(state: highcamp.State, name: str) -> int:
    """Copies of ``name`` on the discard pile (as every seat sees it)."""
    pile: dict[str, int] = state.observation(0)["discard"]
    return pile.get(name, 0)


def stack(state: highcamp.State, seat: int, part: str) -> list[str]:
    """The garments of ``seat``'s ``part``, bottom first (from the state's document)."""
    kinds = state.to_json()["state"]["stacks"][seat][CARDS.parts.index(part)]
    return [CARDS.kinds[k] for k in kinds]


def colds(state: highcamp.State) -> list[int]:
    """The Cold cards in front of each mountaineer."""
    return [m["cold"] for m in state.observation(0)["mountaineers"]]


def frozen_parts(state: highcamp.State, seat: int) -> list[str]:
    """``seat``'s frozen body parts."""
    parts = state.observation(0)["mountaineers"][seat]["parts"]
    return [p["part"] for p in parts if p["frozen"]]
