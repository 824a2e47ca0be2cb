"""The engine's methods as a native class: :class:`EngineHooks`, between the state's
declarations (:class:`.series_base.SeriesBase`) and :class:`.expedition.Expedition`.

It holds the contract's hot paths (who acts, the legal actions, applying an action or a
chance step: each reads the entry of the phase now in the table, :mod:`.phases`), and the
engine's rules that the compiled modules call as methods, each calling its section's
function (the rules no ruleset or layer overrides are called as their modules' functions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from highcamp.core import CHANCE, IllegalActionError, ScoreBreakdown, State

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
from .series_base import SeriesBase
from .team import Team

if TYPE_CHECKING:
    from .protocols import SeriesGame


@mypyc_attr(allow_interpreted_subclasses=True)
class EngineHooks(SeriesBase):
    """The engine's rules that the compiled modules call as methods (a ruleset or the
    two-player rules may override them: the others are called as their modules'
    functions), each calling its section's function.

    Interpreted, :class:`.engine.DisasterState` binds the same functions, which come first
    in its method order. Compiled, those bindings give way to these native methods
    (:func:`.binding.bind_compiled`), so that the compiled rules call them as a C struct's
    methods; ``tests/games/disaster_series/test_native.py`` checks that each calls the
    function the state binds.
    """

    __slots__ = ()

    # ------------------------------------------------------- the contract's hot paths
    # (each reads the entry of the phase now in the table, :mod:`.phases`)
    def current_player(self) -> int:
        """0 (or the seat) at a decision, ``CHANCE`` at a draw or roll, ``TERMINAL`` at the end."""
        who = self._shape.who[self.phase]  # the phases whose player never changes (hot path)
        if who is None:
            return self._shape.table[self.phase].player(self)
        if who == phases.ACTIVE:  # two players: the active seat
            return self.active  # type: ignore[attr-defined, no-any-return]
        return who

    def legal_actions(self) -> list[int]:
        """The legal action ids now (the contract's): the memo the last transition left,
        copied, else computed as the contract does."""
        cache = self._cache
        if cache is not None:
            return cache.copy()
        return State.legal_actions(self)  # type: ignore[arg-type]  # self is a State

    def apply_action(self, action: int) -> None:
        """Apply an action (the contract's): an action of the memo the last transition
        left is legal without asking the phase again; anything else is checked by the
        contract (and refused with its rule and reason)."""
        cache = self._cache
        if cache is not None and type(action) is int and action in cache:
            if self._log is not None:
                self._log_action(action)
            self._cache = None  # the contract's _apply, inlined (hot path)
            self._shape.table[self.phase].apply(self, action)
            if self._shape.unblocks and self.blocked:
                phases._after_each(self)
            self._history.append(action)
            return
        State.apply_action(self, action)  # type: ignore[arg-type]  # self is a State

    def apply_legal(self, action: int) -> None:
        """Apply ``action`` known to be legal now (the contract's
        :meth:`highcamp.State.apply_legal`, for search loops and the campaign's climbs), the
        contract's ``_apply`` inlined.

        >>> import highcamp
        >>> a = highcamp.load_game("disaster-on-k2").new_initial_state(seed=2)
        >>> b = a.clone()
        >>> a.apply_legal(a.chance_outcomes()[0][0]); highcamp.State.apply_legal(b, b.chance_outcomes()[0][0])
        >>> a == b
        True
        """
        if self._log is not None:
            self._log_action(action)
        self._cache = None
        self._shape.table[self.phase].apply(self, action)
        if self._shape.unblocks and self.blocked:
            phases._after_each(self)
        self._history.append(action)

    def apply_random_chance(self) -> int:
        """Resolve a chance step from the state's seeded generator (the contract's
        :meth:`highcamp.State.apply_random_chance`, the same draw): the phase's entry is read
        once for who acts, the sample and the transition (hot path: a quarter of a random
        playout's actions are chance steps).

        >>> import highcamp
        >>> a = highcamp.load_game("disaster-on-everest").new_initial_state(seed=3)
        >>> b = a.clone()
        >>> a.apply_random_chance() == highcamp.State.apply_random_chance(b)
        True
        """
        phase = self.phase
        entry = self._shape.table[phase]
        who = self._shape.who[phase]
        if (entry.player(self) if who is None else who) != CHANCE:
            raise IllegalActionError(rule="R-0-3", reason="this is not a chance step")
        key = self._key
        if key is None:
            key = self._keep_key()
        # highcamp.core.rng.draw_keyed(key, len(history)) written out, as the contract's
        # apply_random_chance does (a call less at every chance step: about 2% of a random
        # playout); test_hot_path.py keeps the two chance steps equal for every variant
        z = (key + (len(self._history) + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        action = entry.sample(self, z ^ (z >> 31))  # legal by construction
        if self._log is not None:
            self._log_action(action)
        self._cache = None  # the contract's _apply, inlined
        entry.apply(self, action)
        if self._shape.unblocks and self.blocked:
            phases._after_each(self)
        self._history.append(action)
        return action

    def _legal_actions(self) -> list[int]:
        """The legal actions: the memo a transition left (``_resume``), or computed now. A
        read never writes the memo, so reading a state changes nothing."""
        cache = self._cache
        return phases._compute_legal(self) if cache is None else cache

    # ------------------------------------------------------- the hooks
    def _action_text(self, action: int) -> str:
        return phases._action_text(self, action)

    def _avalanche(self, space: int) -> None:
        return transitions._avalanche(self, space)

    def _begin_fates(self) -> None:
        return fate._begin_fates(self)

    def _begin_move(self) -> None:
        return movement._begin_move(self)

    def _begin_turn(self) -> None:
        return setup._begin_turn(self)

    def _check_watch(self) -> None:
        return turn._check_watch(self)

    def _choose_option(self, action: int) -> None:
        return allowances._choose_option(self, action)

    def _client_allowances(self) -> list[int]:
        return allowances._client_allowances(self)

    def _closing_steps(self) -> bool:
        return fate._closing_steps(self)

    def _decline(self) -> None:
        return turn._decline(self)

    def _do_step(self, action: int) -> None:
        return movement._do_step(self, action)

    def _drop(self) -> None:
        return movement._drop(self)

    def _emit(self, text: str, rule: str, player: int | None = None) -> None:
        return texts._emit(self, text, rule, player)

    def _end_client(self) -> None:
        return movement._end_client(self)

    def _end_turn(self) -> None:
        return end_of_turn._end_turn(self)

    def _fate_choice(self, action: int) -> None:
        return fate._fate_choice(self, action)

    def _fate_options(self) -> list[int]:
        return fate._fate_options(self)

    def _finish_round(self) -> None:
        return movement._finish_round(self)

    def _first_marker(self) -> tuple[str, int]:
        return scoring._first_marker(self)

    def _get_lost(self, c: int) -> None:
        return movement._get_lost(self, c)

    def _guide_allowance(self, g: int) -> int:
        return allowances._guide_allowance(self, g)

    def _mountain_view(self, obs: dict[str, Any]) -> None:
        return views._mountain_view(self, obs)

    def _move_play(self, action: int) -> None:
        return movement._move_play(self, action)

    def _mover_extras(self, acts: list[int], m: int, here: int) -> None:
        return movement._mover_extras(self, acts, m, here)

    def _new_team(self, prestige: int) -> Team:
        return setup._new_team(self, prestige)

    def _next_seat_fates(self) -> bool:
        return fate._next_seat_fates(self)

    def _options(self) -> list[int]:
        return movement._options(self)

    def _phase_name(self) -> str:
        return phases._phase_name(self)

    def _place_event(self) -> None:
        return turn._place_event(self)

    def _place_in_queue(self, marker: int, direction: int, spot: int) -> None:
        return hillary_step._place_in_queue(self, marker, direction, spot)

    def _plays(self) -> list[int]:
        return allowances._plays(self)

    def _refuse(self, action: int) -> IllegalActionError:
        return phases._refuse(self, action)

    def _ridges_open_playable(self) -> bool:
        return allowances._ridges_open_playable(self)

    def _ridges_placed(self, number: int) -> list[int]:
        return turn._ridges_placed(self, number)

    def _rule_of(self, action: int) -> str:
        return phases._rule_of(self, action)

    def _seat_done(self) -> None:
        return setup._seat_done(self)

    def _seat_fates(self) -> None:
        return fate._seat_fates(self)

    def _seat_game(self, seat: int | None = None) -> SeriesGame:
        return setup._seat_game(self, seat)

    def _seat_setup(self) -> None:
        return setup._seat_setup(self)

    def _secret_draw(self) -> bool:
        return setup._secret_draw(self)

    def _select(self, m: int) -> None:
        return movement._select(self, m)

    def _selection_extras(self, acts: list[int]) -> None:
        return movement._selection_extras(self, acts)

    def _shift_queue(self, d: int) -> None:
        return hillary_step._shift_queue(self, d)

    def _simple_text(self, action: int) -> str:
        return texts._simple_text(self, action)

    def _step_problem(self, action: int) -> str | None:
        return movement._step_problem(self, action)

    def _summit(self, c: int) -> None:
        return movement._summit(self, c)

    def _table_problems(self) -> list[str]:
        return invariants._table_problems(self)

    def _team_line(self, drawn: bool) -> tuple[str, str] | None:
        return setup._team_line(self, drawn)

    def _team_score(self, team: Team) -> ScoreBreakdown:
        return scoring._team_score(self, team)

    def _team_view(self, team: Team) -> dict[str, Any]:
        return views._team_view(self, team)

    def _token_places(self) -> list[int]:
        return invariants._token_places(self)

    def _traits(self, c: int) -> frozenset[str]:
        return markers._traits(self, c)

    def _unblock(self) -> bool:
        return markers._unblock(self)

    def ending(self) -> str | None:
        return scoring.ending(self)

    def name(self, marker: int) -> str:
        return markers.name(self, marker)

    def score(self) -> int | float:
        return scoring.score(self)

    def score_breakdown(self) -> list[ScoreBreakdown]:
        return scoring.score_breakdown(self)
