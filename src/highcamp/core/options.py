"""Declared game options and their validation.

Options arrive from Python (typed values) or from the command line and web forms (text);
:meth:`OptionSpec.validate` accepts both and refuses what is out of range with an
:class:`~highcamp.core.errors.OptionError` that says what is allowed.

>>> players = OptionSpec("players", int, 1, "number of players", minimum=1, maximum=4)
>>> players.validate("3")
3
>>> players.validate(9)
Traceback (most recent call last):
...
highcamp.core.errors.OptionError: option 'players' must be between 1 and 4, not 9
>>> validate_options((players,), {"player": 2})
Traceback (most recent call last):
...
highcamp.core.errors.OptionError: unknown option 'player'; options are: players
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

__all__ = ["OptionSpec", "validate_options"]

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default, description and allowed values.

    ``kind`` is ``int``, ``float``, ``bool`` or ``str``. ``choices`` limits the values;
    ``minimum``/``maximum`` bound numbers. ``nullable`` allows ``None`` (the default of
    options such as a custom data file).
    """

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False

    def allowed(self) -> str:
        """A short text of what the option accepts."""
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        if self.minimum is not None and self.maximum is not None:
            return f"between {self.minimum:g} and {self.maximum:g}"
        if self.kind is bool:
            return "true or false"
        return f"a {self.kind.__name__}" + (" or none" if self.nullable else "")

    def _coerce(self, value: Any) -> Any:
        if value is None or (isinstance(value, str) and value.lower() in {"none", "null"}):
            if self.nullable:
                return None
            raise OptionError(self.name, f"option {self.name!r} needs {self.allowed()}")
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                return value.lower() in _TRUE
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
        elif self.kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str):
                try:
                    return int(value.strip())
                except ValueError:
                    pass
        elif self.kind is float:
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(value)
            if isinstance(value, str):
                try:
                    return float(value.strip())
                except ValueError:
                    pass
        elif self.kind is str and isinstance(value, str):
            return value
        raise OptionError(
            self.name, f"option {self.name!r} must be {self.allowed()}, not {value!r}"
        )

    def validate(self, value: Any) -> Any:
        """Return ``value`` converted to the option's type, or raise ``OptionError``."""
        v = self._coerce(value)
        if v is None:
            return None
        if self.choices is not None and v not in self.choices:
            raise OptionError(
                self.name, f"option {self.name!r} must be {self.allowed()}, not {v!r}"
            )
        if self.minimum is not None and v < self.minimum:
            raise OptionError(
                self.name, f"option {self.name!r} must be {self.allowed()}, not {v!r}"
            )
        if self.maximum is not None and v > self.maximum:
            raise OptionError(
                self.name, f"option {self.name!r} must be {self.allowed()}, not {v!r}"
            )
        return v

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able description of the option (for listings and forms)."""
        return {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "description": self.description,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``specs``; return every option with defaults filled in."""
    by_name = {s.name: s for s in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or "(none)"
            raise OptionError(name, f"unknown option {name!r}; options are: {known}")
    return {s.name: (s.validate(given[s.name]) if s.name in given else s.default) for s in specs}
