"""Disaster on K2 for two players: its entries in the phase table (:mod:`..phases`), over
the two-player rules' entries on K2's table (:mod:`..two_player_phases`).

The Secret Goal is drawn face down [5.2] [15.0]; the player whose climber the opponent's
Broken Rope strikes may play their own Luck before the roll (Player Aid: Luck); Ridges Open
and Sherpa Stamina serve both players that turn (the clarifications); K2's own ids are
refused in K2's words outside the two-player phases.

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-k2", players=2, guide="sherpa").new_initial_state(seed=1)
>>> entry = s.PHASES[s.phase]
>>> entry.name, entry.player(s) == highcamp.CHANCE
('draw the Secret Goal', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from highcamp.core import CHANCE, IllegalActionError

from ..constants import P_DIE, P_MOVE, T_PLAYED
from ..phases import ENGINE_PHASES, Phase, Refusal, Table, chance, refusing, replaced
from ..two_player_phases import two_player_phases
from ..two_player_vocabulary import _PHASES_2P, NUM_ACTIONS_2P
from .phases import K2_PHASES
from .vocabulary import (
    GOAL,
    K2_NUM_ACTIONS,
    LUCK_PLAY,
    P_GOAL,
    P_RECRUIT,
    R_AID,
    R_GUIDE_CHOICE,
    RECRUIT,
    B,
)

if TYPE_CHECKING:
    from .protocols import K2TwoPlayerSeries


def _goal_apply(s: K2TwoPlayerSeries, action: int) -> None:
    """The Secret Goal drawn face down: told only to its seat [5.2]."""
    g = action - GOAL
    s.team.secret_goal = g
    s.secret[s.active] = s.k2.goals[g][1]
    s._say(f"{s.label(s.active)}: {s.name(0)} has a Secret Goal, face down", R_GUIDE_CHOICE)
    s._seat_done()


def _die_player(s: K2TwoPlayerSeries) -> int:
    """Luck is offered to the struck climber's player, else the roll is chance's."""
    if s._luck_offer():
        return 1 - s.active if s._opponents_roll() else s.active
    return CHANCE


def _die_apply(
    base: Callable[[Any, int], None], roll: Callable[[Any, int], None]
) -> Callable[[Any, int], None]:
    """The die phase's transition: the roll itself (``roll``, the engine's) when no Luck
    is offered (asked once: ``base``, K2's, would ask again), the owner's Luck before the
    opponent's Broken Rope, else K2's (``base``: the active player's Luck)."""

    def apply(s: K2TwoPlayerSeries, action: int) -> None:
        if not s._luck_offer():
            roll(s, action)
            return
        if not s._opponents_roll():
            base(s, action)
            return
        s.luck_asked = True
        if action == LUCK_PLAY:  # the struck climber's player plays their Luck
            t = next(t for t in s.other.held if s.rs.tokens[t].effect == "luck")
            s.other.held.remove(t)
            s.spent.append(t)
            s.other.tallies[T_PLAYED] += 1
            s.luck_bonus = 2
            s._say(f"{s.label(1 - s.active)} plays Luck: +2 to the roll", R_AID)

    return apply


def _recruit_legal(s: K2TwoPlayerSeries) -> list[int]:
    taken = set(s.team.clients) | s._reserved("clients")
    return [RECRUIT + c for c in range(len(s.rs.clients)) if c not in taken]


def _k2_ids(k2: Phase) -> Callable[[Any, int], Refusal]:
    """K2's own ids outside the two-player phases: refused as K2 refuses them."""

    def own(s: K2TwoPlayerSeries, action: int) -> Refusal:
        if isinstance(action, int) and B <= action < K2_NUM_ACTIONS:
            return k2.why_not(s, action)
        return None

    return own


def _k2_ids_waiting(s: K2TwoPlayerSeries, action: int) -> Refusal:
    """K2's own ids in a two-player phase."""
    if isinstance(action, int) and NUM_ACTIONS_2P <= action < K2_NUM_ACTIONS:
        return IllegalActionError(
            rule=s._rule_of(action),
            reason=f"not a legal action while the game waits to {_PHASES_2P[s.phase]}",
            action=action,
        )
    return None


def k2_two_player_phases(
    two: Table, k2: Table, roll: Callable[[Any, int], None] = ENGINE_PHASES[P_DIE].apply
) -> dict[int, Phase]:
    """K2 for two players: the two-player entries over K2's (``two``), with K2's own
    refusals (``k2``: K2's table) and the changes above (``roll``: the die's transition
    under K2's Luck, the engine's)."""
    out = {
        ph: replaced(
            e,
            why_not=refusing(_k2_ids_waiting if ph in _PHASES_2P else _k2_ids(k2[ph]), e.why_not),
        )
        for ph, e in two.items()
    }
    out[P_GOAL] = replaced(out[P_GOAL], player=chance, apply=_goal_apply)
    out[P_DIE] = replaced(out[P_DIE], player=_die_player, apply=_die_apply(out[P_DIE].apply, roll))
    # K2 plays its held tokens in its own words (the clarified effects for both players,
    # ``_FOR_BOTH``, in K2's movement step)
    out[P_MOVE] = replaced(out[P_MOVE], apply=k2[P_MOVE].apply)
    out[P_RECRUIT] = replaced(out[P_RECRUIT], legal=_recruit_legal)
    return out


K2_TWO_PLAYER_PHASES = k2_two_player_phases(two_player_phases(K2_PHASES), K2_PHASES)
"""Disaster on K2 for two players' whole table."""
