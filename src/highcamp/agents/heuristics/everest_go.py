"""The Everest Go! heuristic: dress well, spoil the leader, shout EVEREST! when ahead.

It sees only its own seat: every decision starts from ``resample_hidden(seat)``, a state the
seat cannot tell from the real one, so it never reads another hand or the deck order.

* EVEREST! is shouted when it leaves the seat strictly ahead (its bonus counted).
* A Tent is used when a card targets a mountaineer worth protecting (a garment of 3 or 4
  points on top), otherwise kept.
* Otherwise each card play and its choices (targets, garments taken) are tried on a copy, up
  to three of its own decisions ahead, the others answering without a Tent, and the play that
  leaves the best margin over the leader wins: a higher garment on an empty or lower part, an
  attack on the leader's highest garment. When no play gains, the least useful card goes
  (a garment no better than what is worn), and discarding stops at the cards worth keeping.

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("everest-go", players=3)
>>> play_game(game, [EverestGoHeuristic(seed=s) for s in range(3)], seed=5).is_terminal()
True
"""

from __future__ import annotations

from typing import Any, cast

from highcamp.core import State

from .base import RuleOfThumbAgent
from .lookahead import best_actions, margin

__all__ = ["EverestGoHeuristic"]

DEPTH = 3  # own decisions looked ahead (a card, its target, a follow-up choice)
PROTECT_FROM = 3  # a Tent guards a mountaineer wearing a garment worth this many points


def _points(card: str | None) -> int | None:
    """A garment's points from its name (``"head 3"`` -> 3), else ``None``."""
    if card is None:
        return None
    head, _, tail = card.rpartition(" ")
    return int(tail) if head and tail.isdigit() else None


class EverestGoHeuristic(RuleOfThumbAgent):
    """Rules of thumb plus a short look-ahead from the seat's own view.

    ``resample=False`` decides on the state as given, for a state that is already a
    determinisation (a search's rollouts, where the heuristic plays every seat of a state
    drawn from the searching seat's view): the same draws, no redraw of its own.
    """

    def __init__(self, seed: int = 0, *, resample: bool = True) -> None:
        super().__init__(seed)
        self.resample = resample

    def _choose(self, state: State) -> tuple[int, str]:
        seat = state.current_player()
        obs: dict[str, Any] = state.observation(seat)
        legal = state.legal_actions()
        texts = state.legal_action_texts()
        if len(legal) == 1:
            return legal[0], "the only choice"
        draw = self._rng.getrandbits(31)  # at every decision, whether it redraws or not
        view = state.resample_hidden(seat, draw) if self.resample else state
        mine = next(m for m in obs["mountaineers"] if m["seat"] == seat)
        worn = {p["part"]: _points(p["top"]) or 0 for p in mine["parts"] if not p["frozen"]}
        if "EVEREST!" in texts:
            after = view.clone()
            after.apply_action(texts["EVEREST!"])
            lead = margin(after, seat, _scores)
            if lead > 0:
                return texts["EVEREST!"], f"fully dressed and {lead:g} ahead: shout"
        if "Tent" in texts and "no Tent" in texts:
            best = max(worn.values(), default=0)
            if best >= PROTECT_FROM:
                return texts["Tent"], f"protect a {best}-point garment"
            return texts["no Tent"], "nothing worth a Tent"
        discards = {t: a for t, a in texts.items() if t.startswith("discard ")}
        if "stop discarding" in texts:
            junk = self._junk(discards, worn)
            if junk is not None:
                return junk, "discard a card that does not help"
            return texts["stop discarding"], "the rest of the hand is worth keeping"
        plays = [a for t, a in texts.items() if not t.startswith("discard ") and t != "EVEREST!"]
        base = margin(view, seat, _scores)
        if plays:
            scored = best_actions(view, seat, plays, DEPTH, _no_tent, _no_shout, _scores)
            value, action = scored[0]
            if value > base or not discards:
                return action, f"margin over the leader {base:g} -> {value:g}"
        if discards:
            junk = self._junk(discards, worn)
            pick = junk if junk is not None else min(discards.values())
            return pick, "no play gains: discard the least useful card"
        return legal[0], "no better choice"

    @staticmethod
    def _junk(discards: dict[str, int], worn: dict[str, int]) -> int | None:
        """A garment no better than the one worn on its part (the lowest such)."""
        worst: tuple[int, int] | None = None
        for text, action in discards.items():
            card = text.removeprefix("discard ")
            pts = _points(card)
            part = card.rpartition(" ")[0]
            useless = pts is not None and (part not in worn or pts <= worn[part])
            if useless and pts is not None and (worst is None or pts < worst[0]):
                worst = (pts, action)
        return worst[1] if worst else None


def _scores(state: State) -> list[float]:
    """Each seat's score now: the game's ``score(seat)``, the figure its score sheet totals
    (``score_breakdown``), without the sheet's lines (the look-ahead reads it at every
    leaf)."""
    score = cast(Any, state).score
    return [score(q) for q in range(state.game.num_players)]


def _no_tent(state: State) -> int | None:
    """Others answer a Tent question without one (the look-ahead stops at anything else)."""
    for action in state.legal_actions():
        if state.action_to_string(action) == "no Tent":
            return action
    return None


def _no_shout(state: State, action: int) -> bool:
    return state.action_to_string(action) not in ("EVEREST!",)
