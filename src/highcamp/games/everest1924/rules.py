"""Everest 1924: the solitaire dice game of climbing a mountain sheet.

A turn is decomposed into small actions (R-1924-3):

* at the start of a turn: ``roll`` or ``abandon`` [End of the Game];
* a chance step per die rolled (``die 2 shows 5``), R-0-3;
* then any number of ``combine i,j -> v`` (die ``i`` takes value ``v``, die ``j`` is
  discarded) [Combining Dice], and one of ``ascend``, ``camp`` (ascend and make camp)
  [Making Camp], ``reroll i,j,...`` (once a turn) [Rerolling Dice], or taking the failure
  (``move right`` before the reroll; after a failed reroll the fall is mandatory and the
  engine applies it at once, R-0-4, so ``fall`` is only chosen instead of a possible
  ascent).

>>> import highcamp
>>> game = highcamp.load_game("everest-1924")
>>> s = game.new_initial_state(seed=0)
>>> s.apply_action(s.string_to_action("roll"))
>>> for text in ("die 1 shows 3", "die 2 shows 4", "die 3 shows 6"):
...     s.apply_action(s.string_to_action(text))
>>> s.dice()
[3, 4, 6]
>>> "ascend" in [s.action_to_string(a) for a in s.legal_actions()]
True
>>> s.apply_action(s.string_to_action("ascend"))
>>> s.observation(0)["position"]
[1, 1]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    OptionSpec,
    ScoreBand,
)

from .base import Everest1924Table
from .codes import _LOW_SLOT, REROLL_TEXTS, _code_info, _combine_text
from .constants import (
    ABANDON,
    ASCEND,
    CAMP,
    COMBINE_BASE,
    DECIDE,
    FACE_BASE,
    FAIL,
    MAX_CAMPS,
    NUM_ACTIONS,
    PAIRS,
    R_CAMP,
    R_CLIMB,
    R_COMBINE,
    R_END,
    R_REROLL,
    REROLL_BASE,
    ROLL,
    ROLLING,
    START,
)
from .constants import (
    PHASE_NAMES as _PHASE_NAMES,
)
from .sheet import MAX_DICE
from .turn import TurnRules
from .views import Everest1924Views

__all__ = ["Everest1924Game", "Everest1924State"]

_FACE_OUTCOMES = tuple((FACE_BASE + f, 1 / 6) for f in range(6))
_PLAYER_OF_PHASE = (0, CHANCE, 0, TERMINAL)  # START, ROLLING, DECIDE, OVER


# every action word, legal now or not, so that illegal text is refused naming its rule
_ALIASES = {
    "roll": ROLL,
    "r": ROLL,
    "abandon": ABANDON,
    "ascend": ASCEND,
    "up": ASCEND,
    "camp": CAMP,
    "make camp": CAMP,
    "move right": FAIL,
    "right": FAIL,
    "fall": FAIL,
    "fail": FAIL,
}
_RIGHT_WORDS = frozenset({"move right", "right"})
_FALL_WORDS = frozenset({"fall"})


class Everest1924Game(Everest1924Table):
    """Everest 1924 on a sheet (the standard reconstructed sheet, or ``sheet=PATH``).

    >>> game = Everest1924Game()
    >>> game.num_distinct_actions(), game.sheet.summit
    (164, 14)
    """

    INFO = GameInfo(
        id="everest-1924",
        title="Everest 1924",
        min_players=1,
        max_players=1,
        options=(
            OptionSpec(
                "sheet",
                str,
                None,
                "a named sheet (standard, first-reconstruction) or the path of a sheet file "
                "(JSON, as data/standard-sheet.json); the standard reconstructed sheet by "
                "default",
                nullable=True,
            ),
        ),
        chance=True,
        hidden_information=False,
        components=(
            Component(
                "game sheet",
                "reconstructed",
                "the rulebook does not print the sheet; rows, targets and widths follow R-1924-1",
                "data/standard-sheet.json",
            ),
            Component("legend bands", "rulebook", "", "[Final Scoring], R-1924-7"),
        ),
        summary="Roll straights to climb a mountain sheet; combine, reroll, camp, and do not "
        "cross your own route.",
        rulebook="everest-1924.txt",
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._prototype: Everest1924State | None = None

    @property
    def info(self) -> GameInfo:
        """Static facts; a custom sheet is named in the components."""
        if self.options["sheet"] is None:
            return self.INFO
        from dataclasses import replace

        return replace(
            self.INFO,
            components=(
                Component(
                    "game sheet", self.sheet.provenance, self.sheet.reason, self.sheet.source
                ),
                *self.INFO.components[1:],
            ),
        )

    def rules_text(self) -> str:
        """The rules in brief, in highcamp's own words, with section references."""
        from importlib import resources

        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def score_chart(self) -> list[ScoreBand]:
        """The legend bands of the sheet, lowest first (R-1924-7)."""
        return [ScoreBand(b.name, b.low, b.high) for b in self.sheet.legend]

    def static_view(self) -> dict[str, Any]:
        """The sheet: rows with targets and spans, unlock rows, camps, legend bands."""
        s = self.sheet
        return {
            "phases": list(_PHASE_NAMES),
            "sheet": s.name,
            "rows": [
                {
                    "row": r,
                    "target": s.targets[r],
                    "first": s.firsts[r],
                    "last": s.lasts[r],
                    "unlock": r in s.unlock_rows,
                }
                for r in range(s.rows)
            ],
            "start": list(s.start),
            "summit": s.summit,
            "camps": MAX_CAMPS,
            "legend": [
                {"min": b.low, "max": b.high, "name": b.name, "year": b.year} for b in s.legend
            ],
        }

    def exact_solver(self, use_cache: bool = True) -> Any:
        """The sheet's exact solver (a capability: :class:`.policy.Everest1924Solver`),
        shared by every game on the same sheet in this process."""
        from .policy import exact_solver

        return exact_solver(self.sheet, use_cache)

    def upgrade_history(
        self, history: Sequence[int], *, seed: int = 0, position: Mapping[str, Any] | None = None
    ) -> list[int]:
        """A history recorded when a failed reroll still asked for the fall, without
        those choices (R-0-4; :mod:`.upgrade`)."""
        from .upgrade import upgrade_history

        return upgrade_history(self, history, seed=seed, position=position)

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> Everest1924State:
        """A sheet set up from a position document (:mod:`.position`): the route replayed
        move by move, then the turn's phase and dice."""
        from .position import set_up

        return set_up(self, position, seed)

    def _new_state(self, seed: int) -> Everest1924State:
        proto = self._prototype
        if proto is None:
            proto = self._prototype = Everest1924State(self, 0)
        state = proto.clone()
        state._seed = seed
        state._key = None
        return state


