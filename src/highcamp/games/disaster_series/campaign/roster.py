"""What the campaign's state reads of its game [16.0] [16.1]: the mountains, the markers of
their sets with their action ids, the team sizes, the labels and the chart's bands.

:class:`CampaignRoster` stands below both the state and :class:`~.game.CampaignGame` (which
fills its fields in), so the state names its game without importing the game's module.
"""

from __future__ import annotations

from typing import Any

from highcamp.core import Game

from .. import ClientCard, DisasterGame, GuideCard

__all__ = ["CampaignRoster"]


class CampaignRoster(Game):
    """The campaign's facts the state reads; :class:`~.game.CampaignGame` sets them."""

    settings: dict[str, Any]
    order: tuple[str, ...]
    mountains: tuple[DisasterGame, ...]
    offsets: dict[str, tuple[int, int]]
    titles: dict[str, str]
    guide_cards: tuple[tuple[str, GuideCard], ...]
    client_cards: tuple[tuple[str, ClientCard], ...]
    sets: int
    bands: tuple[tuple[int | None, str], ...]
    _sizes: list[tuple[int, int]]
    LEAVE_G: int
    TAKE_G: int
    LEAVE_C: int
    TAKE_C: int
    NO_MORE: int

    def team_size(self, k: int) -> tuple[int, int]:
        """Guides and clients mountain ``k`` (0-based) takes: the team's size its game
        publishes (``static_view()["team"]``)."""
        return self._sizes[k]

    def mountain_title(self, k: int) -> str:
        """``Everest`` or ``K2`` (the game's title for a mountain without a short name)."""
        return self.titles[self.mountains[k].info.id]

    def guide_label(self, gid: int) -> str:
        """A guide marker's name, with its set when the campaign mixes sets."""
        src, card = self.guide_cards[gid]
        return card.name if self.sets == 1 else f"{card.name} ({self.titles[src]})"

    def client_label(self, cid: int) -> str:
        """A client marker's name, with its set when the campaign mixes sets."""
        src, card = self.client_cards[cid]
        return card.name if self.sets == 1 else f"{card.name} ({self.titles[src]})"

    def band(self, score: float) -> str:
        """The campaign chart's result for ``score`` [16.2]."""
        name = self.bands[0][1]
        for low, band in self.bands:
            if low is None or score >= low:
                name = band
        return name
