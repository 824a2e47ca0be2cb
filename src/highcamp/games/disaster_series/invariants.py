"""Invariants: every event token and marker accounted for (the conformance checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import markers
from .constants import (
    DEAD,
    LOST,
    NEUTRAL,
    QUEUE,
    REMOVED,
)
from .two_player_vocabulary import OTHER

if TYPE_CHECKING:
    from .protocols import SeriesState


def _token_places(self: SeriesState) -> list[int]:
    """Every event token where it lies: container, set aside, each team's held and kept
    tokens, removed, the Storm Watch, drawn, the fate pool and its draws, spent, and the one
    being decided."""
    teams = [t for team in self.teams for t in (*team.held, *team.kept)]
    return (
        self.container
        + self.set_aside
        + teams
        + self.removed
        + self.storm_watch
        + self.drawn
        + self.pool
        + self.fate_drawn
        + self.spent
        + ([self.current] if self.current >= 0 else [])
    )


def _token_problems(self: SeriesState) -> list[str]:
    """Each event token in exactly one place (conservation)."""
    places = self._token_places()
    if len(places) != len(self.rs.tokens) or set(places) != set(range(len(self.rs.tokens))):
        return [f"event tokens not all accounted for: {sorted(places)}"]
    return []


MARKER_PLACES: tuple[tuple[int, ...], tuple[int, ...]] = (
    (QUEUE, REMOVED),
    (QUEUE, LOST, DEAD),
)
"""Where a guide and where a client may be off the board: the Hillary Step queue,
removed (a guide's sacrifice [11.4]), LOST, dead."""


def invariants(self: SeriesState) -> list[str]:
    """Every event token accounted for; each team's markers in a place a marker can be
    (the ruleset's ``_MARKER_PLACES``); the queue agrees with them; Prestige on its track;
    then the ruleset's own checks of the table (:meth:`_table_problems`)."""
    problems = _token_problems(self)
    queued = [e[1] for e in self.queue if e[1] != NEUTRAL]
    if len(set(queued)) != len(queued):
        problems.append("a marker is twice in the queue")
    ng = self._game.ng
    size = self.rs.board.size
    guide_places, client_places = self._MARKER_PLACES
    teams = self.teams
    # the waiting team's markers are named ``OTHER + marker`` (two players)
    seats = [(0, self.team)] + (
        [(OTHER, teams[1 - self._active_index()])] if len(teams) > 1 else []
    )
    for base, team in seats:
        for m, p in enumerate(team.pos):
            allowed = guide_places if m < ng else client_places
            if p < 0 and p not in allowed:
                problems.append(f"{self.name(base + m)} is in no place a marker can be")
            if (p == QUEUE) != (base + m in queued):
                problems.append(f"{self.name(base + m)}: queue position and marker disagree")
            if p >= size:
                problems.append(f"{self.name(base + m)} is off the board")
    for team in teams:
        if not 0 <= team.prestige <= self.rs.board.prestige_max:
            problems.append("Prestige off its track")
    return problems + self._table_problems()


def _table_problems(self: SeriesState) -> list[str]:
    """The shared table's checks: the neutral clients in solitaire; with two players no
    neutral client in the queue and the Blocked Ridge markers [15.4]; the Storm Watch."""
    problems = []
    b = self.rs.board
    if len(self.teams) == 1:
        if markers._neutral_supply(self) < 0:
            problems.append("more neutral clients than exist")
    else:
        if any(e[1] == NEUTRAL for e in self.queue):
            problems.append("no other company's client in a two-player game [15.4]")
        problems += block_problems(self, 0, "Blocked Ridge markers", "clients")
    if len(self.storm_watch) + self.watch_blank > b.storm_watch:
        problems.append("Storm Watch overfull")
    return problems


def block_problems(self: SeriesState, other_markers: int, what: str, people: str) -> list[str]:
    """Two players [15.4]: no more Blocked Ridge markers (``what``) on the board than exist
    (``other_markers`` of them used elsewhere: K2's Serac collapses), and each block made
    by two or more ``people`` of either team."""
    problems = []
    b = self.rs.board
    if len(self.blocked) + other_markers > b.blocked_ridge_markers:
        problems.append(f"more {what} than exist")
    if self.step != "setup":
        ng = self._game.ng
        for s in self.blocked:
            if sum(t.pos[ng:].count(s) for t in self.teams) < 2:
                problems.append(f"{b.names[s]} blocked with fewer than two {people}")
    return problems
