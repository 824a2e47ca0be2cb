"""Action texts, the rule each action cites, and refusals (why an action is not legal now,
with its rule).

The rules are cited by name (:class:`.constants.Rule`); the funnel here (:func:`_emit`,
:func:`_action_rule`, :func:`_refusal`, :func:`_cited_line`) is the one place where a
citation gets its section numbers, from the mountain's ``citations.json`` through the
state's ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from highcamp.core import IllegalActionError, ScoreLine, State

from . import markers
from .constants import (
    ACCEPT,
    BUY,
    CDRAW,
    DECLINE,
    DIE,
    DROP_OFF,
    END_MOVE,
    ENTER,
    FINISH,
    GDRAW,
    HELI,
    HIRE,
    KEEP,
    LUCK,
    MEDKIT,
    NUM_ACTIONS,
    OPT_A,
    OPT_A_PREP,
    OPT_B,
    OPT_B_PREP,
    OPT_C,
    P_BUY,
    P_CDRAW,
    P_DRAW,
    P_FATE,
    P_FATE_CHOICE,
    P_GDRAW,
    P_HELI,
    P_HIRE,
    P_KEEP,
    P_ORDER,
    P_RETURN,
    P_SPOT,
    P_TARGET,
    PHASE_NAMES,
    PICKUP,
    PLAY,
    PUSH,
    R_BONUS,
    R_BUY,
    R_CHANCE,
    R_CLIENT,
    R_DRAW,
    R_EVENTS,
    R_FATE_ZONE,
    R_GUIDE,
    R_LOST,
    R_OPTIONS,
    R_PREP,
    R_PUSH,
    R_QUEUE,
    R_RANDOM,
    R_RIDGES,
    R_SACRIFICE,
    R_SEQUENCE,
    R_STEP,
    R_STORM_MOVE,
    R_TRAITS,
    RETURN,
    SACRIFICE,
    SELECT,
    SPOT,
    STEP_DOWN,
    STEP_UP,
    SUMMIT_PUSH,
    TARGET_CLIENT,
    TARGET_GUIDE,
    TARGET_SPACE,
    TOKEN,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


def _action_text(self: SeriesState, action: int) -> str:
    ng = self._game.ng
    rs = self.rs
    b = rs.board
    if action >= CDRAW:
        return f"client drawn: {rs.clients[action - CDRAW].name}"
    if action >= GDRAW:
        return f"guide drawn: {rs.guides[action - GDRAW].name}"
    if action >= DIE:
        return f"die shows {action - DIE + 1}"
    if action >= TOKEN:
        t = action - TOKEN
        return f"draw token {t} ({rs.tokens[t].name})"
    if action >= HIRE:
        return f"hire {rs.guides[action - HIRE].name}"
    if action >= RETURN:
        t = action - RETURN
        return f"return token {t} ({rs.tokens[t].name}) to the container"
    if action >= KEEP:
        t = action - KEEP
        return f"keep token {t} ({rs.tokens[t].name})"
    if action >= HELI:
        return f"helicopter rescues {self.name(ng + action - HELI)}"
    if action >= SACRIFICE:
        g = action - SACRIFICE
        return f"{self.name(g)} gives their life for {self.name(ng + self.fate_client)}"
    if action >= TARGET_SPACE:
        return f"Avalanche at {b.names[action - TARGET_SPACE]}"
    if action >= TARGET_GUIDE:
        return f"Oxygen Tank to {self.name(action - TARGET_GUIDE)}"
    if action >= TARGET_CLIENT:
        kind = "Broken Rope" if self.target_kind == "broken_rope" else "Acute Mountain Sickness"
        return f"{kind} strikes {self.name(ng + action - TARGET_CLIENT)}"
    if action >= PLAY:
        eff = self._game.effect_ids[action - PLAY]
        name = next(rs.tokens[t].name for t in range(len(rs.tokens)) if rs.tokens[t].effect == eff)
        return f"play {name}"
    if action >= SPOT:
        who = self.pending_entry
        return f"place {self.name(who)} on queue spot {action - SPOT + 1}"
    if action >= ENTER:
        return f"{self.name(action - ENTER)} enters the queue next"
    if action >= PICKUP:
        return f"{self.name(self.mover)} picks up {self.name(ng + action - PICKUP)}"
    if action >= SELECT:
        return f"move {self.name(action - SELECT)}"
    return self._simple_text(action)


def _simple_text(self: SeriesState, action: int) -> str:
    b = self._game.ruleset.board
    ng = self._game.ng
    if action == OPT_A:
        return "option a: move 2 guides" if ng > 1 else "option a: move the guide"
    if action == OPT_B:
        return "option b: move 1 guide, then 2 clients"
    if action == OPT_C:
        return "option c: move 4 clients"
    if action == OPT_A_PREP:
        return "option a with Preparations: one guide prepares, the other moves"
    if action == OPT_B_PREP:
        return "option b with Preparations: the guide prepares, then 2 clients move"
    if action in (STEP_UP, STEP_DOWN):
        m = self.mover
        d = 1 if action == STEP_UP else -1
        dest = b.names[self.team.pos[m] + d]
        way = "up" if d == 1 else "down"
        if (
            self.team.pos[m] in (b.up, b.down)
            and self.team.pos[m] + d in (b.up, b.down)
            and m < self._game.ng
            and "expert_climber" not in markers._skills(self, m)
        ):
            return f"{self.name(m)} enters the Hillary Step queue going {way}"
        if self.carried:
            who = " and ".join(self.name(x) for x, _ in self.carried)
            n = max(n for _, n in self.carried) + 1
            return f"{self.name(m)} carries {who} {n} {way} to {dest}"
        return f"{self.name(m)} {way} to {dest}"
    if action == DROP_OFF:
        who = " and ".join(self.name(x) for x, _ in self.carried)
        return f"{self.name(self.mover)} drops off {who}"
    if action == END_MOVE:
        return f"end {self.name(self.mover)}'s move"
    if action == FINISH:
        return "end movement"
    if action in (BUY, DECLINE):
        tok = self._game.ruleset.tokens[self.current]
        if action == BUY:
            return f"buy {tok.name} for {tok.cost} Prestige"
        if markers._storm_phase(self):
            return f"decline {tok.name} (set aside)"
        return f"decline {tok.name} (Storm Watch {len(self.storm_watch) + self.watch_blank + 1})"
    if action == PUSH:
        return f"{self.name(self.mover)} pushes (one more space, then tired)"
    if action == ACCEPT:
        if self.phase == P_HELI:
            return "no helicopter"
        what = "is frozen" if self.fate_key == "lost" else "dies"
        return f"accept: {self.name(ng + self.fate_client)} {what}"
    if action == MEDKIT:
        return f"use a Med Kit on {self.name(ng + self.fate_client)}"
    if action == LUCK:
        return f"discard Luck: {self.name(ng + self.fate_client)} draws again"
    if action == SUMMIT_PUSH:
        return "team bonus: summit push (both guides 3 more spaces this turn)"
    return f"action {action}"


def _emit(self: SeriesState, text: str, rule: str, player: int | None = None) -> None:
    """Log an automatic event citing ``rule`` (rule names) in the mountain's numbers."""
    if self._log is not None:
        State._emit(self, text, self._game.ruleset.cite(rule), player)  # type: ignore[arg-type]


