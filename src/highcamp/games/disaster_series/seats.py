"""The two-player rules [15.0]-[15.7] of the Disaster series, for any ruleset of the engine.

``load_game(..., players=2)`` gives each seat its own team (the per-seat options a game
declares in ``SEAT_OPTIONS``: ``company`` and ``company_2`` for Disaster on Everest) and
plays the shared board with the rules of [15.*]:

* the First Player of the first turn is seat 1, seat 2 or drawn at random (the option
  ``first_player``: ``seat1``, ``seat2`` or ``random``, a chance step with two outcomes once
  both teams are set up); the marker alternates, passed at the End of Turn [15.1];
* each player starts with 14 Prestige [15.2];
* the First Player draws; the event is bid for with ``bid`` and ``pass`` actions starting at
  the printed cost, one Prestige more each time; the winner pays the bid and takes the
  event, nobody bidding sends it to the track as in the solitaire game [15.3];
* ridges are blocked by two or more clients ending their movement there, markers are moved
  (or not) when none is left, removed as soon as fewer than two clients remain, never at
  the End of Turn, and a block made only of the opponent's clients may be removed at the
  end of one's movement [15.4];
* the First Player moves everything first [15.5]; Preparations serve only the First
  Player [15.6]; the most Victory Points win, then the most Prestige, else both [15.7];
* or, with ``victory="cooperative"``, both teams win together when both end on the Victory
  Chart's Minor Victory or better, and both lose otherwise [15.7];
* the events follow the player aid's "2-Player Event Clarifications".

The engine's state holds one team at a time (the *active* seat: the one moving, bidding,
choosing a target or drawing fates); the other team waits in the ``o_`` fields and
:meth:`TwoPlayerState._swap` exchanges them. Queue markers of the waiting team are
numbered ``OTHER + marker``.

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-everest", players=2)
>>> [g.company.name for g in game.seat_games]
['Summit Adventures', 'Mountain Majesty']
>>> s = game.new_initial_state(seed=1)
>>> s.apply_action(s.string_to_action("draw token 30 (Ridges Open)"))
>>> s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
(0, ['bid 2 Prestige for Ridges Open', 'pass on Ridges Open'])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from highcamp.core import CHANCE, TERMINAL, IllegalActionError, OptionError, OptionSpec
from highcamp.core.game import ScoreBreakdown

from .engine import (
    CDRAW,
    DEAD,
    EFFECTS,
    ENTER,
    GDRAW,
    HIRE,
    LOST,
    NEUTRAL,
    NUM_ACTIONS,
    P_BUY,
    P_CDRAW,
    P_DIE,
    P_DRAW,
    P_FATE,
    P_GDRAW,
    P_HELI,
    P_HIRE,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_SPOT,
    P_TARGET,
    PLAY,
    QUEUE,
    R_BONUS,
    R_EVENTS,
    R_POOL,
    R_SCORE,
    R_UNSUPPORTED,
    R_WATCH,
    REMOVED,
    SUMMIT_PUSH,
    T_LOST,
    TALLIES,
    TARGET_CLIENT,
    TARGET_GUIDE,
    DisasterState,
    Effect,
    _alive_clients,
    _ask,
)

if TYPE_CHECKING:
    from .engine import DisasterGame

__all__ = [
    "BID",
    "COOPERATIVE_BAND",
    "FIRST_SEAT",
    "KEEP_BLOCKS",
    "NO_BLOCK",
    "NUM_ACTIONS_2P",
    "PASS",
    "RELOCATE",
    "TARGET_OPP_CLIENT",
    "TWO_PLAYER_EFFECTS",
    "UNBLOCK",
    "VICTORY_MODES",
    "TwoPlayerRules",
    "TwoPlayerState",
    "check_two_player_options",
    "seat_games",
    "seat_option_values",
    "two_player_options",
    "two_player_view",
]

# ------------------------------------------------------------------ action ids (after 1P)
BID, PASS, NO_BLOCK, KEEP_BLOCKS = NUM_ACTIONS, NUM_ACTIONS + 1, NUM_ACTIONS + 2, NUM_ACTIONS + 3
RELOCATE = NUM_ACTIONS + 4  # + space (16): move that Blocked Ridge marker here
UNBLOCK = RELOCATE + 16  # + space (16): remove the opponent's block there
TARGET_OPP_CLIENT = UNBLOCK + 16  # + the opponent's client slot (6)
NUM_ACTIONS_2P = TARGET_OPP_CLIENT + 6
FIRST_SEAT = SUMMIT_PUSH + 1  # + seat (2): the draw for the First Player [15.1]
"""Chance outcomes of the draw for the First Player: ids the engine leaves free (17, 18)."""

# phases of the two-player game (after the engine's)
P_BID, P_RELOCATE, P_UNBLOCK, P_FIRST = P_OVER + 1, P_OVER + 2, P_OVER + 3, P_OVER + 4
_PHASES_2P = {
    P_BID: "bid for the event",
    P_RELOCATE: "move a Blocked Ridge marker",
    P_UNBLOCK: "remove an opponent's block",
    P_FIRST: "draw the First Player",
}

OTHER = 50
"""Queue and target numbers of the waiting team's markers: ``OTHER + marker``."""
PRESTIGE_2P = 14

R_2P = "[15.0]"
R_FIRST = "[15.1]"
R_PRESTIGE = "[15.2]"
R_BID = "[15.3]"
R_BLOCK = "[15.4]"
R_MOVE_2P = "[15.5]"
R_PREP_2P = "[15.6]"
R_VICTORY = "[15.7]"
R_CLARIFY = "2-Player Event Clarifications"

SEAT_LISTS = (
    "guides",
    "clients",
    "pos",
    "moved",
    "tired",
    "goal",
    "ams",
    "tank",
    "sacrificed",
    "held",
    "kept",
    "fates",
    "fx",
    "tallies",
)
"""Each seat's team and tokens: the active seat's in the engine's fields, the other's in
``o_<name>``."""
SEAT_SCALARS = ("prestige", "prep", "medkits_used", "bonus_used", "heli_done", "heli_client")
_SEAT_PAIRS = tuple((k, "o_" + k) for k in (*SEAT_LISTS, *SEAT_SCALARS))
FIRST_CHOICES = ("seat1", "seat2", "random")
"""The option ``first_player``: the seat that is First Player on the first turn, or a draw
[15.1]. (Not ``1`` and ``2``: OpenSpiel reads a text parameter that looks like a number back
as a number; :func:`seat_option_values` takes ``1`` and ``2`` for them.)"""
VICTORY_MODES = ("competitive", "cooperative")
"""The option ``victory``: the most Victory Points win, or both teams aim for the
:data:`COOPERATIVE_BAND` together [15.7]."""
COOPERATIVE_BAND = "Minor Victory"
"""The Victory Chart band both teams must reach (or pass) in the cooperative game: the
rulebook's "Minor Success" [15.7] (see the game docs for this reading)."""
TWO_PLAYER_ONLY = {"first_player": "seat1", "victory": "competitive"}
"""Options that only a two-player game sets, with the solitaire game's value."""
BOTH_PLAYERS = ("calm_wind", "lost_signal", "slowed", "thick_snow", "ridges_open")
"""Turn effects that apply to both players (the clarifications); the others only to the
buyer."""


