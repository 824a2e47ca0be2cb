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

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from highcamp.core import (
    CHANCE,
    TERMINAL,
    Component,
    GameInfo,
    IllegalActionError,
    OptionSpec,
)

from .action_cards import ActionCards
from .base import EverestGoTable
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
)
from .constants import (
    ACTION_IDS,
    AFTER,
    ASK,
    AVALANCHE_BASE,
    CARD_RULES,
    CARDS,
    DEAL,
    DIRECTIONS,
    DISCARD_BASE,
    DISCARDING,
    DRAW,
    DRAW_BASE,
    END_TURN,
    EVEREST,
    FA,
    FIRE_COLD,
    FIRST,
    FIRST_BASE,
    FS,
    MAIN,
    NA,
    NK,
    NPARTS,
    NSPECIAL,
    NUM_ACTIONS,
    OVER,
    PASS,
    PHASES,
    PLAY_BASE,
    R_DECK,
    R_DISCARD,
    R_END,
    R_GARMENT,
    R_SETUP,
    R_TENT,
    R_TURN,
    SEAT_BASE,
    SECOND,
    SLOT_BASE,
    SLOTS,
    SPECIAL_IDS,
    STOP,
    TAKE,
    TAKE_BASE,
    TARGET,
    TENT_NO,
    TENT_YES,
    THAW_BASE,
    has_sorted,
    seat_name,
    slot_name,
)
from .determinise import rewrite_history
from .position import read_position
from .turn import TurnRules
from .views import EverestGoViews

__all__ = ["ACTION_IDS", "SPECIAL_IDS", "EverestGoGame", "EverestGoState"]


# ----------------------------------------------------------------------------- game
class EverestGoGame(EverestGoTable):
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
class EverestGoState(TurnRules, ActionCards, EverestGoViews):
    """A position of Everest Go! (its fields in ``base``, its steps in ``turn`` and
    ``action_cards``, its views in ``views``).

    Seats are 0-based in code and 1-based in texts; "left" is the next seat clockwise.
    """

    def current_player(self) -> int:
        phase = self._phase
        if phase in (DEAL, FIRST, DRAW):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == ASK:
            return self._asks[0]
        return self._turn

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
            if has_sorted(self._hands[asked], FA + TENT):
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
                return has_sorted(hand, k) and self._playable(k)
            if DISCARD_BASE <= action < STOP:
                return has_sorted(hand, action - DISCARD_BASE)
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

    def _action_text(self, action: int) -> str:
        if action < FIRST_BASE:
            return f"draw {CARDS.kinds[action - DRAW_BASE]}"
        if action < PLAY_BASE:
            return f"{seat_name(action - FIRST_BASE)} goes first"
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
            return f"target {seat_name(q)} {slot_name(s)}"
        if action < TAKE_BASE:
            return f"target {seat_name(action - SEAT_BASE)}"
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
            return f"{seat_name(self._drawer)} draws a card"
        if phase == TAKE and self._card == BACKPACK and TAKE_BASE <= action < THAW_BASE:
            if player in (self._turn, self._victim):
                return f"{seat_name(self._turn)} takes {CARDS.kinds[action - TAKE_BASE]} from " + (
                    "your hand" if player == self._victim else f"{seat_name(self._victim)}'s hand"
                )
            return f"{seat_name(self._turn)} takes a card from {seat_name(self._victim)}'s hand"
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
            if not has_sorted(self._hands[p], kind):
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

    def resample_hidden(self, player: int, seed: int) -> EverestGoState:
        """A state ``player`` cannot tell from this one, with a history that replays.

        The history is read as ``player`` saw it (:mod:`.determinise`): the cards it has
        not seen since they were last shuffled into the deck (the deck, and the unseen part
        of the other hands) are dealt anew at random within their shuffle, and the draws and
        Backpack thefts that moved them are rewritten to match, so the new state is an
        ordinary state of the game. What the player has seen (own draws, cards played,
        hands looked at) is kept, and the redraw depends on nothing else.
        """
        self._check_player(player)
        history, hands = rewrite_history(self, player, random.Random(seed), DRAW_BASE, TAKE_BASE)
        position = self.start_position
        if position is None:
            state = EverestGoState(self._game, self._seed)
        else:  # the hands the position set up, dealt anew like the draws
            names = [[CARDS.kinds[k] for k in hand] for hand in hands]
            doc = {**position, "hands": names}
            state = cast(EverestGoState, self._game.state_from_position(doc, seed=self._seed))
        for action in history:  # legal by construction (tests replay it with checks)
            state._apply(action)
            state._history.append(action)
        return state
