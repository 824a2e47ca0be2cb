"""Where a state keeps the contract's own fields.

:class:`highcamp.State` declares its fields (the game, the seed, the generator's key, the
history, the log, the position it was set up from) but no slots of its own: a game's
first class that declares ``__slots__`` gets them in its slots (:class:`ContractFields`,
the metaclass of :class:`highcamp.State`), unless a base of it already keeps them (a
slot, a compiled class's field, or a ``__dict__``). A game's state thus has no
``__dict__`` when its classes declare slots, as before, and a compiled base class holding
the fields may stand beside :class:`highcamp.State` (a class with slots of its own could
not: two bases with fields of their own conflict).

>>> import abc
>>> class Base(metaclass=ContractFields):
...     __slots__ = ()
>>> class Slotted(Base):
...     __slots__ = ("x",)
>>> class More(Slotted):
...     __slots__ = ("y",)
>>> Slotted.__slots__, More.__slots__
(('_game', '_history', '_key', '_log', '_position', '_seed', 'x'), ('y',))
"""

from __future__ import annotations

import abc
from typing import Any, Final

__all__ = ["CONTRACT_FIELDS", "ContractFields"]

CONTRACT_FIELDS: Final = ("_game", "_history", "_key", "_log", "_position", "_seed")
"""The fields of :class:`highcamp.State` (its ``__init__`` sets them)."""


class ContractFields(abc.ABCMeta):
    """The metaclass of :class:`highcamp.State`: the contract's fields join the slots of
    the first slotted class of a game (see the module)."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], /, **kwargs: Any
    ) -> ContractFields:
        slots = namespace.get("__slots__")
        contract = any(isinstance(b, ContractFields) for b in bases)
        if slots is not None and contract and not any(_keeps_fields(b) for b in bases):
            own = (slots,) if isinstance(slots, str) else tuple(slots)
            namespace["__slots__"] = (*CONTRACT_FIELDS, *own)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


def _keeps_fields(cls: type) -> bool:
    """Whether an instance of ``cls`` has room for the contract's fields already: a
    ``__dict__``, or a field ``_game`` of a class of its (a slot, a compiled field)."""
    return bool(cls.__dictoffset__) or any("_game" in vars(c) for c in cls.__mro__)
