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

from .. import allowances as series_allowances
from .. import movement as series_movement
from ..constants import DEPENDENT, LOST, PASSES_RIDGES, R_CLIENT, R_GUIDE, SACRIFICE, STEP_UP
from ..engine import DisasterState
from ..phases import merged
from ..team import K2Team, Team
from . import avalanche, dice, fate, luck, movement, scoring, texts, views
from . import events as _events  # noqa: F401  (registers K2's event effects)
from . import phases as k2_phases
from . import teams as team_rules
from .phases import K2_PHASES
from .vocabulary import (
    HELD,
    KEPT,
    P_RECRUIT,
    R_AV_SPACE,
    R_BUY,
    R_GOALS,
    R_SHERPA,
    R_TRAITS,
    REFUSALS,
    K2Rules,
)

__all__ = ["K2State"]

_NO_TRAITS: frozenset[str] = frozenset()
_DAYLIGHT: frozenset[str] = frozenset({PASSES_RIDGES})
_NIGHT: dict[frozenset[str], frozenset[str]] = {}
"""Each set of trait flags in darkness: without the daylight-only flags [14.4]."""

if TYPE_CHECKING:
    from .protocols import K2Game


class K2State(DisasterState):
    """A position of Disaster on K2 (per-team state is kept in lists indexed by seat)."""

    _game: K2Game
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
    __slots__ = (*_K2_FLAT, *_K2_NESTED, *_K2_SCALARS)
    _LAYER_FIELDS: ClassVar[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = (
        _K2_FLAT,
        _K2_NESTED,
        _K2_SCALARS,
    )
    """K2's own fields, which the engine's :meth:`clone` copies."""

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

    def _say(self, text: str, rule: str) -> None:
        """Log an automatic K2 event (the rule by name, as everywhere: :meth:`_emit`)."""
        self._emit(text, rule)

    @property
    def k2(self) -> K2Rules:
        """K2's tracks and tables."""
        return self._game.k2

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

    def _traits(self, c: int) -> frozenset[str]:
        game = self._game
        if not game.advanced:
            return _NO_TRAITS  # [13.1] as the engine reads it, inlined (hot path)
        traits = game.trait_flags[self.rs.clients[self.team.clients[c]].traits]
        if self.round == "storm" and PASSES_RIDGES in traits:
            # [14.4]: the Advanced Climber passes ridges by day (the set without it made
            # once per set of flags)
            night = _NIGHT.get(traits)
            if night is None:
                night = _NIGHT[traits] = traits - _DAYLIGHT
            return night
        return traits

    def _guide_allowance(self, g: int) -> int:
        n = series_allowances._guide_allowance(self, g)
        if (
            "sherpa_stamina" in self.team.fx
            and self._game.ruleset.guides[self.team.guides[g]].kind == "sherpa"
        ):
            n += 3
        return n

    # the rules of :mod:`.movement`
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

    def _selectable(self, m: int) -> bool:
        if m < self._game.ng and "hap_stuck" in self.team.fx and self._kind() == "hap":
            return False
        return series_allowances._selectable(self, m)

    def _select(self, m: int) -> None:
        series_movement._select(self, m)
        if m >= self._game.ng:
            self.carried = []  # a Fortitude climber may carry one climber one space
            self.capacity = self.carry_limit = 1
        if m < self._game.ng and "sherpa_stamina" in self.team.fx and self._kind() == "sherpa":
            self.carry_limit += 1

    _OWN_MOVES = True
    _options = movement._options
    _selection_extras = movement._selection_extras
    _mover_extras = movement._mover_extras

    _move_play = k2_phases._move_play  # K2's tokens, bivouacs [8.7], the Flashlight [8.6]

    @property
    def _PLAIN_STEPS(self) -> bool:  # type: ignore[override]  # the engine's is a constant
        """Whether the engine's inline answer for a step without a carried climber is
        K2's too (:meth:`_step_problem`'s common case, asked once per list instead of
        twice): the mover not on an avalanche space and a step up onto none [9.2], nor
        onto the Traverse Goal (a Dependent climber's refusal); anything else is asked of
        :meth:`_step_problem`."""
        up = self.team.pos[self.mover] + 1
        collapsed = self.collapsed
        if collapsed and (up - 1 in collapsed or up in collapsed):
            return False
        return up != self._game.k2.traverse_goal

    def _step_problem(self, action: int) -> str | None:
        m = self.mover
        cur = self.team.pos[m]
        nxt = cur + (1 if action == STEP_UP else -1)
        ng = self._game.ng
        collapsed = self.collapsed
        if collapsed:
            if cur in collapsed:
                if action == STEP_UP:
                    return R_AV_SPACE
                return None if self.remaining >= 1 else (R_GUIDE if m < ng else R_CLIENT)
            if action == STEP_UP and nxt in collapsed:
                return R_AV_SPACE
        if (
            m >= ng
            and action == STEP_UP
            and nxt in (self._game.k2.traverse_goal, self._game.ruleset.board.summit)
            and any(DEPENDENT in self._traits(x - ng) for x in [m, *(e[0] for e in self.carried)])
        ):
            return R_TRAITS
        b = self._game.ruleset.board
        if (
            not self.carried
            and self.remaining >= 1
            and 0 <= nxt < b.size
            and nxt not in self.blocked
            and (m < ng or (nxt != b.summit and nxt != b.up))
        ):
            return None  # the engine's common step, inlined (hot path)
        return series_movement._step_problem(self, action)

    def _do_step(self, action: int) -> None:
        ng = self._game.ng
        m = self.mover
        cur = self.team.pos[m]
        group = [x[0] for x in self.carried]
        if cur in self.collapsed:  # climbing down from an avalanche space [9.2]
            self.stepped = True
            self._end_mover()
            self.descents.append([m, 0])
            self.descents += [[x, int(m < ng)] for x in group]
            return
        series_movement._do_step(self, action)
        nxt = self.team.pos[m]
        if nxt == cur:
            return
        if m >= ng and group:  # Fortitude: exactly one space, then the climber is set down
            for x in group:
                self.team.pos[x] = nxt
                self.team.moved[x] = True
                if nxt == self._game.ruleset.board.summit:
                    self._summit(x - ng)
            self.carried = []
            self._say(f"{self.name(m)} carries {self.name(group[0])} one space", R_TRAITS)
        for x in [m, *group] if m >= ng else group:
            if self.team.pos[x] == self.k2.traverse_goal and self.team.goal[x - ng] == 0:
                self.team.goal[x - ng] = 1
                self._say(f"{self.name(x)} earns the Traverse marker", R_GOALS)
        if m < ng and nxt == self._game.ruleset.board.summit and self._kind() == "sherpa":
            self.team.sherpa_summit = True
            if group and self._game.seat_games:
                self.team.summited_with = True  # two players: public, the goal if it is it
            if group and self._sherpa_goal() == "summit_with_climber" and not self.team.goal_done:
                self.team.goal_done = True
                self._say(
                    f"{self.name(m)} reaches the Summit with a climber: Secret Goal", R_SHERPA
                )
        if nxt in self.collapsed:
            if self.mover == m:
                self._end_mover()
            self._say(
                f"{self.name(m)} reaches the avalanche space {self._game.ruleset.board.names[nxt]}",
                R_AV_SPACE,
            )
            self.descents.append([m, 0])
            self.descents += [[x, int(m < ng)] for x in group if self.team.pos[x] == nxt]

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
