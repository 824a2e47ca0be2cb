"""The readers of the Disaster series' position documents (:mod:`.position`): JSON values
checked with a :class:`~highcamp.PositionError` naming the field, the event tokens each
placed once (:class:`Tokens`), the storm's watch and track, places and teams.

>>> whole(3, "turn", 1, 149), flag(True, "ams"), word("prep 1/2", "preparations", ("none", "Prep 1/2"))
(3, True, 1)
>>> whole(0, "turn", 1, 149)
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position turn: must be in 1..149, not 0
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from highcamp.core import PositionError

from .constants import DEAD, LOST, QUEUE, REMOVED, Rule

if TYPE_CHECKING:
    from .engine import DisasterState

__all__ = [
    "BLANK",
    "NEUTRAL_WORDS",
    "PLACE_WORDS",
    "Tokens",
    "fields",
    "flag",
    "names",
    "read_place",
    "read_team_cards",
    "read_track",
    "whole",
    "word",
]

PLACE_WORDS = {
    "queue": QUEUE,
    "the hillary step queue": QUEUE,
    "lost": LOST,
    "the lost box": LOST,
    "dead": DEAD,
    "removed": REMOVED,
}
"""The places off the track as a document names them (and as the observation writes them)."""
NEUTRAL_WORDS = ("another company", "another company's client")
"""A queue entry's ``who`` for another company's client (R-DS-3)."""


def fields(doc: Any, allowed: Sequence[str], where: str) -> Mapping[str, Any]:
    """``doc`` as an object with only ``allowed`` keys, or the refusal naming ``where``."""
    if not isinstance(doc, Mapping):
        raise PositionError(where, "must be an object")
    for k in doc:
        if k not in allowed:
            name = f"{where}.{k}" if where else str(k)
            raise PositionError(name, f"unknown field; the fields are {', '.join(allowed)}")
    return doc


def whole(value: Any, name: str, low: int, high: int, rule: str = "") -> int:
    """An integer in ``low..high``, or the refusal."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(name, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(name, f"must be in {low}..{high}, not {value}", rule=rule)
    return value


def flag(value: Any, name: str) -> bool:
    """A JSON boolean, or the refusal."""
    if not isinstance(value, bool):
        raise PositionError(name, f"must be true or false, not {value!r}")
    return value


def word(value: Any, name: str, words: Sequence[str], rule: str = "") -> int:
    """The index of ``value`` among ``words`` (case-insensitive), or the refusal."""
    low = [w.lower() for w in words]
    if isinstance(value, str) and value.strip().lower() in low:
        return low.index(value.strip().lower())
    shown = ", ".join(repr(w) for w in words)
    raise PositionError(name, f"{value!r} is not one of {shown}", rule=rule)


def names(value: Any, name: str) -> list[Any]:
    """A JSON list, or the refusal."""
    if not isinstance(value, list):
        raise PositionError(name, "must be a list")
    return value


class Tokens:
    """The event tokens a document places, each once; the rest stay in the container."""

    _ID = re.compile(r"token (\d+)")

    def __init__(self, state: DisasterState) -> None:
        self.tokens = state.rs.tokens
        self.placed: dict[int, str] = {}

    def take(
        self,
        value: Any,
        where: str,
        effects: frozenset[str] | None = None,
        kind: str = "token kept for later",
        rule: str = Rule.BUY,
    ) -> int:
        """The token ``value`` names (an id, ``token 22``, or a name: the first of that name
        still free), placed at ``where``; ``effects``: the effects allowed there (a ``kind``
        of token, by ``rule``)."""
        n = len(self.tokens)
        if isinstance(value, int) and not isinstance(value, bool):
            t = whole(value, where, 0, n - 1)
        elif isinstance(value, str) and (m := self._ID.match(value.strip().lower())):
            t = whole(int(m.group(1)), where, 0, n - 1)
        elif isinstance(value, str):
            same = [t.id for t in self.tokens if t.name.lower() == value.strip().lower()]
            if not same:
                raise PositionError(where, f"{value!r} is not an event token")
            free = [t for t in same if t not in self.placed]
            if not free:
                raise PositionError(
                    where, f"every {self.tokens[same[0]].name} token is placed already"
                )
            t = free[0]
        else:
            raise PositionError(where, f"must be an event token's name or id, not {value!r}")
        tok = self.tokens[t]
        if t in self.placed:
            raise PositionError(
                where, f"token {t} ({tok.name}) is placed twice (also at {self.placed[t]})"
            )
        if effects is not None and tok.effect not in effects:
            raise PositionError(where, f"{tok.name} is not a {kind}", rule=rule)
        self.placed[t] = where
        return t

    def pile(
        self,
        doc: Mapping[str, Any],
        key: str,
        effects: frozenset[str] | None = None,
        where: str = "",
    ) -> list[int]:
        """The tokens of the list ``doc[key]`` (default none); ``where`` prefixes the
        field's name."""
        entries = names(doc.get(key, []), where + key)
        return [self.take(v, f"{where}{key}[{i}]", effects) for i, v in enumerate(entries)]

    def container(self) -> list[int]:
        """The tokens no field placed, in id order."""
        return [t for t in range(len(self.tokens)) if t not in self.placed]


