"""The Avalanche Track and the Serac collapses [7.3] (Balcony collapses [14.5]), avalanche
spaces and their descent by rope or scaling [9.2] (R-DS-9), falls and the Noble Sacrifice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import markers
from .. import movement as series_movement
from ..constants import (
    DEAD,
    GOOD_DIRECTION,
    LOST,
    P_DIE,
    P_MOVE,
    R_SACRIFICE,
    REMOVED,
    ROPE_BONUS,
    T_LOST,
    T_PLAYED,
)
from ..two_player_vocabulary import OTHER, P_RELOCATE
from .vocabulary import (
    DESC_NEWROPE,
    DESC_ROPE,
    DESC_SCALE,
    JOINT_NEWROPE,
    JOINT_ROPE,
    JOINT_SCALE,
    NOBLE,
    NOBLE_NONE,
    P_DESCENT,
    P_NOBLE,
    R_AV_SPACE,
    R_AVALANCHE,
    R_SCALED,
    R_VARIANT,
)

if TYPE_CHECKING:
    from .protocols import K2Series, K2TwoPlayerSeries


def _ridges_placed(self: K2Series, number: int) -> list[int]:
    """The token's Blocked Ridge markers: none on an avalanche space [7.2] [9.2]."""
    collapsed = self.collapsed
    return [s for s in self._game.ruleset.board.ridges_numbered(number) if s not in collapsed]


def _hold(self: K2Series) -> bool:
    """Before play resumes (a hook of ``_RESUME_FIRST``): a Noble Sacrifice to decide
    [7.3], then the descents from avalanche spaces [9.2]."""
    if self.phase == P_NOBLE:
        return True
    if self.descents:
        self.phase = P_DESCENT
        return True
    return False


def _two_player_hold(self: K2TwoPlayerSeries) -> bool:
    """Two players (the one hook of ``_RESUME_FIRST``): a Noble Sacrifice to decide, then a
    second team's at the same collapse [7.3], then the two-player interruptions
    (:func:`..two_player_blocks._hold`: the Blocked Ridge marker to relocate [15.4], the
    queue's entry order, written out here: asked before every step), then the descents
    [9.2]."""
    if self.phase == P_NOBLE:
        return True
    if self.noble_next >= 0:
        seat, space = self.noble_next, self.noble_next_space
        self.noble_next = self.noble_next_space = -1
        self._seat(seat)
        self.noble_victims = markers._client_at(self, space)
        self.noble_space = space
        self.phase = P_NOBLE
        return True
    # two_player_blocks._hold, written out (test_hot_path.py keeps the two the same)
    if self.pending_block >= 0 and self.step == "move":
        self.phase = P_RELOCATE
        return True
    entering = self.entering
    if entering and len(entering) > 1 and sum(1 for e in entering if e[0] < OTHER) < 2:
        self.entry_chosen = True
    if self.descents:
        self.phase = P_DESCENT
        return True
    return False


def _track_len(self: K2Series) -> int:
    return len(self.storm_watch) + self.watch_blank


def _decline(self: K2Series) -> None:
    t = self.current
    tok = self._game.ruleset.tokens[t]
    self.current = -1
    before = bool(self.collapsed)  # [14.5]: only tokens after Bottleneck I's collapse
    if (
        markers._storm_phase(self)
        or self.storm_pending
        or _track_len(self) >= self._game.ruleset.board.storm_watch
    ):
        self.set_aside.append(t)
        if self._log is not None:
            self._say(f"{tok.name} is set aside", R_AVALANCHE)
    else:
        self.storm_watch.append(t)
        if self._log is not None:
            self._say(f"{tok.name} covers Avalanche Track {_track_len(self)}", R_AVALANCHE)
        self._check_watch()
    if self.k2_game.balcony_collapse and before:
        for space, _, number, _ in self.k2.collapses:
            if space in self.collapsed:
                continue
            if number and tok.ridge == number:
                self._collapse(space, R_VARIANT)
            break  # only the lowest standing Bottleneck space can collapse next
    series_movement._resume(self)