# ---------------------------------------------------------------------------- state
class Everest1924State(TurnRules, Everest1924Views):
    """A position of Everest 1924: the route so far, the dice and the phase of the turn
    (the fields in ``base``, the turn's steps in ``turn``, the score and views in
    ``views``; the contract's legal actions, texts and refusals here)."""

    _game: Everest1924Game

    __slots__ = ()

    # --------------------------------------------------------------- the contract
    def current_player(self) -> int:
        """0 while the climber decides, ``CHANCE`` while dice roll, ``TERMINAL`` at the end."""
        return _PLAYER_OF_PHASE[self._phase]

    def _legal_actions(self) -> tuple[int, ...]:
        return self._options

    def legal_actions(self) -> list[int]:
        """Legal action ids (chance outcomes while dice roll)."""
        return list(self._options)

    def _chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return _FACE_OUTCOMES

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The six faces of the die being rolled, 1/6 each (R-0-3); ``[]`` when no die rolls."""
        return list(_FACE_OUTCOMES) if self._phase == ROLLING else []

    def sample_chance(self, x: float) -> int:
        """The face at ``x`` in ``[0, 1)``, each face a sixth of the interval
        (:meth:`State.sample_chance`, without walking the outcomes)."""
        if self._phase != ROLLING:
            raise IllegalActionError(rule="R-0-3", reason="no die is being rolled")
        face = int(x * 6)
        return FACE_BASE + (face if face < 6 else 5)

    def sample_legal(self, x: float) -> int:
        """:meth:`State.sample_legal` without copying the legal actions."""
        options = self._options
        if self._phase != START and self._phase != DECIDE:
            return super().sample_legal(x)  # a die rolls, or the game is over: refused there
        return options[int(x * len(options))]

    def _is_legal(self, action: int) -> bool:
        # ``_options`` always holds the legal actions of the phase: faces while rolling
        # (a scan of at most 92 small ints, which ``in`` finds by identity)
        return action in self._options

    def _sample_chance(self, u: int) -> int:
        return FACE_BASE + ((u * 6) >> 64)

    def _refusal(self, action: int) -> IllegalActionError:
        phase = self._phase
        if phase == ROLLING:
            return IllegalActionError(rule="R-0-3", reason="a die is being rolled", action=action)
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return IllegalActionError(rule="[turn]", reason="no such action", action=action)
        if phase == START:
            return IllegalActionError(
                rule=R_END, reason="a turn starts with a roll (or abandoning)", action=action
            )
        if action == ROLL:
            return IllegalActionError(
                rule=R_CLIMB, reason="the dice are already rolled this turn", action=action
            )
        if action == ABANDON:
            return IllegalActionError(
                rule=R_END, reason="abandoning is only before rolling", action=action
            )
        if action in (ASCEND, CAMP):
            target = self._game.sheet.target(self._row + 1)
            best = _code_info(self._dice, self._ndice).best
            if best < target:
                return IllegalActionError(
                    rule=R_CLIMB,
                    reason=f"the best straight is {best}, below the target {target}",
                    action=action,
                )
            if self._camps >= MAX_CAMPS:
                return IllegalActionError(
                    rule=R_CAMP, reason="all four camps are used", action=action
                )
            return IllegalActionError(
                rule=R_CAMP, reason="camp is made only on first entering a new row", action=action
            )
        if REROLL_BASE < action < COMBINE_BASE:
            if self._rerolled:
                return IllegalActionError(
                    rule=R_REROLL, reason="only one reroll a turn", action=action
                )
            return IllegalActionError(
                rule=R_REROLL, reason=f"there are only {self._ndice} dice", action=action
            )
        if COMBINE_BASE <= action < FACE_BASE:
            return IllegalActionError(
                rule=R_COMBINE,
                reason="those dice cannot combine to that value (discarded dice cannot be reused; "
                "results stay within 1..6)",
                action=action,
            )
        return IllegalActionError(rule="R-0-3", reason="faces are chance outcomes", action=action)

    def _action_text(self, action: int) -> str:
        if action == ROLL:
            return "roll"
        if action == ABANDON:
            return "abandon"
        if action == ASCEND:
            return "ascend"
        if action == CAMP:
            return "camp"
        if action == FAIL:
            return "fall" if self._rerolled else "move right"
        if action < COMBINE_BASE:
            return REROLL_TEXTS[action - REROLL_BASE]
        if action < FACE_BASE:
            return _combine_text(action)
        slot = _LOW_SLOT[self._pending]
        return f"die {slot + 1} shows {action - FACE_BASE + 1}"

    def _action_rule(self, action: int) -> str:
        if action in (ROLL, ASCEND, FAIL):
            return R_CLIMB
        if action == ABANDON:
            return R_END
        if action == CAMP:
            return R_CAMP
        if action < COMBINE_BASE:
            return R_REROLL
        if action < FACE_BASE:
            return R_COMBINE
        return "R-0-3"

    _TEXT_RE = re.compile(r"^(reroll|combine|c|r)\s*([\d ,>\-]*)$")

    def _parse_action(self, text: str) -> int | None:
        if text in _ALIASES:
            # the failure is typed by the word that names what happens: before the reroll
            # the party moves right, after it the party falls ([Rerolling Dice])
            if text in _RIGHT_WORDS and self._rerolled and self._phase == DECIDE:
                raise InvalidActionError(
                    text, "after the reroll a failure falls (down and right): type fall"
                )
            if text in _FALL_WORDS and not self._rerolled:
                raise InvalidActionError(
                    text, "before a reroll a failure moves right (no fall): type move right"
                )
            return _ALIASES[text]
        m = self._TEXT_RE.match(text)
        if not m:
            return None
        digits = [int(d) for d in re.findall(r"\d", m.group(2))]
        if m.group(1).startswith("r") and digits:
            if any(not 1 <= d <= MAX_DICE for d in digits):
                return None
            return REROLL_BASE + sum(1 << (d - 1) for d in set(digits))
        if m.group(1).startswith("c") and len(digits) == 3:
            i, j, v = digits
            if i == j or not (1 <= i <= MAX_DICE and 1 <= j <= MAX_DICE and 1 <= v <= 6):
                return None
            if i > j:
                raise InvalidActionError(
                    text,
                    f"the lower-numbered die takes the value: type combine {j},{i} -> {v} "
                    f"(die {j} becomes {v}, die {i} is discarded)",
                )
            return COMBINE_BASE + PAIRS.index((i - 1, j - 1)) * 6 + v - 1
        return None
