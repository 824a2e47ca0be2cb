"""Movement [7.*] and ridges [8.1]: the rounds, selecting a marker, steps, carrying, Getting
Lost [8.3], the goals [8.4] and tiring [13.2] (the options, allowances and held tokens to
play are :mod:`.allowances`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import allowances as allowance_rules
from . import hillary_step, markers
from .bonuses import team_bonus
from .constants import (
    BAD_DIRECTION,
    CAUTIOUS,
    DEPENDENT,
    DROP_OFF,
    END_MOVE,
    ENTER,
    EXTRA_EQUIPMENT,
    FINISH,
    GOOD_DIRECTION,
    LOST,
    OPT_A,
    OPT_A_PREP,
    OPT_B,
    OPT_B_PREP,
    OPT_C,
    P_DIE,
    P_MOVE,
    P_ORDER,
    PASSES_RIDGES,
    PICKUP,
    PLAY,
    PUSH,
    R_BONUS,
    R_CLIENT,
    R_EVENTS,
    R_GOALS,
    R_GUIDE,
    R_GUIDE_EXC,
    R_LOST,
    R_PUSH,
    R_RIDGES,
    R_STEP,
    R_TRAITS,
    SELECT,
    STEP_DOWN,
    STEP_UP,
    SUMMIT_PUSH,
    T_LOST,
    TARGET_CLIENT,
)

if TYPE_CHECKING:
    from .protocols import SeriesGame, SeriesState

_NO_SKILLS: frozenset[str] = frozenset()


def _begin_move(self: SeriesState) -> None:
    self.step = "move"
    self.rounds = _move_rounds(self, self._game)
    _start_round(self, first=True)


def _move_rounds(self: SeriesState, game: SeriesGame) -> list[str]:
    """The rounds of the movement step [7.1] [7.6] for the team of ``game`` (the game,
    or a seat's): a Clear Phase move or a storm move, or both on the turn the storm hits
    with the team bonus that allows it [14.2]."""
    if self.storm <= 0:  # the Clear Phase (:meth:`_storm_phase`, inlined)
        return ["clear"]
    if self.storm == 1 and game.bonus and team_bonus(game.bonus).storm_moves_twice:
        self._emit("team bonus: one normal move, then one storm move", R_BONUS)
        return ["clear", "storm"]
    return ["storm"]


def _start_round(self: SeriesState, first: bool) -> None:
    kind = self.rounds.pop(0)
    self.round = kind
    if not first:
        self.team.moved = [False] * len(self.team.moved)  # [14.2]: a second move
    self.mover = -1
    self.carried = []
    if kind == "clear":
        self.option = -1
        self.guides_left = self.clients_left = 0
    else:
        self.option = -1
        self.guides_left = self._game.ng
        self.clients_left = self._game.nc
    _resume(self)


def _resume(self: SeriesState) -> None:
    """Continue after an interruption (queue entries, lost rolls) or an action. A ruleset's
    own interruptions come first (``_RESUME_FIRST``: its one hook returns True when it has
    set the phase: K2's Noble Sacrifice and descents [7.3] [9.2], the two-player relocation of
    a Blocked Ridge marker [15.4])."""
    first = self._shape.resume_first
    if first and first[0](self):
        return
    if self.entering:
        if len(self.entering) > 1 and not self.entry_chosen:
            self.phase = P_ORDER
        else:
            self.phase = P_DIE
            self.die_for = "queue"
        return
    if self.lost_checks:
        self.phase = P_DIE
        self.die_for = "lost"
        return
    step = self.step
    if step == "move":  # the commonest first
        self.phase = P_MOVE
        acts = _move_actions(self)
        # the legal actions of the state this action leaves (with a marker moving, or
        # the options to choose from [7.1]); none but to finish: the round ends
        if self.mover < 0 and acts == [FINISH] and not (self.round == "clear" and self.option < 0):
            self._finish_round()
        else:
            self._cache = acts
        return
    if step == "buy":
        self._begin_move()


def _finish_round(self: SeriesState) -> None:
    self.mover = -1
    if self.rounds:
        _start_round(self, first=False)
        return
    hillary_step._resolve_queue(self)


def _options(self: SeriesState) -> list[int]:
    """The options to choose from [7.1] (with preparations [7.5], never in the Storm
    Phase); a team bonus and the held tokens to play follow them."""
    acts = [OPT_A, OPT_B, OPT_C]
    ng = self._game.ng
    if self.team.prep < 2 and ng > 0 and self.storm <= 0:  # not in the Storm Phase
        acts += [OPT_A_PREP, OPT_B_PREP] if ng > 1 else [OPT_B_PREP]
    return acts


def _selection_extras(self: SeriesState, acts: list[int]) -> None:
    """The engine adds nothing of its own to the selection list (a ruleset's hook:
    K2's :func:`.k2.movement._selection_extras`)."""


def _mover_extras(self: SeriesState, acts: list[int], m: int, here: int) -> None:
    """The engine adds nothing of its own to a mover's list (a ruleset's hook: K2's
    :func:`.k2.movement._mover_extras`)."""


def _move_actions(self: SeriesState) -> list[int]:
    """Legal actions of the movement step, built in ascending order."""
    team = self.team
    game = self._game
    ng = game.ng
    m = self.mover
    if m < 0:
        choosing = self.round == "clear" and self.option < 0
        if choosing:
            acts = self._options()
            if self._shape.own_moves:
                return acts  # the ruleset's own options, whole (K2 [8.1])
        else:
            acts = [FINISH]
        moved = team.moved
        seats = game.seat_games  # with two players, the bonus of the seat's own team
        bonus = seats[0 if self.teams[0] is team else 1].bonus if seats else game.bonus
        if (
            bonus
            and team_bonus(bonus).summit_push  # [14.2]
            and not team.bonus_used
            and not any(moved[:ng])
        ):
            acts.append(SUMMIT_PUSH)
        if not choosing:
            # a marker that has moved, or is off the track, or whose kind has no moves
            # left is never selectable: only the others are asked (the clients'
            # allowances all at once, as :meth:`_client_selectable` reads them)
            pos = team.pos
            if self.guides_left > 0:
                if self._shape.sure_guides and self.rs.guides_always_move:
                    # every guide card has a move whatever the tokens [7.4] [7.6]
                    for g in range(ng):
                        if not moved[g] and pos[g] >= 0:
                            acts.append(SELECT + g)
                else:
                    selectable = self._selectable
                    for g in range(ng):
                        if not moved[g] and pos[g] >= 0 and selectable(g):
                            acts.append(SELECT + g)
            if self.clients_left > 0:
                tired = team.tired
                if not team.fx and self._shape.sure_clients:
                    # no effect in force: a client has a move unless its card has none
                    # (the storm and the darkness lower it to one, not below) [7.4] [7.6]
                    cards = team.clients
                    still = self.rs.still_clients
                    for x in range(ng, len(pos)):
                        if moved[x] or pos[x] < 0 or tired[x - ng] == 2:
                            continue
                        if cards[x - ng] not in still or allowance_rules._can_push(self, x - ng):
                            acts.append(SELECT + x)
                else:
                    allowances: list[int] | None = None
                    for x in range(ng, len(pos)):
                        if moved[x] or pos[x] < 0 or tired[x - ng] == 2:
                            continue
                        if allowances is None:
                            allowances = self._client_allowances()
                        if allowances[x - ng] > 0 or allowance_rules._can_push(self, x - ng):
                            acts.append(SELECT + x)
        if team.held:  # held tokens to play [6.2]
            acts += self._plays()
        if self._shape.own_moves:  # (never choosing: its own options came whole)
            self._selection_extras(acts)  # the ruleset's own (K2's [8.7] [9.2], Flashlight)
        return acts
    acts = []
    pos = team.pos
    here = pos[m]
    if self.remaining >= 1:  # else neither step [7.4]
        if self._PLAIN_STEPS and not self.carried:
            # the common step, inlined: what :func:`_step_problem` answers at once (no
            # carried client, no Blocked Ridge, for a client not the Summit or Up);
            # anything else is asked of it
            b = self.rs.board
            blocked = self.blocked
            hi, lo = here + 1, here - 1
            if hi < b.size and (
                ((not blocked or hi not in blocked) and (m < ng or (hi != b.summit and hi != b.up)))
                or self._step_problem(STEP_UP) is None
            ):
                acts.append(STEP_UP)
            if lo >= 0 and (
                ((not blocked or lo not in blocked) and (m < ng or (lo != b.summit and lo != b.up)))
                or self._step_problem(STEP_DOWN) is None
            ):
                acts.append(STEP_DOWN)
        else:
            step_problem = self._step_problem
            if step_problem(STEP_UP) is None:
                acts.append(STEP_UP)
            if step_problem(STEP_DOWN) is None:
                acts.append(STEP_DOWN)
    # [8.1]: a marker that has not left a blocked ridge it started on may stay
    blocked = self.blocked
    end_ok = not blocked or here not in blocked or (here == self.start_space and not self.stepped)
    if m < ng:
        carried = self.carried
        if end_ok:
            if carried:
                acts.append(DROP_OFF)
            acts.append(END_MOVE)
        if len(carried) < self.capacity and "lost_signal" not in team.fx:
            moved = team.moved
            taken = [x[0] for x in carried] if carried else ()
            low = self.remaining < 2
            for x in range(ng, len(pos)):
                if pos[x] != here or moved[x] or x in taken:
                    continue
                if low and EXTRA_EQUIPMENT in self._traits(x - ng):
                    continue
                acts.append(PICKUP + x - ng)
    else:
        if end_ok:
            acts.append(END_MOVE)
        if game.advanced and not self.pushed and allowance_rules._can_push(self, m - ng):  # [13.2]
            acts.append(PUSH)
    if self._shape.own_moves:
        self._mover_extras(acts, m, here)  # the ruleset's own (K2's tokens, [14.4] [9.2])
    return acts


def _end_problem(self: SeriesState) -> str | None:
    """Why the mover may not stop here, or None (a marker that has not left a blocked
    ridge it started on may stay [8.1])."""
    here = self.team.pos[self.mover]
    if markers._is_blocked(self, here) and (here != self.start_space or self.stepped):
        return R_RIDGES
    return None


def _step_problem(self: SeriesState, action: int) -> str | None:
    """The rule that forbids stepping now, or None."""
    m = self.mover
    ng = self._game.ng
    b = self.rs.board
    cur = self.team.pos[m]
    nxt = cur + 1 if action == STEP_UP else cur - 1
    if self.remaining < 1 or not 0 <= nxt < b.size:
        return R_GUIDE if m < ng else R_CLIENT
    carried = self.carried
    blocked = nxt in self.blocked
    if m < ng:
        if not carried and not blocked:
            return None  # the common step: nothing below can forbid it
        skills = self.rs.guides[self.team.guides[m]].skills  # [7.6]: in the storm, with
        if self.round == "storm" and "resolute" not in skills:  # Resolute only
            skills = _NO_SKILLS
        for _, n in carried:
            if n >= self.carry_limit:
                return R_GUIDE_EXC if "fast" in skills else R_GUIDE
        expert = passes = "expert_climber" in skills
        traits = _NO_SKILLS
    else:
        up = b.up
        if not blocked and not carried and nxt != b.summit and nxt != up:
            return None  # the common step: nothing below can forbid it
        traits = self._traits(m - ng)
        passes = PASSES_RIDGES in traits
        expert = False
    if blocked:
        if not passes:
            return R_RIDGES
        need = markers._escape(self, nxt)
        if self.remaining - 1 < need:
            return R_RIDGES
        if any(self.carry_limit - n - 1 < need for _, n in carried):
            return R_RIDGES
    up = b.up
    if up >= 0:
        d = 1 if action == STEP_UP else -1
        if m >= ng and DEPENDENT in traits and (nxt == b.summit or (nxt == up and d == 1)):
            return R_TRAITS
        if carried and not expert and cur in (up, b.down) and nxt in (up, b.down):
            return R_STEP
    elif m >= ng and DEPENDENT in traits and nxt == b.summit:
        return R_TRAITS
    return None


def _do_step(self: SeriesState, action: int) -> None:
    team = self.team
    ng = self._game.ng
    b = self.rs.board
    up, down = b.up, b.down
    m = self.mover
    d = 1 if action == STEP_UP else -1
    cur = team.pos[m]
    nxt = cur + d
    if (
        m < ng
        and up >= 0
        and cur in (up, down)
        and nxt in (up, down)
        and "expert_climber" not in markers._skills(self, m)
    ):
        # an Expert Climber without skills in the storm [7.6] on Up or Down: going on
        # means taking the Hillary Step like everyone else [8.2]
        self.stepped = True
        self.remaining -= 1
        self.entering.append([m, d])
        _end_guide(self)
        return
    team.pos[m] = nxt
    self.stepped = True
    self.remaining -= 1
    for entry in self.carried:
        team.pos[entry[0]] = nxt
        entry[1] += 1
    into_queue = up >= 0 and (
        (nxt == up and d == 1 and cur != down) or (nxt == down and d == -1 and cur != up)
    )
    if m < ng:
        if nxt == b.summit:
            for entry in self.carried:
                _summit(self, entry[0] - ng)
        if into_queue:
            expert = "expert_climber" in markers._skills(self, m)
            group = [x[0] for x in self.carried]
            for c in group:
                team.moved[c] = True
            self.carried = []
            if not expert:
                group = [m, *group]
                _end_guide(self)
            for x in group:
                self.entering.append([x, d])
            if not expert:
                return
        if self.remaining == 0:
            _end_guide(self)
        return
    c = m - ng
    if nxt == b.summit:
        _summit(self, c)
    if into_queue:
        self.entering.append([m, d])
        self.remaining = 0
        self._end_client()
        return
    if (
        self.storm > 0  # [8.3]: the whole Storm Phase, both moves of [14.2] too
        and cur in b.lost_on_leaving
        and "calm_wind" not in team.fx
        and GOOD_DIRECTION not in self._traits(c)
    ):
        if BAD_DIRECTION in self._traits(c) and d == -1:
            self._emit(f"{self.name(m)} has a bad sense of direction", R_LOST)
            self._get_lost(c)
            return
        self.lost_checks.append(c)
    if self.remaining == 0 and not allowance_rules._can_push(self, c) and not self.lost_checks:
        self._end_client()


def _summit(self: SeriesState, c: int) -> None:
    team = self.team
    if team.goal[c] < 2:
        team.goal[c] = 2
        if self._log is not None:
            self._emit(f"{self.name(self._game.ng + c)} reaches the Summit", R_GOALS)


def _get_lost(self: SeriesState, c: int) -> None:
    team = self.team
    m = self._game.ng + c
    team.pos[m] = LOST
    team.tallies[T_LOST] += 1
    team.moved[m] = True
    if self._log is not None:
        self._emit(f"{self.name(m)} is LOST in the storm", R_LOST)
    if self.mover == m:
        self.remaining = 0
        self._end_client()


def _end_guide(self: SeriesState) -> None:
    m = self.mover
    if self.carried:
        self._drop()
    self.team.moved[m] = True
    self.guides_left -= 1
    self.mover = -1
    self.remaining = 0
    if self.option == OPT_B:
        self.clients_left = 2


def _drop(self: SeriesState) -> None:
    team = self.team
    for x, n in self.carried:
        team.moved[x] = True
        if self._log is not None:
            self._emit(
                f"{self.name(x)} is dropped off at {markers.space_name(self, team.pos[x])} after {n}",
                R_GUIDE,
            )
    self.carried = []


def _end_client(self: SeriesState) -> None:
    team = self.team
    m = self.mover
    c = m - self._game.ng
    team.moved[m] = True
    cautious = self._game.advanced and CAUTIOUS in self._traits(c)
    if not (cautious and not self.stepped):
        # [13.2]: a Cautious client that ends its move without moving has made no
        # move: it does not tire, nor use up one of the option's client moves
        self.clients_left -= 1
    if (cautious and self.stepped) or (self._game.advanced and self.pushed):
        team.tired[c] = 1
        if self._log is not None:
            self._emit(f"{self.name(m)} is tired", R_PUSH)
    self.mover = -1
    self.remaining = 0
    self.pushed = False


def _select(self: SeriesState, m: int) -> None:
    team = self.team
    ng = self._game.ng
    self.mover = m
    self.pushed = False
    self.start_space = team.pos[m]
    self.stepped = False
    if m < ng:
        skills = markers._skills(self, m)
        self.remaining = self._guide_allowance(m)
        self.capacity = 2 if "strong" in skills else 1
        self.carry_limit = 3 if "fast" in skills else 2
        if "summit_push" in team.fx:
            self.carry_limit = 99  # [14.2]: carried their entire allowance
        self.carried = []
    else:
        self.guides_left = 0  # guides always move first [7.1] [7.6]
        self.remaining = self._client_allowances()[m - ng]


def _move_action(self: SeriesState, action: int) -> None:
    if STEP_UP <= action <= STEP_DOWN:  # the commonest first
        self._do_step(action)
        if self._shape.unblocks and self.blocked:
            self._unblock()  # two players: a ridge left by a client may open [15.4]
    elif SELECT <= action < PICKUP:
        ng = self._game.ng
        self._select(action - SELECT)
        if (
            self.remaining == 0
            and self.mover >= ng
            and not allowance_rules._can_push(self, self.mover - ng)
        ):
            self._end_client()
    elif action == END_MOVE:
        if self.mover < self._game.ng:
            _end_guide(self)
        else:
            self._end_client()
    elif action == FINISH:
        self._finish_round()
        return
    elif action <= OPT_B_PREP:
        self._choose_option(action)
    elif PICKUP <= action < ENTER:
        c = action - PICKUP
        self.carried.append([self._game.ng + c, 0])
        if self.team.tired[c]:
            self.team.tired[c] = 0  # [13.2]: carried, not tired next turn
        if EXTRA_EQUIPMENT in self._traits(c):
            self.remaining -= 1
    elif action == DROP_OFF:
        self._drop()
    elif action == PUSH:
        self.pushed = True
        self.remaining += 1
    elif action == SUMMIT_PUSH:
        self.team.bonus_used = True
        self.team.fx.append("summit_push")
        self._emit("team bonus: both guides move 3 more spaces this turn", R_BONUS)
    elif action >= PLAY:
        self._move_play(action)  # the held tokens, a ruleset's own actions
        return
    _resume(self)


def _move_play(self: SeriesState, action: int) -> None:
    """The movement step's actions from ``PLAY`` up: a held token played [6.2] (a
    ruleset's own actions are its own: K2's bivouacs and Flashlight,
    :func:`.k2.phases._move_play`)."""
    if action < TARGET_CLIENT:
        t, eff = allowance_rules._play_held(self, action)
        if eff == "ridges_open":
            self._emit("Ridges Open: all Blocked Ridge markers removed", R_EVENTS)
        else:
            self._emit(
                f"{self._game.ruleset.tokens[t].name}: clients move one more space", R_EVENTS
            )
        if eff in self._FOR_BOTH:
            _resume(self)
            _for_both(self, eff)
            return
    _resume(self)


def _for_both(self: SeriesState, eff: str) -> None:
    """A played effect that serves both players that turn (``_FOR_BOTH``: the two-player
    clarifications, Ridges Open): in force for every team; the options are asked again
    with it."""
    for team in self.teams:
        if eff not in team.fx:
            team.fx.append(eff)
    if self.round == "clear" and self.option < 0:
        self._cache = None
