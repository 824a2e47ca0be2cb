"""The Disaster series engine, shared by Disaster on Everest and Disaster on K2, and the
campaign that climbs them one after the other (``campaign/``).

``components`` loads a game's data files (board, event tokens, teams, Victory Chart) into a
:class:`~.components.Ruleset`; ``engine`` plays any ruleset. Each game is a sub-package
(``everest/``, ``k2/``) holding its data files and its :class:`~.engine.DisasterGame`
subclass.

Beyond the contract, a mountain's state offers the campaign [16.1] four small public
accessors (the campaign uses nothing else of a mountain's state): :func:`team_members` (who
is on the mountain, and who is gone), :func:`apply_recorded` (an action with the events it
logs), :func:`action_rule` (the rule an action's log entry cites) and
:func:`chance_outcome` (a chance step's outcome for a 64-bit draw).

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
>>> guides, clients = team_members(s)
>>> [m.card for m in guides], len(clients), any(m.gone for m in clients)
([0, 1], 6, False)
>>> a = chance_outcome(s, 0)
>>> action_rule(s, a), [e.text for e in apply_recorded(s, a)][:1]
('[6.0]', ['Blocked Ridge markers on The Balcony'])
"""

from typing import NamedTuple

from highcamp.core import LogEntry, State

from .components import Board, ClientCard, Company, EventToken, GuideCard, Ruleset, load_ruleset
from .constants import DEAD, REMOVED
from .engine import DisasterState
from .events import EFFECTS
from .game import DisasterGame

__all__ = [
    "EFFECTS",
    "Board",
    "ClientCard",
    "Company",
    "DisasterGame",
    "DisasterState",
    "EventToken",
    "GuideCard",
    "Ruleset",
    "TeamMember",
    "action_rule",
    "apply_recorded",
    "chance_outcome",
    "load_ruleset",
    "team_members",
]


class TeamMember(NamedTuple):
    """A guide or client on a mountain: its card (an index into the game's
    ``ruleset.guides`` or ``ruleset.clients``) and whether it is gone (dead, or a guide
    removed by the Noble Sacrifice [11.4])."""

    card: int
    gone: bool


_GONE = frozenset((DEAD, REMOVED))


def _solitaire(state: State) -> DisasterState:
    if not isinstance(state, DisasterState):
        raise TypeError(f"{state.game.info.id} does not run on the Disaster-series engine")
    return state


def team_members(state: State) -> tuple[tuple[TeamMember, ...], tuple[TeamMember, ...]]:
    """The guides and the clients of a solitaire mountain's team, in the order of its
    observation's ``guides`` and ``clients``."""
    s = _solitaire(state)
    pos, ng = s.team.pos, len(s.team.guides)
    guides = tuple(map(TeamMember, s.team.guides, [p in _GONE for p in pos[:ng]]))
    clients = tuple(map(TeamMember, s.team.clients, [p in _GONE for p in pos[ng:]]))
    return guides, clients


def apply_recorded(state: State, action: int) -> list[LogEntry]:
    """Apply ``action``, legal now, to a mountain's state (as ``apply_legal``) and return
    the automatic events it logged (the state keeps no log afterwards)."""
    s = _solitaire(state)
    s._log = []
    try:
        s.apply_legal(action)
        return s._log[1:]  # the first entry is the action's own
    finally:
        s._log = None


def action_rule(state: State, action: int) -> str:
    """The rule the log entry of ``action`` (legal now) cites."""
    return _solitaire(state)._action_rule(action)


def chance_outcome(state: State, draw: int) -> int:
    """The outcome of the chance step now for the 64-bit ``draw`` (what
    ``apply_random_chance`` would apply for it)."""
    return _solitaire(state)._sample_chance(draw)
