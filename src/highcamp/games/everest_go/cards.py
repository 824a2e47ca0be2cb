"""The cards of Everest Go!, loaded once from ``data/cards.json`` (R-0-1, R-GO-1, R-GO-2).

Cards are identified by *kind*: the 24 garments (body part x points), the 11 action cards
and the two special items. Copies of a kind are interchangeable, so hands, the deck and the
discard pile are multisets of kinds.

>>> deck = standard_cards()
>>> len(deck.kinds), deck.total_cards
(37, 106)
>>> deck.name(deck.garment(0, 4)), deck.points[deck.garment(0, 4)]
('head 4', 4)
>>> deck.name(deck.action("Yeti")), deck.copies[deck.action("Blizzard")]
('Yeti', 2)
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "ACTION_NAMES",
    "AVALANCHE",
    "BACKPACK",
    "BLIZZARD",
    "COLD",
    "FIRE",
    "GODDESS",
    "HYPOTHERMIA",
    "SNOWBALL",
    "TENT",
    "THEFT",
    "YETI",
    "Cards",
    "standard_cards",
]

ACTION_NAMES = (
    "Equipment Theft",
    "Backpack Stealing",
    "Mountain Goddess",
    "Snowball",
    "Yeti",
    "Blizzard",
    "Tent",
    "Hypothermia",
    "Cold",
    "Fire",
    "Avalanche",
)
# action numbers as printed [Action Cards] (0-based here)
(THEFT, BACKPACK, GODDESS, SNOWBALL, YETI, BLIZZARD, TENT, HYPOTHERMIA, COLD, FIRE, AVALANCHE) = (
    range(11)
)


@dataclass(frozen=True)
class Cards:
    """Every kind of card, its copies and points, and the set-up facts.

    Kinds ``0..23`` are garments (``part * 4 + points - 1``), ``24..34`` the action cards in
    their printed order, ``35..`` the special items.
    """

    parts: tuple[str, ...]
    kinds: tuple[str, ...]
    copies: tuple[int, ...]
    points: tuple[int, ...]
    mountaineers: int
    returned_outfits: dict[int, tuple[int, ...]]
    beginners_removed: tuple[int, ...]
    hand_size: int
    everest_bonus: int
    cold_penalty: int
    exhaustions_to_end: int
    provenance: dict[str, tuple[str, str, str]]
    effects: tuple[str, ...] = ()  # per kind: what the card does ("" for a garment)
    rules: tuple[str, ...] = ()  # per kind: the rule of that effect ("" for a garment)

    @property
    def n_garments(self) -> int:
        """Number of garment kinds (parts x point values)."""
        return len(self.parts) * 4

    @property
    def first_action(self) -> int:
        """Kind of the first action card (Equipment Theft)."""
        return self.n_garments

    @property
    def first_special(self) -> int:
        """Kind of the first special item."""
        return self.n_garments + len(ACTION_NAMES)

    @property
    def total_cards(self) -> int:
        """All cards in the box: characters, garments, actions and special items."""
        return sum(self.copies) + self.mountaineers * len(self.parts)

    def garment(self, part: int, points: int) -> int:
        """The kind of the garment for ``part`` worth ``points``."""
        return part * 4 + points - 1

    def action(self, name: str) -> int:
        """The kind of the action card called ``name``."""
        return self.first_action + ACTION_NAMES.index(name)

    def is_garment(self, kind: int) -> bool:
        """True for garment kinds."""
        return kind < self.n_garments

    def is_action(self, kind: int) -> bool:
        """True for action card kinds."""
        return self.first_action <= kind < self.first_special

    def is_special(self, kind: int) -> bool:
        """True for special items (Oxygen, Flag)."""
        return kind >= self.first_special

    def part_of(self, kind: int) -> int:
        """The body part of a garment kind."""
        return kind // 4

    def name(self, kind: int) -> str:
        """The card's name: ``"left arm 3"``, ``"Yeti"``, ``"Oxygen"``."""
        return self.kinds[kind]


def _parse(doc: dict[str, Any]) -> Cards:
    parts = tuple(doc["body_parts"]["parts"])
    outfit_points = doc["outfits"]["points"]
    kinds: list[str] = []
    copies: list[int] = []
    points: list[int] = []
    for part in parts:
        for value in range(1, 5):
            kinds.append(f"{part} {value}")
            copies.append(outfit_points.count(value))
            points.append(value)
    actions = doc["actions"]["cards"]
    if tuple(a["name"] for a in actions) != ACTION_NAMES:
        raise ValueError("action cards must be listed in their printed order")
    effects = [""] * len(kinds)
    rules = [""] * len(kinds)
    for card in actions:
        kinds.append(card["name"])
        copies.append(int(card["count"]))
        points.append(0)
        effects.append(card["effect"])
        rules.append(f"[Action Cards] {card['number']}")
    for card in doc["special_items"]["cards"]:
        kinds.append(card["name"])
        copies.append(1)
        points.append(int(card["points"]))
        effects.append(card["effect"])
        rules.append("[How to Play]")
    setup = doc["setup"]
    names = {n: i for i, n in enumerate(kinds)}
    provenance = {
        key: (
            doc[key]["provenance"],
            doc[key].get("reason", ""),
            doc[key].get("source", ""),
        )
        for key in ("body_parts", "characters", "outfits", "actions", "special_items", "setup")
    }
    cards = Cards(
        parts=parts,
        kinds=tuple(kinds),
        copies=tuple(copies),
        points=tuple(points),
        mountaineers=int(doc["characters"]["mountaineers"]),
        returned_outfits={int(k): tuple(v) for k, v in setup["returned_outfits"].items()},
        beginners_removed=tuple(names[n] for n in setup["beginners_removed"]),
        hand_size=int(setup["hand_size"]),
        everest_bonus=int(doc["scoring"]["everest_bonus"]),
        cold_penalty=int(doc["scoring"]["cold_penalty"]),
        exhaustions_to_end=int(doc["scoring"]["exhaustions_to_end"]),
        provenance=provenance,
        effects=tuple(effects),
        rules=tuple(rules),
    )
    if sum(cards.copies[: cards.n_garments]) != 48:
        raise ValueError("the rulebook counts 48 garment cards")
    if sum(cards.copies[cards.first_action : cards.first_special]) != 32:
        raise ValueError("the rulebook counts 32 action cards")
    if len(kinds) - cards.first_special != 2:
        raise ValueError("the rulebook counts 2 special items")
    return cards


@functools.cache
def standard_cards() -> Cards:
    """The cards of ``data/cards.json`` (loaded and checked once)."""
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    return _parse(json.loads(text))
