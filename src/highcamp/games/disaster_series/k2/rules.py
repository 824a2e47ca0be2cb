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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from highcamp.core import (
    CHANCE,
    Game,
    GameInfo,
    IllegalActionError,
    OptionSpec,
    ScoreBreakdown,
    ScoreLine,
    State,
)

from ..components import ClientCard, Company, GuideCard, Ruleset, _component, _read, load_ruleset
from ..engine import (
    DEAD,
    EFFECTS,
    END_MOVE,
    FINISH,
    HIRE,
    LOST,
    OPT_A,
    OPT_B,
    OPT_C,
    P_BUY,
    P_DIE,
    P_HIRE,
    P_MOVE,
    P_OVER,
    P_TARGET,
    PICKUP,
    PLAY,
    REMOVED,
    SACRIFICE,
    SELECT,
    STEP_DOWN,
    STEP_UP,
    T_LOST,
    T_PLAYED,
    TARGET_CLIENT,
    DisasterGame,
    DisasterState,
    Effect,
    _alive_clients,
    _ask,
    _turn_effect,
    effect,
)
from ..seats import (
    NUM_ACTIONS_2P,
    P_FIRST,
    check_two_player_options,
    seat_option_values,
    two_player_options,
)

__all__ = ["DisasterOnK2Game", "K2Rules", "K2State", "k2_rules", "k2_ruleset"]

# ---------------------------------------------------------------- K2 action ids
# after the two-player ids [15.*], so that the two-player game of K2 can use both
B = NUM_ACTIONS_2P
GOAL = B  # + goal (4)
RECRUIT = B + 4  # + climber card (20)
NOBLE = B + 24  # + climber slot (5)
NOBLE_NONE = B + 29
DESC_ROPE = B + 30  # + marker (6)
DESC_NEWROPE = B + 36  # + marker (6)
DESC_SCALE = B + 42  # + marker (6)
JOINT_ROPE = B + 48  # + climber slot (5): the guide and that climber together
JOINT_NEWROPE = B + 53
JOINT_SCALE = B + 58
BIVOUAC = B + 63  # + marker (6)
FLASH = B + 69  # + climber slot (5)
LUCK_PLAY = B + 74
ROLL = B + 75
REROLL = B + 76
KEEP_ROLL = B + 77
K2_NUM_ACTIONS = B + 78

# K2 phases (after the engine's 0..15 and the two-player game's 16..19)
P_GOAL, P_RECRUIT, P_NOBLE, P_DESCENT, P_REROLL = range(P_FIRST + 1, P_FIRST + 6)
_K2_PHASE_NAMES = {
    P_GOAL: "draw the Secret Goal",
    P_RECRUIT: "choose climbers",
    P_NOBLE: "Noble Sacrifice",
    P_DESCENT: "descend from an avalanche space",
    P_REROLL: "re-roll for a Lucky climber",
}
_LUCK_ROLLS = frozenset({"lost", "prep", "rope", "descent", "bivouac", "chimney"})

# Everest sections the shared engine cites, and their K2 numbers (the rulebooks are laid out
# alike, one section further on from the set-up).
_CITE = {
    "[4.1]": "[5.1]",
    "[4.2]": "[5.2]",
    "[4.3]": "[5.3]",
    "[4.4]": "[5.4]",
    "[5.0]": "[6.0]",
    "[6.0]": "[7.0]",
    "[6.1]": "[7.1]",
    "[6.2]": "[7.2]",
    "[6.3]": "[7.3]",
    "[7.1]": "[8.1]",
    "[7.2]": "[8.2]",
    "[7.3]": "[8.3]",
    "[7.4]": "[8.4]",
    "[7.5]": "[8.5]",
    "[7.6]": "[8.6]",
    "[8.1]": "[9.1]",
    "[8.3]": "[9.3]",
    "[8.4]": "[9.4]",
    "[13.1]": "[14.1]",
    "[13.2]": "[14.2]",
    "R-DS-6": "Player Aid",
}

R_SETUP = "[5.1]"
R_GUIDE_CHOICE = "[5.2]"
R_PLACE = "[7.1]"
R_BUY = "[7.2]"
R_AVALANCHE = "[7.3]"
R_DEPLETION = "[7.4]"
R_OPTIONS = "[8.1]"
R_PREP = "[8.5]"
R_DARK_MOVE = "[8.6]"
R_BIVOUAC = "[8.7]"
R_AV_SPACE = "[9.2]"
R_SCALED = "[9.2] R-DS-9"
"""A successful scale: the marker lands one space down and its move ends (R-DS-9)."""
R_LOST = "[9.3]"
R_GOALS = "[9.4]"
R_GAME_END = "[11.0]"
R_POOL = "[11.1]"
R_SACRIFICE = "[11.4]"
R_UNSUPPORTED = "[11.6]"
R_SCORE = "[12.0]"
R_SHERPA = "[13.0]"
R_TRAITS = "[14.1]"
R_VARIANT = "[14.5]"
R_MULTI = "[14.6]"
R_AID = "Player Aid"

HELD = frozenset({"chocolate_bars", "ridges_open", "luck", "sherpa_stamina", "synthetic_rope"})
"""Tokens held for later use [7.2]."""
KEPT = frozenset({"houses_chimney", "acute_mountain_sickness"})
"""Tokens kept in front of the player (House's Chimney) or on the status card (Acute
Mountain Sickness, which returns to the pool at the survival check [11.1])."""
PLAYABLE = ("chocolate_bars", "ridges_open", "sherpa_stamina")
"""Held tokens played during movement (Luck before a die roll, ropes on avalanche spaces)."""


@dataclass(frozen=True)
class K2Rules:
    """K2's tracks and tables as data: the Serac collapses, ropes, goals, bivouac table."""

    collapses: tuple[tuple[int, int, int, int], ...]  # (space, at, variant number, bonus)
    rope_landing: int
    traverse_goal: int
    bivouac_highest: int
    traverse_points: int
    bivouac_min: tuple[int, ...]  # minimum roll on Darkness turn 1..7 (index 0 = turn 1)
    goals: tuple[tuple[str, str, int], ...]  # (id, name, points)

    def bonus(self, space: int) -> int:
        """The descent modifier of an avalanche space [9.2]."""
        return next((b for s, _, _, b in self.collapses if s == space), 0)


@cache
def k2_ruleset() -> Ruleset:
    """The K2 data files, loaded and validated once."""
    rs = load_ruleset(__package__)
    extra = tuple(
        _component(_read(__package__, f), f)
        for f in ("avalanche.json", "bivouac.json", "goals.json")
    )
    return Ruleset(**{**rs.__dict__, "components": rs.components + extra})


