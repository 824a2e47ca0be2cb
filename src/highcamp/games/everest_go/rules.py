"""Everest Go!: dress your mountaineer, spoil the others', and shout EVEREST! in time.

A turn is decomposed into small actions:

* ``play head 3`` (a garment on its body part), ``play Oxygen`` (a special item), or
  ``play Yeti`` (an action card) followed by its choices (``target seat 2 head``,
  ``target seat 3``, ``take Tent``, ``thaw boots``, ``pass the Cold left``,
  ``avalanche pants left``) [How to Play];
* or ``discard Yeti``, then more discards and ``stop discarding`` [3. Improve Your Hand];
* ``Tent`` / ``no Tent`` asked of each targeted player before an action card resolves
  (R-GO-4), always asked, so that the question reveals nothing about a hand;
* ``EVEREST!`` at the decision points of the shouter's own turn when the condition holds,
  and ``end turn`` after the option when it holds (R-GO-5);
* then one chance step per card drawn (``draw Yeti``) until the hand holds three (R-0-3).

>>> import highcamp
>>> game = highcamp.load_game("everest-go", players=3, first_player=1)
>>> s = game.new_initial_state(seed=1)
>>> s.current_player() == highcamp.CHANCE, len(s.chance_outcomes())
(True, 37)
>>> while s.is_chance_node():
...     _ = s.apply_random_chance()
>>> s.current_player(), len(s.observation(0)["hand"]), s.observation(0)["deck"]
(0, 3, 67)
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    Game,
    GameInfo,
    IllegalActionError,
    OptionError,
    OptionSpec,
    ScoreBreakdown,
    ScoreLine,
    State,
)

from .cards import (
    ACTION_NAMES,
    AVALANCHE,
    BACKPACK,
    BLIZZARD,
    COLD,
    FIRE,
    GODDESS,
    HYPOTHERMIA,
    SNOWBALL,
    TENT,
    THEFT,
    YETI,
    Cards,
    standard_cards,
)
from .determinise import rewrite_history
from .position import read_position

__all__ = ["ACTION_IDS", "SPECIAL_IDS", "EverestGoGame", "EverestGoState"]

CARDS: Cards = standard_cards()
NK = len(CARDS.kinds)  # 37 kinds
NPARTS = len(CARDS.parts)  # 6
MAXP = 4
SLOTS = NPARTS + 2  # body parts, then Oxygen and Flag
FA = CARDS.first_action
FS = CARDS.first_special
NA = len(ACTION_NAMES)  # 11 action cards
NSPECIAL = NK - FS  # 2 special items
ACTION_IDS = tuple(name.lower().replace(" ", "_") for name in ACTION_NAMES)
"""Action card ids for figures: ``equipment_theft``, ..., ``tent``, ..., ``avalanche``."""
SPECIAL_IDS = tuple(CARDS.kinds[k].lower() for k in range(FS, NK))
"""Special item ids for figures: ``oxygen``, ``flag``."""

# --------------------------------------------------------------------------- action ids
DRAW_BASE = 0  # chance: draw a card of kind k
FIRST_BASE = DRAW_BASE + NK  # chance: seat s goes first
PLAY_BASE = FIRST_BASE + MAXP  # play a card of kind k from the hand
DISCARD_BASE = PLAY_BASE + NK  # discard a card of kind k
STOP = DISCARD_BASE + NK  # stop discarding
EVEREST = STOP + 1
END_TURN = EVEREST + 1
PASS = END_TURN + 1  # only with an empty hand
SLOT_BASE = PASS + 1  # target seat q, slot s: q * SLOTS + s
SEAT_BASE = SLOT_BASE + MAXP * SLOTS  # target seat q
TAKE_BASE = SEAT_BASE + MAXP  # take a card of kind k (a hand, or the discard pile)
THAW_BASE = TAKE_BASE + NK  # Fire: discard the Hypothermia on part p
FIRE_COLD = THAW_BASE + NPARTS  # Fire: pass the Cold to the left
AVALANCHE_BASE = FIRE_COLD + 1  # part * 2 + direction (0 left, 1 right)
TENT_YES = AVALANCHE_BASE + NPARTS * 2
TENT_NO = TENT_YES + 1
NUM_ACTIONS = TENT_NO + 1

# ----------------------------------------------------------------------------- phases
DEAL, FIRST, MAIN, DISCARDING, TARGET, SECOND, ASK, TAKE, AFTER, DRAW, OVER = range(11)
PHASES = (
    "deal",
    "first player",
    "main",
    "discarding",
    "target",
    "second target",
    "tent",
    "take",
    "after",
    "draw",
    "over",
)

R_SETUP = "[Game Setup]"
R_TURN = "[How to Play]"
R_GARMENT = "[1. Play One Garment or Special Item Card]"
R_DISCARD = "[3. Improve Your Hand]"
R_DECK = "[3. Improve Your Hand] discard pile, R-0-3"
R_END = "[End of the Game] R-GO-5"
R_SCORE = "[End of the Game]"
R_TENT = "[7. Tent] R-GO-4"
CARD_RULES = tuple(f"[{i + 1}. {name}]" for i, name in enumerate(ACTION_NAMES))
DIRECTIONS = ("left", "right")


def _seat(q: int) -> str:
    return f"seat {q + 1}"


def _slot_name(s: int) -> str:
    return CARDS.parts[s] if s < NPARTS else CARDS.kinds[FS + s - NPARTS]


def _remove(items: list[int], kind: int) -> bool:
    i = bisect.bisect_left(items, kind)
    if i < len(items) and items[i] == kind:
        del items[i]
        return True
    return False


# ----------------------------------------------------------------------------- game
class EverestGoGame(Game):
    """Everest Go! for 2 to 4 players.

    >>> game = EverestGoGame(players=2, beginners=True)
    >>> game.num_players, sum(game.setup_deck()), game.num_distinct_actions()
    (2, 66, 213)
    """

    INFO = GameInfo(
        id="everest-go",
        title="Everest Go!",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec("players", int, 3, "number of players", minimum=2, maximum=4),
            OptionSpec(
                "beginners",
                bool,
                False,
                "the beginners' game: Blizzard and Avalanche stay in the box [Game Setup]",
            ),
            OptionSpec(
                "first_player",
                int,
                None,
                "seat (1-based) that takes the first turn; by default a chance step chooses "
                "it (the rulebook's 'more clothes on' [Game Setup])",
                minimum=1,
                maximum=4,
                nullable=True,
            ),
            OptionSpec(
                "perfect_recall",
                bool,
                False,
                "observations add every card the player has seen played, hidden garments "
                "included (R-GO-3); by default they show only what lies on the table",
            ),
        ),
        chance=True,
        hidden_information=True,
        components=(
            Component("character cards", "rulebook", "", "[Components], [Game Setup]"),
            Component(
                "garments",
                "reconstructed",
                "48 garments in outfits of six, two outfits per value 1-4 (R-GO-1)",
                "data/cards.json",
            ),
            Component(
                "action card counts",
                "reconstructed",
                "only Blizzard 2 and Avalanche 2 are printed; the other counts are chosen (R-GO-2)",
                "data/cards.json",
            ),
            Component(
                "special item points",
                "reconstructed",
                "Oxygen and Flag have no printed value; 3 points each (R-GO-2)",
                "data/cards.json",
            ),
            Component("set-up table", "rulebook", "", "[Game Setup], R-GO-1"),
        ),
        summary="Dress your mountaineer with garments, spoil the others' with action cards, "
        "and shout EVEREST! when you are fully dressed and ahead.",
        rulebook="everest-go.txt",
    )

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """2, 3 and 4 players, and the beginners' game for 3."""
        return [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "beginners": True}]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        first = self.options["first_player"]
        if first is not None and first > self.num_players:
            raise OptionError(
                "first_player",
                f"option 'first_player' must be between 1 and {self.num_players}, not {first}",
            )
        self.cards = CARDS

    def setup_deck(self) -> list[int]:
        """Copies of each kind in the deck after the set-up returned cards to the box."""
        deck = list(CARDS.copies)
        for value in CARDS.returned_outfits[self.num_players]:
            for part in range(NPARTS):
                deck[CARDS.garment(part, value)] -= 1
        if self.options["beginners"]:
            for kind in CARDS.beginners_removed:
                deck[kind] = 0
        return deck

    def rules_text(self) -> str:
        """The rules in brief, in highcamp's own words, with section references."""
        from importlib import resources

        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def static_view(self) -> dict[str, Any]:
        """Body parts, card kinds with copies, points and effects, the phases and endings the
        observation names, the hand size and the deck exhaustions that end the game."""
        return {
            "phases": list(PHASES),
            "endings": ["everest", "deck"],
            "hand_size": CARDS.hand_size,
            "exhaustions_to_end": CARDS.exhaustions_to_end,
            "parts": list(CARDS.parts),
            "kinds": [
                {
                    "name": CARDS.kinds[k],
                    "copies": CARDS.copies[k],
                    "points": CARDS.points[k],
                    "effect": CARDS.effects[k],
                    "rule": CARDS.rules[k],
                }
                for k in range(NK)
            ],
        }

    def num_distinct_actions(self) -> int:
        """Draws, first player, play, discard, targets, takes, Fire, Avalanche, Tent."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: three decks of draws and the turns between them.

        Turns that draw nothing (Mountain Goddess taking a Mountain Goddess back, round
        after round) could in principle go on for ever; no rule stops them.
        """
        return 50_000

    def _new_state(self, seed: int) -> EverestGoState:
        return EverestGoState(self, seed)

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> EverestGoState:
        """A table set up from a position document (:mod:`.position`), at the start of the
        turn of its ``turn`` seat (or over, with ``"ending": "deck"``): nobody knows
        another's hand, nothing is being resolved."""
        setup = read_position(position, self.num_players, self.setup_deck(), CARDS)
        state = EverestGoState(self, seed)
        state._turn = state._drawer = setup.turn
        state._phase = MAIN
        state._deals = 0
        state._hands = setup.hands
        state._stacks = setup.stacks
        state._frozen = setup.frozen
        state._specials = setup.specials
        state._colds = setup.colds
        state._discard = setup.discard
        state._deck = setup.deck
        state._deck_size = sum(setup.deck)
        state._exhaustions = setup.exhaustions
        if setup.ending is not None:  # a finished game, to study its score
            state._phase = OVER
            state._ending = setup.ending
        for q, items in enumerate(setup.specials):  # the figures: items ever held
            for kind in items:
                state._tally[self.num_players * NA + q * NSPECIAL + kind - FS] = 1
        return state


