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

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    Game,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    OptionSpec,
    ScoreBand,
    ScoreBreakdown,
    ScoreLine,
    State,
)

from .codes import (
    _FACE_ADD,
    _INFO,
    _LOW_SLOT,
    _MASK_SLOTS,
    _code_info,
    _combine_text,
    _mask_text,
    _reroll_odds,
    _reroll_plan,
)
from .constants import (
    _POW7,
    ABANDON,
    ASCEND,
    CAMP,
    CAMP_BONUS,
    CAMP_SHIFT,
    COMBINE_BASE,
    DECIDE,
    FACE_BASE,
    FAIL,
    MAX_CAMPS,
    NUM_ACTIONS,
    OVER,
    PAIRS,
    R_CAMP,
    R_CLIMB,
    R_COMBINE,
    R_END,
    R_REROLL,
    R_ROUTE,
    R_SCORE,
    R_UNLOCK,
    REROLL_BASE,
    ROLL,
    ROLLING,
    START,
)
from .constants import (
    PHASE_NAMES as _PHASE_NAMES,
)
from .dice import _best, ascent_probability, best_reroll
from .sheet import MAX_DICE, Sheet, sheet_option, standard_sheet

if TYPE_CHECKING:
    from .model import Key, Valuation

__all__ = ["Everest1924Game", "Everest1924State"]

_FACE_OUTCOMES = tuple((FACE_BASE + f, 1 / 6) for f in range(6))
_START_ACTIONS = (ROLL, ABANDON)
_FACE_OPTIONS = tuple(range(FACE_BASE, FACE_BASE + 6))
_PLAYER_OF_PHASE = (0, CHANCE, 0, TERMINAL)  # START, ROLLING, DECIDE, OVER


TURN_GAIN = 2  # about what an ascent now rather than a turn later saves (measured)


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


