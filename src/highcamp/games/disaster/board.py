"""The Disaster board and cards as data (R-D-1), with the movement tables the rules need.

The board file lists the clockwise perimeter (corners, plain and Disaster spaces, the ship's,
plane's and earthquake zone's spaces), and describes the skyscraper, which sits between two
perimeter spaces: a staircase up on the entrance side, floors of equal width, a staircase down
on the exit side. Building spaces get ids after the perimeter's.

>>> board = standard_board()
>>> board.perimeter_length, board.corners
(49, (0, 14, 21, 35))
>>> board.name_of(board.up[0]), board.name_of(board.floor_space(1, 1))
('Skyscraper staircase up, floor 1', 'Skyscraper floor 1, space 1')
>>> board.destination(board.entrance_from, 3) == board.up[2]  # turn up the staircase
True
>>> len(standard_cards()), standard_cards()[0].disaster
(20, 'ship')
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["AREAS", "Board", "Card", "standard_board", "standard_cards"]

AREAS = ("ship", "earthquake", "plane", "skyscraper")
"""The four disaster areas, in the order of the board's sides."""


@dataclass(frozen=True)
class Card:
    """A Disaster card: its title and the disaster it makes happen."""

    id: int
    title: str
    disaster: str


class Board:
    """The board: perimeter, areas, the skyscraper's spaces and movement tables."""

    # slots: with more than 30 attributes an instance's __dict__ is a full dictionary, and
    # every read of the board (several on every step of play) takes the slow path
    __slots__ = (
        "_climbing",
        "_dest",
        "_long_ways",
        "_standing",
        "_ways",
        "area",
        "corners",
        "disaster_spaces",
        "doc",
        "down",
        "entrance_from",
        "exit_to",
        "fire_length",
        "floor_base",
        "floors",
        "kinds",
        "names",
        "perimeter_length",
        "plane",
        "plane_beyond",
        "plane_deductions",
        "plane_rear",
        "quake",
        "quake_beyond",
        "quake_closed",
        "ship",
        "ship_beyond",
        "ship_deductions",
        "ship_rear",
        "sides",
        "size",
        "up",
        "width",
    )

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        perimeter = doc["perimeter"]
        self.perimeter_length = n = len(perimeter)
        if [s["id"] for s in perimeter] != list(range(n)):
            raise ValueError("perimeter ids must be 0, 1, 2... in clockwise order")
        self.kinds: list[str] = [s["kind"] for s in perimeter]
        self.names: list[str] = [s["name"] for s in perimeter]
        self.corners: tuple[int, ...] = tuple(doc["corners"])
        if len(self.corners) != 4 or any(self.kinds[c] != "corner" for c in self.corners):
            raise ValueError("the board needs four corner spaces")
        self.sides: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in doc["sides"])
        ship, plane, quake, sky = doc["ship"], doc["plane"], doc["earthquake"], doc["skyscraper"]
        self.ship: tuple[int, ...] = tuple(ship["spaces"])
        self.ship_rear: int = ship["rear"]
        self.ship_beyond: int = ship["beyond"]
        self.ship_deductions: tuple[int, ...] = tuple(ship["deductions"])
        self.plane: tuple[int, ...] = tuple(plane["spaces"])
        self.plane_rear: int = plane["rear"]
        self.plane_beyond: int = plane["beyond"]
        self.plane_deductions: tuple[int, ...] = tuple(plane["deductions"])
        if len(self.ship_deductions) != 5 or len(self.plane_deductions) != 5:
            raise ValueError("the ship and the plane have five positions each")
        self.quake: tuple[int, ...] = tuple(quake["spaces"])
        self.quake_closed: tuple[int, int] = (
            quake["closed_between"][0],
            quake["closed_between"][1],
        )
        self.quake_beyond: tuple[int, int] = (quake["beyond"][0], quake["beyond"][1])
        self.floors: int = sky["floors"]
        self.width: int = sky["floor_width"]
        self.entrance_from: int = sky["entrance_from"]
        self.exit_to: int = sky["exit_to"]
        self.fire_length: int = sky["fire_piece_length"]
        if self.width < self.fire_length or (self.width - self.fire_length) % 2:
            raise ValueError("the first floor must hold the fire pieces across its middle spaces")
        if self.exit_to != (self.entrance_from + 1) % n:
            raise ValueError("the skyscraper sits between two consecutive perimeter spaces")
        # building spaces: staircase up U1..UF, floors k=1..F of width W, staircase down D1..DF
        f, w = self.floors, self.width
        self.up: tuple[int, ...] = tuple(range(n, n + f))
        self.floor_base: int = n + f
        self.down: tuple[int, ...] = tuple(range(n + f + f * w, n + 2 * f + f * w))
        self.size = n + 2 * f + f * w
        building_names = [f"Skyscraper staircase up, floor {k}" for k in range(1, f + 1)]
        building_names += [
            f"Skyscraper floor {k}, space {j}" for k in range(1, f + 1) for j in range(1, w + 1)
        ]
        building_names += [f"Skyscraper staircase down, floor {k}" for k in range(1, f + 1)]
        self.names.extend(building_names)
        self.kinds.extend(["skyscraper"] * (self.size - n))
        self.area: list[str | None] = [None] * self.size
        for s in self.ship:
            self.area[s] = "ship"
        for s in self.plane:
            self.area[s] = "plane"
        for s in self.quake:
            self.area[s] = "earthquake"
        for s in range(n, self.size):
            self.area[s] = "skyscraper"
        self.disaster_spaces = frozenset(i for i in range(n) if self.kinds[i] == "disaster")
        for edge in (self.ship_beyond, *self.quake_beyond, self.plane_beyond):
            if self.area[edge] is not None:
                raise ValueError("the space beyond an area must not belong to an area")
        # movement: the first step of a move leaves a staircase-up space across its floor;
        # later steps of the same move keep climbing [Moving]
        standing = [(i + 1) % n for i in range(n)]
        standing[self.entrance_from] = self.up[0]
        climbing = list(standing)
        standing += [0] * (self.size - n)
        climbing += [0] * (self.size - n)
        for k in range(1, f + 1):
            u = self.up[k - 1]
            standing[u] = self.floor_space(k, 1)
            climbing[u] = self.up[k] if k < f else self.floor_space(f, 1)
            for j in range(1, w + 1):
                here = self.floor_space(k, j)
                nxt = self.floor_space(k, j + 1) if j < w else self.down[k - 1]
                standing[here] = climbing[here] = nxt
            d = self.down[k - 1]
            standing[d] = climbing[d] = self.down[k - 2] if k > 1 else self.exit_to
        self._standing = tuple(standing)
        self._climbing = tuple(climbing)
        self._dest: dict[tuple[int, int], tuple[int, ...]] = {}
        self._ways = {s: _building_ways(self, s) for s in range(n, self.size)}
        self._long_ways = {s: _long_ways(self, s) for s in range(n, self.size)}

    # ----------------------------------------------------------------- geometry
    def floor_space(self, floor: int, j: int) -> int:
        """The id of space ``j`` (1-based, from the staircase up) of ``floor`` (1-based)."""
        return self.floor_base + (floor - 1) * self.width + (j - 1)

    def floor_of(self, space: int) -> tuple[int, int] | None:
        """``(floor, j)`` of a floor space, None for any other space."""
        k = space - self.floor_base
        if 0 <= k < self.floors * self.width:
            return k // self.width + 1, k % self.width + 1
        return None

    def name_of(self, space: int) -> str:
        """The space's name."""
        return self.names[space]

    def path(self, start: int, steps: int) -> tuple[int, ...]:
        """The spaces entered by a move of ``steps`` from ``start`` [Moving]."""
        key = (start, steps)
        got = self._dest.get(key)
        if got is None:
            out = []
            pos = start
            for k in range(steps):
                pos = self._standing[pos] if k == 0 else self._climbing[pos]
                out.append(pos)
            got = self._dest[key] = tuple(out)
        return got

    def destination(self, start: int, steps: int) -> int:
        """Where a move of ``steps`` from ``start`` ends [Moving]."""
        return self.path(start, steps)[-1]

    # ----------------------------------------------------- escape geometry
    def ship_distance(self, space: int) -> int:
        """Steps backwards from a ship space to the Lifeboat space [Sinking Ocean Liner]."""
        return abs(space - self.ship_rear) + 1

    def plane_distance(self, space: int) -> int:
        """Steps from a plane space to the Parachute space [Crashing Plane]."""
        return abs(self.plane_rear - space) + 1

    def building_ways(self, space: int) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        """The ways out of the building from ``space``: (back to the entrance side, on to
        the exit side), each the spaces entered before the space outside. A staircase
        space offers only its own staircase down (any other way is longer); ``None``
        means that way is not offered."""
        return self._ways.get(space, (None, None))

    def long_ways(self, space: int) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        """Every way out of the building from ``space``, as :meth:`building_ways`, with the
        longer way a staircase space has too: across its floor and down the other
        staircase (taken when a burning staircase closes its own, R-D-4).

        >>> board = standard_board()
        >>> back, on = board.long_ways(board.up[1])
        >>> back == (board.up[0],), on[0] == board.floor_space(2, 1), on[-1] == board.down[0]
        (True, True, True)
        """
        return self._long_ways.get(space, (None, None))

    def fire_row(self) -> tuple[int, ...]:
        """The first floor's row: staircase up, the floor's spaces, staircase down."""
        return (
            self.up[0],
            *(self.floor_space(1, j) for j in range(1, self.width + 1)),
            self.down[0],
        )

    def static_view(self) -> dict[str, Any]:
        """The layout for renderers (JSON-able)."""
        return {
            "board": self.doc["name"],
            "perimeter": [
                {"id": i, "kind": self.kinds[i], "name": self.names[i]}
                for i in range(self.perimeter_length)
            ],
            "sides": [list(s) for s in self.sides],
            "corners": list(self.corners),
            "disaster_spaces": sorted(self.disaster_spaces),
            "ship": {
                "spaces": list(self.ship),
                "lifeboat_behind": self.ship_rear,
                "beyond": self.ship_beyond,
                "deductions": list(self.ship_deductions),
            },
            "plane": {
                "spaces": list(self.plane),
                "parachute_behind": self.plane_rear,
                "beyond": self.plane_beyond,
                "deductions": list(self.plane_deductions),
            },
            "earthquake": {
                "spaces": list(self.quake),
                "closed_between": list(self.quake_closed),
                "beyond": list(self.quake_beyond),
            },
            "skyscraper": {
                "floors": self.floors,
                "floor_width": self.width,
                "entrance_from": self.entrance_from,
                "exit_to": self.exit_to,
                "staircase_up": list(self.up),
                "staircase_down": list(self.down),
                "floor_spaces": [
                    [self.floor_space(k, j) for j in range(1, self.width + 1)]
                    for k in range(1, self.floors + 1)
                ],
                "fire_row": list(self.fire_row()),
                "fire_piece_length": self.fire_length,
            },
            "names": list(self.names),
        }