@cache
def k2_rules() -> K2Rules:
    """``avalanche.json``, ``bivouac.json`` and ``goals.json``."""
    rs = k2_ruleset()
    names = rs.board.names
    adoc = _read(__package__, "avalanche.json")
    bdoc = _read(__package__, "bivouac.json")
    gdoc = _read(__package__, "goals.json")
    collapses = tuple(
        (
            names.index(c["space"]),
            int(c["at"]),
            int(c["variant_number"] or 0),
            int(c["descent_bonus"]),
        )
        for c in adoc["collapses"]
    )
    table = bdoc["minimum_roll"]
    return K2Rules(
        collapses=collapses,
        rope_landing=names.index(adoc["rope_landing"]),
        traverse_goal=names.index(adoc["traverse_goal"]),
        bivouac_highest=names.index(adoc["bivouac_highest"]),
        traverse_points=int(adoc["traverse_points"]),
        bivouac_min=tuple(int(table[str(t)]) for t in range(1, len(table) + 1)),
        goals=tuple((g["id"], g["name"], int(g["points"])) for g in gdoc["goals"]),
    )


_RS = k2_ruleset()
TEAMS = tuple(c.id for c in _RS.companies)


SEAT_OPTIONS = ("team", "guide")
"""Options each player sets for their own team with two players [15.0]."""


class DisasterOnK2Game(DisasterGame):
    """Disaster on K2, solitaire [1.0]-[14.6] and for two players [15.*]."""

    RULESET = _RS
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
        self.effect_ids = tuple(sorted(rs.effects))
        self.seat_games: tuple[DisasterGame, ...] = ()
        check_two_player_options(self)
        if self.num_players == 2:
            from .two_player import setup_two_player

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
        }
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
            from .two_player import K2TwoPlayerState

            return K2TwoPlayerState(self, seed)
        return K2State(self, seed)


def _cite(rule: str) -> str:
    """K2's numbers for the Everest sections the shared engine cites."""
    if rule.startswith("K2 "):
        return rule[3:]
    return " ".join(filter(None, (_CITE.get(p, p) for p in rule.split())))


