"""Invariants: every event token and marker accounted for (the conformance checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    DEAD,
    LOST,
    NEUTRAL,
    QUEUE,
    REMOVED,
)

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


def invariants(self: SeriesState) -> list[str]:
    """36 tokens accounted for; every client in exactly one place; the queue agrees."""
    problems = self._token_problems()
    queued = [e[1] for e in self.queue if e[1] != NEUTRAL]
    if len(set(queued)) != len(queued):
        problems.append("a marker is twice in the queue")
    ng = self._game.ng
    for m in range(len(self.team.pos)):
        allowed = (QUEUE, REMOVED) if m < ng else (QUEUE, LOST, DEAD)
        if self.team.pos[m] < 0 and self.team.pos[m] not in allowed:
            problems.append(f"{self.name(m)} is in no place a marker can be")
        if (self.team.pos[m] == QUEUE) != (m in queued):
            problems.append(f"{self.name(m)}: queue position and marker disagree")
        if self.team.pos[m] >= self.rs.board.size:
            problems.append(f"{self.name(m)} is off the board")
    if self._neutral_supply() < 0:
        problems.append("more neutral clients than exist")
    if not 0 <= self.team.prestige <= self.rs.board.prestige_max:
        problems.append("Prestige off its track")
    if len(self.storm_watch) + self.watch_blank > self.rs.board.storm_watch:
        problems.append("Storm Watch overfull")
    return problems
