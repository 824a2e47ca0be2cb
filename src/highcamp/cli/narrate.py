"""What the terminal tells of a game: the events as they happen, and how it ended.

Events come from the log as a seat may read it (``State.log_for``): one line per decision
(a seat's action), with the chance outcomes and automatic events it set off on the same
line, so each die's result reads next to the roll that threw it. The end says who won and
why in the game's own words (the automatic events of its last moments), for the human's
seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from highcamp.core import CHANCE, LogEntry, State

__all__ = ["END_EVENTS", "ending_events", "event_lines", "headline"]

END_EVENTS = 12
"""At most this many of the last events are shown under "how it ended"."""


def _label(seat: int, seats: Sequence[str], viewer: int | None) -> str:
    name = seats[seat] if seat < len(seats) else "human"
    who = "you" if seat == viewer else name
    return f"seat {seat + 1} ({who})"


def event_lines(
    entries: Sequence[LogEntry], seats: Sequence[str], viewer: int | None
) -> list[Text]:
    """The entries as lines: a new line at each seat's decision, labelled with the seat and
    who plays it; chance outcomes and automatic events follow on the same line (automatic
    events without a seat in bold, with their rule).

    >>> from highcamp.core import LogEntry
    >>> log = [LogEntry(0, 1, "roll", "[Moving]", 4), LogEntry(1, -1, "die shows 4", "[Moving]", 33),
    ...        LogEntry(1, 1, "seat 2 moves 4", "[Moving]"), LogEntry(2, 0, "end turn", "[M]", 5)]
    >>> [t.plain for t in event_lines(log, ["human", "random"], 0)]
    ['seat 2 (random): roll · die shows 4 · seat 2 moves 4', 'seat 1 (you): end turn']
    """
    lines: list[Text] = []
    line = Text()
    for entry in entries:
        decision = entry.action is not None and entry.player is not None and entry.player >= 0
        if decision and line:
            lines.append(line)
            line = Text()
        if decision:
            assert entry.player is not None
            line.append(_label(entry.player, seats, viewer) + ": ", style="dim")
            line.append(entry.text)
            continue
        if line:
            line.append(" · ", style="dim")
        line.append(entry.text, style="bold" if entry.player is None else "")
        if entry.player is None:
            line.append(f" {entry.rule}", style="cyan")
    if line:
        lines.append(line)
    return lines


def ending_events(state: State, viewer: int | None) -> tuple[list[LogEntry], list[LogEntry]]:
    """(why, how): the automatic events of the game's last action (the game's words for
    its ending), and the events since the last decision before it (at most
    ``END_EVENTS``), as ``viewer`` may read them."""
    log = state.log_for(viewer)
    if not log:
        return [], []
    last = log[-1].index
    why = [e for e in log if e.index == last and e.player is None]
    start = 0
    for k in range(len(log) - 1, -1, -1):
        e = log[k]
        if e.action is not None and e.player is not None and e.player != CHANCE:
            start = k
            break
    how = list(log[start:])[-END_EVENTS:]
    return why, how


def headline(state: State, viewer: int | None) -> str:
    """Who won, in words, for ``viewer`` (``None``: nobody in particular).

    >>> import highcamp
    >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
    >>> headline(s, 0)
    'The game is not over.'
    """
    if not state.is_terminal():
        return "The game is not over."
    n = state.game.num_players
    returns = state.returns()
    if n == 1:
        sheet = state.score_breakdown()[0]
        band = f" ({sheet.band})" if sheet.band else ""
        return f"Final score {sheet.total:g}{band}."
    best, worst = max(returns), min(returns)
    winners = [s for s in range(n) if returns[s] == best] if best > worst else []
    if not winners:
        return "Nobody wins." if best <= 0 else "Every seat shares the win."
    names = " and ".join(f"seat {s + 1}" for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    if viewer is None:
        return f"{names[0].upper()}{names[1:]} {verb}."
    if viewer in winners:
        others = [s for s in winners if s != viewer]
        if not others:
            return f"You win (seat {viewer + 1})."
        return (
            f"You (seat {viewer + 1}) share the win with "
            + ", ".join(f"seat {s + 1}" for s in others)
            + "."
        )
    return f"{names[0].upper()}{names[1:]} {verb}; you (seat {viewer + 1}) do not."
