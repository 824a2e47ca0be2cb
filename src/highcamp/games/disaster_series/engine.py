"""The Disaster-series engine: one track, guides and clients, events, the storm, the end.

A game of the series (Disaster on Everest; Disaster on K2 next) is a :class:`Ruleset` of
data files plus a :class:`DisasterGame` subclass naming it. Everything below reads the
board, tokens and teams from the ruleset; event effects are looked up in the ``EFFECTS``
registry by the effect id printed in the token data.

A turn [5.0] is decomposed into small actions (R-DS-2):

* the event draw is a chance step per token (three when Preparations are ready [7.5]);
  Blocked Ridge markers and the neutral client are placed automatically [6.1];
* ``buy ...`` or ``decline ...`` [6.2] [6.3], then any target the event needs;
* movement [7.*]: choose an option (Clear Phase), ``move <marker>``, one space at a time
  ``<marker> up to <space>`` / ``down to <space>``, ``<guide> picks up <client>``,
  ``<guide> drops off ...``, ``end <marker>'s move``, ``push``, ``play <token>``, and
  ``end movement``; entering the Hillary Step queue rolls a die (a chance step) and a 6 asks
  for the spot [8.2]; a group entering together is ordered by the player;
* the queue resolves with a die [9.0]; the end of turn and the storm are automatic [10.0].

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-everest")
>>> s = game.new_initial_state(seed=1)
>>> s.current_player() == highcamp.CHANCE  # the first event token is drawn
True
>>> s.apply_action(s.string_to_action("draw token 30 (Ridges Open)"))
>>> [s.action_to_string(a) for a in s.legal_actions()]
['buy Ridges Open for 2 Prestige', 'decline Ridges Open (Storm Watch 1)']
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    ScoreBand,
    ScoreBreakdown,
    ScoreLine,
    State,
    chart_from_minimums,
)

from .components import ClientCard, Company, GuideCard, Ruleset

__all__ = ["EFFECTS", "HELD_EFFECTS", "KEPT_EFFECTS", "TALLIES", "DisasterGame", "DisasterState"]

# ------------------------------------------------------------------------ action ids
OPT_A, OPT_B, OPT_C, OPT_A_PREP, OPT_B_PREP = 0, 1, 2, 3, 4
STEP_UP, STEP_DOWN, DROP_OFF, END_MOVE, FINISH = 5, 6, 7, 8, 9
BUY, DECLINE, PUSH, ACCEPT, MEDKIT, LUCK, SUMMIT_PUSH = 10, 11, 12, 13, 14, 15, 16
SELECT = 20  # + marker (8)
PICKUP = 28  # + client slot (6)
ENTER = 34  # + marker (8)
SPOT = 42  # + spot - 1 (8)
PLAY = 50  # + effect index (16)
TARGET_CLIENT = 66  # + client slot (6)
TARGET_GUIDE = 72  # + guide slot (2)
TARGET_SPACE = 74  # + space (16)
SACRIFICE = 90  # + guide slot (2)
HELI = 92  # + client slot (6)
KEEP = 98  # + token (36)
RETURN = 134  # + token (36)
HIRE = 170  # + guide card (8)
TOKEN = 178  # + token (36)
DIE = 214  # + face - 1 (6)
GDRAW = 220  # + guide card (8)
CDRAW = 228  # + client card (24)
NUM_ACTIONS = 252

MAX_GUIDES, MAX_CLIENTS, MAX_SPACES, MAX_TOKENS = 2, 6, 16, 36

# positions off the track
QUEUE, LOST, DEAD, REMOVED = -1, -2, -3, -4
NEUTRAL = 99

# phases (what the next action is)
(
    P_HIRE,
    P_GDRAW,
    P_CDRAW,
    P_DRAW,
    P_KEEP,
    P_RETURN,
    P_DIE,
    P_BUY,
    P_TARGET,
    P_MOVE,
    P_ORDER,
    P_SPOT,
    P_HELI,
    P_FATE,
    P_FATE_CHOICE,
    P_OVER,
) = range(16)
PHASE_NAMES = (
    "hire guides",
    "draw guides",
    "draw clients",
    "draw event",
    "keep a token",
    "return a token",
    "roll",
    "buy or decline",
    "choose a target",
    "move",
    "order the queue entry",
    "choose a queue spot",
    "helicopter",
    "draw fate",
    "fate",
    "over",
)
_CHANCE_PHASES = frozenset({P_GDRAW, P_CDRAW, P_DRAW, P_DIE, P_FATE})

ZONE_ORDER = ("near", "medium", "far", "death")

R_SETUP = "[4.1]"
R_DRAW = "[6.0]"
R_RIDGE_PLACE = "[6.1]"
R_BUY = "[6.2]"
R_WATCH = "[6.3]"
R_OPTIONS = "[7.1]"
R_GUIDE = "[7.2]"
R_GUIDE_EXC = "[7.3]"
R_CLIENT = "[7.4]"
R_PREP = "[7.5]"
R_STORM_MOVE = "[7.6]"
R_RIDGES = "[8.1]"
R_STEP = "[8.2]"
R_LOST = "[8.3]"
R_GOALS = "[8.4]"
R_QUEUE = "[9.0]"
R_END_TURN = "[10.0]"
R_GAME_END = "[11.0]"
R_POOL = "[11.1]"
R_FATE_LOST = "[11.2]"
R_FATE_ZONE = "[11.3]"
R_SACRIFICE = "[11.4]"
R_DEATH = "[11.5]"
R_UNSUPPORTED = "[11.6]"
R_SCORE = "[12.0]"
R_TRAITS = "[13.1]"
R_PUSH = "[13.2]"
R_RANDOM = "[14.1]"
R_BONUS = "[14.2]"
R_EVENTS = "R-DS-6"

HELD_EFFECTS = frozenset({"chocolate_bars", "ridges_open", "luck"})
"""Effects whose token is held for later use [6.2]."""
KEPT_EFFECTS = frozenset({"khumbu_ice_field", "med_kit"})
"""Effects whose token stays in front of the player, out of the fate pool [11.1]."""
PLAYABLE = ("chocolate_bars", "ridges_open")
"""Held tokens played during movement (Luck is used at the game end)."""

TALLIES = (
    "tokens_bought",
    "tokens_played",
    "prestige_spent",
    "fates_live",
    "fates_die",
    "fates_frozen",
    "lost",
)
"""The counts a state keeps for analysis (``DisasterState.tallies``, one per name, in this
order), reported as figures of the same names by ``score_breakdown()``."""
T_BOUGHT, T_PLAYED, T_SPENT, T_LIVE, T_DIE, T_FROZEN, T_LOST = range(len(TALLIES))
T_FATE = {"LIVE": T_LIVE, "DIE": T_DIE, "FROZEN": T_FROZEN}
"""The tally of each fate result printed on the tokens (R-DS-5)."""


class DisasterGame(Game):
    """A game of the Disaster series; subclasses set ``INFO`` and ``RULESET``."""

    RULESET: ClassVar[Ruleset]
    SEAT_OPTIONS: ClassVar[tuple[str, ...]] = ("company",)
    """Options each seat sets for its own team (``company`` and ``company_2``) [15.0]."""

    def __init__(self, **options: Any) -> None:
        from .seats import check_two_player_options, seat_option_values

        super().__init__(**seat_option_values(options))
        rs = self.RULESET
        self.ruleset = rs
        self.company = rs.company(self.options["company"])
        self.advanced = self.options["game"] == "advanced"
        self.random_team = bool(self.options["random_team"])
        self.bonus = self.company.team_bonus if self.options["team_bonus"] else ""
        self.ng = len(self.company.guides)
        self.nc = len(self.company.clients)
        self.effect_ids = tuple(sorted(rs.effects))
        self.seat_games: tuple[DisasterGame, ...] = ()
        check_two_player_options(self)
        if self.num_players == 2:
            from .seats import seat_games

            self.seat_games = seat_games(self)  # each seat's team, as a solitaire game [15.0]

    def score_chart(self) -> list[ScoreBand]:
        """The Victory Chart bands, lowest first [12.0]."""
        return chart_from_minimums(self.RULESET.bands)

    def num_distinct_actions(self) -> int:
        """Action ids (see the module docstring; the two-player game adds its own)."""
        if self.seat_games:
            from .seats import NUM_ACTIONS_2P

            return NUM_ACTIONS_2P
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: at most 150 turns of at most 300 actions, plus the end."""
        return 150 * 300 + 100

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
        }
        if self.seat_games:
            from .seats import two_player_view

            view.update(two_player_view(self))
        return view

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
        new.company = team
        new.random_team = False
        new.bonus = ""
        new.ng = len(guides)
        new.nc = len(clients)
        return new

    def _new_state(self, seed: int) -> DisasterState:
        if self.seat_games:
            from .seats import TwoPlayerState

            return TwoPlayerState(self, seed)
        return DisasterState(self, seed)


Effect = Callable[["DisasterState", int], None]
EFFECTS: dict[str, Effect] = {}
"""Event effects by the effect id of the token data (a registry games extend)."""


