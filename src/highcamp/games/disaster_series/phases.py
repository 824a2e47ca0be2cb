"""The phases of the turn as one table: each phase (what the next action is) is a
:class:`Phase` entry holding everything the contract asks of it: who acts, the chance
outcomes and their sampler, the legal actions, the fast legality check, ``why_not`` (the
refusal, computed with legality: ``None`` means legal), the action text, the rule cited and
the transition.

Each layer contributes or replaces entries: the shared engine (:data:`ENGINE_PHASES`, here),
K2 (:mod:`.k2.phases`), the two-player rules (:mod:`.two_player_phases`) and K2 for two
players (:mod:`.k2.two_player_phases`). A state class holds its merged table once, as the
class attribute ``PHASES`` (a tuple indexed by phase number), and the contract's methods
below read ``self._shape.table[self.phase]``; no layer overrides them.

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
>>> entry = s.PHASES[s.phase]
>>> entry.name, entry.player(s) == highcamp.CHANCE, len(entry.outcomes(s))
('draw event', True, 36)
>>> err = entry.why_not(s, 999)
>>> str(err.rule), err.reason
('sequence', 'no such action')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from highcamp.core import CHANCE, TERMINAL, IllegalActionError

from . import movement, texts, transitions
from .constants import (
    ACCEPT,
    BUY,
    CDRAW,
    DECLINE,
    DIE,
    ENTER,
    GDRAW,
    HELI,
    HIRE,
    KEEP,
    P_BUY,
    P_CDRAW,
    P_DIE,
    P_DRAW,
    P_FATE,
    P_FATE_CHOICE,
    P_GDRAW,
    P_HELI,
    P_HIRE,
    P_KEEP,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_RETURN,
    P_SPOT,
    P_TARGET,
    PHASE_NAMES,
    R_SEQUENCE,
    RETURN,
    SELECT,
    SPOT,
    STEP_DOWN,
    STEP_UP,
    TARGET_CLIENT,
    TARGET_GUIDE,
    TARGET_SPACE,
    TOKEN,
)
from .phase_entry import Phase as Phase
from .phase_entry import Refusal as Refusal
from .phase_entry import generic_sample as generic_sample
from .phase_entry import no_outcomes as no_outcomes

if TYPE_CHECKING:
    from .protocols import SeriesState


# ====================================================================== shared pieces
def decision(s: Any) -> int:
    """Who acts at a solitaire decision: the player."""
    return 0


def chance(s: Any) -> int:
    """Who acts at a draw or roll: chance."""
    return CHANCE


def terminal(s: Any) -> int:
    """Who acts once the game is over: nobody."""
    return TERMINAL


def nothing(s: Any) -> list[int]:
    """No decision to make (a chance step lists its outcomes instead)."""
    return []


def never(s: Any, action: int) -> bool:
    """Nothing is legal (the game is over)."""
    return False


def listed(s: Any, action: int) -> bool:
    """Legal when the phase lists it (the memo a transition left, or computed now)."""
    return action in s._legal_actions()


def offered(s: Any, action: int) -> bool:
    """Legal when the contract offers it now (a decision's list, a chance step's
    outcomes)."""
    return action in s.legal_actions()


def unreachable(s: Any, action: int) -> None:
    """A phase in which no action is ever applied."""
    raise AssertionError(f"no action is applied in phase {s.phase}")


def ruled(rule: str) -> Callable[[Any, int], str]:
    """A phase whose every action cites ``rule``."""

    def rule_of(s: Any, action: int) -> str:
        return rule

    return rule_of


def refusing(
    own: Callable[[Any, int], Refusal], base: Callable[[Any, int], Refusal] | None = None
) -> Callable[[Any, int], Refusal]:
    """A phase's ``why_not``: ``None`` for an action the contract offers now; otherwise the
    layer's own refusal (``own``), or the layer below's (``base``) when it has none."""

    def why_not(s: Any, action: int) -> Refusal:
        if action in s.legal_actions():
            return None
        err = own(s, action)
        if err is None and base is not None:
            return base(s, action)
        return err

    return why_not


Table = Mapping[int, Phase]
"""A layer's entries, by phase number."""

