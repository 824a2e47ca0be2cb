"""The Disaster series engine, shared by Disaster on Everest and Disaster on K2, and the
campaign that climbs them one after the other (``campaign/``).

``components`` loads a game's data files (board, event tokens, teams, Victory Chart) into a
:class:`~.components.Ruleset`; ``engine`` plays any ruleset. Each game is a sub-package
(``everest/``, ``k2/``) holding its data files and its :class:`~.engine.DisasterGame`
subclass.

Beyond the contract, a mountain's state offers the campaign [16.1] six small public
accessors (the campaign uses nothing else of a mountain's state): :func:`team_members` (who
is on the mountain, who is gone, who summited), :func:`apply_recorded` (an action with the
events it logs), :func:`action_rule` (the rule an action's log entry cites),
:func:`chance_outcome` (a chance step's outcome for a 64-bit draw), and for the campaign's
random playouts :func:`play_legal` and :func:`play_chance` (an action or a chance step
applied, and whether the mountain is over).

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
>>> guides, clients = team_members(s)
>>> [m.card for m in guides], len(clients), any(m.gone for m in clients)
([0, 1], 6, False)
>>> a = chance_outcome(s, 0)
>>> action_rule(s, a), [e.text for e in apply_recorded(s, a)][:1]
('[6.0]', ['Blocked Ridge markers on The Balcony'])
>>> play_legal(s, s.legal_actions()[0]), play_legal(s, -1)
(False, None)
"""

from typing import NamedTuple

from highcamp.core import CHANCE, LogEntry, State

from . import native  # first: the compiled build, if current (native.guard, at its import)
from .components import Board, ClientCard, Company, EventToken, GuideCard, Ruleset, load_ruleset
from .constants import DEAD, P_OVER, REMOVED
from .engine import DisasterState
from .events import EFFECTS
from .game import DisasterGame
from .phases import _after_each

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
    "native",
    "play_chance",
    "play_legal",
    "team_members",
]


class TeamMember(NamedTuple):
    """A guide or client on a mountain: its card (an index into the game's
    ``ruleset.guides`` or ``ruleset.clients``) and whether it is gone (dead, or a guide
    removed by the Noble Sacrifice [11.4])."""

    card: int
    gone: bool
    summited: bool = False
    """A client that reached the Summit (its Summit marker [8.4]); a guide: False."""


_GONE = frozenset((DEAD, REMOVED))


_SERIES_TYPES: set[type] = set()
"""The state classes found to run on the engine (a set look-up is cheaper than the ABC's
``isinstance`` on every step of a campaign's playout)."""


def _solitaire(state: State) -> DisasterState:
    if type(state) in _SERIES_TYPES:
        return state  # type: ignore[return-value]  # checked below when first seen
    if not isinstance(state, DisasterState):
        raise TypeError(f"{state.game.info.id} does not run on the Disaster-series engine")
    _SERIES_TYPES.add(type(state))
    return state


def team_members(state: State) -> tuple[tuple[TeamMember, ...], tuple[TeamMember, ...]]:
    """The guides and the clients of a solitaire mountain's team, in the order of its
    observation's ``guides`` and ``clients``."""
    s = _solitaire(state)
    team = s.team
    pos, ng = team.pos, len(team.guides)
    guides = tuple(map(TeamMember, team.guides, [p in _GONE for p in pos[:ng]]))
    summited = [g == 2 for g in team.goal]
    clients = tuple(map(TeamMember, team.clients, [p in _GONE for p in pos[ng:]], summited))
    return guides, clients


def play_legal(state: State, action: int) -> bool | None:
    """Apply ``action`` to a mountain's state if it is legal now (among the legal actions
    its last transition left, else by its phase's own check), as ``apply_legal``:
    ``None`` when it is not (the caller refuses it through the contract), else whether
    the mountain is over now."""
    known = type(state) in _SERIES_TYPES  # hot path: no call when the class is known
    s: DisasterState = state if known else _solitaire(state)  # type: ignore[assignment]
    cache = s._cache
    if cache is None:
        if action < 0 or not s._is_legal(action):
            return None
    elif action not in cache:
        return None
    if s._log is not None:
        s._log_action(action)
    s._cache = None  # the contract's _apply, inlined (a campaign's every step)
    s.PHASES[s.phase].apply(s, action)
    if s._UNBLOCKS and s.blocked:
        _after_each(s)
    s._history.append(action)
    return s.phase == P_OVER


def play_chance(state: State, draw: int) -> tuple[int, bool] | None:
    """Apply the outcome of the chance step now for the 64-bit ``draw`` (what
    :func:`chance_outcome` gives, applied as ``apply_legal``): ``None`` when the state is
    not at a chance step (the caller refuses it through the contract), else the outcome
    and whether the mountain is over now."""
    known = type(state) in _SERIES_TYPES  # hot path: no call when the class is known
    s: DisasterState = state if known else _solitaire(state)  # type: ignore[assignment]
    phase = s.phase
    entry = s.PHASES[phase]  # read once for who acts, the sample and the transition
    who = s._WHO[phase]  # (the state's current_player, without its call)
    if (entry.player(s) if who is None else who) != CHANCE:
        return None
    action = entry.sample(s, draw)
    if s._log is not None:
        s._log_action(action)
    s._cache = None  # the contract's _apply, inlined
    entry.apply(s, action)
    if s._UNBLOCKS and s.blocked:
        _after_each(s)
    s._history.append(action)
    return action, s.phase == P_OVER


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
