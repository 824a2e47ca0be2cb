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

The state holds both teams (``teams``, one :class:`~.team.Team` per seat) and the active
seat's (``team``, a reference: the seat moving, bidding, choosing a target or drawing
fates); a change of seat changes that reference. The shared places (the Hillary Step
queue, the markers entering it, the LOST checks) name the waiting team's markers
``OTHER + marker``; a change of seat renumbers them. The saved document keeps today's
layout: the active team's fields at its top level, the waiting team's as ``o_<field>``.

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

from collections import ChainMap
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from . import (
    two_player_bidding,
    two_player_blocks,
    two_player_end,
    two_player_events,
    two_player_setup,
    two_player_views,
)
from .constants import NEUTRAL
from .engine import DisasterState
from .events import EFFECTS, Effect
from .phases import ENGINE_PHASES, merged
from .protocols import TwoPlayerSeries
from .team import Team
from .two_player_events import TWO_PLAYER_EFFECTS
from .two_player_options import (
    check_two_player_options,
    seat_games,
    seat_label,
    seat_option_values,
    two_player_options,
    two_player_view,
)
from .two_player_phases import two_player_phases
from .two_player_vocabulary import (
    _PHASES_2P,
    BID,
    BOTH_PLAYERS,
    COOPERATIVE_BAND,
    FIRST_CHOICES,
    FIRST_SEAT,
    KEEP_BLOCKS,
    NO_BLOCK,
    NUM_ACTIONS_2P,
    OTHER,
    P_BID,
    P_FIRST,
    P_RELOCATE,
    P_UNBLOCK,
    PASS,
    PRESTIGE_2P,
    R_2P,
    R_BID,
    R_BLOCK,
    R_CLARIFY,
    R_FIRST,
    R_MOVE_2P,
    R_PREP_2P,
    R_PRESTIGE,
    R_VICTORY,
    RELOCATE,
    TARGET_OPP_CLIENT,
    TWO_PLAYER_ONLY,
    UNBLOCK,
    VICTORY_MODES,
    _flip,
)

if TYPE_CHECKING:
    from .protocols import SeriesGame

__all__ = [
    "BID",
    "BOTH_PLAYERS",
    "COOPERATIVE_BAND",
    "FIRST_CHOICES",
    "FIRST_SEAT",
    "KEEP_BLOCKS",
    "NO_BLOCK",
    "NUM_ACTIONS_2P",
    "OTHER",
    "PASS",
    "PRESTIGE_2P",
    "P_BID",
    "P_FIRST",
    "P_RELOCATE",
    "P_UNBLOCK",
    "RELOCATE",
    "R_2P",
    "R_BID",
    "R_BLOCK",
    "R_CLARIFY",
    "R_FIRST",
    "R_MOVE_2P",
    "R_PREP_2P",
    "R_PRESTIGE",
    "R_VICTORY",
    "TARGET_OPP_CLIENT",
    "TWO_PLAYER_EFFECTS",
    "TWO_PLAYER_ONLY",
    "UNBLOCK",
    "VICTORY_MODES",
    "_PHASES_2P",
    "TwoPlayerRules",
    "TwoPlayerState",
    "_flip",
    "check_two_player_options",
    "seat_games",
    "seat_label",
    "seat_option_values",
    "two_player_options",
    "two_player_view",
]


# ====================================================================== the state
if TYPE_CHECKING:

    class _Rules(DisasterState, TwoPlayerSeries):
        """What the mixin's methods call on (``super()``): a series state with the
        two-player rules' members."""

else:
    _Rules = object


