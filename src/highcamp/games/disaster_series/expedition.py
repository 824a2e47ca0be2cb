"""The shared table of a Disaster-series game [4.4] [6.*]: the board and components, the
event tokens (container, set aside, removed, drawn), the Storm Watch (K2: the Avalanche
Track), the storm (K2: darkness) and its track, the Blocked Ridges and the Hillary Step
queue; and the copying of a state's fields for :meth:`clone`.

:class:`Expedition` is the state's slotted base class: its fields are the state's own
attributes (``self.container``, ``self.queue``...), so the rules read them with no extra
hop, and :meth:`.series_base.SeriesBase._copy_fields` copies them. The teams are :mod:`.team`; K2's
avalanche spaces (``collapsed``) and ropes are K2's state's own fields.

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
>>> isinstance(s, Expedition), len(s.container), s.storm, s.queue
(True, 36, 0, [])
>>> c = s.clone()
>>> c.container == s.container and c.container is not s.container
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from highcamp.core import State

from .binding import bind_compiled
from .hooks import EngineHooks

if TYPE_CHECKING:
    from .components import Ruleset

__all__ = ["TABLE_FIELDS", "Expedition", "copier"]

TABLE_FIELDS = (
    "container",
    "set_aside",
    "removed",
    "storm_watch",
    "drawn",
    "queue",
    "blocked",
    "turn",
    "storm",
    "storm_pending",
    "watch_blank",
)
"""The table's fields, by name (saved in the state's document with the others)."""


class Expedition(EngineHooks, State):  # type: ignore[misc]  # _game: a SeriesGame
    """The table every team plays on (slotted; the rules read these fields directly)."""

    __slots__ = ()

    rs: Ruleset
    """The game's components: board, event tokens, teams, charts (never copied)."""
    container: list[int]
    """The event tokens still in the container [6.0] (K2 [7.0]), ascending."""
    set_aside: list[int]
    """Tokens set aside: bought and spent, or declined in the storm [6.3]."""
    removed: list[int]
    """Tokens removed from the game by the Preparations' draw [7.5]."""
    storm_watch: list[int]
    """The tokens on the Storm Watch [6.3] (K2: the Avalanche Track [7.3]), in order."""
    drawn: list[int]
    """The tokens drawn this turn and not yet placed (three when Preparations are ready)."""
    queue: list[list[int]]
    """The Hillary Step queue [8.2]: ``[spot, marker (or NEUTRAL), direction]`` entries."""
    blocked: list[int]
    """The spaces holding a Blocked Ridge marker this turn [6.1] [8.1]."""
    turn: int
    """The turn number, from 1."""
    storm: int
    """The Storm Turn marker's space on its track [10.0] (K2: Darkness), 0 before."""
    storm_pending: bool
    """The last Storm Watch space is covered: the storm hits at the end of this turn."""
    watch_blank: int
    """Storm Watch spaces covered with no token (the container ran dry)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A state class's rules bind as methods in the compiled build too
        (:func:`.binding.bind_compiled`; nothing to do interpreted)."""
        super().__init_subclass__(**kwargs)
        bind_compiled(cls)


def copier(
    flat: Sequence[str], nested: Sequence[str], scalars: Sequence[str]
) -> Callable[[Any, Any], None]:
    """A function copying the named fields from one state into another, written out once
    (as :mod:`dataclasses` writes its methods): each of ``flat`` (lists) copied, each of
    ``nested`` (lists of lists) copied item by item, each of ``scalars`` shared.

    >>> class A:
    ...     __slots__ = ("xs", "n")
    >>> a, b = A(), A()
    >>> a.xs, a.n = [1, 2], 3
    >>> copier(["xs"], [], ["n"])(a, b)
    >>> (b.xs, b.n, b.xs is a.xs)
    ([1, 2], 3, False)
    """
    for k in (*flat, *nested, *scalars):
        if not k.isidentifier():
            raise ValueError(f"not a field name: {k!r}")
    lines = ["def copy(self, new):"]
    lines += [f"    new.{k} = self.{k}.copy()" for k in flat]
    lines += [f"    new.{k} = [x.copy() for x in self.{k}]" for k in nested]
    lines += [f"    new.{k} = self.{k}" for k in scalars]
    if len(lines) == 1:
        lines.append("    pass")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)
    fn: Callable[[Any, Any], None] = namespace["copy"]
    return fn
