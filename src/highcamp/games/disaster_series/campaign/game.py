"""The Disaster-series campaign [16.0]: mountains of the series played one after the other.

One contract game: its actions are the current mountain's actions (the same ids, chance steps
included) and, between two mountains, the campaign's own decisions [16.1]: who stays behind
when the next mountain takes fewer guides or clients, and which unused markers replace the
missing. Each mountain is a game of the series loaded through the registry
(:data:`MOUNTAINS` maps a mountain's name to its game id); the mountains after the first
start with the team that came down from the last one (``DisasterGame.with_roster``).

>>> import highcamp
>>> game = highcamp.load_game("disaster-campaign", order="everest,everest")
>>> [m.info.id for m in game.mountains]
['disaster-on-everest', 'disaster-on-everest']
>>> s = game.new_initial_state(seed=2)
>>> s.observation(0)["campaign"]["mountain"], s.is_chance_node()
(1, True)
>>> game.score_bands()[0], game.band(85), game.band(100)
('Major Defeat', 'Minor Victory', 'Major Victory')
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, ClassVar

from highcamp.core import (
    Component,
    GameInfo,
    OptionError,
    OptionSpec,
    ScoreBand,
    chart_from_minimums,
)
from highcamp.games import game_class, list_games, load_game

from .. import ClientCard, DisasterGame, GuideCard
from .options import (
    MOUNTAINS,
    OWN,
    SHORT,
    TEAM_OPTIONS,
    check_mountain_options,
    mountain_options,
    options_for,
)
from .roster import CampaignRoster
from .state import PHASE_NAMES, CampaignState

__all__ = ["CampaignGame"]


@cache
def _chart() -> tuple[tuple[tuple[int | None, str], ...], Component]:
    text = resources.files(__package__).joinpath("data", "chart.json").read_text("utf-8")
    doc = json.loads(text)
    bands = tuple((b["min"], b["name"]) for b in doc["bands"])
    comp = Component(doc["name"], doc["provenance"], doc.get("reason", ""), doc["source"])
    return bands, comp


def _default_order() -> str:
    """Everest then K2 [16.0] once K2 is registered; Everest twice until then."""
    return "everest-k2" if MOUNTAINS["k2"] in list_games() else "everest-everest"


def _components() -> tuple[Component, ...]:
    """The campaign chart, then the components of every mountain registered now."""
    out = [_chart()[1]]
    for gid in MOUNTAINS.values():
        if gid in list_games():
            out += [c for c in game_class(gid).INFO.components if c not in out]
    return tuple(out)


def _parse_order(text: str) -> list[str]:
    """Mountain names separated by commas or hyphens (``everest,k2``, ``everest-k2``; an
    OpenSpiel game string needs the hyphens)."""
    names = [n for n in re.split(r"[\s,+/-]+", text.strip().lower()) if n]
    if len(names) < 2:
        raise OptionError(
            "order",
            f"option 'order' needs two or more mountains separated by commas, not {text!r}",
        )
    known = list_games()
    for n in names:
        if n not in MOUNTAINS:
            raise OptionError(
                "order", f"unknown mountain {n!r} in 'order'; mountains are: {', '.join(MOUNTAINS)}"
            )
        if MOUNTAINS[n] not in known:
            raise OptionError(
                "order",
                f"mountain {n!r} needs the game {MOUNTAINS[n]!r}, which is not available yet; "
                f"playable mountains: {', '.join(k for k, g in MOUNTAINS.items() if g in known)}",
            )
    return names


class CampaignGame(CampaignRoster):
    """A campaign of the Disaster series [16.0]-[16.2], solitaire."""

    INFO = GameInfo(
        id="disaster-campaign",
        title="Disaster-series campaign",
        min_players=1,
        max_players=1,
        options=(
            OptionSpec(
                "order",
                str,
                _default_order(),
                "the mountains in the order climbed, two or more separated by commas or "
                "hyphens "
                f"({', '.join(MOUNTAINS)}) [16.0]",
            ),
            OptionSpec(
                "team",
                str,
                None,
                "the first mountain's starting team (a travel company on Everest); none: "
                "that game's default",
                nullable=True,
            ),
            OptionSpec(
                "game",
                str,
                "basic",
                "basic, or advanced (traits, pushing and tiring) on every mountain",
                choices=("basic", "advanced"),
            ),
            *mountain_options(),
        ),
        chance=True,
        hidden_information=False,
        components=_components(),
        summary="Play the mountains of the Disaster series one after the other with one team: "
        "survivors carry over, and only those who summit every peak score.",
        rulebook="disaster-on-k2.txt",
    )

    _MAX_DECISIONS_PER_GAP: ClassVar[int] = 64

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Everest twice in the basic game, and in the advanced game with another company;
        once K2 is registered, Everest then K2 and K2 then Everest (advanced) replace the
        first, and the mountains' options are played: K2 first with the Sherpa and the
        [14.5] collapse, then with a multinational team [14.6]; Everest first with a random
        team [14.1] and the team bonus [14.2] (the suite plays each variant, and campaigns
        are long)."""
        advanced = {"order": "everest-everest", "game": "advanced", "team": "mountain-majesty"}
        if MOUNTAINS["k2"] in list_games():
            return [
                {"order": "everest-k2"},
                {"order": "k2-everest", "game": "advanced"},
                advanced,
                {
                    "order": "k2-everest",
                    "game": "advanced",
                    "k2_guide": "sherpa",
                    "k2_balcony_collapse": True,
                },
                {"order": "k2-k2", "k2_multinational": True, "k2_balcony_collapse": True},
                {
                    "order": "everest-k2",
                    "team": "top-of-the-world",
                    "everest_random_team": True,
                    "everest_team_bonus": True,
                },
            ]
        return [{"order": "everest-everest"}, advanced]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        settings = dict(self._options)
        names = _parse_order(settings["order"])
        check_mountain_options(names, settings)
        self.settings: dict[str, Any] = settings
        """Every option, defaults filled in (:attr:`options` lists a mountain's option
        only when it is not that mountain's default, so campaigns saved before the
        mountains' options existed load and save as they did)."""
        defaults = {o.name: o.default for o in self.INFO.options}
        self._options = MappingProxyType(
            {k: v for k, v in settings.items() if k in OWN or v != defaults[k]}
        )
        self.order: tuple[str, ...] = tuple(names)
        games: list[DisasterGame] = []
        for k, name in enumerate(names):
            games.append(self._mountain_game(k, name))
        self.mountains: tuple[DisasterGame, ...] = tuple(games)
        self._team_games = {}
        self._sizes: list[tuple[int, int]] = []
        for game in games:
            team = game.static_view()["team"]
            self._sizes.append((int(team["guides"]), int(team["clients"])))
        # every guide and client marker of the sets in the campaign: (game id, card)
        guide_cards: list[tuple[str, GuideCard]] = []
        client_cards: list[tuple[str, ClientCard]] = []
        self.offsets: dict[str, tuple[int, int]] = {}
        self.titles = {g.info.id: SHORT.get(g.info.id, g.info.title) for g in games}
        for game in games:
            gid = game.info.id
            if gid in self.offsets:
                continue
            self.offsets[gid] = (len(guide_cards), len(client_cards))
            guide_cards += [(gid, g) for g in game.ruleset.guides]
            client_cards += [(gid, c) for c in game.ruleset.clients]
        self.guide_cards = tuple(guide_cards)
        self.client_cards = tuple(client_cards)
        self.sets = len(self.offsets)
        base = max(g.num_distinct_actions() for g in games)
        self.LEAVE_G = base
        self.TAKE_G = self.LEAVE_G + len(guide_cards)
        self.LEAVE_C = self.TAKE_G + len(guide_cards)
        self.TAKE_C = self.LEAVE_C + len(client_cards)
        self.NO_MORE = self.TAKE_C + len(client_cards)
        bands, _ = _chart()
        self.bands = bands

    def _mountain_game(self, k: int, name: str) -> DisasterGame:
        """The game of mountain ``k`` of the order: the campaign's ``game``, the
        mountain's own options (its starting-team options on the first mountain only), and
        the campaign's ``team`` on the first mountain."""
        gid = MOUNTAINS[name]
        have = {o.name for o in game_class(gid).INFO.options}
        opts: dict[str, Any] = {}
        if "game" in have:
            opts["game"] = self.settings["game"]
        opts.update(options_for(name, k == 0, self.settings))
        team = self.settings["team"]
        if k == 0 and team is not None:
            key = next((t for t in TEAM_OPTIONS if t in have), None)
            if key is None:
                raise OptionError("team", f"{gid} has no starting team to choose")
            opts[key] = team
        try:
            game = load_game(gid, **opts)
        except OptionError as err:
            if err.option in TEAM_OPTIONS:
                raise OptionError("team", f"option 'team' for {gid}: {err}") from None
            if err.option in opts and err.option != "game":
                raise OptionError(f"{name}_{err.option}", f"{gid}: {err}") from None
            raise
        if not isinstance(game, DisasterGame):
            raise OptionError("order", f"{gid} is not a game of the Disaster series")
        return game

    # ----------------------------------------------------------------- statics
    def score_chart(self) -> list[ScoreBand]:
        """The campaign chart, lowest first [16.2]."""
        return chart_from_minimums(self.bands)

    def rules_text(self) -> str:
        """The campaign rules in brief, citing sections."""
        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def num_distinct_actions(self) -> int:
        """The largest mountain's action ids, then leave/take per marker, then "no more"."""
        return self.NO_MORE + 1

    def max_game_length(self) -> int:
        """Every mountain's bound plus the choices between them."""
        gaps = (len(self.order) - 1) * (len(self.guide_cards) + len(self.client_cards) + 1)
        return sum(g.max_game_length() for g in self.mountains) + gaps

    def static_view(self) -> dict[str, Any]:
        """The order, each mountain's game (id and options) and static view (board, tokens,
        starting team), the team sizes, the campaign chart and the campaign's phases."""
        return {
            "order": [self.mountain_title(k) for k in range(len(self.order))],
            "games": [{"id": g.info.id, "options": dict(g.options)} for g in self.mountains],
            "mountains": [g.static_view() for g in self.mountains],
            "teams": [{"guides": g, "clients": c} for g, c in self._sizes],
            "campaign_chart": [{"min": low, "name": name} for low, name in self.bands],
            "phases": list(PHASE_NAMES),
        }

    def _new_state(self, seed: int) -> CampaignState:
        return CampaignState(self, seed)