def _action_rule(self: SeriesState, action: int) -> str:
    """The section the log entry of ``action`` cites (:meth:`_rule_of`, numbered)."""
    return self._game.ruleset.cite(self._rule_of(action))


def _refusal(self: SeriesState, action: int) -> IllegalActionError:
    """Why ``action`` is refused (:meth:`_refuse`), its rule numbered."""
    err = self._refuse(action)
    return IllegalActionError(
        rule=self._game.ruleset.cite(err.rule), reason=err.reason, action=err.action
    )


def _cited_line(
    self: SeriesState,
    label: str,
    points: int | float,
    rule: str,
    key: tuple[Any, ...] | None = None,
) -> ScoreLine:
    """The score line ``label`` with ``points`` and its rule numbered, built once per
    ruleset (``key``, by default the three, names it in the memo
    :attr:`.components.Ruleset.score_lines`; a caller with a cheaper key than the label
    gives it and builds the label only the first time, see :func:`.scoring._client_lines`).

    >>> import highcamp
    >>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
    >>> line = s._cited_line("Prestige left", 3, "score")
    >>> line.label, line.points, line.rule.startswith("["), s._cited_line("Prestige left", 3, "score") is line
    ('Prestige left', 3, True, True)
    """
    memo = self.rs.score_lines
    if key is None:
        key = (label, points, rule)
    line = memo.get(key)
    if line is None:
        line = memo[key] = ScoreLine(label, points, self._game.ruleset.cite(rule))
    return line


