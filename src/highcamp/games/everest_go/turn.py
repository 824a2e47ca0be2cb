"""Everest Go!'s turn [How to Play]: the deal, playing a garment or a special item [1.], an
action card [2.], improving the hand [3.], drawing, reshuffling the discard pile and the
end of the game [End of the Game].
"""

from __future__ import annotations

import bisect

from .base import EverestGoFields
from .cards import (
    ACTION_NAMES,
    GODDESS,
    YETI,
)
from .constants import (
    AFTER,
    ASK,
    CARDS,
    DEAL,
    DISCARD_BASE,
    DISCARDING,
    DRAW,
    DRAW_BASE,
    EVEREST,
    FA,
    FIRST,
    FIRST_BASE,
    FS,
    MAIN,
    NA,
    NK,
    NSPECIAL,
    OVER,
    PASS,
    PLAY_BASE,
    R_DECK,
    R_END,
    R_SCORE,
    R_SETUP,
    SECOND,
    STOP,
    TAKE,
    TAKE_BASE,
    TARGET,
    TENT_YES,
    remove_sorted,
    seat_name,
)

__all__ = ["TurnRules"]


class TurnRules(EverestGoFields):
    """The turn and its steps, from the deal to the end of the game."""

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == DEAL:
            self._draw(action - DRAW_BASE)
            self._deals -= 1
            self._drawer = (self._drawer + 1) % self._n
            if self._deals == 0:
                first = self._game.options["first_player"]
                if first is None:
                    self._phase = FIRST
                else:
                    self._start_turn(first - 1, "the option first_player")
        elif phase == FIRST:
            self._start_turn(action - FIRST_BASE, "a chance step")
        elif phase == DRAW:
            self._draw(action - DRAW_BASE)
            if self._phase != OVER:
                self._continue_draw()
        elif action == EVEREST:
            if self._card >= 0:  # shouted before the action card resolved: it never will
                self._discard[FA + self._card] += 1
                self._emit(f"{ACTION_NAMES[self._card]} is left unresolved", R_END)
                self._card = -1
            self._shouted = self._turn
            self._finish("everest", f"{seat_name(self._turn)} shouts EVEREST!")
        elif phase == MAIN:
            self._apply_main(action)
        elif phase == DISCARDING:
            if action == STOP:
                self._end_option()
            else:
                self._discard_from_hand(self._turn, action - DISCARD_BASE)
        elif phase == TARGET:
            self._picks.append(action)
            if self._card == YETI and self._second_options():
                self._phase = SECOND
            else:
                self._open_tent_window()
        elif phase == SECOND:
            self._picks.append(action)
            self._open_tent_window()
        elif phase == ASK:
            self._answer_tent(action == TENT_YES)
        elif phase == TAKE:
            self._take(action - TAKE_BASE)
        elif phase == AFTER:
            self._start_draw()

    def _apply_main(self, action: int) -> None:
        p = self._turn
        if action == PASS:
            self._end_option()
            return
        if action >= DISCARD_BASE:
            self._phase = DISCARDING
            self._discard_from_hand(p, action - DISCARD_BASE)
            return
        kind = action - PLAY_BASE
        self._leave_hand(p, kind)
        if kind < FA:
            self._stacks[p][CARDS.part_of(kind)].append(kind)
            self._end_option()
        elif kind >= FS:
            self._specials[p].append(kind)
            self._specials[p].sort()
            self._end_option()
        else:
            card = kind - FA
            self._tally[p * NA + card] += 1
            self._card = card
            self._picks = []
            if card == GODDESS:
                self._phase = TAKE
            else:
                self._phase = TARGET

    def _discard_from_hand(self, p: int, kind: int) -> None:
        self._leave_hand(p, kind)
        self._discard[kind] += 1

    def _leave_hand(self, p: int, kind: int) -> None:
        """A card leaves ``p``'s hand face up: everyone sees it (played or discarded)."""
        remove_sorted(self._hands[p], kind)
        for r in range(self._n):
            if r != p:
                remove_sorted(self._known[r][p], kind)
        if self._perfect:
            self._played.append([p, CARDS.kinds[kind]])
        if self._tracker is not None:
            self._tracker.leave(p, kind)

    def _start_turn(self, p: int, why: str) -> None:
        self._turn = p
        self._phase = MAIN
        if why:
            self._emit(f"{seat_name(p)} takes the first turn ({why})", f"{R_SETUP} first player")

    def _end_option(self) -> None:
        """The turn's option is done: EVEREST! may be shouted, then the hand is refilled."""
        self._card = -1
        self._picks = []
        self._asks = []
        self._tented = []
        self._victim = -1
        if self.can_shout(self._turn):
            self._phase = AFTER
        else:
            self._start_draw()

    def _start_draw(self) -> None:
        self._drawer = self._turn
        self._phase = DRAW
        self._continue_draw()

    def _continue_draw(self) -> None:
        if self._deck_size == 0 and any(self._discard):
            self._reshuffle()
        if len(self._hands[self._drawer]) >= CARDS.hand_size or self._deck_size == 0:
            self._start_turn((self._turn + 1) % self._n, "")

    def _draw(self, kind: int) -> None:
        drawer = self._drawer
        bisect.insort(self._hands[drawer], kind)
        if kind >= FS:
            self._tally[self._n * NA + drawer * NSPECIAL + kind - FS] = 1
        self._deck[kind] -= 1
        self._deck_size -= 1
        if self._tracker is not None:
            self._tracker.draw(drawer, kind)
        if self._deck_size == 0 and self._phase == DRAW:
            self._exhaustions += 1
            self._emit(f"the deck runs out ({self._exhaustions} of 3)", R_DECK)
            if self._exhaustions >= CARDS.exhaustions_to_end:
                self._finish("deck", "the deck has run out for the third time")
                return
            if any(self._discard):
                self._reshuffle()

    def _reshuffle(self) -> None:
        self._deck = self._discard
        self._deck_size = sum(self._deck)
        self._discard = [0] * NK
        self._emit(
            f"the discard pile ({self._deck_size} cards) is shuffled into a new deck; "
            "each card is drawn from it at random",
            R_DECK,
        )
        if self._tracker is not None:
            self._tracker.reshuffle(self._deck)

    def _finish(self, ending: str, text: str) -> None:
        self._ending = ending
        self._phase = OVER
        self._emit(text, R_END)
        if self._log is not None:
            for b in self.score_breakdown():
                self._emit(f"{seat_name(b.player)} scores {b.total:g}", R_SCORE)