def _check_watch(self: K2Series) -> None:
    """The Serac collapses on the Avalanche Track's 5th, 7th and 8th spaces (only the 5th
    in the [14.5] variant); darkness after the 8th [7.3]."""
    n = _track_len(self)
    for space, at, number, _ in self.k2.collapses:
        if at == n and not (self.k2_game.balcony_collapse and number):
            self._collapse(space, R_AVALANCHE)
    if n >= self._game.ruleset.board.storm_watch:
        self.storm_pending = True
        self._say("the Avalanche Track is full: darkness falls at the end of the turn", R_AVALANCHE)


def _collapse(self: K2Series, space: int, rule: str) -> None:
    """A Serac collapse on ``space``: climbers there die, unless the guide there makes a
    Noble Sacrifice for one of them [7.3]."""
    self.collapsed.append(space)
    if space in self.blocked:
        self.blocked.remove(space)
    self._say(f"Balcony Serac Collapse! on {self._game.ruleset.board.names[space]}", rule)
    ng = self._game.ng
    victims = markers._client_at(self, space)
    guides = [g for g in range(ng) if self.team.pos[g] == space]
    if victims and guides:
        self.noble_victims = victims
        self.noble_space = space
        self.phase = P_NOBLE
        return
    for c in victims:
        _kill(self, c, "Serac collapse", R_AVALANCHE)


def _kill(self: K2Series, c: int, why: str, rule: str) -> None:
    m = self._game.ng + c
    if self.team.flash == m:
        self.team.flash = -1
    self.team.pos[m] = DEAD
    self.team.fates[c] = "died: " + why
    self._say(f"{self.name(m)} dies ({why})", rule)


def _remove_guide(self: K2Series, g: int, why: str, rule: str) -> None:
    self.team.pos[g] = REMOVED
    self._say(f"{self.name(g)} {why}", rule)


def _noble(self: K2Series, action: int) -> None:
    space = self.noble_space
    victims, self.noble_victims = self.noble_victims, []
    self.noble_space = -1
    saved = -1
    if action != NOBLE_NONE:
        saved = action - NOBLE
        up = space + 1
        while up in self.collapsed:
            up += 1
        self.team.pos[self._game.ng + saved] = up
        g = next(g for g in range(self._game.ng) if self.team.pos[g] == space)
        self.team.sacrificed[g] = True
        _remove_guide(
            self,
            g,
            f"makes a Noble Sacrifice: {self.name(self._game.ng + saved)} climbs to "
            f"{self._game.ruleset.board.names[up]}",
            f"{R_AVALANCHE} {R_SACRIFICE}",
        )
    for c in victims:
        if c != saved:
            _kill(self, c, "Serac collapse", R_AVALANCHE)
    self.phase = P_MOVE
    series_movement._resume(self)


def _on_avalanche(self: K2Series, m: int) -> bool:
    return self.team.pos[m] in self.collapsed


def _rope_on(self: K2Series, space: int) -> list[int] | None:
    stack = [r for r in self.ropes if r[0] == space]
    return stack[-1] if stack else None


def _held_rope(self: K2Series) -> int:
    return next(
        (t for t in self.team.held if self._game.ruleset.tokens[t].effect == "synthetic_rope"), -1
    )


def _descent_actions(self: K2Series) -> list[int]:
    ng = self._game.ng
    acts = []
    space_of = {m: self.team.pos[m] for m, _ in self.descents}
    for m, _ in self.descents:
        rope = _rope_on(self, space_of[m])
        if rope is not None:
            acts.append(DESC_ROPE + m)
        if _held_rope(self) >= 0 and (rope is None or rope[2]):
            acts.append(DESC_NEWROPE + m)
        acts.append(DESC_SCALE + m)
    guides = [m for m, _ in self.descents if m < ng]
    for m, carried in self.descents:
        if carried and guides and space_of[guides[0]] == space_of[m]:
            c = m - ng
            base = acts
            if DESC_ROPE + guides[0] in base:
                acts.append(JOINT_ROPE + c)
            if DESC_NEWROPE + guides[0] in base:
                acts.append(JOINT_NEWROPE + c)
            acts.append(JOINT_SCALE + c)
    return sorted(acts)


