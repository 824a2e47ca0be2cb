"""Everest 1924 in the terminal: the sheet drawn as a mountain with the route, and the dice.

Only the contract is used: ``observation(0)`` and ``game.static_view()``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from highcamp.core import State

# glyph of a circle, by the move that drew it
_GLYPHS = {"start": "●", "ascend": "↗", "right": "→", "fall": "↘", "camp": "▲"}
_STYLES = {
    "start": "bold white",
    "ascend": "yellow",
    "right": "yellow",
    "fall": "red",
    "camp": "bold green",
}


def _move_kind(prev: list[int], cur: list[int]) -> str:
    dr, dc = cur[0] - prev[0], cur[1] - prev[1]
    if dr == 0:
        return "right"
    if dr < 0:
        return "fall"
    return "ascend" if dc == 1 and dr == 1 else "camp"


class SheetView:
    """The sheet, two characters a square where the terminal is wide enough, else one."""

    def __init__(self, view: dict[str, Any], obs: dict[str, Any]) -> None:
        self.view = view
        self.obs = obs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(r["last"] for r in self.view["rows"]) + 1
        cell = 2 if options.max_width >= 2 * width + 8 else 1
        yield draw_sheet(self.view, self.obs, cell)


def draw_sheet(view: dict[str, Any], obs: dict[str, Any], cell: int = 2) -> Text:
    """The sheet from the summit down: targets at the left, the route as glyphs."""
    circles: dict[tuple[int, int], str] = {}
    route = obs["route"]
    for k, square in enumerate(route):
        kind = "start" if k == 0 else _move_kind(route[k - 1], square)
        circles[(square[0], square[1])] = kind
    here = tuple(obs["position"])
    width = max(r["last"] for r in view["rows"]) + 1
    out = Text()
    for row in reversed(view["rows"]):
        r = row["row"]
        label = f"{row['target']:>3}" if row["target"] else "  -"
        style = "bold white on blue" if row["unlock"] else "bold"
        if r == obs["position"][0] + 1 and obs["ending"] is None:
            style += " underline"
        out.append(label, style=style)
        out.append(f" {r:>2} ", style="dim")
        for c in range(width):
            pad = " " * (cell - 1)
            if not row["first"] <= c <= row["last"]:
                out.append(" " * cell)
                continue
            mark = circles.get((r, c))
            if mark is None:
                out.append("·" + pad, style="dim")
            elif (r, c) == here:
                out.append(_GLYPHS[mark], style="bold black on bright_yellow")
                out.append(pad)
            else:
                out.append(_GLYPHS[mark] + pad, style=_STYLES[mark])
        out.append("\n")
    out.append("       ● base camp  ↗ ascent  → right  ↘ fall  ▲ camp", style="dim")
    out.append(
        "\n       blue targets unlock a die; the underlined target is the next one", style="dim"
    )
    return out


def _pct(p: float | None) -> str:
    return "-" if p is None else f"{100 * p:.0f}%"


class Everest1924Renderer:
    """Renderer of Everest 1924 for the terminal."""

    def draw(self, state: State, seat: int) -> RenderableType:
        """The sheet, the status line and the dice."""
        obs = state.observation(seat)
        view = state.game.static_view()
        parts: list[RenderableType] = [SheetView(view, obs)]
        status = Text()
        row, col = obs["position"]
        status.append(f"Row {row}, column {col}", style="bold")
        status.append(f" · highest row {obs['highest_row']} · {obs['dice_count']} dice")
        status.append(f" · camps left {obs['camps_left']}")
        status.append(f" · squares marked {len(obs['route'])} · score now {obs['score']}")
        parts.append(status)
        if obs["ending"] is None:
            line = Text()
            line.append(f"Next target {obs['next_target']}", style="bold cyan")
            line.append(f" · odds of ascending this turn, from now {_pct(obs['ascent_odds'])}")
            if obs["camp_available"]:
                line.append(" · an ascent may make camp", style="green")
            parts.append(line)
        dice = obs["dice"]
        if dice:
            d = Text("Dice: ", style="bold")
            for i, v in enumerate(dice):
                d.append(f"[{i + 1}] ", style="dim")
                d.append(f"{v if v else '--'}  ", style="bold magenta" if v else "dim")
            if obs["phase"] == "decide":
                best = obs["best_straight"]
                ok = obs["next_target"] is not None and best >= obs["next_target"]
                d.append(f"  best straight {best}", style="bold green" if ok else "bold red")
                d.append(" (enough to ascend)" if ok else " (not enough)")
                if obs["rerolled"]:
                    d.append("  · rerolled: a failure now falls", style="red")
            parts.append(d)
            hint = obs.get("reroll_hint")
            if hint and obs["phase"] == "decide":
                kept = ", ".join(str(v) for v in hint["keep"]) or "nothing"
                parts.append(
                    Text(
                        f"Hint: the best reroll ascends {_pct(hint['odds'])} of the time: "
                        + ", then ".join(hint["plan"])
                        + f" (keeping {kept})"
                        + (
                            ""
                            if hint.get("worth", True)
                            else "; not worth it here: a failure ends the game, move right"
                        ),
                        style="dim",
                    )
                )
        return Group(*parts)

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Moves first, then combinations, then rerolls."""
        moves, combines, rerolls = [], [], []
        for a in state.legal_actions():
            text = state.action_to_string(a)
            if text.startswith("combine"):
                combines.append(a)
            elif text.startswith("reroll"):
                rerolls.append(a)
            else:
                moves.append(a)
        groups = [("choose", moves)]
        if combines:
            groups.append(("combine (first die takes the value, second is discarded)", combines))
        if rerolls:
            groups.append(("reroll once (these dice; the others keep their values)", rerolls))
        return groups
