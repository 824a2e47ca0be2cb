"""Disaster on K2's phases: its entries in the phase table (:mod:`..phases`).

K2 adds the Sherpa's Secret Goal draw [5.2], the multinational team's recruiting [14.6],
the Noble Sacrifice at a Serac collapse [7.3], the descent from an avalanche space [9.2]
and the Lucky climber's re-roll [14.1]; it changes the engine's die roll (Luck before it),
movement (bivouacs, the Flashlight, playing held tokens in its words), targets (the
Flashlight) and hiring (a guide's kind).

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-k2", guide="sherpa").new_initial_state(seed=1)
>>> entry = s.PHASES[s.phase]
>>> entry.name, [entry.text(s, a) for a, _ in entry.outcomes(s)][:2]
('draw the Secret Goal', ['Secret Goal drawn: Summit w/Climber', 'Secret Goal drawn: Do Not Summit'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..constants import (
    P_DIE,
    P_HIRE,
    P_MOVE,
    P_TARGET,
    T_PLAYED,
    TARGET_CLIENT,
)
from ..phases import (
    ENGINE_PHASES,
    Phase,
    Table,
    chance,
    decision,
    listed,
    nothing,
    offered,
    refusing,
    replaced,
    ruled,
)
from . import texts as words
from .vocabulary import (
    _K2_PHASE_NAMES,
    BIVOUAC,
    FLASH,
    GOAL,
    KEEP_ROLL,
    LUCK_PLAY,
    NOBLE,
    NOBLE_NONE,
    P_DESCENT,
    P_GOAL,
    P_NOBLE,
    P_RECRUIT,
    P_REROLL,
    R_AID,
    R_AV_SPACE,
    R_AVALANCHE,
    R_GUIDE_CHOICE,
    R_MULTI,
    R_TRAITS,
    RECRUIT,
    REROLL,
    ROLL,
    B,
)

if TYPE_CHECKING:
    from .protocols import K2Series


# ---------------------------------------------------------------- K2's own phases
def _goal_outcomes(s: K2Series) -> list[tuple[int, float]]:
    n = len(s.k2.goals)
    return [(GOAL + i, 1 / n) for i in range(n)]


def _goal_sample(s: K2Series, u: int) -> int:
    return GOAL + ((u * len(s.k2.goals)) >> 64)


def _goal_apply(s: K2Series, action: int) -> None:
    s.team.secret_goal = action - GOAL
    s._say(f"{s.name(0)}'s Secret Goal: {s.k2.goals[action - GOAL][1]}", R_GUIDE_CHOICE)
    s._begin_turn()


def _recruit_legal(s: K2Series) -> list[int]:
    clients = s._game.ruleset.clients
    return [RECRUIT + c for c in range(len(clients)) if c not in s.team.clients]


def _recruit_apply(s: K2Series, action: int) -> None:
    s.team.clients.append(action - RECRUIT)
    s._setup_next()


def _noble_legal(s: K2Series) -> list[int]:
    return [NOBLE + c for c in s.noble_victims] + [NOBLE_NONE]


def _noble_apply(s: K2Series, action: int) -> None:
    s._noble(action)


def _descent_legal(s: K2Series) -> list[int]:
    return s._descent_actions()


def _descent_apply(s: K2Series, action: int) -> None:
    s._choose_descent(action)


def _reroll_legal(s: K2Series) -> list[int]:
    return [REROLL, KEEP_ROLL]


def _reroll_apply(s: K2Series, action: int) -> None:
    s.rerolled = True
    s.phase = P_DIE
    face, s.reroll_face = s.reroll_face, -1
    if action == KEEP_ROLL:
        s._die_rolled(face)
    else:
        s.luck_asked = True  # Luck was for the first roll
        s._say("a Lucky climber: the die is rolled again", R_TRAITS)


def _own(ph: int, rule: str, **fields: Any) -> Phase:
    entry = Phase(
        name=_K2_PHASE_NAMES[ph],
        player=decision,
        legal=nothing,
        is_legal=offered,
        why_not=refusing(words.refuse_waiting),
        text=words.ids_text,
        rule=ruled(rule),
        apply=_goal_apply,
        section=rule,
    )
    return replaced(entry, **fields)


# ---------------------------------------------------------------- the engine's, on K2
def _luck_player(s: K2Series) -> int:
    return 0 if s._luck_offer() else chance(s)


def _die_legal(base: Callable[[Any], list[int]]) -> Callable[[Any], list[int]]:
    def legal(s: K2Series) -> list[int]:
        return [LUCK_PLAY, ROLL] if s._luck_offer() else base(s)

    return legal


def _die_is_legal(base: Callable[[Any, int], bool]) -> Callable[[Any, int], bool]:
    def is_legal(s: K2Series, action: int) -> bool:
        return offered(s, action) if s._luck_offer() else base(s, action)

    return is_legal


def _die_apply(base: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """Luck before any die roll (Player Aid): +2, or roll without it."""

    def apply(s: K2Series, action: int) -> None:
        if not s._luck_offer():
            base(s, action)
            return
        s.luck_asked = True
        if action == LUCK_PLAY:
            t = next(t for t in s.team.held if s._game.ruleset.tokens[t].effect == "luck")
            s.team.held.remove(t)
            s.spent.append(t)
            s.team.tallies[T_PLAYED] += 1
            s.luck_bonus = 2

    return apply


def _move_is_legal(base: Callable[[Any, int], bool]) -> Callable[[Any, int], bool]:
    def is_legal(s: K2Series, action: int) -> bool:
        return listed(s, action) if action >= B else base(s, action)

    return is_legal


def _move_play(s: K2Series, action: int) -> None:
    """Movement [8.*] from ``PLAY`` up (the engine's ``_move_action`` hands them on): K2's
    tokens played in its words, bivouacs and the Flashlight."""
    if TARGET_CLIENT <= action < B:  # none of K2's
        s._resume()
        return
    if action >= FLASH:
        s.team.flash = s._game.ng + action - FLASH
        s._say(f"the Flashlight passes to {s.name(s.team.flash)}", R_AID)
        s._resume()
        return
    if action >= BIVOUAC:
        s._bivouac(action - BIVOUAC)
        return
    t, eff = s._play_held(action)
    if eff == "ridges_open":
        s._say("Ridges Open: all Blocked Ridge markers removed", R_AID)
    else:
        s._say(f"{s._game.ruleset.tokens[t].name}: {s._game.ruleset.effects[eff]}", R_AID)
    s._resume()
    if eff in s._FOR_BOTH:  # two players: in force for both that turn
        for team in s.teams:
            if eff not in team.fx:
                team.fx.append(eff)
        if s.phase == P_MOVE and s.round == "clear" and s.option < 0:
            s._cache = None  # the options are asked again with the new effect


def _target_apply(base: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """The Flashlight given to a climber (Player Aid), or the engine's targets."""

    def apply(s: K2Series, action: int) -> None:
        if s.target_kind != "flashlight":
            base(s, action)
            return
        s.target_kind = ""
        s.targets = []
        s.phase = P_MOVE
        s.team.flash = s._game.ng + action - TARGET_CLIENT
        s._say(f"the Flashlight goes to {s.name(s.team.flash)}", R_AID)
        s._resume()

    return apply


def k2_phases(base: Table = ENGINE_PHASES) -> dict[int, Phase]:
    """K2's entries: its own phases, and the engine's (``base``) with K2's changes."""
    die, move, target, hire = base[P_DIE], base[P_MOVE], base[P_TARGET], base[P_HIRE]
    return {
        P_DIE: replaced(
            die,
            player=_luck_player,
            legal=_die_legal(die.legal),
            is_legal=_die_is_legal(die.is_legal),
            why_not=refusing(words.refuse_luck, die.why_not),
            text=words.own_ids(die.text),
            rule=words.die_rule(die.rule),
            apply=_die_apply(die.apply),
            section=f"{die.section} avalanche_space bivouac",
        ),
        P_MOVE: replaced(
            move,
            is_legal=_move_is_legal(move.is_legal),
            why_not=refusing(words.refuse_move, move.why_not),
            text=words.own_ids(move.text),
            rule=words.move_rule(move.rule),
            section=f"{move.section} bivouac avalanche_space",
        ),
        P_TARGET: replaced(
            target, text=words.target_text(target.text), apply=_target_apply(target.apply)
        ),
        P_HIRE: replaced(hire, text=words.hire_text, rule=words.hire_rule(hire.rule)),
        P_GOAL: _own(
            P_GOAL,
            R_GUIDE_CHOICE,
            player=chance,
            outcomes=_goal_outcomes,
            sample=_goal_sample,
        ),
        P_RECRUIT: _own(P_RECRUIT, R_MULTI, legal=_recruit_legal, apply=_recruit_apply),
        P_NOBLE: _own(P_NOBLE, R_AVALANCHE, legal=_noble_legal, apply=_noble_apply),
        P_DESCENT: _own(P_DESCENT, R_AV_SPACE, legal=_descent_legal, apply=_descent_apply),
        P_REROLL: _own(P_REROLL, R_TRAITS, legal=_reroll_legal, apply=_reroll_apply),
    }


K2_PHASES: dict[int, Phase] = {**ENGINE_PHASES, **k2_phases()}
"""Disaster on K2's whole table: the engine's phases with K2's entries."""