# ====================================================================== options
def two_player_options(
    options: Sequence[OptionSpec], seat_options: Sequence[str]
) -> tuple[OptionSpec, ...]:
    """``options`` plus ``players`` (1 or 2) and, for each per-seat option ``x``, the
    second seat's ``x_2`` (default: for the team, the first option of ``seat_options``, the
    first choice unlike the first seat's; for the others the first seat's choice).

    The two-player game's own options follow ``players``: ``first_player`` (``seat1``,
    ``seat2`` or ``random``) [15.1] and ``victory`` (``competitive`` or ``cooperative``)
    [15.7].

    >>> spec = OptionSpec("company", str, "a", "travel company", choices=("a", "b"))
    >>> [o.name for o in two_player_options((spec,), ("company",))]
    ['players', 'first_player', 'victory', 'company', 'company_2']
    """
    out = [
        OptionSpec("players", int, 1, "1 (solitaire) or 2 players [15.0]", choices=(1, 2)),
        OptionSpec(
            "first_player",
            str,
            "seat1",
            "two players: the First Player of the first turn, seat1 or seat2 (1 and 2 are "
            "taken too), or random (a draw once both teams are set up); the marker then "
            "passes every turn [15.1]",
            choices=FIRST_CHOICES,
        ),
        OptionSpec(
            "victory",
            str,
            "competitive",
            "two players: competitive (the most Victory Points win) or cooperative (both "
            f"teams win together if both reach {COOPERATIVE_BAND} or better, else both "
            "lose) [15.7]",
            choices=VICTORY_MODES,
        ),
    ]
    by_name = {o.name: o for o in options}
    for o in options:
        out.append(o)
        if o.name in seat_options:
            out.append(
                OptionSpec(
                    f"{o.name}_2",
                    o.kind,
                    None,
                    f"the second player's {o.description} (default: "
                    + ("another one" if o.name == seat_options[0] else "the first player's")
                    + ") [15.0]",
                    choices=o.choices,
                    nullable=True,
                )
            )
    missing = [n for n in seat_options if n not in by_name]
    if missing:
        raise ValueError(f"per-seat options without a spec: {missing}")
    return tuple(out)