def die_rule(self: SeriesState, action: int) -> str:
    """The rule of a die roll (by what it is rolled for)."""
    return DIE_RULES.get(self.die_for, R_CHANCE)


def phase_rule(ph: int) -> Callable[[SeriesState, int], str]:
    """The rule every action of phase ``ph`` cites (:data:`PHASE_RULES`)."""
    rule = PHASE_RULES.get(ph, R_SEQUENCE)

    def rule_of(self: SeriesState, action: int) -> str:
        return rule

    return rule_of


def _move_rule(self: SeriesState, action: int) -> str:
    if action <= OPT_B_PREP:
        return R_PREP if action >= OPT_A_PREP else R_OPTIONS
    if action == PUSH:
        return R_PUSH
    if action == SUMMIT_PUSH:
        return R_BONUS
    if PLAY <= action < TARGET_CLIENT:
        return R_BUY
    if self.mover >= 0 and self.mover >= self._game.ng:
        return R_STORM_MOVE if self.round == "storm" else R_CLIENT
    return R_STORM_MOVE if self.round == "storm" else R_GUIDE


# ---------------------------------------------------------------- refusals, by phase
# each answers for an action the phase does not offer now (its ``why_not`` asks first)
def _no_such(action: int) -> IllegalActionError | None:
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        return IllegalActionError(rule=R_SEQUENCE, reason="no such action", action=action)
    return None


def _waiting(self: SeriesState, action: int) -> IllegalActionError:
    return IllegalActionError(
        rule=self._rule_of(action) or R_SEQUENCE,
        reason=f"not a legal action while the game waits to {PHASE_NAMES[self.phase]}",
        action=action,
    )


def refuse_default(self: SeriesState, action: int) -> IllegalActionError:
    """Not an action of this phase."""
    return _no_such(action) or _waiting(self, action)


def refuse_chance(self: SeriesState, action: int) -> IllegalActionError:
    """A chance step: only its outcomes."""
    return _no_such(action) or IllegalActionError(
        rule=R_CHANCE, reason="a token is drawn or a die rolled now", action=action
    )


def refuse_buy(self: SeriesState, action: int) -> IllegalActionError:
    """Buying an event costs its Prestige [6.2]."""
    err = _no_such(action)
    if err is not None:
        return err
    if action == BUY:
        return IllegalActionError(rule=R_BUY, reason="not enough Prestige", action=action)
    return _waiting(self, action)


