"""Typed errors of the game contract.

Every error a user can provoke through the contract is a :class:`ValueError`
subclass, so callers that only care about "bad input" can catch ``ValueError``.

>>> err = IllegalActionError(rule="[8.1]", reason="that ridge is blocked", action=7)
>>> str(err)
'action 7 is illegal [8.1]: that ridge is blocked'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "HighcampError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionError",
    "PositionError",
    "StateFormatError",
    "UnknownGameError",
]


class HighcampError(ValueError):
    """Base class of every error raised by the contract for bad input."""


def _listing(allowed: Iterable[object]) -> str:
    return ", ".join(str(a) for a in allowed)


class UnknownGameError(HighcampError):
    """A game id that is not registered; the message lists the registered ids."""

    def __init__(self, game_id: str, known: Iterable[str]) -> None:
        self.game_id = game_id
        self.known = tuple(known)
        super().__init__(f"unknown game {game_id!r}; known games: {_listing(self.known)}")


class OptionError(HighcampError):
    """An unknown option, or a value out of range; the message says what is allowed."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        super().__init__(message)


class IllegalActionError(HighcampError):
    """An action that is not legal now. The state it was applied to is unchanged.

    ``rule`` names the rule that forbids it: a rulebook section such as ``[8.1]`` or a
    ruling such as ``R-1924-3``.
    """

    def __init__(self, *, rule: str, reason: str, action: int | None = None) -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        what = "action" if action is None else f"action {action}"
        super().__init__(f"{what} is illegal {rule}: {reason}")


class InvalidActionError(HighcampError):
    """Action text that does not parse as any action of the game."""

    def __init__(self, text: str, hint: str = "") -> None:
        self.text = text
        message = f"cannot read {text!r} as an action"
        if hint:
            message += f"; {hint}"
        super().__init__(message)


class StateFormatError(HighcampError):
    """A state document (``to_json``) that is malformed or inconsistent."""


class PositionError(HighcampError):
    """A position document (:meth:`highcamp.Game.state_from_position`) that is malformed or
    breaks a rule or an invariant of the game. ``field`` is where (``hands[1]``,
    ``mountaineers[0].parts.boots``; empty for the whole document), ``reason`` what is wrong
    and ``rule`` the rule it breaks, when one does.

    >>> str(PositionError("hands[0]", "holds 4 cards, more than 3", rule="[3. Improve Your Hand]"))
    'position hands[0]: holds 4 cards, more than 3 [3. Improve Your Hand]'
    """

    def __init__(self, field: str, reason: str, *, rule: str = "") -> None:
        self.field = field
        self.reason = reason
        self.rule = rule
        where = f"position {field}" if field else "position"
        super().__init__(f"{where}: {reason}" + (f" {rule}" if rule else ""))
