"""The Disaster-series campaign in the terminal: a campaign status line and the team, then
the current mountain drawn by the series renderer; between two mountains, the last results
and the choice on offer.

Only the contract is used: ``observation(seat)`` and the campaign's ``mountain_state()``, the
mountain as a contract state (the series renderer draws it from its own observation and
static view).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from highcamp.core import State

from .disaster_series import DisasterRenderer

__all__ = ["CampaignRenderer", "campaign_status"]


def _member(m: dict[str, Any]) -> str:
    if m["kind"] == "guide":
        skills = ", ".join(s.replace("_", " ") for s in m["skills"])
        return f"{m['name'].upper()} (move {m['movement']}; {skills})"
    marks = "".join("*" for _ in m["summits"])
    where = f" summits: {', '.join(m['summits'])}" if m["summits"] else ""
    traits = f", {m['traits']}" if m["traits"] else ""
    return f"{m['name']}{marks} (move {m['movement']}{traits}, {m['points']} pts{where})"


def campaign_status(camp: dict[str, Any]) -> Text:
    """The campaign line (mountain k of n, the order, the score so far), the team with its
    summit markers, the dead and the results of the mountains climbed."""
    out = Text()
    order = " -> ".join(
        f"[{name}]" if k + 1 == camp["mountain"] else name for k, name in enumerate(camp["order"])
    )
    out.append(
        f"Campaign: mountain {camp['mountain']} of {camp['mountains']} ({order})",
        style="bold",
    )
    out.append(f"  ·  campaign score so far {camp['score']:g} ({camp['band']})\n", style="bold")
    out.append("Team: ", style="bold")
    out.append("; ".join(_member(m) for m in camp["team"]) or "nobody")
    out.append("\n")
    out.append("   * one Summit marker per peak [16.2]", style="dim")
    if camp["dead"]:
        out.append("\nDied: ", style="bold red")
        out.append(", ".join(f"{d['name']} on {d['mountain']}" for d in camp["dead"]))
    if camp["left_behind"]:
        out.append("\nStayed behind: " + ", ".join(camp["left_behind"]), style="dim")
    for r in camp["results"]:
        out.append(
            f"\n{r['mountain']}: {r['score']:g} ({r['band']}); summited: "
            f"{', '.join(r['summits']) or 'nobody'}; died: {', '.join(r['deaths']) or 'nobody'}",
            style="cyan",
        )
    return out


def _choice(camp: dict[str, Any]) -> Text:
    out = Text(f"\nBetween two mountains [16.1]: {camp['phase']}\n", style="bold yellow")
    takes = camp["takes"]
    out.append(
        f"{camp['order'][camp['mountain'] - 1]} takes {takes['guides']} guide(s) and "
        f"{takes['clients']} client(s).\n"
    )
    for m in camp["offered"]:
        out.append("  " + _member(m) + "\n")
    return out


class CampaignRenderer:
    """Renderer of the Disaster-series campaign."""

    def __init__(self) -> None:
        self._series = DisasterRenderer()

    def draw(self, state: State, seat: int) -> RenderableType:
        """The campaign status, then the mountain (or the choice between two)."""
        camp = state.observation(seat)["campaign"]
        mountain: State = state.mountain_state()  # type: ignore[attr-defined]
        parts: list[RenderableType] = [campaign_status(camp)]
        if camp["phase"] == "climb":
            parts.append(self._series.draw(mountain, 0))
        elif camp["phase"] == "over":
            parts.append(Text(f"\nThe campaign is over: {camp['band']}", style="bold"))
        else:
            parts.append(_choice(camp))
        return Group(*parts)

    def describe(self, state: State, action: int) -> str | None:
        """The series renderer's note on a choice during a climb."""
        if state.observation(0)["campaign"]["phase"] != "climb":
            return None
        mountain: State = state.mountain_state()  # type: ignore[attr-defined]
        return self._series.describe(mountain, action)

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """The mountain's groups during a climb; the campaign's choice between two."""
        camp = state.observation(0)["campaign"]
        if camp["phase"] == "climb":
            mountain: State = state.mountain_state()  # type: ignore[attr-defined]
            return self._series.groups(mountain)
        legal = state.legal_actions()
        return [(camp["phase"], legal)] if legal else []