def seat_option_values(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the seat of ``first_player`` given as a number (``2`` or ``"2"``)
    read as its choice (``"seat2"``), so that ``--option first_player=2`` and
    ``load_game(..., first_player=2)`` work; other values are left to the option's check.

    >>> seat_option_values({"players": 2, "first_player": 2})
    {'players': 2, 'first_player': 'seat2'}
    """
    value = options.get("first_player")
    if isinstance(value, bool) or not isinstance(value, int | str):
        return options
    if str(value).strip() in ("1", "2"):
        return {**options, "first_player": f"seat{str(value).strip()}"}
    return options


def check_two_player_options(game: DisasterGame) -> None:
    """Refuse the two-player game's own options in a solitaire game [15.1] [15.7], and the
    cooperative game on a Victory Chart without the band both teams must reach.

    >>> import highcamp
    >>> try:
    ...     highcamp.load_game("disaster-on-everest", victory="cooperative")
    ... except OptionError as err:
    ...     print(err)
    option 'victory' is for two players: a solitaire game has no opponent [15.0]
    """
    opts = game.options
    if game.num_players == 1:
        for name, solo in TWO_PLAYER_ONLY.items():
            if opts.get(name, solo) != solo:
                raise OptionError(
                    name,
                    f"option {name!r} is for two players: a solitaire game has no opponent [15.0]",
                )
    if opts.get("victory") == "cooperative" and COOPERATIVE_BAND not in game.score_bands():
        raise OptionError(
            "victory", f"the cooperative game needs a {COOPERATIVE_BAND} band on the chart [15.7]"
        )


def seat_games(game: DisasterGame) -> tuple[DisasterGame, ...]:
    """The two seats' teams as solitaire games of the same class and shared options; the
    second seat takes the ``_2`` options. The same team (the first per-seat option) twice
    is refused [15.0]."""
    cls = type(game)
    opts = dict(game.options)
    seat_names = cls.SEAT_OPTIONS
    shared = {
        k: v
        for k, v in opts.items()
        if k != "players"
        and k not in TWO_PLAYER_ONLY
        and not (k.endswith("_2") and k[:-2] in seat_names)
    }
    second = dict(shared)
    specs = {o.name: o for o in cls.INFO.options}
    for name in seat_names:
        value = opts.get(f"{name}_2")
        if value is None and name != seat_names[0]:
            value = shared[name]  # the team differs by default; other choices are shared
        if value is None:
            choices = specs[name].choices or ()
            value = next((c for c in choices if c != shared[name]), shared[name])
        second[name] = value
    team = seat_names[0]
    if second[team] == shared[team]:
        raise OptionError(
            f"{team}_2",
            f"both players chose {team} {shared[team]!r}: each player needs their own [15.0]",
        )
    games = (cls(**shared, players=1), cls(**second, players=1))
    if {(g.ng, g.nc) for g in games} != {(games[0].ng, games[0].nc)}:
        raise OptionError(f"{team}_2", "both teams must have as many guides and clients")
    return games


def seat_label(game: DisasterGame, seat: int) -> str:
    """``Seat 1 (Summit Adventures)``: the seat and its team's name."""
    company = getattr(game.seat_games[seat], "company", None)
    name = getattr(company, "name", "")
    return f"Seat {seat + 1} ({name})" if name else f"Seat {seat + 1}"


def two_player_view(game: DisasterGame) -> dict[str, Any]:
    """The static facts of each seat's team, for renderers and encoders."""
    rs = game.ruleset
    seats = []
    for s, g in enumerate(game.seat_games):
        seats.append(
            {
                "seat": s,
                "label": seat_label(game, s),
                "company": g.company.name,
                "team_bonus": rs.team_bonuses.get(g.bonus, ""),
                "clients": [
                    {"name": c.name, "movement": c.movement, "points": c.points}
                    for i, c in enumerate(rs.clients)
                    if g.random_team or i in g.company.clients
                ],
            }
        )
    return {"players": 2, "seats": seats, "prestige_start": PRESTIGE_2P}


# ====================================================================== the state
class TwoPlayerRules(DisasterState):
    """The two-player rules [15.0] over any ruleset's state, without slots of its own: a
    ruleset with its own state class combines them (``class X(TwoPlayerRules, K2State)``
    with ``__slots__ = TwoPlayerRules._SLOTS_2P``); :class:`TwoPlayerState` is the plain
    engine's."""

    _SEAT_O = tuple("o_" + k for k in SEAT_LISTS)
    _SEAT_OS = tuple("o_" + k for k in SEAT_SCALARS)
    # the engine's tuples are typed with their fixed length: these extend them
    _LISTS = (*DisasterState._LISTS, *_SEAT_O, "secret")  # type: ignore[assignment]
    _SCALARS = (  # type: ignore[assignment]
        *DisasterState._SCALARS,
        *_SEAT_OS,
        "active",
        "first",
        "moving",
        "bidder",
        "bid",
        "bid_high",
        "bid_out",
        "pending_block",
        "fate_seat",
    )
    _FLAT = (*DisasterState._FLAT, *_SEAT_O, "secret")
    __slots__ = ()
    _SLOTS_2P = (
        *_SEAT_O,
        *_SEAT_OS,
        "secret",
        "active",
        "first",
        "moving",
        "bidder",
        "bid",
        "bid_high",
        "bid_out",
        "pending_block",
        "fate_seat",
    )

    def __init__(self, game: DisasterGame, seed: int) -> None:
        ng, nc = game.ng, game.nc
        self.o_guides: list[int] = []
        self.o_clients: list[int] = []
        self.o_pos = [0] * (ng + nc)
        self.o_moved = [False] * (ng + nc)
        self.o_tired = [0] * nc
        self.o_goal = [0] * nc
        self.o_ams = [False] * nc
        self.o_tank = [False] * ng
        self.o_sacrificed = [False] * ng
        self.o_held: list[int] = []
        self.o_kept: list[int] = []
        self.o_fates = [""] * nc
        self.o_fx: list[str] = []
        self.o_tallies = [0] * len(TALLIES)
        self.o_prestige = PRESTIGE_2P
        self.o_prep = 0
        self.o_medkits_used = 0
        self.o_bonus_used = False
        self.o_heli_done = False
        self.o_heli_client = -1
        self.secret: list[Any] = [None, None]
        self.active = 0  # the seat whose team is in the engine's fields
        self.first = 0  # the First Player [15.1]
        self.moving = 0  # 0 while the First Player moves, 1 for the other [15.5]
        self.bidder = -1  # the seat to bid or pass [15.3]
        self.bid = 0  # the highest bid so far (0: none)
        self.bid_high = -1  # its seat
        self.bid_out = False  # a player has dropped out of the bidding
        self.pending_block = -1  # a ridge to block, waiting for a spare marker [15.4]
        self.fate_seat = -1  # whose clients draw their fates [11.*]
        super().__init__(game, seed)

    # ------------------------------------------------------------------ seats
    def _swap(self, clear_cache: bool = True) -> None:
        """Exchange the active team with the waiting one."""
        for k, o in _SEAT_PAIRS:
            a, b = getattr(self, k), getattr(self, o)
            setattr(self, k, b)
            setattr(self, o, a)
        for e in self.queue:
            e[1] = _flip(e[1])
        for e in self.entering:
            e[0] = _flip(e[0])
        self.lost_checks = [_flip(c) for c in self.lost_checks]
        self.active = 1 - self.active
        if clear_cache:
            self._cache = None

    def _seat(self, seat: int) -> None:
        """Make ``seat`` the active seat."""
        if self.active != seat:
            self._swap()

    @contextmanager
    def _seated(self, seat: int) -> Iterator[None]:
        """Look at the position with ``seat`` active, then put it back."""
        swapped = self.active != seat
        if swapped:
            self._swap(clear_cache=False)
        try:
            yield
        finally:
            if swapped:
                self._swap(clear_cache=False)

    def _seat_game(self, seat: int | None = None) -> DisasterGame:
        return self._game.seat_games[self.active if seat is None else seat]

    def _seat_bonus(self) -> str:
        return self._seat_game().bonus

    def label(self, seat: int) -> str:
        """``Seat 1 (Summit Adventures)``."""
        return seat_label(self._game, seat)

    def seat_prestige(self, seat: int) -> int:
        """A seat's Prestige."""
        return self.prestige if seat == self.active else self.o_prestige

    def seat_secret(self, seat: int) -> Any:
        """A seat's secret (``None``: it has none), shown only in its own observation."""
        return self.secret[seat]

    def _secret_choices(self, seat: int) -> list[Any]:
        """The values a seat's secret may take, for :meth:`resample_hidden` (a ruleset
        with secrets overrides it)."""
        return []

    def name(self, marker: int) -> str:
        """A marker's name; ``OTHER + marker`` names the waiting team's."""
        if OTHER <= marker < NEUTRAL:
            m = marker - OTHER
            ng = self._game.ng
            if m < ng:
                return self.rs.guides[self.o_guides[m]].name
            return self.rs.clients[self.o_clients[m - ng]].name
        return super().name(marker)

    def _clients_on(self, space: int) -> tuple[int, int]:
        """Clients of the active and of the waiting team on ``space``."""
        ng = self._game.ng
        return (
            sum(1 for p in self.pos[ng:] if p == space),
            sum(1 for p in self.o_pos[ng:] if p == space),
        )

    # ------------------------------------------------------------------ set-up [4.*] [15.2]
    def _setup(self) -> None:
        self.active = 0
        self._seat_setup()

    def _reserved(self, kind: str) -> set[int]:
        """Cards the other seat holds or will take from its fixed team."""
        other = self._seat_game(1 - self.active)
        if kind == "guides":
            taken = set(self.o_guides)
            if not other.random_team and other.bonus != "choose_guides":
                taken |= set(other.company.guides)
            return taken
        taken = set(self.o_clients)
        if not other.random_team:
            taken |= set(other.company.clients)
        return taken

    def _seat_setup(self) -> None:
        sg = self._seat_game()
        if sg.bonus == "choose_guides":
            self.phase = P_HIRE  # [14.2]
        elif sg.random_team:
            self.phase = P_GDRAW  # [14.1]
        else:
            self.guides = list(sg.company.guides)
        if not sg.random_team:
            self.clients = list(sg.company.clients)
        if self.guides and self.clients:
            self._seat_ready()
        elif self.guides:
            self.phase = P_CDRAW

    def _setup_next(self) -> None:
        game = self._game
        if len(self.guides) < game.ng:
            return
        if len(self.clients) < game.nc:
            self.phase = P_CDRAW
            return
        self._seat_ready()

    def _seat_ready(self) -> None:
        game = self._game
        self.prestige = PRESTIGE_2P
        if self._log is not None:
            self._emit(
                f"{self.label(self.active)}: guides "
                + ", ".join(self.name(g) for g in range(game.ng))
                + " and clients "
                + ", ".join(self.name(game.ng + c) for c in range(game.nc))
                + f" at High Camp; Prestige {PRESTIGE_2P}",
                f"[4.2] [4.3] {R_PRESTIGE}",
            )
        if self.active == 0:
            self._swap()
            self._seat_setup()
            return
        self._choose_first()

    def _choose_first(self) -> None:
        """Both teams are set up: the First Player is the seat the option names, or is
        drawn (a chance step with two outcomes) [15.1]."""
        choice = self._game.options.get("first_player", "seat1")
        if choice == "random":
            self.phase = P_FIRST
            self._cache = None
            return
        self._first_turn(FIRST_CHOICES.index(choice))

    def _first_turn(self, seat: int) -> None:
        """``seat`` is the First Player of the first turn [15.1], which begins."""
        self.first = seat
        self._seat(seat)
        if self._log is not None:
            self._emit(f"{self.label(seat)} is the First Player", R_FIRST)
        self._begin_turn()

    # ------------------------------------------------------------------ the turn
    def _begin_turn(self) -> None:
        """The First Player draws [15.3]; Blocked Ridge markers stay [15.4]; Preparations
        serve the First Player only [15.6]."""
        self._seat(self.first)
        self.step = "draw"
        self.fx = []
        self.o_fx = []
        self.current = -1
        if not self.container and self.set_aside:
            self.container = sorted(self.set_aside)
            self.set_aside = []
            self._emit("the container is empty: set-aside tokens return to it", "K2 [7.4]")
        n = 3 if self.prep == 2 else 1
        if n == 3:
            self._emit(f"{self.label(self.first)} uses the Preparations", R_PREP_2P)
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

    def _place_event(self) -> None:
        """No Blocked Ridge marker and no other company's client from the token [15.4]:
        the bidding opens at the printed cost, First Player first [15.3]."""
        tok = self.rs.tokens[self.current]
        self.step = "buy"
        self.bid, self.bid_high, self.bid_out = 0, -1, False
        if max(self.prestige, self.o_prestige) < tok.cost:
            self._emit(f"{tok.name} costs {tok.cost}: nobody has the Prestige", R_BID)
            self._decline()
            return
        self._bid_turn(self.first)

    def _bid_price(self) -> int:
        return self.rs.tokens[self.current].cost if self.bid == 0 else self.bid + 1

    def _bid_turn(self, seat: int) -> None:
        self.bidder = seat
        self.phase = P_BID
        if self.seat_prestige(seat) < self._bid_price():
            self._emit(f"{self.label(seat)} cannot bid {self._bid_price()}", R_BID)
            self._pass_bid(seat)

    def _pass_bid(self, seat: int) -> None:
        if self._log is not None:
            tok = self.rs.tokens[self.current]
            self._emit(f"{self.label(seat)} passes on {tok.name}", R_BID)
        if self.bid_high >= 0:
            self._award(self.bid_high, self.bid)
        elif not self.bid_out:
            self.bid_out = True
            self._bid_turn(1 - seat)
        else:
            self.bidder = -1
            self._decline()

    def _place_bid(self, seat: int) -> None:
        price = self._bid_price()
        self.bid, self.bid_high = price, seat
        if self._log is not None:
            self._emit(f"{self.label(seat)} bids {price}", R_BID)
        if self.bid_out:
            self._award(seat, price)
        else:
            self._bid_turn(1 - seat)

    def _award(self, seat: int, price: int) -> None:
        """The winner pays the final bid and takes the event [15.3]."""
        self.bidder = -1
        self._seat(seat)
        if self._log is not None:
            name = self.rs.tokens[self.current].name
            self._emit(f"{self.label(seat)} pays {price} Prestige for {name}", R_BID)
        self._take_event(price)

    def _effect(self, effect: str) -> Effect:
        return TWO_PLAYER_EFFECTS.get(effect, EFFECTS[effect])

    # ------------------------------------------------------------------ movement [15.5]
    def _begin_move(self) -> None:
        self._seat(self.first)
        self.moving = 0
        self._begin_seat_move()

    def _begin_seat_move(self) -> None:
        self.step = "move"
        self.pending_block = -1
        if not self._storm_phase():
            self.rounds = ["clear"]
        elif self.storm == 1 and self._seat_bonus() == "double_storm_move":
            self.rounds = ["clear", "storm"]  # [14.2]
            self._emit("team bonus: one normal move, then one storm move", R_BONUS)
        else:
            self.rounds = ["storm"]
        self._start_round(first=True)

    def _resume(self) -> None:
        if self.pending_block >= 0 and self.step == "move":
            self.phase = P_RELOCATE
            return
        if len(self.entering) > 1 and sum(1 for e in self.entering if e[0] < OTHER) < 2:
            # both teams slid onto Up or Down (Icy): the player orders their own markers'
            # entry; the opponent's follow in board order [8.2]
            self.entry_chosen = True
        super()._resume()

    def _ridges_open_playable(self) -> bool:
        """Ridges Open "removes all ridges for that turn. No Blocked Ridges are placed for
        that turn" (the clarifications): playable before any ridge is blocked, once a turn."""
        return "ridges_open" not in self.fx

    def _place_in_queue(self, marker: int, direction: int, spot: int) -> None:
        """The waiting team's markers (``OTHER + marker``, after an Icy slide) enter the
        queue as their own team's [8.2]."""
        if OTHER <= marker < NEUTRAL:
            with self._seated(1 - self.active):
                super()._place_in_queue(marker - OTHER, direction, spot)
            return
        super()._place_in_queue(marker, direction, spot)

    def _finish_round(self) -> None:
        if self.rounds:
            super()._finish_round()
            return
        self.mover = -1
        if self._removable():
            self.phase = P_UNBLOCK
            return
        self._next_mover()

    def _next_mover(self) -> None:
        if self.moving == 0:
            self.moving = 1
            self._seat(1 - self.first)
            if self._log is not None:
                self._emit(f"{self.label(self.active)} moves", R_MOVE_2P)
            self._begin_seat_move()
            return
        super()._finish_round()

    def _move_actions(self) -> list[int]:
        acts = super()._move_actions()
        if self.mover >= 0:
            return acts
        mine = (
            self._seat_bonus() == "summit_push"
            and not self.bonus_used
            and not any(self.moved[g] for g in range(self._game.ng))
        )
        if SUMMIT_PUSH in acts and not mine:
            acts.remove(SUMMIT_PUSH)
        elif mine and SUMMIT_PUSH not in acts:
            acts = sorted([*acts, SUMMIT_PUSH])
        return acts

    def _move_action(self, action: int) -> None:
        ridges_open = (
            PLAY <= action < TARGET_CLIENT and self._game.effect_ids[action - PLAY] == "ridges_open"
        )
        super()._move_action(action)
        if ridges_open:  # removes all ridges for the turn, for both players
            for fx in (self.fx, self.o_fx):
                if "ridges_open" not in fx:
                    fx.append("ridges_open")

    # ------------------------------------------------------------------ blocked ridges [15.4]
    def _do_step(self, action: int) -> None:
        super()._do_step(action)
        self._unblock()

    def _drop(self) -> None:
        ended = [x for x, n in self.carried if n > 0]
        super()._drop()
        for x in ended:
            self._settle(self.pos[x])

    def _end_client(self) -> None:
        m, stepped = self.mover, self.stepped
        super()._end_client()
        if stepped and self.pos[m] >= 0:
            self._settle(self.pos[m])

    def _settle(self, space: int) -> None:
        """A client ended its movement on ``space``: a ridge with another client is blocked
        (the lower-left number of the tokens is not used) [15.4]."""
        b = self.rs.board
        if space < 0 or not b.is_ridge(space) or space in self.blocked:
            return
        if "ridges_open" in self.fx or sum(self._clients_on(space)) < 2:
            return
        if len(self.blocked) < b.blocked_ridge_markers:
            self._block(space)
        else:
            self.pending_block = space

    def _block(self, space: int) -> None:
        self.blocked = sorted([*self.blocked, space])
        self._emit(f"{self.rs.board.names[space]} is blocked by the clients on it", R_BLOCK)
        m = self.mover
        if 0 <= m < self._game.ng and self.pos[m] == space:
            self.start_space, self.stepped = space, False  # already on the ridge [8.1]

    def _unblock(self) -> bool:
        """Remove at once the markers of ridges with fewer than two clients [15.4]."""
        gone = [s for s in self.blocked if sum(self._clients_on(s)) < 2]
        for s in gone:
            self.blocked.remove(s)
            self._emit(f"{self.rs.board.names[s]} is no longer blocked", R_BLOCK)
        return bool(gone)

    def _removable(self) -> list[int]:
        """Blocked ridges made only of the opponent's clients [15.4]."""
        return [s for s in self.blocked if self._clients_on(s)[0] == 0]

    # ------------------------------------------------------------------ the queue, end of turn
    def _shift_queue(self, d: int) -> None:
        b = self.rs.board
        stay = []
        for spot, who, direction in sorted(self.queue):
            spot -= d
            if spot >= 0:
                stay.append([spot, who, direction])
                continue
            dest = b.down + 1 if direction > 0 else b.up - 1
            if who >= OTHER:
                self.o_pos[who - OTHER] = dest
            else:
                self.pos[who] = dest
            self._emit(f"{self.name(who)} leaves the queue to {b.names[dest]}", "[9.0]")
        self.queue = stay

    def _end_turn(self) -> None:
        """[10.0] for both teams; Blocked Ridge markers stay [15.4]; the First Player
        marker passes [15.1]."""
        self.step = "end"
        n = self._game.ng + self._game.nc
        for tired in (self.tired, self.o_tired):
            for c, t in enumerate(tired):
                tired[c] = 2 if t == 1 else 0
        self.moved = [False] * n
        self.o_moved = [False] * n
        self.fx, self.o_fx = [], []
        if self._advance_track():
            return
        self.first = 1 - self.first
        if self._log is not None:
            self._emit(f"the First Player marker passes to {self.label(self.first)}", R_FIRST)
        self.turn += 1
        self._begin_turn()

    # ------------------------------------------------------------------ game end [11.*]
    def _begin_end(self) -> None:
        self.step = "fate"
        back: list[int] = []
        for s in (0, 1):
            with self._seated(s):
                luck = [t for t in self.held if self.rs.tokens[t].effect == "luck"][:1]
                back += [t for t in self.held if t not in luck]
                self.held = luck
        self.pool = sorted(self.container + self.set_aside + self.storm_watch + back + self.drawn)
        self.container, self.set_aside, self.storm_watch, self.drawn = [], [], [], []
        self._emit(f"{len(self.pool)} tokens form the fate pool", R_POOL)
        self.fate_seat = self.first
        self._seat(self.fate_seat)
        self._seat_fates()

    def _seat_fates(self) -> None:
        if self._seat_bonus() == "helicopter" and self._stranded():
            self.phase = P_HELI
            return
        self.heli_done = True
        self._build_fates()

    def _finish(self) -> None:
        game = self._game
        ng = game.ng
        for c in range(game.nc):
            if self.goal[c] == 0 and self.pos[ng + c] != DEAD:
                self.fates[c] = "not supported"
                self._emit(f"{self.name(ng + c)} never reached the Hillary Step", R_UNSUPPORTED)
        if self.fate_seat == self.first:
            self.fate_seat = 1 - self.first
            self._seat(self.fate_seat)
            self._seat_fates()
            return
        self.phase = P_OVER
        self.step = "over"
        self._cache = None
        if self._log is not None:
            for bd in self.score_breakdown():
                self._emit(f"{self.label(bd.player)} scores {bd.total:g}: {bd.band}", R_SCORE)
            self._emit(self.ending() or "", R_VICTORY)

    # ------------------------------------------------------------------ events (clarifications)
    def _target(self, action: int) -> None:
        if action >= TARGET_OPP_CLIENT:
            kind = self.target_kind
            c = action - TARGET_OPP_CLIENT
            self.target_kind, self.targets = "", []
            self.phase = P_MOVE
            if kind == "broken_rope":
                self.rope_client = OTHER + c
                self.phase = P_DIE
                self.die_for = "rope"
                return
            self.o_ams[c] = True
            self._emit(
                f"{self.name(OTHER + self._game.ng + c)} has Acute Mountain Sickness", R_EVENTS
            )
            self._resume()
            return
        super()._target(action)

    def _avalanche(self, space: int) -> None:
        """Every client on the space, of either team, without a guide of its own team there
        is swept one space down (the clarifications)."""
        for s in (self.active, 1 - self.active):
            with self._seated(s):
                super()._avalanche(space)
        self._unblock()

    def _die_rolled(self, d: int) -> None:
        ng = self._game.ng
        if self.die_for == "rope" and self.rope_client >= OTHER:
            self.die_for = ""
            c = self.rope_client - OTHER
            who = self.name(OTHER + ng + c)
            if d == 1:
                self.o_pos[ng + c] = DEAD
                self.o_fates[c] = "died: Broken Rope"
                self._emit(f"{who} falls to their death", R_EVENTS)
            elif d <= 4:
                self.o_pos[ng + c] = 0
                self._emit(f"{who} is injured and returns to High Camp", R_EVENTS)
            self._resume()
            return
        if self.die_for == "lost" and self.lost_checks and self.lost_checks[0] >= OTHER:
            self.die_for = ""
            c = self.lost_checks.pop(0) - OTHER
            if d <= 2:
                self.o_pos[ng + c] = LOST
                self.o_tallies[T_LOST] += 1
                self.o_moved[ng + c] = True
                self._emit(f"{self.name(OTHER + ng + c)} is LOST in the storm", "[8.3]")
            self._resume()
            return
        super()._die_rolled(d)

    # ------------------------------------------------------------------ the contract
    def current_player(self) -> int:
        """The seat to act: the bidder in the bidding, else the active seat."""
        if self.phase == P_OVER:
            return TERMINAL
        if self.phase in (P_GDRAW, P_CDRAW, P_DRAW, P_DIE, P_FATE, P_FIRST):
            return CHANCE
        if self.phase == P_BID:
            return self.bidder
        if self.phase == P_SPOT and self.pending_entry >= OTHER:
            return 1 - self.active  # a 6: the marker's own player chooses its spot [8.2]
        return self.active

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_FIRST:
            return [(FIRST_SEAT, 0.5), (FIRST_SEAT + 1, 0.5)]
        if self.phase in (P_GDRAW, P_CDRAW):
            kind = "guides" if self.phase == P_GDRAW else "clients"
            mine = set(getattr(self, kind)) | self._reserved(kind)
            cards = self.rs.guides if kind == "guides" else self.rs.clients
            free = [i for i in range(len(cards)) if i not in mine]
            base = GDRAW if kind == "guides" else CDRAW
            return [(base + i, 1 / len(free)) for i in free]
        return super()._chance_outcomes()

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        if ph == P_BID:
            return [BID, PASS]
        if ph == P_ORDER:
            return sorted(ENTER + e[0] for e in self.entering if e[0] < OTHER)
        if ph == P_RELOCATE:
            return [NO_BLOCK] + [RELOCATE + s for s in self.blocked]
        if ph == P_UNBLOCK:
            return [KEEP_BLOCKS] + [UNBLOCK + s for s in self._removable()]
        if ph == P_HIRE:
            taken = set(self.guides) | self._reserved("guides")
            return [HIRE + g for g in range(len(self.rs.guides)) if g not in taken]
        if ph == P_TARGET and self._target_type() == "client":
            return sorted(
                TARGET_OPP_CLIENT + x - OTHER if x >= OTHER else TARGET_CLIENT + x
                for x in self.targets
            )
        return super()._compute_legal()

    def _is_legal(self, action: int) -> bool:
        if self.phase == P_FIRST:
            return action in (FIRST_SEAT, FIRST_SEAT + 1)
        if self.phase in (P_GDRAW, P_CDRAW):
            return action in [a for a, _ in self._chance_outcomes()]
        return super()._is_legal(action)

    def _apply(self, action: int) -> None:
        ph = self.phase
        if ph == P_DRAW and not self._history and self._log is not None:
            # both teams were set up as the state was made, before any log: the log starts
            # with this draw, so it names the First Player here [15.1]
            self._emit(f"{self.label(self.first)} is the First Player", R_FIRST)
        if ph == P_FIRST:
            self._cache = None
            self._first_turn(action - FIRST_SEAT)
        elif ph == P_BID:
            self._cache = None
            if action == BID:
                self._place_bid(self.bidder)
            else:
                self._pass_bid(self.bidder)
        elif ph == P_RELOCATE:
            self._cache = None
            space, self.pending_block = self.pending_block, -1
            if action == NO_BLOCK:
                self._emit(f"{self.rs.board.names[space]} is left unblocked", R_BLOCK)
            else:
                self.blocked.remove(action - RELOCATE)
                self._emit(
                    f"the marker on {self.rs.board.names[action - RELOCATE]} is moved", R_BLOCK
                )
                self._block(space)
            self._resume()
        elif ph == P_UNBLOCK:
            self._cache = None
            if action != KEEP_BLOCKS:
                self.blocked.remove(action - UNBLOCK)
                self._emit(
                    f"{self.label(self.active)} removes the block on "
                    f"{self.rs.board.names[action - UNBLOCK]}",
                    R_BLOCK,
                )
            self._next_mover()
        else:
            super()._apply(action)
        if self._unblock():
            self._cache = None

    def _action_text(self, action: int) -> str:
        b = self.rs.board
        if self.phase == P_FIRST:
            return f"First Player drawn: {self.label(action - FIRST_SEAT)}"
        if action >= NUM_ACTIONS:
            if action == BID:
                tok = self.rs.tokens[self.current]
                return f"bid {self._bid_price()} Prestige for {tok.name}"
            if action == PASS:
                return f"pass on {self.rs.tokens[self.current].name}"
            if action == NO_BLOCK:
                return f"leave {b.names[self.pending_block]} unblocked"
            if action == KEEP_BLOCKS:
                return "keep the opponent's blocks"
            if action >= TARGET_OPP_CLIENT:
                c = action - TARGET_OPP_CLIENT
                kind = (
                    "Broken Rope"
                    if self.target_kind == "broken_rope"
                    else "Acute Mountain Sickness"
                )
                who = self.name(OTHER + self._game.ng + c)
                return f"{kind} strikes {who} of {self.label(1 - self.active)}"
            if action >= UNBLOCK:
                return f"remove the block on {b.names[action - UNBLOCK]}"
            return (
                f"move the marker from {b.names[action - RELOCATE]} "
                f"to {b.names[self.pending_block]}"
            )
        if self.phase == P_TARGET and TARGET_CLIENT <= action < TARGET_GUIDE:
            return f"{super()._action_text(action)} of {self.label(self.active)}"
        return super()._action_text(action)

    def _action_rule(self, action: int) -> str:
        if self.phase == P_FIRST:
            return R_FIRST
        if self.phase == P_BID:
            return R_BID
        if self.phase in (P_RELOCATE, P_UNBLOCK):
            return R_BLOCK
        return super()._action_rule(action)

    def _refusal(self, action: int) -> IllegalActionError:
        if self.phase in _PHASES_2P and isinstance(action, int) and 0 <= action < NUM_ACTIONS_2P:
            return IllegalActionError(
                rule=self._action_rule(action),
                reason=f"not a legal action while the game waits to {_PHASES_2P[self.phase]}",
                action=action,
            )
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS_2P:
            return IllegalActionError(rule="[5.0]", reason="no such action", action=action)
        if action >= NUM_ACTIONS:
            return IllegalActionError(
                rule=R_2P, reason="that two-player action is not legal now", action=action
            )
        return super()._refusal(action)

    def _parse_action(self, text: str) -> int | None:
        if text in ("bid", "pass"):
            return BID if text == "bid" else PASS
        return super()._parse_action(text)

    # ------------------------------------------------------------------ results [15.7]
    # ------------------------------------------------------------------ pure reads
    def _reader(self) -> TwoPlayerRules:
        """A private copy for a read that looks at the table from either seat (seating a
        team swaps it into the engine's fields): the state read is never written, so one
        thread may read it while another clones it."""
        return self.clone()

    def observation(self, player: int) -> dict[str, Any]:
        """The table as ``player`` sees it (see :meth:`_observation`), read from a private
        copy."""
        self._check_player(player)
        return self._reader()._observation(player)

    def public_observation(self) -> dict[str, Any] | None:
        """What a spectator sees (see :meth:`_public_observation`), from a private copy."""
        return self._reader()._public_observation()

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Each seat's [12.0] sheet, read from a private copy."""
        return self._reader()._score_breakdown()

    def _score_breakdown(self) -> list[ScoreBreakdown]:
        """Each seat's [12.0] sheet (seats each team in turn: on a private copy)."""
        out = []
        for s in (0, 1):
            with self._seated(s):
                bd = self._seat_score()
            out.append(replace(bd, player=s))
        return out

    def _seat_score(self) -> ScoreBreakdown:
        """The seated team's [12.0] sheet, by the ruleset's own scoring."""
        (bd,) = super().score_breakdown()
        return bd

    def score(self) -> float:
        """The total of the active seat."""
        return self.score_breakdown()[self.active].total

    def cooperative(self) -> bool:
        """Whether the teams play the cooperative game [15.7] (option ``victory``)."""
        return self._game.options.get("victory") == "cooperative"

    def short_of_success(self) -> list[ScoreBreakdown]:
        """The sheets whose band is below :data:`COOPERATIVE_BAND` (the cooperative game's
        aim for both teams [15.7])."""
        bands = self._game.score_bands()
        need = bands.index(COOPERATIVE_BAND)
        return [bd for bd in self.score_breakdown() if bands.index(bd.band or bands[0]) < need]

    def winners(self) -> list[int]:
        """The seats with the most Victory Points, then the most Prestige; in the
        cooperative game both seats if both teams reached the :data:`COOPERATIVE_BAND` or
        better, else none [15.7]."""
        if self.cooperative():
            return [] if self.short_of_success() else [0, 1]
        bds = self.score_breakdown()
        key = [(bd.total, self.seat_prestige(bd.player)) for bd in bds]
        best = max(key)
        return [s for s in (0, 1) if key[s] == best]

    def returns(self) -> list[float]:
        """1 for each winner (both in a mutual victory or a cooperative victory), 0 for the
        others (both in a cooperative defeat); 0 before the end [15.7]."""
        if self.phase != P_OVER:
            return [0.0, 0.0]
        won = self.winners()
        return [1.0 if s in won else 0.0 for s in (0, 1)]

    def ending(self) -> str | None:
        """Who won [15.7] once the game is over: ``Seat 1 (...) wins``, ``mutual victory``,
        or in the cooperative game ``cooperative victory: ...`` or ``cooperative defeat:
        ...`` naming the teams below the :data:`COOPERATIVE_BAND` and their bands."""
        if self.phase != P_OVER:
            return None
        if self.cooperative():
            short = self.short_of_success()
            if not short:
                return f"cooperative victory: both teams reached {COOPERATIVE_BAND} or better"
            who = " and ".join(f"{self.label(bd.player)} on {bd.band}" for bd in short)
            return f"cooperative defeat: {who}, below {COOPERATIVE_BAND}"
        won = self.winners()
        if len(won) == 2:
            return "mutual victory"
        return f"{self.label(won[0])} wins"

    def _token_places(self) -> list[int]:
        """The engine's places and the other team's held and kept tokens."""
        return super()._token_places() + self.o_held + self.o_kept

    def invariants(self) -> list[str]:
        """Both teams' markers and every token accounted for; Prestige on its track."""
        problems = self._token_problems()
        queued = [e[1] for e in self.queue if e[1] != NEUTRAL]
        if len(set(queued)) != len(queued):
            problems.append("a marker is twice in the queue")
        if any(e[1] == NEUTRAL for e in self.queue):
            problems.append("no other company's client in a two-player game [15.4]")
        ng = self._game.ng
        for base, pos in ((0, self.pos), (OTHER, self.o_pos)):
            for m, p in enumerate(pos):
                allowed = (QUEUE, REMOVED) if m < ng else (QUEUE, LOST, DEAD)
                if p < 0 and p not in allowed:
                    problems.append(f"{self.name(base + m)} is in no place a marker can be")
                if (p == QUEUE) != (base + m in queued):
                    problems.append(f"{self.name(base + m)}: queue position and marker disagree")
                if p >= self.rs.board.size:
                    problems.append(f"{self.name(base + m)} is off the board")
        if len(self.blocked) > self.rs.board.blocked_ridge_markers:
            problems.append("more Blocked Ridge markers than exist")
        if self.step != "setup":
            for s in self.blocked:
                if sum(self._clients_on(s)) < 2:
                    problems.append(f"{self.rs.board.names[s]} blocked with fewer than two clients")
        for p in (self.prestige, self.o_prestige):
            if not 0 <= p <= self.rs.board.prestige_max:
                problems.append("Prestige off its track")
        if len(self.storm_watch) + self.watch_blank > self.rs.board.storm_watch:
            problems.append("Storm Watch overfull")
        return problems

    # ------------------------------------------------------------------ views
    _TEAM_KEYS = (
        "prestige",
        "preparations",
        "held",
        "kept",
        "effects_this_turn",
        "guides",
        "clients",
        "score",
    )

    def _base_observation(self) -> dict[str, Any]:
        saved = self.phase
        if saved in _PHASES_2P:
            self.phase = {P_BID: P_BUY, P_FIRST: P_DRAW}.get(saved, P_MOVE)
        try:
            return super().observation(0)
        finally:
            self.phase = saved

    def _team(self, seat: int, obs: dict[str, Any] | None = None) -> dict[str, Any]:
        """A seat's team, from ``obs`` (the base observation with that seat seated) or
        a new one."""
        if obs is None:
            with self._seated(seat):
                obs = self._base_observation()
        team = {k: obs[k] for k in self._TEAM_KEYS}
        team["score"] = {**obs["score"], "player": seat}
        team["seat"] = seat
        team["label"] = self.label(seat)
        team["company"] = getattr(self._seat_game(seat).company, "name", "")
        return team

    def _observation(self, player: int) -> dict[str, Any]:
        """The table as ``player`` sees it: ``player``'s own team in the solitaire keys
        (``guides``, ``clients``, ``prestige``...), the other team under ``opponent``, the
        First Player (``None`` until drawn), the bidding, the kind of game (``victory``:
        competitive or cooperative, with the band both teams aim for as
        ``cooperative_aim``), and only ``player``'s own secret."""
        self._check_player(player)
        obs = self._base_observation()
        active = self._team(self.active, obs)  # the seated team's part is read off obs
        waiting = self._team(1 - self.active)
        mine, theirs = (active, waiting) if player == self.active else (waiting, active)
        obs.update({k: mine[k] for k in self._TEAM_KEYS})
        obs["phase"] = _PHASES_2P.get(self.phase) or self._phase_name()
        obs["seat"] = player
        obs["players"] = 2
        obs["opponent"] = theirs
        obs["teams"] = [mine, theirs] if player == 0 else [theirs, mine]
        obs["first_player"] = None if self.phase == P_FIRST else self.first
        obs["victory"] = "cooperative" if self.cooperative() else "competitive"
        obs["cooperative_aim"] = COOPERATIVE_BAND if self.cooperative() else None
        obs["to_move"] = self.active
        obs["moving"] = self.active if self.step == "move" else None
        for e, (_, who, _) in zip(obs["queue"], sorted(self.queue), strict=True):
            e["seat"] = self.active if who < OTHER else 1 - self.active
        tok = self.rs.tokens[self.current] if self.current >= 0 else None
        obs["bidding"] = (
            None
            if self.phase != P_BID or tok is None
            else {
                "event": tok.name,
                "cost": tok.cost,
                "high_bid": self.bid,
                "high_bidder": self.bid_high if self.bid_high >= 0 else None,
                "to_bid": self.bidder,
                "next_bid": self._bid_price(),
                "dropped_out": self.bid_out,
            }
        )
        obs["pending_block"] = (
            self.rs.board.names[self.pending_block] if self.pending_block >= 0 else None
        )
        obs["secret"] = self.secret[player]
        obs["opponent_secret"] = None if self.secret[1 - player] is None else "hidden"
        if self.phase == P_OVER:
            obs["winners"] = self.winners()
        return obs

    def _public_observation(self) -> dict[str, Any] | None:
        """What a spectator sees: seat 1's view with both secrets hidden."""
        obs = self._observation(0)
        obs["seat"] = None
        for key, s in (("secret", 0), ("opponent_secret", 1)):
            obs[key] = None if self.secret[s] is None else "hidden"
        return obs

    def resample_hidden(self, player: int, seed: int) -> TwoPlayerRules:
        """A clone with the other seat's secret redrawn among its possible values."""
        self._check_player(player)
        new = self.clone()
        other = 1 - player
        choices = self._secret_choices(other)
        if new.secret[other] is not None and choices:
            new.secret[other] = random.Random(seed).choice(choices)
        return new

    def clone(self) -> TwoPlayerRules:
        """An independent copy."""
        return cast(TwoPlayerRules, super().clone())


class TwoPlayerState(TwoPlayerRules):
    """A position of a two-player game [15.0]: two teams on one board."""

    __slots__ = TwoPlayerRules._SLOTS_2P


def _flip(marker: int) -> int:
    """A marker number seen from the other seat (the neutral client stays)."""
    if marker == NEUTRAL:
        return marker
    return marker - OTHER if marker >= OTHER else marker + OTHER


# ====================================================================== event effects
def _highest(state: DisasterState) -> list[int]:
    b = state.rs.board
    ng = state._game.ng
    alive = _alive_clients(state)
    if not alive:
        return []

    def height(c: int) -> float:
        p = state.pos[ng + c]
        return b.up + 0.5 if p == QUEUE else p

    top = max(height(c) for c in alive)
    return [c for c in alive if height(c) == top]


def _ams_2p(state: DisasterState, t: int) -> None:
    """On the buyer's or the opponent's client closest to the Summit (the clarifications)."""
    assert isinstance(state, TwoPlayerRules)
    own = _highest(state)
    with state._seated(1 - state.active):
        theirs = _highest(state)
    targets = own + [OTHER + c for c in theirs]
    if not targets:
        return
    if not _ask(state, "acute_mountain_sickness", targets):
        x = targets[0]
        if x >= OTHER:
            state.o_ams[x - OTHER] = True
        else:
            state.ams[x] = True
        who = state.name(state._game.ng + x)  # OTHER + ng + c names the opponent's
        state._emit(f"{who} has Acute Mountain Sickness", R_CLARIFY)


def _broken_rope_2p(state: DisasterState, t: int) -> None:
    """On a client of either team without a marker (the clarifications)."""
    assert isinstance(state, TwoPlayerRules)
    ng = state._game.ng

    def cands() -> list[int]:
        return [c for c in _alive_clients(state) if state.goal[c] == 0 and state.pos[ng + c] >= 0]

    own = cands()
    with state._seated(1 - state.active):
        theirs = cands()
    targets = own + [OTHER + c for c in theirs]
    if not targets:
        state._emit("every client has a marker: no event", R_EVENTS)
        return
    if not _ask(state, "broken_rope", targets):
        state.rope_client = targets[0]
        state.phase = P_DIE
        state.die_for = "rope"


def _icy_2p(state: DisasterState, t: int) -> None:
    """Everyone on a ridge slides down, both teams."""
    assert isinstance(state, TwoPlayerRules)
    EFFECTS["icy"](state, t)
    with state._seated(1 - state.active):
        EFFECTS["icy"](state, t)
    state._unblock()


def _both(name: str) -> Effect:
    def fx(state: DisasterState, t: int) -> None:
        assert isinstance(state, TwoPlayerRules)
        EFFECTS[name](state, t)
        state.o_fx.append(name)

    return fx


TWO_PLAYER_EFFECTS: dict[str, Effect] = {
    "acute_mountain_sickness": _ams_2p,
    "broken_rope": _broken_rope_2p,
    "icy": _icy_2p,
    **{name: _both(name) for name in BOTH_PLAYERS if name != "ridges_open"},
}
"""Effects that differ with two players (the player aid's clarifications); a ruleset adds
its own (K2's House's Chimney and HAP Stuck)."""
