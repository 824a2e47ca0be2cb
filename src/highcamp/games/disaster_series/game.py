"""A game of the Disaster series: its options, its team (a company, a random team [14.1] or a
roster [16.1]), the static view of its components and its new states (solitaire, or the two
teams of [15.0]). A mountain subclasses it with its ``INFO`` and ``RULESET``.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from highcamp.core import Game, ScoreBand, chart_from_minimums

from .components import ClientCard, Company, GuideCard, Ruleset
from .constants import (
    FATE_KINDS,
    FATE_ZONES,
    MARKER_NAMES,
    MAX_MOVE,
    MAX_TOKENS,
    MAX_TURNS,
    NUM_ACTIONS,
    PHASE_NAMES,
    PLACE_NAMES,
    PLAY,
    PREP_NAMES,
    ROUND_NAMES,
    STEP_NAMES,
    TIRED_NAMES,
    TRAIT_FLAGS,
)
from .engine import DisasterState
from .position import Tokens, build, finish, numbered, read_position, read_two_player
from .seats import (
    NUM_ACTIONS_2P,
    TwoPlayerState,
    check_two_player_options,
    seat_games,
    seat_option_values,
    two_player_view,
)
from .two_player_vocabulary import _PHASES_2P

__all__ = ["DisasterGame"]


class DisasterGame(Game):
    """A game of the Disaster series; subclasses set ``INFO`` and ``RULESET``."""

    RULESET: ClassVar[Ruleset]
    TRAIT_FLAGS: ClassVar[dict[str, frozenset[str]]] = TRAIT_FLAGS
    """The ruleset's trait letters as the rules' named flags (:data:`.constants.TRAIT_FLAGS`)."""
    SEAT_OPTIONS: ClassVar[tuple[str, ...]] = ("company",)
    """Options each seat sets for its own team (``company`` and ``company_2``) [15.0]."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**seat_option_values(options))
        rs = self.RULESET
        self.ruleset = rs
        self.company = rs.company(self.options["company"])
        self.advanced = self.options["game"] == "advanced"
        self.random_team = bool(self.options["random_team"])
        self.bonus = self.company.team_bonus if self.options["team_bonus"] else ""
        self.ng = len(self.company.guides)
        self.nc = len(self.company.clients)
        self._set_effects(rs)
        self.trait_flags = trait_flags(rs.clients, self.TRAIT_FLAGS)
        self.seat_games: tuple[DisasterGame, ...] = ()
        check_two_player_options(self)
        if self.num_players == 2:
            self.seat_games = seat_games(self)  # each seat's team, as a solitaire game [15.0]

    def _set_effects(self, rs: Ruleset) -> None:
        """The ids of the ruleset's token effects and their ``play`` actions (and the memo
        of what a set of held tokens may play)."""
        self.effect_ids = tuple(sorted(rs.effects))
        self.play_ids = {eff: PLAY + k for k, eff in enumerate(self.effect_ids)}
        """Each effect's ``play`` action id (the effects in ``effect_ids`` order)."""
        self.held_plays: dict[tuple[int, ...], Any] = {}
        """The memo of the play ids of each set of held tokens (K2's
        :func:`.k2.movement._plays`)."""

    def score_chart(self) -> list[ScoreBand]:
        """The Victory Chart bands, lowest first [12.0]."""
        return chart_from_minimums(self.RULESET.bands)

    def num_distinct_actions(self) -> int:
        """Action ids (see the module docstring; the two-player game adds its own)."""
        if self.seat_games:
            return NUM_ACTIONS_2P
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: at most ``MAX_TURNS`` (150) turns of at most 300 actions, plus
        the end."""
        return MAX_TURNS * 300 + 100

    def static_view(self) -> dict[str, Any]:
        """The board, tracks, event tokens, the clients that can be hired (the company's, or
        every client with a random team [14.1]), the team's size and the Victory Chart."""
        rs = self.ruleset
        b = rs.board
        view = {
            "board": b.name,
            "spaces": [
                {
                    "index": i,
                    "name": b.names[i],
                    "zone": b.zones[i],
                    "ridge": list(b.ridges[i]),
                }
                for i in range(b.size)
            ],
            "up": b.up,
            "down": b.down,
            "summit": b.summit,
            "queue_length": b.queue_length,
            "storm_watch": b.storm_watch,
            "storm_track": b.storm_track,
            "prestige_max": b.prestige_max,
            "victory_chart": [{"min": low, "name": name} for low, name in rs.bands],
            "skills": rs.skills,
            "traits": rs.traits,
            "effects": rs.effects,
            "tokens": [
                {"id": t.id, "name": t.name, "effect": t.effect, "cost": t.cost, "ridge": t.ridge}
                for t in rs.tokens
            ],
            "clients": [
                {"name": c.name, "movement": c.movement, "points": c.points}
                for i, c in enumerate(rs.clients)
                if self.random_team or i in self.company.clients
            ],
            "team": {"guides": self.ng, "clients": self.nc},
            "company": self.company.name,
            "team_bonus": rs.team_bonuses.get(self.bonus, ""),
            "reconstructed": self.INFO.reconstructed,
            "vocabulary": self.vocabulary(),
        }
        if self.seat_games:
            view.update(two_player_view(self))
        return view

    def vocabulary(self) -> dict[str, Any]:
        """The names the observation uses and the engine's bounds: the series' phases (and,
        with two players, the phases of [15.*]), the steps of a turn, the preparations,
        a client's rest, goal marker, fate and fate zone, the places off the track (spaces
        -1, -2...), the movement rounds, and the most turns, movement points and tokens.

        >>> import highcamp
        >>> v = highcamp.load_game("disaster-on-everest").vocabulary()
        >>> v["phases"][3], v["places"], v["max_turns"]
        ('draw event', ['queue', 'lost', 'dead', 'removed'], 150)
        """
        two = [_PHASES_2P[p] for p in sorted(_PHASES_2P)] if self.seat_games else []
        return {
            "phases": list(PHASE_NAMES),
            "two_player_phases": two,
            "steps": list(STEP_NAMES),
            "preparations": list(PREP_NAMES),
            "tired": list(TIRED_NAMES),
            "markers": list(MARKER_NAMES),
            "fates": list(FATE_KINDS),
            "fate_zones": list(FATE_ZONES),
            "places": list(PLACE_NAMES),
            "rounds": list(ROUND_NAMES),
            "max_turns": MAX_TURNS,
            "max_move": MAX_MOVE,
            "max_tokens": MAX_TOKENS,
        }

    def with_roster(
        self, guides: Sequence[GuideCard], clients: Sequence[ClientCard], name: str = "Roster"
    ) -> DisasterGame:
        """A copy of this game whose team is ``guides`` and ``clients`` (cards from any game
        of the series) instead of a company: the campaign [16.1] starts each mountain after
        the first with the team that came down from the last one.

        The copy keeps the rule set, board and tokens, the options (basic/advanced) and the
        game id; the team bonus, random team and hiring are off. Trait letters and skills are
        read with this rule set's meaning [16.1]. Its states start at the first event draw.

        >>> import highcamp
        >>> game = highcamp.load_game("disaster-on-everest")
        >>> rs = game.ruleset
        >>> small = game.with_roster(rs.guides[:1], rs.clients[6:9], "Survivors")
        >>> small.ng, small.nc, small.static_view()["company"]
        (1, 3, 'Survivors')
        >>> s = small.new_initial_state(seed=1)
        >>> [s.name(m) for m in range(4)]
        ['Yuri', 'Sandy', 'Charlotte', 'Tim']
        """
        new = copy.copy(self)
        team = Company("roster", name, tuple(range(len(guides))), tuple(range(len(clients))), "")
        new.ruleset = dataclasses.replace(
            self.ruleset, guides=tuple(guides), clients=tuple(clients), companies=(team,)
        )
        new.trait_flags = trait_flags(new.ruleset.clients, self.TRAIT_FLAGS)
        new.company = team
        new.random_team = False
        new.bonus = ""
        new.ng = len(guides)
        new.nc = len(clients)
        return new

    def _new_state(self, seed: int) -> DisasterState:
        if self.seat_games:
            return TwoPlayerState(self, seed)
        return DisasterState(self, seed)

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> DisasterState:
        """A table set up from a position document (:mod:`.position`): solitaire, at the
        start of a turn or at its movement step; for two players, at the start of a turn."""
        state = self._new_state(seed)
        tokens = Tokens(state)
        read = read_two_player if self.seat_games else read_position
        with numbered(state):
            build(state, finish(read(position, state, tokens=tokens), tokens))
        return state


def trait_flags(
    clients: Sequence[ClientCard], table: dict[str, frozenset[str]]
) -> dict[frozenset[str], frozenset[str]]:
    """Each client card's trait letters as the named flags of ``table`` (read once, when
    the game is made): the engine asks ``flags[card.traits]``.

    >>> from highcamp.games.disaster_series.constants import TRAIT_FLAGS
    >>> card = ClientCard("Sandy", 2, frozenset("ae"), 9)
    >>> sorted(trait_flags([card], TRAIT_FLAGS)[card.traits])
    ['extra_equipment', 'passes_ridges']
    """
    empty: frozenset[str] = frozenset()
    return {
        c.traits: empty.union(*(table.get(letter, empty) for letter in c.traits)) for c in clients
    }
