"""Everest Go!'s position document: a table set up by hand for a test, a puzzle or a study
(``game.state_from_position(doc)``), read and checked here; the rules build the state.

The document describes the table at the start of a seat's turn, in the words of the
observation (seats 0-based, cards by name)::

    {
      "turn": 0,                                   # the seat to play (default 0)
      "hands": [["Equipment Theft"], [], []],      # per seat (default: empty hands)
      "mountaineers": [                            # per seat (default: bare)
        {},
        {"parts": {"boots": ["boots 1", "boots 4"]},   # each stack, bottom first
         "frozen": ["head"],                            # parts under a Hypothermia card
         "special_items": ["Flag"],                     # Oxygen, Flag
         "cold": 1},                                    # Cold cards in front of it
        {}
      ],
      "discard": {"Tent": 1},                      # the discard pile, copies by name
      "exhaustions": 0,                            # times the deck has run out
      "ending": null                               # or "deck": the game is over [End of the Game]
    }

Every card of the set-up deck [Game Setup] that the document does not place stays in the
deck (the box keeps what the set-up put aside). A document is refused with a
:class:`~highcamp.PositionError` naming the field when it names an unknown field, seat, part
or card, places a card on the wrong body part, places more copies than the game deals, gives
a hand more cards than a hand holds [3. Improve Your Hand], or counts more exhaustions than
end the game [End of the Game]. ``"ending": "deck"`` sets up a finished game (the deck ran
out for the third time), to study its score and tie-breaks.

>>> import highcamp
>>> game = highcamp.load_game("everest-go", players=3)
>>> s = game.state_from_position({"turn": 1, "hands": [[], ["Yeti", "head 2"], []]})
>>> s.current_player(), s.hand(1), s.observation(1)["phase"]
(1, ['head 2', 'Yeti'], 'main')
>>> game.state_from_position({"hands": [["Flag", "Flag"], [], []]})
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position hands: 2 copies of Flag placed, but the game deals 1 [Game Setup]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from highcamp.core import PositionError

from .cards import COLD, HYPOTHERMIA, Cards

__all__ = ["FIELDS", "Setup", "read_position"]

FIELDS = ("turn", "hands", "mountaineers", "discard", "exhaustions", "ending")
MOUNTAINEER_FIELDS = ("parts", "frozen", "special_items", "cold")
R_SETUP = "[Game Setup]"
R_HAND = "[3. Improve Your Hand]"
R_END = "[End of the Game]"
R_GARMENT = "[1. Play One Garment or Special Item Card]"


@dataclass(frozen=True)
class Setup:
    """A checked position: every zone as the state keeps it (kinds by index, sorted hands)."""

    turn: int
    hands: list[list[int]]
    stacks: list[list[list[int]]]
    frozen: list[list[bool]]
    specials: list[list[int]]
    colds: list[int]
    discard: list[int]
    deck: list[int]
    exhaustions: int
    ending: str | None = None


def _fields(doc: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = [k for k in doc if k not in allowed]
    if unknown:
        name = f"{where}.{unknown[0]}" if where else str(unknown[0])
        raise PositionError(name, f"unknown field; the fields are {', '.join(allowed)}")


def _int(value: Any, field: str, low: int, high: int, rule: str = "") -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(field, f"must be in {low}..{high}, not {value}", rule=rule)
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    return value


def _per_seat(value: Any, field: str, n: int) -> list[Any]:
    seats = _list(value, field)
    if len(seats) != n:
        raise PositionError(field, f"must hold one entry per seat ({n}), not {len(seats)}")
    return seats


def read_position(doc: Mapping[str, Any], n: int, setup_deck: Sequence[int], cards: Cards) -> Setup:
    """Check a position document for ``n`` seats against the set-up deck ``setup_deck``
    (copies per kind) and the components ``cards``; the zones it describes."""
    _fields(doc, FIELDS, "")
    kinds = {name: k for k, name in enumerate(cards.kinds)}
    placed = [0] * len(cards.kinds)

    def card(name: Any, field: str) -> int:
        k = kinds.get(name) if isinstance(name, str) else None
        if k is None:
            raise PositionError(field, f"{name!r} is not a card of Everest Go!")
        placed[k] += 1
        return k

    turn = _int(doc.get("turn", 0), "turn", 0, n - 1)
    hands: list[list[int]] = []
    for q, hand in enumerate(_per_seat(doc.get("hands", [[] for _ in range(n)]), "hands", n)):
        field = f"hands[{q}]"
        names = _list(hand, field)
        if len(names) > cards.hand_size:
            raise PositionError(
                field, f"holds {len(names)} cards, more than {cards.hand_size}", rule=R_HAND
            )
        hands.append(sorted(card(name, f"{field}[{i}]") for i, name in enumerate(names)))
    stacks: list[list[list[int]]] = [[[] for _ in cards.parts] for _ in range(n)]
    frozen = [[False] * len(cards.parts) for _ in range(n)]
    specials: list[list[int]] = [[] for _ in range(n)]
    colds = [0] * n
    people = _per_seat(doc.get("mountaineers", [{} for _ in range(n)]), "mountaineers", n)
    for q, m in enumerate(people):
        where = f"mountaineers[{q}]"
        if not isinstance(m, Mapping):
            raise PositionError(where, "must be an object")
        _fields(m, MOUNTAINEER_FIELDS, where)
        parts = m.get("parts", {})
        if not isinstance(parts, Mapping):
            raise PositionError(f"{where}.parts", "must be an object of body parts")
        for part, names in parts.items():
            field = f"{where}.parts.{part}"
            if part not in cards.parts:
                raise PositionError(field, f"not a body part; they are {', '.join(cards.parts)}")
            s = cards.parts.index(part)
            for i, name in enumerate(_list(names, field)):
                k = card(name, f"{field}[{i}]")
                if not cards.is_garment(k) or cards.part_of(k) != s:
                    raise PositionError(f"{field}[{i}]", f"{name} is no {part}", rule=R_GARMENT)
                stacks[q][s].append(k)
        for i, part in enumerate(_list(m.get("frozen", []), f"{where}.frozen")):
            if part not in cards.parts:
                raise PositionError(f"{where}.frozen[{i}]", f"{part!r} is not a body part")
            frozen[q][cards.parts.index(part)] = True
            placed[cards.first_action + HYPOTHERMIA] += 1
        for i, name in enumerate(_list(m.get("special_items", []), f"{where}.special_items")):
            k = card(name, f"{where}.special_items[{i}]")
            if not cards.is_special(k):
                raise PositionError(f"{where}.special_items[{i}]", f"{name} is no special item")
            specials[q].append(k)
        specials[q].sort()
        colds[q] = _int(
            m.get("cold", 0), f"{where}.cold", 0, cards.copies[cards.first_action + COLD]
        )
        placed[cards.first_action + COLD] += colds[q]
    discard = [0] * len(cards.kinds)
    pile = doc.get("discard", {})
    if not isinstance(pile, Mapping):
        raise PositionError("discard", "must be an object of copies by card name")
    for name, count in pile.items():
        k = card(name, f"discard.{name}")
        placed[k] -= 1
        copies = _int(count, f"discard.{name}", 0, setup_deck[k])
        discard[k] = copies
        placed[k] += copies
    ending = doc.get("ending")
    if ending not in (None, "deck"):
        raise PositionError(
            "ending", f"must be null or 'deck' (the third exhaustion), not {ending!r}", rule=R_END
        )
    last = cards.exhaustions_to_end
    exhaustions = _int(
        doc.get("exhaustions", last if ending else 0),
        "exhaustions",
        last if ending else 0,
        last if ending else last - 1,
        rule=R_END,
    )
    for k, count in enumerate(placed):
        if count > setup_deck[k]:
            field = "hands" if any(k in h for h in hands) else "mountaineers"
            if discard[k]:
                field = "discard"
            raise PositionError(
                field,
                f"{count} copies of {cards.kinds[k]} placed, but the game deals {setup_deck[k]}",
                rule=R_SETUP,
            )
    deck = [have - used for have, used in zip(setup_deck, placed, strict=True)]
    return Setup(turn, hands, stacks, frozen, specials, colds, discard, deck, exhaustions, ending)
