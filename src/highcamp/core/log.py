"""The log of a game: :class:`LogEntry`, one line of what happened with its rule.

>>> LogEntry(0, None, "each player takes one survival chip", "[Setting Up the Game]").to_dict()["rule"]
'[Setting Up the Game]'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["LogEntry"]


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
