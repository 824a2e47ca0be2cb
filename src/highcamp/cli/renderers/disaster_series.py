"""The Disaster series in the terminal: the mountain, the tracks and the status card.

Only the contract is used: ``observation(seat)`` and ``game.static_view()``. The mountain
is drawn from the Summit down, one line a space (ridges with their numbers and blocks, the
Hillary Step queue between Down and Up), then the Storm Watch, Storm track, Prestige,
held tokens, the event on the table and the travel company's status card. With two
players [15.0] the opponent's team is drawn in yellow, both Prestige markers, the First
Player, the bidding and the cooperative game's aim [15.7] are shown, and the opponent's
card follows one's own.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from highcamp.core import State

_ZONE_STYLE = {
    "camp": "bold white",
    "near": "green",
    "medium": "yellow",
    "far": "red",
    "death": "bold magenta",
}


def _markers_text(names: list[tuple[str, str]]) -> Text:
    out = Text()
    for i, (name, style) in enumerate(names):
        if i:
            out.append(" ")
        out.append(name, style=style)
    return out


def draw_mountain(view: dict[str, Any], obs: dict[str, Any]) -> Text:
    """The track from the Summit down to High Camp, with the queue and the markers."""
    here: dict[int, list[tuple[str, str]]] = {}
    mover = obs["movement"]["mover"]
    for g in obs["guides"]:
        style = "bold cyan reverse" if g["name"] == mover else "bold cyan"
        label = g["name"].upper() + (" (O2)" if g["oxygen"] else "")
        if g["where"] == "bivouac":
            here.setdefault(-2, []).append((label, style))
            continue
        here.setdefault(g["space"], []).append((label, style))
    for c in obs["clients"]:
        flags = ""
        if c["marker"] == "Summit":
            flags += "*"
        elif c["marker"] in ("Hillary Step", "Traverse"):
            flags += "+"
        if c["moved"]:
            flags += "'"
        if c["tired"]:
            flags += "~"
        if obs.get("k2", {}).get("flashlight") == c["name"]:
            flags += "!"
        style = "reverse" if c["name"] == mover else ("dim" if c["moved"] else "white")
        here.setdefault(c["space"], []).append((c["name"] + flags, style))
    opp = obs.get("opponent")
    if opp is not None:  # two players [15.0]: the opponent's team in its own colour
        for g in opp["guides"]:
            style = "bold yellow reverse" if g["name"] == mover else "bold yellow"
            label = g["name"].upper() + (" (O2)" if g["oxygen"] else "")
            here.setdefault(g["space"], []).append((label, style))
        for c in opp["clients"]:
            flags = {"Summit": "*", "Hillary Step": "+"}.get(c["marker"], "")
            flags += "'" if c["moved"] else ""
            style = "yellow reverse" if c["name"] == mover else "yellow"
            here.setdefault(c["space"], []).append((c["name"] + flags, style))
    blocked = set(obs["blocked"])
    k2 = obs.get("k2", {})
    collapsed = set(k2.get("collapsed", ()))
    rope: dict[str, str] = {}
    for r in k2.get("ropes", ()):
        rope[r["space"]] = "frayed" if r["frayed"] else "rope"
    out = Text()
    for space in reversed(view["spaces"]):
        i = space["index"]
        if i == view["up"]:
            out.append_text(_queue_text(view, obs))
        name = space["name"]
        out.append(f"{i:>2} ", style="dim")
        out.append(f"{name:<17}", style=_ZONE_STYLE.get(space["zone"], ""))
        ridge = ",".join(str(n) for n in space["ridge"])
        if name in collapsed:
            out.append(f" [SERAC {rope.get(name, 'no rope'):<7}]", style="bold white on blue")
        elif name in blocked:
            out.append(f" [BLOCKED {ridge}]", style="bold white on red")
        elif ridge:
            out.append(f" ridge {ridge:<6}", style="dim")
        else:
            out.append(" " * 13)
        out.append(" ")
        out.append_text(_markers_text(here.get(i, [])))
        out.append("\n")
    lost = here.get(-2, [])
    if lost:
        out.append("   LOST/BIVOUAC box  " if k2 else "   LOST box          ", style="bold red")
        out.append_text(_markers_text(lost))
        out.append("\n")
    out.append(
        "   zones: green Near, yellow Medium, red Far, magenta death; GUIDES in capitals;\n"
        "   + Traverse marker, * Summit marker, ' moved, ~ tired, ! Flashlight; SERAC: avalanche space"
        if k2
        else "   + Hillary Step marker, * Summit marker, ' moved this turn, ~ tired",
        style="dim",
    )
    if opp is not None:
        out.append("\n   your team in ", style="dim")
        out.append("cyan/white", style="bold cyan")
        out.append(", the opponent's in ", style="dim")
        out.append("yellow", style="bold yellow")
    return out


def _queue_text(view: dict[str, Any], obs: dict[str, Any]) -> Text:
    out = Text()
    n = view["queue_length"]
    spots: dict[int, list[str]] = {}
    for e in obs["queue"]:
        arrow = {"up": "↑", "down": "↓"}.get(e["direction"], "")
        who = "other" if e["who"].startswith("another") else e["who"]
        if "seat" in e and e["seat"] != obs.get("seat"):
            who = who.lower()  # the opponent's, in lower case [15.0]
        spots.setdefault(e["spot"], []).append(who + arrow)
    out.append("   Hillary Step queue ", style="bold red")
    for s in range(1, n + 1):
        label = f"{s}+" if s == n else str(s)
        who = ",".join(spots.get(s, [])) or "·"
        out.append(f" {label}:", style="dim")
        out.append(who, style="bold" if s in spots else "dim")
    out.append("\n")
    return out


def _tracks(view: dict[str, Any], obs: dict[str, Any]) -> Text:
    out = Text()
    watch = obs["storm_watch"]
    out.append("Storm Watch ", style="bold")
    for k in range(view["storm_watch"]):
        out.append(
            f"[{k + 1}:{watch[k] if k < len(watch) else '-'}] ",
            style="yellow" if k < len(watch) else "dim",
        )
    out.append("\nStorm track ", style="bold")
    for k in range(1, view["storm_track"] + 1):
        label = "End" if k == view["storm_track"] else str(k)
        if obs["storm_track"] == k:  # the turn: a marker that reads without colour too
            out.append(f"[>{label}<]", style="bold white on red")
        else:
            out.append(f"[{label}]", style="dim")
    if obs["storm_phase"]:
        out.append("  STORM PHASE", style="bold red")
    elif obs["storm_pending"]:
        out.append("  the storm hits next turn", style="bold red")
    else:
        out.append("  Clear Phase", style="green")
    out.append(f"\nTurn {obs['turn']}  ·  Prestige {obs['prestige']}", style="bold")
    opp = obs.get("opponent")
    if opp is not None:  # [15.1] [15.2]
        out.append(f" (opponent {opp['prestige']})", style="bold yellow")
        first = (
            "not drawn yet"
            if obs["first_player"] is None
            else "you"
            if obs["first_player"] == obs["seat"]
            else "the opponent"
        )
        out.append(f"  ·  First Player: {first}", style="bold")
    if obs.get("cooperative_aim"):  # [15.7]
        out.append(
            f"  ·  cooperative game: both teams aim for {obs['cooperative_aim']} or better",
            style="bold green",
        )
    out.append(f"  ·  Preparations: {obs['preparations']}")
    out.append(f"  ·  tokens in the container: {obs['container']}")
    if obs["held"]:
        out.append("\nHeld: " + ", ".join(obs["held"]), style="cyan")
    if obs["kept"]:
        out.append("\nKept: " + ", ".join(obs["kept"]), style="cyan")
    if obs["effects_this_turn"]:
        out.append(
            "\nThis turn: " + ", ".join(e.replace("_", " ") for e in obs["effects_this_turn"])
        )
    ev = obs["event"]
    if ev:
        out.append(
            f"\nEvent: {ev['name']} (cost {ev['cost']}, ridge {ev['ridge']}): {ev['effect']}",
            style="bold",
        )
    if obs["drawn"]:
        out.append("\nDrawn: " + ", ".join(obs["drawn"]), style="bold")
    bid = obs.get("bidding")
    if bid:  # [15.3]
        seat = obs["seat"]
        high = (
            "no bid yet"
            if bid["high_bidder"] is None
            else f"high bid {bid['high_bid']} by "
            + ("you" if bid["high_bidder"] == seat else "the opponent")
        )
        turn = "you" if bid["to_bid"] == seat else "the opponent"
        out.append(
            f"\nBidding for {bid['event']} (printed cost {bid['cost']}): {high}; "
            f"next bid {bid['next_bid']}, {turn} to bid or pass",
            style="bold magenta",
        )
    if obs.get("pending_block"):
        out.append(
            f"\nNo Blocked Ridge marker left for {obs['pending_block']}: move one or leave it",
            style="bold red",
        )
    mv = obs["movement"]
    if obs["step"] == "move" and mv["round"]:
        line = f"\nMovement ({mv['round']} phase)"
        if obs.get("moving") is not None:
            line = " of " + ("your team" if obs["moving"] == obs["seat"] else "the opponent")
            line = f"\nMovement{line} ({mv['round']} phase)"
        if mv["option"]:
            line += f", option {mv['option']}"
        line += f": guides left {mv['guides_left']}, clients left {mv['clients_left']}"
        if mv["mover"]:
            spaces = "space" if mv["remaining"] == 1 else "spaces"
            line += f"; moving {mv['mover']}, {mv['remaining']} {spaces} left"
            if mv["carried"]:
                line += " carrying " + " and ".join(mv["carried"])
        out.append(line, style="cyan")
    fate = obs["fate"]
    if fate["client"] and obs["step"] == "fate":
        out.append(f"\nFate: {fate['client']} ({fate['zone']}), {fate['pool']} tokens in the pool")
    return out


def _status_card(
    obs: dict[str, Any], title: str = "Travel Company Status Card", traits: bool = True
) -> Text:
    """The Travel Company Status Card as aligned text (a rich Table is much slower to draw,
    and the card is redrawn at every prompt). Columns are as wide as their longest entry,
    two spaces apart; ``traits`` is False in the basic game, where traits do not apply."""
    out = Text(title + "\n", style="bold underline")
    clients = obs["clients"]
    wm = max([len("marker"), *(len(c["marker"] or "-") for c in clients)]) + 2
    ww = max([len("where"), *(len(c["where"]) for c in clients)]) + 2
    tr = f"{'traits':<8}" if traits else ""
    out.append(
        f"  {'client':<10}{'move':>4}  {tr}{'pts':>4}  {'marker':<{wm}}{'where':<{ww}}state\n",
        style="dim",
    )
    for c in clients:
        state = ", ".join(x for x in (c["tired"], "AMS" if c["ams"] else "", c["fate"]) if x)
        marker = c["marker"] or "-"
        tr = f"{c['traits'] or '-':<8}" if traits else ""
        out.append(f"  {c['name']:<10}{c['movement']:>4}  {tr}{c['points']:>4}  ")
        out.append(f"{marker:<{wm}}", style="bold green" if marker == "Summit" else "")
        out.append(f"{c['where']:<{ww}}{state}\n")
    for g in obs["guides"]:
        skills = ", ".join(s.replace("_", " ") for s in g["skills"])
        tank = " · oxygen tank" if g["oxygen"] else ""
        out.append(f"  {g['name'].upper():<10}{g['movement']:>4}  {skills}{tank}", style="cyan")
        out.append(f" · {g['where']}\n")
    return out


def _uses_traits(state: State) -> bool:
    """Client traits apply in the advanced game only."""
    return bool(state.game.options.get("game", "advanced") != "basic")


def score_line(state: State, view: dict[str, Any], obs: dict[str, Any]) -> Text:
    """The score sheet's total: final at the end; before it, what the sheet says now,
    with a warning for summiters still in the death zone (counted as if they got down)."""
    score = obs["score"]
    if state.is_terminal():
        return Text(f"Final score: {score['total']:g} ({score['band']})", style="bold")
    out = Text(f"Score if the game ended now: {score['total']:g} ({score['band']})", style="dim")
    zone = {s["index"]: s["zone"] for s in view["spaces"]}
    high = [
        c["name"]
        for c in obs["clients"]
        if c["marker"] == "Summit" and zone.get(c["space"]) == "death" and not c["fate"]
    ]
    if high:
        who = " and ".join(high)
        as_ = "a surviving summiter" if len(high) == 1 else "surviving summiters"
        out.append(
            f" · counts {who} as {as_}, though still in the death zone: not yet safe",
            style="yellow",
        )
    return out


def _stuck_note(state: State, obs: dict[str, Any], seat: int) -> Text | None:
    """A marker being moved that has no step left (its way is blocked) must still be
    ended: say so."""
    mover = obs["movement"]["mover"]
    if not mover or state.current_player() != seat:
        return None
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    steps = [t for t in texts if t.startswith(f"{mover} ") and (" up to " in t or " down to " in t)]
    ends = [t for t in texts if t == f"end {mover}'s move"]
    if steps or not ends:
        return None
    return Text(
        f"{mover} cannot step further (the way is blocked or taken): choose '{ends[0]}'",
        style="bold yellow",
    )


class DisasterRenderer:
    """Renderer of the Disaster-series games (Everest; K2 reuses it)."""

    def describe(self, state: State, action: int) -> str | None:
        """A warning on declining a token onto an Avalanche Track space that collapses a
        Serac (K2): the climbers on that Bottleneck space die; and on a K2 guide's Noble
        Sacrifice at the end for a climber with no Traverse or Summit marker, who scores as
        not supported [11.6] whether saved or not."""
        text = state.action_to_string(action)
        view = state.game.static_view()
        if "k2" in view and " gives their life for " in text:
            return self._unsupported_note(state, text.split(" gives their life for ", 1)[1])
        if "k2" not in view or not text.startswith("decline ") or "Avalanche Track" not in text:
            return None
        slot = text.rsplit("Avalanche Track ", 1)[1].rstrip(")")
        if not slot.isdigit():
            return None
        collapse = next((c for c in view["k2"]["collapses"] if c["at"] == int(slot)), None)
        if collapse is None:
            return None
        seat = state.current_player()
        if seat < 0:
            return None
        obs = state.observation(seat)
        there = [c["name"] for c in obs["clients"] if c["space"] == collapse["index"]]
        there += [g["name"] for g in obs["guides"] if g.get("space") == collapse["index"]]
        who = ", ".join(there) if there else "nobody there now"
        return f"the Serac above {collapse['space']} collapses: climbers on it die ({who})"

    @staticmethod
    def _unsupported_note(state: State, name: str) -> str | None:
        seat = state.current_player()
        if seat < 0:
            return None
        obs = state.observation(seat)
        climber = next((c for c in obs["clients"] if c["name"] == name), None)
        if obs.get("phase") != "fate" or climber is None or climber.get("marker"):
            return None
        return (
            f"{name} has no Traverse or Summit marker: not supported at the end [11.6], "
            "the same points lost whether the guide gives their life or not"
        )

    def draw(self, state: State, seat: int) -> RenderableType:
        """The mountain, the tracks and the status card."""
        obs = state.observation(seat)
        view = state.game.static_view()
        opp = obs.get("opponent")
        title = f"{view['company']} on {view['board']}"
        if opp is not None:
            mine = obs["teams"][obs["seat"]]["label"]
            title = f"{mine} (you) against {opp['label']} on {view['board']}"
        parts: list[RenderableType] = [
            Text(title, style="bold underline"),
            draw_mountain(view, obs),
            _tracks(view, obs),
            _status_card(
                obs,
                "Your Travel Company Status Card" if opp else "Travel Company Status Card",
                _uses_traits(state),
            ),
        ]
        stuck = _stuck_note(state, obs, seat)
        if stuck is not None:
            parts.append(stuck)
        if obs.get("secret") is not None:  # the seat's own secret only (K2's Sherpa goal)
            parts.append(Text(f"Your secret: {obs['secret']}", style="bold magenta"))
        if opp is not None:
            parts.append(
                _status_card(opp, f"The opponent's card: {opp['label']}", _uses_traits(state))
            )
            if opp["held"] or opp["kept"]:
                parts.append(
                    Text("Opponent holds: " + ", ".join(opp["held"] + opp["kept"]), style="yellow")
                )
        parts.append(score_line(state, view, obs))
        if view.get("reconstructed"):
            parts.append(
                Text(
                    "Board, tokens, companies and Victory Chart are reconstructed (R-0-1).",
                    style="dim italic",
                )
            )
        return Group(*parts)

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Legal actions grouped by what they do."""
        order = [
            ("event", ("buy ", "decline ", "keep token", "return ", "hire ")),
            ("bidding", ("bid ", "pass on ")),
            (
                "blocked ridges",
                ("remove the block", "opponent's blocks", "the marker from", "unblocked"),
            ),
            ("movement option", ("option ", "team bonus")),
            ("held tokens", ("play ",)),
            ("step", (" up to ", " down to ", " carries ")),
            ("guide", (" picks up ", " drops off ")),
            ("choose", ("move ",)),
            ("queue", ("enters the queue", "queue spot")),
            ("target", ("strikes ", "Oxygen Tank", "Avalanche at")),
            ("fate", ("gives their life", "Med Kit", "Luck", "accept", "helicopter")),
            ("end", ("end ",)),
        ]
        found: dict[str, list[int]] = {title: [] for title, _ in order}
        rest: list[int] = []
        for a in state.legal_actions():
            text = state.action_to_string(a)
            for title, keys in order:
                if any(k in text or text.startswith(k) for k in keys):
                    found[title].append(a)
                    break
            else:
                rest.append(a)
        groups = [(title, acts) for title, acts in found.items() if acts]
        if rest:
            groups.append(("actions", rest))
        return groups


