"""Disaster's set-up [Setting Up the Game], turns [Moving] and cards [Disaster Cards]:
the steps from the choice of corners to the end of a turn.

>>> import highcamp
>>> s = highcamp.load_game("disaster", players=2).state_from_position({})
>>> s.apply_action(s.string_to_action("roll")); s.apply_action(s.string_to_action("dice show 1 and 2"))
>>> s.observation(0)["players"][0]["space"], s.current_player()
('Space 3', 1)
"""

from __future__ import annotations

from .base import DisasterFields
from .constants import (
    AFTER,
    AREA_PLACE,
    AREA_TITLE,
    CHIPS,
    CHOICE,
    CORNER,
    CORNER_BASE,
    DICE,
    DICE_BASE,
    DIE_BASE,
    DRAW,
    DRAW_BASE,
    DRAW_SECOND,
    END_TURN,
    ESC_DIE,
    ESC_DIR,
    ESC_ROLL,
    FIRST,
    FIRST_BASE,
    KEEP_DRAWN,
    KEEP_HELD,
    MAX_TURNS,
    MOVE_ON,
    OVER,
    PLACE,
    PLACE_BASE,
    PLAY_BASE,
    R_CARDS,
    R_DISASTER,
    R_LIMIT,
    R_MOVE,
    R_SETUP,
    R_THREE,
    SPREAD,
    START,
)

__all__ = ["TurnRules"]


class TurnRules(DisasterFields):
    """Set-up [Setting Up the Game], a regular turn [Moving] and the cards [Disaster Cards]."""

    __slots__ = ()

    def _apply(self, action: int) -> None:
        self._step(action)
        if len(self._history) + 1 >= self._game._action_limit and self._phase != OVER:
            self._finish([], "turn limit", "the engine's action limit is reached", R_LIMIT)

    def _step(self, action: int) -> None:
        phase = self._phase
        if phase in (START, ESC_ROLL):
            self._phase = DICE if phase == START else ESC_DIE
        elif phase == DICE:
            self._roll(action - DICE_BASE)
        elif phase == ESC_DIE:
            self._escape_roll(action - DIE_BASE + 1)
        elif phase == ESC_DIR:
            self._escape_move(self._queue[0], self._die, action == MOVE_ON)
            self._next_escaper()
        elif phase == SPREAD:
            self._spread(action - DIE_BASE + 1)
        elif phase == DRAW:
            self._draw(action - DRAW_BASE)
        elif phase == CHOICE:
            self._choose(action)
        elif phase == AFTER:
            if action == END_TURN:
                self._end_turn()
            elif action == DRAW_SECOND:
                self._begin_draw()
            else:
                self._held[self._actor] = -1
                self._play(action - PLAY_BASE)
        elif phase == CORNER:
            self._place(self._actor, self._corners()[action - CORNER_BASE], R_SETUP)
            self._next_setup()
        elif phase == PLACE:
            corner = self._corners()[action - PLACE_BASE]
            self._extras.append(corner)
            self._place(self._actor, corner, R_SETUP)
            self._next_setup()
        elif phase == FIRST:
            self._turn = self._actor = action - FIRST_BASE
            self._phase = START

    def _place(self, seat: int, corner: int, rule: str) -> None:
        self._start[seat] = corner
        self._pos[seat] = corner
        if self._log is not None:
            name = self._game.board.names[corner]
            self._emit(f"seat {seat + 1} starts at the {name.lower()}", rule, seat)

    def _next_setup(self) -> None:
        n = self._game.num_players
        seat = self._actor + 1
        if seat < min(n, 4):
            self._actor = seat
            free = [c for c in self._corners() if c not in self._start]
            if len(free) == 1:  # the last corner is no choice (R-0-4)
                self._place(seat, free[0], R_SETUP)
                self._next_setup()
            return
        if seat < n:
            self._actor = seat
            self._phase = PLACE
            return
        # one survival chip each; roll for the first player
        for s in range(n):
            self._chips[s] = 1
        self._supply = CHIPS - n
        self._emit("each player takes one survival chip", R_SETUP)
        self._phase = FIRST

    def _roll(self, k: int) -> None:
        game = self._game
        p = self._turn
        a, b = k // 6 + 1, k % 6 + 1
        self._last_dice = [a, b]
        area = game.board.area[self._pos[p]]
        if area is not None and (a == b or (game.total_three and a + b == 3)):
            how = "doubles" if a == b else "total of 3"
            self._disasters[how] += 1
            if self._log is not None:
                rule = R_DISASTER if a == b else R_THREE
                self._emit(f"seat {p + 1} rolls {how} in {AREA_PLACE[area]}: no move", rule, p)
            self._start_disaster(area, p)
            return
        board = game.board
        dest = board.destination(self._pos[p], a + b)
        self._pos[p] = dest
        if self._log is not None:
            self._emit(f"seat {p + 1} moves {a + b} to {board.names[dest]}", R_MOVE, p)
        if dest in board.disaster_spaces and self._held[p] < 0:
            self._begin_draw()
            return
        self._after_move()  # a holder on a Disaster space may draw a second card (R-0-4)

    def _may_draw_second(self) -> bool:
        """In the window after moving: the holder's move ended on a Disaster space."""
        return self._pos[self._actor] in self._game.board.disaster_spaces

    def _begin_draw(self) -> None:
        p = self._turn
        if self._free:
            self._phase = DRAW
        else:  # only cards put at the bottom are left: the top one is known
            self._draw(self._bottom[0])
            self._emit(f"seat {p + 1} draws a Disaster card", R_CARDS, p)

    def _draw(self, card: int) -> None:
        if card in self._free:
            self._free.remove(card)
        else:
            self._bottom.remove(card)
        self._drawn = card
        self._actor = self._turn
        self._phase = CHOICE

    def _choose(self, action: int) -> None:
        p = self._actor
        held, drawn = self._held[p], self._drawn
        self._drawn = -1
        if action in (KEEP_DRAWN, KEEP_HELD):
            keep, other = (drawn, held) if action == KEEP_DRAWN else (held, drawn)
            self._held[p] = keep
            if other >= 0:
                self._bottom.append(other)
                self._emit("the other card goes face down to the bottom of the deck", R_CARDS)
            self._end_turn()
            return
        card = action - PLAY_BASE
        self._held[p] = drawn if card == held else held
        self._play(card)

    def _after_move(self) -> None:
        p = self._turn
        if self._held[p] >= 0:
            self._actor = p
            self._phase = AFTER
        else:
            self._end_turn()

    def _play(self, card: int) -> None:
        """Show the card, return it and reshuffle the whole deck; the disaster happens."""
        game = self._game
        self._free.extend(self._bottom)
        self._free.append(card)
        self._bottom.clear()
        self._disasters["card"] += 1
        c = game.cards[card]
        if self._log is not None:
            self._emit(
                f"seat {self._turn + 1} plays {c.title}: {AREA_TITLE[c.disaster]}; the deck "
                "is reshuffled",
                R_CARDS,
                self._turn,
            )
        self._start_disaster(c.disaster, self._turn)

    def _end_turn(self) -> None:
        self._turns += 1
        n = self._game.num_players
        self._turn = self._actor = (self._turn + 1) % n
        if self._turns >= MAX_TURNS:
            self._finish([], "turn limit", "the turn limit is reached: no winner", R_LIMIT)
            return
        self._phase = START
