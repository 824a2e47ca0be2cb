"""The log of a game: :class:`LogEntry`, one line of what happened with its rule.

>>> LogEntry(0, None, "each player takes one survival chip", "[Setting Up the Game]").to_dict()["rule"]
'[Setting Up the Game]'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["LogEntry", "as_told"]


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's log: what happened, and the rule that made it happen.

    ``index`` is the position in the history of the action that caused it; ``player`` is
    the seat that acted (``CHANCE`` for a chance step) or ``None`` for an automatic event.
    """

    index: int
    player: int | None
    text: str
    rule: str
    action: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "index": self.index,
            "player": self.player,
            "text": self.text,
            "rule": self.rule,
            "action": self.action,
        }


def as_told(emitted: Sequence[LogEntry], told: str) -> list[LogEntry]:
    """The log entries an action emitted (its own entry first, then automatic events) as a
    reader who was told ``told`` of it reads them (:meth:`State.log_for`): its own entry
    reads ``told``, and keeps its action id only when that is the full text.

    >>> own = LogEntry(3, 1, "draw Tent", "[4.1]", 17)
    >>> as_told([own], "seat 2 draws a card")[0]
    LogEntry(index=3, player=1, text='seat 2 draws a card', rule='[4.1]', action=None)
    >>> as_told([own], "draw Tent") == [own]
    True
    """
    out = list(emitted)
    if out and told != out[0].text:
        first = out[0]
        out[0] = LogEntry(first.index, first.player, told, first.rule, None)
    return out