class _Seated:
    """The context of :meth:`TwoPlayerRules._seated`: ``seat`` made the active seat on
    entry, the seat that was active given the turn back on exit (the shared places naming
    markers renumbered each way); nothing when ``seat`` is already active. A class, not a
    generator: it is entered at every Serac collapse and two-team event."""

    __slots__ = ("back", "seat", "state")

    def __init__(self, state: TwoPlayerRules, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.back = seat

    def __enter__(self) -> None:
        s = self.state
        back = self.back = s.active
        seat = self.seat
        if back != seat:
            s._renumber()
            s.active, s.team = seat, s.teams[seat]

    def __exit__(self, *exc: object) -> None:
        back = self.back
        if back != self.seat:
            s = self.state
            s._renumber()
            s.active, s.team = back, s.teams[back]


class TwoPlayerRules(_Rules):
    """The two-player rules [15.0] as a mixin over any ruleset's state (it derives from no
    state class when the game runs, so the state classes form no diamond): a state class
    puts it first, ``class X(TwoPlayerRules, K2State)`` with ``__slots__ =
    TwoPlayerRules._SLOTS_2P``; each class's method order is then one straight line (X, the
    two-player rules, the ruleset's state, the engine). :class:`TwoPlayerState` is the plain
    engine's."""

    # the saved document keeps the waiting team's fields as ``o_<field>``
    _SEAT_O = tuple("o_" + k for k in Team.LISTS)
    _SEAT_OS = tuple("o_" + k for k in Team.SCALARS)
    # the engine's tuples are typed with their fixed length: these extend them
    _LISTS = (*DisasterState._LISTS, *_SEAT_O, "secret")  # type: ignore[assignment]
    _TWO_PLAYER_SCALARS = (
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
    """The two-player rules' own numbers [15.*], in the saved document's order."""
    _SCALARS = (*DisasterState._SCALARS, *_SEAT_OS, *_TWO_PLAYER_SCALARS)  # type: ignore[assignment]
    _FLAT = (*DisasterState._FLAT, "secret")
    _OWN_SCALARS = (*DisasterState._OWN_SCALARS, *_TWO_PLAYER_SCALARS)
    __slots__ = ()
    _SLOTS_2P = ("secret", *_TWO_PLAYER_SCALARS)

    def __init__(self, game: SeriesGame, seed: int) -> None:
        self.secret: list[Any] = [None, None]
        self.active = 0  # the seat to act: its team is ``self.team``
        self.first = 0  # the First Player [15.1]
        self.moving = 0  # 0 while the First Player moves, 1 for the other [15.5]
        self.bidder = -1  # the seat to bid or pass [15.3]
        self.bid = 0  # the highest bid so far (0: none)
        self.bid_high = -1  # its seat
        self.bid_out = False  # a player has dropped out of the bidding
        self.pending_block = -1  # a ridge to block, waiting for a spare marker [15.4]
        self.fate_seat = -1  # whose clients draw their fates [11.*]
        super().__init__(game, seed)

    # ------------------------------------------------------------------ teams [15.0]
    # the rules of :mod:`.two_player_setup`
    _new_teams = two_player_setup._new_teams
    _active_index = two_player_setup._active_index
    _seat_teams = two_player_setup._seat_teams
    _doc_field = two_player_setup._doc_field

    @property
    def other(self) -> Team:
        """The waiting seat's team (the one that is not :attr:`team`)."""
        return self.teams[1 - self.active]

    def _seat(self, seat: int) -> None:
        """Make ``seat`` the active seat: ``team`` becomes its team (a reference)."""
        if self.active != seat:
            if self.queue or self.entering or self.lost_checks:
                self._renumber()  # the shared places naming markers (usually empty)
            self.active = seat
            self.team = self.teams[seat]
            self._cache = None

    def _seated(self, seat: int) -> _Seated:
        """Apply a rule to ``seat``'s team (a solitaire rule run for the waiting team: its
        markers entering the queue, an avalanche or an Icy slide on both teams...), then
        give the turn back (also when the rule raises). Only rules use it; the reads read
        ``teams[seat]``."""
        return _Seated(self, seat)

    # ------------------------------------------------------------------ seats
    # the rules of :mod:`.two_player_setup`
    _renumber = two_player_setup._renumber
    _seat_game = two_player_setup._seat_game
    _seat_bonus = two_player_setup._seat_bonus
    label = two_player_setup.label
    seat_prestige = two_player_setup.seat_prestige
    seat_secret = two_player_setup.seat_secret
    _secret_choices = two_player_setup._secret_choices
    _clients_on = two_player_setup._clients_on
    _reserved = two_player_setup._reserved
    _seat_done = two_player_setup._seat_done
    _choose_first = two_player_setup._choose_first
    _first_turn = two_player_setup._first_turn
    _begin_turn = two_player_setup._begin_turn

    def name(self, marker: int) -> str:
        """A marker's name; ``OTHER + marker`` names the waiting team's."""
        if OTHER <= marker < NEUTRAL:
            m = marker - OTHER
            ng = self._game.ng
            other = self.teams[1 - self.active]
            if m < ng:
                return self.rs.guides[other.guides[m]].name
            return self.rs.clients[other.clients[m - ng]].name
        return super().name(marker)

    # ------------------------------------------------------------------ set-up [4.*] [15.2]

    # ------------------------------------------------------------------ the turn

    # the rules of :mod:`.two_player_bidding`
    _place_event = two_player_bidding._place_event
    _bid_price = two_player_bidding._bid_price
    _bid_turn = two_player_bidding._bid_turn
    _pass_bid = two_player_bidding._pass_bid
    _place_bid = two_player_bidding._place_bid
    _award = two_player_bidding._award

    _EFFECTS: ClassVar[Mapping[str, Effect]] = ChainMap(TWO_PLAYER_EFFECTS, EFFECTS)
    """The effects a bought token carries out: the clarified ones with two players."""

    # ------------------------------------------------------------------ movement [15.5]
    # the rules of :mod:`.two_player_blocks`
    _begin_move = two_player_blocks._begin_move
    _begin_seat_move = two_player_blocks._begin_seat_move
    _ridges_open_playable = two_player_blocks._ridges_open_playable
    _settle = two_player_blocks._settle
    _block = two_player_blocks._block
    _removable = two_player_blocks._removable
    _unblock = two_player_blocks._unblock  # after each step (the engine's ``_move_action``)
    _UNBLOCKS = True
    _FOR_BOTH = frozenset({"ridges_open"})  # "removes all ridges for that turn"
    _RESUME_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any], bool]]] = (two_player_blocks._hold,)
    """Before play resumes: the Blocked Ridge marker to relocate, the queue's entry order."""

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
        if self.blocked and self._removable():
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

    # ------------------------------------------------------------------ blocked ridges [15.4]
    def _drop(self) -> None:
        ended = [x for x, n in self.carried if n > 0]
        super()._drop()
        for x in ended:
            self._settle(self.team.pos[x])

    def _end_client(self) -> None:
        m, stepped = self.mover, self.stepped
        super()._end_client()
        if stepped and self.team.pos[m] >= 0:
            self._settle(self.team.pos[m])

    # ------------------------------------------------------------------ the queue, end of turn
    # the rules of :mod:`.two_player_end`
    _shift_queue = two_player_end._shift_queue
    _end_turn = two_player_end._end_turn
    _begin_fates = two_player_end._begin_fates
    _next_seat_fates = two_player_end._next_seat_fates
    score = two_player_end.score
    cooperative = two_player_end.cooperative
    short_of_success = two_player_end.short_of_success
    winners = two_player_end.winners
    returns = two_player_end.returns
    ending = two_player_end.ending

    # ------------------------------------------------------------------ game end [11.*]

    # ------------------------------------------------------------------ events (clarifications)
    def _avalanche(self, space: int) -> None:
        """Every client on the space, of either team, without a guide of its own team there
        is swept one space down (the clarifications)."""
        for s in (self.active, 1 - self.active):
            with self._seated(s):
                super()._avalanche(space)
        self._unblock()

    _ROLL_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any, int], int | None]]] = (
        two_player_events._opponents_roll,
    )

    # ------------------------------------------------------------------ the contract
    # the phases (:mod:`.two_player_phases`) and the reads of :mod:`.two_player_views`
    PHASES = merged(two_player_phases(ENGINE_PHASES))
    observation = two_player_views.observation
    public_observation = two_player_views.public_observation
    _team = two_player_views._team
    _observation = two_player_views._observation
    _public_observation = two_player_views._public_observation
    resample_hidden = two_player_views.resample_hidden

    def _parse_action(self, text: str) -> int | None:
        if text in ("bid", "pass"):
            return BID if text == "bid" else PASS
        return super()._parse_action(text)

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
        """The ruleset's observation of the table with the active team (a read)."""
        return super().observation(0)


class TwoPlayerState(TwoPlayerRules, DisasterState, TwoPlayerSeries):
    """A position of a two-player game [15.0]: two teams on one board."""

    __slots__ = TwoPlayerRules._SLOTS_2P
