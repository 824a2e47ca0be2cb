"""Everest Go! in the terminal: the mountaineers, the piles, the hand and grouped choices.

Only the contract is used: everything drawn comes from ``observation(seat)``, so a seat's
view never shows another hand or a hidden garment (R-GO-3).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highcamp.core import State

_POINT_STYLE = {"1": "white", "2": "cyan", "3": "green", "4": "bold yellow"}


def _garment(part: dict[str, Any]) -> Text:
    text = Text()
    top = part["top"]
    if top is None:
        text.append("-", style="dim")
    else:
        value = top.rsplit(" ", 1)[-1]
        text.append(f"{value}pt", style=_POINT_STYLE.get(value, ""))
        if part["hidden"]:
            text.append(f"+{part['hidden']}", style="dim")
    if part["frozen"]:
        text.append("❄", style="bold blue")
    return text


def draw_table(obs: dict[str, Any]) -> Table:
    """One row per mountaineer: the visible garment of each part, stack heights, frozen
    parts, special items, Cold and the number of cards in hand."""
    parts = [p["part"] for p in obs["mountaineers"][0]["parts"]]
    table = Table(
        title="the mountaineers",
        caption="visible garment's points, +hidden garments under it, ❄ frozen, ★ may shout",
        header_style="bold",
        expand=False,
        padding=(0, 1),
    )
    table.add_column("seat", no_wrap=True)
    for part in parts:
        table.add_column(part.replace("left ", "L ").replace("right ", "R "), no_wrap=True)
    table.add_column("items")
    table.add_column("Cold")
    table.add_column("hand", justify="right")
    for m in obs["mountaineers"]:
        q = m["seat"]
        label = Text(f"{q + 1}")
        if q == obs["seat"]:
            label.append(" you", style="bold")
        if q == obs["turn"]:
            label.append(" ▶", style="bold green")
        if m["can_shout"]:
            label.append(" ★", style="yellow")
        table.add_row(
            label,
            *[_garment(p) for p in m["parts"]],
            ", ".join(m["special_items"]) or "-",
            Text(f"x{m['cold']}", style="bold red") if m["cold"] else Text("-", style="dim"),
            str(m["hand_size"]),
        )
    return table


def _pending(obs: dict[str, Any]) -> Text | None:
    pending = obs["pending"]
    if pending is None:
        return None
    text = Text(f"seat {pending['player'] + 1} plays ", style="bold")
    text.append(pending["card"], style="bold magenta")
    if pending["choices"]:
        text.append(": " + ", ".join(pending["choices"]))
    if pending["tented"]:
        text.append(" · sheltered: " + ", ".join(f"seat {q + 1}" for q in pending["tented"]))
    if pending["to_ask"]:
        text.append(f" · Tent? asking seat {pending['to_ask'][0] + 1}")
    return text


def avalanche_note(obs: dict[str, Any], part: str, direction: str) -> str:
    """Who receives whose ``part`` if the Avalanche goes ``direction`` [11. Avalanche]:
    from the player of the card round the table (left: to the next seat, right: to the one
    before), frozen parts and sheltered seats staying put.

    >>> obs = {"turn": 0, "seat": 0, "pending": None, "mountaineers": [
    ...     {"seat": q, "parts": [{"part": "head", "frozen": q == 2}]} for q in range(4)]}
    >>> avalanche_note(obs, "head", "left")
    'your head garment goes to seat 2, seat 2 to seat 4, seat 4 to you'
    >>> avalanche_note(obs, "head", "right")
    'your head garment goes to seat 4, seat 4 to seat 2, seat 2 to you'
    """
    n = len(obs["mountaineers"])
    step = 1 if direction == "left" else -1
    pending = obs.get("pending") or {}
    sheltered = set(pending.get("tented") or ())
    movers = []
    for k in range(n):
        q = (obs["turn"] + step * k) % n
        parts = {p["part"]: p for p in obs["mountaineers"][q]["parts"]}
        if q not in sheltered and not parts.get(part, {}).get("frozen"):
            movers.append(q)
    if len(movers) < 2:
        return "nothing moves: fewer than two of these garments are free"

    def name(q: int) -> str:
        return "you" if q == obs["seat"] else f"seat {q + 1}"

    hops = []
    for k, q in enumerate(movers):
        to = name(movers[(k + 1) % len(movers)])
        if k:
            hops.append(f"{name(q)} to {to}")
        else:
            whose = f"your {part} garment" if q == obs["seat"] else f"{name(q)}'s {part} garment"
            hops.append(f"{whose} goes to {to}")
    return ", ".join(hops)


class EverestGoRenderer:
    """Draws the table for a seat and groups the legal actions."""

    def describe(self, state: State, action: int) -> str | None:
        """For an Avalanche's direction, which seat receives whose garment."""
        text = state.action_to_string(action)
        if not text.startswith("avalanche "):
            return None
        seat = state.current_player()
        if seat < 0:
            return None
        part, direction = text[10:].rsplit(" ", 1)
        return avalanche_note(state.observation(seat), part, direction)

    def draw(self, state: State, seat: int) -> RenderableType:
        """The table as ``seat`` sees it, then ``seat``'s hand and what it knows."""
        obs = state.observation(seat)
        parts: list[RenderableType] = []
        head = Text()
        head.append(f"deck {obs['deck']}", style="bold")
        head.append(f" · runs out {obs['exhaustions']} of 3", style="dim")
        discard = sum(obs["discard"].values())
        head.append(f" · discard pile {discard}")
        if obs["discard"]:
            head.append(
                " ("
                + ", ".join(f"{n} x{c}" if c > 1 else n for n, c in obs["discard"].items())
                + ")",
                style="dim",
            )
        parts.append(head)
        parts.append(draw_table(obs))
        pending = _pending(obs)
        if pending is not None:
            parts.append(pending)
        hand = Text(f"your hand (seat {seat + 1}): ", style="bold")
        hand.append(", ".join(obs["hand"]) or "empty", style="bold cyan")
        parts.append(hand)
        for known in obs["known_hands"]:
            parts.append(
                Text(f"you know seat {known['seat'] + 1} holds: " + ", ".join(known["cards"]))
            )
        if "looking_at" in obs:
            parts.append(Text("you look at: " + ", ".join(obs["looking_at"]), style="magenta"))
        if obs.get("winners"):
            won = ", ".join(f"seat {q + 1}" for q in obs["winners"])
            parts.append(Text(f"winner: {won}", style="bold green"))
        if obs["everest"] is not None:
            parts.append(Text(f"seat {obs['everest'] + 1} shouted EVEREST!", style="bold yellow"))
        return Group(*parts)

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Choices grouped by what they do, in the order of the turn."""
        names = [
            ("dress (garments and special items)", "play"),
            ("action cards", "play"),
            ("choose", "target"),
            ("take", "take"),
            ("Fire", "thaw"),
            ("avalanche", "avalanche"),
            ("tent", "tent"),
            ("improve your hand", "discard"),
            ("end", ""),
        ]
        buckets: dict[str, list[int]] = {title: [] for title, _ in names}
        static = state.game.static_view()
        garments = {k["name"] for k in static.get("kinds", []) if k["points"]}
        for a in state.legal_actions():
            text = state.action_to_string(a)
            word, _, rest = text.partition(" ")
            if word == "play":
                buckets[
                    "dress (garments and special items)" if rest in garments else "action cards"
                ].append(a)
            elif word == "target":
                buckets["choose"].append(a)
            elif word == "take":
                buckets["take"].append(a)
            elif word in ("thaw", "pass"):
                buckets["Fire" if word == "thaw" or "Cold" in rest else "end"].append(a)
            elif word == "avalanche":
                buckets["avalanche"].append(a)
            elif text in ("Tent", "no Tent"):
                buckets["tent"].append(a)
            elif word in ("discard", "stop"):
                buckets["improve your hand"].append(a)
            else:
                buckets["end"].append(a)
        return [(title, acts) for title, acts in buckets.items() if acts]
