"""What the campaign's state reads of its game [16.0] [16.1]: the mountains, the markers of
their sets with their action ids, the team sizes, the labels and the chart's bands.

:class:`CampaignRoster` stands below both the state and :class:`~.game.CampaignGame` (which
fills its fields in), so the state names its game without importing the game's module.
"""

from __future__ import annotations

from typing import Any

from highcamp.core import Game

from .. import ClientCard, DisasterGame, GuideCard
from .options import unique_names

__all__ = ["CampaignRoster"]

_KEPT_TEAMS = 4096
"""How many teams' games :meth:`CampaignRoster.team_game` keeps at most."""


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
    _team_games: dict[tuple[int, tuple[int, ...], tuple[int, ...]], DisasterGame]
    """The games of the teams met so far (:meth:`team_game`; the game's ``__init__`` makes
    it: a plain attribute, as an entry written into ``__dict__`` would send every read of
    the game's attributes down the interpreter's slow path)."""

    def team_game(self, k: int, guides: tuple[int, ...], clients: tuple[int, ...]) -> DisasterGame:
        """Mountain ``k`` (0-based) played by the team of campaign markers ``guides`` and
        ``clients`` (:meth:`.DisasterGame.with_roster`, the names made unique), made once
        for each team and kept: the game is read, never changed, by its states."""
        cache = self._team_games
        key = (k, guides, clients)
        game = cache.get(key)
        if game is None:
            cards = unique_names(
                [self.guide_cards[g] for g in guides] + [self.client_cards[c] for c in clients],
                self.titles,
            )
            game = self.mountains[k].with_roster(
                cards[: len(guides)], cards[len(guides) :], "Campaign team"
            )
            if len(cache) >= _KEPT_TEAMS:
                cache.clear()  # a bound on the memory a long simulation keeps
            cache[key] = game
        return game

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
