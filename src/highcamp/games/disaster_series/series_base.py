"""The series state's fields and methods, declared once: :class:`SeriesBase`, the first
base class of every Disaster-series state (``SeriesBase`` <- :class:`.hooks.EngineHooks`
<- :class:`.expedition.Expedition`, which derives from the contract's
:class:`highcamp.State` too), and :class:`StateShape`, what a state class is to its rules.

The rule modules annotate their ``self`` with the engine's native class (as
:data:`.protocols.SeriesState`): every field is typed here and kept in these slots, and
every method the rules call is declared here or written in :class:`.hooks.EngineHooks`, so
mypy checks each rule against them. The methods here raise :class:`NotImplementedError`
where a state class binds the rule (:class:`.engine.DisasterState`, K2's, the two-player
rules), but the contract's own methods, which they call (:class:`highcamp.State` is not a
base of this class).

Compiled (``make native``, mypyc) it is a native class, so that the compiled rules read the
state's fields as a C struct's; interpreted it is a plain slotted class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from highcamp.core import LogEntry, ScoreBreakdown, ScoreLine, State

from .components import Ruleset
from .team import Team

if TYPE_CHECKING:
    from .hooks import EngineHooks
    from .phase_entry import Phase
    from .protocols import SeriesGame


class StateShape(NamedTuple):
    """What a state class is, as its rules read it on every action: its phase table, the
    players of the phases whose player never changes, and its ruleset's flags. Made once per
    class from its constants (:func:`shape_of`) and held by each state (``_shape``), so that
    the compiled rules read it as a field."""

    table: tuple[Phase, ...]
    who: tuple[int | None, ...]
    unblocks: bool
    own_moves: bool
    sure_guides: bool
    sure_clients: bool
    resume_first: tuple[()] | tuple[Callable[[Any], bool]]
    roll_first: tuple[()] | tuple[Callable[[Any, int], int | None]]


def shape_of(cls: Any) -> StateShape:
    """The shape of the state class ``cls``, read from its constants (``PHASES``, ``_WHO``,
    ``_UNBLOCKS``, ``_OWN_MOVES``, ``_SURE_GUIDES``, ``_SURE_CLIENTS``, ``_RESUME_FIRST``,
    ``_ROLL_FIRST``)."""
    return StateShape(
        cls.PHASES,
        cls._WHO,
        cls._UNBLOCKS,
        cls._OWN_MOVES,
        cls._SURE_GUIDES,
        cls._SURE_CLIENTS,
        cls._RESUME_FIRST,
        cls._ROLL_FIRST,
    )


SERIES_FIELDS: Final = (
    "_cache",
    "_game",
    "_history",
    "_key",
    "_log",
    "_position",
    "_seed",
    "_shape",
    "blocked",
    "capacity",
    "carried",
    "carry_limit",
    "clients_left",
    "container",
    "current",
    "die_for",
    "drawn",
    "draws_left",
    "entering",
    "entry_chosen",
    "fate_client",
    "fate_drawn",
    "fate_key",
    "fate_list",
    "fate_token",
    "guides_left",
    "lost_checks",
    "mover",
    "option",
    "pending_entry",
    "phase",
    "pool",
    "pushed",
    "queue",
    "remaining",
    "removed",
    "rope_client",
    "round",
    "rounds",
    "rs",
    "set_aside",
    "spent",
    "start_space",
    "step",
    "stepped",
    "storm",
    "storm_pending",
    "storm_watch",
    "target_kind",
    "targets",
    "team",
    "teams",
    "turn",
    "watch_blank",
)
"""Every field of a series state but a layer's own (the two-player rules', K2's in
:class:`.k2.k2_base.K2Base`): :class:`SeriesBase`'s slots, copied by
:meth:`SeriesBase._copy_fields`."""


@mypyc_attr(allow_interpreted_subclasses=True)
class SeriesBase:
    __slots__ = SERIES_FIELDS
    _key: int | None
    _cache: list[int] | None
    _game: SeriesGame
    _history: list[int]
    _log: list[LogEntry] | None
    blocked: list[int]
    capacity: int
    carried: list[list[int]]
    carry_limit: int
    clients_left: int
    container: list[int]
    current: int
    die_for: str
    drawn: list[int]
    draws_left: int
    entering: list[list[int]]
    entry_chosen: bool
    fate_client: int
    fate_drawn: list[int]
    fate_key: str
    fate_list: list[list[Any]]
    fate_token: int
    guides_left: int
    lost_checks: list[int]
    mover: int
    option: int
    pending_entry: int
    phase: int
    pool: list[int]
    pushed: bool
    queue: list[list[int]]
    remaining: int
    removed: list[int]
    rope_client: int
    round: str
    rounds: list[str]
    rs: Ruleset
    set_aside: list[int]
    spent: list[int]
    start_space: int
    step: str
    stepped: bool
    storm: int
    storm_pending: bool
    storm_watch: list[int]
    target_kind: str
    targets: list[int]
    team: Team
    teams: Sequence[Team]
    turn: int
    watch_blank: int
    _position: dict[str, Any] | None
    _seed: int
    _shape: StateShape

    def _copy_fields(self, new: SeriesBase) -> None:
        """Copy every field of the state into ``new`` (a bare state of its class): no list
        shared, but the components, the game and the legal actions' memo (never changed
        in place); the teams are the caller's (:meth:`.engine.DisasterState.clone`).
        Written out, and compiled with the build: a clone copies them on every search
        step."""
        new._game = self._game
        new._seed = self._seed
        new._key = self._key
        new._position = self._position
        new._shape = self._shape
        new._cache = self._cache
        new.rs = self.rs
        new._history = self._history.copy()
        log = self._log
        new._log = None if log is None else log.copy()
        new.container = self.container.copy()
        new.set_aside = self.set_aside.copy()
        new.removed = self.removed.copy()
        new.storm_watch = self.storm_watch.copy()
        new.drawn = self.drawn.copy()
        new.blocked = self.blocked.copy()
        new.lost_checks = self.lost_checks.copy()
        new.rounds = self.rounds.copy()
        new.pool = self.pool.copy()
        new.fate_drawn = self.fate_drawn.copy()
        new.spent = self.spent.copy()
        new.targets = self.targets.copy()
        new.queue = [x.copy() for x in self.queue]
        new.carried = [x.copy() for x in self.carried]
        new.entering = [x.copy() for x in self.entering]
        new.fate_list = [x.copy() for x in self.fate_list]
        new.turn = self.turn
        new.storm = self.storm
        new.storm_pending = self.storm_pending
        new.watch_blank = self.watch_blank
        new.phase = self.phase
        new.step = self.step
        new.current = self.current
        new.die_for = self.die_for
        new.option = self.option
        new.round = self.round
        new.guides_left = self.guides_left
        new.clients_left = self.clients_left
        new.mover = self.mover
        new.remaining = self.remaining
        new.carry_limit = self.carry_limit
        new.capacity = self.capacity
        new.pushed = self.pushed
        new.entry_chosen = self.entry_chosen
        new.target_kind = self.target_kind
        new.rope_client = self.rope_client
        new.pending_entry = self.pending_entry
        new.fate_client = self.fate_client
        new.fate_key = self.fate_key
        new.fate_token = self.fate_token
        new.draws_left = self.draws_left
        new.start_space = self.start_space
        new.stepped = self.stepped

    @property
    def _ALIASES(self) -> dict[str, int]:
        raise NotImplementedError

    @property
    def _CLIENTS_PHASE(self) -> int:
        raise NotImplementedError

    @property
    def _DEATH_ZONE(self) -> str:
        raise NotImplementedError

    @property
    def _HELD(self) -> frozenset[str]:
        raise NotImplementedError

    @property
    def _KEPT(self) -> frozenset[str]:
        raise NotImplementedError

    @property
    def _KEPT_SAID(self) -> bool:
        raise NotImplementedError

    @property
    def _LISTS(self) -> tuple[str, ...]:
        raise NotImplementedError

    @property
    def PHASES(self) -> tuple[Phase, ...]:
        raise NotImplementedError

    @property
    def _WHO(self) -> tuple[int | None, ...]:
        raise NotImplementedError

    @property
    def _REFUSALS(self) -> dict[str, str]:
        raise NotImplementedError

    @property
    def _SCALARS(self) -> tuple[str, ...]:
        raise NotImplementedError

    @property
    def _TRACK_TEXTS(self) -> tuple[str, ...]:
        raise NotImplementedError

    @property
    def _RESUME_FIRST(self) -> tuple[()] | tuple[Callable[[Any], bool]]:
        raise NotImplementedError

    @property
    def _ROLL_FIRST(self) -> tuple[()] | tuple[Callable[[Any, int], int | None]]:
        raise NotImplementedError

    @property
    def _UNBLOCKS(self) -> bool:
        raise NotImplementedError

    @property
    def _PLAIN_STEPS(self) -> bool:
        raise NotImplementedError

    @property
    def _SURE_GUIDES(self) -> bool:
        raise NotImplementedError

    @property
    def _SURE_CLIENTS(self) -> bool:
        raise NotImplementedError

    @property
    def _OWN_MOVES(self) -> bool:
        raise NotImplementedError

    @property
    def _FOR_BOTH(self) -> frozenset[str]:
        raise NotImplementedError

    @property
    def _UNBUYABLE(self) -> Mapping[str, tuple[str, str]]:
        raise NotImplementedError

    def _keep_key(self) -> int:
        return State._keep_key(self)  # type: ignore

    def _action_rule(self, action: int) -> str:
        raise NotImplementedError

    def _action_text(self, action: int) -> str:
        return State._action_text(self, action)  # type: ignore

    def _cited_line(
        self, label: str, points: int | float, rule: str, key: tuple[Any, ...] | None = None
    ) -> ScoreLine:
        raise NotImplementedError

    def _advance_track(self) -> bool:
        raise NotImplementedError

    def _after_draw(self) -> None:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        return State._apply(self, action)  # type: ignore

    def _begin_end(self) -> None:
        raise NotImplementedError

    def _build_fates(self) -> None:
        raise NotImplementedError

    def _buy(self) -> None:
        raise NotImplementedError

    def _can_push(self, c: int) -> bool:
        raise NotImplementedError

    def _check_player(self, player: int) -> None:
        return State._check_player(self, player)  # type: ignore

    def _client_allowance(self, c: int) -> int:
        raise NotImplementedError

    def _play_held(self, action: int) -> tuple[int, str]:
        raise NotImplementedError

    def _client_at(self, space: int) -> list[int]:
        raise NotImplementedError

    def _client_lines(self, people: str, team: Team) -> list[ScoreLine]:
        raise NotImplementedError

    def _client_selectable(self, c: int) -> bool:
        raise NotImplementedError

    def _compute_legal(self) -> list[int]:
        raise NotImplementedError

    def _die(self, c: int, why: str) -> None:
        raise NotImplementedError

    def _die_rolled(self, d: int) -> None:
        raise NotImplementedError

    def _draw_team(self, game: SeriesGame) -> bool:
        raise NotImplementedError

    def _team_drawn(self) -> bool:
        raise NotImplementedError

    def _effect(self, effect: str) -> Callable[[EngineHooks, int], None]:
        raise NotImplementedError

    @property
    def _EFFECTS(self) -> Mapping[str, Callable[[EngineHooks, int], None]]:
        raise NotImplementedError

    def _emit(self, text: str, rule: str, player: int | None = None) -> None:
        return State._emit(self, text, rule, player)  # type: ignore

    def _end_guide(self) -> None:
        raise NotImplementedError

    def _escape(self, space: int) -> int:
        raise NotImplementedError

    def _fate_result(self, t: int) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        raise NotImplementedError

    def _guide_on(self, space: int) -> bool:
        raise NotImplementedError

    def _is_blocked(self, space: int) -> bool:
        raise NotImplementedError

    def _luck_line(self, team: Team) -> ScoreLine:
        raise NotImplementedError

    def _marker_name(self, team: Team, marker: int) -> str:
        raise NotImplementedError

    def _move_action(self, action: int) -> None:
        raise NotImplementedError

    def _move_actions(self) -> list[int]:
        raise NotImplementedError

    def _move_rounds(self, game: SeriesGame) -> list[str]:
        raise NotImplementedError

    def _neutral_supply(self) -> int:
        raise NotImplementedError

    def _next_fate(self) -> None:
        raise NotImplementedError

    def _place_of(self, m: int) -> tuple[int, int]:
        raise NotImplementedError

    def _prep_roll(self) -> None:
        raise NotImplementedError

    def _resolve_queue(self) -> None:
        raise NotImplementedError

    def _resume(self) -> None:
        raise NotImplementedError

    def _selectable(self, m: int) -> bool:
        raise NotImplementedError

    def _setup_next(self) -> None:
        raise NotImplementedError

    def _seat_ready(self, drawn: bool) -> None:
        raise NotImplementedError

    def _active_index(self) -> int:
        raise NotImplementedError

    def ending(self) -> str | None:
        return State.ending(self)  # type: ignore

    @property
    def _END_KEEPS(self) -> frozenset[str]:
        raise NotImplementedError

    @property
    def _END_RETURNS(self) -> frozenset[str]:
        raise NotImplementedError

    @property
    def _LEFT_OUT_OF_POOL(self) -> Mapping[str, str]:
        raise NotImplementedError

    @property
    def _MARKER_PLACES(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        raise NotImplementedError

    def _skills(self, g: int) -> frozenset[str]:
        raise NotImplementedError

    def _spot_open(self, spot: int) -> bool:
        raise NotImplementedError

    def _start_round(self, first: bool) -> None:
        raise NotImplementedError

    def _storm_phase(self) -> bool:
        raise NotImplementedError

    def _stranded(self) -> list[int]:
        raise NotImplementedError

    def _survive(self, c: int) -> None:
        raise NotImplementedError

    def _take_event(self, price: int) -> None:
        raise NotImplementedError

    def _take_off(self, m: int) -> None:
        raise NotImplementedError

    def _target_type(self) -> str:
        raise NotImplementedError

    def _token_problems(self) -> list[str]:
        raise NotImplementedError

    def _doc_field(self, key: str) -> Any:
        raise NotImplementedError

    @property
    def _TEAM_FIELDS(self) -> frozenset[str]:
        raise NotImplementedError

    def _zone(self, c: int) -> str:
        raise NotImplementedError

    def score_breakdown(self) -> list[ScoreBreakdown]:
        return State.score_breakdown(self)  # type: ignore

    def space_name(self, space: int) -> str:
        raise NotImplementedError

    def tally_figures(self, team: Team | None = None) -> dict[str, int]:
        raise NotImplementedError

    def _log_action(self, action: int) -> None:
        return State._log_action(self, action)  # type: ignore
