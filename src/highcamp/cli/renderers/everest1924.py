"""Everest 1924 in the terminal: the sheet drawn as a mountain with the route, and the dice.

Only the contract is used: ``observation(0)``, ``game.static_view()`` and, to tell a
choice that would end the game, a clone of the state with the choice applied.

The route is drawn with its lines (R-1924-5: a route never crosses itself): a line between
two rows shows each ascent (``╱``), fall (``╲``) and camp (``╲──╲``, three squares back), so
an ascent or a fall that would cross one (and make the party perish) can be seen coming.
With five or six dice only the best few rerolls by odds are numbered; every reroll can still
be typed (``reroll 1,3``).
"""

from __future__ import annotations

import itertools
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
_LINE_STYLE = "yellow"
REROLLS_SHOWN = 6
"""How many rerolls are numbered when there are more than ``REROLLS_LISTED_ALL``."""
REROLLS_LISTED_ALL = 15
"""Up to this many rerolls (four dice) all are numbered; more (five or six dice) are
cut to the best ``REROLLS_SHOWN`` by odds."""


def _move_kind(prev: list[int], cur: list[int]) -> str:
    dr, dc = cur[0] - prev[0], cur[1] - prev[1]
    if dr == 0:
        return "right"
    if dr < 0:
        return "fall"
    return "ascend" if dc == 1 and dr == 1 else "camp"


class SheetView:
    """The sheet, two characters a square (with the route's lines between the rows) where
    the terminal is wide enough, else one (the route as glyphs only)."""

    def __init__(self, view: dict[str, Any], obs: dict[str, Any]) -> None:
        self.view = view
        self.obs = obs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(r["last"] for r in self.view["rows"]) + 1
        cell = 2 if options.max_width >= 2 * width + 8 else 1
        yield draw_sheet(self.view, self.obs, cell)


def _band_lines(route: list[list[int]]) -> dict[int, dict[int, str]]:
    """The route's lines between rows: band ``b`` (between rows b and b+1) -> character
    position (2 per column: the square at 2c, the gap after it at 2c+1) -> glyph."""
    bands: dict[int, dict[int, str]] = {}
    for (r0, c0), (r1, c1) in itertools.pairwise(route):
        if r0 == r1:
            continue
        band = bands.setdefault(min(r0, r1), {})
        bottom, top = (c0, c1) if r1 > r0 else (c1, c0)
        if top == bottom:
            marks = {2 * top: "│"}
        elif top > bottom:  # an ascent: up and right
            marks = {2 * bottom + 1: "╱"}
        else:  # a fall (down and right) or a camp (up and to the left)
            marks = {x: "─" for x in range(2 * top + 1, 2 * bottom)}
            marks[2 * top + 1] = marks[2 * bottom - 1] = "╲"
        for x, glyph in marks.items():
            band[x] = "╳" if x in band and band[x] != glyph else glyph
    return bands


def draw_sheet(view: dict[str, Any], obs: dict[str, Any], cell: int = 2) -> Text:
    """The sheet from the summit down: targets at the left, the route as glyphs (and, two
    characters a square, as lines: ``→`` moves joined by ``─``, the lines between rows)."""
    circles: dict[tuple[int, int], str] = {}
    route = obs["route"]
    rights: set[tuple[int, int]] = set()  # squares followed by a move right
    for k, square in enumerate(route):
        kind = "start" if k == 0 else _move_kind(route[k - 1], square)
        circles[(square[0], square[1])] = kind
        if kind == "right":
            rights.add((square[0], square[1] - 1))
    bands = _band_lines(route) if cell == 2 else {}
    here = tuple(obs["position"])
    width = max(r["last"] for r in view["rows"]) + 1
    rows = {row["row"]: row for row in view["rows"]}
    out = Text()
    for row in reversed(view["rows"]):
        r = row["row"]
        if cell == 2 and r + 1 in rows:
            _draw_band(out, bands.get(r, {}))
        label = f"{row['target']:>3}" if row["target"] else "  -"
        style = "bold white on blue" if row["unlock"] else "bold"
        if r == obs["position"][0] + 1 and obs["ending"] is None:
            style += " underline"
        out.append(label, style=style)
        out.append(f" {r:>2} ", style="dim")
        for c in range(width):
            if not row["first"] <= c <= row["last"]:
                out.append(" " * cell)
                continue
            pad = ("─" if (r, c) in rights else " ") if cell == 2 else ""
            mark = circles.get((r, c))
            if mark is None:
                out.append("·", style="dim")
            elif (r, c) == here:
                out.append(_GLYPHS[mark], style="bold black on bright_yellow")
            else:
                out.append(_GLYPHS[mark], style=_STYLES[mark])
            out.append(pad, style=_LINE_STYLE)
        out.append("\n")
    out.append("       ● base camp  ↗ ascent  → right  ↘ fall  ▲ camp", style="dim")
    if cell == 2:
        out.append("  ╱ ╲ ─ the route's lines (never crossed)", style="dim")
    out.append(
        "\n       blue targets unlock a die; the underlined target is the next one", style="dim"
    )
    return out


