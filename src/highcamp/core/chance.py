"""Chance steps and the search hot paths of a state: applying an action known to be legal,
sampling a chance outcome or a legal action from a search's own generator, and resolving a
chance step from the state's seeded generator (:mod:`highcamp.core.rng`).

:class:`ChanceSteps` is a base of :class:`highcamp.State`; it holds no field of its own.
"""

from __future__ import annotations

import abc

from .errors import IllegalActionError
from .log import LogEntry

__all__ = ["CHANCE", "TERMINAL", "ChanceSteps"]

CHANCE = -1
"""``current_player()`` at a chance step (as in OpenSpiel)."""
TERMINAL = -4
"""``current_player()`` once the game is over (as in OpenSpiel)."""


class ChanceSteps(abc.ABC):
    """The steps of :class:`highcamp.State` that resolve chance and feed search loops."""

    __slots__ = ()

    _seed: int
    _key: int | None
    _history: list[int]
    _log: list[LogEntry] | None

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at a chance step, or ``TERMINAL``."""

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def _action_text(self, action: int) -> str:
        """Readable text of an action that is legal now."""

    @abc.abstractmethod
    def _action_rule(self, action: int) -> str:
        """The rule an action's log entry cites."""

    @abc.abstractmethod
    def _sample_chance(self, u: int) -> int:
        """The chance outcome for the 64-bit draw ``u``."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance step, else ``[]``."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action ids now."""

    @abc.abstractmethod
    def _keep_key(self) -> int:
        """The generator's key (:func:`highcamp.core.rng.seed_key` of the seed), computed at
        the first draw and kept in the state's ``_key``."""

    def apply_legal(self, action: int) -> None:
        """Apply ``action`` known to be legal now, without checking it (search hot path).

        For search and simulation loops that take ``action`` straight from this state's own
        ``legal_actions()`` or ``chance_outcomes()``: only the legality check is skipped
        (the log and the history are kept as by :meth:`apply_action`). Anything else is
        undefined; actions from users, files or the network go through :meth:`apply_action`.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> t = s.clone()
        >>> s.apply_legal(s.legal_actions()[0]); t.apply_action(t.legal_actions()[0])
        >>> s == t
        True
        """
        if self._log is not None:
            self._log_action(action)
        self._apply(action)
        self._history.append(action)

    def _log_action(self, action: int) -> None:
        assert self._log is not None
        self._log.append(
            LogEntry(
                index=len(self._history),
                player=self.current_player(),
                text=self._action_text(action),
                rule=self._action_rule(action),
                action=action,
            )
        )

    def sample_chance(self, x: float) -> int:
        """The chance outcome at ``x`` in ``[0, 1)``, for search loops that draw ``x`` from
        their own generator: the outcomes of :meth:`chance_outcomes` in order, the first
        that takes ``x`` below zero as its probability is subtracted (the last if rounding
        leaves none). Games may override it with a faster equivalent.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.apply_action(s.string_to_action("roll"))
        >>> s.action_to_string(s.sample_chance(0.0)), s.action_to_string(s.sample_chance(0.99))
        ('die 1 shows 1', 'die 1 shows 6')
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError(rule="R-0-3", reason="this is not a chance step")
        for action, p in outcomes:
            x -= p
            if x < 0:
                return action
        return outcomes[-1][0]

    def sample_legal(self, x: float) -> int:
        """The legal action at ``x`` in ``[0, 1)``: ``legal_actions()[int(x * count)]``, for
        random playouts that draw ``x`` from their own generator (games may override it to
        skip the copy of the list).

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> [s.action_to_string(s.sample_legal(x)) for x in (0.0, 0.7)]
        ['roll', 'abandon']
        """
        legal = self.legal_actions()
        if not legal:
            raise IllegalActionError(rule="[end]", reason="the game is over")
        return legal[int(x * len(legal))]

    def apply_random_chance(self) -> int:
        """Resolve a chance step from the state's seeded generator; return the outcome."""
        if self.current_player() != CHANCE:
            raise IllegalActionError(rule="R-0-3", reason="this is not a chance step")
        # splitmix64 of (key, counter), inlined from highcamp.core.rng.draw_keyed (hot path)
        key = self._key
        if key is None:
            key = self._keep_key()
        z = (key + (len(self._history) + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        action = self._sample_chance(z ^ (z >> 31))  # legal by construction
        if self._log is not None:
            self._log_action(action)
        self._apply(action)
        self._history.append(action)
        return action
