"""The Disaster heuristic: set off a disaster where you stand, to escape it for a chip.

From ``observation(seat)``, ``static_view()`` and the action texts only:

* a card is played when the seat stands in its disaster's area (an escape earns a chip
  [Survival Chips], and most escapes succeed); otherwise it is kept. The opposite rule of
  thumb, striking where others stand and you do not, was measured and loses: it hands the
  others escapes (36% against random over 400 two-player games, against 72% for this rule,
  ``docs/benchmarks.md``);
* between two cards it keeps the one whose area it stands in, else the new one;
* escaping, it takes the way out that leaves the area, else the one farther along;
* every other choice (roll, end turn, a starting corner) is the first offered.

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("disaster", players=3)
>>> play_game(game, [DisasterHeuristic(seed=s) for s in range(3)], seed=5).is_terminal()
True
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

from .base import RuleOfThumbAgent

__all__ = ["DisasterHeuristic"]


def _areas(view: dict[str, Any]) -> dict[int, str]:
    """Board position -> the disaster area it belongs to."""
    area: dict[int, str] = {}
    for name in ("ship", "plane", "earthquake"):
        for pos in view[name]["spaces"]:
            area[pos] = name
    sky = view["skyscraper"]
    for pos in [*sky["staircase_up"], *sky["staircase_down"]]:
        area[pos] = "skyscraper"
    for floor in sky["floor_spaces"]:
        for pos in floor:
            area[pos] = "skyscraper"
    return area


def _derive(view: dict[str, Any]) -> tuple[dict[str, str], dict[int, str], dict[str, int]]:
    """Card title -> its disaster, position -> its area, and area name -> its index."""
    cards = {c["title"]: c["disaster"] for c in view["cards"]}
    names = {n: i for i, n in enumerate(view["names"]) if n != "Disaster"}
    return cards, _areas(view), names


def _title(card: Any) -> str | None:
    """A card's title from the observation (a title or a dict with one), else ``None``."""
    if isinstance(card, dict):
        return str(card.get("title")) if card.get("title") else None
    return card if isinstance(card, str) else None


class DisasterHeuristic(RuleOfThumbAgent):
    """Rules of thumb over the observation and action texts (deterministic)."""

    def _view(self, state: State) -> tuple[dict[str, str], dict[int, str], dict[str, int]]:
        derived: tuple[dict[str, str], dict[int, str], dict[str, int]] = self._static(
            state, _derive
        )
        return derived

    def _choose(self, state: State) -> tuple[int, str]:
        seat = state.current_player()
        obs: dict[str, Any] = state.observation(seat)
        legal = state.legal_actions()
        texts = state.legal_action_texts()
        cards, area_of, positions = self._view(state)
        mine = area_of.get(obs["players"][seat]["position"])

        def worth(area: str | None) -> float:
            """How much a disaster in ``area`` is worth to the seat: a chance at a chip
            when it stands there, nothing elsewhere."""
            return 1.0 if area is not None and area == mine else 0.0

        plays = {t.removeprefix("play "): a for t, a in texts.items() if t.startswith("play ")}
        if plays:
            card, action = max(plays.items(), key=lambda ca: (worth(cards.get(ca[0])), -ca[1]))
            value = worth(cards.get(card))
            if value > 0:
                return action, f"{card}: I stand in the {cards[card]} area, an escape earns a chip"
        old, new = _title(obs["players"][seat]["card"]), _title(obs["drawn"])
        if "keep the new card" in texts and "keep the old card" in texts and old and new:
            if worth(cards.get(old)) > worth(cards.get(new)):
                return texts["keep the old card"], f"keep {old}: I stand in its area"
            return texts["keep the new card"], f"keep {new}: for an area I will reach"
        for keep in ("keep the card", "end turn"):
            if keep in texts:
                return texts[keep], "not in the card's area: hold it"
        ways = {t: a for t, a in texts.items() if t.startswith(("move back to ", "move on to "))}
        if ways:
            here = area_of.get(obs["players"][seat]["position"])
            for text, action in ways.items():
                dest = positions.get(text.split(" to ", 1)[1])
                if dest is not None and area_of.get(dest) != here:
                    return action, "this way leaves the disaster area"
            on = next((a for t, a in ways.items() if t.startswith("move on")), min(ways.values()))
            return on, "keep going: the exit is ahead"
        return legal[0], "the only sensible choice"