def _draw_band(out: Text, marks: dict[int, str]) -> None:
    """The line of text between two rows: the route's lines that join them."""
    last = max(marks, default=-1)
    out.append(" " * 7)
    for x in range(last + 1):
        glyph = marks.get(x)
        if glyph is None:
            out.append(" ")
        else:
            out.append(glyph, style="bold red" if glyph == "╳" else _LINE_STYLE)
    out.append("\n")


def _pct(p: float | None) -> str:
    return "-" if p is None else f"{100 * p:.0f}%"


def ending_of(state: State, action: int) -> str | None:
    """What ``action`` would do if it ended the game short of the summit (an ascent, a move
    right or a fall that is impossible, abandoning): the reason in the game's words and the
    final score; None for any other action (a roll or a reroll reveals dice first)."""
    if state.is_chance_node() or state.is_terminal():
        return None
    after = state.clone()
    after.apply_action(action)
    if not after.is_terminal():
        return None
    obs = after.observation(0)
    if obs["ending"] == "summit":
        return None
    step = len(state.history())
    why = [
        e.text
        for e in after.log
        if e.index == step and e.player is None and not e.text.startswith("final score")
    ]
    return f"{'; '.join(why) or obs['ending']} (final score {obs['score']})"


class Everest1924Renderer:
    """Renderer of Everest 1924 for the terminal."""

    def __init__(self) -> None:
        self._seen: tuple[int, int, dict[str, Any]] | None = None

    def _obs(self, state: State) -> dict[str, Any]:
        """The observation, kept while the same state is asked about (one per choice)."""
        key = (id(state), len(state.history()))
        if self._seen is None or self._seen[:2] != key:
            self._seen = (*key, state.observation(0))
        return self._seen[2]

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
                    d.append("  · rerolled: declining the ascent falls", style="red")
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
        """Moves first, then combinations, then rerolls (the best few by odds when there
        are more than fifteen: every reroll stays typeable)."""
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
        if len(rerolls) > REROLLS_LISTED_ALL:
            ranked = [state.string_to_action(t) for t, _ in self._obs(state)["reroll_odds"]]
            groups.append(
                (
                    f"reroll once, the best {REROLLS_SHOWN} of {len(rerolls)} by odds "
                    "(type any other, e.g. reroll 1,3)",
                    ranked[:REROLLS_SHOWN],
                )
            )
        elif rerolls:
            groups.append(("reroll once (these dice; the others keep their values)", rerolls))
        return groups

    def describe(self, state: State, action: int) -> str | None:
        """A reroll's chance to ascend; a warning on a choice that ends the game."""
        text = state.action_to_string(action)
        if text.startswith("reroll"):
            obs = self._obs(state)
            hint = obs.get("reroll_hint") or {}
            risk = "; a failure ends the game" if hint.get("fall_ends_game") else ""
            for t, q in obs["reroll_odds"]:
                if t == text:
                    return f"ascends {_pct(q)}{risk}"
            return None
        if text.startswith("combine") or text == "roll":
            return None
        end = ending_of(state, action)
        return None if end is None else f"ENDS THE GAME: {end}"

    def warning(self, state: State, action: int) -> str | None:
        """What the terminal asks to confirm before ``action``: it ends the game short of
        the summit (an impossible ascent, move right or fall, abandoning)."""
        end = ending_of(state, action)
        return None if end is None else f"This ends the game: {end}."
