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

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from . import (
    allowances,
    end_of_turn,
    fate,
    hillary_step,
    invariants,
    markers,
    movement,
    phases,
    scoring,
    setup,
    texts,
    transitions,
    turn,
    views,
)
from .components import Ruleset
from .constants import (
    HELD_EFFECTS,
    KEPT_EFFECTS,
    P_CDRAW,
    P_DRAW,
)
from .events import EFFECTS, Effect
from .expedition import Expedition, copier
from .hooks import EngineHooks
from .series_base import SERIES_FIELDS, StateShape, shape_of
from .team import Team

if TYPE_CHECKING:
    from .protocols import SeriesGame

__all__ = ["DisasterState"]


_NESTED_FIELDS = ("queue", "carried", "entering", "fate_list")


def _own_fields(names: tuple[str, ...]) -> tuple[str, ...]:
    """The state's own flat fields among a document's ``names`` (not a team's, not
    nested)."""
    return tuple(
        k for k in names if k not in _NESTED_FIELDS and k not in (*Team.LISTS, *Team.SCALARS)
    )


def _own_copier(*fields: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """The copy of a layer's own lists, nested lists and scalars among ``fields``, leaving
    out the series' (:meth:`.series_base.SeriesBase._copy_fields` copies them)."""
    return copier(*(tuple(k for k in names if k not in SERIES_FIELDS) for names in fields))


class DisasterState(Expedition):
    """A position of a Disaster-series game."""

    # the series' game, by the shape the rules read (:mod:`.protocols`): a
    # :class:`.game.DisasterGame`, which this module does not import
    _game: SeriesGame  # type: ignore[assignment]

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
    """The saved state's document lists and scalars, in its order: the state's own fields
    and the active team's (:meth:`_doc_field`)."""
    _NESTED = _NESTED_FIELDS
    _FLAT = _own_fields(_LISTS)
    _OWN_SCALARS = _own_fields(_SCALARS)
    __slots__ = ()
    _copy_own: ClassVar[Callable[[Any, Any], None]] = _own_copier(_FLAT, _NESTED, _OWN_SCALARS)
    """Copies the state's own fields but the table's and the teams' (:meth:`clone`),
    written out again for a subclass with fields of its own (:meth:`__init_subclass__`)."""

    _NATIVE_RULES: ClassVar[type] = EngineHooks
    """The native methods that stand in for this class's bindings in the compiled build
    (:func:`.binding.bind_compiled`)."""

    _LAYER_FIELDS: ClassVar[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = (
        (),
        (),
        (),
    )
    """The fields a layer adds in its own class (lists, nested lists, scalars), which
    :meth:`clone` copies with the engine's (:meth:`__init_subclass__`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's own copier of its fields (the engine's, the two-player rules', and
        each layer's ``_LAYER_FIELDS``), and the players of its layer's phases (``_WHO``,
        read from its ``PHASES``)."""
        super().__init_subclass__(**kwargs)
        flat, nested, scalars = list(cls._FLAT), list(cls._NESTED), list(cls._OWN_SCALARS)
        for layer in reversed(cls.__mro__):
            more = vars(layer).get("_LAYER_FIELDS")
            if more is not None:
                flat += more[0]
                nested += more[1]
                scalars += more[2]
        cls._copy_own = _own_copier(tuple(flat), tuple(nested), tuple(scalars))
        cls._WHO = phases.constant_players(cls.PHASES)
        cls._SHAPE = shape_of(cls)

    def __init__(self, game: SeriesGame, seed: int) -> None:
        super().__init__(game, seed)  # type: ignore[arg-type]
        self._shape = self._SHAPE
        rs = game.ruleset
        self.rs: Ruleset = rs
        """The game's components (its ruleset, read on every step)."""
        self.teams: Sequence[Team] = self._new_teams()
        """The teams: one in solitaire, one per seat with two players [15.0]."""
        self.team: Team = self.teams[0]
        """The active seat's team (a reference into :attr:`teams`, never a copy)."""
        self.container = list(range(len(rs.tokens)))
        self.set_aside: list[int] = []
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
        self.blocked: list[int] = []
        self.targets: list[int] = []
        self.phase = P_DRAW
        self.step = "setup"
        self.turn = 1
        self.storm = 0
        self.storm_pending = False
        self.watch_blank = 0
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
        self.pending_entry = -1
        self.fate_client = -1
        self.fate_key = ""
        self.fate_token = -1
        self.draws_left = 0
        self.start_space = 0
        self.stepped = False
        self._cache: list[int] | None = None
        self._setup()

    # ================================================================== helpers
    # the reads of :mod:`.markers`
    name = markers.name
    _marker_name = markers._marker_name
    space_name = markers.space_name
    _skills = markers._skills
    _traits = markers._traits
    _is_blocked = markers._is_blocked
    _unblock = markers._unblock
    _UNBLOCKS: ClassVar[bool] = False
    """Whether a step may free a Blocked Ridge (:meth:`_unblock` after each step: the
    two-player rules [15.4])."""
    _escape = markers._escape
    _client_at = markers._client_at
    _guide_on = markers._guide_on
    _spot_open = markers._spot_open
    _neutral_supply = markers._neutral_supply
    _storm_phase = markers._storm_phase

    # ================================================================== set-up [4.*]
    # the rules of :mod:`.setup`
    _setup = setup._setup
    _seat_game = setup._seat_game
    _seat_setup = setup._seat_setup
    _setup_next = setup._setup_next
    _seat_ready = setup._seat_ready
    _team_line = setup._team_line
    _secret_draw = setup._secret_draw
    _seat_done = setup._seat_done
    _draw_team = setup._draw_team
    _team_drawn = setup._team_drawn
    _CLIENTS_PHASE: ClassVar[int] = P_CDRAW
    """The phase that asks for the clients once the guides are hired or drawn."""
    _begin_turn = setup._begin_turn

    # ================================================================== the turn [5.0]

    # the rules of :mod:`.turn`
    _check_watch = turn._check_watch
    _after_draw = turn._after_draw
    _place_event = turn._place_event
    _ridges_placed = turn._ridges_placed
    _UNBUYABLE: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """Effects whose tokens are never bought, with the log's text and rule (K2's
    Darkness [7.2])."""
    _decline = turn._decline
    _buy = turn._buy
    _take_event = turn._take_event
    _effect = turn._effect
    _EFFECTS: ClassVar[Mapping[str, Effect]] = EFFECTS
    """The effects of the event tokens by id (a layer puts its clarified ones first)."""
    _prep_roll = turn._prep_roll

    # effects whose bought tokens are held for later or kept in front of the player (the
    # rest are set aside), and whether the log says so of a kept one
    _HELD: frozenset[str] = HELD_EFFECTS
    _KEPT: frozenset[str] = KEPT_EFFECTS
    _KEPT_SAID = True

    # ================================================================== movement [7.*]
    # the rules of :mod:`.movement`
    _begin_move = movement._begin_move
    _move_rounds = movement._move_rounds
    _start_round = movement._start_round
    _resume = movement._resume
    _RESUME_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any], bool]]] = ()
    """A ruleset's one hook for its interruptions, asked first when play resumes
    (:func:`.movement._resume`; none, or one function)."""
    _finish_round = movement._finish_round
    _guide_allowance = allowances._guide_allowance
    _client_allowance = allowances._client_allowance
    _client_allowances = allowances._client_allowances
    _plays = allowances._plays
    _play_held = allowances._play_held
    _can_push = allowances._can_push
    _selectable = allowances._selectable
    _client_selectable = allowances._client_selectable
    _move_actions = movement._move_actions
    _SURE_GUIDES: ClassVar[bool] = True
    _SURE_CLIENTS: ClassVar[bool] = True
    """Whether the movement step's list of markers to select may read a marker's move
    from the ruleset's facts instead of asking for its allowance (a guide's when every
    guide card has two points, :attr:`.components.Ruleset.guides_always_move`; a client's,
    when no effect is in force, from its card, :attr:`.components.Ruleset.still_clients`):
    for the engine's allowances; K2 asks for its guides' (:meth:`_selectable` adds the stuck
    HAP)."""
    _OWN_MOVES: ClassVar[bool] = False
    """Whether the ruleset adds its own actions to the movement step's lists (K2: its
    options [8.1], then hooks on the selection and the mover's lists): ``_options``,
    ``_selection_extras`` and ``_mover_extras``, asked by :func:`.movement._move_actions`."""
    _options = movement._options
    _selection_extras = movement._selection_extras
    _mover_extras = movement._mover_extras
    _ridges_open_playable = allowances._ridges_open_playable
    _end_problem = movement._end_problem
    _step_problem = movement._step_problem
    _PLAIN_STEPS: ClassVar[bool] = True
    """Whether the movement step's legal actions may answer :meth:`_step_problem`'s common
    case inline (a step without a carried client; anything else is asked of it): always
    for the engine's, for K2's while it is the same (:attr:`.k2.state.K2State._PLAIN_STEPS`)."""
    _do_step = movement._do_step
    _summit = movement._summit
    _get_lost = movement._get_lost
    _end_guide = movement._end_guide
    _drop = movement._drop
    _end_client = movement._end_client
    _select = movement._select
    _choose_option = allowances._choose_option
    _move_action = movement._move_action
    _move_play = movement._move_play
    _FOR_BOTH: ClassVar[frozenset[str]] = frozenset()
    """The played effects that serve both players that turn (two players)."""

    # ================================================================== queue [8.2] [9.0]
    # the rules of :mod:`.hillary_step`
    _place_in_queue = hillary_step._place_in_queue
    _resolve_queue = hillary_step._resolve_queue
    _shift_queue = hillary_step._shift_queue

    # ================================================================== end of turn [10.0]
    # the rules of :mod:`.end_of_turn`
    _end_turn = end_of_turn._end_turn
    _advance_track = end_of_turn._advance_track

    # what the log says when the phase track's marker enters the track and reaches Game End
    _TRACK_TEXTS = (
        "the storm hits: Storm Turn marker on 1",
        "the Storm Turn marker reaches Game End",
    )

    # ================================================================== game end [11.*]
    # the rules of :mod:`.fate`
    _begin_end = fate._begin_end
    _begin_fates = fate._begin_fates
    _seat_fates = fate._seat_fates
    _stranded = fate._stranded
    _zone = fate._zone
    _build_fates = fate._build_fates
    _take_off = fate._take_off
    _die = fate._die
    _next_fate = fate._next_fate
    _fate_options = fate._fate_options
    _place_of = fate._place_of
    _fate_result = fate._fate_result
    _survive = fate._survive
    _finish = fate._finish
    _closing_steps = fate._closing_steps
    _next_seat_fates = fate._next_seat_fates
    _fate_choice = fate._fate_choice

    _END_KEEPS: ClassVar[frozenset[str]] = frozenset()
    """Held tokens (by effect) a team keeps at the Game End besides one Luck [11.1]."""
    _END_RETURNS: ClassVar[frozenset[str]] = frozenset()
    """Kept tokens (by effect) that go back to the fate pool at the Game End."""
    _LEFT_OUT_OF_POOL: ClassVar[Mapping[str, str]] = {}
    """Tokens (by effect) removed from the game instead of joining the fate pool, with
    the log's words for them."""

    _DEATH_ZONE: ClassVar[str] = "caught above the Hillary Step"
    """Why a client in the death zone dies at the game end [11.3] (a board's wording)."""

    # the rules of :mod:`.views`
    _snapshot = views._snapshot
    observation = views.observation
    _mountain_view = views._mountain_view
    _team_view = views._team_view

    # ================================================================== contract
    # the phases as one table (:mod:`.phases`): a layer merges its entries into its own
    # class's ``PHASES``; the contract's methods read the entry of the phase now
    PHASES: ClassVar[tuple[phases.Phase, ...]] = phases.merged(phases.ENGINE_PHASES)
    _WHO: ClassVar[tuple[int | None, ...]] = phases.constant_players(PHASES)
    _SHAPE: ClassVar[StateShape]
    """The class's table and flags, as each state holds them (``_shape``)."""

    _chance_outcomes = phases._chance_outcomes
    _sample_chance = phases._sample_chance
    _is_legal = phases._is_legal
    _compute_legal = phases._compute_legal
    _action_text = phases._action_text
    _rule_of = phases._rule_of
    _refuse = phases._refuse
    _apply = phases._apply
    _phase_name = phases._phase_name
    _target_type = phases._target_type

    # ----------------------------------------------------------------- action texts
    # the rules of :mod:`.texts`
    _simple_text = texts._simple_text
    _action_rule = texts._action_rule
    _refusal = texts._refusal
    _emit = texts._emit  # the citation funnel: rules by name, numbered by the ruleset
    _cited_line = texts._cited_line
    _parse_action = texts._parse_action

    # the short words a player may type, and the refusals' words
    _ALIASES: ClassVar[dict[str, int]] = texts.ALIASES
    _REFUSALS: ClassVar[dict[str, str]] = texts.REFUSALS

    # the rules of :mod:`.transitions` (the phases' own are the table's)
    _die_rolled = transitions._die_rolled
    _ROLL_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any, int], int | None]]] = ()
    """A ruleset's one hook for its own die rolls and modifiers, asked first
    (:func:`.transitions._die_rolled`; none, or one function)."""
    _avalanche = transitions._avalanche

    # ================================================================== results
    # the rules of :mod:`.scoring`
    score_breakdown = scoring.score_breakdown
    tally_figures = scoring.tally_figures
    score = scoring.score
    returns = scoring.returns
    ending = scoring.ending
    _first_marker = scoring._first_marker
    _client_lines = scoring._client_lines
    _luck_line = scoring._luck_line
    _team_score = scoring._team_score

    # the rules of :mod:`.invariants`
    _MARKER_PLACES: ClassVar[tuple[tuple[int, ...], tuple[int, ...]]] = invariants.MARKER_PLACES
    _token_places = invariants._token_places
    _token_problems = invariants._token_problems
    _table_problems = invariants._table_problems
    invariants = invariants.invariants

    # ================================================================== teams

    # the rules of :mod:`.setup` and the reads of :mod:`.views`
    _new_teams = setup._new_teams
    _new_team = setup._new_team
    _doc_field = views._doc_field

    def _active_index(self) -> int:
        """The index of :attr:`team` in :attr:`teams` (solitaire: 0)."""
        return 0

    _TEAM_FIELDS: ClassVar[frozenset[str]] = frozenset((*Team.LISTS, *Team.SCALARS))
    """The names of the team's fields (of the ruleset's kind of team)."""

    # ================================================================== views

    def clone(self) -> Self:
        """An independent copy: no list or team shared with this state (the series' fields
        and K2's by :meth:`.series_base.SeriesBase._copy_fields`, compiled with the build; a
        layer's own by :attr:`_copy_own`; each team by :meth:`.Team.clone`)."""
        new = type(self).__new__(type(self))
        self._copy_fields(new)
        self._copy_own(new)
        new.teams = [t.clone() for t in self.teams]
        new.team = new.teams[self._active_index()]
        return new


DisasterState._SHAPE = shape_of(DisasterState)