BLANK = "(storm builds)"
"""A Storm Watch space covered with no token, the container being empty [6.3] (as the
observation shows it)."""


def read_track(
    part: Mapping[str, Any],
    tokens: Tokens,
    board: Any,
    where: str = "",
    keys: tuple[str, str, str] = ("storm_watch", "storm_track", "storm_pending"),
    words: tuple[str, str] = ("Storm Watch", "storm"),
    rules: tuple[str, str] = (Rule.WATCH, Rule.END_TURN),
) -> tuple[list[int], int, int, bool]:
    """The watch's tokens and blank spaces, the track's space and whether the storm is
    pending, read from ``part`` (K2 names them its way: the Avalanche Track, darkness):
    the storm comes exactly when the watch is full, and is then pending or on its track."""
    watch_key, track_key, pending_key = (f"{where}.{k}" if where else k for k in keys)
    entries = names(part.get(keys[0], []), watch_key)
    watch = [tokens.take(v, f"{watch_key}[{i}]") for i, v in enumerate(entries) if v != BLANK]
    n = len(entries)
    watch_name, storm_name = words
    if n > board.storm_watch:
        raise PositionError(watch_key, f"{n} tokens on {board.storm_watch} spaces", rule=rules[0])
    storm = whole(part.get(keys[1], 0), track_key, 0, board.storm_track - 1, rule=rules[1])
    pending = flag(part.get(keys[2], False), pending_key)
    if pending and storm:
        raise PositionError(pending_key, f"the {storm_name} is on its track already", rule=rules[1])
    full = n == board.storm_watch
    if (pending or storm) and not full:
        raise PositionError(
            pending_key if pending else track_key,
            f"the {storm_name} comes only once the {watch_name} is full",
            rule=rules[0],
        )
    if full and not (pending or storm):
        raise PositionError(
            watch_key,
            f"a full {watch_name} brings the {storm_name}: it is pending or on its track",
            rule=rules[0],
        )
    return watch, n - len(watch), storm, pending


def read_team_cards(
    doc: Mapping[str, Any], state: DisasterState, rule: str, where: str = ""
) -> tuple[list[int], list[int]]:
    """The team's guide and client cards, as ``state`` (a fresh state of the team's game)
    has them set up: the company's, or those a drawn or hired team names in full in
    ``doc`` (by ``rule``: [14.1] [14.2], K2's [14.6])."""
    game = state._game
    rs = state.rs
    out: list[list[int]] = []
    for kind, have, card_names, n in (
        ("guides", state.team.guides, [card.name for card in rs.guides], game.ng),
        ("clients", state.team.clients, [card.name for card in rs.clients], game.nc),
    ):
        if len(have) == n:
            out.append(list(have))
            continue
        given = doc.get(kind)
        if not isinstance(given, Mapping) or len(given) != n:
            raise PositionError(
                where + kind,
                f"the team is drawn or hired at set-up: name its {n} {kind}",
                rule=rule,
            )
        ids: list[int] = []
        for who in given:
            found = [i for i, c in enumerate(card_names) if c == who and i not in ids]
            if not found:
                raise PositionError(f"{where}{kind}.{who}", f"{who!r} cannot be on this team")
            ids.append(found[0])
        out.append(ids)
    return out[0], out[1]


def read_place(value: Any, where: str, state: DisasterState, guide: bool) -> int:
    """A space's index, or a place off the track (QUEUE, LOST, DEAD, REMOVED). On a board
    without the Hillary Step (K2), ``bivouac`` is the LOST/BIVOUAC box [8.7], where guides
    may be too, and there is no queue."""
    if not isinstance(value, str):
        raise PositionError(where, f"must be a space's or a place's name, not {value!r}")
    key = value.strip().lower()
    b = state.rs.board
    low = [n.lower() for n in b.names]
    if key in low:
        return low.index(key)
    bivouacs = not b.queue_length
    if bivouacs and key == "bivouac":
        return LOST
    if key not in PLACE_WORDS or (bivouacs and PLACE_WORDS[key] == QUEUE):
        raise PositionError(where, f"{value!r} is not a space of the board nor a place")
    place = PLACE_WORDS[key]
    if guide and (place == DEAD or (place == LOST and not bivouacs)):
        raise PositionError(where, "a guide is never lost or dead", rule=Rule.LOST)
    if not guide and place == REMOVED:
        raise PositionError(where, "only a guide is removed", rule=Rule.SACRIFICE)
    return place
