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

from collections.abc import Mapping
from typing import Any, ClassVar

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    GameInfo,
    IllegalActionError,
    OptionSpec,
)

from .base import DisasterTable
from .board import AREAS
from .constants import (
    AFTER,
    AREA_RULE,
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
    NUM_ACTIONS,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLACE_BASE,
    PLAY_BASE,
    R_CARDS,
    R_DISASTER,
    R_MOVE,
    R_ROUNDS,
    R_SECOND,
    R_SETUP,
    ROLL,
    SPREAD,
    START,
    TIES,
)
from .disasters import DisasterRules
from .position import read_position
from .turn import TurnRules
from .views import DisasterViews

__all__ = ["DRAW_BASE", "PLAY_BASE", "DisasterGame", "DisasterState"]


# ----------------------------------------------------------------------------- game
class DisasterGame(DisasterTable):
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
class DisasterState(TurnRules, DisasterRules, DisasterViews):
    """A position of Disaster: tokens, chips, cards, and the disaster in progress (its
    fields in ``base``, its steps in ``turn`` and ``disasters``, its views in ``views``)."""

    __slots__ = ()

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