NO_PHASE = Phase(
    name="no phase",
    player=terminal,
    legal=nothing,
    is_legal=never,
    why_not=refusing(lambda s, a: IllegalActionError(rule=R_SEQUENCE, reason="no such phase")),
    text=lambda s, a: f"action {a}",
    rule=ruled(R_SEQUENCE),
    apply=unreachable,
)
"""The filler of phase numbers a ruleset does not use (K2's numbers after two players')."""


def merged(*layers: Table) -> tuple[Phase, ...]:
    """One class's table: the layers' entries (later ones replace earlier ones), indexed
    by phase number (numbers no layer uses hold :data:`NO_PHASE`)."""
    table: dict[int, Phase] = {}
    for layer in layers:
        table.update(layer)
    return tuple(table.get(p, NO_PHASE) for p in range(max(table) + 1))


def turn_cycle(table: tuple[Phase, ...], cite: Callable[[str], str]) -> list[tuple[str, str]]:
    """The phases of a table with their sections in a mountain's numbers (``cite``: its
    ruleset's), in phase order; a phase citing only rules the mountain lacks is left out
    (it never comes up there).

    >>> import highcamp
    >>> game = highcamp.load_game("disaster-on-everest")
    >>> turn_cycle(game.new_initial_state().PHASES, game.ruleset.cite)[3]
    ('draw event', '[6.0] [6.1]')
    """
    rows = []
    for entry in table:
        known = []
        for name in entry.section.split():
            try:
                known.append(cite(name))
            except KeyError:  # a rule of the other mountain
                continue
        if known:
            rows.append((entry.name, " ".join(known)))
    return rows


def active_seat(s: Any) -> int:
    """Who acts with two players in most phases: the active seat (read by
    ``current_player`` without a call, as :data:`ACTIVE` in ``_WHO``)."""
    return int(s.active)


ACTIVE = -100
"""``_WHO``'s mark of a phase whose player is the active seat (:func:`active_seat`)."""

_CONSTANT_PLAYERS: dict[Callable[[Any], int], int] = {
    decision: 0,
    chance: CHANCE,
    terminal: TERMINAL,
    active_seat: ACTIVE,
}


def constant_players(table: tuple[Phase, ...]) -> tuple[int | None, ...]:
    """Who acts in each phase of ``table`` when it never changes, or :data:`ACTIVE` when it
    is the active seat (``None`` where the entry asks the state): read by
    ``current_player`` without a call (hot path).

    >>> import highcamp
    >>> s = highcamp.load_game("disaster-on-k2").new_initial_state()
    >>> constant_players(s.PHASES)[:7]  # K2's die roll may offer Luck first
    (0, -1, -1, -1, 0, 0, None)
    """
    return tuple(_CONSTANT_PLAYERS.get(e.player) for e in table)


def replaced(entry: Phase, **fields: Any) -> Phase:
    """``entry`` with some of its fields replaced."""
    return replace(entry, **fields)


# ====================================================================== the contract
# the state's methods (engine.py binds them; no layer overrides them): each reads the
# entry of the phase now


def _chance_outcomes(self: SeriesState) -> list[tuple[int, float]]:
    return self._shape.table[self.phase].outcomes(self)


def _sample_chance(self: SeriesState, u: int) -> int:
    return self._shape.table[self.phase].sample(self, u)


def _is_legal(self: SeriesState, action: int) -> bool:
    return self._shape.table[self.phase].is_legal(self, action)


def _compute_legal(self: SeriesState) -> list[int]:
    return self._shape.table[self.phase].legal(self)


def _action_text(self: SeriesState, action: int) -> str:
    return self._shape.table[self.phase].text(self, action)


def _rule_of(self: SeriesState, action: int) -> str:
    """The rule (by name) of ``action`` now."""
    return self._shape.table[self.phase].rule(self, action)


def _refuse(self: SeriesState, action: int) -> IllegalActionError:
    """Why ``action`` is not legal now, with its rule by name (the phase's ``why_not``)."""
    err = self._shape.table[self.phase].why_not(self, action)
    if err is None:  # the fast check and why_not disagree: a defect of the table
        raise AssertionError(f"action {action} is legal in phase {self.phase}")
    return err


def _apply(self: SeriesState, action: int) -> None:
    self._cache = None
    self._shape.table[self.phase].apply(self, action)
    if self._shape.unblocks and self.blocked:
        _after_each(self)


def _after_each(self: SeriesState) -> None:
    """[15.4] with two players, asked after every action: a Blocked Ridge left with fewer
    than two clients is removed (the legal actions are then asked again)."""
    if self._unblock():
        self._cache = None