def _k2_tracks(view: dict[str, Any], obs: dict[str, Any]) -> Text:
    """The Avalanche and Darkness tracks, Prestige, held tokens and the turn's state."""
    k2, sv = obs["k2"], view["k2"]
    out = Text("Avalanche Track ", style="bold")
    track = k2["avalanche_track"]
    collapse_at = {c["at"]: c["space"] for c in sv["collapses"]}
    for k in range(sv["avalanche_track"]):
        mark = "!" if k + 1 in collapse_at else ""
        out.append(
            f"[{k + 1}{mark}:{track[k] if k < len(track) else '-'}] ",
            style="yellow" if k < len(track) else "dim",
        )
    out.append("\nDarkness Track ", style="bold")
    for k in range(1, sv["darkness_track"] + 1):
        label = "End" if k == sv["darkness_track"] else str(k)
        if k2["darkness_track"] == k:  # the turn, readable in monochrome
            out.append(f"[>{label}<]", style="bold white on red")
        else:
            out.append(f"[{label}]", style="dim")
    if k2["darkness_phase"]:
        out.append("  DARKNESS PHASE", style="bold red")
    elif k2["darkness_pending"]:
        out.append("  darkness falls at the end of this turn", style="bold red")
    else:
        out.append("  Daylight Phase", style="green")
    rest = _tracks(view, obs)
    lines = rest.split("\n")
    words = (
        ("(clear phase)", "(daylight)"),
        ("(storm phase)", "(darkness)"),
        ("client", "climber"),
    )
    for line in lines[2:]:  # Everest's own tracks are the first two lines
        out.append("\n")
        text = line.plain
        for old, new in words:
            text = text.replace(old, new)
        out.append(text, style=line.style)
    if k2["collapsed"]:
        out.append("\nSerac collapses: " + ", ".join(k2["collapsed"]), style="bold blue")
    goal = k2["secret_goal"]
    if isinstance(goal, dict):
        done = "met so far; scored at the end" if goal["achieved"] else "not met so far"
        out.append(f"\nSherpa's Secret Goal: {goal['name']} ({goal['points']} points, {done})")
    if k2["descents"]:
        out.append("\nDescending: " + ", ".join(k2["descents"]), style="bold red")
    return out


