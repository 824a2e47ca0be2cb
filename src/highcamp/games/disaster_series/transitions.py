"""Transitions: applying an action in each phase (the ``apply`` of the engine's entries in
:data:`.phases.ENGINE_PHASES`), the die rolls, the targets of events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import allowances, fate, markers, movement, setup, turn
from .constants import (
    ACCEPT,
    BUY,
    CDRAW,
    DEAD,
    DIE,
    ENTER,
    GDRAW,
    HELI,
    HIRE,
    KEEP,
    P_DIE,
    P_MOVE,
    P_RETURN,
    P_SPOT,
    R_BONUS,
    R_EVENTS,
    R_PREP,
    R_QUEUE,
    RETURN,
    SPOT,
    TARGET_CLIENT,
    TARGET_GUIDE,
    TARGET_SPACE,
    TOKEN,
)

if TYPE_CHECKING:
    from .protocols import SeriesState


# ---------------------------------------------------------------- the phases' transitions
# (the contract's ``_apply`` has cleared the memo of legal actions before each)
def apply_draw(self: SeriesState, action: int) -> None:
    """An event token drawn from the container [6.0] (three with Preparations [7.5])."""
    t = action - TOKEN
    self.container.remove(t)
    self.drawn.append(t)
    self.draws_left -= 1
    if self.draws_left == 0:
        turn._after_draw(self)


def apply_fate(self: SeriesState, action: int) -> None:
    """A fate token drawn from the pool [11.1]."""
    fate._fate_result(self, action - TOKEN)


def apply_die(self: SeriesState, action: int) -> None:
    """A die rolled (for what ``die_for`` says)."""
    _die_rolled(self, action - DIE + 1)


def apply_guide_drawn(self: SeriesState, action: int) -> None:
    """A guide card drawn for a random team [14.1]."""
    self.team.guides.append(action - GDRAW)
    setup._setup_next(self)


def apply_client_drawn(self: SeriesState, action: int) -> None:
    """A client card drawn for a random team [14.1]."""
    self.team.clients.append(action - CDRAW)
    setup._setup_next(self)


def apply_hire(self: SeriesState, action: int) -> None:
    """A guide hired (the team bonus [14.2])."""
    self.team.guides.append(action - HIRE)
    if len(self.team.guides) == self._game.ng:
        setup._setup_next(self)


def apply_keep(self: SeriesState, action: int) -> None:
    """The token kept of those drawn with Preparations [7.5]."""
    t = action - KEEP
    self.drawn.remove(t)
    self.current = t
    if len(self.drawn) == 2:
        self.phase = P_RETURN
        self._cache = sorted(RETURN + t for t in self.drawn)  # the memo of legal actions
        return
    self.container.extend(self.drawn)
    self.container.sort()
    self.drawn = []
    turn._prep_roll(self)


def apply_return(self: SeriesState, action: int) -> None:
    """The token returned to the container; the third is removed [7.5]."""
    t = action - RETURN
    self.drawn.remove(t)
    self.container.append(t)
    self.container.sort()
    self.removed.extend(self.drawn)
    self._emit(f"{self._game.ruleset.tokens[self.drawn[0]].name} is removed from the game", R_PREP)
    self.drawn = []
    turn._prep_roll(self)


def apply_buy(self: SeriesState, action: int) -> None:
    """The event bought or declined [6.2] [6.3]."""
    if action == BUY:
        turn._buy(self)
    else:
        self._decline()


def apply_order(self: SeriesState, action: int) -> None:
    """The marker of a group that enters the queue next [8.2]."""
    m = action - ENTER
    idx = next(i for i, e in enumerate(self.entering) if e[0] == m)
    self.entering.insert(0, self.entering.pop(idx))
    self.entry_chosen = True
    self.phase = P_DIE
    self.die_for = "queue"


def apply_spot(self: SeriesState, action: int) -> None:
    """The queue spot chosen after a 6 [8.2]."""
    m, d = self.entering.pop(0)
    self._place_in_queue(m, d, action - SPOT)
    movement._resume(self)


def apply_heli(self: SeriesState, action: int) -> None:
    """The helicopter rescue (the team bonus [14.2]), or none."""
    ng = self._game.ng
    self.team.heli_done = True
    if action != ACCEPT:
        c = action - HELI
        fate._take_off(self, ng + c)
        self.team.pos[ng + c] = 0
        self.team.heli_client = c
        self.team.fates[c] = "helicopter"
        self._emit(f"a helicopter brings {self.name(ng + c)} down", R_BONUS)
    fate._build_fates(self)


def apply_fate_choice(self: SeriesState, action: int) -> None:
    """A fate accepted, a Med Kit or Luck, a guide's sacrifice [11.*]."""
    self._fate_choice(action)


