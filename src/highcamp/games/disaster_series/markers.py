"""Who and what is where: markers' names, spaces' names, the skills [7.6] and traits [13.1]
in force, blocked ridges [8.1], the Hillary Step queue's spots [8.2] and the neutral
clients' supply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import DEAD, LOST, NEUTRAL, QUEUE

if TYPE_CHECKING:
    from .protocols import SeriesState
    from .team import Team


def name(self: SeriesState, marker: int) -> str:
    """The name of a marker (guides first, then clients)."""
    game = self._game
    ng = game.ng
    if marker < ng:
        return game.ruleset.guides[self.team.guides[marker]].name
    if marker == NEUTRAL:
        return "another company's client"
    return game.ruleset.clients[self.team.clients[marker - ng]].name


def _marker_name(self: SeriesState, team: Team, marker: int) -> str:
    """The name of ``team``'s marker ``marker`` (guides first, then clients), any team."""
    ng = self._game.ng
    if marker < ng:
        return self.rs.guides[team.guides[marker]].name
    return self.rs.clients[team.clients[marker - ng]].name


def space_name(self: SeriesState, space: int) -> str:
    """A board space, or the queue, LOST box..."""
    if space >= 0:
        return self.rs.board.names[space]
    where: dict[int, str] = {
        QUEUE: "the Hillary Step queue",
        LOST: "the LOST box",
        DEAD: "dead",
    }
    return where.get(space, "removed")


def _skills(self: SeriesState, g: int) -> frozenset[str]:
    """Skills in force for guide ``g``: all in the Clear Phase, only with Resolute in
    the storm [7.6]."""
    skills = self._game.ruleset.guides[self.team.guides[g]].skills
    if self.round == "storm" and "resolute" not in skills:
        return frozenset()
    return skills


def _traits(self: SeriesState, c: int) -> frozenset[str]:
    """The named trait flags in force for client slot ``c`` (Advanced Game only) [13.1]:
    ``PASSES_RIDGES``, ``CAUTIOUS``... (:mod:`.constants`), read from the card's letters
    once, when the game was made (``DisasterGame.trait_flags``)."""
    game = self._game
    if not game.advanced:
        return _NO_TRAITS
    return game.trait_flags[game.ruleset.clients[self.team.clients[c]].traits]


_NO_TRAITS: frozenset[str] = frozenset()


def _is_blocked(self: SeriesState, space: int) -> bool:
    return space in self.blocked


def _unblock(self: SeriesState) -> bool:
    """Remove the Blocked Ridge markers its clients no longer hold: never in solitaire (a
    marker stays until the turn's end or Ridges Open [6.2]); the two-player rules read
    [15.4] (:func:`.two_player_blocks._unblock`)."""
    return False


def _escape(self: SeriesState, space: int) -> int:
    """Spaces from ``space`` to the nearest space that is not blocked."""
    size = self.rs.board.size
    best = 99
    for d in (1, -1):
        s, n = space, 0
        while 0 <= s < size and _is_blocked(self, s):
            s += d
            n += 1
        if 0 <= s < size:
            best = min(best, n)
    return best


def _client_at(self: SeriesState, space: int) -> list[int]:
    ng = self._game.ng
    return [c for c in range(self._game.nc) if self.team.pos[ng + c] == space]


def _guide_on(self: SeriesState, space: int) -> bool:
    return space in self.team.pos[: self._game.ng]


def _spot_open(self: SeriesState, spot: int) -> bool:
    if spot >= self.rs.board.queue_length - 1:
        return True  # 8+ stacks [8.2]
    return spot not in [e[0] for e in self.queue]


def _neutral_supply(self: SeriesState) -> int:
    n = self.rs.board.neutral_clients
    for e in self.queue:
        if e[1] == NEUTRAL:
            n -= 1
    return n


def _storm_phase(self: SeriesState) -> bool:
    return self.storm > 0
