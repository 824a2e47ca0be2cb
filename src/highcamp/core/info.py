"""Static facts about a game: :class:`GameInfo` and the provenance of its components
(:class:`Component`, R-0-1).

>>> Component("board", "reconstructed", "not printed").to_dict()["provenance"]
'reconstructed'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .options import OptionSpec

__all__ = ["Component", "GameInfo"]


@dataclass(frozen=True)
class Component:
    """A component set of a game and where its values come from (R-0-1).

    ``provenance`` is ``"rulebook"`` or ``"reconstructed"``; a reconstructed component
    carries a one-line ``reason``.
    """

    name: str
    provenance: str
    reason: str = ""
    source: str = ""

    def to_dict(self) -> dict[str, str]:
        """JSON-able form."""
        return {
            "name": self.name,
            "provenance": self.provenance,
            "reason": self.reason,
            "source": self.source,
        }


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game: identity, player counts, options, capabilities."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    chance: bool
    hidden_information: bool
    components: tuple[Component, ...] = ()
    summary: str = ""
    rulebook: str = ""

    @property
    def reconstructed(self) -> bool:
        """True when any component set is reconstructed rather than printed."""
        return any(c.provenance == "reconstructed" for c in self.components)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options],
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "components": [c.to_dict() for c in self.components],
            "summary": self.summary,
            "rulebook": self.rulebook,
        }
