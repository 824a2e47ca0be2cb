"""Disaster: the roll-and-move game of surviving four disasters, for two to eight players.

A game is decomposed into small actions:

* set-up: each of the first four seats chooses a starting corner (``start at the ...``);
  extra seats are placed at random, one to a corner (a chance step each); a chance step picks
  the first player [Setting Up the Game];
* a turn: ``roll``, then the two dice (one chance step of 36 outcomes); on a Disaster space a
  card is drawn (a chance step), then ``play <card>`` or ``keep the card``; a player who
  already holds a card may draw a second (``draw a second card``, R-0-4) and then plays one or
  keeps one (``keep the new card`` / ``keep the old card``: the other goes to the bottom);
  with a held card and no draw, ``play <card>`` or ``end turn`` [Moving], [Disaster Cards];
* a disaster: escape rounds in which every escaping player rolls one die (``roll``, then a
  chance step) and, where two ways out are open, chooses ``move back`` or ``move on``; between
  rounds the area advances (ship, plane) or the player who caused it rolls the spreading die
  (earthquake, fire) [Disaster], R-D-2.

>>> import highcamp
>>> game = highcamp.load_game("disaster", players=2)
>>> s = game.new_initial_state(seed=1)
>>> [s.action_to_string(a) for a in s.legal_actions()]
['start at the north-west corner', 'start at the north-east corner', 'start at the south-east corner', 'start at the south-west corner']
>>> s.apply_action(s.string_to_action("start at the north-west corner"))
>>> s.apply_action(s.string_to_action("start at the south-east corner"))
>>> s.apply_action(s.string_to_action("first player: seat 2"))
>>> s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
(1, ['roll'])
>>> s.apply_action(s.string_to_action("roll"))
>>> s.apply_action(s.string_to_action("dice show 3 and 5"))
>>> s.observation(0)["players"][1]["space"]
'Plane 5'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    Game,
    GameInfo,
    IllegalActionError,
    OptionSpec,
    ScoreBreakdown,
    ScoreLine,
    State,
)

from .board import AREAS, Board, Card, standard_board, standard_cards
from .constants import (
    AFTER,
    AREA_INDEX,
    AREA_PLACE,
    AREA_RULE,
    AREA_TITLE,
    CHANCE_PHASES,
    CHIPS,
    CHOICE,
    CORNER,
    CORNER_BASE,
    DICE,
    DICE_BASE,
    DICE_OUTCOMES,
    DIE_BASE,
    DIE_OUTCOMES,
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
    MAX_PLAYERS,
    MAX_TURNS,
    MOVE_BACK,
    MOVE_ON,
    NAREAS,
    NUM_ACTIONS,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLACE_BASE,
    PLAY_BASE,
    R_CARDS,
    R_CHIPS,
    R_DEDUCT,
    R_DISASTER,
    R_FIRE,
    R_FIRST_FLOOR,
    R_LIMIT,
    R_MOVE,
    R_PERISH,
    R_PLANE,
    R_QUAKE,
    R_ROUNDS,
    R_SECOND,
    R_SETUP,
    R_SHIP,
    R_STAIRS,
    R_THREE,
    R_WIN,
    ROLL,
    SPREAD,
    START,
    TIES,
)
from .position import read_position

__all__ = ["DisasterGame", "DisasterState"]


# ----------------------------------------------------------------------------- game
class DisasterGame(Game):
    """Disaster for 2 to 8 players on the reconstructed board (R-D-1).

    >>> game = DisasterGame(players=3)
    >>> game.num_distinct_actions(), game.target
    (105, 6)
    >>> DisasterGame(players=4, long_game=True).target
    8
    """

    INFO = GameInfo(
        id="disaster",
        title="Disaster",
        min_players=2,
        max_players=MAX_PLAYERS,
        options=(
            OptionSpec("players", int, 4, "number of players", minimum=2, maximum=MAX_PLAYERS),
            OptionSpec(
                "long_game",
                bool,
                False,
                "the longer game: the win needs 8 survival chips instead of 6 (R-D-3)",
            ),
            OptionSpec(
                "three_player_rule",
                bool,
                True,
                "with exactly three players a total of 3 in a disaster area also causes a "
                "disaster (R-D-3)",
            ),
            OptionSpec(
                "ties",
                str,
                "play on",
                "players reaching the winning count together: play on until the tie is "
                "broken, or all of them share the win",
                choices=TIES,
            ),
        ),
        chance=True,
        hidden_information=True,
        components=(
            Component(
                "board",
                "reconstructed",
                "the rulebook describes the board but does not print it: perimeter, areas, "
                "spaces and the ship's and plane's deductions are reconstructed (R-D-1)",
                "data/board.json",
            ),
            Component(
                "disaster cards",
                "reconstructed",
                "20 cards are listed but their faces are not printed; 5 per disaster (R-D-1)",
                "data/cards.json",
            ),
            Component("survival chips, dice", "rulebook", "", "[Contents]"),
        ),
        summary="Roll two dice around the board; survive the sinking ship, the crashing "
        "plane, the earthquake and the burning skyscraper. First to 6 survival chips wins.",
        rulebook="disaster.txt",
    )

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Every player count, the long game with shared ties, and the 3-player game
        without its special rule."""
        out: list[dict[str, Any]] = [{"players": n} for n in range(2, MAX_PLAYERS + 1)]
        out.append({"players": 6, "long_game": True, "ties": "shared"})
        out.append({"players": 3, "three_player_rule": False})
        return out

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board: Board = standard_board()
        self.cards: tuple[Card, ...] = standard_cards()
        self.target = 8 if self.options["long_game"] else 6
        self.total_three = self.num_players == 3 and bool(self.options["three_player_rule"])
        self.shared_ties = self.options["ties"] == "shared"
        n = self.num_players
        self._action_limit = n + 1 + MAX_TURNS * (4 + 16 * (3 * n + 1))

    def rules_text(self) -> str:
        """The rules in brief, in highcamp's own words, with section references."""
        from importlib import resources

        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def static_view(self) -> dict[str, Any]:
        """The board layout (perimeter, areas, skyscraper), the card titles, and the words
        the observation uses (phases, disaster areas, endings) with its limits."""
        view = self.board.static_view()
        view["cards"] = [{"id": c.id, "title": c.title, "disaster": c.disaster} for c in self.cards]
        view["target"] = self.target
        view["phases"] = list(PHASE_NAMES)
        view["areas"] = list(AREAS)
        view["endings"] = ["win", "shared win", "turn limit"]
        view["chips"] = CHIPS
        view["max_turns"] = MAX_TURNS
        return view

    def num_distinct_actions(self) -> int:
        """Corners, roll, end turn, two ways out, two keeps, 20 plays, a second card's
        draw; chance outcomes."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """The engine's hard limit on a history: room for set-up and ``MAX_TURNS`` turns
        with a disaster of 16 escape rounds each. A game reaching it ends undecided (an
        escaper may walk to and fro in a fire that never reaches both staircases, so no
        rule bounds a game)."""
        return self._action_limit

    def _new_state(self, seed: int) -> DisasterState:
        return DisasterState(self, seed)

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> DisasterState:
        """A board set up from a position document (:mod:`.position`), at the start of the
        turn of its ``turn`` seat: before the roll, no disaster in progress."""
        setup = read_position(
            position, self.num_players, self.board, self.cards, self.target, self.shared_ties
        )
        state = DisasterState(self, seed)
        state._phase = START
        state._turn = state._actor = setup.turn
        state._turns = setup.turns
        state._start = setup.starts
        state._extras = setup.extras
        state._pos = setup.positions
        state._chips = setup.chips
        out = sum(setup.chips)
        state._supply = max(0, CHIPS - out)
        state._substitutes = max(0, out - CHIPS)  # the bank stands in beyond 30 (R-0-2)
        state._in_area = setup.counts
        state._held = setup.held
        state._bottom = setup.bottom
        state._free = setup.free
        return state


# ---------------------------------------------------------------------------- state
class DisasterState(State):
    """A position of Disaster: tokens, chips, cards, and the disaster in progress."""

    _game: DisasterGame

    __slots__ = (
        "_actor",
        "_area",
        "_bottom",
        "_causer",
        "_chips",
        "_die",
        "_disasters",
        "_drawn",
        "_ending",
        "_escapers",
        "_extras",
        "_fire",
        "_free",
        "_gap",
        "_held",
        "_in_area",
        "_last_dice",
        "_phase",
        "_plane",
        "_pos",
        "_queue",
        "_round",
        "_ship",
        "_start",
        "_substitutes",
        "_supply",
        "_turn",
        "_turns",
        "_winners",
    )

    def __init__(self, game: DisasterGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self._phase = CORNER
        self._actor = 0
        self._turn = 0
        self._turns = 0
        self._pos: list[int] = [-1] * n
        self._start: list[int] = [-1] * n
        self._extras: list[int] = []  # corners already given to extra players
        self._chips: list[int] = [0] * n
        self._supply = CHIPS
        self._substitutes = 0  # chips beyond the box's 30, when they run out
        self._held: list[int] = [-1] * n
        self._free: list[int] = list(range(NUM_CARDS))  # the shuffled part of the deck
        self._bottom: list[int] = []  # cards put face down at the bottom, top first
        self._drawn = -1
        self._last_dice: list[int] = []
        self._area: str | None = None
        self._causer = -1
        self._escapers: list[int] = []
        self._queue: list[int] = []
        self._round = 0
        self._ship = 0
        self._plane = 0
        self._gap: tuple[int, int] | None = None
        self._fire: tuple[int, int] | None = None
        self._die = 0
        self._winners: list[int] = []
        self._ending: str | None = None
        # per seat and disaster area (index k in AREAS), the escapes at seat * 8 + k and
        # the perishings at seat * 8 + 4 + k; a seat's totals are their sums
        self._in_area: list[int] = [0] * (n * 2 * NAREAS)
        self._disasters: dict[str, int] = {"doubles": 0, "total of 3": 0, "card": 0}

    # --------------------------------------------------------------- the contract
    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` for dice and draws, ``TERMINAL`` at the end."""
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self._actor

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase in (START, ESC_ROLL):
            return [ROLL]
        if phase == CORNER:
            taken = set(self._start)
            return [CORNER_BASE + k for k, c in enumerate(self._corners()) if c not in taken]
        if phase == CHOICE:
            held, drawn = self._held[self._actor], self._drawn
            if held < 0:
                return [KEEP_DRAWN, PLAY_BASE + drawn]
            return sorted([KEEP_DRAWN, KEEP_HELD, PLAY_BASE + drawn, PLAY_BASE + held])
        if phase == AFTER:
            if self._may_draw_second():
                return [END_TURN, PLAY_BASE + self._held[self._actor], DRAW_SECOND]
            return [END_TURN, PLAY_BASE + self._held[self._actor]]
        if phase == ESC_DIR:
            return [MOVE_BACK, MOVE_ON]
        return []

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase in (ESC_DIE, SPREAD):
            return list(DIE_OUTCOMES)
        if phase == DICE:
            return list(DICE_OUTCOMES)
        if phase == DRAW:
            p = 1 / len(self._free)
            return [(DRAW_BASE + c, p) for c in sorted(self._free)]
        if phase == PLACE:
            free = [k for k, c in enumerate(self._corners()) if c not in self._extras]
            return [(PLACE_BASE + k, 1 / len(free)) for k in free]
        if phase == FIRST:
            n = self._game.num_players
            return [(FIRST_BASE + s, 1 / n) for s in range(n)]
        return []

    def _is_legal(self, action: int) -> bool:
        phase = self._phase
        if phase == DICE:
            return DICE_BASE <= action < DRAW_BASE
        if phase in (ESC_DIE, SPREAD):
            return DIE_BASE <= action < DICE_BASE
        if phase in (START, ESC_ROLL):
            return action == ROLL
        if phase == OVER:
            return False
        return action in self.legal_actions()

    def _sample_chance(self, u: int) -> int:
        phase = self._phase
        if phase == DICE:
            return DICE_BASE + ((u * 36) >> 64)
        if phase in (ESC_DIE, SPREAD):
            return DIE_BASE + ((u * 6) >> 64)
        if phase == DRAW:
            free = sorted(self._free)
            return DRAW_BASE + free[(u * len(free)) >> 64]
        return super()._sample_chance(u)

    def _refusal(self, action: int) -> IllegalActionError:
        phase = self._phase
        if phase in CHANCE_PHASES:
            return IllegalActionError(
                rule="R-0-3", reason="a die is rolled or a card drawn now", action=action
            )
        if not 0 <= action < NUM_ACTIONS:
            return IllegalActionError(rule="[turn]", reason="no such action", action=action)
        if phase == CORNER:
            if CORNER_BASE <= action < CORNER_BASE + 4:
                return IllegalActionError(
                    rule=R_SETUP,
                    reason="one player per corner: that corner is taken",
                    action=action,
                )
            return IllegalActionError(
                rule=R_SETUP, reason="players choose their starting corners first", action=action
            )
        if CORNER_BASE <= action < CORNER_BASE + 4:
            return IllegalActionError(
                rule=R_SETUP, reason="corners are chosen once, at the start", action=action
            )
        if PLAY_BASE <= action < PLAY_BASE + NUM_CARDS:
            if self._area is not None:
                reason = "no card is played during a disaster"
            elif phase == START:
                reason = "a card is played after you have rolled and moved"
            else:
                reason = "you can only play a card you hold or have just drawn"
            return IllegalActionError(rule=R_CARDS, reason=reason, action=action)
        if action in (KEEP_DRAWN, KEEP_HELD):
            return IllegalActionError(
                rule=R_CARDS, reason="there is no drawn card to keep or discard", action=action
            )
        if action in (MOVE_BACK, MOVE_ON):
            rule = AREA_RULE.get(self._area or "", R_MOVE)
            reason = (
                "only one way out is open: the fissure cannot be crossed"
                if self._area == "earthquake"
                else "the way is chosen only after an escape roll, where two ways are open"
            )
            return IllegalActionError(rule=rule, reason=reason, action=action)
        if action == ROLL:
            return IllegalActionError(
                rule=R_MOVE, reason="the dice are already rolled this turn", action=action
            )
        if action == END_TURN:
            return IllegalActionError(
                rule=R_MOVE, reason="the turn ends on its own unless you hold a card", action=action
            )
        if action == DRAW_SECOND:
            return IllegalActionError(
                rule=R_SECOND,
                reason="a second card is drawn only by a player holding one who has just "
                "landed on a Disaster space",
                action=action,
            )
        return IllegalActionError(rule="[turn]", reason="not a legal action now", action=action)

    def _action_text(self, action: int) -> str:
        game = self._game
        if action < ROLL:
            return f"start at the {game.board.names[self._corners()[action]].lower()}"
        if action == ROLL:
            return "roll"
        if action == END_TURN:
            return "end turn"
        if action == DRAW_SECOND:
            return "draw a second card"
        if action in (MOVE_BACK, MOVE_ON):
            word = "move on" if action == MOVE_ON else "move back"
            if self._phase != ESC_DIR:
                return word
            return f"{word} to {game.board.names[self._escape_target(action == MOVE_ON)]}"
        if action == KEEP_DRAWN:
            return "keep the card" if self._held[self._actor] < 0 else "keep the new card"
        if action == KEEP_HELD:
            return "keep the old card"
        if action < DIE_BASE:
            return f"play {game.cards[action - PLAY_BASE].title}"
        if action < DICE_BASE:
            return f"die shows {action - DIE_BASE + 1}"
        if action < DRAW_BASE:
            a, b = divmod(action - DICE_BASE, 6)
            return f"dice show {a + 1} and {b + 1}"
        if action < PLACE_BASE:
            return f"draw {game.cards[action - DRAW_BASE].title}"  # public_action_text hides it
        if action < FIRST_BASE:
            return f"placed at the {game.board.names[self._corners()[action - PLACE_BASE]].lower()}"
        return f"first player: seat {action - FIRST_BASE + 1}"

    def public_action_text(self, action: int, player: int | None = None) -> str:
        """What ``player`` (``None``: a spectator) is told of ``action``, taken now.

        A card drawn is seen by the drawer only ([Disaster Cards]); every other action is
        public: a card played is shown, and keeping or discarding a card shows no face.

        >>> import highcamp
        >>> s = highcamp.load_game("disaster", players=2).new_initial_state(seed=1)
        >>> for text in ("start at the north-west corner", "start at the south-east corner",
        ...              "first player: seat 1", "roll", "dice show 5 and 6"):
        ...     s.apply_action(s.string_to_action(text))
        >>> draw = s.string_to_action("draw Hull Breach")
        >>> s.public_action_text(draw, 0), s.public_action_text(draw, 1)
        ('you draw Hull Breach', 'seat 1 draws a Disaster card')
        """
        text = self.action_to_string(action)
        if self._phase == DRAW:
            if player == self._turn:
                return "you " + text
            return f"seat {self._turn + 1} draws a Disaster card"
        return text

    def _action_rule(self, action: int) -> str:
        if action == DRAW_SECOND:
            return R_SECOND
        if action < ROLL or action >= PLACE_BASE:
            return R_SETUP
        if action in (ROLL, *range(DIE_BASE, DICE_BASE)):
            return R_ROUNDS if self._area is not None else R_MOVE
        if action in (MOVE_BACK, MOVE_ON):
            return AREA_RULE.get(self._area or "", R_DISASTER)
        if DICE_BASE <= action < DRAW_BASE:
            return R_MOVE
        return R_CARDS

    _ALIASES: ClassVar[dict[str, int]] = {
        "r": ROLL,
        "back": MOVE_BACK,
        "on": MOVE_ON,
        "forward": MOVE_ON,
        "end": END_TURN,
        "keep": KEEP_DRAWN,
        "pass": END_TURN,
        "end turn": END_TURN,
        "move back": MOVE_BACK,
        "move on": MOVE_ON,
        "keep the card": KEEP_DRAWN,
        "keep the new card": KEEP_DRAWN,
        "keep the old card": KEEP_HELD,
        "draw": DRAW_SECOND,
        "draw a second card": DRAW_SECOND,
    }

    def _parse_action(self, text: str) -> int | None:
        if text in self._ALIASES:
            return self._ALIASES[text]
        if text.startswith("start at the "):
            for k, corner in enumerate(self._corners()):
                if text == f"start at the {self._game.board.names[corner].lower()}":
                    return CORNER_BASE + k
        if text.startswith("play "):
            title = text[5:].strip()
            for c in self._game.cards:
                if c.title.lower() == title:
                    return PLAY_BASE + c.id
        return None

    # ------------------------------------------------------------- transitions
    def _corners(self) -> tuple[int, ...]:
        return self._game.board.corners

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

    # set-up ------------------------------------------------------------------
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

    # a regular turn -------------------------------------------------------
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

    # disasters --------------------------------------------------------------
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

    # ----------------------------------------------------------------- results
    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others (all 0 before the end or undecided)."""
        n = self._game.num_players
        return [1.0 if s in self._winners else 0.0 for s in range(n)]

    def ending(self) -> str | None:
        """``win``, ``shared win`` or ``turn limit`` once the game is over."""
        return self._ending

    def winners(self) -> list[int]:
        """The winning seats (empty until the game is won)."""
        return list(self._winners)

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Survival chips per seat, with the escapes and perishings behind them.

        The figures add, per disaster (``ship``, ``earthquake``, ``plane``,
        ``skyscraper``), the seat's escapes and perishings in it (``escapes_ship``,
        ``perishings_ship``...), which judge the reconstructed deductions (R-D-1, R-0-2).
        """
        out = []
        for s in range(self._game.num_players):
            at = 2 * NAREAS * s
            escapes_in = self._in_area[at : at + NAREAS]
            perishes_in = self._in_area[at + NAREAS : at + 2 * NAREAS]
            escapes, perishes = sum(escapes_in), sum(perishes_in)
            lines = (
                ScoreLine("the starting chip", 1, R_SETUP),
                ScoreLine(f"{escapes} escapes", escapes, R_CHIPS),
                ScoreLine(
                    f"{perishes} perishings",
                    self._chips[s] - 1 - escapes,
                    R_CHIPS,
                ),
            )
            out.append(
                ScoreBreakdown(
                    player=s,
                    lines=lines,
                    total=self._chips[s],
                    figures={
                        "chips": self._chips[s],
                        "escapes": escapes,
                        "perishings": perishes,
                        "won": s in self._winners,
                        "turns": self._turns,
                        **{f"escapes_{a}": escapes_in[k] for k, a in enumerate(AREAS)},
                        **{f"perishings_{a}": perishes_in[k] for k, a in enumerate(AREAS)},
                    },
                )
            )
        return out

    def invariants(self) -> list[str]:
        """Cards, chips and tokens are all accounted for."""
        game = self._game
        board = game.board
        problems = []
        cards = [*self._free, *self._bottom, *(c for c in self._held if c >= 0)]
        if self._drawn >= 0:
            cards.append(self._drawn)
        if sorted(cards) != list(range(NUM_CARDS)):
            problems.append("the 20 Disaster cards are not all accounted for exactly once")
        if (self._drawn >= 0) != (self._phase == CHOICE):
            problems.append("a drawn card outside a card choice")
        if sum(self._chips) + self._supply != CHIPS + self._substitutes:
            problems.append("survival chips are not conserved (30, plus stand-ins once out)")
        if self._supply < 0 or min(self._chips) < 0 or self._substitutes < 0:
            problems.append("a negative count of chips")
        if self._substitutes and self._supply:
            problems.append("stand-in chips in play while the supply still has chips")
        placed = [s for s in range(game.num_players) if self._start[s] >= 0]
        for s in placed:
            if not 0 <= self._pos[s] < board.size:
                problems.append(f"seat {s + 1} is nowhere")
            if self._start[s] not in board.corners:
                problems.append(f"seat {s + 1} did not start on a corner")
        if self._phase not in (CORNER, PLACE) and len(placed) != game.num_players:
            problems.append("a player has no starting corner")
        firsts = [c for c in self._start[:4] if c >= 0]
        if len(set(firsts)) != len(firsts) or len(set(self._extras)) != len(self._extras):
            problems.append("two players chose, or were placed on, the same corner")
        for s in self._escapers:
            if board.area[self._pos[s]] != self._area:
                problems.append(f"escaping seat {s + 1} is not in the disaster area")
        if self._area is None and (self._escapers or self._ship or self._plane or self._gap):
            problems.append("disaster pieces are out with no disaster")
        return problems

    # ------------------------------------------------------------------- views
    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": PHASE_NAMES[self._phase],
            "actor": self._actor,
            "turn": self._turn,
            "turns": self._turns,
            "positions": list(self._pos),
            "starts": list(self._start),
            "extras": list(self._extras),
            "chips": list(self._chips),
            "supply": self._supply,
            "stand_in_chips": self._substitutes,
            "held": list(self._held),
            "deck": sorted(self._free),
            "bottom": list(self._bottom),
            "drawn": self._drawn,
            "dice": list(self._last_dice),
            "disaster": self._disaster_view(),
            "winners": list(self._winners),
            "ending": self._ending,
            "escapes": [self.escapes(s) for s in range(self._game.num_players)],
            "perishings": [self.perishings(s) for s in range(self._game.num_players)],
            "escapes_by_disaster": self._by_area(0),
            "perishings_by_disaster": self._by_area(NAREAS),
            "disasters": dict(self._disasters),
        }

    def escapes(self, seat: int) -> int:
        """``seat``'s escapes so far, from every disaster."""
        at = 2 * NAREAS * seat
        return sum(self._in_area[at : at + NAREAS])

    def perishings(self, seat: int) -> int:
        """``seat``'s perishings so far, in every disaster."""
        at = 2 * NAREAS * seat + NAREAS
        return sum(self._in_area[at : at + NAREAS])

    def _by_area(self, offset: int) -> list[dict[str, int]]:
        """Per seat, the escapes (``offset`` 0) or perishings (4) by disaster area."""
        counts = self._in_area
        return [
            {a: counts[2 * NAREAS * s + offset + k] for k, a in enumerate(AREAS)}
            for s in range(self._game.num_players)
        ]

    def _disaster_view(self) -> dict[str, Any] | None:
        if self._area is None:
            return None
        return {
            "area": self._area,
            "caused_by": self._causer,
            "round": self._round,
            "escaping": list(self._escapers),
            "to_roll": list(self._queue),
            "ship_position": self._ship,
            "plane_position": self._plane,
            "fissure": list(self._gap) if self._gap is not None else None,
            "fire": list(self._fire) if self._fire is not None else None,
            "die": self._die if self._phase == ESC_DIR else None,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the other players' cards and the deck order."""
        self._check_player(player)
        return self._view(player)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: the board, chips and the disaster in progress; who holds a
        card, never its face (as :meth:`observation`, with no seat's own card shown)."""
        return self._view(None)

    def _view(self, player: int | None) -> dict[str, Any]:
        game = self._game
        board = game.board
        cards = game.cards
        players = []
        for s in range(game.num_players):
            pos = self._pos[s]
            held = self._held[s]
            players.append(
                {
                    "seat": s,
                    "position": pos,
                    "space": board.names[pos] if pos >= 0 else None,
                    "start": self._start[s],
                    "chips": self._chips[s],
                    "holds_card": held >= 0,
                    "card": cards[held].title if held >= 0 and s == player else None,
                    "escapes": self.escapes(s),
                    "perishings": self.perishings(s),
                }
            )
        drawn = self._drawn
        return {
            "phase": PHASE_NAMES[self._phase],
            "to_act": self.current_player(),
            "turn": self._turn,
            "turns": self._turns,
            "players": players,
            "supply": self._supply,
            "stand_in_chips": self._substitutes,
            "deck_size": len(self._free) + len(self._bottom),
            "deck_bottom": len(self._bottom),
            "drawn": (
                cards[drawn].title if player is not None and self._actor == player else "hidden"
            )
            if drawn >= 0
            else None,
            "dice": list(self._last_dice),
            "disaster": self._disaster_view(),
            "target": game.target,
            "disasters": dict(self._disasters),
            "winners": list(self._winners),
            "ending": self._ending,
        }

    def resample_hidden(self, player: int, seed: int) -> DisasterState:
        """A state ``player`` cannot tell apart: the cards it cannot see redealt at random
        (other players' cards, a card another player is deciding on, the deck)."""
        self._check_player(player)
        new = self.clone()
        slots: list[tuple[str, int]] = []
        pool: list[int] = []
        for s, c in enumerate(new._held):
            if c >= 0 and s != player:
                slots.append(("held", s))
                pool.append(c)
        if new._drawn >= 0 and new._actor != player:
            slots.append(("drawn", 0))
            pool.append(new._drawn)
        for k, c in enumerate(new._bottom):
            slots.append(("bottom", k))
            pool.append(c)
        pool.extend(new._free)
        pool.sort()  # the unseen cards as a set: their true places must not steer the draw
        rng = random.Random(seed)
        rng.shuffle(pool)
        for (kind, k), card in zip(slots, pool, strict=False):
            if kind == "held":
                new._held[k] = card
            elif kind == "drawn":
                new._drawn = card
            else:
                new._bottom[k] = card
        new._free = sorted(pool[len(slots) :])
        return new

    def clone(self) -> DisasterState:
        """An independent copy."""
        new = self._copy_base()
        new._phase = self._phase
        new._actor = self._actor
        new._turn = self._turn
        new._turns = self._turns
        new._pos = self._pos.copy()
        new._start = self._start.copy()
        new._extras = self._extras.copy()
        new._chips = self._chips.copy()
        new._supply = self._supply
        new._substitutes = self._substitutes
        new._held = self._held.copy()
        new._free = self._free.copy()
        new._bottom = self._bottom.copy()
        new._drawn = self._drawn
        new._last_dice = self._last_dice.copy()
        new._area = self._area
        new._causer = self._causer
        new._escapers = self._escapers.copy()
        new._queue = self._queue.copy()
        new._round = self._round
        new._ship = self._ship
        new._plane = self._plane
        new._gap = self._gap
        new._fire = self._fire
        new._die = self._die
        new._winners = self._winners.copy()
        new._ending = self._ending
        new._in_area = self._in_area.copy()
        new._disasters = dict(self._disasters)
        return new

    # ---------------------------------------------------------- for renderers
    @property
    def positions(self) -> list[int]:
        """Every token's space id."""
        return list(self._pos)

    @property
    def chips(self) -> list[int]:
        """Survival chips per seat."""
        return list(self._chips)
