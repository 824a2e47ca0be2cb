"""Disaster's position document: a table set up by hand for a test, a puzzle or a study
(``game.state_from_position(doc)``), read and checked here; the rules build the state.

The document describes the board at the start of a seat's turn (before its roll, no
disaster in progress), in the words of the observation (seats 0-based, spaces and cards by
name)::

    {
      "turn": 0,                          # the seat to roll (default 0)
      "players": [                        # per seat (default: as set up)
        {"start": "north-west",           # starting corner (default: seats 1-4 take the
                                          #   corners in order, seats 5-8 likewise)
         "space": "Ship 1",               # where its token stands: a name, or the space id
                                          #   of the observation (default: its corner)
         "chips": 5,                      # survival chips (default 1)
         "escapes": {"ship": 4},          # escapes by disaster area (default none)
         "perishings": {"plane": 1},      # perishings by disaster area (default none)
         "card": "Iceberg Ahead"},        # the Disaster card it holds (default none)
        {}
      ],
      "bottom": ["Tremor"],               # cards face down at the bottom, top first
      "turns": 0                          # turns played so far (the engine's limit counts)
    }

The cards neither held nor at the bottom are the shuffled part of the deck. A document is
refused with a :class:`~highcamp.PositionError` naming the field when it names an unknown
field, seat, corner, space, area or card, when two of the first four seats (or two of the
others) start on one corner [Setting Up the Game], when a card is placed twice [Disaster
Cards], when a seat's chips cannot come from its escapes and perishings (one to start,
one per escape, one lost per perishing while any is left) [Survival Chips], when someone
already has the winning count and no tie is being played on [Winning the Game], or when the
turns reach the engine's limit.

>>> import highcamp
>>> game = highcamp.load_game("disaster", players=2)
>>> s = game.state_from_position({"turn": 1, "players": [
...     {"space": "Ship 2", "chips": 3, "escapes": {"plane": 2}, "card": "Tremor"}, {}]})
>>> s.current_player(), s.observation(0)["players"][0]["space"], s.observation(0)["phase"]
(1, 'Ship 2', 'turn')
>>> s.observation(0)["players"][0]["card"], s.observation(1)["players"][0]["card"]
('Tremor', None)
>>> game.state_from_position({"players": [{"chips": 4}, {}]})
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position players[0].chips: 4 chips, but a seat holds at most 1 (one to start, one per escape, one lost at its first perishing) [Survival Chips]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from highcamp.core import PositionError

from .board import AREAS, Board, Card
from .constants import MAX_TURNS, NUM_CARDS, R_CARDS, R_CHIPS, R_LIMIT, R_SETUP, R_WIN

__all__ = ["CORNER_WORDS", "FIELDS", "PLAYER_FIELDS", "Setup", "read_position"]

FIELDS = ("turn", "players", "bottom", "turns")
PLAYER_FIELDS = ("start", "space", "chips", "escapes", "perishings", "card")
CORNER_WORDS = ("north-west", "north-east", "south-east", "south-west")
"""The corners as the set-up's actions name them (``start at the north-west corner``), in
the order of the board's corners."""


@dataclass(frozen=True)
class Setup:
    """A checked position: every zone as the state keeps it (spaces and cards by id).

    ``counts`` holds, per seat and disaster area (index ``k`` of ``AREAS``), the escapes at
    ``seat * 8 + k`` and the perishings at ``seat * 8 + 4 + k``, as the state keeps them.
    """

    turn: int
    starts: list[int]
    extras: list[int]
    positions: list[int]
    chips: list[int]
    counts: list[int]
    held: list[int]
    bottom: list[int]
    free: list[int]
    turns: int