def _choose_descent(self: K2Series, action: int) -> None:
    ng = self._game.ng
    if action >= JOINT_ROPE:
        method = (action - JOINT_ROPE) // 5
        partner = ng + (action - JOINT_ROPE) % 5
        m = next(x for x, _ in self.descents if x < ng)
    else:
        method = (action - DESC_ROPE) // 6
        m = (action - DESC_ROPE) % 6
        partner = -1
    self.descents = [e for e in self.descents if e[0] not in (m, partner)]
    space = self.team.pos[m]
    if method == 1:  # place a held Synthetic Rope
        t = _held_rope(self)
        self.team.held.remove(t)
        self.team.tallies[T_PLAYED] += 1
        self.ropes.append([space, t, 0])
        self._say(
            f"a Synthetic Rope is placed on {self._game.ruleset.board.names[space]}", R_AV_SPACE
        )
        method = 0
    self.descent_marker = m
    self.descent_partner = partner
    self.descent_method = method
    self.phase = P_DIE
    self.die_for = "descent"


def _descent_bonus(self: K2Series) -> int:
    m = self.descent_marker
    ng = self._game.ng
    bonus = self.k2.bonus(self.team.pos[m])
    if m < ng:
        # a guide, alone or leading a climber: only an Expert Climber guide's +2 counts,
        # shared with the climber; a climber travelling with a guide ignores its own
        # traits, Advanced Climber included [9.2] [8.4]
        expert = "expert_climber" in self._game.ruleset.guides[self.team.guides[m]].skills
    else:
        game = self._game  # Advanced Climber, by day or by night [9.2]
        card = game.ruleset.clients[self.team.clients[m - ng]]
        expert = game.advanced and ROPE_BONUS in game.trait_flags[card.traits]
    return bonus + (2 if expert else 0)


def _descend(self: K2Series, face: int) -> None:
    m, partner, method = self.descent_marker, self.descent_partner, self.descent_method
    total = face + _descent_bonus(self)
    self.descent_marker = self.descent_partner = self.descent_method = -1
    ng = self._game.ng
    group = [x for x in (m, partner) if x >= 0]
    space = self.team.pos[m]
    names = " and ".join(self.name(x) for x in group)
    land = self.k2.rope_landing
    if method == 0:
        rope = _rope_on(self, space)
        assert rope is not None
        if not rope[2]:
            if total <= 2:
                rope[2] = 1
                self._say(
                    f"rope ({total}): it frays; {names} down to {self._game.ruleset.board.names[land]}",
                    R_AV_SPACE,
                )
            else:
                self._say(
                    f"rope ({total}): {names} down to {self._game.ruleset.board.names[land]}",
                    R_AV_SPACE,
                )
            _land(self, group, land)
        elif total <= 2:
            self._say(f"frayed rope ({total}): it fails", R_AV_SPACE)
            _fall(self, group)
        else:
            self.ropes.remove(rope)
            self.removed.append(rope[1])
            self._say(
                f"frayed rope ({total}): {names} down to {self._game.ruleset.board.names[land]}; the rope is removed from the game",
                R_AV_SPACE,
            )
            _land(self, group, land)
    else:
        good = all(x < ng or GOOD_DIRECTION in self._traits(x - ng) for x in group)
        if total <= 3:
            self._say(f"scaling ({total}): {names} fall", R_AV_SPACE)
            _fall(self, group)
        elif total <= 5 and not (m < ng) and not good:
            self._say(f"scaling ({total}): {names} LOST", R_AV_SPACE)
            self.team.pos[m] = LOST
            self.team.tallies[T_LOST] += 1
        else:
            self._say(
                f"scaling ({total}): {names} down to {self._game.ruleset.board.names[space - 1]}",
                R_SCALED,
            )
            _land(self, group, space - 1)  # and the move ends there (R-DS-9)
    series_movement._resume(self)


def _land(self: K2Series, group: list[int], space: int) -> None:
    """``group`` lands on ``space`` by rope or by scaling, and its move ends there for
    the turn [9.2] (the rope results say so; a successful scale too: R-DS-9)."""
    for x in group:
        self.team.pos[x] = space
        self.team.moved[x] = True


def _fall(self: K2Series, group: list[int]) -> None:
    ng = self._game.ng
    for x in group:
        if x < ng:
            _remove_guide(self, x, "falls to their death", R_AV_SPACE)
        else:
            _kill(self, x - ng, "fell from the Bottleneck", R_AV_SPACE)