def effect(name: str) -> Callable[[Effect], Effect]:
    """Register an event effect under ``name``."""

    def deco(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return deco


class DisasterState(State):
    """A position of a Disaster-series game."""

    _game: DisasterGame

    _LISTS = (
        "guides",
        "clients",
        "pos",
        "moved",
        "tired",
        "goal",
        "ams",
        "tank",
        "container",
        "set_aside",
        "held",
        "kept",
        "removed",
        "storm_watch",
        "drawn",
        "queue",
        "carried",
        "entering",
        "lost_checks",
        "rounds",
        "fate_list",
        "pool",
        "fate_drawn",
        "spent",
        "fates",
        "blocked",
        "fx",
        "sacrificed",
        "targets",
        "tallies",
    )
    _SCALARS = (
        "phase",
        "step",
        "turn",
        "prestige",
        "storm",
        "storm_pending",
        "watch_blank",
        "prep",
        "current",
        "die_for",
        "option",
        "round",
        "guides_left",
        "clients_left",
        "mover",
        "remaining",
        "carry_limit",
        "capacity",
        "pushed",
        "entry_chosen",
        "target_kind",
        "rope_client",
        "bonus_used",
        "pending_entry",
        "fate_client",
        "fate_key",
        "fate_token",
        "medkits_used",
        "heli_done",
        "heli_client",
        "draws_left",
        "start_space",
        "stepped",
    )
    _NESTED = ("queue", "carried", "entering", "fate_list")
    _FLAT = tuple(filter(lambda k: k not in ("queue", "carried", "entering", "fate_list"), _LISTS))
    __slots__ = (*_LISTS, *_SCALARS, "_cache")

    def __init__(self, game: DisasterGame, seed: int) -> None:
        super().__init__(game, seed)
        rs = game.ruleset
        b = rs.board
        ng, nc = game.ng, game.nc
        self.guides: list[int] = []
        self.clients: list[int] = []
        self.pos = [0] * (ng + nc)
        self.moved = [False] * (ng + nc)
        self.tired = [0] * nc
        self.goal = [0] * nc
        self.ams = [False] * nc
        self.tank = [False] * ng
        self.sacrificed = [False] * ng
        self.container = list(range(len(rs.tokens)))
        self.set_aside: list[int] = []
        self.held: list[int] = []
        self.kept: list[int] = []
        self.removed: list[int] = []
        self.storm_watch: list[int] = []
        self.drawn: list[int] = []
        self.queue: list[list[int]] = []  # [spot, who, direction]
        self.carried: list[list[int]] = []  # [marker, spaces carried]
        self.entering: list[list[int]] = []  # [marker, direction]
        self.lost_checks: list[int] = []
        self.rounds: list[str] = []
        self.fate_list: list[list[Any]] = []  # [client slot, zone key]
        self.pool: list[int] = []
        self.fate_drawn: list[int] = []
        self.spent: list[int] = []
        self.fates: list[str] = [""] * nc
        self.blocked: list[int] = []
        self.fx: list[str] = []
        self.targets: list[int] = []
        self.tallies = [0] * len(TALLIES)  # counts for analysis, see TALLIES
        self.phase = P_DRAW
        self.step = "setup"
        self.turn = 1
        self.prestige = b.prestige_start
        self.storm = 0
        self.storm_pending = False
        self.watch_blank = 0
        self.prep = 0
        self.current = -1
        self.die_for = ""
        self.option = -1
        self.round = ""
        self.guides_left = 0
        self.clients_left = 0
        self.mover = -1
        self.remaining = 0
        self.carry_limit = 2
        self.capacity = 1
        self.pushed = False
        self.entry_chosen = False
        self.target_kind = ""
        self.rope_client = -1
        self.bonus_used = False
        self.pending_entry = -1
        self.fate_client = -1
        self.fate_key = ""
        self.fate_token = -1
        self.medkits_used = 0
        self.heli_done = False
        self.heli_client = -1
        self.draws_left = 0
        self.start_space = 0
        self.stepped = False
        self._cache: list[int] | None = None
        self._setup()

    # ================================================================== helpers
    @property
    def rs(self) -> Ruleset:
        """The game's components."""
        return self._game.ruleset

    def name(self, marker: int) -> str:
        """The name of a marker (guides first, then clients)."""
        ng = self._game.ng
        if marker == NEUTRAL:
            return "another company's client"
        if marker < ng:
            return self.rs.guides[self.guides[marker]].name
        return self.rs.clients[self.clients[marker - ng]].name

    def space_name(self, space: int) -> str:
        """A board space, or the queue, LOST box..."""
        if space >= 0:
            return self.rs.board.names[space]
        return {QUEUE: "the Hillary Step queue", LOST: "the LOST box", DEAD: "dead"}.get(
            space, "removed"
        )

    def _skills(self, g: int) -> frozenset[str]:
        """Skills in force for guide ``g``: all in the Clear Phase, only with Resolute in
        the storm [7.6]."""
        skills = self.rs.guides[self.guides[g]].skills
        if self.round == "storm" and "resolute" not in skills:
            return frozenset()
        return skills

    def _traits(self, c: int) -> frozenset[str]:
        """Trait letters in force for client slot ``c`` (Advanced Game only) [13.1]."""
        if not self._game.advanced:
            return frozenset()
        return self.rs.clients[self.clients[c]].traits

    def _is_blocked(self, space: int) -> bool:
        return space in self.blocked

    def _escape(self, space: int) -> int:
        """Spaces from ``space`` to the nearest space that is not blocked."""
        size = self.rs.board.size
        best = 99
        for d in (1, -1):
            s, n = space, 0
            while 0 <= s < size and self._is_blocked(s):
                s += d
                n += 1
            if 0 <= s < size:
                best = min(best, n)
        return best

    def _client_at(self, space: int) -> list[int]:
        ng = self._game.ng
        return [c for c in range(self._game.nc) if self.pos[ng + c] == space]

    def _guide_on(self, space: int) -> bool:
        return any(self.pos[g] == space for g in range(self._game.ng))

    def _spot_open(self, spot: int) -> bool:
        if spot >= self.rs.board.queue_length - 1:
            return True  # 8+ stacks [8.2]
        return not any(e[0] == spot for e in self.queue)

    def _neutral_supply(self) -> int:
        return self.rs.board.neutral_clients - sum(1 for e in self.queue if e[1] == NEUTRAL)

    def _storm_phase(self) -> bool:
        return self.storm > 0

    # ================================================================== set-up [4.*]
    def _setup(self) -> None:
        game = self._game
        company = game.company
        if game.bonus == "choose_guides":
            self.phase = P_HIRE  # [14.2]: choose any two guides
        elif game.random_team:
            self.phase = P_GDRAW  # [14.1]
        else:
            self.guides = list(company.guides)
        if not game.random_team:
            self.clients = list(company.clients)
        if self.guides and self.clients:
            self._begin_turn()
        elif self.guides:
            self.phase = P_CDRAW

    def _setup_next(self) -> None:
        game = self._game
        if len(self.guides) < game.ng:
            return
        if len(self.clients) < game.nc:
            self.phase = P_CDRAW
            return
        self._emit(
            "guides "
            + ", ".join(self.name(g) for g in range(game.ng))
            + " and clients "
            + ", ".join(self.name(game.ng + c) for c in range(game.nc))
            + " at High Camp; Prestige 18",
            "[4.2] [4.3] [4.4]",
        )
        self._begin_turn()

    # ================================================================== the turn [5.0]
    def _begin_turn(self) -> None:
        self.step = "draw"
        self.fx = []
        self.blocked = []
        self.current = -1
        if not self.container and self.set_aside:
            # no depletion rule in the Everest rulebook: K2 [7.4] is followed
            self.container = sorted(self.set_aside)
            self.set_aside = []
            self._emit("the container is empty: set-aside tokens return to it", "K2 [7.4]")
        n = 3 if self.prep == 2 else 1
        self.draws_left = min(n, len(self.container))
        self.drawn = []
        if self.draws_left == 0:
            self._emit("no token left to draw: the storm builds anyway", R_WATCH)
            if not self._storm_phase():
                self.watch_blank += 1
                self._check_watch()
            self._begin_move()
            return
        self.phase = P_DRAW

    def _check_watch(self) -> None:
        if len(self.storm_watch) + self.watch_blank >= self.rs.board.storm_watch:
            self.storm_pending = True
            self._emit("the last Storm Watch space is covered: the storm hits next turn", R_WATCH)

    def _after_draw(self) -> None:
        if self.prep == 2:
            self.phase = P_KEEP
            return
        self.current = self.drawn.pop()
        self._place_event()

    def _place_event(self) -> None:
        tok = self.rs.tokens[self.current]
        b = self.rs.board
        self.blocked = sorted(b.ridges_numbered(tok.ridge))
        if self._log is not None and self.blocked:
            self._emit(
                "Blocked Ridge markers on " + ", ".join(b.names[s] for s in self.blocked),
                R_RIDGE_PLACE,
            )
        spot = tok.ridge - 1
        if (
            spot < b.queue_length
            and not any(e[0] == spot for e in self.queue)
            and self._neutral_supply() > 0
        ):
            self.queue.append([spot, NEUTRAL, 0])
            self._emit(f"another company's client enters queue spot {spot + 1}", R_RIDGE_PLACE)
        self.step = "buy"
        if self.prestige >= tok.cost:
            self.phase = P_BUY
        else:
            self._emit(f"{tok.name} costs {tok.cost}: not enough Prestige", R_BUY)
            self._decline()

    def _decline(self) -> None:
        t = self.current
        self.current = -1
        if self._storm_phase():
            self.set_aside.append(t)
            self._emit(f"{self.rs.tokens[t].name} is set aside", R_WATCH)
        else:
            self.storm_watch.append(t)
            self._emit(
                f"{self.rs.tokens[t].name} covers Storm Watch {len(self.storm_watch) + self.watch_blank}",
                R_WATCH,
            )
            self._check_watch()
        self._begin_move()

    def _buy(self) -> None:
        self._take_event(self.rs.tokens[self.current].cost)

    # effects whose bought tokens are held for later or kept in front of the player (the
    # rest are set aside), and whether the log says so of a kept one
    _HELD: frozenset[str] = HELD_EFFECTS
    _KEPT: frozenset[str] = KEPT_EFFECTS
    _KEPT_SAID = True

    def _take_event(self, price: int) -> None:
        """Pay ``price`` Prestige for the drawn event and carry it out [6.2] (solitaire: the
        printed cost; two players: the winning bid [15.3])."""
        t = self.current
        tok = self.rs.tokens[t]
        self.prestige -= price
        self.tallies[T_BOUGHT] += 1
        self.tallies[T_SPENT] += price
        self.current = -1
        if tok.effect in self._HELD:
            self.held.append(t)
            self._emit(f"{tok.name} is held for later", R_BUY)
        elif tok.effect in self._KEPT:
            self.kept.append(t)
            if self._KEPT_SAID:
                self._emit(f"{tok.name} is kept in front of the player", R_POOL)
        else:
            self.set_aside.append(t)
        self._effect(tok.effect)(self, t)
        if self.phase not in (P_TARGET, P_DIE):
            self._resume()

    def _effect(self, effect: str) -> Effect:
        """The effect a bought token carries out (two players: the clarified ones)."""
        return EFFECTS[effect]

    # ================================================================== movement [7.*]
    def _begin_move(self) -> None:
        self.step = "move"
        if not self._storm_phase():
            self.rounds = ["clear"]
        elif self.storm == 1 and self._game.bonus == "double_storm_move":
            self.rounds = ["clear", "storm"]  # [14.2]
            self._emit("team bonus: one normal move, then one storm move", R_BONUS)
        else:
            self.rounds = ["storm"]
        self._start_round(first=True)

    def _start_round(self, first: bool) -> None:
        kind = self.rounds.pop(0)
        self.round = kind
        if not first:
            self.moved = [False] * len(self.moved)  # [14.2]: a second move
        self.mover = -1
        self.carried = []
        if kind == "clear":
            self.option = -1
            self.guides_left = self.clients_left = 0
        else:
            self.option = -1
            self.guides_left = self._game.ng
            self.clients_left = self._game.nc
        self._resume()

    def _resume(self) -> None:
        """Continue after an interruption (queue entries, lost rolls) or an action."""
        if self.entering:
            if len(self.entering) > 1 and not self.entry_chosen:
                self.phase = P_ORDER
            else:
                self.phase = P_DIE
                self.die_for = "queue"
            return
        if self.lost_checks:
            self.phase = P_DIE
            self.die_for = "lost"
            return
        if self.step == "buy":
            self._begin_move()
            return
        if self.step == "move":
            self.phase = P_MOVE
            if self.round == "clear" and self.option < 0:
                return
            acts = self._move_actions()
            if self.mover < 0 and acts == [FINISH]:
                self._finish_round()
            else:
                self._cache = acts  # the legal actions of the state this action leaves
            return

    def _finish_round(self) -> None:
        self.mover = -1
        if self.rounds:
            self._start_round(first=False)
            return
        self._resolve_queue()

    # ---------------------------------------------------------------- allowances
    def _guide_allowance(self, g: int) -> int:
        card = self.rs.guides[self.guides[g]]
        n = card.movement if self.round == "clear" or "resolute" in card.skills else 2
        if self.tank[g]:
            n += 1
        if "summit_push" in self.fx:
            n += 3
        if "thick_snow" in self.fx:
            n -= 1
        return max(n, 0)

    def _client_allowance(self, c: int) -> int:
        card = self.rs.clients[self.clients[c]]
        n = card.movement
        if (
            self.round == "storm"
            and "calm_wind" not in self.fx
            and not self._guide_on(self.pos[self._game.ng + c])
        ):
            n = min(n, 1)  # [7.6]
        n += self.fx.count("chocolate_bars") + self.fx.count("energy_boost")
        if "thick_snow" in self.fx:
            n -= 1
        return max(n, 0)

    def _can_push(self, c: int) -> bool:
        traits = self._traits(c)
        return self._game.advanced and not self.pushed and "c" not in traits and "e" not in traits

    def _selectable(self, m: int) -> bool:
        ng = self._game.ng
        if self.moved[m] or self.pos[m] < 0:
            return False
        if m < ng:
            return self.guides_left > 0 and self._guide_allowance(m) > 0
        c = m - ng
        if self.clients_left <= 0 or self.tired[c] == 2:
            return False
        return self._client_allowance(c) > 0 or self._can_push(c)

    def _move_actions(self) -> list[int]:
        """Legal actions of the movement step."""
        game = self._game
        ng = game.ng
        acts: list[int] = []
        if self.mover < 0:
            if self.round == "clear" and self.option < 0:
                acts = [OPT_A, OPT_B, OPT_C]
                if self.prep < 2 and ng > 0 and not self._storm_phase():
                    acts += [OPT_A_PREP, OPT_B_PREP] if ng > 1 else [OPT_B_PREP]
            else:
                acts = [SELECT + m for m in range(len(self.pos)) if self._selectable(m)]
                acts.append(FINISH)
            if (
                game.bonus == "summit_push"
                and not self.bonus_used
                and not any(self.moved[g] for g in range(ng))
            ):
                acts.append(SUMMIT_PUSH)
            for k, eff in enumerate(game.effect_ids):
                if eff in PLAYABLE and any(self.rs.tokens[t].effect == eff for t in self.held):
                    if eff == "ridges_open" and not self._ridges_open_playable():
                        continue
                    acts.append(PLAY + k)
            return sorted(acts)
        m = self.mover
        for a in (STEP_UP, STEP_DOWN):
            if self._step_problem(a) is None:
                acts.append(a)
        if m < ng:
            space = self.pos[m]
            if self.carried and self._end_problem() is None:
                acts.append(DROP_OFF)
            if self._end_problem() is None:
                acts.append(END_MOVE)
            if len(self.carried) < self.capacity and "lost_signal" not in self.fx:
                carried = {x[0] for x in self.carried}
                for c in self._client_at(space):
                    if c + ng in carried or self.moved[ng + c]:
                        continue
                    if "e" in self._traits(c) and self.remaining < 2:
                        continue
                    acts.append(PICKUP + c)
        else:
            if self._can_push(m - ng):
                acts.append(PUSH)
            if self._end_problem() is None:
                acts.append(END_MOVE)
        return sorted(acts)

    def _ridges_open_playable(self) -> bool:
        """Whether a held Ridges Open may be played now: solitaire, when a ridge is
        blocked (it removes the markers) [6.2]."""
        return bool(self.blocked)

    def _end_problem(self) -> str | None:
        """Why the mover may not stop here, or None (a marker that has not left a blocked
        ridge it started on may stay [8.1])."""
        here = self.pos[self.mover]
        if self._is_blocked(here) and (here != self.start_space or self.stepped):
            return R_RIDGES
        return None

    def _step_problem(self, action: int) -> str | None:
        """The rule that forbids stepping now, or None."""
        game = self._game
        ng = game.ng
        b = self.rs.board
        m = self.mover
        d = 1 if action == STEP_UP else -1
        cur = self.pos[m]
        nxt = cur + d
        if not 0 <= nxt < b.size:
            return R_GUIDE if m < ng else R_CLIENT
        if self.remaining < 1:
            return R_GUIDE if m < ng else R_CLIENT
        if m < ng:
            skills = self._skills(m)
            for _, n in self.carried:
                if n >= self.carry_limit:
                    return R_GUIDE_EXC if "fast" in skills else R_GUIDE
            passes = "expert_climber" in skills
        else:
            passes = "a" in self._traits(m - ng)
        if self._is_blocked(nxt):
            if not passes:
                return R_RIDGES
            need = self._escape(nxt)
            if self.remaining - 1 < need:
                return R_RIDGES
            if any(self.carry_limit - n - 1 < need for _, n in self.carried):
                return R_RIDGES
        if m >= ng:
            traits = self._traits(m - ng)
            if "d" in traits and (nxt == b.summit or (nxt == b.up and d == 1)):
                return R_TRAITS
        if (
            b.up >= 0
            and cur in (b.up, b.down)
            and nxt in (b.up, b.down)
            and (m >= ng or "expert_climber" not in self._skills(m))
            and self.carried
        ):
            return R_STEP
        return None

    def _do_step(self, action: int) -> None:
        game = self._game
        ng = game.ng
        b = self.rs.board
        m = self.mover
        d = 1 if action == STEP_UP else -1
        cur = self.pos[m]
        nxt = cur + d
        if (
            m < ng
            and b.up >= 0
            and cur in (b.up, b.down)
            and nxt in (b.up, b.down)
            and "expert_climber" not in self._skills(m)
        ):
            # an Expert Climber without skills in the storm [7.6] on Up or Down: going on
            # means taking the Hillary Step like everyone else [8.2]
            self.stepped = True
            self.remaining -= 1
            self.entering.append([m, d])
            self._end_guide()
            return
        self.pos[m] = nxt
        self.stepped = True
        self.remaining -= 1
        for entry in self.carried:
            self.pos[entry[0]] = nxt
            entry[1] += 1
        into_queue = b.up >= 0 and (
            (nxt == b.up and d == 1 and cur != b.down)
            or (nxt == b.down and d == -1 and cur != b.up)
        )
        if m < ng:
            if nxt == b.summit:
                for entry in self.carried:
                    self._summit(entry[0] - ng)
            if into_queue:
                expert = "expert_climber" in self._skills(m)
                group = [x[0] for x in self.carried]
                for c in group:
                    self.moved[c] = True
                self.carried = []
                if not expert:
                    group = [m, *group]
                    self._end_guide()
                for x in group:
                    self.entering.append([x, d])
                if not expert:
                    return
            if self.remaining == 0:
                self._end_guide()
            return
        c = m - ng
        if nxt == b.summit:
            self._summit(c)
        if into_queue:
            self.entering.append([m, d])
            self.remaining = 0
            self._end_client()
            return
        if (
            self._storm_phase()  # [8.3]: the whole Storm Phase, both moves of [14.2] too
            and cur in b.lost_on_leaving
            and "calm_wind" not in self.fx
            and "g" not in self._traits(c)
        ):
            if "b" in self._traits(c) and d == -1:
                self._emit(f"{self.name(m)} has a bad sense of direction", R_LOST)
                self._get_lost(c)
                return
            self.lost_checks.append(c)
        if self.remaining == 0 and not self._can_push(c) and not self.lost_checks:
            self._end_client()

    def _summit(self, c: int) -> None:
        if self.goal[c] < 2:
            self.goal[c] = 2
            self._emit(f"{self.name(self._game.ng + c)} reaches the Summit", R_GOALS)

    def _get_lost(self, c: int) -> None:
        m = self._game.ng + c
        self.pos[m] = LOST
        self.tallies[T_LOST] += 1
        self.moved[m] = True
        self._emit(f"{self.name(m)} is LOST in the storm", R_LOST)
        if self.mover == m:
            self.remaining = 0
            self._end_client()

    def _end_guide(self) -> None:
        m = self.mover
        if self.carried:
            self._drop()
        self.moved[m] = True
        self.guides_left -= 1
        self.mover = -1
        self.remaining = 0
        if self.option == OPT_B:
            self.clients_left = 2

    def _drop(self) -> None:
        for x, n in self.carried:
            self.moved[x] = True
            if self._log is not None:
                self._emit(
                    f"{self.name(x)} is dropped off at {self.space_name(self.pos[x])} after {n}",
                    R_GUIDE,
                )
        self.carried = []

    def _end_client(self) -> None:
        m = self.mover
        c = m - self._game.ng
        self.moved[m] = True
        cautious = self._game.advanced and "c" in self._traits(c)
        if not (cautious and not self.stepped):
            # [13.2]: a Cautious client that ends its move without moving has made no
            # move: it does not tire, nor use up one of the option's client moves
            self.clients_left -= 1
        if (cautious and self.stepped) or (self._game.advanced and self.pushed):
            self.tired[c] = 1
            self._emit(f"{self.name(m)} is tired", R_PUSH)
        self.mover = -1
        self.remaining = 0
        self.pushed = False

    def _select(self, m: int) -> None:
        ng = self._game.ng
        self.mover = m
        self.pushed = False
        self.start_space = self.pos[m]
        self.stepped = False
        if m < ng:
            skills = self._skills(m)
            self.remaining = self._guide_allowance(m)
            self.capacity = 2 if "strong" in skills else 1
            self.carry_limit = 3 if "fast" in skills else 2
            if "summit_push" in self.fx:
                self.carry_limit = 99  # [14.2]: carried their entire allowance
            self.carried = []
        else:
            self.guides_left = 0  # guides always move first [7.1] [7.6]
            self.remaining = self._client_allowance(m - ng)

    def _choose_option(self, action: int) -> None:
        ng = self._game.ng
        self.option = action
        g, c = {
            OPT_A: (2, 0),
            OPT_B: (1, 0),
            OPT_C: (0, 4),
            OPT_A_PREP: (1, 0),
            OPT_B_PREP: (0, 2),
        }[action]
        self.guides_left = min(g, ng)
        self.clients_left = c
        if action == OPT_B and ng == 0:
            self.clients_left = 2
        if action in (OPT_A_PREP, OPT_B_PREP):
            self.prep += 1
            self._emit(
                "a guide makes preparations: " + ("Prep 1/2" if self.prep == 1 else "Prep Ready"),
                R_PREP,
            )
            if action == OPT_A_PREP:
                self.option = OPT_A
            else:
                self.option = OPT_B  # the guide prepared: two clients move

    # ================================================================== queue [8.2] [9.0]
    def _place_in_queue(self, marker: int, direction: int, spot: int) -> None:
        self.queue.append([spot, marker, direction])
        ng = self._game.ng
        self.pos[marker] = QUEUE
        if marker >= ng and self.goal[marker - ng] == 0:
            self.goal[marker - ng] = 1
            self._emit(f"{self.name(marker)} earns the Hillary Step marker", R_GOALS)
        self._emit(f"{self.name(marker)} takes queue spot {spot + 1}", R_STEP)

    def _resolve_queue(self) -> None:
        self.step = "resolve"
        self.round = ""
        if self.queue and "slowed" not in self.fx:
            self.phase = P_DIE
            self.die_for = "resolve"
            return
        if self.queue:
            self._emit("Slowed: the queue does not move this turn", R_EVENTS)
        self._end_turn()

    def _shift_queue(self, d: int) -> None:
        b = self.rs.board
        stay = []
        for spot, who, direction in sorted(self.queue):
            spot -= d
            if spot >= 0:
                stay.append([spot, who, direction])
            elif who == NEUTRAL:
                self._emit("another company's client leaves the queue", R_QUEUE)
            else:
                dest = b.down + 1 if direction > 0 else b.up - 1
                self.pos[who] = dest
                self._emit(f"{self.name(who)} leaves the queue to {b.names[dest]}", R_QUEUE)
        self.queue = stay

    # ================================================================== end of turn [10.0]
    def _end_turn(self) -> None:
        self.step = "end"
        game = self._game
        ng = game.ng
        for c in range(game.nc):
            if self.tired[c] == 1:
                self.tired[c] = 2
            elif self.tired[c] == 2:
                self.tired[c] = 0
        self.moved = [False] * (ng + game.nc)
        self.blocked = []
        self.fx = []
        if self._advance_track():
            return
        self.turn += 1
        self._begin_turn()

    # what the log says when the phase track's marker enters the track and reaches Game End
    _TRACK_TEXTS = (
        "the storm hits: Storm Turn marker on 1",
        "the Storm Turn marker reaches Game End",
    )

    def _advance_track(self) -> bool:
        """End of Turn [10.0]: the Storm Turn marker (K2: the Darkness marker) enters its track
        the turn after it is due, then moves on each turn; True when it reached Game End and
        the game end [11.0] has begun."""
        if self.storm_pending:
            self.storm_pending = False
            self.storm = 1
            self._emit(self._TRACK_TEXTS[0], R_END_TURN)
        elif self.storm > 0:
            self.storm += 1
            if self.storm >= self.rs.board.storm_track:
                self._emit(self._TRACK_TEXTS[1], R_GAME_END)
                self._begin_end()
                return True
        return False

    # ================================================================== game end [11.*]
    def _begin_end(self) -> None:
        game = self._game
        self.step = "fate"
        luck_kept = [t for t in self.held if self.rs.tokens[t].effect == "luck"][:1]
        back = [t for t in self.held if t not in luck_kept]
        self.pool = sorted(self.container + self.set_aside + self.storm_watch + back + self.drawn)
        self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
        self.held = luck_kept
        self._emit(f"{len(self.pool)} tokens form the fate pool", R_POOL)
        if game.bonus == "helicopter" and self._stranded():
            self.phase = P_HELI
            return
        self.heli_done = True
        self._build_fates()

    def _stranded(self) -> list[int]:
        ng = self._game.ng
        return [
            c for c in range(self._game.nc) if self.pos[ng + c] > 0 or self.pos[ng + c] == QUEUE
        ]

    def _zone(self, c: int) -> str:
        p = self.pos[self._game.ng + c]
        return "far" if p == QUEUE else self.rs.board.zones[p]

    def _build_fates(self) -> None:
        game = self._game
        ng = game.ng
        self.fate_list = []
        for c in range(game.nc):
            if self.pos[ng + c] == LOST:
                if "w" in self._traits(c):
                    self.pos[ng + c] = 0
                    self.fates[c] = "will to live"
                    self._emit(f"{self.name(ng + c)} has the will to live", R_FATE_LOST)
                else:
                    self.fate_list.append([c, "lost"])
        healers = {self.pos[ng + c] for c in range(game.nc) if "h" in self._traits(c)}
        for c in range(game.nc):
            p = self.pos[ng + c]
            if p == 0 or p in (LOST, DEAD) or (p < 0 and p != QUEUE):
                continue
            zone = self._zone(c)
            k = ZONE_ORDER.index(zone)
            if zone == "death":
                self._die(c, self._DEATH_ZONE)
                continue
            if "w" in self._traits(c) and zone in ("near", "medium"):
                self.fates[c] = "will to live"
                continue
            if self.ams[c]:
                k += 1
            if p in healers and p >= 0:
                k -= 1
            if k < 0:
                self.fates[c] = "healed"
                continue
            if k >= 3:
                self._die(c, "Acute Mountain Sickness")
                continue
            self.fate_list.append([c, ZONE_ORDER[k]])
        self._next_fate()

    _DEATH_ZONE: ClassVar[str] = "caught above the Hillary Step"
    """Why a client in the death zone dies at the game end [11.3] (a board's wording)."""

    def _phase_name(self) -> str:
        """The name of the phase (what the next action is), for observations."""
        return PHASE_NAMES[self.phase]

    def _take_off(self, m: int) -> None:
        """Take marker ``m`` out of the queue (it leaves the mountain)."""
        self.queue = [e for e in self.queue if e[1] != m]

    def _die(self, c: int, why: str) -> None:
        self._take_off(self._game.ng + c)
        self.pos[self._game.ng + c] = DEAD
        self.fates[c] = "died: " + why
        self._emit(f"{self.name(self._game.ng + c)} dies ({why})", R_DEATH)

    def _next_fate(self) -> None:
        if self.fate_list and self.pool:
            c, key = self.fate_list.pop(0)
            self.fate_client = c
            self.fate_key = key
            self.phase = P_FATE
            return
        for c, key in self.fate_list:
            self._die(c, f"no token left to draw ({key})")
        self.fate_list = []
        self._finish()

    def _fate_options(self) -> list[int]:
        c = self.fate_client
        ng = self._game.ng
        acts = [ACCEPT]
        if self.fate_key != "lost":
            here = self._place_of(ng + c)
            for g in range(ng):
                if self._place_of(g) == here and not self.sacrificed[g]:
                    acts.append(SACRIFICE + g)  # [11.4]: on the same space
            if (
                len([t for t in self.kept if self.rs.tokens[t].effect == "med_kit"])
                > self.medkits_used
            ):
                acts.append(MEDKIT)
        if any(self.rs.tokens[t].effect == "luck" for t in self.held) and self.pool:
            acts.append(LUCK)
        return sorted(acts)

    def _place_of(self, m: int) -> tuple[int, int]:
        """Where marker ``m`` is, as a space: its board space, or its own spot of the
        Hillary Step queue (two queue spots are two spaces [11.4])."""
        p = self.pos[m]
        if p == QUEUE:
            return (QUEUE, next((e[0] for e in self.queue if e[1] == m), -1))
        return (p, 0)

    def _fate_result(self, t: int) -> None:
        c = self.fate_client
        ng = self._game.ng
        self.pool.remove(t)
        self.fate_drawn.append(t)
        result = self.rs.tokens[t].fate(self.fate_key)
        self.tallies[T_FATE[result]] += 1
        self._emit(
            f"{self.name(ng + c)} draws {self.rs.tokens[t].name}: {self.fate_key.title()} {result}",
            R_FATE_LOST if self.fate_key == "lost" else R_FATE_ZONE,
        )
        if result == "LIVE":
            self._survive(c)
            self._next_fate()
            return
        self.fate_token = t
        if self._fate_options() == [ACCEPT]:
            self._die(c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
            self._next_fate()
            return
        self.phase = P_FATE_CHOICE

    def _survive(self, c: int) -> None:
        ng = self._game.ng
        if self.fate_key == "lost":
            self.pos[ng + c] = 0  # [11.5] exception: back to High Camp
            self.fates[c] = "survived LOST"
        else:
            self.fates[c] = f"survived ({self.fate_key})"

    def _finish(self) -> None:
        game = self._game
        ng = game.ng
        for c in range(game.nc):
            if self.goal[c] == 0 and self.pos[ng + c] != DEAD:
                self.fates[c] = "not supported"
                self._emit(f"{self.name(ng + c)} never reached the Hillary Step", R_UNSUPPORTED)
        self.phase = P_OVER
        self.step = "over"
        if self._log is not None:
            bd = self.score_breakdown()[0]
            self._emit(f"final score {bd.total:g}: {bd.band}", R_SCORE)

    # ================================================================== contract
    def current_player(self) -> int:
        """0 at a decision, ``CHANCE`` at a draw or roll, ``TERMINAL`` at the end."""
        if self.phase == P_OVER:
            return TERMINAL
        if self.phase in _CHANCE_PHASES:
            return CHANCE
        return 0

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == P_DRAW:
            n = len(self.container)
            return [(TOKEN + t, 1 / n) for t in self.container]
        if ph == P_FATE:
            n = len(self.pool)
            return [(TOKEN + t, 1 / n) for t in self.pool]
        if ph == P_DIE:
            return [(DIE + d, 1 / 6) for d in range(6)]
        if ph == P_GDRAW:
            free = [g for g in range(len(self.rs.guides)) if g not in self.guides]
            return [(GDRAW + g, 1 / len(free)) for g in free]
        if ph == P_CDRAW:
            free = [c for c in range(len(self.rs.clients)) if c not in self.clients]
            return [(CDRAW + c, 1 / len(free)) for c in free]
        return []

    def _legal_actions(self) -> list[int]:
        """The legal actions: the memo a transition left (``_resume``), or computed now. A
        read never writes the memo, so reading a state changes nothing."""
        cache = self._cache
        return self._compute_legal() if cache is None else cache

    def _is_legal(self, action: int) -> bool:
        ph = self.phase
        if ph == P_DIE:
            return DIE <= action < DIE + 6
        if ph == P_DRAW:
            return TOKEN <= action < DIE and action - TOKEN in self.container
        if ph == P_FATE:
            return TOKEN <= action < DIE and action - TOKEN in self.pool
        if ph == P_OVER:
            return False
        if ph in (P_GDRAW, P_CDRAW):
            return action in self.legal_actions()
        if ph == P_MOVE and self._cache is None:
            if action in (STEP_UP, STEP_DOWN) and self.mover >= 0:
                return self._step_problem(action) is None
            if SELECT <= action < SELECT + len(self.pos) and self.mover < 0:
                if self.round == "clear" and self.option < 0:
                    return False
                return self._selectable(action - SELECT)
        return action in self._legal_actions()

    def _sample_chance(self, u: int) -> int:
        ph = self.phase
        if ph == P_DIE:
            return DIE + ((u * 6) >> 64)
        if ph == P_DRAW:
            return TOKEN + self.container[(u * len(self.container)) >> 64]
        if ph == P_FATE:
            return TOKEN + self.pool[(u * len(self.pool)) >> 64]
        return super()._sample_chance(u)

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        if ph == P_MOVE:
            return self._move_actions()
        if ph == P_BUY:
            return [BUY, DECLINE]
        if ph == P_HIRE:
            return [HIRE + g for g in range(len(self.rs.guides)) if g not in self.guides]
        if ph == P_KEEP:
            return sorted(KEEP + t for t in self.drawn)
        if ph == P_RETURN:
            return sorted(RETURN + t for t in self.drawn)
        if ph == P_ORDER:
            return sorted(ENTER + e[0] for e in self.entering)
        if ph == P_SPOT:
            n = self.rs.board.queue_length
            return [SPOT + s for s in range(n) if self._spot_open(s)]
        if ph == P_TARGET:
            base = {
                "client": TARGET_CLIENT,
                "guide": TARGET_GUIDE,
                "space": TARGET_SPACE,
            }[self._target_type()]
            return [base + x for x in self.targets]
        if ph == P_HELI:
            return [ACCEPT] + [HELI + c for c in self._stranded()]
        if ph == P_FATE_CHOICE:
            return self._fate_options()
        return []

    def _target_type(self) -> str:
        return {"oxygen": "guide", "avalanche": "space"}.get(self.target_kind, "client")

    # ----------------------------------------------------------------- action texts
    def _action_text(self, action: int) -> str:
        ng = self._game.ng
        rs = self.rs
        b = rs.board
        if action >= CDRAW:
            return f"client drawn: {rs.clients[action - CDRAW].name}"
        if action >= GDRAW:
            return f"guide drawn: {rs.guides[action - GDRAW].name}"
        if action >= DIE:
            return f"die shows {action - DIE + 1}"
        if action >= TOKEN:
            t = action - TOKEN
            return f"draw token {t} ({rs.tokens[t].name})"
        if action >= HIRE:
            return f"hire {rs.guides[action - HIRE].name}"
        if action >= RETURN:
            t = action - RETURN
            return f"return token {t} ({rs.tokens[t].name}) to the container"
        if action >= KEEP:
            t = action - KEEP
            return f"keep token {t} ({rs.tokens[t].name})"
        if action >= HELI:
            return f"helicopter rescues {self.name(ng + action - HELI)}"
        if action >= SACRIFICE:
            g = action - SACRIFICE
            return f"{self.name(g)} gives their life for {self.name(ng + self.fate_client)}"
        if action >= TARGET_SPACE:
            return f"Avalanche at {b.names[action - TARGET_SPACE]}"
        if action >= TARGET_GUIDE:
            return f"Oxygen Tank to {self.name(action - TARGET_GUIDE)}"
        if action >= TARGET_CLIENT:
            kind = "Broken Rope" if self.target_kind == "broken_rope" else "Acute Mountain Sickness"
            return f"{kind} strikes {self.name(ng + action - TARGET_CLIENT)}"
        if action >= PLAY:
            eff = self._game.effect_ids[action - PLAY]
            name = next(
                rs.tokens[t].name for t in range(len(rs.tokens)) if rs.tokens[t].effect == eff
            )
            return f"play {name}"
        if action >= SPOT:
            who = self.pending_entry
            return f"place {self.name(who)} on queue spot {action - SPOT + 1}"
        if action >= ENTER:
            return f"{self.name(action - ENTER)} enters the queue next"
        if action >= PICKUP:
            return f"{self.name(self.mover)} picks up {self.name(ng + action - PICKUP)}"
        if action >= SELECT:
            return f"move {self.name(action - SELECT)}"
        return self._simple_text(action)

    def _simple_text(self, action: int) -> str:
        b = self.rs.board
        ng = self._game.ng
        if action == OPT_A:
            return "option a: move 2 guides" if ng > 1 else "option a: move the guide"
        if action == OPT_B:
            return "option b: move 1 guide, then 2 clients"
        if action == OPT_C:
            return "option c: move 4 clients"
        if action == OPT_A_PREP:
            return "option a with Preparations: one guide prepares, the other moves"
        if action == OPT_B_PREP:
            return "option b with Preparations: the guide prepares, then 2 clients move"
        if action in (STEP_UP, STEP_DOWN):
            m = self.mover
            d = 1 if action == STEP_UP else -1
            dest = b.names[self.pos[m] + d]
            way = "up" if d == 1 else "down"
            if (
                self.pos[m] in (b.up, b.down)
                and self.pos[m] + d in (b.up, b.down)
                and m < self._game.ng
                and "expert_climber" not in self._skills(m)
            ):
                return f"{self.name(m)} enters the Hillary Step queue going {way}"
            if self.carried:
                who = " and ".join(self.name(x) for x, _ in self.carried)
                n = max(n for _, n in self.carried) + 1
                return f"{self.name(m)} carries {who} {n} {way} to {dest}"
            return f"{self.name(m)} {way} to {dest}"
        if action == DROP_OFF:
            who = " and ".join(self.name(x) for x, _ in self.carried)
            return f"{self.name(self.mover)} drops off {who}"
        if action == END_MOVE:
            return f"end {self.name(self.mover)}'s move"
        if action == FINISH:
            return "end movement"
        if action in (BUY, DECLINE):
            tok = self.rs.tokens[self.current]
            if action == BUY:
                return f"buy {tok.name} for {tok.cost} Prestige"
            if self._storm_phase():
                return f"decline {tok.name} (set aside)"
            return (
                f"decline {tok.name} (Storm Watch {len(self.storm_watch) + self.watch_blank + 1})"
            )
        if action == PUSH:
            return f"{self.name(self.mover)} pushes (one more space, then tired)"
        if action == ACCEPT:
            if self.phase == P_HELI:
                return "no helicopter"
            what = "is frozen" if self.fate_key == "lost" else "dies"
            return f"accept: {self.name(ng + self.fate_client)} {what}"
        if action == MEDKIT:
            return f"use a Med Kit on {self.name(ng + self.fate_client)}"
        if action == LUCK:
            return f"discard Luck: {self.name(ng + self.fate_client)} draws again"
        if action == SUMMIT_PUSH:
            return "team bonus: summit push (both guides 3 more spaces this turn)"
        return f"action {action}"

    _PHASE_RULES: ClassVar[dict[int, str]] = {
        P_HIRE: R_BONUS,
        P_GDRAW: R_RANDOM,
        P_CDRAW: R_RANDOM,
        P_DRAW: R_DRAW,
        P_KEEP: R_PREP,
        P_RETURN: R_PREP,
        P_BUY: R_BUY,
        P_TARGET: R_EVENTS,
        P_ORDER: R_STEP,
        P_SPOT: R_STEP,
        P_HELI: R_BONUS,
        P_FATE: R_FATE_ZONE,
        P_FATE_CHOICE: R_SACRIFICE,
    }
    _DIE_RULES: ClassVar[dict[str, str]] = {
        "queue": R_STEP,
        "lost": R_LOST,
        "resolve": R_QUEUE,
        "prep": R_PREP,
        "rope": R_EVENTS,
    }

    def _action_rule(self, action: int) -> str:
        ph = self.phase
        if ph == P_DIE:
            return self._DIE_RULES.get(self.die_for, "R-0-3")
        if ph == P_MOVE:
            return self._move_rule(action)
        return self._PHASE_RULES.get(ph, "[5.0]")

    def _move_rule(self, action: int) -> str:
        if action <= OPT_B_PREP:
            return R_PREP if action >= OPT_A_PREP else R_OPTIONS
        if action == PUSH:
            return R_PUSH
        if action == SUMMIT_PUSH:
            return R_BONUS
        if PLAY <= action < TARGET_CLIENT:
            return R_BUY
        if self.mover >= 0 and self.mover >= self._game.ng:
            return R_STORM_MOVE if self.round == "storm" else R_CLIENT
        return R_STORM_MOVE if self.round == "storm" else R_GUIDE

    def _refusal(self, action: int) -> IllegalActionError:
        ph = self.phase
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return IllegalActionError(rule="[5.0]", reason="no such action", action=action)
        if ph in _CHANCE_PHASES:
            return IllegalActionError(
                rule="R-0-3", reason="a token is drawn or a die rolled now", action=action
            )
        if ph == P_BUY and action == BUY:
            return IllegalActionError(rule=R_BUY, reason="not enough Prestige", action=action)
        if ph == P_MOVE:
            if action in (STEP_UP, STEP_DOWN) and self.mover >= 0:
                rule = self._step_problem(action) or R_GUIDE
                why = {
                    R_RIDGES: "a blocked ridge cannot be entered or passed without enough movement",
                    R_TRAITS: "a Dependent client needs a guide for the Hillary Step and Summit",
                    R_STEP: "only Expert Climbers walk from Up to Down",
                }.get(rule, "no movement left for that step")
                return IllegalActionError(rule=rule, reason=why, action=action)
            if action == END_MOVE and self.mover >= 0:
                return IllegalActionError(
                    rule=R_RIDGES, reason="no one may stop on a blocked ridge", action=action
                )
            if action in (OPT_A_PREP, OPT_B_PREP):
                why = (
                    "Preparations are already ready"
                    if self.round == "clear"
                    else "no Preparations in the storm"
                )
                return IllegalActionError(rule=R_PREP, reason=why, action=action)
            if action <= OPT_B_PREP:
                return IllegalActionError(
                    rule=R_OPTIONS if self.round == "clear" else R_STORM_MOVE,
                    reason="the movement option is already chosen or it is the storm",
                    action=action,
                )
            if SELECT <= action < PICKUP:
                return IllegalActionError(
                    rule=R_OPTIONS,
                    reason="that marker cannot move now (moved, in the queue, or not allowed by the option)",
                    action=action,
                )
            if PICKUP <= action < ENTER:
                return IllegalActionError(
                    rule=R_GUIDE, reason="no such client to pick up here", action=action
                )
            if action == PUSH:
                return IllegalActionError(
                    rule=R_PUSH, reason="this client cannot push", action=action
                )
        return IllegalActionError(
            rule=self._action_rule(action) or "[5.0]",
            reason=f"not a legal action while the game waits to {PHASE_NAMES[ph]}",
            action=action,
        )

    _ALIASES: ClassVar[dict[str, int]] = {
        "buy": BUY,
        "decline": DECLINE,
        "up": STEP_UP,
        "down": STEP_DOWN,
        "drop": DROP_OFF,
        "drop off": DROP_OFF,
        "end": END_MOVE,
        "end move": END_MOVE,
        "done": FINISH,
        "finish": FINISH,
        "push": PUSH,
        "accept": ACCEPT,
        "a": OPT_A,
        "b": OPT_B,
        "c": OPT_C,
        "option a": OPT_A,
        "option b": OPT_B,
        "option c": OPT_C,
    }

    def _parse_action(self, text: str) -> int | None:
        """Short forms (``buy``, ``up``, ``option a``...) and unique prefixes of a legal
        action's text; an alias names its action even when illegal (so the refusal can cite
        the rule)."""
        if text in self._ALIASES:
            return self._ALIASES[text]
        if text.startswith("die ") and text[4:].isdigit() and 1 <= int(text[4:]) <= 6:
            return DIE + int(text[4:]) - 1
        matches = [a for a in self.legal_actions() if self._action_text(a).lower().startswith(text)]
        if len(matches) == 1:
            return matches[0]
        return None

    # ----------------------------------------------------------------- transitions
    def _apply(self, action: int) -> None:
        self._cache = None
        ph = self.phase
        ng = self._game.ng
        if ph == P_DRAW:
            t = action - TOKEN
            self.container.remove(t)
            self.drawn.append(t)
            self.draws_left -= 1
            if self.draws_left == 0:
                self._after_draw()
            return
        if ph == P_FATE:
            self._fate_result(action - TOKEN)
            return
        if ph == P_DIE:
            self._die_rolled(action - DIE + 1)
            return
        if ph == P_GDRAW:
            self.guides.append(action - GDRAW)
            self._setup_next()
            return
        if ph == P_CDRAW:
            self.clients.append(action - CDRAW)
            self._setup_next()
            return
        if ph == P_HIRE:
            self.guides.append(action - HIRE)
            if len(self.guides) == self._game.ng:
                self._setup_next()
            return
        if ph == P_KEEP:
            t = action - KEEP
            self.drawn.remove(t)
            self.current = t
            if len(self.drawn) == 2:
                self.phase = P_RETURN
                return
            self.container.extend(self.drawn)
            self.container.sort()
            self.drawn = []
            self._prep_roll()
            return
        if ph == P_RETURN:
            t = action - RETURN
            self.drawn.remove(t)
            self.container.append(t)
            self.container.sort()
            self.removed.extend(self.drawn)
            self._emit(f"{self.rs.tokens[self.drawn[0]].name} is removed from the game", R_PREP)
            self.drawn = []
            self._prep_roll()
            return
        if ph == P_BUY:
            if action == BUY:
                self._buy()
            else:
                self._decline()
            return
        if ph == P_TARGET:
            self._target(action)
            return
        if ph == P_ORDER:
            m = action - ENTER
            idx = next(i for i, e in enumerate(self.entering) if e[0] == m)
            self.entering.insert(0, self.entering.pop(idx))
            self.entry_chosen = True
            self.phase = P_DIE
            self.die_for = "queue"
            return
        if ph == P_SPOT:
            m, d = self.entering.pop(0)
            self._place_in_queue(m, d, action - SPOT)
            self._resume()
            return
        if ph == P_HELI:
            self.heli_done = True
            if action != ACCEPT:
                c = action - HELI
                self._take_off(ng + c)
                self.pos[ng + c] = 0
                self.heli_client = c
                self.fates[c] = "helicopter"
                self._emit(f"a helicopter brings {self.name(ng + c)} down", R_BONUS)
            self._build_fates()
            return
        if ph == P_FATE_CHOICE:
            self._fate_choice(action)
            return
        self._move_action(action)

    def _prep_roll(self) -> None:
        self.phase = P_DIE
        self.die_for = "prep"

    def _die_rolled(self, d: int) -> None:
        kind = self.die_for
        self.die_for = ""
        ng = self._game.ng
        if kind == "queue":
            m, direction = self.entering[0]
            self.entry_chosen = False
            if d == 6:
                self.pending_entry = m
                self.phase = P_SPOT
                return
            spot = d - 1
            while not self._spot_open(spot):
                spot += 1
            self.entering.pop(0)
            self._place_in_queue(m, direction, spot)
            self._resume()
            return
        if kind == "lost":
            c = self.lost_checks.pop(0)
            if d <= 2:
                self._get_lost(c)
            elif self.mover == ng + c and self.remaining == 0 and not self._can_push(c):
                self._end_client()
            self._resume()
            return
        if kind == "resolve":
            self._emit(f"the queue moves {d}", R_QUEUE)
            self._shift_queue(d)
            self._end_turn()
            return
        if kind == "prep":
            if d <= 2:
                self.prep = 0
                self._emit("the Preparations are over", R_PREP)
            self._place_event()
            return
        if kind == "rope":
            c = self.rope_client
            m = ng + c
            if d == 1:
                self.pos[m] = DEAD
                self.fates[c] = "died: Broken Rope"
                self._emit(f"{self.name(m)} falls to their death", R_EVENTS)
            elif d <= 4:
                self.pos[m] = 0
                self._emit(f"{self.name(m)} is injured and returns to High Camp", R_EVENTS)
            self._resume()
            return

    def _move_action(self, action: int) -> None:
        ng = self._game.ng
        if action <= OPT_B_PREP:
            self._choose_option(action)
        elif action == SUMMIT_PUSH:
            self.bonus_used = True
            self.fx.append("summit_push")
            self._emit("team bonus: both guides move 3 more spaces this turn", R_BONUS)
        elif PLAY <= action < TARGET_CLIENT:
            eff = self._game.effect_ids[action - PLAY]
            t = next(t for t in self.held if self.rs.tokens[t].effect == eff)
            self.held.remove(t)
            self.set_aside.append(t)
            self.tallies[T_PLAYED] += 1
            if eff == "ridges_open":
                self.blocked = []
                self._emit("Ridges Open: all Blocked Ridge markers removed", R_EVENTS)
            else:
                self.fx.append(eff)
                self._emit(f"{self.rs.tokens[t].name}: clients move one more space", R_EVENTS)
        elif SELECT <= action < PICKUP:
            self._select(action - SELECT)
            if self.remaining == 0 and self.mover >= ng and not self._can_push(self.mover - ng):
                self._end_client()
        elif action == FINISH:
            self._finish_round()
            return
        elif action in (STEP_UP, STEP_DOWN):
            self._do_step(action)
        elif PICKUP <= action < ENTER:
            c = action - PICKUP
            self.carried.append([ng + c, 0])
            if self.tired[c]:
                self.tired[c] = 0  # [13.2]: carried, not tired next turn
            if "e" in self._traits(c):
                self.remaining -= 1
        elif action == DROP_OFF:
            self._drop()
        elif action == END_MOVE:
            if self.mover < ng:
                self._end_guide()
            else:
                self._end_client()
        elif action == PUSH:
            self.pushed = True
            self.remaining += 1
        self._resume()

    def _target(self, action: int) -> None:
        kind = self.target_kind
        ng = self._game.ng
        self.target_kind = ""
        self.targets = []
        self.phase = P_MOVE
        if kind == "acute_mountain_sickness":
            c = action - TARGET_CLIENT
            self.ams[c] = True
            self._emit(f"{self.name(ng + c)} has Acute Mountain Sickness", R_EVENTS)
        elif kind == "broken_rope":
            self.rope_client = action - TARGET_CLIENT
            self.phase = P_DIE
            self.die_for = "rope"
            return
        elif kind == "oxygen":
            g = action - TARGET_GUIDE
            self.tank[g] = True
            self._emit(f"{self.name(g)} carries an Oxygen Tank", R_EVENTS)
        elif kind == "avalanche":
            self._avalanche(action - TARGET_SPACE)
        self._resume()

    def _avalanche(self, space: int) -> None:
        ng = self._game.ng
        if self._guide_on(space):
            self._emit("the guide shelters the clients from the Avalanche", R_EVENTS)
            return
        for c in self._client_at(space):
            self.pos[ng + c] = space - 1
            self._emit(f"the Avalanche sweeps {self.name(ng + c)} down", R_EVENTS)

    def _fate_choice(self, action: int) -> None:
        c = self.fate_client
        ng = self._game.ng
        if action == ACCEPT:
            self._die(c, "Frozen" if self.fate_key == "lost" else self.fate_key.title())
        elif action == MEDKIT:
            self.medkits_used += 1
            self.fates[c] = "saved by a Med Kit"
            self._emit(f"a Med Kit saves {self.name(ng + c)}", R_POOL)
        elif action == LUCK:
            t = next(t for t in self.held if self.rs.tokens[t].effect == "luck")
            self.held.remove(t)
            self.spent.append(t)
            self.tallies[T_PLAYED] += 1
            self.fate_list.insert(0, [c, self.fate_key])
            self._emit(f"Luck is discarded: {self.name(ng + c)} draws again", R_EVENTS)
        else:
            g = action - SACRIFICE
            self.sacrificed[g] = True
            self._take_off(g)
            self.pos[g] = REMOVED
            self.tank[g] = False
            self.fates[c] = f"saved by {self.name(g)}"
            self._emit(f"{self.name(g)} gives their life for {self.name(ng + c)}", R_SACRIFICE)
        self._next_fate()

    # ================================================================== results
    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Every line of [12.0] as if the game ended now (final at the end), with the band:
        clients on the mountain count as surviving until their fate is drawn."""
        game = self._game
        ng = game.ng
        lines = self._client_lines("clients")
        lines.append(ScoreLine("Prestige left", self.prestige, R_SCORE))
        tanks = sum(1 for g in range(ng) if self.tank[g] and self.pos[g] == 0)
        lines.append(ScoreLine(f"{tanks} oxygen tanks at High Camp", 3 * tanks, R_SCORE))
        lines.append(self._luck_line())
        total = sum(ln.points for ln in lines)
        return [
            ScoreBreakdown(
                player=0,
                lines=tuple(lines),
                total=total,
                band=self.rs.band(total),
                figures={
                    "summits": sum(1 for g in self.goal if g == 2),
                    "hillary_step": sum(1 for g in self.goal if g >= 1),
                    "deaths": sum(1 for c in range(game.nc) if self.pos[ng + c] == DEAD),
                    "storm_turns": max(self.storm - 1, 0),
                    "turns": self.turn,
                    "storm_arrived_turn": self.turn - self.storm + 1 if self.storm else None,
                    **self.tally_figures(),
                },
            )
        ]

    def tally_figures(self) -> dict[str, int]:
        """The counts kept for analysis, by the names of :data:`TALLIES`: event tokens
        bought, held tokens played (movement plays, Luck), Prestige paid for events, fate
        draws by result (LIVE, DIE, FROZEN) and markers that got LOST.

        >>> import highcamp
        >>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
        >>> s.tally_figures()["tokens_bought"], s.tally_figures()["fates_live"]
        (0, 0)
        """
        return dict(zip(TALLIES, self.tallies, strict=True))

    def score(self) -> float:
        """The total of :meth:`score_breakdown`."""
        return self.score_breakdown()[0].total

    def returns(self) -> list[float]:
        """The final score at the end, 0 before."""
        return [float(self.score())] if self.phase == P_OVER else [0.0]

    def ending(self) -> str | None:
        """The Victory Chart band once the game is over."""
        return self.score_breakdown()[0].band if self.phase == P_OVER else None

    def _token_places(self) -> list[int]:
        """Every event token where it lies: container, set aside, held, kept, removed, the
        Storm Watch, drawn, the fate pool and its draws, spent, and the one being decided."""
        return (
            self.container
            + self.set_aside
            + self.held
            + self.kept
            + self.removed
            + self.storm_watch
            + self.drawn
            + self.pool
            + self.fate_drawn
            + self.spent
            + ([self.current] if self.current >= 0 else [])
        )

    def _token_problems(self) -> list[str]:
        """Each event token in exactly one place (conservation)."""
        places = self._token_places()
        if len(places) != len(self.rs.tokens) or set(places) != set(range(len(self.rs.tokens))):
            return [f"event tokens not all accounted for: {sorted(places)}"]
        return []

    def invariants(self) -> list[str]:
        """36 tokens accounted for; every client in exactly one place; the queue agrees."""
        problems = self._token_problems()
        queued = [e[1] for e in self.queue if e[1] != NEUTRAL]
        if len(set(queued)) != len(queued):
            problems.append("a marker is twice in the queue")
        ng = self._game.ng
        for m in range(len(self.pos)):
            allowed = (QUEUE, REMOVED) if m < ng else (QUEUE, LOST, DEAD)
            if self.pos[m] < 0 and self.pos[m] not in allowed:
                problems.append(f"{self.name(m)} is in no place a marker can be")
            if (self.pos[m] == QUEUE) != (m in queued):
                problems.append(f"{self.name(m)}: queue position and marker disagree")
            if self.pos[m] >= self.rs.board.size:
                problems.append(f"{self.name(m)} is off the board")
        if self._neutral_supply() < 0:
            problems.append("more neutral clients than exist")
        if not 0 <= self.prestige <= self.rs.board.prestige_max:
            problems.append("Prestige off its track")
        if len(self.storm_watch) + self.watch_blank > self.rs.board.storm_watch:
            problems.append("Storm Watch overfull")
        return problems

    # ================================================================== views
    def _snapshot(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        for k in self._LISTS:
            v = getattr(self, k)
            doc[k] = [list(x) if isinstance(x, list) else x for x in v]
        for k in self._SCALARS:
            doc[k] = getattr(self, k)
        return doc

    def observation(self, player: int) -> dict[str, Any]:
        """Everything on the table (no hidden information), with names."""
        self._check_player(player)
        game = self._game
        rs = self.rs
        ng = game.ng
        tok = rs.tokens[self.current] if self.current >= 0 else None
        return {
            "phase": self._phase_name(),
            "step": self.step,
            "turn": self.turn,
            "storm_phase": self._storm_phase(),
            "storm_track": self.storm,
            "storm_pending": self.storm_pending,
            "storm_watch": [rs.tokens[t].name for t in self.storm_watch]
            + ["(storm builds)"] * self.watch_blank,
            "prestige": self.prestige,
            "preparations": ("none", "Prep 1/2", "Prep Ready")[self.prep],
            "blocked": [rs.board.names[s] for s in self.blocked],
            "event": None
            if tok is None
            else {
                "id": tok.id,
                "name": tok.name,
                "cost": tok.cost,
                "ridge": tok.ridge,
                "effect": rs.effects[tok.effect],
            },
            "drawn": [rs.tokens[t].name for t in self.drawn],
            "held": [rs.tokens[t].name for t in self.held],
            "kept": [rs.tokens[t].name for t in self.kept],
            "effects_this_turn": list(self.fx),
            "container": len(self.container),
            "queue": [
                {
                    "spot": e[0] + 1,
                    "who": self.name(e[1]),
                    "direction": "up" if e[2] > 0 else "down" if e[2] < 0 else "",
                }
                for e in sorted(self.queue)
            ],
            "guides": [
                {
                    "name": self.name(g),
                    "movement": rs.guides[self.guides[g]].movement,
                    "skills": sorted(rs.guides[self.guides[g]].skills),
                    "space": self.pos[g],
                    "where": self.space_name(self.pos[g]),
                    "moved": self.moved[g],
                    "oxygen": self.tank[g],
                }
                for g in range(len(self.guides))
            ],
            "clients": [
                {
                    "name": self.name(ng + c),
                    "movement": rs.clients[self.clients[c]].movement,
                    "traits": "".join(sorted(rs.clients[self.clients[c]].traits)),
                    "points": rs.clients[self.clients[c]].points,
                    "space": self.pos[ng + c],
                    "where": self.space_name(self.pos[ng + c]),
                    "moved": self.moved[ng + c],
                    "tired": ("", "tired", "resting")[self.tired[c]],
                    "marker": ("", "Hillary Step", "Summit")[self.goal[c]],
                    "ams": self.ams[c],
                    "fate": self.fates[c],
                }
                for c in range(len(self.clients))
            ],
            "movement": {
                "round": self.round,
                "option": "abc"[self.option] if 0 <= self.option <= 2 else None,
                "guides_left": self.guides_left,
                "clients_left": self.clients_left,
                "mover": self.name(self.mover) if self.mover >= 0 else None,
                "remaining": self.remaining,
                "carried": [self.name(x) for x, _ in self.carried],
            },
            "fate": {
                "client": self.name(ng + self.fate_client) if self.fate_client >= 0 else None,
                "zone": self.fate_key,
                "pool": len(self.pool),
            },
            "score": self._seat_score().to_dict(),
        }

    def _first_marker(self) -> tuple[str, int]:
        """The first of the two markers a client can earn and its points [12.0] (K2: the
        Traverse)."""
        return "Hillary Step", 4

    def _client_lines(self, people: str) -> list[ScoreLine]:
        """The score lines of [12.0] for each client (``people`` on the mountain), then
        the count of them back at High Camp."""
        ng = self._game.ng
        first, first_points = self._first_marker()
        lines: list[ScoreLine] = []
        at_camp = 0
        for c in range(min(self._game.nc, len(self.clients))):
            card = self.rs.clients[self.clients[c]]
            name, goal, dead = card.name, self.goal[c], self.pos[ng + c] == DEAD
            if goal == 0 and not dead:
                lines.append(ScoreLine(f"{name} not supported", -card.points, R_UNSUPPORTED))
            elif dead and goal == 2:
                lines.append(ScoreLine(f"{name} died after the Summit", -4, R_SCORE))
            elif dead:
                lines.append(ScoreLine(f"{name} died", -card.points, R_SCORE))
            else:
                if goal == 2:
                    lines.append(ScoreLine(f"{name} reached the Summit", card.points, R_SCORE))
                else:
                    lines.append(ScoreLine(f"{name} reached the {first}", first_points, R_SCORE))
                at_camp += self.pos[ng + c] == 0
        lines.append(ScoreLine(f"{at_camp} {people} at High Camp", at_camp, R_SCORE))
        return lines

    def _luck_line(self) -> ScoreLine:
        """2 points for a Luck token still held [12.0]."""
        luck = any(self.rs.tokens[t].effect == "luck" for t in self.held)
        return ScoreLine("Luck token held", 2 if luck else 0, R_SCORE)

    def _seat_score(self) -> ScoreBreakdown:
        """The sheet of the team at the table (two players: of the seated team alone)."""
        return self.score_breakdown()[0]

    def clone(self) -> DisasterState:
        """An independent copy."""
        new = self._copy_base()
        new._cache = self._cache
        for k in self._FLAT:
            setattr(new, k, getattr(self, k).copy())
        for k in self._NESTED:
            setattr(new, k, [x.copy() for x in getattr(self, k)])
        for k in self._SCALARS:
            setattr(new, k, getattr(self, k))
        return new


# ====================================================================== event effects
def _ask(state: DisasterState, kind: str, targets: Sequence[int]) -> bool:
    """Ask for a target when there is a choice; True if asked (R-0-4)."""
    if len(targets) > 1:
        state.target_kind = kind
        state.targets = list(targets)
        state.phase = P_TARGET
        return True
    return False


def _alive_clients(state: DisasterState) -> list[int]:
    ng = state._game.ng
    return [
        c for c in range(state._game.nc) if state.pos[ng + c] >= 0 or state.pos[ng + c] == QUEUE
    ]


@effect("acute_mountain_sickness")
def _ams(state: DisasterState, t: int) -> None:
    ng = state._game.ng
    b = state.rs.board
    alive = _alive_clients(state)
    if not alive:
        return

    def height(c: int) -> float:
        p = state.pos[ng + c]
        return b.up + 0.5 if p == QUEUE else p

    top = max(height(c) for c in alive)
    tied = [c for c in alive if height(c) == top]
    if not _ask(state, "acute_mountain_sickness", tied):
        state.ams[tied[0]] = True
        state._emit(f"{state.name(ng + tied[0])} has Acute Mountain Sickness", R_EVENTS)


@effect("avalanche")
def _avalanche(state: DisasterState, t: int) -> None:
    b = state.rs.board
    top = b.up if b.up >= 0 else b.summit
    _ask(state, "avalanche", list(range(1, top)))


@effect("broken_rope")
def _broken_rope(state: DisasterState, t: int) -> None:
    ng = state._game.ng
    cands = [c for c in _alive_clients(state) if state.goal[c] == 0 and state.pos[ng + c] >= 0]
    if not cands:
        state._emit("every client has a marker: no event", R_EVENTS)
        return
    if not _ask(state, "broken_rope", cands):
        state.rope_client = cands[0]
        state.phase = P_DIE
        state.die_for = "rope"


@effect("oxygen")
def _oxygen(state: DisasterState, t: int) -> None:
    cands = [g for g in range(state._game.ng) if not state.tank[g]]
    if not cands:
        return
    if not _ask(state, "oxygen", cands):
        state.tank[cands[0]] = True
        state._emit(f"{state.name(cands[0])} carries an Oxygen Tank", R_EVENTS)


@effect("icy")
def _icy(state: DisasterState, t: int) -> None:
    b = state.rs.board
    ng = state._game.ng
    for m in range(len(state.pos)):
        p = state.pos[m]
        if p < 0 or not b.is_ridge(p):
            continue
        q = p
        while q > 0 and b.is_ridge(q):
            q -= 1
        state.pos[m] = q
        state._emit(f"Icy: {state.name(m)} slides down to {b.names[q]}", R_EVENTS)
        if b.up >= 0 and q in (b.up, b.down):
            state.entering.append([m, -1])  # [8.2]: moved onto Up or Down, it enters the queue
        if (
            m >= ng
            and state._storm_phase()
            and p in b.lost_on_leaving
            and "g" not in state._traits(m - ng)
        ):
            state.lost_checks.append(m - ng)


def _turn_effect(name: str) -> Effect:
    def fx(state: DisasterState, t: int) -> None:
        state.fx.append(name)
        state._emit(f"{state.rs.tokens[t].name}: {state.rs.effects[name]}", R_EVENTS)

    return fx


for _name in ("calm_wind", "energy_boost", "lost_signal", "slowed", "thick_snow"):
    EFFECTS[_name] = _turn_effect(_name)


@effect("good_review")
def _good_review(state: DisasterState, t: int) -> None:
    state.prestige = min(state.prestige + 4, state.rs.board.prestige_max)


for _name in ("chocolate_bars", "ridges_open", "luck", "khumbu_ice_field", "med_kit"):
    EFFECTS[_name] = lambda state, t: None