# ----------------------------------------------------------------------------- game
class Everest1924Game(Game):
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
        path = self.options["sheet"]
        self.sheet: Sheet = standard_sheet() if path is None else sheet_option(path)
        s = self.sheet
        self._width = s.width
        self._targets = s.targets
        self._start_route = (s.start,)
        self._start_marked = 1 << (s.start[0] * s.width + s.start[1])
        self._empty_bands: tuple[tuple[tuple[int, int], ...], ...] = ((),) * s.rows
        self._prototype: Everest1924State | None = None
        self._dice_for = tuple(s.dice_for(r) for r in range(s.rows))
        self._rows, self._firsts, self._lasts, self._summit = s.rows, s.firsts, s.lasts, s.summit
        self._camp_dest = tuple(
            tuple(
                max(c - CAMP_SHIFT, s.firsts[r + 1]) if r < s.summit else -1 for c in range(s.width)
            )
            for r in range(s.rows)
        )

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

    def num_distinct_actions(self) -> int:
        """Action ids: roll, abandon, ascend, camp, fail, 63 rerolls, 90 combines, 6 faces."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Every turn marks a new square; a turn is at most 25 actions (6 dice)."""
        per_turn = 1 + MAX_DICE + (MAX_DICE - 1) + 1 + MAX_DICE + (MAX_DICE - 1) + 1
        return self.sheet.squares * per_turn + 1

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
class Everest1924State(State):
    """A position of Everest 1924: the route so far, the dice and the phase of the turn."""

    _game: Everest1924Game

    __slots__ = (
        "_bands",
        "_camps",
        "_col",
        "_dice",
        "_ending",
        "_highest",
        "_marked",
        "_ndice",
        "_options",
        "_pending",
        "_phase",
        "_rerolled",
        "_route",
        "_row",
    )

    def __init__(self, game: Everest1924Game, seed: int) -> None:
        super().__init__(game, seed)
        sheet = game.sheet
        self._row, self._col = sheet.start
        self._highest = 0
        self._camps = 0
        self._ndice = game._dice_for[0]
        self._phase = START
        self._dice = 0
        self._pending = 0  # the dice still to roll this step, a mask of slots
        self._rerolled = False
        self._route: tuple[tuple[int, int], ...] = game._start_route
        self._marked = game._start_marked
        self._bands: tuple[tuple[tuple[int, int], ...], ...] = game._empty_bands
        self._ending: str | None = None
        self._options: tuple[int, ...] = _START_ACTIONS  # the legal actions now

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

    def apply_legal(self, action: int) -> None:
        """:meth:`State.apply_legal`, with a landing die applied inline (search hot path)."""
        if action >= FACE_BASE and self._log is None:
            pending = self._pending
            self._dice += _FACE_ADD[pending][action - FACE_BASE]
            pending &= pending - 1
            self._pending = pending
            if not pending:
                self._enter_decide()
        else:  # as State.apply_legal (a call to it here costs as much as the rest)
            if self._log is not None:
                self._log_action(action)
            self._apply(action)
        self._history.append(action)

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
            return f"reroll {_mask_text(action - REROLL_BASE)}"
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

    # ------------------------------------------------------------- transitions
    def _apply(self, action: int) -> None:
        if action >= FACE_BASE:  # a die lands, in the lowest slot still to roll
            pending = self._pending
            self._dice += _FACE_ADD[pending][action - FACE_BASE]
            pending &= pending - 1
            self._pending = pending
            if not pending:
                self._enter_decide()
            return
        if action >= COMBINE_BASE:
            p, v = divmod(action - COMBINE_BASE, 6)
            i, j = PAIRS[p]
            slots = (_INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)).slots
            self._dice += (v + 1 - slots[i]) * _POW7[i] - slots[j] * _POW7[j]
            self._enter_decide()
            return
        if action > REROLL_BASE:
            # a legal mask names only dice in play: its slots are the set bits
            mask = action - REROLL_BASE
            slots = (_INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)).slots
            for i in _MASK_SLOTS[mask]:
                self._dice -= slots[i] * _POW7[i]
            self._pending = mask
            self._rerolled = True
            self._phase = ROLLING
            self._options = _FACE_OPTIONS
            return
        if action == ROLL:
            self._dice = 0
            self._pending = (1 << self._ndice) - 1
            self._rerolled = False
            self._phase = ROLLING
            self._options = _FACE_OPTIONS
            return
        if action == ABANDON:
            self._finish("abandoned", "the party abandons the expedition", R_END)
            return
        row, col = self._row, self._col
        if action == ASCEND:
            self._move(row + 1, col + 1, "ascends", R_CLIMB)
        elif action == CAMP:
            self._camps += 1
            if self._log is not None:
                self._emit(f"makes camp ({MAX_CAMPS - self._camps} left)", R_CAMP)
            self._move(row + 1, self._game._camp_dest[row][col], "makes camp at", R_CAMP)
        elif self._rerolled:
            self._move(row - 1, col + 1, "falls to", R_REROLL)
        else:
            self._move(row, col + 1, "moves right to", R_CLIMB)

    def _enter_decide(self) -> None:
        self._phase = DECIDE
        row = self._row
        info = _INFO[self._ndice][self._dice] or _code_info(self._dice, self._ndice)
        if info.best >= self._game._targets[row + 1]:
            flags = 3 if row >= self._highest and self._camps < MAX_CAMPS else 2
        else:
            flags = 0
        if self._rerolled:
            if not flags:
                # after the reroll no combination reaches the target (``best`` is the best
                # straight any combining gives): the fall is mandatory and applied at once
                # [Rerolling Dice], R-0-4
                if self._log is not None:
                    self._emit(
                        f"the best straight after the reroll is {info.best}, below the target "
                        f"{self._game._targets[row + 1]}: the party must fall",
                        "R-0-4",
                    )
                self._move(row - 1, self._col + 1, "falls to", R_REROLL)
                return
            flags += 4
        self._options = info.options[flags] or info.decide(flags)

    def _blocked(self, row: int, col: int) -> str | None:
        """Why the move to ``(row, col)`` is impossible (R-1924-5), or None if it is possible."""
        game = self._game
        if not (0 <= row < game._rows and game._firsts[row] <= col <= game._lasts[row]):
            return "off the sheet"
        if self._marked >> (row * game._width + col) & 1:
            return "onto a square already marked"
        r0 = self._row
        if row != r0:
            band = min(row, r0)
            xb, xt = (self._col, col) if row > r0 else (col, self._col)
            for a, t in self._bands[band]:
                if (xb - a) * (xt - t) < 0:
                    return "across the route"
        return None

    def _move(self, row: int, col: int, verb: str, rule: str) -> None:
        why = self._blocked(row, col)
        if why is not None:
            self._finish(
                "perished", f"the required move is impossible ({why}): the party perishes", R_ROUTE
            )
            return
        game = self._game
        r0, c0 = self._row, self._col
        if row != r0:
            band = min(row, r0)
            seg = (c0, col) if row > r0 else (col, c0)
            bands = list(self._bands)
            bands[band] = (*bands[band], seg)
            self._bands = tuple(bands)
        self._row, self._col = row, col
        self._route = (*self._route, (row, col))
        self._marked |= 1 << (row * game._width + col)
        if self._log is not None:
            where = "base camp row" if row == 0 else f"target {game.sheet.targets[row]}"
            self._emit(f"{verb} row {row} ({where}), column {col}", rule)
        if row > self._highest:
            self._highest = row
            ndice = game._dice_for[row]
            if ndice > self._ndice:
                self._ndice = ndice
                if self._log is not None:
                    self._emit(f"unlocks a die: {ndice} dice from now on", R_UNLOCK)
        if row == game._summit:
            self._finish("summit", "the party reaches the summit", R_END)
            return
        self._phase = START
        self._dice = 0
        self._options = _START_ACTIONS

    def _finish(self, ending: str, text: str, rule: str) -> None:
        self._ending = ending
        self._phase = OVER
        self._dice = 0
        self._pending = 0
        self._options = ()
        if self._log is not None:
            self._emit(text, rule)
            self._emit(f"final score {self.score()}", R_SCORE)

    # ----------------------------------------------------------------- results
    def score(self) -> int:
        """The score as it would stand if the game ended now [Final Scoring]."""
        sheet = self._game.sheet
        total = 2 * sheet.targets[self._highest] - len(self._route)
        if self._highest == sheet.summit:
            total += CAMP_BONUS * (MAX_CAMPS - self._camps)
        return total

    def returns(self) -> list[float]:
        """The final score at the end of the game, 0 before it."""
        return [float(self.score())] if self._phase == OVER else [0.0]

    def ending(self) -> str | None:
        """``summit``, ``abandoned`` or ``perished`` once the game is over."""
        return self._ending

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """The score line by line, with the legend band (R-1924-6, R-1924-7)."""
        sheet = self._game.sheet
        target = sheet.targets[self._highest]
        lines = [
            ScoreLine(f"highest row {self._highest}: 2 x target {target}", 2 * target, R_SCORE),
            ScoreLine(f"{len(self._route)} squares marked", -len(self._route), R_SCORE),
        ]
        if self._highest == sheet.summit:
            unused = MAX_CAMPS - self._camps
            lines.append(
                ScoreLine(f"{unused} unused camps at the summit", CAMP_BONUS * unused, R_SCORE)
            )
        total = self.score()
        return [
            ScoreBreakdown(
                player=0,
                lines=tuple(lines),
                total=total,
                band=sheet.band(total),
                figures={
                    "highest_row": self._highest,
                    "squares": len(self._route),
                    "camps_used": self._camps,
                },
            )
        ]

    def invariants(self) -> list[str]:
        """The sheet's bookkeeping agrees with itself (checked by the conformance suite)."""
        game = self._game
        sheet = game.sheet
        problems = []
        route = self._route
        if route[0] != sheet.start or route[-1] != (self._row, self._col):
            problems.append("the route must run from base camp to the current square")
        if len(set(route)) != len(route) or any(not sheet.on_sheet(r, c) for r, c in route):
            problems.append("the route revisits a square or leaves the sheet")
        if self._marked != sum(1 << (r * game._width + c) for r, c in route):
            problems.append("marked squares differ from the route's circles")
        if self._highest != max(r for r, _ in route):
            problems.append("highest row differs from the route")
        if self._ndice != sheet.dice_for(self._highest):
            problems.append("dice count differs from the unlocked rows")
        if not 0 <= self._camps <= MAX_CAMPS:
            problems.append("more camps than the four tents")
        diagonals = sum(1 for a, b in itertools.pairwise(route) if a[0] != b[0])
        if diagonals != sum(len(band) for band in self._bands):
            problems.append("route segments missing from the crossing index")
        slots = _code_info(self._dice, self._ndice).slots
        if self._phase in (START, OVER) and any(slots):
            problems.append("dice on the table outside a turn")
        if self._phase == ROLLING and any(slots[i] for i in _MASK_SLOTS[self._pending]):
            problems.append("a die waiting to be rolled already shows a face")
        if self._phase == DECIDE and not any(slots):
            problems.append("no active die while deciding")
        if (self._phase == OVER) != (self._ending is not None):
            problems.append("the ending and the phase disagree")
        return problems

    # ------------------------------------------------------------------- views
    @property
    def position(self) -> tuple[int, int]:
        """The current square ``(row, column)``."""
        return self._row, self._col

    @property
    def route(self) -> tuple[tuple[int, int], ...]:
        """Every circle drawn so far, base camp first."""
        return self._route

    def dice(self) -> list[int | None]:
        """The dice of the turn by slot: a face, or None (discarded or not yet rolled)."""
        if self._phase not in (ROLLING, DECIDE):
            return []
        slots = _code_info(self._dice, self._ndice).slots
        return [v or None for v in slots]

    def next_target(self) -> int | None:
        """The target of the row above, or None at the end."""
        if self._phase == OVER:
            return None
        return self._game.sheet.targets[self._row + 1]

    def turn_odds(self) -> float | None:
        """Chance that this turn ascends, from now, with the best reroll policy.

        Before the roll (and while dice roll) it is ``ascent_probability``; once the dice
        are down it is 1 when the ascent can be claimed, the best reroll's chance before
        the reroll (``best_reroll``); a failed reroll falls at once (R-0-4), so after the
        reroll the dice are down only when the ascent can be claimed.
        """
        target = self.next_target()
        if target is None:
            return None
        if self._phase != DECIDE:
            return ascent_probability(self._ndice, target)
        if ASCEND in self._options:
            return 1.0
        dice = [v for v in _code_info(self._dice, self._ndice).slots if v]
        return best_reroll(dice, self._ndice, target)[0]

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": _PHASE_NAMES[self._phase],
            "position": [self._row, self._col],
            "highest_row": self._highest,
            "camps_used": self._camps,
            "dice_count": self._ndice,
            "dice": self.dice(),
            "pending": list(_MASK_SLOTS[self._pending]),
            "rerolled": self._rerolled,
            "route": [list(sq) for sq in self._route],
            "ending": self._ending,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """Everything (the game has no hidden information), plus derived figures."""
        self._check_player(player)
        obs = self._snapshot()
        dice = [v for v in obs["dice"] if v]
        obs.update(
            {
                "sheet": self._game.sheet.name,
                "next_target": self.next_target(),
                "best_straight": _best(tuple(sorted(dice))) if dice else 0,
                "camps_left": MAX_CAMPS - self._camps,
                "camp_available": self._phase != OVER
                and self._row + 1 > self._highest
                and self._camps < MAX_CAMPS,
                "score": self.score(),
                "ascent_odds": self.turn_odds(),
                "reroll_hint": self._reroll_hint(dice),
                "reroll_odds": self._reroll_odds(),
            }
        )
        return obs

    def _reroll_odds(self) -> list[list[Any]]:
        """With the dice down before the reroll: every reroll's text and its chance of an
        ascent this turn, best first (what a screen lists as "the best few rerolls")."""
        if self._phase != DECIDE or self._rerolled:
            return []
        target = self._game.sheet.targets[self._row + 1]
        return [
            [f"reroll {_mask_text(m)}", q] for m, q in _reroll_odds(self._dice, self._ndice, target)
        ]

    def _reroll_hint(self, dice: list[int]) -> dict[str, Any] | None:
        """After a failed first roll: the reroll with the best chance (``best_reroll``), and
        whether it is worth its risk in points (``worth``: always where a failure falls to
        a row below; where the fall would end the game, only when the chance times the
        points of the ascent beats the failure's chance times the points still to win)."""
        if self._phase != DECIDE or self._rerolled or ASCEND in self._options:
            return None
        odds, combined, kept = best_reroll(
            dice, self._ndice, self._game.sheet.targets[self._row + 1]
        )
        sheet = self._game.sheet
        # what the reroll is worth in points, not only its chance: an ascent now rather
        # than later saves about a turn (TURN_GAIN); a failed reroll falls, and where the
        # fall is impossible (from base camp, onto the route) the party perishes and the
        # points still to win are lost (R-1924-3, R-1924-5)
        ends = self._blocked(self._row - 1, self._col + 1) is not None
        top = sheet.targets[self._highest]
        loss = sheet.targets[sheet.summit] - top  # about the points still to win
        worth = odds > 0 and (not ends or odds * TURN_GAIN > (1 - odds) * loss)
        return {
            "odds": odds,
            "combined": list(combined),
            "keep": list(kept),
            "plan": list(_reroll_plan(self._dice, self._ndice, combined, kept)),
            "fall_ends_game": ends,
            "worth": worth,
        }

    def clone(self) -> Everest1924State:
        """A cheap independent copy (immutable parts are shared)."""
        new = self._copy_base()
        new._row = self._row
        new._col = self._col
        new._highest = self._highest
        new._camps = self._camps
        new._ndice = self._ndice
        new._phase = self._phase
        new._dice = self._dice
        new._pending = self._pending
        new._rerolled = self._rerolled
        new._route = self._route
        new._marked = self._marked
        new._bands = self._bands
        new._ending = self._ending
        new._options = self._options
        return new

    def solver_key(self, valuation: Valuation) -> Key:
        """The key of this position for the exact solver (:class:`.model.Valuation`)."""
        from .solver import key_of_route

        climbs = [a == CAMP for a in self.history() if a in (ASCEND, CAMP)]
        return key_of_route(valuation, self.route, climbs)

    def solver_action_values(self, valuation: Valuation) -> dict[int, float]:
        """The expected final score of every legal action of an Everest 1924 state under optimal
        play afterwards (empty while dice roll or at the end; see :mod:`.decision`)."""
        from .decision import decision_values

        if self._phase not in (START, DECIDE):
            return {}
        return decision_values(
            valuation,
            self.solver_key(valuation),
            paid=float(len(self.route)),
            start=self._phase == START,
            ndice=self._ndice,
            rerolled=self._rerolled,
            slots=_code_info(self._dice, self._ndice).slots,
            legal=self._options,
        )
