"""Determinisation for Everest Go!: a history a player cannot tell from the real one.

:func:`rewrite_history` replays a state's history while following every card a player has
not seen. Cards are tracked one by one only while they are unseen: from the moment a
shuffle puts them in the deck (or set-up deals them) until they are drawn by the player,
played, discarded, or seen in a hand with Backpack Stealing. Cards of one shuffle that are
still unseen can trade kinds without changing anything the player saw, so the draws (and the
Backpack thefts between other players) that moved them are rewritten with the new kinds.
"""

from __future__ import annotations

import random
from typing import Any

EverestGoState = Any
"""The rules' state, handed in by :meth:`EverestGoState.resample_hidden` (this module does
not import the rules, which import it)."""

__all__ = ["rewrite_history"]


class _Tracker:
    """Follows physical cards from one player's point of view during a replay."""

    def __init__(
        self,
        state: EverestGoState,
        player: int,
        deck: list[int],
        hands: list[list[int]] | None = None,
    ) -> None:
        self.state = state
        self.player = player
        self.kind: list[int] = []
        self.seen: list[bool] = []
        self.epoch: list[int] = []
        self.current_epoch = 0
        self.deck: dict[int, list[int]] = {}
        self.hands: list[dict[int, list[int]]] = [{} for _ in range(state._n)]
        self.rewrites: list[tuple[int, int]] = []  # (history index, card id)
        self.first: dict[int, int] = {}  # card id -> history index of its first rewrite
        self._fill(deck)
        # a game set up from a position starts with hands nobody else has seen
        self.start_hands: list[list[int]] = [[] for _ in range(state._n)]
        for q, hand in enumerate(hands or []):
            for kind in hand:
                cid = self._new(kind, q == player)
                self.hands[q].setdefault(kind, []).append(cid)
                self.start_hands[q].append(cid)

    def _new(self, kind: int, seen: bool) -> int:
        self.kind.append(kind)
        self.seen.append(seen)
        self.epoch.append(self.current_epoch)
        return len(self.kind) - 1

    def _fill(self, counts: list[int]) -> None:
        self.deck = {k: [self._new(k, False) for _ in range(c)] for k, c in enumerate(counts) if c}

    def _take_from(self, pile: dict[int, list[int]], kind: int) -> int:
        ids = pile[kind]
        # a card the player has seen leaves first: the unseen one stays unseen
        for i, cid in enumerate(ids):
            if self.seen[cid]:
                return ids.pop(i)
        cid = ids.pop()
        if pile is not self.hands[self.player]:
            cid = self._canonical(pile, cid)
        return cid

    def _canonical(self, pile: dict[int, list[int]], cid: int) -> int:
        """The unseen card of another hand that leaves, chosen from what the player saw.

        Which of a hand's unseen cards (drawn at which history index) was the one played or
        stolen, the player cannot know; following the true card would make the redraw (its
        history) depend on it. The card that entered the hand first among its unseen cards
        of the same shuffle leaves instead, the two trading kinds (both unseen, both of one
        shuffle: the player saw nothing that tells them apart).
        """
        epoch = self.epoch[cid]
        first = self.first
        candidates = [
            c
            for ids in pile.values()
            for c in ids
            if not self.seen[c] and self.epoch[c] == epoch and c in first
        ]
        if cid not in first or not candidates:
            return cid
        pick = min(candidates, key=lambda c: (first[c], c))
        if first[pick] >= first[cid]:
            return cid
        kind, other = self.kind[cid], self.kind[pick]
        pile[other].remove(pick)
        if not pile[other]:
            del pile[other]
        pile.setdefault(other, []).append(cid)
        self.kind[cid], self.kind[pick] = other, kind
        return pick

    def _rewrite(self, cid: int) -> None:
        index = len(self.state._history)
        self.rewrites.append((index, cid))
        self.first.setdefault(cid, index)

    def draw(self, drawer: int, kind: int) -> None:
        cid = self.deck[kind].pop()
        self.hands[drawer].setdefault(kind, []).append(cid)
        if drawer == self.player:
            self.seen[cid] = True
        else:
            self._rewrite(cid)

    def leave(self, owner: int, kind: int) -> None:
        self._take_from(self.hands[owner], kind)

    def enter(self, owner: int, kind: int) -> None:
        self.hands[owner].setdefault(kind, []).append(self._new(kind, True))

    def look(self, thief: int, victim: int) -> None:
        if thief == self.player:
            for ids in self.hands[victim].values():
                for cid in ids:
                    self.seen[cid] = True

    def steal(self, thief: int, victim: int, kind: int) -> None:
        cid = self._take_from(self.hands[victim], kind)
        self.hands[thief].setdefault(kind, []).append(cid)
        if self.player in (thief, victim):
            self.seen[cid] = True
        else:
            self._rewrite(cid)

    def reshuffle(self, counts: list[int]) -> None:
        self.current_epoch += 1
        self._fill(counts)

    def unseen(self) -> list[int]:
        """Ids of the cards still unseen: in the deck or in another player's hand."""
        out = [cid for ids in self.deck.values() for cid in ids]
        for q, hand in enumerate(self.hands):
            if q != self.player:
                out.extend(cid for ids in hand.values() for cid in ids if not self.seen[cid])
        return sorted(out)