def _phase_name(self: SeriesState) -> str:
    """The name of the phase (what the next action is), for observations."""
    return self._shape.table[self.phase].name


def _target_type(self: SeriesState) -> str:
    return {"oxygen": "guide", "avalanche": "space"}.get(self.target_kind, "client")


# ====================================================================== the engine's phases
# chance steps: the outcomes and their fast samplers
def _draw_outcomes(s: SeriesState) -> list[tuple[int, float]]:
    n = len(s.container)
    return [(TOKEN + t, 1 / n) for t in s.container]


def _fate_outcomes(s: SeriesState) -> list[tuple[int, float]]:
    n = len(s.pool)
    return [(TOKEN + t, 1 / n) for t in s.pool]


def _die_outcomes(s: SeriesState) -> list[tuple[int, float]]:
    return [(DIE + d, 1 / 6) for d in range(6)]


def _guide_outcomes(s: SeriesState) -> list[tuple[int, float]]:
    free = [g for g in range(len(s._game.ruleset.guides)) if g not in s.team.guides]
    return [(GDRAW + g, 1 / len(free)) for g in free]


def _client_outcomes(s: SeriesState) -> list[tuple[int, float]]:
    free = [c for c in range(len(s._game.ruleset.clients)) if c not in s.team.clients]
    return [(CDRAW + c, 1 / len(free)) for c in free]


def _die_sample(s: SeriesState, u: int) -> int:
    return DIE + ((u * 6) >> 64)


def _draw_sample(s: SeriesState, u: int) -> int:
    return TOKEN + s.container[(u * len(s.container)) >> 64]


def _fate_sample(s: SeriesState, u: int) -> int:
    return TOKEN + s.pool[(u * len(s.pool)) >> 64]


# the fast legality checks
def _move_is_legal(s: SeriesState, action: int) -> bool:
    cache = s._cache
    if cache is not None:  # the commonest step: the memo a transition left
        return action in cache
    if action in (STEP_UP, STEP_DOWN) and s.mover >= 0:
        return s._step_problem(action) is None
    if SELECT <= action < SELECT + len(s.team.pos) and s.mover < 0:
        if s.round == "clear" and s.option < 0:
            return False
        return s._selectable(action - SELECT)
    return action in s._compute_legal()


def _die_is_legal(s: SeriesState, action: int) -> bool:
    return DIE <= action < DIE + 6


def _buy_is_legal(s: SeriesState, action: int) -> bool:
    return BUY <= action <= DECLINE  # the two are next to each other


def _draw_is_legal(s: SeriesState, action: int) -> bool:
    return TOKEN <= action < DIE and action - TOKEN in s.container


def _fate_is_legal(s: SeriesState, action: int) -> bool:
    return TOKEN <= action < DIE and action - TOKEN in s.pool


# the legal actions of the decisions
def _move_legal(s: SeriesState) -> list[int]:
    return s._move_actions()


def _buy_legal(s: SeriesState) -> list[int]:
    return [BUY, DECLINE]


def _hire_legal(s: SeriesState) -> list[int]:
    return [HIRE + g for g in range(len(s._game.ruleset.guides)) if g not in s.team.guides]


def _keep_legal(s: SeriesState) -> list[int]:
    return sorted(KEEP + t for t in s.drawn)


def _return_legal(s: SeriesState) -> list[int]:
    return sorted(RETURN + t for t in s.drawn)


def _order_legal(s: SeriesState) -> list[int]:
    return sorted(ENTER + e[0] for e in s.entering)


def _spot_legal(s: SeriesState) -> list[int]:
    n = s._game.ruleset.board.queue_length
    return [SPOT + x for x in range(n) if s._spot_open(x)]


_TARGET_BASE = {"client": TARGET_CLIENT, "guide": TARGET_GUIDE, "space": TARGET_SPACE}


def _target_legal(s: SeriesState) -> list[int]:
    base = _TARGET_BASE[s._target_type()]
    return [base + x for x in s.targets]


def _heli_legal(s: SeriesState) -> list[int]:
    return [ACCEPT] + [HELI + c for c in s._stranded()]


def _fate_choice_legal(s: SeriesState) -> list[int]:
    return s._fate_options()