# ----------------------------------------------------------------------------- state
class EverestGoState(State):
    """A position of Everest Go!.

    Seats are 0-based in code and 1-based in texts; "left" is the next seat clockwise.
    """

    def __init__(self, game: EverestGoGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self._n = n
        self._perfect = bool(game.options["perfect_recall"])
        self._deck = game.setup_deck()
        self._deck_size = sum(self._deck)
        self._box = [c - d for c, d in zip(CARDS.copies, self._deck, strict=True)]
        self._discard = [0] * NK
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._stacks: list[list[list[int]]] = [[[] for _ in range(NPARTS)] for _ in range(n)]
        self._frozen: list[list[bool]] = [[False] * NPARTS for _ in range(n)]
        self._specials: list[list[int]] = [[] for _ in range(n)]
        self._colds = [0] * n
        self._known: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
        self._played: list[list[Any]] = []
        self._exhaustions = 0
        # figures, one list (one copy per clone): action cards played at seat * NA + card
        # (Tents included), then 1 at n * NA + seat * NSPECIAL + item if the seat ever held
        # that special item
        self._tally = [0] * (n * (NA + NSPECIAL))
        self._turn = 0
        self._phase = DEAL
        self._drawer = 0
        self._deals = CARDS.hand_size * n
        self._card = -1  # the action card being resolved (index into ACTION_NAMES)
        self._picks: list[int] = []  # its targets (slot or seat ids, Fire/Avalanche choice)
        self._asks: list[int] = []  # seats still to be asked for a Tent
        self._tented: list[int] = []  # Avalanche: seats that answered with a Tent
        self._victim = -1  # Backpack Stealing: the hand being looked at
        self._shouted = -1
        self._ending: str | None = None
        self._tracker: Any = None  # set only on the replicas resample_hidden() keeps
        self._resample_cache: dict[int, Any] = {}

    # --------------------------------------------------------------- queries
    def current_player(self) -> int:
        phase = self._phase
        if phase in (DEAL, FIRST, DRAW):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == ASK:
            return self._asks[0]
        return self._turn

    def hand(self, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand (sorted)."""
        return [CARDS.kinds[k] for k in self._hands[player]]

    def can_shout(self, player: int) -> bool:
        """The condition of EVEREST!: a garment on every body part, and no Hypothermia."""
        return all(self._stacks[player]) and not any(self._frozen[player])

    def _targetable(self, q: int, s: int) -> bool:
        """A visible garment that Snowball and Yeti may discard."""
        stack = self._stacks[q][s]
        return bool(stack) and not self._frozen[q][s] and CARDS.points[stack[-1]] < 4

    def _slot_options(self, card: int) -> list[int]:
        p = self._turn
        out: list[int] = []
        for q in range(self._n):
            base = SLOT_BASE + q * SLOTS
            for s in range(NPARTS):
                if card == THEFT:
                    ok = (
                        q != p
                        and bool(self._stacks[q][s])
                        and not self._frozen[q][s]
                        and not self._frozen[p][s]
                    )
                elif card == HYPOTHERMIA:
                    ok = not self._frozen[q][s]
                else:  # Snowball, Yeti, Blizzard
                    ok = self._targetable(q, s)
                if ok:
                    out.append(base + s)
            if card == THEFT and q != p:
                out.extend(base + NPARTS + k - FS for k in self._specials[q])
        return out

    def _second_options(self) -> list[int]:
        q1, s1 = divmod(self._picks[0] - SLOT_BASE, SLOTS)
        out: list[int] = []
        for q in range(self._n):
            for s in range(NPARTS):
                if q == q1 and s == s1:
                    stack = self._stacks[q][s]
                    if len(stack) >= 2 and CARDS.points[stack[-2]] < 4:
                        out.append(SLOT_BASE + q * SLOTS + s)
                elif self._targetable(q, s):
                    out.append(SLOT_BASE + q * SLOTS + s)
        return out

    def _card_playable(self, card: int) -> bool:
        p = self._turn
        if card == TENT:
            return False
        if card in (SNOWBALL, YETI, BLIZZARD):
            return any(self._targetable(q, s) for q in range(self._n) for s in range(NPARTS))
        if card == HYPOTHERMIA:
            return not all(all(f) for f in self._frozen)
        if card == THEFT:
            return bool(self._slot_options(card))
        if card == BACKPACK:
            return any(self._hands[q] for q in range(self._n) if q != p)
        if card == GODDESS:
            return any(self._discard)
        if card == FIRE:
            return any(self._frozen[p]) or self._colds[p] > 0
        return True  # Cold, Avalanche

    def _playable(self, kind: int) -> bool:
        if kind < FA:
            return not self._frozen[self._turn][CARDS.part_of(kind)]
        if kind >= FS:
            return True
        return self._card_playable(kind - FA)

    def _legal_actions(self) -> Sequence[int]:
        phase = self._phase
        p = self._turn
        out: list[int] = []
        if phase == MAIN:
            hand = self._hands[p]
            kinds = sorted(set(hand))
            out.extend(PLAY_BASE + k for k in kinds if self._playable(k))
            out.extend(DISCARD_BASE + k for k in kinds)
            if self.can_shout(p):
                out.append(EVEREST)
            if not hand:
                out.append(PASS)
        elif phase == DISCARDING:
            out.extend(DISCARD_BASE + k for k in sorted(set(self._hands[p])))
            out.append(STOP)
            if self.can_shout(p):
                out.append(EVEREST)
        elif phase == TARGET:
            card = self._card
            if card in (THEFT, SNOWBALL, YETI, BLIZZARD, HYPOTHERMIA):
                out = self._slot_options(card)
            elif card == BACKPACK:
                out = [SEAT_BASE + q for q in range(self._n) if q != p and self._hands[q]]
            elif card == COLD:
                out = [SEAT_BASE + q for q in range(self._n)]
            elif card == FIRE:
                out = [THAW_BASE + s for s in range(NPARTS) if self._frozen[p][s]]
                if self._colds[p]:
                    out.append(FIRE_COLD)
            elif card == AVALANCHE:
                out = list(range(AVALANCHE_BASE, AVALANCHE_BASE + 2 * NPARTS))
        elif phase == SECOND:
            out = self._second_options()
        elif phase == TAKE:
            source = self._discard if self._card == GODDESS else None
            if source is not None:
                out = [TAKE_BASE + k for k in range(NK) if source[k]]
            else:
                out = [TAKE_BASE + k for k in sorted(set(self._hands[self._victim]))]
        elif phase == ASK:
            asked = self._asks[0]
            if _has(self._hands[asked], FA + TENT):
                out.append(TENT_YES)
            out.append(TENT_NO)
        elif phase == AFTER:
            return [EVEREST, END_TURN]
        if (
            phase != MAIN
            and phase != DISCARDING
            and self.current_player() == p
            and self.can_shout(p)
        ):
            out.append(EVEREST)  # any decision point of the shouter's own turn (R-GO-5)
            out.sort()
        return out

    def _is_legal(self, action: int) -> bool:
        """Table lookups for draws and the main step; the listed actions otherwise."""
        phase = self._phase
        if phase in (DEAL, DRAW):
            return 0 <= action < NK and self._deck[action] > 0
        if phase == FIRST:
            return FIRST_BASE <= action < FIRST_BASE + self._n
        if phase == OVER:
            return False
        if phase == MAIN:
            hand = self._hands[self._turn]
            if PLAY_BASE <= action < DISCARD_BASE:
                k = action - PLAY_BASE
                return _has(hand, k) and self._playable(k)
            if DISCARD_BASE <= action < STOP:
                return _has(hand, action - DISCARD_BASE)
            if action == EVEREST:
                return self.can_shout(self._turn)
            return action == PASS and not hand
        return action in self._legal_actions()

    def _sample_chance(self, u: int) -> int:
        """The card for the 64-bit draw ``u``: exact integer sampling over the deck's counts."""
        if self._phase == FIRST:
            return FIRST_BASE + (u * self._n >> 64)
        r = u * self._deck_size >> 64
        for k, c in enumerate(self._deck):
            if r < c:
                return DRAW_BASE + k
            r -= c
        raise AssertionError("the deck is empty at a draw")  # pragma: no cover

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        if self._phase == FIRST:
            return [(FIRST_BASE + q, 1.0 / self._n) for q in range(self._n)]
        size = self._deck_size
        return [(DRAW_BASE + k, c / size) for k, c in enumerate(self._deck) if c]

    # --------------------------------------------------------------- texts
    def _action_text(self, action: int) -> str:
        if action < FIRST_BASE:
            return f"draw {CARDS.kinds[action - DRAW_BASE]}"
        if action < PLAY_BASE:
            return f"{_seat(action - FIRST_BASE)} goes first"
        if action < DISCARD_BASE:
            return f"play {CARDS.kinds[action - PLAY_BASE]}"
        if action < STOP:
            return f"discard {CARDS.kinds[action - DISCARD_BASE]}"
        if action == STOP:
            return "stop discarding"
        if action == EVEREST:
            return "EVEREST!"
        if action == END_TURN:
            return "end turn"
        if action == PASS:
            return "pass"
        if action < SEAT_BASE:
            q, s = divmod(action - SLOT_BASE, SLOTS)
            return f"target {_seat(q)} {_slot_name(s)}"
        if action < TAKE_BASE:
            return f"target {_seat(action - SEAT_BASE)}"
        if action < THAW_BASE:
            return f"take {CARDS.kinds[action - TAKE_BASE]}"
        if action < FIRE_COLD:
            return f"thaw {CARDS.parts[action - THAW_BASE]}"
        if action == FIRE_COLD:
            return "pass the Cold left"
        if action < TENT_YES:
            part, d = divmod(action - AVALANCHE_BASE, 2)
            return f"avalanche {CARDS.parts[part]} {DIRECTIONS[d]}"
        return "Tent" if action == TENT_YES else "no Tent"

    def public_action_text(self, action: int, player: int | None = None) -> str:
        """What ``player`` (``None``: an onlooker) sees of ``action``, taken now.

        Draws and the card taken with Backpack Stealing are told only to those who see them
        (R-GO-3); everything else is public.
        """
        phase = self._phase
        if phase in (DEAL, DRAW) and action < FIRST_BASE:
            if player == self._drawer:
                return f"you draw {CARDS.kinds[action - DRAW_BASE]}"
            return f"{_seat(self._drawer)} draws a card"
        if phase == TAKE and self._card == BACKPACK and TAKE_BASE <= action < THAW_BASE:
            if player in (self._turn, self._victim):
                return f"{_seat(self._turn)} takes {CARDS.kinds[action - TAKE_BASE]} from " + (
                    "your hand" if player == self._victim else f"{_seat(self._victim)}'s hand"
                )
            return f"{_seat(self._turn)} takes a card from {_seat(self._victim)}'s hand"
        return self.action_to_string(action)

    def _action_rule(self, action: int) -> str:
        if action < FIRST_BASE:
            return R_DECK if self._phase == DRAW else R_SETUP
        if action < PLAY_BASE:
            return f"{R_SETUP} first player"
        if action < DISCARD_BASE:
            kind = action - PLAY_BASE
            return CARD_RULES[kind - FA] if CARDS.is_action(kind) else R_GARMENT
        if action <= STOP:
            return R_DISCARD
        if action in (EVEREST, END_TURN):
            return R_END
        if action == PASS:
            return R_TURN
        if action in (TENT_YES, TENT_NO):
            return R_TENT
        return CARD_RULES[self._card] if self._card >= 0 else R_TURN

    def _refusal(self, action: int) -> IllegalActionError:
        phase = self._phase

        def err(rule: str, reason: str) -> IllegalActionError:
            return IllegalActionError(rule=rule, reason=reason, action=action)

        if not 0 <= action < NUM_ACTIONS:
            return err(R_TURN, f"no action has id {action}")
        if phase in (DEAL, FIRST, DRAW):
            return err("R-0-3", "a chance step: only a listed outcome may be applied")
        if action < PLAY_BASE:
            return err("R-0-3", "draws and the first player are chance steps")
        p = self._turn
        if phase in (MAIN, DISCARDING) and PLAY_BASE <= action < STOP:
            kind = (action - PLAY_BASE) % NK if action < DISCARD_BASE else action - DISCARD_BASE
            if not _has(self._hands[p], kind):
                return err(R_TURN, f"{CARDS.kinds[kind]} is not in your hand")
            if phase == DISCARDING:
                return err(R_DISCARD, "improving your hand: only more discards are allowed")
            if kind < FA:
                return err("[8. Hypothermia]", f"your {CARDS.parts[kind // 4]} is frozen")
            card = kind - FA
            if card == TENT:
                return err(R_TENT, "a Tent is played only when an action card targets you")
            return err(CARD_RULES[card], f"{ACTION_NAMES[card]} has nothing to act on now")
        if action == EVEREST:
            return err(R_END, "EVEREST! needs a garment on every body part and no Hypothermia")
        if action == TENT_YES and phase == ASK:
            return err(R_TENT, "you have no Tent in your hand")
        if phase in (TARGET, SECOND, TAKE) and self._card >= 0:
            return err(CARD_RULES[self._card], "not a choice this card allows now")
        return err(R_TURN, f"not a legal action in the {PHASES[phase]} step")

    def _parse_action(self, text: str) -> int | None:
        for a in range(NUM_ACTIONS):
            try:
                if " ".join(self._action_text(a).lower().split()) == text:
                    return a
            except (IndexError, ValueError):  # pragma: no cover - every id has a text
                continue
        return None

    # --------------------------------------------------------------- transitions
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
            self._finish("everest", f"{_seat(self._turn)} shouts EVEREST!")
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
        _remove(self._hands[p], kind)
        for r in range(self._n):
            if r != p:
                _remove(self._known[r][p], kind)
        if self._perfect:
            self._played.append([p, CARDS.kinds[kind]])
        if self._tracker is not None:
            self._tracker.leave(p, kind)

    def _start_turn(self, p: int, why: str) -> None:
        self._turn = p
        self._phase = MAIN
        if why:
            self._emit(f"{_seat(p)} takes the first turn ({why})", f"{R_SETUP} first player")

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
                self._emit(f"{_seat(b.player)} scores {b.total:g}", R_SCORE)

    # ------------------------------------------------------------ action cards
    def _targets(self) -> list[int]:
        """Seats an action card is played against (its owner excluded), clockwise."""
        p, n, card = self._turn, self._n, self._card
        seats: set[int] = set()
        if card in (THEFT, SNOWBALL, YETI, BLIZZARD, HYPOTHERMIA):
            seats = {(a - SLOT_BASE) // SLOTS for a in self._picks}
        elif card in (BACKPACK, COLD):
            seats = {self._picks[0] - SEAT_BASE}
        elif card == FIRE and self._picks[0] == FIRE_COLD:
            seats = {(p + 1) % n}
        elif card == AVALANCHE:
            part = (self._picks[0] - AVALANCHE_BASE) // 2
            seats = {q for q in range(n) if not self._frozen[q][part]}
        seats.discard(p)
        return [q for q in ((p + k) % n for k in range(1, n)) if q in seats]

    def _open_tent_window(self) -> None:
        self._asks = self._targets()
        self._tented = []
        if self._asks:
            self._phase = ASK
        else:
            self._resolve()

    def _answer_tent(self, tent: bool) -> None:
        asked = self._asks.pop(0)
        if not tent:
            if not self._asks:
                self._resolve()
            return
        self._discard_from_hand(asked, FA + TENT)
        self._tally[asked * NA + TENT] += 1
        card = self._card
        if card == COLD:
            target = (asked + 1) % self._n
            self._picks = [SEAT_BASE + target]
            self._emit(f"the Cold passes to {_seat(target)}, left of the Tent", "[9. Cold] R-GO-4")
            self._asks = [target]
        elif card == AVALANCHE:
            self._tented.append(asked)
            self._emit(f"{_seat(asked)} shelters from the Avalanche", "[11. Avalanche]")
            if not self._asks:
                self._resolve()
        else:
            self._emit(f"{ACTION_NAMES[card]} is cancelled by the Tent", R_TENT)
            self._discard[FA + card] += 1
            self._end_option()

    def _resolve(self) -> None:
        p, card = self._turn, self._card
        rule = CARD_RULES[card]
        keep = False  # Hypothermia and Cold stay on the table
        if card == THEFT:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            if s < NPARTS:
                self._stacks[p][s].append(self._stacks[q][s].pop())
            else:
                self._specials[q].remove(FS + s - NPARTS)
                self._specials[p].append(FS + s - NPARTS)
                self._tally[self._n * NA + p * NSPECIAL + s - NPARTS] = 1
                self._specials[p].sort()
        elif card == BACKPACK:
            self._victim = self._picks[0] - SEAT_BASE
            self._phase = TAKE
            if self._tracker is not None:
                self._tracker.look(p, self._victim)
            return
        elif card in (SNOWBALL, YETI):
            for a in self._picks:
                q, s = divmod(a - SLOT_BASE, SLOTS)
                self._discard[self._stacks[q][s].pop()] += 1
        elif card == BLIZZARD:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            stack = self._stacks[q][s]
            while stack and CARDS.points[stack[-1]] < 4:
                self._discard[stack.pop()] += 1
            if stack:
                self._emit("Blizzard stops at a 4-point garment", rule)
        elif card == HYPOTHERMIA:
            q, s = divmod(self._picks[0] - SLOT_BASE, SLOTS)
            self._frozen[q][s] = True
            keep = True
        elif card == COLD:
            self._colds[self._picks[0] - SEAT_BASE] += 1
            keep = True
        elif card == FIRE:
            choice = self._picks[0]
            if choice == FIRE_COLD:
                self._colds[p] -= 1
                self._colds[(p + 1) % self._n] += 1
            else:
                self._frozen[p][choice - THAW_BASE] = False
                self._discard[FA + HYPOTHERMIA] += 1
        elif card == AVALANCHE:
            self._avalanche()
        if not keep:
            self._discard[FA + card] += 1
        self._end_option()

    def _avalanche(self) -> None:
        part, d = divmod(self._picks[0] - AVALANCHE_BASE, 2)
        n = self._n
        step = 1 if d == 0 else -1
        movers = [
            q
            for q in ((self._turn + step * k) % n for k in range(n))
            if not self._frozen[q][part] and q not in self._tented
        ]
        if len(movers) < 2:
            return
        old = [self._stacks[q][part] for q in movers]
        for i in range(len(movers)):
            self._stacks[movers[(i + 1) % len(movers)]][part] = old[i]
        if self._log is not None:
            self._emit(
                f"the Avalanche moves every {CARDS.parts[part]} {DIRECTIONS[d]} among "
                + ", ".join(_seat(q) for q in movers),
                "[11. Avalanche]",
            )

    def _take(self, kind: int) -> None:
        p = self._turn
        if kind >= FS:
            self._tally[self._n * NA + p * NSPECIAL + kind - FS] = 1
        if self._card == GODDESS:
            self._discard[kind] -= 1
            bisect.insort(self._hands[p], kind)
            for r in range(self._n):
                if r != p:
                    bisect.insort(self._known[r][p], kind)
            if self._tracker is not None:
                self._tracker.enter(p, kind)
        else:
            q = self._victim
            _remove(self._hands[q], kind)
            bisect.insort(self._hands[p], kind)
            self._known[p][q] = list(self._hands[q])
            bisect.insort(self._known[q][p], kind)
            for r in range(self._n):
                if r not in (p, q):
                    self._known[r][q] = []
            if self._tracker is not None:
                self._tracker.steal(p, q, kind)
        self._discard[FA + self._card] += 1
        self._end_option()

    # --------------------------------------------------------------- scoring
    def _scoring(self, q: int) -> tuple[int, list[int]]:
        """Garment points counted (frozen parts excluded) and scoring garments by value."""
        by_value = [0, 0, 0, 0]
        total = 0
        for s in range(NPARTS):
            if self._frozen[q][s]:
                continue
            for kind in self._stacks[q][s]:
                v = CARDS.points[kind]
                by_value[v - 1] += 1
                total += v
        return total, by_value

    def score(self, q: int) -> int:
        """``q``'s score now: garments (frozen parts excluded), special items, Cold, bonus."""
        garments, _ = self._scoring(q)
        specials = sum(CARDS.points[k] for k in self._specials[q])
        bonus = CARDS.everest_bonus if self._shouted == q else 0
        return garments + specials + bonus - CARDS.cold_penalty * self._colds[q]

    def tie_key(self, q: int) -> tuple[int, ...]:
        """Score, then the tie-breaks in order: EVEREST!, special items, 4-, 3-, 2-, 1-point
        garments [End of the Game]."""
        _, by_value = self._scoring(q)
        return (
            self.score(q),
            int(self._shouted == q),
            len(self._specials[q]),
            by_value[3],
            by_value[2],
            by_value[1],
            by_value[0],
        )

    def winners(self) -> list[int]:
        """The seats that win (more than one only when every tie-break ties)."""
        keys = [self.tie_key(q) for q in range(self._n)]
        best = max(keys)
        return [q for q in range(self._n) if keys[q] == best]

    def returns(self) -> list[float]:
        """1 for each winner and 0 for the others at the end (after every tie-break)."""
        if self._phase != OVER:
            return [0.0] * self._n
        won = self.winners()
        return [1.0 if q in won else 0.0 for q in range(self._n)]

    def ending(self) -> str | None:
        """``"everest"`` (someone shouted) or ``"deck"`` (third exhaustion); None before."""
        return self._ending

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Each mountaineer's score line by line, with the tie-break figures.

        The figures also count, per seat, the action cards played (``played_<card id>``, all
        11 always present, Tent answers as ``played_tent``), whether the seat ever held
        Oxygen or the Flag (``held_oxygen``, ``held_flag``: in its hand or in front of it),
        and, on every seat, how many times the deck ran out (``deck_runs``).
        """
        won = self.winners() if self._phase == OVER else []
        out = []
        for q in range(self._n):
            lines: list[ScoreLine] = []
            for s in range(NPARTS):
                stack = self._stacks[q][s]
                if not stack:
                    continue
                pts = sum(CARDS.points[k] for k in stack)
                if self._frozen[q][s]:
                    lines.append(
                        ScoreLine(f"{CARDS.parts[s]}: frozen ({pts} not counted)", 0, CARD_RULES[7])
                    )
                else:
                    count = f"{len(stack)} garment" + ("s" if len(stack) > 1 else "")
                    lines.append(ScoreLine(f"{CARDS.parts[s]}: {count}", pts, R_SCORE))
            for k in self._specials[q]:
                lines.append(ScoreLine(CARDS.kinds[k], CARDS.points[k], R_SCORE))
            if self._colds[q]:
                lines.append(
                    ScoreLine(
                        f"Cold x{self._colds[q]}",
                        -CARDS.cold_penalty * self._colds[q],
                        CARD_RULES[COLD],
                    )
                )
            if self._shouted == q:
                lines.append(ScoreLine("EVEREST!", CARDS.everest_bonus, R_END))
            key = self.tie_key(q)
            out.append(
                ScoreBreakdown(
                    player=q,
                    lines=tuple(lines),
                    total=float(key[0]),
                    band=None,
                    figures={
                        "everest": bool(key[1]),
                        "special_items": key[2],
                        "garments_by_points": {"4": key[3], "3": key[4], "2": key[5], "1": key[6]},
                        "winner": q in won,
                        "deck_runs": self._exhaustions,
                        **self._seat_tallies(q),
                    },
                )
            )
        return out

    def _seat_tallies(self, q: int) -> dict[str, int | bool]:
        """``q``'s plays of each action card and whether it ever held each special item."""
        tally = self._tally
        out: dict[str, int | bool] = {
            f"played_{ACTION_IDS[a]}": tally[q * NA + a] for a in range(NA)
        }
        at = self._n * NA + q * NSPECIAL
        for i in range(NSPECIAL):
            out[f"held_{SPECIAL_IDS[i]}"] = bool(tally[at + i])
        return out

    # --------------------------------------------------------------- views
    def _mountaineer(self, q: int, full: bool) -> dict[str, Any]:
        parts = []
        for s in range(NPARTS):
            stack = self._stacks[q][s]
            entry: dict[str, Any] = {
                "part": CARDS.parts[s],
                "top": CARDS.kinds[stack[-1]] if stack else None,
                "height": len(stack),
                "hidden": max(len(stack) - 1, 0),
                "frozen": self._frozen[q][s],
            }
            if full:
                entry["garments"] = [CARDS.kinds[k] for k in stack]
            parts.append(entry)
        return {
            "seat": q,
            "parts": parts,
            "special_items": [CARDS.kinds[k] for k in self._specials[q]],
            "cold": self._colds[q],
            "hand_size": len(self._hands[q]),
            "can_shout": self.can_shout(q),
        }

    def _pending(self) -> dict[str, Any] | None:
        if self._card < 0:
            return None
        return {
            "card": ACTION_NAMES[self._card],
            "player": self._turn,
            "choices": [self._action_text(a) for a in self._picks],
            "to_ask": list(self._asks),
            "tented": list(self._tented),
            "victim": self._victim if self._victim >= 0 else None,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand, the table (visible garments, hidden counts), the
        public discard pile, the deck size, cards known in other hands (R-GO-3)."""
        self._check_player(player)
        obs: dict[str, Any] = {
            "seat": player,
            "players": self._n,
            "turn": self._turn,
            "to_act": self.current_player(),
            "phase": PHASES[self._phase],
            "hand": self.hand(player),
            "mountaineers": [self._mountaineer(q, False) for q in range(self._n)],
            "deck": self._deck_size,
            "discard": {CARDS.kinds[k]: c for k, c in enumerate(self._discard) if c},
            "box": {CARDS.kinds[k]: c for k, c in enumerate(self._box) if c},
            "exhaustions": self._exhaustions,
            "known_hands": [
                {"seat": q, "cards": [CARDS.kinds[k] for k in self._known[player][q]]}
                for q in range(self._n)
                if q != player and self._known[player][q]
            ],
            "pending": self._pending(),
            "everest": self._shouted if self._shouted >= 0 else None,
            "ending": self._ending,
        }
        if self._phase == OVER:
            obs["winners"] = self.winners()
        if self._phase == TAKE and self._card == BACKPACK and player == self._turn:
            obs["looking_at"] = self.hand(self._victim)
        if self._perfect:
            obs["garments"] = [
                [[CARDS.kinds[k] for k in st] for st in self._stacks[q]] for q in range(self._n)
            ]
            obs["played"] = [list(x) for x in self._played]
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: the table (visible garments, hidden counts), hand sizes,
        the discard pile and the deck size; no card of any hand (R-GO-3)."""
        obs: dict[str, Any] = {
            "players": self._n,
            "turn": self._turn,
            "to_act": self.current_player(),
            "phase": PHASES[self._phase],
            "mountaineers": [self._mountaineer(q, False) for q in range(self._n)],
            "deck": self._deck_size,
            "discard": {CARDS.kinds[k]: c for k, c in enumerate(self._discard) if c},
            "box": {CARDS.kinds[k]: c for k, c in enumerate(self._box) if c},
            "exhaustions": self._exhaustions,
            "pending": self._pending(),
            "everest": self._shouted if self._shouted >= 0 else None,
            "ending": self._ending,
        }
        if self._phase == OVER:
            obs["winners"] = self.winners()
        if self._perfect:
            obs["garments"] = [
                [[CARDS.kinds[k] for k in st] for st in self._stacks[q]] for q in range(self._n)
            ]
            obs["played"] = [list(x) for x in self._played]
        return obs

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": PHASES[self._phase],
            "turn": self._turn,
            "drawer": self._drawer,
            "deals": self._deals,
            "hands": [list(h) for h in self._hands],
            "deck": list(self._deck),
            "discard": list(self._discard),
            "box": list(self._box),
            "stacks": [[list(st) for st in m] for m in self._stacks],
            "frozen": [list(f) for f in self._frozen],
            "specials": [list(x) for x in self._specials],
            "colds": list(self._colds),
            "known": [[list(k) for k in row] for row in self._known],
            "exhaustions": self._exhaustions,
            "tallies": [self._seat_tallies(q) for q in range(self._n)],
            "card": self._card,
            "picks": list(self._picks),
            "asks": list(self._asks),
            "tented": list(self._tented),
            "victim": self._victim,
            "shouted": self._shouted,
            "ending": self._ending,
        }

    # --------------------------------------------------------------- invariants
    def card_counts(self) -> dict[str, list[int]]:
        """Copies of each kind in every zone (deck, hands, discard, mountaineers, box...)."""
        zones: dict[str, list[int]] = {
            "deck": list(self._deck),
            "discard": list(self._discard),
            "box": list(self._box),
            "hands": [0] * NK,
            "mountaineers": [0] * NK,
            "in play": [0] * NK,
        }
        for h in self._hands:
            for k in h:
                zones["hands"][k] += 1
        table = zones["mountaineers"]
        for q in range(self._n):
            for s in range(NPARTS):
                for k in self._stacks[q][s]:
                    table[k] += 1
                table[FA + HYPOTHERMIA] += self._frozen[q][s]
            for k in self._specials[q]:
                table[k] += 1
            table[FA + COLD] += self._colds[q]
        if self._card >= 0 and self._phase in (TARGET, SECOND, ASK, TAKE):
            zones["in play"][FA + self._card] += 1
        return zones

    def invariants(self) -> list[str]:
        """All 106 cards accounted for; hands and knowledge consistent."""
        problems: list[str] = []
        zones = self.card_counts()
        total = 0
        for k in range(NK):
            have = sum(z[k] for z in zones.values())
            total += have
            if have != CARDS.copies[k]:
                problems.append(f"{CARDS.kinds[k]}: {have} copies, not {CARDS.copies[k]}")
        characters = len(CARDS.parts) * CARDS.mountaineers
        total += characters  # n mountaineers on the table, the others' cards in the box
        if total != CARDS.total_cards:
            problems.append(f"{total} cards, not {CARDS.total_cards}")
        if self._deck_size != sum(self._deck):
            problems.append("deck size out of step")
        for r in range(self._n):
            for q in range(self._n):
                known = self._known[r][q]
                if any(known.count(k) > self._hands[q].count(k) for k in set(known)):
                    problems.append(f"seat {r + 1} 'knows' cards seat {q + 1} does not hold")
        if self._phase != OVER and self._exhaustions >= CARDS.exhaustions_to_end:
            problems.append("the game should have ended at the third exhaustion")
        return problems

    # --------------------------------------------------------------- copies
    def clone(self) -> EverestGoState:
        """A cheap independent copy."""
        new = self._copy_base()
        new._n = self._n
        new._perfect = self._perfect
        new._deck = list(self._deck)
        new._deck_size = self._deck_size
        new._box = self._box
        new._discard = list(self._discard)
        new._hands = [list(h) for h in self._hands]
        new._stacks = [[list(st) for st in m] for m in self._stacks]
        new._frozen = [list(f) for f in self._frozen]
        new._specials = [list(x) for x in self._specials]
        new._colds = list(self._colds)
        new._known = [[list(k) for k in row] for row in self._known]
        new._played = [list(x) for x in self._played]
        new._exhaustions = self._exhaustions
        new._tally = self._tally.copy()
        new._turn = self._turn
        new._phase = self._phase
        new._drawer = self._drawer
        new._deals = self._deals
        new._card = self._card
        new._picks = list(self._picks)
        new._asks = list(self._asks)
        new._tented = list(self._tented)
        new._victim = self._victim
        new._shouted = self._shouted
        new._ending = self._ending
        new._tracker = None
        new._resample_cache = {}
        return new

    def resample_hidden(self, player: int, seed: int) -> EverestGoState:
        """A state ``player`` cannot tell from this one, with a history that replays.

        Every card ``player`` has not seen since it was last shuffled into the deck (the
        deck, and the unseen part of the other hands) takes the kind of another such card
        of the same shuffle, at random; the draws and Backpack thefts that moved them are
        rewritten to match, so the new state is an ordinary state of the game. What the
        player has seen (own draws, cards played, hands looked at) is kept.
        """
        self._check_player(player)
        history, hands = rewrite_history(self, player, random.Random(seed), DRAW_BASE, TAKE_BASE)
        position = self.start_position
        if position is None:
            state = EverestGoState(self._game, self._seed)  # type: ignore[arg-type]
        else:  # the hands the position set up, dealt anew like the draws
            names = [[CARDS.kinds[k] for k in hand] for hand in hands]
            doc = {**position, "hands": names}
            state = cast(EverestGoState, self._game.state_from_position(doc, seed=self._seed))
        for action in history:  # legal by construction (tests replay it with checks)
            state._apply(action)
            state._history.append(action)
        return state


def _has(items: list[int], kind: int) -> bool:
    i = bisect.bisect_left(items, kind)
    return i < len(items) and items[i] == kind
