"""Disaster's disasters [Disaster]: the sinking ocean liner, the crashing plane, the
earthquake and the burning skyscraper, escape rounds (R-D-2), [Perishing in a Disaster],
[Survival Chips] and [Winning the Game].

>>> import highcamp
>>> s = highcamp.load_game("disaster", players=2).state_from_position(
...     {"players": [{"space": "Ship 1"}, {"start": "south-west"}]})
>>> s.apply_action(s.string_to_action("roll")); s.apply_action(s.string_to_action("dice show 2 and 2"))
>>> d = s.observation(0)["disaster"]; d["area"], d["escaping"], d["ship_position"]
('ship', [0], 1)
"""

from __future__ import annotations

from .base import DisasterFields
from .constants import (
    AREA_INDEX,
    AREA_RULE,
    AREA_TITLE,
    ESC_DIR,
    ESC_ROLL,
    NAREAS,
    OVER,
    R_CHIPS,
    R_DEDUCT,
    R_DISASTER,
    R_FIRE,
    R_FIRST_FLOOR,
    R_PERISH,
    R_PLANE,
    R_QUAKE,
    R_ROUNDS,
    R_SHIP,
    R_STAIRS,
    R_WIN,
    SPREAD,
)

__all__ = ["DisasterRules"]


class DisasterRules(DisasterFields):
    """A disaster from its start to its end: escape rounds (R-D-2), the four areas, escaping
    and perishing, survival chips and the win."""

    __slots__ = ()

    def _start_disaster(self, area: str, causer: int) -> None:
        game = self._game
        board = game.board
        n = game.num_players
        self._area = area
        self._causer = causer
        self._round = 0
        self._escapers = [
            s
            for s in ((causer + k) % n for k in range(1, n + 1))
            if board.area[self._pos[s]] == area
        ]
        rule = AREA_RULE[area]
        if self._log is not None:
            who = ", ".join(f"seat {s + 1}" for s in self._escapers) or "nobody"
            self._emit(f"disaster: {AREA_TITLE[area]}; must escape: {who}", rule)
        if area == "ship":
            self._ship = 1
            self._emit(
                f"the ship moves down to sinking position 1 (deduct {board.ship_deductions[0]})",
                rule,
            )
        elif area == "plane":
            self._plane = 1
            self._emit(
                f"the plane moves down to descending position 1 (deduct {board.plane_deductions[0]})",
                rule,
            )
        elif area == "earthquake":
            self._gap = board.quake_closed
            self._emit("the earth pieces spread apart, one space each way", rule)
            self._fall_in()
        else:
            length = len(board.fire_row())
            left = (length - board.fire_length) // 2
            self._fire = (left, left + board.fire_length - 1)
            self._emit("fire breaks out across the middle of the first floor", rule)
            row = board.fire_row()
            for s in list(self._escapers):
                pos = self._pos[s]
                if pos in row:  # its staircase spaces are first-floor spaces (R-D-5)
                    why = rule if board.floor_of(pos) is not None else R_FIRST_FLOOR
                    self._perish(s, "is caught on the first floor when the fire breaks out", why)
            if self._escapers:
                self._phase = SPREAD  # the causer rolls at once to spread the fire
                return
        self._begin_round()

    def _begin_round(self) -> None:
        if not self._escapers:
            self._end_disaster()
            return
        self._round += 1
        self._queue = list(self._escapers)
        self._actor = self._queue[0]
        self._phase = ESC_ROLL
        self._emit(f"escape round {self._round}", R_ROUNDS)

    def _escape_roll(self, die: int) -> None:
        board = self._game.board
        p = self._queue[0]
        pos = self._pos[p]
        area = self._area
        if area == "ship" or area == "plane":
            ship = area == "ship"
            deductions = board.ship_deductions if ship else board.plane_deductions
            deduct = deductions[(self._ship if ship else self._plane) - 1]
            steps = max(0, die - deduct)
            rule = R_SHIP if ship else R_PLANE
            if self._log is not None:
                self._emit(
                    f"seat {p + 1} rolls {die}, deducts {min(die, deduct)}: {steps} to move",
                    R_DEDUCT,
                    p,
                )
            dist = board.ship_distance(pos) if ship else board.plane_distance(pos)
            if steps >= dist:
                target = board.ship_beyond if ship else board.plane_beyond
                place = "the Lifeboat" if ship else "the Parachute"
                self._escape(p, target, f"reaches {place}", rule)
            elif steps:
                self._pos[p] = pos - steps if ship else pos + steps
                self._emit(f"seat {p + 1} moves to {board.names[self._pos[p]]}", rule, p)
            self._next_escaper()
            return
        self._die = die
        ways = self._ways(p, die)
        if ways == (True, True):
            self._actor = p
            self._phase = ESC_DIR
            return
        self._escape_move(p, die, ways[1])
        self._next_escaper()

    def _ways(self, p: int, die: int) -> tuple[bool, bool]:
        """Which ways (back, on) are open to an escaper rolling ``die``."""
        board = self._game.board
        pos = self._pos[p]
        if self._area == "earthquake":
            assert self._gap is not None
            lo, hi = self._gap
            i = board.quake.index(pos)
            if i < lo:
                return True, i + die < lo
            return i - die > hi, True
        back, on = self._building_ways(p)
        return back is not None, on is not None

    def _burning_stairs(self) -> tuple[int, ...]:
        """The first floor's staircase spaces the fire has reached (R-D-4)."""
        if self._fire is None:
            return ()
        row = self._game.board.fire_row()
        left, right = self._fire
        return (row[0],) * (left == 0) + (row[-1],) * (right == len(row) - 1)

    def _building_ways(self, p: int) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        """The ways out open to escaper ``p`` (back, on), as ``Board.building_ways``: a way
        that enters or passes a burning staircase space is closed, and a staircase space
        whose own staircase is closed goes the longer way, across its floor (R-D-4)."""
        board = self._game.board
        pos = self._pos[p]
        burning = self._burning_stairs()
        short = board.building_ways(pos)
        if not burning:
            return short

        def open_(way: tuple[int, ...] | None) -> tuple[int, ...] | None:
            return None if way is None or any(b in way for b in burning) else way

        back, on = open_(short[0]), open_(short[1])
        if back is None and on is None:
            longer = board.long_ways(pos)
            back, on = open_(longer[0]), open_(longer[1])
        return back, on

    def _escape_target(self, forward: bool) -> int:
        """Where the escaper deciding now ends up going back or on with its die."""
        board = self._game.board
        pos, die = self._pos[self._queue[0]], self._die
        if self._area == "earthquake":
            i = board.quake.index(pos) + (die if forward else -die)
            if 0 <= i < len(board.quake):
                return board.quake[i]
            return board.quake_beyond[1 if forward else 0]
        way = self._building_ways(self._queue[0])[1 if forward else 0] or ()
        if die > len(way):
            return board.exit_to if forward else board.entrance_from
        return way[die - 1]

    def _escape_move(self, p: int, die: int, forward: bool) -> None:
        board = self._game.board
        pos = self._pos[p]
        if self._area == "earthquake":
            i = board.quake.index(pos) + (die if forward else -die)
            if i < 0 or i >= len(board.quake):
                self._escape(p, board.quake_beyond[1 if forward else 0], "leaves the zone", R_QUAKE)
            else:
                self._pos[p] = board.quake[i]
                self._emit(
                    f"seat {p + 1} rolls {die}, moves to {board.names[board.quake[i]]}", R_QUAKE, p
                )
            return
        back, on = self._building_ways(p)
        way = on if forward else back
        assert way is not None
        short = board.building_ways(pos)
        if self._log is not None and short != (back, on):
            closed = " and ".join(
                word
                for word, was, now in zip(("back", "on"), short, (back, on), strict=True)
                if was is not None and now is None
            )
            self._emit(f"seat {p + 1}: a burning staircase closes the way {closed}", R_STAIRS, p)
        if die > len(way):
            outside = board.exit_to if forward else board.entrance_from
            self._escape(p, outside, "gets out of the building", R_FIRE)
        else:
            self._pos[p] = way[die - 1]
            self._emit(f"seat {p + 1} rolls {die}, moves to {board.names[way[die - 1]]}", R_FIRE, p)

    def _next_escaper(self) -> None:
        self._queue.pop(0)
        if self._phase == OVER:
            return
        queue = self._queue
        while queue and queue[0] not in self._escapers:
            queue.pop(0)
        if queue:
            self._actor = queue[0]
            self._phase = ESC_ROLL
            return
        self._end_round()

    def _end_round(self) -> None:
        board = self._game.board
        area = self._area
        if not self._escapers:
            self._end_disaster()
            return
        if area == "ship" or area == "plane":
            ship = area == "ship"
            position = self._ship if ship else self._plane
            rule = R_SHIP if ship else R_PLANE
            if position == 5:
                what = "the ship has sunk" if ship else "the plane has crashed"
                self._emit(what, rule)
                for s in list(self._escapers):
                    self._perish(s, "goes down with it", rule)
                self._end_disaster()
                return
            position += 1
            if ship:
                self._ship = position
            else:
                self._plane = position
            if self._log is not None:
                ded = (board.ship_deductions if ship else board.plane_deductions)[position - 1]
                noun = "sinking" if ship else "descending"
                self._emit(f"moves down to {noun} position {position} (deduct {ded})", rule)
            if not self._check_winner():
                self._begin_round()
            return
        self._phase = SPREAD

    def _spread(self, die: int) -> None:
        board = self._game.board
        causer = self._causer
        if self._area == "earthquake":
            assert self._gap is not None
            lo, hi = self._gap
            self._gap = (max(0, lo - die), min(len(board.quake) - 1, hi + die))
            self._emit(
                f"seat {causer + 1} rolls {die}: the earth opens {die} more each way",
                R_QUAKE,
                causer,
            )
            self._fall_in()
        else:
            assert self._fire is not None
            left, right = self._fire
            last = len(board.fire_row()) - 1
            if die % 2 == 0:
                right = min(last, right + 1)
                how = "even: the top fire piece spreads right"
            else:
                left = max(0, left - 1)
                how = "odd: the bottom fire piece spreads left"
            self._fire = (left, right)
            self._emit(f"seat {causer + 1} rolls {die}, {how}", R_FIRE, causer)
            if left == 0 and right == last:
                self._emit("the fire reaches both staircases", R_FIRE)
                for s in list(self._escapers):
                    self._perish(s, "is still in the building", R_FIRE)
        if not self._check_winner():
            self._begin_round()

    def _fall_in(self) -> None:
        board = self._game.board
        assert self._gap is not None
        lo, hi = self._gap
        for s in list(self._escapers):
            if lo <= board.quake.index(self._pos[s]) <= hi:
                self._perish(s, "has no earth beneath and falls into the fissure", R_QUAKE)

    def _escape(self, p: int, space: int, how: str, rule: str) -> None:
        self._pos[p] = space
        self._escapers.remove(p)
        self._in_area[2 * NAREAS * p + AREA_INDEX[self._area or ""]] += 1
        self._chips[p] += 1
        if self._supply:
            self._supply -= 1
        else:  # the 30 chips are all out: the bank stands in for more (R-0-2)
            self._substitutes += 1
        if self._log is not None:
            name = self._game.board.names[space]
            self._emit(f"seat {p + 1} {how}, escapes to {name}", rule, p)
            self._emit(f"seat {p + 1} takes a survival chip ({self._chips[p]} chips)", R_CHIPS, p)

    def _perish(self, p: int, how: str, rule: str) -> None:
        self._escapers.remove(p)
        self._in_area[2 * NAREAS * p + NAREAS + AREA_INDEX[self._area or ""]] += 1
        self._pos[p] = self._start[p]
        if self._held[p] >= 0:
            self._bottom.append(self._held[p])
            self._held[p] = -1
            self._emit(f"seat {p + 1} discards the card it held", R_PERISH, p)
        if self._chips[p]:
            self._chips[p] -= 1
            if self._substitutes:
                self._substitutes -= 1
            else:
                self._supply += 1
        if self._log is not None:
            self._emit(f"seat {p + 1} {how}: perishes, back to its starting corner", rule, p)
            self._emit(f"seat {p + 1} has {self._chips[p]} chips", R_CHIPS, p)

    def _end_disaster(self) -> None:
        area = self._area
        if self._log is not None:
            self._emit(
                f"the disaster is over; {AREA_TITLE[area or 'ship']} is restored", R_DISASTER
            )
        self._area = None
        self._ship = self._plane = 0
        self._gap = self._fire = None
        self._round = 0
        self._queue = []
        self._escapers = []
        if self._check_winner():
            return
        self._turn = self._causer
        self._causer = -1
        self._end_turn()

    def _check_winner(self) -> bool:
        game = self._game
        best = max(self._chips)
        if best < game.target:
            return False
        leaders = [s for s, c in enumerate(self._chips) if c == best]
        if len(leaders) > 1 and not game.shared_ties:
            self._emit("tie at " + ", ".join(f"seat {s + 1}" for s in leaders) + ": play on", R_WIN)
            return False
        text = " and ".join(f"seat {s + 1}" for s in leaders) + f" wins with {best} chips"
        self._finish(leaders, "shared win" if len(leaders) > 1 else "win", text, R_WIN)
        return True

    def _finish(self, winners: list[int], ending: str, text: str, rule: str) -> None:
        self._winners = winners
        self._ending = ending
        self._phase = OVER
        self._queue = []
        self._emit(text, rule)