def refuse_move(self: SeriesState, action: int) -> IllegalActionError:
    """The movement step's refusals, in the ruleset's words (``_REFUSALS``)."""
    err = _no_such(action)
    if err is not None:
        return err
    words = self._REFUSALS
    if action in (STEP_UP, STEP_DOWN) and self.mover >= 0:
        rule = self._step_problem(action) or R_GUIDE
        whys: dict[str, str] = {
            R_RIDGES: words["ridge_pass"],
            R_TRAITS: words["dependent"],
            R_STEP: words["up_to_down"],
        }
        why = whys.get(rule, words["no_step"])
        return IllegalActionError(rule=rule, reason=why, action=action)
    if action == END_MOVE and self.mover >= 0:
        return IllegalActionError(rule=R_RIDGES, reason=words["ridge_stop"], action=action)
    if action in (OPT_A_PREP, OPT_B_PREP):
        why = words["prep_ready" if self.round == "clear" else "prep_storm"]
        return IllegalActionError(rule=R_PREP, reason=why, action=action)
    if action <= OPT_B_PREP:
        return IllegalActionError(
            rule=R_OPTIONS if self.round == "clear" else R_STORM_MOVE,
            reason=words["option"],
            action=action,
        )
    if SELECT <= action < PICKUP:
        return IllegalActionError(rule=R_OPTIONS, reason=words["select"], action=action)
    if PICKUP <= action < ENTER:
        return IllegalActionError(rule=R_GUIDE, reason=words["pickup"], action=action)
    if action == PUSH:
        return IllegalActionError(rule=R_PUSH, reason=words["push"], action=action)
    return _waiting(self, action)


def _parse_action(self: SeriesState, text: str) -> int | None:
    """Short forms (``buy``, ``up``, ``option a``...) and unique prefixes of a legal
    action's text; an alias names its action even when illegal (so the refusal can cite
    the rule)."""
    if text in self._ALIASES:
        return self._ALIASES[text]
    if text.startswith("die ") and text[4:].isdigit() and 1 <= int(text[4:]) <= 6:
        return DIE + int(text[4:]) - 1
    matches = [a for a in self.legal_actions() if self._action_text(a).lower().startswith(text)]
    if len(matches) == 1:
        return matches[0]
    return None


PHASE_RULES: dict[int, str] = {
    P_HIRE: R_BONUS,
    P_GDRAW: R_RANDOM,
    P_CDRAW: R_RANDOM,
    P_DRAW: R_DRAW,
    P_KEEP: R_PREP,
    P_RETURN: R_PREP,
    P_BUY: R_BUY,
    P_TARGET: R_EVENTS,
    P_ORDER: R_STEP,
    P_SPOT: R_STEP,
    P_HELI: R_BONUS,
    P_FATE: R_FATE_ZONE,
    P_FATE_CHOICE: R_SACRIFICE,
}
DIE_RULES: dict[str, str] = {
    "queue": R_STEP,
    "lost": R_LOST,
    "resolve": R_QUEUE,
    "prep": R_PREP,
    "rope": R_EVENTS,
}

ALIASES: dict[str, int] = {
    "buy": BUY,
    "decline": DECLINE,
    "up": STEP_UP,
    "down": STEP_DOWN,
    "drop": DROP_OFF,
    "drop off": DROP_OFF,
    "end": END_MOVE,
    "end move": END_MOVE,
    "done": FINISH,
    "finish": FINISH,
    "push": PUSH,
    "accept": ACCEPT,
    "a": OPT_A,
    "b": OPT_B,
    "c": OPT_C,
    "option a": OPT_A,
    "option b": OPT_B,
    "option c": OPT_C,
}

REFUSALS: dict[str, str] = {
    "ridge_pass": "a blocked ridge cannot be entered or passed without enough movement",
    "dependent": "a Dependent client needs a guide for the Hillary Step and Summit",
    "up_to_down": "only Expert Climbers walk from Up to Down",
    "no_step": "no movement left for that step",
    "ridge_stop": "no one may stop on a blocked ridge",
    "prep_ready": "Preparations are already ready",
    "prep_storm": "no Preparations in the storm",
    "option": "the movement option is already chosen or it is the storm",
    "select": "that marker cannot move now (moved, in the queue, or not allowed by the option)",
    "pickup": "no such client to pick up here",
    "push": "this client cannot push",
}
"""Why the movement step refuses an action, in Everest's words (a ruleset's state class
gives its own in ``_REFUSALS``: K2 speaks of climbers and darkness, and has no queue)."""