def _tracked(state: EverestGoState, player: int) -> _Tracker:
    """A tracker that has followed ``state``'s history, kept on the state and caught up."""
    cached: tuple[EverestGoState, _Tracker] | None = state._resample_cache.get(player)
    history = state._history
    if cached is not None:
        replica, tracker = cached
        done = len(replica._history)
        if done > len(history) or replica._history != history[:done]:
            cached = None
    if cached is None:
        position = state.start_position
        if position is None:
            replica = type(state)(state._game, state.seed)
            tracker = _Tracker(replica, player, list(replica._deck))
        else:
            replica = state.game.state_from_position(position, seed=state.seed)
            hands = [list(h) for h in replica._hands]
            tracker = _Tracker(replica, player, list(replica._deck), hands)
        replica._tracker = tracker
        state._resample_cache[player] = (replica, tracker)
        done = 0
    for action in history[done:]:
        replica._apply(action)
        replica._history.append(action)
    return tracker


def rewrite_history(
    state: EverestGoState, player: int, rng: random.Random, draw_base: int, take_base: int
) -> tuple[list[int], list[list[int]]]:
    """``state``'s history with the unseen cards of each shuffle dealt anew at random
    (``draw_base`` and ``take_base``: the first action ids of draws and of takes), and the
    kinds of the hands a position document set up (empty hands for a game from its initial
    state), rewritten the same way."""
    tracker = _tracked(state, player)
    # The redraw may depend only on what the player saw: which physical card (id) is still
    # unseen, and in what order, follows the real draws, so the unseen cards of a shuffle
    # are ordered by the first (public) history index that moved them into a hand (cards
    # still in the deck last: interchangeable), and their kinds are sorted before shuffling.
    first = tracker.first
    deck_key = len(state._history)
    by_epoch: dict[int, list[int]] = {}
    for cid in tracker.unseen():
        by_epoch.setdefault(tracker.epoch[cid], []).append(cid)
    new_kind: dict[int, int] = {}
    for epoch in sorted(by_epoch):
        ids = sorted(by_epoch[epoch], key=lambda c: (first.get(c, deck_key), c))
        kinds = sorted(tracker.kind[cid] for cid in ids)
        rng.shuffle(kinds)
        new_kind.update(zip(ids, kinds, strict=True))
    out = list(state._history)
    kind = tracker.kind  # the kinds the tracker settled on (cards that left a hand)
    for index, cid in tracker.rewrites:
        base = draw_base if out[index] < take_base else take_base
        out[index] = base + new_kind.get(cid, kind[cid])
    hands = [sorted(new_kind.get(cid, kind[cid]) for cid in h) for h in tracker.start_hands]
    return out, hands
