"""Disaster on K2: the K2 board, tokens and International Teams on the series engine.

K2 differs from Everest in data (a board without the Hillary Step, 30 tokens, teams of one
guide and five climbers, the Avalanche and Darkness tracks) and in a few rules, which this
module plugs into the engine by overriding its rule hooks: the Avalanche Track with the
Serac collapses [7.3], avalanche spaces and their descent [9.2], bivouacking [8.7], the
Sherpa's Secret Goal [13.0], Luck before any die roll, the Flashlight, House's Chimney and
the K2 movement options [8.1].

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-k2", team="serbia", guide="sherpa")
>>> game.team.name, [game.ruleset.guides[g].name for g in game.team.guides]
('Serbia', ['Pemba'])
>>> s = game.new_initial_state(seed=1)
>>> [s.action_to_string(a) for a, _ in s.chance_outcomes()][:2]
['Secret Goal drawn: Summit w/Climber', 'Secret Goal drawn: Do Not Summit']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from highcamp.core import Game, GameInfo, OptionSpec

from ..components import ClientCard, Company, GuideCard
from ..game import DisasterGame, trait_flags
from ..position import build, numbered
from ..seats import check_two_player_options, seat_option_values, two_player_options
from .position import read_k2_position
from .state import K2State
from .two_player import K2TwoPlayerState, setup_two_player
from .vocabulary import (
    _K2_PHASE_NAMES,
    GOAL,
    K2_MARKER_NAMES,
    K2_NUM_ACTIONS,
    K2_TRAIT_FLAGS,
    LUCK_PLAY,
    LUCK_ROLLS,
    P_GOAL,
    R_SCALED,
    K2Rules,
    k2_rules,
    k2_ruleset,
)

__all__ = [
    "GOAL",
    "K2_NUM_ACTIONS",
    "LUCK_PLAY",
    "P_GOAL",
    "R_SCALED",
    "DisasterOnK2Game",
    "K2Rules",
    "K2State",
    "k2_rules",
    "k2_ruleset",
]

_RS = k2_ruleset()
TEAMS = tuple(c.id for c in _RS.companies)


SEAT_OPTIONS: tuple[str, ...] = ("team", "guide")
"""Options each player sets for their own team with two players [15.0]."""


class DisasterOnK2Game(DisasterGame):
    """Disaster on K2, solitaire [1.0]-[14.6] and for two players [15.*]."""

    RULESET = _RS
    TRAIT_FLAGS = K2_TRAIT_FLAGS
    SEAT_OPTIONS = SEAT_OPTIONS
    INFO = GameInfo(
        id="disaster-on-k2",
        title="Disaster on K2",
        min_players=1,
        max_players=2,
        options=two_player_options(
            (
                OptionSpec(
                    "team",
                    str,
                    TEAMS[0],
                    "International Team: its HAP, Sherpa and five climbers [5.1]",
                    choices=TEAMS,
                ),
                OptionSpec(
                    "guide",
                    str,
                    "hap",
                    "hire the HAP (two skills) or the Sherpa (one skill, a Secret Goal) [5.2]",
                    choices=("hap", "sherpa"),
                ),
                OptionSpec(
                    "game",
                    str,
                    "basic",
                    "basic, or advanced with climber traits, pushing and tiring [14.0]",
                    choices=("basic", "advanced"),
                ),
                OptionSpec(
                    "balcony_collapse",
                    bool,
                    False,
                    "Bottleneck II and III collapse on declined 1 and 2 tokens instead [14.5]",
                ),
                OptionSpec(
                    "multinational",
                    bool,
                    False,
                    "choose any one guide and five climbers of all four teams [14.6]",
                ),
            ),
            SEAT_OPTIONS,
        ),
        chance=True,
        hidden_information=False,
        components=_RS.components,
        summary="Lead an International Team from High Camp to the Summit of K2 and back "
        "before the Serac collapses and darkness end the day.",
        rulebook="disaster-on-k2.txt",
    )

    def __init__(self, **options: Any) -> None:
        Game.__init__(self, **seat_option_values(options))
        rs = self.RULESET
        self.ruleset = rs
        self.k2 = k2_rules()
        team = rs.company(self.options["team"])
        kind = self.options["guide"]
        guide = next(g for g in team.guides if rs.guides[g].kind == kind)
        self.team = Company(team.id, team.name, (guide,), team.clients, "")
        """The International Team played: the hired guide and the five climbers [5.1]."""
        self.company = self.team
        self.advanced = self.options["game"] == "advanced"
        self.multinational = bool(self.options["multinational"])
        self.balcony_collapse = bool(self.options["balcony_collapse"])
        self.random_team = False
        self.bonus = ""
        self.ng = rs.guides_per_team
        self.nc = rs.clients_per_team
        self._set_effects(rs)
        self.trait_flags = trait_flags(rs.clients, self.TRAIT_FLAGS)
        self.seat_games: tuple[DisasterGame, ...] = ()
        check_two_player_options(self)
        if self.num_players == 2:
            setup_two_player(self)  # each seat's team [15.0]

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Each team with the HAP in the basic game and with the Sherpa in the advanced
        game, the [14.5] collapse variant, a multinational team [14.6], and two players
        [15.0] (basic with the HAPs; advanced with a Sherpa on each side; the First Player
        drawn [15.1] in the cooperative game [15.7])."""
        out: list[dict[str, Any]] = []
        for i, t in enumerate(TEAMS):
            out.append({"team": t, "guide": "hap" if i % 2 == 0 else "sherpa", "game": "basic"})
            out.append({"team": t, "guide": "sherpa" if i % 2 == 0 else "hap", "game": "advanced"})
        out.append({"team": TEAMS[0], "balcony_collapse": True, "game": "advanced"})
        out.append({"team": TEAMS[1], "multinational": True})
        out.append({"players": 2})
        out.append(
            {
                "players": 2,
                "team": TEAMS[2],
                "team_2": TEAMS[3],
                "guide": "sherpa",
                "guide_2": "sherpa",
                "game": "advanced",
            }
        )
        out.append({"players": 2, "first_player": "random", "victory": "cooperative"})
        return out

    def with_roster(
        self, guides: Sequence[GuideCard], clients: Sequence[ClientCard], name: str = "Roster"
    ) -> DisasterGame:
        """The engine's roster copy (the campaign [16.1]) with the roster as the team K2's
        set-up reads, not hired from all four teams."""
        new = super().with_roster(guides, clients, name)
        assert isinstance(new, DisasterOnK2Game)
        new.team = new.company
        new.multinational = False
        return new

    def num_distinct_actions(self) -> int:
        """The engine's action ids and K2's own (see :mod:`.rules`)."""
        return K2_NUM_ACTIONS

    def static_view(self) -> dict[str, Any]:
        """The Everest-style view plus the Avalanche Track, the Serac spaces, the Darkness
        Track, the Secret Goals, the bivouac table and the guide's kind."""
        view = super().static_view()
        k2 = self.k2
        names = self.RULESET.board.names
        view["k2"] = {
            "avalanche_track": self.RULESET.board.storm_watch,
            "darkness_track": self.RULESET.board.storm_track,
            "collapses": [
                {"space": names[s], "index": s, "at": at} for s, at, _, _ in k2.collapses
            ],
            "traverse_goal": k2.traverse_goal,
            "rope_landing": k2.rope_landing,
            "goals": [{"name": n, "points": p} for _, n, p in k2.goals],
            "bivouac": list(k2.bivouac_min),
            "guide_kind": self.RULESET.guides[self.team.guides[0]].kind,
            "phases": [_K2_PHASE_NAMES[p] for p in sorted(_K2_PHASE_NAMES)],
            "rolls": list(LUCK_ROLLS),
        }
        view["vocabulary"]["markers"] = list(K2_MARKER_NAMES)
        view["company"] = self.team.name
        if self.multinational:
            view["clients"] = [
                {"name": c.name, "movement": c.movement, "points": c.points}
                for c in self.RULESET.clients
            ]
        return view

    def rules_text(self) -> str:
        """The rules in brief, in highcamp's own words, citing sections."""
        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def _new_state(self, seed: int) -> K2State:
        if self.seat_games:
            return K2TwoPlayerState(self, seed)
        return K2State(self, seed)

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> K2State:
        """A table set up from a position document (:mod:`.position`), solitaire or for
        two players."""
        state = self._new_state(seed)
        with numbered(state):
            build(state, read_k2_position(position, state))
        return state