def _building_ways(
    board: Board, space: int
) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    if space in board.up:
        k = board.up.index(space) + 1
        return tuple(board.up[i - 1] for i in range(k - 1, 0, -1)), None
    if space in board.down:
        k = board.down.index(space) + 1
        return None, tuple(board.down[i - 1] for i in range(k - 1, 0, -1))
    where = board.floor_of(space)
    if where is None:
        return None, None
    k, j = where
    back = tuple(board.floor_space(k, i) for i in range(j - 1, 0, -1))
    back += tuple(board.up[i - 1] for i in range(k, 0, -1))
    on = tuple(board.floor_space(k, i) for i in range(j + 1, board.width + 1))
    on += tuple(board.down[i - 1] for i in range(k, 0, -1))
    return back, on


def _long_ways(board: Board, space: int) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    back, on = _building_ways(board, space)
    w = board.width
    if space in board.up:
        k = board.up.index(space) + 1
        on = tuple(board.floor_space(k, j) for j in range(1, w + 1))
        on += tuple(board.down[i - 1] for i in range(k, 0, -1))
    elif space in board.down:
        k = board.down.index(space) + 1
        back = tuple(board.floor_space(k, j) for j in range(w, 0, -1))
        back += tuple(board.up[i - 1] for i in range(k, 0, -1))
    return back, on


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


@functools.cache
def standard_board() -> Board:
    """The reconstructed standard board (``data/board.json``)."""
    return Board(_read("board.json"))


@functools.cache
def standard_cards() -> tuple[Card, ...]:
    """The 20 reconstructed Disaster cards (``data/cards.json``), 5 per disaster."""
    cards = tuple(Card(c["id"], c["title"], c["disaster"]) for c in _read("cards.json")["cards"])
    if len(cards) != 20 or [c.id for c in cards] != list(range(20)):
        raise ValueError("the deck holds 20 cards with ids 0..19")
    if any(c.disaster not in AREAS for c in cards):
        raise ValueError("every card names one of the four disasters")
    return cards