class K2Renderer(DisasterRenderer):
    """Disaster on K2: the Everest layout with the Avalanche and Darkness tracks, Serac
    collapses and ropes on the mountain, the Flashlight and the Sherpa's Secret Goal."""

    def draw(self, state: State, seat: int) -> RenderableType:
        """The mountain, the tracks and the International Team Status Card."""
        obs = state.observation(seat)
        view = state.game.static_view()
        card = Text("International Team Status Card\n", style="bold underline")
        for line in _status_card(obs, traits=_uses_traits(state)).split("\n")[1:]:
            card.append_text(line)
            card.append("\n")
        title = f"{view['company']} on {view['board']}"
        opp = obs.get("opponent")
        theirs: list[RenderableType] = []
        if opp is not None:  # two players [15.0]: the opponent's card, its goal face down
            title = f"{obs['teams'][obs['seat']]['label']} (you) against {opp['label']} on K2"
            theirs.append(
                _status_card(opp, f"The opponent's card: {opp['label']}", _uses_traits(state))
            )
            if opp["held"] or opp["kept"]:
                theirs.append(Text("Opponent holds: " + ", ".join(opp["held"] + opp["kept"])))
            goal = opp["k2"]["secret_goal"]
            if goal == "hidden":
                theirs.append(Text("The opponent's Sherpa has a Secret Goal, face down"))
            elif goal is not None:
                theirs.append(Text(f"The opponent's Secret Goal: {goal['name']}"))
        return Group(
            Text(title, style="bold underline"),
            draw_mountain(view, obs),
            _k2_tracks(view, obs),
            card,
            *([stuck] if (stuck := _stuck_note(state, obs, seat)) is not None else []),
            *theirs,
            score_line(state, view, obs),
            Text(
                "Board, token costs, ridge numbers and fates, teams and the bivouac table are "
                "reconstructed (R-0-1).",
                style="dim italic",
            ),
        )

    def groups(self, state: State) -> list[tuple[str, list[int]]]:
        """Legal actions grouped by what they do (descents and bivouacs first)."""
        k2_keys = (
            ("descent", (" descends ", " descend together ")),
            ("bivouac", ("tries to bivouac",)),
            ("Luck", ("play Luck", "roll without Luck")),
            (
                "Noble Sacrifice (a guide for a climber at the collapse)",
                ("Noble", "gives their life"),
            ),
            ("Flashlight", ("Flashlight",)),
        )
        taken: dict[str, list[int]] = {t: [] for t, _ in k2_keys}
        other = []
        for a in state.legal_actions():
            text = state.action_to_string(a)
            for title, keys in k2_keys:
                if any(k in text for k in keys):
                    taken[title].append(a)
                    break
            else:
                other.append(a)
        groups = [(t, acts) for t, acts in taken.items() if acts]
        if other:
            rest = super().groups(state)
            groups += [(t, [a for a in acts if a in other]) for t, acts in rest]
        return [(t, acts) for t, acts in groups if acts]