def _chance_step(
    ph: int,
    outcomes: Callable[[Any], list[tuple[int, float]]],
    is_legal: Callable[[Any, int], bool],
    apply: Callable[[Any, int], None],
    sample: Callable[[Any, int], int] = generic_sample,
) -> Phase:
    return Phase(
        name=PHASE_NAMES[ph],
        player=chance,
        legal=nothing,
        is_legal=is_legal,
        why_not=refusing(texts.refuse_chance),
        text=texts._action_text,
        rule=texts.phase_rule(ph),
        apply=apply,
        outcomes=outcomes,
        sample=sample,
    )


def _decision(
    ph: int,
    legal: Callable[[Any], list[int]],
    apply: Callable[[Any, int], None],
    is_legal: Callable[[Any, int], bool] = listed,
    refuse: Callable[[Any, int], Refusal] = texts.refuse_default,
    rule: Callable[[Any, int], str] | None = None,
) -> Phase:
    return Phase(
        name=PHASE_NAMES[ph],
        player=decision,
        legal=legal,
        is_legal=is_legal,
        why_not=refusing(refuse),
        text=texts._action_text,
        rule=rule or texts.phase_rule(ph),
        apply=apply,
    )


t = transitions
_ENGINE_PHASES: dict[int, Phase] = {
    P_HIRE: _decision(P_HIRE, _hire_legal, t.apply_hire),
    P_GDRAW: _chance_step(P_GDRAW, _guide_outcomes, offered, t.apply_guide_drawn),
    P_CDRAW: _chance_step(P_CDRAW, _client_outcomes, offered, t.apply_client_drawn),
    P_DRAW: _chance_step(P_DRAW, _draw_outcomes, _draw_is_legal, t.apply_draw, _draw_sample),
    P_KEEP: _decision(P_KEEP, _keep_legal, t.apply_keep),
    P_RETURN: _decision(P_RETURN, _return_legal, t.apply_return),
    P_DIE: replaced(
        _chance_step(P_DIE, _die_outcomes, _die_is_legal, t.apply_die, _die_sample),
        rule=texts.die_rule,
    ),
    P_BUY: _decision(P_BUY, _buy_legal, t.apply_buy, _buy_is_legal, texts.refuse_buy),
    P_TARGET: _decision(P_TARGET, _target_legal, t.apply_target),
    P_MOVE: _decision(  # [7.*]: the transition is movement's own (:mod:`.movement`)
        P_MOVE,
        _move_legal,
        movement._move_action,
        _move_is_legal,
        texts.refuse_move,
        texts._move_rule,
    ),
    P_ORDER: _decision(P_ORDER, _order_legal, t.apply_order),
    P_SPOT: _decision(P_SPOT, _spot_legal, t.apply_spot),
    P_HELI: _decision(P_HELI, _heli_legal, t.apply_heli),
    P_FATE: _chance_step(P_FATE, _fate_outcomes, _fate_is_legal, t.apply_fate, _fate_sample),
    P_FATE_CHOICE: _decision(P_FATE_CHOICE, _fate_choice_legal, t.apply_fate_choice),
    P_OVER: Phase(
        name=PHASE_NAMES[P_OVER],
        player=terminal,
        legal=nothing,
        is_legal=never,
        why_not=refusing(texts.refuse_default),
        text=texts._action_text,
        rule=texts.phase_rule(P_OVER),
        apply=unreachable,
    ),
}
del t
_SECTIONS = {
    P_HIRE: "team_bonus multinational",
    P_GDRAW: "random_team",
    P_CDRAW: "random_team",
    P_DRAW: "draw ridge_place",
    P_KEEP: "prep",
    P_RETURN: "prep",
    P_DIE: "hillary_step lost queue prep events",
    P_BUY: "buy watch",
    P_TARGET: "events",
    P_MOVE: "options guide guide_exceptions client prep storm_move ridges lost goals push",
    P_ORDER: "hillary_step",
    P_SPOT: "hillary_step",
    P_HELI: "team_bonus",
    P_FATE: "pool fate_lost fate_zone",
    P_FATE_CHOICE: "fate_lost fate_zone sacrifice",
    P_OVER: "game_end score",
}
ENGINE_PHASES: dict[int, Phase] = {
    ph: replaced(e, section=_SECTIONS[ph]) for ph, e in _ENGINE_PHASES.items()
}
"""The shared engine's phases [5.0]: the set-up draws, the event draw and purchase, the
die rolls, movement, the Hillary Step queue, the game end's fates."""
