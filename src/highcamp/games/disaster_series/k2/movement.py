"""K2's movement [8.*]: the options [8.1], climbers' allowances [8.4] [8.6], the held tokens
to play, Getting Lost [9.3] and bivouacking [8.7]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import allowances as series_allowances
from .. import movement as series_movement
from ..constants import (
    DEPENDENT,
    END_MOVE,
    FINISH,
    FORTITUDE,
    LOST,
    OPT_A,
    OPT_B,
    OPT_C,
    P_DIE,
    PASSES_RIDGES,
    PICKUP,
    R_CLIENT,
    R_GUIDE,
    SELECT,
    STEP_DOWN,
    STEP_UP,
    T_LOST,
)
from . import teams
from .vocabulary import (
    BIVOUAC,
    FLASH,
    PLAYABLE,
    R_AV_SPACE,
    R_BIVOUAC,
    R_GOALS,
    R_LOST,
    R_PREP,
    R_SHERPA,
    R_TRAITS,
)

if TYPE_CHECKING:
    from .protocols import K2Series

_NO_TRAITS: frozenset[str] = frozenset()
_DAYLIGHT: frozenset[str] = frozenset({PASSES_RIDGES})
_NIGHT: dict[frozenset[str], frozenset[str]] = {}
"""Each set of trait flags in darkness: without the daylight-only flags [14.4]."""

HeldPlays = tuple[tuple[int, ...], tuple[tuple[int, str], ...] | None]
"""What :func:`_playable` answers for a set of held tokens (memoised by the game)."""


def _options(self: K2Series) -> list[int]:
    """The movement step's choice of option [8.1] (a hook of the engine's
    :func:`..movement._move_actions`): b always, a with a guide on the mountain, c while
    the preparations are not ready, a HAP stuck by its event choosing only b; then the
    held tokens to play."""
    team = self.team
    ng = self._game.ng
    stuck = "hap_stuck" in team.fx and teams._kind(self) == "hap"
    acts = [OPT_B]
    if not stuck and ng and max(team.pos[:ng]) >= 0:  # a guide on the mountain
        acts.append(OPT_A)
    if team.prep < 2 and not stuck:
        acts.append(OPT_C)
    acts += self._plays()
    return sorted(acts)


def _selection_extras(self: K2Series, acts: list[int]) -> None:
    """K2's additions to the engine's selection list (no marker moving), in place and in
    id order: an avalanche space's forced descent [9.2], bivouacking [8.7] and the
    Flashlight [8.6] (a hook of :func:`..movement._move_actions`)."""
    team = self.team
    pos = team.pos
    collapsed = self.collapsed
    if collapsed and FINISH in acts:
        # a selectable marker is one the engine listed (``SELECT + marker``)
        for a in acts:
            if SELECT <= a < PICKUP and pos[a - SELECT] in collapsed:
                acts.remove(FINISH)  # [9.2]: resolved during the Movement Phase
                break
    ng = self._game.ng
    if self.round == "storm":  # bivouacking [8.7] (the mover is none)
        highest = self.k2.bivouac_highest
        moved = team.moved
        guides = self.guides_left > 0
        clients = self.clients_left > 0
        for x in range(len(pos)):
            p = pos[x]
            if moved[x] or p < 1 or p > highest:
                continue
            if x < ng:
                if guides:
                    acts.append(BIVOUAC + x)
            elif clients and not team.ams[x - ng] and team.tired[x - ng] != 2:
                acts.append(BIVOUAC + x)
    flash = team.flash
    if flash >= 0 and pos[flash] >= 0:
        here = pos[flash]
        acts += [FLASH + x - ng for x in range(ng, len(pos)) if pos[x] == here and x != flash]


def _mover_extras(self: K2Series, acts: list[int], m: int, here: int) -> None:
    """K2's additions to the engine's list for marker ``m`` moving on space ``here``, in
    place and in id order: the held tokens to play, a Fortitude climber's carry [14.4], an
    avalanche space's forced descent [9.2] and the Flashlight [8.6] (a hook of
    :func:`..movement._move_actions`)."""
    team = self.team
    if team.held:  # (the engine lists them only when no marker moves)
        acts += self._plays()
    pos = team.pos
    ng = self._game.ng
    if (
        m >= ng
        and not self.carried
        and not self.stepped
        and self.remaining >= 1
        and FORTITUDE in self._traits(m - ng)
    ):
        moved = team.moved
        acts += [
            PICKUP + x - ng
            for x in range(ng, len(pos))
            if pos[x] == here and x != m and not moved[x]
        ]
        acts.sort()  # before the Flashlight
    if not self.stepped and here in self.collapsed and END_MOVE in acts and STEP_DOWN in acts:
        acts.remove(END_MOVE)  # [9.2]: off an avalanche space
    flash = team.flash
    if flash >= 0 and pos[flash] == here:  # even in passing
        acts += [FLASH + x - ng for x in range(ng, len(pos)) if pos[x] == here and x != flash]


def _lit(self: K2Series, space: int) -> bool:
    """Whether the Flashlight lights ``space`` in darkness [8.6] (its holder stands there;
    with two players, either team's holder: :meth:`.two_player.K2TwoPlayerState._lit`)."""
    t = self.team
    return t.flash >= 0 and t.pos[t.flash] == space


def _client_allowances(self: K2Series) -> list[int]:
    """Every climber's movement points now [8.4] [8.6]: the card's, at most 1 in darkness
    on a space with no guide and no Flashlight, plus Chocolate Bars, less Thick Snow; never
    below 0 (:meth:`.movement._client_allowances`, K2's tokens)."""
    team = self.team
    cards = self.rs.clients
    moves = [cards[k].movement for k in team.clients]
    if self.round == "storm":
        pos = team.pos
        ng = self._game.ng
        guides = pos[:ng]
        lit = self._lit
        for c in range(len(moves)):
            here = pos[ng + c]
            if moves[c] > 1 and here not in guides and not lit(here):  # [8.6]
                moves[c] = 1
    fx = team.fx
    if fx:
        extra = fx.count("chocolate_bars")
        if "thick_snow" in fx:
            extra -= 1
        if extra:
            moves = [n + extra if n + extra > 0 else 0 for n in moves]
    return moves


def _choose_option(self: K2Series, action: int) -> None:
    self.option = action
    self.guides_left, self.clients_left = {
        OPT_A: (1, 0),
        OPT_B: (0, self._game.nc),
        OPT_C: (0, 1),
    }[action]
    if action == OPT_C:
        self.team.prep += 1
        self._say("preparations: " + ("Prep 1/2" if self.team.prep == 1 else "Prep Ready"), R_PREP)


def _plays(self: K2Series) -> list[int]:
    """K2's held tokens that may be played now, in id order: those of the held tokens'
    effects that can be played (read once per set of held tokens: :func:`_playable`),
    Ridges Open only while it may be [6.2] and Sherpa Stamina once a turn."""
    held = self.team.held
    if not held:
        return []
    memo = self._game.held_plays
    key = tuple(held)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _playable(self, key)
    plays, conditional = known
    if conditional is None:
        return list(plays)
    out = []
    for a, eff in conditional:
        if eff == "ridges_open" and not self._ridges_open_playable():
            continue
        if eff == "sherpa_stamina" and "sherpa_stamina" in self.team.fx:
            continue
        out.append(a)
    return out


def _playable(self: K2Series, held: tuple[int, ...]) -> HeldPlays:
    """The play ids of ``held``'s playable effects in id order; and, when one of them is
    played only on a condition, each id with its effect (else None)."""
    of = self.rs.token_effects
    effects = {of[t] for t in held}
    play_ids = self._game.play_ids
    pairs = sorted((play_ids[eff], eff) for eff in PLAYABLE if eff in effects and eff in play_ids)
    conditional = any(eff in _CONDITIONAL for _, eff in pairs)
    return tuple(a for a, _ in pairs), (tuple(pairs) if conditional else None)


_CONDITIONAL = frozenset({"ridges_open", "sherpa_stamina"})
"""The playable effects that may be played only on a condition (:func:`_plays`)."""


def _can_bivouac(self: K2Series, m: int) -> bool:
    ng = self._game.ng
    p = self.team.pos[m]
    if self.team.moved[m] or p < 1 or p > self.k2.bivouac_highest or self.mover >= 0:
        return False
    if m < ng:
        return self.guides_left > 0
    c = m - ng
    return self.clients_left > 0 and not self.team.ams[c] and self.team.tired[c] != 2


def _get_lost(self: K2Series, c: int) -> None:
    m = self._game.ng + c
    self.team.pos[m] = LOST
    self.team.tallies[T_LOST] += 1
    self.team.moved[m] = True
    if self._log is not None:
        self._say(f"{self.name(m)} is LOST in the dark", R_LOST)
    if self.mover == m:
        self.remaining = 0
        self._end_client()


def _end_mover(self: K2Series) -> None:
    if self.mover < self._game.ng:
        series_movement._end_guide(self)
    else:
        self._end_client()


def _bivouac(self: K2Series, m: int) -> None:
    ng = self._game.ng
    self.team.moved[m] = True
    if m >= ng:
        self.guides_left = 0
        self.clients_left -= 1
    else:
        self.guides_left -= 1
    self.biv_marker = m
    self.phase = P_DIE
    self.die_for = "bivouac"


def _bivouac_roll(self: K2Series, d: int) -> None:
    m, self.biv_marker = self.biv_marker, -1
    table = self.k2.bivouac_min
    need = table[min(max(self.storm, 1), len(table)) - 1]
    if d >= need:
        self.team.pos[m] = LOST
        self.team.bivouacked[m] = True
        if self.team.flash == m:
            self.team.flash = -1
        self._say(f"{self.name(m)} bivouacs ({d}, needs {need})", R_BIVOUAC)
        if m < self._game.ng and teams._sherpa_goal(self) == "bivouac" and not self.team.goal_done:
            self.team.goal_done = True
            self._say(f"{self.name(m)} bivouacs: Secret Goal", R_SHERPA)
    else:
        self._say(f"{self.name(m)} fails to bivouac ({d}, needs {need})", R_BIVOUAC)
    series_movement._resume(self)


def _traits(self: K2Series, c: int) -> frozenset[str]:
    """A climber's trait flags in force [13.1]: none in the basic game; the Advanced
    Climber's passing of ridges by day only [14.4]."""
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


def _guide_allowance(self: K2Series, g: int) -> int:
    """A guide's movement points (the engine's [8.4]), three more for a Sherpa with the
    Sherpa Stamina event in force."""
    n = series_allowances._guide_allowance(self, g)
    if (
        "sherpa_stamina" in self.team.fx
        and self._game.ruleset.guides[self.team.guides[g]].kind == "sherpa"
    ):
        n += 3
    return n


def _selectable(self: K2Series, m: int) -> bool:
    """Whether a marker may be moved: not a HAP stuck by its event, else as the engine
    asks [8.4]."""
    if m < self._game.ng and "hap_stuck" in self.team.fx and self._kind() == "hap":
        return False
    return series_allowances._selectable(self, m)


def _select(self: K2Series, m: int) -> None:
    """Select a marker to move (the engine's [8.1]): a Fortitude climber may carry one
    climber one space [14.4]; Sherpa Stamina lets a Sherpa carry one more."""
    series_movement._select(self, m)
    if m >= self._game.ng:
        self.carried = []  # a Fortitude climber may carry one climber one space
        self.capacity = self.carry_limit = 1
    if m < self._game.ng and "sherpa_stamina" in self.team.fx and self._kind() == "sherpa":
        self.carry_limit += 1


def _step_problem(self: K2Series, action: int) -> str | None:
    """Why a step is refused [8.*] [9.2] (the rule by name), ``None`` when it is legal:
    no step up from or onto an avalanche space, a Dependent climber not onto the
    Traverse or the Summit [14.4], else as the engine asks."""
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
        and nxt in (self.k2.traverse_goal, self._game.ruleset.board.summit)
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


def _do_step(self: K2Series, action: int) -> None:
    """One step of the mover [8.*]: down from an avalanche space a descent [9.2]; a
    Fortitude climber sets its climber down after one space [14.4]; the Traverse marker
    [12.0]; a Sherpa on the Summit (its Secret Goal [13.0]); onto an avalanche space,
    the move ends and a descent waits."""
    ng = self._game.ng
    m = self.mover
    cur = self.team.pos[m]
    group = [x[0] for x in self.carried]
    if cur in self.collapsed:  # climbing down from an avalanche space [9.2]
        self.stepped = True
        _end_mover(self)
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
            self._say(f"{self.name(m)} reaches the Summit with a climber: Secret Goal", R_SHERPA)
    if nxt in self.collapsed:
        if self.mover == m:
            _end_mover(self)
        self._say(
            f"{self.name(m)} reaches the avalanche space {self._game.ruleset.board.names[nxt]}",
            R_AV_SPACE,
        )
        self.descents.append([m, 0])
        self.descents += [[x, int(m < ng)] for x in group if self.team.pos[x] == nxt]


def _plain_steps(self: K2Series) -> bool:
    """Whether the engine's inline answer for a step without a carried climber is
    K2's too (:meth:`_step_problem`'s common case, asked once per list instead of
    twice): the mover not on an avalanche space and a step up onto none [9.2], nor
    onto the Traverse Goal (a Dependent climber's refusal); anything else is asked of
    :meth:`_step_problem`."""
    up = self.team.pos[self.mover] + 1
    collapsed = self.collapsed
    if collapsed and (up - 1 in collapsed or up in collapsed):
        return False
    return up != self.k2.traverse_goal