def _die_rolled(self: SeriesState, d: int) -> None:
    """Resolve a die rolled for ``die_for``. A ruleset's own rolls and modifiers come first
    (``_ROLL_FIRST``: its one hook returns the face to go on with, or None when it has resolved
    the roll: K2's Luck and Lucky, descents, bivouacs and chimneys, the two-player rolls for
    the waiting team's climbers)."""
    first = self._shape.roll_first
    if first:
        face = first[0](self, d)
        if face is None:
            return
        d = face
    kind = self.die_for
    self.die_for = ""
    ng = self._game.ng
    if kind == "queue":
        m, direction = self.entering[0]
        self.entry_chosen = False
        if d == 6:
            self.pending_entry = m
            self.phase = P_SPOT
            return
        spot = d - 1
        while not markers._spot_open(self, spot):
            spot += 1
        self.entering.pop(0)
        self._place_in_queue(m, direction, spot)
        movement._resume(self)
        return
    if kind == "lost":
        c = self.lost_checks.pop(0)
        if d <= 2:
            self._get_lost(c)
        elif self.mover == ng + c and self.remaining == 0 and not allowances._can_push(self, c):
            self._end_client()
        movement._resume(self)
        return
    if kind == "resolve":
        if self._log is not None:
            self._emit(f"the queue moves {d}", R_QUEUE)
        self._shift_queue(d)
        self._end_turn()
        return
    if kind == "prep":
        if d <= 2:
            self.team.prep = 0
            self._emit("the Preparations are over", R_PREP)
        self._place_event()
        return
    if kind == "rope":
        c = self.rope_client
        m = ng + c
        if d == 1:
            self.team.pos[m] = DEAD
            self.team.fates[c] = "died: Broken Rope"
            self._emit(f"{self.name(m)} falls to their death", R_EVENTS)
        elif d <= 4:
            self.team.pos[m] = 0
            self._emit(f"{self.name(m)} is injured and returns to High Camp", R_EVENTS)
        movement._resume(self)
        return


def apply_target(self: SeriesState, action: int) -> None:
    """The target an event strikes (R-DS-6)."""
    kind = self.target_kind
    ng = self._game.ng
    self.target_kind = ""
    self.targets = []
    self.phase = P_MOVE
    if kind == "acute_mountain_sickness":
        c = action - TARGET_CLIENT
        self.team.ams[c] = True
        self._emit(f"{self.name(ng + c)} has Acute Mountain Sickness", R_EVENTS)
    elif kind == "broken_rope":
        self.rope_client = action - TARGET_CLIENT
        self.phase = P_DIE
        self.die_for = "rope"
        return
    elif kind == "oxygen":
        g = action - TARGET_GUIDE
        self.team.tank[g] = True
        self._emit(f"{self.name(g)} carries an Oxygen Tank", R_EVENTS)
    elif kind == "avalanche":
        self._avalanche(action - TARGET_SPACE)
    movement._resume(self)


def _avalanche(self: SeriesState, space: int) -> None:
    ng = self._game.ng
    if markers._guide_on(self, space):
        self._emit("the guide shelters the clients from the Avalanche", R_EVENTS)
        return
    for c in markers._client_at(self, space):
        self.team.pos[ng + c] = space - 1
        self._emit(f"the Avalanche sweeps {self.name(ng + c)} down", R_EVENTS)