class K2State(DisasterState):
    """A position of Disaster on K2 (per-team state is kept in lists indexed by seat)."""

    _game: DisasterOnK2Game

    _K2_FLAT = (
        "secret_goal",
        "goal_done",
        "sherpa_summit",
        "collapsed",
        "bivouacked",
        "chimney_queue",
        "noble_victims",
    )
    _K2_NESTED = ("ropes", "descents")
    _K2_SCALARS = (
        "flash",
        "descent_marker",
        "descent_partner",
        "descent_method",
        "luck_bonus",
        "luck_asked",
        "biv_marker",
        "chimney_left",
        "noble_space",
        "reroll_face",
        "rerolled",
    )
    __slots__ = (*_K2_FLAT, *_K2_NESTED, *_K2_SCALARS)

    def __init__(self, game: DisasterOnK2Game, seed: int) -> None:
        self.secret_goal = [-1]  # per seat: index into the goals, -1 with a HAP
        self.goal_done = [False]
        self.sherpa_summit = [False]
        self.collapsed: list[int] = []
        self.bivouacked = [False] * (game.ng + game.nc)
        self.chimney_queue: list[int] = []
        self.noble_victims: list[int] = []
        self.ropes: list[list[int]] = []  # [space, token, frayed], top of a space's stack last
        self.descents: list[list[int]] = []  # [marker, arrived carried by the guide]
        self.flash = -1
        self.descent_marker = -1
        self.descent_partner = -1
        self.descent_method = -1
        self.luck_bonus = 0
        self.luck_asked = False
        self.biv_marker = -1
        self.chimney_left = -1
        self.noble_space = -1
        self.reroll_face = -1
        self.rerolled = False
        super().__init__(game, seed)

    # ============================================================== citations
    def _emit(self, text: str, rule: str, player: int | None = None) -> None:
        """The shared engine cites Everest's sections: K2's numbers are logged."""
        State._emit(self, text, _cite(rule), player)

    _HELD = HELD
    _KEPT = KEPT
    _KEPT_SAID = False
    _TRACK_TEXTS = ("darkness falls: Darkness marker on 1", "the Darkness marker reaches Game End")

    def _say(self, text: str, rule: str) -> None:
        """Log an automatic K2 event (already citing K2's sections)."""
        State._emit(self, text, rule)

    def _phase_name(self) -> str:
        return _K2_PHASE_NAMES.get(self.phase) or super()._phase_name()

    @property
    def k2(self) -> K2Rules:
        """K2's tracks and tables."""
        return self._game.k2

    def _kind(self) -> str:
        return self.rs.guides[self.guides[0]].kind if self.guides else ""

    def _sherpa_goal(self) -> str:
        g = self.secret_goal[0]
        return self.k2.goals[g][0] if g >= 0 else ""

    # ============================================================== set-up [5.*]
    def _setup(self) -> None:
        game = self._game
        if game.multinational:
            self.phase = P_HIRE  # [14.6]: any one guide, then five climbers
            return
        self.guides = list(game.team.guides)
        self.clients = list(game.team.clients)
        self._team_ready()

    def _setup_next(self) -> None:
        game = self._game
        if len(self.guides) < game.ng:
            return
        if len(self.clients) < game.nc:
            self.phase = P_RECRUIT
            return
        self._team_ready()

    def _team_ready(self) -> None:
        game = self._game
        self._say(
            f"{self.name(0)} ({self._kind().upper()}) and climbers "
            + ", ".join(self.name(game.ng + c) for c in range(game.nc))
            + f" at High Camp; Prestige {self.rs.board.prestige_start}",
            "[5.2] [5.3] [5.4]",
        )
        if self._kind() == "sherpa":
            self.phase = P_GOAL
            return
        self._begin_turn()

    # ============================================================== events [7.*]
    def _place_event(self) -> None:
        tok = self.rs.tokens[self.current]
        b = self.rs.board
        self.blocked = [s for s in b.ridges_numbered(tok.ridge) if s not in self.collapsed]
        if self._log is not None and self.blocked:
            self._say(
                "Blocked Ridge markers on " + ", ".join(b.names[s] for s in self.blocked), R_PLACE
            )
        self.step = "buy"
        if tok.effect == "darkness":
            self._say("a Darkness token cannot be bought", R_BUY)
            self._decline()
        elif self.prestige >= tok.cost:
            self.phase = P_BUY
        else:
            self._say(f"{tok.name} costs {tok.cost}: not enough Prestige", R_BUY)
            self._decline()

    def _track_len(self) -> int:
        return len(self.storm_watch) + self.watch_blank

    def _decline(self) -> None:
        t = self.current
        tok = self.rs.tokens[t]
        self.current = -1
        before = bool(self.collapsed)  # [14.5]: only tokens after Bottleneck I's collapse
        if (
            self._storm_phase()
            or self.storm_pending
            or self._track_len() >= self.rs.board.storm_watch
        ):
            self.set_aside.append(t)
            self._say(f"{tok.name} is set aside", R_AVALANCHE)
        else:
            self.storm_watch.append(t)
            self._say(f"{tok.name} covers Avalanche Track {self._track_len()}", R_AVALANCHE)
            self._check_watch()
        if self._game.balcony_collapse and before:
            for space, _, number, _ in self.k2.collapses:
                if space in self.collapsed:
                    continue
                if number and tok.ridge == number:
                    self._collapse(space, R_VARIANT)
                break  # only the lowest standing Bottleneck space can collapse next
        self._resume()

    def _check_watch(self) -> None:
        """The Serac collapses on the Avalanche Track's 5th, 7th and 8th spaces (only the 5th
        in the [14.5] variant); darkness after the 8th [7.3]."""
        n = self._track_len()
        for space, at, number, _ in self.k2.collapses:
            if at == n and not (self._game.balcony_collapse and number):
                self._collapse(space, R_AVALANCHE)
        if n >= self.rs.board.storm_watch:
            self.storm_pending = True
            self._say(
                "the Avalanche Track is full: darkness falls at the end of the turn", R_AVALANCHE
            )

    def _collapse(self, space: int, rule: str) -> None:
        """A Serac collapse on ``space``: climbers there die, unless the guide there makes a
        Noble Sacrifice for one of them [7.3]."""
        self.collapsed.append(space)
        if space in self.blocked:
            self.blocked.remove(space)
        self._say(f"Balcony Serac Collapse! on {self.rs.board.names[space]}", rule)
        ng = self._game.ng
        victims = self._client_at(space)
        guides = [g for g in range(ng) if self.pos[g] == space]
        if victims and guides:
            self.noble_victims = victims
            self.noble_space = space
            self.phase = P_NOBLE
            return
        for c in victims:
            self._kill(c, "Serac collapse", R_AVALANCHE)

    def _kill(self, c: int, why: str, rule: str) -> None:
        m = self._game.ng + c
        if self.flash == m:
            self.flash = -1
        self.pos[m] = DEAD
        self.fates[c] = "died: " + why
        self._say(f"{self.name(m)} dies ({why})", rule)

    def _remove_guide(self, g: int, why: str, rule: str) -> None:
        self.pos[g] = REMOVED
        self._say(f"{self.name(g)} {why}", rule)

    def _noble(self, action: int) -> None:
        space = self.noble_space
        victims, self.noble_victims = self.noble_victims, []
        self.noble_space = -1
        saved = -1
        if action != NOBLE_NONE:
            saved = action - NOBLE
            up = space + 1
            while up in self.collapsed:
                up += 1
            self.pos[self._game.ng + saved] = up
            g = next(g for g in range(self._game.ng) if self.pos[g] == space)
            self.sacrificed[g] = True
            self._remove_guide(
                g,
                f"makes a Noble Sacrifice: {self.name(self._game.ng + saved)} climbs to "
                f"{self.rs.board.names[up]}",
                "[7.3] [11.4]",
            )
        for c in victims:
            if c != saved:
                self._kill(c, "Serac collapse", R_AVALANCHE)
        self.phase = P_MOVE
        self._resume()

    def _target(self, action: int) -> None:
        if self.target_kind == "flashlight":
            self.target_kind = ""
            self.targets = []
            self.phase = P_MOVE
            self.flash = self._game.ng + action - TARGET_CLIENT
            self._say(f"the Flashlight goes to {self.name(self.flash)}", R_AID)
            self._resume()
            return
        super()._target(action)

    # ============================================================== movement [8.*]
    def _resume(self) -> None:
        if self.phase in (P_NOBLE,):
            return
        if self.descents:
            self.phase = P_DESCENT
            return
        super()._resume()

    def _traits(self, c: int) -> frozenset[str]:
        traits = super()._traits(c)
        if self.round == "storm" and "a" in traits:
            return traits - {"a"}  # [14.4]: daylight only
        return traits

    def _guide_allowance(self, g: int) -> int:
        n = super()._guide_allowance(g)
        if "sherpa_stamina" in self.fx and self.rs.guides[self.guides[g]].kind == "sherpa":
            n += 3
        return n

    def _client_allowance(self, c: int) -> int:
        ng = self._game.ng
        card = self.rs.clients[self.clients[c]]
        n = card.movement
        here = self.pos[ng + c]
        lit = self.flash >= 0 and self.pos[self.flash] == here
        if self.round == "storm" and not self._guide_on(here) and not lit:
            n = min(n, 1)  # [8.6]
        n += self.fx.count("chocolate_bars")
        if "thick_snow" in self.fx:
            n -= 1
        return max(n, 0)

    def _selectable(self, m: int) -> bool:
        if m < self._game.ng and "hap_stuck" in self.fx and self._kind() == "hap":
            return False
        return super()._selectable(m)

    def _select(self, m: int) -> None:
        super()._select(m)
        if m >= self._game.ng:
            self.carried = []  # a Fortitude climber may carry one climber one space
            self.capacity = self.carry_limit = 1
        if m < self._game.ng and "sherpa_stamina" in self.fx and self._kind() == "sherpa":
            self.carry_limit += 1

    def _choose_option(self, action: int) -> None:
        self.option = action
        self.guides_left, self.clients_left = {
            OPT_A: (1, 0),
            OPT_B: (0, self._game.nc),
            OPT_C: (0, 1),
        }[action]
        if action == OPT_C:
            self.prep += 1
            self._say("preparations: " + ("Prep 1/2" if self.prep == 1 else "Prep Ready"), R_PREP)

    def _on_avalanche(self, m: int) -> bool:
        return self.pos[m] in self.collapsed

    def _move_actions(self) -> list[int]:
        game = self._game
        ng = game.ng
        if self.mover < 0 and self.round == "clear" and self.option < 0:
            stuck = "hap_stuck" in self.fx and self._kind() == "hap"
            acts = [OPT_B]
            if not stuck and any(self.pos[g] >= 0 for g in range(ng)):
                acts.append(OPT_A)
            if self.prep < 2 and not stuck:
                acts.append(OPT_C)
            acts += self._plays()
            return sorted(acts)
        acts = super()._move_actions()
        acts = [a for a in acts if not PLAY <= a < TARGET_CLIENT] + self._plays()
        if self.mover < 0:
            forced = [
                m for m in range(len(self.pos)) if self._on_avalanche(m) and self._selectable(m)
            ]
            if forced and FINISH in acts:
                acts.remove(FINISH)  # [9.2]: resolved during the Movement Phase
            if self.round == "storm":
                acts += [BIVOUAC + m for m in range(len(self.pos)) if self._can_bivouac(m)]
            if self.flash >= 0 and self.pos[self.flash] >= 0:
                here = self.pos[self.flash]
                acts += [FLASH + c for c in self._client_at(here) if ng + c != self.flash]
        else:
            m = self.mover
            if (
                m >= ng
                and "f" in self._traits(m - ng)
                and not self.carried
                and not self.stepped
                and self.remaining >= 1
            ):
                acts += [
                    PICKUP + c
                    for c in self._client_at(self.pos[m])
                    if ng + c != m and not self.moved[ng + c]
                ]
            if self._on_avalanche(m) and not self.stepped and STEP_DOWN in acts:
                acts = [a for a in acts if a != END_MOVE]
            here = self.pos[m]
            if self.flash >= 0 and self.pos[self.flash] == here:  # even in passing
                acts += [FLASH + c for c in self._client_at(here) if ng + c != self.flash]
        return sorted(set(acts))

    def _plays(self) -> list[int]:
        out = []
        for k, eff in enumerate(self._game.effect_ids):
            if eff in PLAYABLE and any(self.rs.tokens[t].effect == eff for t in self.held):
                if eff == "ridges_open" and not self._ridges_open_playable():
                    continue
                if eff == "sherpa_stamina" and "sherpa_stamina" in self.fx:
                    continue
                out.append(PLAY + k)
        return out

    def _can_bivouac(self, m: int) -> bool:
        ng = self._game.ng
        p = self.pos[m]
        if self.moved[m] or p < 1 or p > self.k2.bivouac_highest or self.mover >= 0:
            return False
        if m < ng:
            return self.guides_left > 0
        c = m - ng
        return self.clients_left > 0 and not self.ams[c] and self.tired[c] != 2

    def _step_problem(self, action: int) -> str | None:
        m = self.mover
        cur = self.pos[m]
        nxt = cur + (1 if action == STEP_UP else -1)
        ng = self._game.ng
        if cur in self.collapsed:
            if action == STEP_UP:
                return R_AV_SPACE
            return None if self.remaining >= 1 else ("[7.2]" if m < ng else "[7.4]")
        if action == STEP_UP and nxt in self.collapsed:
            return R_AV_SPACE
        if (
            m >= ng
            and action == STEP_UP
            and nxt in (self.k2.traverse_goal, self.rs.board.summit)
            and any("d" in self._traits(x - ng) for x in [m, *(e[0] for e in self.carried)])
        ):
            return R_TRAITS
        return super()._step_problem(action)  # Everest's numbers, as the engine compares them

    def _do_step(self, action: int) -> None:
        ng = self._game.ng
        m = self.mover
        cur = self.pos[m]
        group = [x[0] for x in self.carried]
        if cur in self.collapsed:  # climbing down from an avalanche space [9.2]
            self.stepped = True
            self._end_mover()
            self.descents.append([m, 0])
            self.descents += [[x, int(m < ng)] for x in group]
            return
        super()._do_step(action)
        nxt = self.pos[m]
        if nxt == cur:
            return
        if m >= ng and group:  # Fortitude: exactly one space, then the climber is set down
            for x in group:
                self.pos[x] = nxt
                self.moved[x] = True
                if nxt == self.rs.board.summit:
                    self._summit(x - ng)
            self.carried = []
            self._say(f"{self.name(m)} carries {self.name(group[0])} one space", R_TRAITS)
        for x in [m, *group] if m >= ng else group:
            if self.pos[x] == self.k2.traverse_goal and self.goal[x - ng] == 0:
                self.goal[x - ng] = 1
                self._say(f"{self.name(x)} earns the Traverse marker", R_GOALS)
        if m < ng and nxt == self.rs.board.summit and self._kind() == "sherpa":
            self.sherpa_summit[0] = True
            if group and self._sherpa_goal() == "summit_with_climber" and not self.goal_done[0]:
                self.goal_done[0] = True
                self._say(
                    f"{self.name(m)} reaches the Summit with a climber: Secret Goal", R_SHERPA
                )
        if nxt in self.collapsed:
            if self.mover == m:
                self._end_mover()
            self._say(
                f"{self.name(m)} reaches the avalanche space {self.rs.board.names[nxt]}", R_AV_SPACE
            )
            self.descents.append([m, 0])
            self.descents += [[x, int(m < ng)] for x in group if self.pos[x] == nxt]

    def _get_lost(self, c: int) -> None:
        m = self._game.ng + c
        self.pos[m] = LOST
        self.tallies[T_LOST] += 1
        self.moved[m] = True
        self._say(f"{self.name(m)} is LOST in the dark", R_LOST)
        if self.mover == m:
            self.remaining = 0
            self._end_client()

    def _end_mover(self) -> None:
        if self.mover < self._game.ng:
            self._end_guide()
        else:
            self._end_client()

    # ============================================================== descent [9.2]
    def _rope_on(self, space: int) -> list[int] | None:
        stack = [r for r in self.ropes if r[0] == space]
        return stack[-1] if stack else None

    def _held_rope(self) -> int:
        return next((t for t in self.held if self.rs.tokens[t].effect == "synthetic_rope"), -1)

    def _descent_actions(self) -> list[int]:
        ng = self._game.ng
        acts = []
        space_of = {m: self.pos[m] for m, _ in self.descents}
        for m, _ in self.descents:
            rope = self._rope_on(space_of[m])
            if rope is not None:
                acts.append(DESC_ROPE + m)
            if self._held_rope() >= 0 and (rope is None or rope[2]):
                acts.append(DESC_NEWROPE + m)
            acts.append(DESC_SCALE + m)
        guides = [m for m, _ in self.descents if m < ng]
        for m, carried in self.descents:
            if carried and guides and space_of[guides[0]] == space_of[m]:
                c = m - ng
                base = acts
                if DESC_ROPE + guides[0] in base:
                    acts.append(JOINT_ROPE + c)
                if DESC_NEWROPE + guides[0] in base:
                    acts.append(JOINT_NEWROPE + c)
                acts.append(JOINT_SCALE + c)
        return sorted(acts)

    def _choose_descent(self, action: int) -> None:
        ng = self._game.ng
        if action >= JOINT_ROPE:
            method = (action - JOINT_ROPE) // 5
            partner = ng + (action - JOINT_ROPE) % 5
            m = next(x for x, _ in self.descents if x < ng)
        else:
            method = (action - DESC_ROPE) // 6
            m = (action - DESC_ROPE) % 6
            partner = -1
        self.descents = [e for e in self.descents if e[0] not in (m, partner)]
        space = self.pos[m]
        if method == 1:  # place a held Synthetic Rope
            t = self._held_rope()
            self.held.remove(t)
            self.tallies[T_PLAYED] += 1
            self.ropes.append([space, t, 0])
            self._say(f"a Synthetic Rope is placed on {self.rs.board.names[space]}", R_AV_SPACE)
            method = 0
        self.descent_marker = m
        self.descent_partner = partner
        self.descent_method = method
        self.phase = P_DIE
        self.die_for = "descent"

    def _descent_bonus(self) -> int:
        m = self.descent_marker
        ng = self._game.ng
        bonus = self.k2.bonus(self.pos[m])
        if m < ng:
            # a guide, alone or leading a climber: only an Expert Climber guide's +2 counts,
            # shared with the climber; a climber travelling with a guide ignores its own
            # traits, Advanced Climber included [9.2] [8.4]
            expert = "expert_climber" in self.rs.guides[self.guides[m]].skills
        else:
            expert = self._game.advanced and "a" in self.rs.clients[self.clients[m - ng]].traits
        return bonus + (2 if expert else 0)

    def _descend(self, face: int) -> None:
        m, partner, method = self.descent_marker, self.descent_partner, self.descent_method
        total = face + self._descent_bonus()
        self.descent_marker = self.descent_partner = self.descent_method = -1
        ng = self._game.ng
        group = [x for x in (m, partner) if x >= 0]
        space = self.pos[m]
        names = " and ".join(self.name(x) for x in group)
        land = self.k2.rope_landing
        if method == 0:
            rope = self._rope_on(space)
            assert rope is not None
            if not rope[2]:
                if total <= 2:
                    rope[2] = 1
                    self._say(
                        f"rope ({total}): it frays; {names} down to {self.rs.board.names[land]}",
                        R_AV_SPACE,
                    )
                else:
                    self._say(
                        f"rope ({total}): {names} down to {self.rs.board.names[land]}", R_AV_SPACE
                    )
                self._land(group, land)
            elif total <= 2:
                self._say(f"frayed rope ({total}): it fails", R_AV_SPACE)
                self._fall(group)
            else:
                self.ropes.remove(rope)
                self.removed.append(rope[1])
                self._say(
                    f"frayed rope ({total}): {names} down to {self.rs.board.names[land]}; the rope is removed from the game",
                    R_AV_SPACE,
                )
                self._land(group, land)
        else:
            good = all(x < ng or "g" in self._traits(x - ng) for x in group)
            if total <= 3:
                self._say(f"scaling ({total}): {names} fall", R_AV_SPACE)
                self._fall(group)
            elif total <= 5 and not (m < ng) and not good:
                self._say(f"scaling ({total}): {names} LOST", R_AV_SPACE)
                self.pos[m] = LOST
                self.tallies[T_LOST] += 1
            else:
                self._say(
                    f"scaling ({total}): {names} down to {self.rs.board.names[space - 1]}",
                    R_SCALED,
                )
                self._land(group, space - 1)  # and the move ends there (R-DS-9)
        self._resume()

    def _land(self, group: list[int], space: int) -> None:
        """``group`` lands on ``space`` by rope or by scaling, and its move ends there for
        the turn [9.2] (the rope results say so; a successful scale too: R-DS-9)."""
        for x in group:
            self.pos[x] = space
            self.moved[x] = True

    def _fall(self, group: list[int]) -> None:
        ng = self._game.ng
        for x in group:
            if x < ng:
                self._remove_guide(x, "falls to their death", R_AV_SPACE)
            else:
                self._kill(x - ng, "fell from the Bottleneck", R_AV_SPACE)

    # ============================================================== dice
    def _luck_offer(self) -> bool:
        return (
            self.phase == P_DIE
            and not self.luck_asked
            and self.die_for in _LUCK_ROLLS
            and any(self.rs.tokens[t].effect == "luck" for t in self.held)
        )

    def _lucky_subject(self) -> bool:
        """Whether this roll is against a climber with the Lucky trait (advanced game)."""
        ng = self._game.ng
        kind = self.die_for
        who: list[int] = []
        if kind == "lost" and self.lost_checks:
            who = [self.lost_checks[0]]
        elif kind == "rope":
            who = [self.rope_client]
        elif kind == "descent":
            who = [x - ng for x in (self.descent_marker, self.descent_partner) if x >= ng]
        elif kind == "bivouac" and self.biv_marker >= ng:
            who = [self.biv_marker - ng]
        elif kind == "chimney" and self.chimney_queue:
            who = [self.chimney_queue[0]]
        return any(c >= 0 and "l" in self._traits(c) for c in who)

    def _bad_roll(self, d: int) -> bool:
        """Whether ``d`` harms the climber it is rolled against."""
        kind = self.die_for
        if kind == "lost":
            return d <= 2
        if kind == "rope":
            return d <= 4
        if kind == "chimney":
            return d == 1
        if kind == "bivouac":
            table = self.k2.bivouac_min
            return d < table[min(max(self.storm, 1), len(table)) - 1]
        if kind == "descent":
            total = d + self._descent_bonus()
            if self.descent_method == 0:
                return total <= 2
            alone = self.descent_partner < 0 and self.descent_marker >= self._game.ng
            return total <= 3 or (total <= 5 and alone)
        return False

    def _die_rolled(self, d: int) -> None:
        d += self.luck_bonus
        self.luck_bonus = 0
        self.luck_asked = False
        if not self.rerolled and self._lucky_subject() and self._bad_roll(d):
            self.reroll_face = d
            self.phase = P_REROLL  # Lucky: the player may roll again, once
            return
        self.rerolled = False
        kind = self.die_for
        if kind == "descent":
            self.die_for = ""
            self._descend(d)
            return
        if kind == "bivouac":
            self.die_for = ""
            self._bivouac_roll(d)
            return
        if kind == "chimney":
            self.die_for = ""
            self._chimney_roll(d)
            return
        super()._die_rolled(d)

    # ============================================================== bivouac [8.7]
    def _bivouac(self, m: int) -> None:
        ng = self._game.ng
        self.moved[m] = True
        if m >= ng:
            self.guides_left = 0
            self.clients_left -= 1
        else:
            self.guides_left -= 1
        self.biv_marker = m
        self.phase = P_DIE
        self.die_for = "bivouac"

    def _bivouac_roll(self, d: int) -> None:
        m, self.biv_marker = self.biv_marker, -1
        table = self.k2.bivouac_min
        need = table[min(max(self.storm, 1), len(table)) - 1]
        if d >= need:
            self.pos[m] = LOST
            self.bivouacked[m] = True
            if self.flash == m:
                self.flash = -1
            self._say(f"{self.name(m)} bivouacs ({d}, needs {need})", R_BIVOUAC)
            if m < self._game.ng and self._sherpa_goal() == "bivouac" and not self.goal_done[0]:
                self.goal_done[0] = True
                self._say(f"{self.name(m)} bivouacs: Secret Goal", R_SHERPA)
        else:
            self._say(f"{self.name(m)} fails to bivouac ({d}, needs {need})", R_BIVOUAC)
        self._resume()

    # ============================================================== game end [11.*]
    def _begin_end(self) -> None:
        self.step = "fate"
        tokens = self.rs.tokens
        keep_held = [t for t in self.held if tokens[t].effect in ("luck", "synthetic_rope")]
        luck = [t for t in keep_held if tokens[t].effect == "luck"][:1]
        keep_held = luck + [t for t in keep_held if tokens[t].effect == "synthetic_rope"]
        back = [t for t in self.held if t not in keep_held]
        ams = [t for t in self.kept if tokens[t].effect == "acute_mountain_sickness"]
        self.kept = [t for t in self.kept if t not in ams]
        pool = self.container + self.set_aside + self.storm_watch + back + self.drawn + ams
        ropes = sorted(t for t in pool if tokens[t].effect == "synthetic_rope")
        self.pool = sorted(t for t in pool if t not in ropes)
        self.removed += ropes
        self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
        self.held = keep_held
        if ropes:
            self._say(f"{len(ropes)} Synthetic Rope tokens are removed from the pool", R_POOL)
        self._say(f"{len(self.pool)} tokens form the fate pool", R_POOL)
        self.heli_done = True
        self._build_fates()

    _DEATH_ZONE: ClassVar[str] = "caught above the Snowfields"

    def _fate_options(self) -> list[int]:
        acts = super()._fate_options()
        if self.fate_key == "lost":
            for g in range(self._game.ng):
                if self.pos[g] == LOST and not self.sacrificed[g]:
                    acts.append(SACRIFICE + g)  # [11.2]: a bivouacked guide
        return sorted(acts)

    def _fate_choice(self, action: int) -> None:
        if SACRIFICE <= action < SACRIFICE + 2 and self.fate_key == "lost":
            self.pos[self._game.ng + self.fate_client] = 0  # survives the night [11.5]
        super()._fate_choice(action)

    def _finish(self) -> None:
        if self.chimney_left < 0:
            self.chimney_left = sum(
                1 for t in self.kept if self.rs.tokens[t].effect == "houses_chimney"
            )
            if self._next_chimney():
                return
        game = self._game
        ng = game.ng
        for g in range(ng):
            if self.pos[g] == LOST:
                self.pos[g] = 0
                self._say(f"{self.name(g)} returns to High Camp after the bivouac", "[13.0]")
        for c in range(game.nc):
            if self.goal[c] == 0 and self.pos[ng + c] != DEAD:
                self.fates[c] = "not supported"
                self._say(f"{self.name(ng + c)} never reached the Traverse", R_UNSUPPORTED)
        self.phase = P_OVER
        self.step = "over"
        if self._log is not None:
            bd = self.score_breakdown()[0]
            self._say(f"final score {bd.total:g}: {bd.band}", R_SCORE)

    def _next_chimney(self) -> bool:
        """Ask for the next House's Chimney roll; False when none is left."""
        ng = self._game.ng
        if self.chimney_left <= 0:
            return False
        if not self.chimney_queue:
            self.chimney_queue = [c for c in range(self._game.nc) if self.pos[ng + c] != DEAD]
            if not self.chimney_queue:
                self.chimney_left = 0
                return False
            self._say("House's Chimney: a roll for each surviving climber", R_AID)
        self.phase = P_DIE
        self.die_for = "chimney"
        return True

    def _chimney_roll(self, d: int) -> None:
        c = self.chimney_queue.pop(0)
        if d == 1:
            self._kill(c, "slipped at House's Chimney", R_AID)
            self.chimney_queue = []
        if not self.chimney_queue:
            self.chimney_left -= 1
        if not self._next_chimney():
            self._finish()

    # ============================================================== contract
    def current_player(self) -> int:
        if self.phase == P_GOAL:
            return CHANCE
        if self._luck_offer():
            return 0
        return super().current_player()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_GOAL:
            n = len(self.k2.goals)
            return [(GOAL + i, 1 / n) for i in range(n)]
        return super()._chance_outcomes()

    def _sample_chance(self, u: int) -> int:
        if self.phase == P_GOAL:
            return GOAL + ((u * len(self.k2.goals)) >> 64)
        return super()._sample_chance(u)

    def _is_legal(self, action: int) -> bool:
        if self.phase >= P_GOAL or self._luck_offer():
            return action in self.legal_actions()
        if self.phase == P_MOVE and action >= B:
            return action in self._legal_actions()
        return super()._is_legal(action)

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        if self._luck_offer():
            return [LUCK_PLAY, ROLL]
        if ph == P_RECRUIT:
            return [RECRUIT + c for c in range(len(self.rs.clients)) if c not in self.clients]
        if ph == P_NOBLE:
            return [NOBLE + c for c in self.noble_victims] + [NOBLE_NONE]
        if ph == P_DESCENT:
            return self._descent_actions()
        if ph == P_REROLL:
            return [REROLL, KEEP_ROLL]
        return super()._compute_legal()

    def _apply(self, action: int) -> None:
        ph = self.phase
        if ph == P_GOAL:
            self._cache = None
            self.secret_goal[0] = action - GOAL
            self._say(
                f"{self.name(0)}'s Secret Goal: {self.k2.goals[action - GOAL][1]}", R_GUIDE_CHOICE
            )
            self._begin_turn()
            return
        if self._luck_offer():
            self._cache = None
            self.luck_asked = True
            if action == LUCK_PLAY:
                t = next(t for t in self.held if self.rs.tokens[t].effect == "luck")
                self.held.remove(t)
                self.spent.append(t)
                self.tallies[T_PLAYED] += 1
                self.luck_bonus = 2
            return
        if ph == P_RECRUIT:
            self._cache = None
            self.clients.append(action - RECRUIT)
            self._setup_next()
            return
        if ph == P_NOBLE:
            self._cache = None
            self._noble(action)
            return
        if ph == P_DESCENT:
            self._cache = None
            self._choose_descent(action)
            return
        if ph == P_REROLL:
            self._cache = None
            self.rerolled = True
            self.phase = P_DIE
            face, self.reroll_face = self.reroll_face, -1
            if action == KEEP_ROLL:
                self._die_rolled(face)
            else:
                self.luck_asked = True  # Luck was for the first roll
                self._say("a Lucky climber: the die is rolled again", R_TRAITS)
            return
        if ph == P_MOVE and action >= B:
            self._cache = None
            if action >= FLASH:
                self.flash = self._game.ng + action - FLASH
                self._say(f"the Flashlight passes to {self.name(self.flash)}", R_AID)
                self._resume()
                return
            self._bivouac(action - BIVOUAC)
            return
        if ph == P_MOVE and PLAY <= action < TARGET_CLIENT:
            self._cache = None
            eff = self._game.effect_ids[action - PLAY]
            t = next(t for t in self.held if self.rs.tokens[t].effect == eff)
            self.held.remove(t)
            self.set_aside.append(t)
            self.tallies[T_PLAYED] += 1
            if eff == "ridges_open":
                self.blocked = []
                self._say("Ridges Open: all Blocked Ridge markers removed", R_AID)
            else:
                self.fx.append(eff)
                self._say(f"{self.rs.tokens[t].name}: {self.rs.effects[eff]}", R_AID)
            self._resume()
            return
        super()._apply(action)

    def _action_text(self, action: int) -> str:
        ng = self._game.ng
        if action >= B:
            if action >= KEEP_ROLL:
                return f"keep the roll of {self.reroll_face}"
            if action >= REROLL:
                return "Lucky: roll again"
            if action >= ROLL:
                return "roll without Luck"
            if action >= LUCK_PLAY:
                return "play Luck: +2 to this roll"
            if action >= FLASH:
                return f"pass the Flashlight to {self.name(ng + action - FLASH)}"
            if action >= BIVOUAC:
                return f"{self.name(action - BIVOUAC)} tries to bivouac"
            if action >= JOINT_ROPE:
                how = ("by the rope", "placing a Synthetic Rope", "scaling")[
                    (action - JOINT_ROPE) // 5
                ]
                c = (action - JOINT_ROPE) % 5
                return f"{self.name(0)} and {self.name(ng + c)} descend together {how}"
            if action >= DESC_ROPE:
                how = ("by the rope", "placing a Synthetic Rope", "scaling")[
                    (action - DESC_ROPE) // 6
                ]
                return f"{self.name((action - DESC_ROPE) % 6)} descends {how}"
            if action == NOBLE_NONE:
                return "no Noble Sacrifice"
            if action >= NOBLE:
                return f"{self.name(0)} gives their life for {self.name(ng + action - NOBLE)}"
            if action >= RECRUIT:
                return f"recruit {self.rs.clients[action - RECRUIT].name}"
            return f"Secret Goal drawn: {self.k2.goals[action - GOAL][1]}"
        if self.phase == P_TARGET and self.target_kind == "flashlight" and action >= TARGET_CLIENT:
            return f"Flashlight to {self.name(ng + action - TARGET_CLIENT)}"
        if self.phase == P_HIRE:
            g = self.rs.guides[action - HIRE]
            return f"hire {g.name} ({g.kind.upper()})"
        return super()._action_text(action)

    def _simple_text(self, action: int) -> str:
        if action == OPT_A:
            return "option a: move the guide"
        if action == OPT_B:
            return "option b: move up to all five climbers"
        if action == OPT_C:
            return "option c: make preparations and move one climber"
        if action == 11 and self.current >= 0:
            tok = self.rs.tokens[self.current]
            if (
                self._storm_phase()
                or self.storm_pending
                or self._track_len() >= self.rs.board.storm_watch
            ):
                return f"decline {tok.name} (set aside)"
            return f"decline {tok.name} (Avalanche Track {self._track_len() + 1})"
        text = super()._simple_text(action)
        return text.replace("client", "climber")

    def _action_rule(self, action: int) -> str:
        ph = self.phase
        if self._luck_offer():
            return R_AID
        if ph == P_GOAL:
            return R_GUIDE_CHOICE
        if ph == P_RECRUIT or (ph == P_HIRE and self._game.multinational):
            return R_MULTI
        if ph == P_NOBLE:
            return R_AVALANCHE
        if ph == P_DESCENT:
            return R_AV_SPACE
        if ph == P_REROLL:
            return R_TRAITS
        if ph == P_DIE:
            k2 = {"descent": R_AV_SPACE, "bivouac": R_BIVOUAC, "chimney": R_AID, "rope": R_AID}
            if self.die_for in k2:
                return k2[self.die_for]
        if ph == P_MOVE:
            if action >= FLASH:
                return R_AID
            if action >= BIVOUAC:
                return R_BIVOUAC
            if action == OPT_C:
                return R_PREP
            if SELECT <= action < PICKUP:
                if self.round == "storm":
                    return R_DARK_MOVE
                return "[8.2]" if action - SELECT < self._game.ng else "[8.4]"
            if PLAY <= action < TARGET_CLIENT:
                return R_AID
        return _cite(super()._action_rule(action))

    def _refusal(self, action: int) -> IllegalActionError:
        if self.phase >= P_GOAL or self._luck_offer():
            return IllegalActionError(
                rule=self._action_rule(action) if 0 <= action < K2_NUM_ACTIONS else "[6.0]",
                reason=f"not a legal action while the game waits to {self._phase_name()}",
                action=action,
            )
        if self.phase == P_MOVE and action == STEP_UP and self.mover >= 0:
            why = self._step_problem(action)
            if why == R_AV_SPACE:
                return IllegalActionError(
                    rule=R_AV_SPACE,
                    reason="on an avalanche space one can only descend",
                    action=action,
                )
            if why == R_TRAITS:
                return IllegalActionError(
                    rule=R_TRAITS,
                    reason="a Dependent Climber needs a guide for the Traverse Goal and the Summit",
                    action=action,
                )
        if (
            self.phase == P_MOVE
            and self.round == "clear"
            and self.option < 0
            and action
            in (
                OPT_A,
                OPT_C,
            )
        ):
            return IllegalActionError(
                rule=R_PREP if action == OPT_C else R_OPTIONS,
                reason="the HAP is stuck, the guide is gone, or Preparations are already ready",
                action=action,
            )
        if (
            self.phase == P_MOVE
            and action == FINISH
            and self.mover < 0
            and (self.option >= 0 or self.round == "storm")
        ):
            return IllegalActionError(
                rule=R_AV_SPACE,
                reason="a marker on an avalanche space must descend this Movement Phase",
                action=action,
            )
        err = super()._refusal(action)
        if err.rule == self._action_rule(action):
            return err  # the engine fell back on K2's own citation
        return IllegalActionError(rule=_cite(err.rule), reason=err.reason, action=action)

    # ============================================================== results
    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Every line of [12.0] as if the game ended now (final at the end), with the
        Victory Chart band."""
        game = self._game
        ng = game.ng
        lines = self._client_lines("climbers")
        lines.append(ScoreLine("Prestige left", self.prestige, R_SCORE))
        lines.append(self._luck_line())
        goal = self.secret_goal[0]
        if goal >= 0:
            _, gname, points = self.k2.goals[goal]
            lines.append(
                ScoreLine(f"Secret Goal: {gname}", points if self._goal_met() else 0, R_SHERPA)
            )
        total = sum(ln.points for ln in lines)
        return [
            ScoreBreakdown(
                player=0,
                lines=tuple(lines),
                total=total,
                band=self.rs.band(total),
                figures={
                    "summits": sum(1 for g in self.goal if g == 2),
                    "traverse": sum(1 for g in self.goal if g >= 1),
                    "deaths": sum(1 for c in range(game.nc) if self.pos[ng + c] == DEAD),
                    "collapses": len(self.collapsed),
                    "darkness_turns": max(self.storm - 1, 0),
                    "turns": self.turn,
                    "darkness_arrived_turn": self.turn - self.storm + 1 if self.storm else None,
                    **self.tally_figures(),
                },
            )
        ]

    def _first_marker(self) -> tuple[str, int]:
        """K2's first marker is the Traverse [12.0]."""
        return "Traverse", self.k2.traverse_points

    def _goal_met(self) -> bool:
        gid = self._sherpa_goal()
        if gid in ("summit_with_climber", "bivouac"):
            return self.goal_done[0]
        if gid == "do_not_summit":
            return not self.sherpa_summit[0]
        if gid == "back_at_camp":
            return self.pos[0] == 0 or (self.pos[0] == LOST and self.bivouacked[0])
        return False

    def _token_places(self) -> list[int]:
        """The engine's places and the ropes on avalanche spaces [9.2]."""
        return super()._token_places() + [r[1] for r in self.ropes]

    def invariants(self) -> list[str]:
        """30 tokens accounted for (ropes on the board included); every marker in one
        place; the tracks within their lengths."""
        problems = self._token_problems()
        ng = self._game.ng
        for m in range(len(self.pos)):
            allowed = (REMOVED, LOST) if m < ng else (LOST, DEAD)
            if self.pos[m] < 0 and self.pos[m] not in allowed:
                problems.append(f"{self.name(m)} is in no place a marker can be")
            if self.pos[m] >= self.rs.board.size:
                problems.append(f"{self.name(m)} is off the board")
        if not 0 <= self.prestige <= self.rs.board.prestige_max:
            problems.append("Prestige off its track")
        if self._track_len() > self.rs.board.storm_watch:
            problems.append("Avalanche Track overfull")
        if len(self.collapsed) > self.rs.board.blocked_ridge_markers:
            problems.append("more Serac collapses than markers")
        if any(r[0] not in self.collapsed for r in self.ropes):
            problems.append("a rope off an avalanche space")
        return problems

    def _snapshot(self) -> dict[str, Any]:
        doc = super()._snapshot()
        for k in (*self._K2_FLAT, *self._K2_NESTED, *self._K2_SCALARS):
            v = getattr(self, k)
            doc[k] = (
                [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
            )
        return doc

    def clone(self) -> K2State:
        new = super().clone()
        assert isinstance(new, K2State)
        for k in self._K2_FLAT:
            setattr(new, k, getattr(self, k).copy())
        for k in self._K2_NESTED:
            setattr(new, k, [x.copy() for x in getattr(self, k)])
        for k in self._K2_SCALARS:
            setattr(new, k, getattr(self, k))
        return new

    def observation(self, player: int) -> dict[str, Any]:
        """Everything on the table (no hidden information in solitaire), with K2's tracks,
        Serac collapses, ropes, the Flashlight and the Sherpa's Secret Goal."""
        obs = super().observation(player)
        rs = self.rs
        names = rs.board.names
        ng = self._game.ng
        goal = self.secret_goal[0]
        obs["k2"] = {
            "avalanche_track": [rs.tokens[t].name for t in self.storm_watch],
            "darkness_phase": self._storm_phase(),
            "darkness_track": self.storm,
            "darkness_pending": self.storm_pending,
            "collapsed": [names[s] for s in self.collapsed],
            "ropes": [{"space": names[s], "frayed": bool(f)} for s, _, f in self.ropes],
            "flashlight": self.name(self.flash) if self.flash >= 0 else None,
            "guide_kind": self._kind(),
            "secret_goal": None
            if goal < 0
            else {
                "name": self.k2.goals[goal][1],
                "points": self.k2.goals[goal][2],
                "achieved": self._goal_met(),
            },
            "descents": [self.name(m) for m, _ in self.descents],
            "roll_for": self.die_for if self.phase == P_DIE else "",
            "bivouacked": [self.name(m) for m in range(len(self.pos)) if self.bivouacked[m]],
            "traverse_goal": self.k2.traverse_goal,
        }
        for c, entry in enumerate(obs["clients"]):
            entry["marker"] = ("", "Traverse", "Summit")[self.goal[c]]
        for g, entry in enumerate(obs["guides"]):
            entry["kind"] = rs.guides[self.guides[g]].kind
            entry["where"] = "bivouac" if self.pos[g] == LOST else entry["where"]
        del ng
        return obs


# ====================================================================== K2 event effects
@effect("icy_serac")
def _icy_serac(state: DisasterState, t: int) -> None:
    """Icy on K2: down to the first non-ridge space; a climber sliding into an avalanche
    space dies; a guide stops on it (Player Aid)."""
    assert isinstance(state, K2State)
    b = state.rs.board
    ng = state._game.ng
    for m in range(len(state.pos)):
        p = state.pos[m]
        if p < 0 or not b.is_ridge(p):
            continue
        q = p
        hit = -1
        while q > 0 and b.is_ridge(q):
            q -= 1
            if q in state.collapsed and hit < 0:
                hit = q
        if hit >= 0 and m >= ng:
            state._kill(m - ng, "Icy: slid into an avalanche space", R_AID)
            continue
        if hit >= 0:
            q = hit
        if q == p:
            continue
        state.pos[m] = q
        state._say(f"Icy: {state.name(m)} slides down to {b.names[q]}", R_AID)
        if (
            m >= ng
            and state._storm_phase()
            and p in b.lost_on_leaving
            and "g" not in state._traits(m - ng)
        ):
            if "b" in state._traits(m - ng):
                # Bad Sense of Direction: always LOST descending at the Shoulder, an Icy
                # slide included (no roll) [9.3] [14.1]
                state._say(f"{state.name(m)} has a bad sense of direction", R_LOST)
                state._get_lost(m - ng)
                continue
            state.lost_checks.append(m - ng)


@effect("flashlight")
def _flashlight(state: DisasterState, t: int) -> None:
    assert isinstance(state, K2State)
    ng = state._game.ng
    cands = [c for c in _alive_clients(state) if state.pos[ng + c] >= 0]
    if not cands:
        return
    if not _ask(state, "flashlight", cands):
        state.flash = ng + cands[0]
        state._say(f"the Flashlight goes to {state.name(state.flash)}", R_AID)


EFFECTS["hap_stuck"] = _turn_effect("hap_stuck")
for _name in ("darkness", "sherpa_stamina", "synthetic_rope", "houses_chimney"):
    EFFECTS.setdefault(_name, lambda state, t: None)

_unused: tuple[Effect, ...] = ()
