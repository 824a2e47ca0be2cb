"""Disaster on K2's rules on the series engine: K2's vocabulary (action ids, phases, its own
section numbers), its tracks and tables (``K2Rules``) and :class:`K2State`, which plugs
into the engine's named hooks where K2 differs: the Avalanche Track with the Serac
collapses [7.3], avalanche spaces and their descent [9.2], bivouacking [8.7], the Sherpa's
Secret Goal [13.0], Luck before any die roll, the Flashlight, House's Chimney and the K2
movement options [8.1]. The game (options, teams) is :mod:`.rules`.

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-k2", guide="sherpa").new_initial_state(seed=1)
>>> from highcamp.games.disaster_series.k2.vocabulary import P_GOAL
>>> isinstance(s, K2State), s.phase == P_GOAL
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..constants import LOST, SACRIFICE
from ..engine import DisasterState
from ..phases import merged
from ..team import K2Team, Team
from . import avalanche, dice, fate, luck, movement, scoring, texts, views
from . import events as _events  # noqa: F401  (registers K2's event effects)
from . import phases as k2_phases
from . import teams as team_rules
from .k2_base import K2Hooks
from .phases import K2_PHASES
from .vocabulary import (
    HELD,
    KEPT,
    P_RECRUIT,
    R_BUY,
    REFUSALS,
)

__all__ = ["K2State"]


if TYPE_CHECKING:
    from .protocols import K2Game


class K2State(DisasterState, K2Hooks):
    """A position of Disaster on K2 (per-team state is kept in lists indexed by seat)."""

    _game: K2Game  # type: ignore[assignment]  # a DisasterGame: K2's
    team: K2Team
    teams: Sequence[K2Team]

    _PER_SEAT = frozenset({"secret_goal", "goal_done", "sherpa_summit", "summited_with"})
    _TEAM_FIELDS = frozenset((*K2Team.LISTS, *K2Team.SCALARS))
    _K2_FLAT = ("collapsed", "chimney_queue", "noble_victims")
    _K2_NESTED = ("ropes", "descents")
    _REFUSALS: ClassVar[dict[str, str]] = REFUSALS  # in K2's words
    _K2_SCALARS = (
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
    _K2_DOC = (
        "secret_goal",
        "goal_done",
        "sherpa_summit",
        "collapsed",
        "bivouacked",
        "chimney_queue",
        "noble_victims",
        *_K2_NESTED,
        "flash",
        *_K2_SCALARS,
    )
    """K2's part of the saved document, in its order: its own fields, its teams' (the
    Flashlight, the bivouacs) and, per seat, the Secret Goal's (a list: the active seat's
    first, :meth:`_seat_teams`)."""
    __slots__ = ()
    _NATIVE_RULES = K2Hooks  # (compiled: K2's native methods, :func:`..binding.bind_compiled`)

    def __init__(self, game: K2Game, seed: int) -> None:
        self.collapsed: list[int] = []
        self.chimney_queue: list[int] = []
        self.noble_victims: list[int] = []
        self.ropes: list[list[int]] = []  # [space, token, frayed], top of a space's stack last
        self.descents: list[list[int]] = []  # [marker, arrived carried by the guide]
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

    _HELD = HELD
    _KEPT = KEPT
    _KEPT_SAID = False
    _TRACK_TEXTS = ("darkness falls: Darkness marker on 1", "the Darkness marker reaches Game End")

    _say = texts._say  # an automatic K2 event, logged

    # the rules of :mod:`.teams`
    _kind = team_rules._kind
    _sherpa_goal = team_rules._sherpa_goal
    _seat_setup = team_rules._seat_setup
    _team_line = team_rules._team_line
    _secret_draw = team_rules._secret_draw
    _CLIENTS_PHASE = P_RECRUIT

    # ============================================================== set-up [5.*]

    # ============================================================== events [7.*]
    # the rules of :mod:`.avalanche`
    _ridges_placed = avalanche._ridges_placed
    _UNBUYABLE: ClassVar[Mapping[str, tuple[str, str]]] = {
        "darkness": ("a Darkness token cannot be bought", R_BUY)
    }
    _track_len = avalanche._track_len
    _decline = avalanche._decline
    _check_watch = avalanche._check_watch
    _collapse = avalanche._collapse
    _kill = avalanche._kill
    _remove_guide = avalanche._remove_guide
    _noble = avalanche._noble
    _on_avalanche = avalanche._on_avalanche
    _rope_on = avalanche._rope_on
    _held_rope = avalanche._held_rope
    _descent_actions = avalanche._descent_actions
    _choose_descent = avalanche._choose_descent
    _descent_bonus = avalanche._descent_bonus
    _descend = avalanche._descend
    _land = avalanche._land
    _fall = avalanche._fall

    # ============================================================== movement [8.*]
    _RESUME_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any], bool]]] = (avalanche._hold,)
    """Before play resumes: a Noble Sacrifice [7.3], the descents [9.2]."""

    # the rules of :mod:`.movement`
    _traits = movement._traits
    _guide_allowance = movement._guide_allowance
    _selectable = movement._selectable
    _select = movement._select
    _step_problem = movement._step_problem
    _do_step = movement._do_step
    _PLAIN_STEPS = property(movement._plain_steps)  # (the engine's: a constant)
    _client_allowances = movement._client_allowances
    _lit = movement._lit
    _choose_option = movement._choose_option
    _plays = movement._plays
    _can_bivouac = movement._can_bivouac
    _get_lost = movement._get_lost
    _end_mover = movement._end_mover
    _bivouac = movement._bivouac
    _bivouac_roll = movement._bivouac_roll

    _SURE_GUIDES = False  # a HAP may be stuck (:meth:`_selectable`)

    _OWN_MOVES = True
    _options = movement._options
    _selection_extras = movement._selection_extras
    _mover_extras = movement._mover_extras

    _move_play = k2_phases._move_play  # K2's tokens, bivouacs [8.7], the Flashlight [8.6]

    # ============================================================== descent [9.2]

    # ============================================================== dice
    # the rules of :mod:`.luck`
    _luck_offer = luck._luck_offer
    _lucky_subject = luck._lucky_subject
    _bad_roll = luck._bad_roll

    _ROLL_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any, int], int | None]]] = (dice._roll_first,)
    """K2's Luck and Lucky [14.1] and its own rolls, before the engine's."""

    # ============================================================== bivouac [8.7]

    # ============================================================== game end [11.*]
    # the rules of :mod:`.fate`
    _END_KEEPS = fate.END_KEEPS
    _END_RETURNS = fate.END_RETURNS
    _LEFT_OUT_OF_POOL = fate.LEFT_OUT_OF_POOL
    _seat_fates = fate._seat_fates
    _closing_steps = fate._closing_steps
    _next_chimney = fate._next_chimney
    _chimney_roll = fate._chimney_roll

    _DEATH_ZONE: ClassVar[str] = "caught above the Snowfields"

    def _fate_options(self) -> list[int]:
        acts = super()._fate_options()
        if self.fate_key == "lost":
            for g in range(self._game.ng):
                if self.team.pos[g] == LOST and not self.team.sacrificed[g]:
                    acts.append(SACRIFICE + g)  # [11.2]: a bivouacked guide
        return sorted(acts)

    def _fate_choice(self, action: int) -> None:
        if SACRIFICE <= action < SACRIFICE + 2 and self.fate_key == "lost":
            self.team.pos[self._game.ng + self.fate_client] = 0  # survives the night [11.5]
        super()._fate_choice(action)

    # ============================================================== contract
    # the phases as one table: the engine's entries with K2's (:mod:`.phases`)
    PHASES = merged(K2_PHASES)

    def _simple_text(self, action: int) -> str:
        text = texts._own_simple(self, action)
        if text is not None:
            return text
        text = super()._simple_text(action)
        return text.replace("client", "climber")

    # ============================================================== results
    # the rules of :mod:`.scoring`
    _team_score = scoring._team_score
    _first_marker = scoring._first_marker
    _goal_met = scoring._goal_met
    _MARKER_PLACES = scoring.MARKER_PLACES
    _table_problems = scoring._table_problems

    def _token_places(self) -> list[int]:
        """The engine's places and the ropes on avalanche spaces [9.2]."""
        return super()._token_places() + [r[1] for r in self.ropes]

    def _new_team(self, prestige: int) -> Team:
        """A K2 team (:class:`~..team.K2Team`: the series' fields and K2's)."""
        return K2Team(self._game.ng, self._game.nc, prestige)

    def _seat_teams(self) -> list[Team]:
        """The teams in the order of the document's per-seat lists: the active seat's
        first."""
        return [self.team]

    def _snapshot(self) -> dict[str, Any]:
        doc = super()._snapshot()
        per_seat = self._PER_SEAT
        for k in self._K2_DOC:
            if k in per_seat:
                doc[k] = [getattr(t, k) for t in self._seat_teams()]
                continue
            v = self._doc_field(k)
            doc[k] = (
                [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
            )
        return doc

    def _team_view(self, team: Team) -> dict[str, Any]:
        """A team as the table shows it, in K2's words (the Traverse marker, the guide's
        kind, a bivouac)."""
        view = super()._team_view(team)
        views._k2_team_view(self, team, view)
        return view

    _mountain_view = views._k2_observation
