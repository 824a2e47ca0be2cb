"""Disaster in the terminal: the perimeter side by side, the four areas with their state.

Only the contract is used: ``observation(seat)`` and ``game.static_view()``. Each space is a
cell three characters wide: its glyph on one line, the tokens on it below: a seat number
(`` 1 ``), two seats with a comma (``1,4``: seats 1 and 4, never "fourteen"), or a count of
three and more (``x3``), spelt out under the board.

>>> _token_cell([0]).plain, _token_cell([0, 3]).plain, _token_cell([0, 2, 3]).plain
(' 1 ', '1,4', 'x3 ')
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from highcamp.core import State

_SEAT_STYLES = (
    "bold red",
    "bold cyan",
    "bold green",
    "bold magenta",
    "bold yellow",
    "bold blue",
    "bold white",
    "bold bright_red",
)
_KIND = {
    "corner": ("◆", "bold white"),
    "plain": ("·", "dim"),
    "disaster": ("D", "bold red"),
    "ship": ("≈", "blue"),
    "plane": ("✈", "cyan"),
    "earthquake": ("▓", "yellow"),
}
_SIDES = ("North side", "East side", "South side", "West side")
_AREA_TITLES = {
    "ship": "the sinking ocean liner",
    "plane": "the crashing plane",
    "earthquake": "the earthquake",
    "skyscraper": "the burning skyscraper",
}


def _tokens_at(obs: dict[str, Any]) -> dict[int, list[int]]:
    at: dict[int, list[int]] = {}
    for p in obs["players"]:
        if p["position"] >= 0:
            at.setdefault(p["position"], []).append(p["seat"])
    return at


def _token_cell(seats: list[int], width: int = 3) -> Text:
    cell = Text()
    if len(seats) == 1:
        cell.append(" ")
        cell.append(str(seats[0] + 1), style=_SEAT_STYLES[seats[0] % len(_SEAT_STYLES)])
    elif len(seats) == 2:
        a, b = seats
        cell.append(str(a + 1), style=_SEAT_STYLES[a % len(_SEAT_STYLES)])
        cell.append(",", style="dim")
        cell.append(str(b + 1), style=_SEAT_STYLES[b % len(_SEAT_STYLES)])
    elif seats:
        cell.append(f"x{len(seats)}", style="bold")
    cell.pad_right(width - len(cell))
    return cell


def _crowded(obs: dict[str, Any]) -> Text | None:
    """Spaces with three tokens or more (drawn as ``x3``), with the seats on them."""
    lines = [
        f"{obs['players'][seats[0]]['space']}: " + ", ".join(f"seat {s + 1}" for s in seats)
        for seats in _tokens_at(obs).values()
        if len(seats) >= 3
    ]
    if not lines:
        return None
    return Text("Shared spaces  " + " · ".join(lines), style="dim")


def _row(
    cells: list[tuple[str, str]], tokens: list[list[int]], label: str, indent: int = 12
) -> Text:
    """Two lines: the glyphs of ``cells`` and the tokens on them."""
    out = Text()
    out.append(f"{label:<{indent}}", style="bold")
    for glyph, style in cells:
        out.append(f" {glyph} ", style=style)
    out.append("\n" + " " * indent)
    for seats in tokens:
        out.append_text(_token_cell(seats))
    return out


def draw_board(view: dict[str, Any], obs: dict[str, Any]) -> Text:
    """The perimeter side by side, then each area with its state."""
    at = _tokens_at(obs)
    d = obs["disaster"] or {}
    kinds = {s["id"]: s["kind"] for s in view["perimeter"]}
    sky = view["skyscraper"]
    out = Text()
    for k, side in enumerate(view["sides"]):
        cells = []
        for sid in side:
            glyph, style = _KIND[kinds[sid]]
            if kinds[sid] == "corner":
                glyph = str(view["corners"].index(sid) + 1)
            if sid == sky["entrance_from"]:
                glyph, style = "»", "bold magenta"
            elif sid == sky["exit_to"]:
                glyph, style = "«", "bold magenta"
            cells.append((glyph, style))
        out.append_text(_row(cells, [at.get(sid, []) for sid in side], _SIDES[k]))
        out.append("\n")
    out.append(
        "            1-4 corners  D Disaster space  ≈ ship  ✈ plane  ▓ earthquake zone"
        "  » skyscraper « \n",
        style="dim",
    )
    out.append("\n")
    out.append_text(_ship_or_plane(view, obs, "ship", d))
    out.append_text(_ship_or_plane(view, obs, "plane", d))
    out.append_text(_quake(view, obs, d))
    out.append_text(_skyscraper(view, obs, d))
    return out


def _ship_or_plane(view: dict[str, Any], obs: dict[str, Any], area: str, d: dict[str, Any]) -> Text:
    at = _tokens_at(obs)
    part = view[area]
    ship = area == "ship"
    position = d.get("ship_position" if ship else "plane_position", 0) if d else 0
    out = Text()
    title = "Ship" if ship else "Plane"
    out.append(f"{title:<12}", style="bold")
    glyph, style = _KIND[area]
    if ship:
        out.append("Lifeboat◀", style="green")
    for _ in part["spaces"]:
        out.append(f" {glyph} ", style=style)
    if not ship:
        out.append("▶Parachute", style="green")
    if position:
        noun = "sinking" if ship else "descending"
        ded = part["deductions"][position - 1]
        out.append(f"   {noun} position {position} of 5, deduct {ded}", style="bold red")
    else:
        out.append("   upright", style="dim")
    out.append("\n" + " " * 12 + (" " * 9 if ship else ""))
    for sid in part["spaces"]:
        out.append_text(_token_cell(at.get(sid, [])))
    out.append("\n")
    return out


def _quake(view: dict[str, Any], obs: dict[str, Any], d: dict[str, Any]) -> Text:
    at = _tokens_at(obs)
    spaces = view["earthquake"]["spaces"]
    gap = d.get("fissure") if d else None
    out = Text()
    out.append(f"{'Earthquake':<12}", style="bold")
    for k in range(len(spaces)):
        if gap is not None and gap[0] <= k <= gap[1]:
            out.append(" ░ ", style="bold red")
        else:
            out.append(" ▓ ", style="yellow")
    out.append(
        "   fissure open" if gap is not None else "   earth closed",
        style="bold red" if gap else "dim",
    )
    out.append("\n" + " " * 12)
    for sid in spaces:
        out.append_text(_token_cell(at.get(sid, [])))
    out.append("\n")
    return out


def _skyscraper(view: dict[str, Any], obs: dict[str, Any], d: dict[str, Any]) -> Text:
    at = _tokens_at(obs)
    sky = view["skyscraper"]
    fire = d.get("fire") if d else None
    row = sky["fire_row"]
    burning = set(row[fire[0] : fire[1] + 1]) if fire else set()
    out = Text()
    out.append("Skyscraper", style="bold")
    out.append("   up" + " " * (3 * sky["floor_width"] + 2) + "down", style="dim")
    out.append("   on fire" if fire else "", style="bold red")
    out.append("\n")
    for k in range(sky["floors"], 0, -1):
        spaces = [
            sky["staircase_up"][k - 1],
            *sky["floor_spaces"][k - 1],
            sky["staircase_down"][k - 1],
        ]
        out.append(f"  floor {k}   ", style="bold")
        for j, sid in enumerate(spaces):
            stair = j in (0, len(spaces) - 1)
            if sid in burning:
                out.append(" ^ ", style="bold red on yellow")
            else:
                out.append(" ║ " if stair else " □ ", style="magenta" if stair else "dim")
        out.append("\n" + " " * 12)
        for sid in spaces:
            out.append_text(_token_cell(at.get(sid, [])))
        out.append("\n")
    return out


class DisasterRenderer:
    """Renderer of Disaster for the terminal."""

    def draw(self, state: State, seat: int) -> RenderableType:
        """The board, the chips and cards, the dice and the disaster in progress."""
        obs = state.observation(seat)
        view = state.game.static_view()
        parts: list[RenderableType] = [draw_board(view, obs)]
        crowded = _crowded(obs)
        if crowded is not None:
            parts.append(crowded)
        chips = Text("Chips  ", style="bold")
        for p in obs["players"]:
            s = p["seat"]
            chips.append(f"seat {s + 1}", style=_SEAT_STYLES[s % len(_SEAT_STYLES)])
            chips.append(f" {p['chips']}")
            if p["holds_card"]:
                chips.append(f" [{p['card']}]" if p["card"] else " [a card]", style="italic")
            chips.append("   ")
        chips.append(f"(win at {obs['target']}; supply {obs['supply']})", style="dim")
        parts.append(chips)
        status = Text()
        if obs["ending"] is not None:
            winners = " and ".join(f"seat {w + 1}" for w in obs["winners"])
            verb = "wins" if len(obs["winners"]) == 1 else "share the win"
            words = f"{winners} {verb}" if winners else "nobody wins (the turn limit)"
            status.append(f"Game over: {words}", style="bold yellow")
        else:
            to_act = obs["to_act"]
            if obs["phase"] == "choose corner" and to_act >= 0:
                status.append(f"Seat {to_act + 1} chooses a starting corner", style="bold")
            else:
                status.append(f"Turn of seat {obs['turn'] + 1}", style="bold")
                if to_act >= 0 and to_act != obs["turn"]:
                    status.append(f" · seat {to_act + 1} to act", style="bold")
            if obs["dice"]:
                a, b = obs["dice"]
                status.append(f" · last roll {a} and {b}")
            status.append(f" · deck {obs['deck_size']} cards")
            if obs["drawn"] not in (None, "hidden"):
                status.append(f" · you drew {obs['drawn']}", style="bold italic")
        parts.append(status)
        d = obs["disaster"]
        if d is not None:
            line = Text()
            line.append(f"DISASTER: {_AREA_TITLES[d['area']]}", style="bold white on red")
            line.append(f" caused by seat {d['caused_by'] + 1}")
            line.append(f" · escape round {d['round']}" if d["round"] else "")
            escaping = ", ".join(f"seat {s + 1}" for s in d["escaping"]) or "nobody"
            line.append(f" · still escaping: {escaping}")
            if d["die"] is not None:
                line.append(f" · your die: {d['die']}", style="bold")
            parts.append(line)
        return Group(*parts)

    def describe(self, state: State, action: int) -> str | None:
        """What a card choice does: the disaster a card causes, the card a keep keeps."""
        text = state.action_to_string(action)
        seat = state.current_player()
        if seat < 0:
            return None
        causes = {c["title"]: c["disaster"] for c in state.game.static_view()["cards"]}
        if text.startswith("play "):
            area = causes.get(text[5:])
            return f"causes {_AREA_TITLES[area]}" if area else None
        obs = state.observation(seat)
        held, drawn = obs["players"][seat]["card"], obs["drawn"]
        if text in ("keep the card", "keep the new card") and drawn not in (None, "hidden"):
            return f"keep {drawn}, {_AREA_TITLES[causes[drawn]]}"
        if text == "keep the old card" and held:
            return f"keep {held}, {_AREA_TITLES[causes[held]]}"
        if text == "draw a second card":
            return "then play one of the two, or keep one"
        return None

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Corners, the turn, the cards and the ways out, each in its own group."""
        turn: list[int] = []
        cards: list[int] = []
        ways: list[int] = []
        corners: list[int] = []
        for a in state.legal_actions():
            text = state.action_to_string(a)
            if text.startswith("start at"):
                corners.append(a)
            elif text.startswith(("play", "keep", "draw")):
                cards.append(a)
            elif text.startswith("move"):
                ways.append(a)
            else:
                turn.append(a)
        groups: list[tuple[str, list[int]]] = []
        if corners:
            groups.append(("choose your starting corner", corners))
        if turn:
            groups.append(("your turn", turn))
        if cards:
            groups.append(
                ("Disaster cards (keeping one of two puts the other at the bottom)", cards)
            )
        if ways:
            groups.append(("which way out (back: towards the entrance side)", ways))
        return groups