def _fields(doc: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = [k for k in doc if k not in allowed]
    if unknown:
        name = f"{where}.{unknown[0]}" if where else str(unknown[0])
        raise PositionError(name, f"unknown field; the fields are {', '.join(allowed)}")


def _int(value: Any, field: str, low: int, high: int, rule: str = "") -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(field, f"must be in {low}..{high}, not {value}", rule=rule)
    return value


def _space(value: Any, field: str, board: Board) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return _int(value, field, 0, board.size - 1)
    if not isinstance(value, str):
        raise PositionError(field, f"must be a space's name or id, not {value!r}")
    ids = [i for i, name in enumerate(board.names) if name.lower() == value.strip().lower()]
    if not ids:
        raise PositionError(field, f"{value!r} is not a space of the board")
    if len(ids) > 1:
        shown = ", ".join(str(i) for i in ids)
        raise PositionError(field, f"several spaces are called {value!r}: give its id ({shown})")
    return ids[0]


def _by_area(value: Any, field: str) -> list[int]:
    if not isinstance(value, Mapping):
        raise PositionError(field, "must be an object of counts by disaster area")
    counts = [0] * len(AREAS)
    for area, count in value.items():
        if area not in AREAS:
            raise PositionError(
                f"{field}.{area}", f"not a disaster area; they are {', '.join(AREAS)}"
            )
        counts[AREAS.index(area)] = _int(count, f"{field}.{area}", 0, 10_000)
    return counts


def _lowest_chips(escapes: int, perishings: int) -> int:
    """The fewest chips a seat can hold after ``escapes`` and ``perishings``: every
    perishing as late as possible, each costing a chip while any is left."""
    return max(0, 1 + escapes - perishings)


def read_position(
    doc: Mapping[str, Any],
    n: int,
    board: Board,
    cards: Sequence[Card],
    target: int,
    shared_ties: bool,
) -> Setup:
    """Check a position document for ``n`` seats on ``board`` with ``cards``, where
    ``target`` chips win (``shared_ties``: players reaching it together share the win
    rather than play on); the zones it describes."""
    _fields(doc, FIELDS, "")
    titles = {c.title.lower(): c.id for c in cards}
    placed: dict[int, str] = {}

    def card(name: Any, field: str) -> int:
        c = titles.get(name.strip().lower()) if isinstance(name, str) else None
        if c is None:
            raise PositionError(field, f"{name!r} is not a Disaster card")
        if c in placed:
            raise PositionError(
                field, f"{cards[c].title} is placed twice (also at {placed[c]})", rule=R_CARDS
            )
        placed[c] = field
        return c

    turn = _int(doc.get("turn", 0), "turn", 0, n - 1)
    people = doc.get("players", [{} for _ in range(n)])
    if not isinstance(people, list) or len(people) != n:
        raise PositionError("players", f"must be a list of one object per seat ({n})")
    starts: list[int] = []
    positions: list[int] = []
    chips: list[int] = []
    counts: list[int] = []
    held: list[int] = []
    for s, p in enumerate(people):
        where = f"players[{s}]"
        if not isinstance(p, Mapping):
            raise PositionError(where, "must be an object")
        _fields(p, PLAYER_FIELDS, where)
        word = p.get("start", CORNER_WORDS[s % 4])
        if word not in CORNER_WORDS:
            raise PositionError(
                f"{where}.start", f"{word!r} is not a corner; they are {', '.join(CORNER_WORDS)}"
            )
        corner = board.corners[CORNER_WORDS.index(word)]
        group = range(min(s, 4)) if s < 4 else range(4, s)
        if any(starts[q] == corner for q in group):
            who = "of the first four seats" if s < 4 else "placed beyond the first four"
            raise PositionError(
                f"{where}.start", f"two players {who} start at the {word} corner", rule=R_SETUP
            )
        starts.append(corner)
        positions.append(_space(p.get("space", corner), f"{where}.space", board))
        escapes = _by_area(p.get("escapes", {}), f"{where}.escapes")
        perishings = _by_area(p.get("perishings", {}), f"{where}.perishings")
        counts.extend(escapes + perishings)
        most = 1 + sum(escapes) - (sum(perishings) > 0)  # the first perishing costs a chip
        least = _lowest_chips(sum(escapes), sum(perishings))
        have = _int(p.get("chips", 1), f"{where}.chips", 0, 10_000)
        if have > most:
            raise PositionError(
                f"{where}.chips",
                f"{have} chips, but a seat holds at most {most} (one to start, one per escape, "
                "one lost at its first perishing)",
                rule=R_CHIPS,
            )
        if have < least:
            raise PositionError(
                f"{where}.chips",
                f"{have} chips, but a seat keeps at least {least} (one lost per perishing)",
                rule=R_CHIPS,
            )
        chips.append(have)
        name = p.get("card")
        held.append(-1 if name is None else card(name, f"{where}.card"))
    best = max(chips)
    leaders = sum(c == best for c in chips)
    if best >= target and (leaders == 1 or shared_ties):
        raise PositionError(
            "players",
            f"{best} chips already win (the target is {target}): the game is over",
            rule=R_WIN,
        )
    pile = doc.get("bottom", [])
    if not isinstance(pile, list):
        raise PositionError("bottom", "must be a list of card titles, top first")
    bottom = [card(name, f"bottom[{i}]") for i, name in enumerate(pile)]
    turns = _int(doc.get("turns", 0), "turns", 0, MAX_TURNS - 1, rule=R_LIMIT)
    free = [c for c in range(NUM_CARDS) if c not in placed]
    return Setup(
        turn=turn,
        starts=starts,
        extras=starts[4:],
        positions=positions,
        chips=chips,
        counts=counts,
        held=held,
        bottom=bottom,
        free=free,
        turns=turns,
    )
