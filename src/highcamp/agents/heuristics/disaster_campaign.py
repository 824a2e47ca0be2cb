"""The Disaster-series campaign heuristic: the series heuristic on each mountain, and plain
choices between two mountains [16.1], aimed at the campaign score [16.2] (only clients who
summit every peak score, so replacements never do).

* A mountain's turn: :class:`~.disaster_series.DisasterSeriesHeuristic` on the mountain being
  climbed (``state.mountain_state()``, a contract state with the same action ids).
* Leaving a guide behind: the weakest (movement, then number of skills).
* Leaving a client behind: one who can no longer score (missed a peak) first, the fewest
  points first; else the fewest points.
* Taking a guide: the strongest on offer (movement, then skills).
* Taking a client: none while a client who can still score is in the team (a replacement
  only takes a guide's time); otherwise the fastest on offer, then the most points.

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("disaster-campaign", order="everest,everest")
>>> play_game(game, [DisasterCampaignHeuristic(seed=1)], seed=3).is_terminal()
True
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

from .base import RuleOfThumbAgent
from .disaster_series import DisasterSeriesHeuristic

__all__ = ["DisasterCampaignHeuristic"]


def _guide_strength(m: dict[str, Any]) -> tuple[int, int, str]:
    return (int(m["movement"]), len(m["skills"]), m["name"])


class DisasterCampaignHeuristic(RuleOfThumbAgent):
    """Rules of thumb over the campaign's observation and action texts."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._climb = DisasterSeriesHeuristic(seed)

    def _choose(self, state: State) -> tuple[int, str]:
        camp: dict[str, Any] = state.observation(0)["campaign"]
        if camp["phase"] == "climb":
            mountain: State = state.mountain_state()  # type: ignore[attr-defined]
            return self._climb._choose(mountain)
        texts = state.legal_action_texts()
        offered: list[dict[str, Any]] = camp["offered"]
        peaks = len(camp["results"])

        def scoring(m: dict[str, Any]) -> bool:
            return len(m["summits"]) == peaks

        def pick(verb: str, m: dict[str, Any], suffix: str = "") -> int:
            return texts[f"{verb} {m['kind']} {m['name']}{suffix}"]

        phase = camp["phase"]
        if phase == "leave a guide behind":
            weakest = min(offered, key=_guide_strength)
            return pick("leave", weakest, " behind"), "the weakest guide stays behind"
        if phase == "take a replacement guide":
            best = max(offered, key=_guide_strength)
            return pick("take", best), "the strongest guide on offer"
        if phase == "leave a client behind":
            out = [m for m in offered if not scoring(m)] or offered
            least = min(out, key=lambda m: (m["points"], m["name"]))
            why = "cannot score any more" if not scoring(least) else "the fewest points"
            return pick("leave", least, " behind"), f"{least['name']} {why}"
        team = [m for m in camp["team"] if m["kind"] == "client"]
        no_more = next((a for t, a in texts.items() if t.startswith("no more")), None)
        if no_more is not None and any(scoring(m) for m in team):
            return no_more, "the guides are for the clients who can still score"
        best = max(offered, key=lambda m: (m["movement"], m["points"], m["name"]))
        return pick("take", best), "the fastest client on offer"
