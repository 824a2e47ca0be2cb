"""Determinisation for Everest Go!: a history a player cannot tell from the real one, drawn
from what that player saw alone.

A replay of the state's history records what moved the cards (:class:`_Recorder`): draws,
cards played or discarded face up, cards taken from the discard pile, Backpack Stealing
(the look and the theft) and reshuffles. :func:`_solve` then reads that record as the
player saw it: a card drawn by another player is a *slot* of its shuffle (which kind it
is, the player does not know), a card the player drew, saw in a hand or saw played has a
known kind. Each shuffle keeps a *pool*, the kinds of its cards the player has not seen.
Where the player cannot tell which of a hand's cards was played or stolen, the solver
chooses from the player's view alone (the card that entered the hand first, among those
the pool allows), and where a later event shows a choice impossible (a card drawn that
its shuffle no longer holds, a hand looked at that the choices cannot give), it goes back
to the last choice and takes the next one. The solution depends on the player's view only,
so the redraw does: :func:`rewrite_history` deals each pool at random over its shuffle's
unseen slots and rewrites the draws (and the thefts between other players) to match.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

EverestGoState = Any
"""The rules' state, handed in by :meth:`EverestGoState.resample_hidden` (this module does
not import the rules, which import it)."""

__all__ = ["new_cache", "rewrite_history"]

LOCK = "lock"
"""The key of the lock in a state's ``_resample_cache``."""


class _Lock:
    """The lock a state and its clones share with their record and solutions (the dict that
    holds them is copied by ``clone()``, so its entries are shared): held while the record is
    caught up and solved (the web server may redraw two of a table's states in two threads
    at once), while other tables' states redraw freely. A copy made by pickling gets a lock
    of its own.

    >>> import pickle
    >>> with pickle.loads(pickle.dumps(_Lock())): pass
    """

    __slots__ = ("_lock",)

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __enter__(self) -> bool:
        return self._lock.acquire()

    def __exit__(self, *exc: object) -> None:
        self._lock.release()

    def __reduce__(self) -> tuple[type[_Lock], tuple[()]]:
        return (_Lock, ())


def new_cache() -> dict[Any, Any]:
    """A new state's ``_resample_cache``: its lock; the record and the solutions come when
    first asked for.

    >>> sorted(new_cache())
    ['lock']
    """
    return {LOCK: _Lock()}


MAX_RESTARTS = 200
"""Backtracking budget: past it the solver would follow the true kinds (a consistent answer,
no longer drawn from the view alone); with the cards the player cannot tell apart taken as
one option, the games of the tests backtrack a few passes at most."""


class _Recorder:
    """Kept on a replica while it replays the history: every card movement, with the true
    kinds (the solver hides from each player the ones it did not see)."""

    def __init__(self, replica: EverestGoState) -> None:
        self.replica = replica
        self.deck = list(replica._deck)
        self.hands = [list(h) for h in replica._hands]  # set up by a position document
        self.events: list[tuple[Any, ...]] = []

    def _index(self) -> int:
        return len(self.replica._history)

    def draw(self, drawer: int, kind: int) -> None:
        self.events.append(("draw", self._index(), drawer, kind))

    def leave(self, owner: int, kind: int) -> None:
        self.events.append(("leave", self._index(), owner, kind))

    def enter(self, owner: int, kind: int) -> None:
        self.events.append(("enter", self._index(), owner, kind))

    def look(self, thief: int, victim: int) -> None:
        seen = tuple(sorted(self.replica._hands[victim]))
        self.events.append(("look", self._index(), thief, victim, seen))

    def steal(self, thief: int, victim: int, kind: int) -> None:
        self.events.append(("steal", self._index(), thief, victim, kind))

    def reshuffle(self, counts: list[int]) -> None:
        self.events.append(("reshuffle", self._index(), tuple(counts)))


@dataclass
class _Slot:
    """A card in a hand as one player follows it."""

    order: int  # where it entered what the player saw (history index; set-up hands first)
    epoch: int  # the shuffle it came from
    kind: int = -1  # -1 while the player has not seen it
    rewrites: list[int] = field(default_factory=list)  # history indices naming its kind
    start: int = -1  # the seat whose set-up hand it was dealt to (-1: drawn in play)


class _Contradiction(Exception):
    """The choices so far cannot give an event the player saw: what ran short (the hand,
    ``None`` for the deck; the kind, ``None`` for any; the shuffles concerned)."""

    def __init__(self, hand: int | None = None, kind: int | None = None, epochs: Any = ()) -> None:
        super().__init__()
        self.hand = hand
        self.kind = kind
        self.epochs = frozenset(epochs)


@dataclass
class _Point:
    """A choice the solver made: at which event, which option of how many, the kinds it
    took from which shuffles' pools, the hands it changed."""

    event: int
    pick: int
    options: int
    took: set[tuple[int, int]] = field(default_factory=set)
    hands: set[int] = field(default_factory=set)

    def caused(self, why: _Contradiction) -> int:
        """How directly this choice may be why ``why`` ran short: 2 when it took the kind
        that ran short from a shuffle concerned, 1 when it changed the hand, else 0."""
        if any(e in why.epochs and why.kind in (None, k) for e, k in self.took):
            return 2
        return int(why.hand is not None and why.hand in self.hands)


class _Run:
    """One pass of the solver over the record, with the choices ``forced`` so far."""

    def __init__(self, rec: _Recorder, player: int, forced: dict[int, int], truth: bool) -> None:
        self.player = player
        self.forced = forced
        self.truth = truth
        self.points: list[_Point] = []
        self.epoch = 0
        self.pools: list[Counter[int]] = [Counter({k: c for k, c in enumerate(rec.deck) if c})]
        self.hands: list[list[_Slot]] = [[] for _ in rec.hands]
        self.slots: list[_Slot] = []
        for q, hand in enumerate(rec.hands):
            for j, kind in enumerate(hand):
                known = q == player or truth
                slot = self._slot(-len(rec.hands) * 16 + q * 16 + j, kind if known else -1)
                slot.start = q
                if not known:
                    self.pools[0][kind] += 1  # an unseen card of the set-up shuffle
                self.hands[q].append(slot)

    def _slot(self, order: int, kind: int) -> _Slot:
        slot = _Slot(order, self.epoch, kind)
        self.slots.append(slot)
        return slot

    def _choose(self, event: int, options: list[Any], why: _Contradiction) -> Any:
        if not options:
            raise why
        pick = self.forced.get(event, 0)
        if pick >= len(options):
            raise why
        if len(options) > 1:
            self.points.append(_Point(event, pick, len(options)))
        return options[pick]

    def _note(self, event: int, took: tuple[int, int] | None = None, hand: int = -1) -> None:
        """What the choice just made at ``event`` took and changed (for backjumping)."""
        if self.points and self.points[-1].event == event:
            if took is not None:
                self.points[-1].took.add(took)
            if hand >= 0:
                self.points[-1].hands.add(hand)

    def _take(self, epoch: int, kind: int, hand: int | None) -> None:
        pool = self.pools[epoch]
        if pool[kind] <= 0:
            raise _Contradiction(hand, kind, (epoch,))
        pool[kind] -= 1

    def _leaving(self, hand: list[_Slot], kind: int) -> list[_Slot]:
        """The cards of ``hand`` that may be the one of ``kind`` that leaves it: the first
        known one, then the first unseen one of each shuffle that allows the kind, in the
        order they came. Cards that the player cannot tell apart (known, of the same kind;
        or unseen, from the same shuffle) are one option: whichever leaves, the rest reads
        the same, so trying each would only repeat the search."""
        pools = self.pools
        known = min((s for s in hand if s.kind == kind), key=_order, default=None)
        unseen = sorted((s for s in hand if s.kind < 0 and pools[s.epoch][kind] > 0), key=_order)
        return ([known] if known is not None else []) + _first_of_each_shuffle(unseen)

    def _reveal(self, slot: _Slot, kind: int, event: int, hand: int) -> None:
        if slot.kind < 0:
            self._take(slot.epoch, kind, hand)
            slot.kind = kind
            self._note(event, (slot.epoch, kind))
        self._note(event, hand=hand)

    def run(self, events: list[tuple[Any, ...]]) -> None:
        me = self.player
        for e, event in enumerate(events):
            what, index = event[0], event[1]
            if what == "draw":
                _, _, drawer, kind = event
                if drawer == me or self.truth:
                    self._take(self.epoch, kind, None)
                    slot = self._slot(index, kind)
                else:
                    slot = self._slot(index, -1)
                if drawer != me:
                    slot.rewrites.append(index)
                self.hands[drawer].append(slot)
            elif what == "leave":
                _, _, owner, kind = event
                hand = self.hands[owner]
                why = _Contradiction(owner, kind, {s.epoch for s in hand if s.kind < 0})
                slot = self._choose(e, self._leaving(hand, kind), why)
                self._reveal(slot, kind, e, owner)
                self.hands[owner].remove(slot)
            elif what == "enter":
                _, _, owner, kind = event
                self.hands[owner].append(self._slot(index, kind))
            elif what == "look":
                _, _, thief, victim, seen = event
                if thief == me:
                    self._look(e, victim, seen)
            elif what == "steal":
                _, _, thief, victim, kind = event
                hand = self.hands[victim]
                why = _Contradiction(victim, kind, {s.epoch for s in hand if s.kind < 0})
                if me in (thief, victim) or self.truth:
                    known = [s for s in self._leaving(hand, kind) if s.kind >= 0]
                    slot = self._choose(e, known, why)
                else:  # the player does not see which card moves, nor its kind
                    slot = self._choose(e, _stealable(hand), why)
                    slot.rewrites.append(index)
                    self._note(e, hand=victim)
                    self._note(e, hand=thief)
                hand.remove(slot)
                slot.order = index
                self.hands[thief].append(slot)
            else:  # reshuffle: a new shuffle of the discard pile
                self.epoch += 1
                self.pools.append(Counter({k: c for k, c in enumerate(event[2]) if c}))

    def _look(self, e: int, victim: int, seen: tuple[int, ...]) -> None:
        """The player sees the hand of ``victim`` (the kinds ``seen``): its unseen cards
        take the kinds left over, in the first way (in the cards' order) their shuffles
        allow."""
        hand = self.hands[victim]
        why = _Contradiction(victim, None, {s.epoch for s in hand if s.kind < 0})
        rest = Counter(seen)
        for slot in hand:
            if slot.kind >= 0:
                if rest[slot.kind] <= 0:
                    raise why
                rest[slot.kind] -= 1
        unseen = sorted((s for s in hand if s.kind < 0), key=lambda s: s.order)
        options = list(_assignments(unseen, +rest, self.pools))
        kinds = self._choose(e, options, why)
        for slot, kind in zip(unseen, kinds, strict=True):
            self._reveal(slot, kind, e, victim)


def _order(slot: _Slot) -> int:
    return slot.order


def _first_of_each_shuffle(unseen: list[_Slot]) -> list[_Slot]:
    """The first of ``unseen`` (in order) from each shuffle."""
    seen: set[int] = set()
    out = []
    for slot in unseen:
        if slot.epoch not in seen:
            seen.add(slot.epoch)
            out.append(slot)
    return out


def _stealable(hand: list[_Slot]) -> list[_Slot]:
    """The cards of ``hand`` a theft the player does not see may take, one of each kind
    it cannot tell apart: the unseen ones first (the first of each shuffle), then the
    known ones (the first of each kind), each in the order they came."""
    unseen = sorted((s for s in hand if s.kind < 0), key=_order)
    known: dict[int, _Slot] = {}
    for slot in sorted((s for s in hand if s.kind >= 0), key=_order):
        known.setdefault(slot.kind, slot)
    return _first_of_each_shuffle(unseen) + list(known.values())


def _assignments(
    slots: list[_Slot], rest: Counter[int], pools: list[Counter[int]], limit: int = 24
) -> list[tuple[int, ...]]:
    """Ways to give ``slots`` (in order) the kinds ``rest`` that their shuffles' pools
    allow, in increasing order of kinds (at most ``limit``)."""
    out: list[tuple[int, ...]] = []
    used: list[Counter[int]] = [Counter() for _ in pools]

    def go(i: int, chosen: list[int]) -> None:
        if len(out) >= limit:
            return
        if i == len(slots):
            out.append(tuple(chosen))
            return
        pool, taken = pools[slots[i].epoch], used[slots[i].epoch]
        for kind in sorted(k for k, c in rest.items() if c > 0):
            if pool[kind] - taken[kind] > 0:
                rest[kind] -= 1
                taken[kind] += 1
                chosen.append(kind)
                go(i + 1, chosen)
                chosen.pop()
                taken[kind] -= 1
                rest[kind] += 1

    go(0, [])
    return out


@dataclass
class _Solved:
    """A solution of a record as long as ``events``, with where its search stopped: the
    choices of the consistent pass (``forced``) and the passes it took (``restarts``), or
    ``exhausted`` when it fell back to the true kinds."""

    events: int
    run: _Run
    forced: dict[int, int]
    restarts: int
    exhausted: bool


def _solve(rec: _Recorder, player: int, before: _Solved | None = None) -> _Solved:
    """The first consistent reading of the record from ``player``'s view (chronological
    backtracking over the choices). ``before``: this search's result on the record when it
    was shorter. The passes contradicted then are contradicted now, at the same events (a
    pass reads the events in order, and the record only grew), so the search goes on from
    the consistent pass of then with the passes it had taken: the same answer as from the
    start, without its passes again."""
    forced: dict[int, int] = {}
    restarts = 0
    if before is not None:
        if before.exhausted:  # every pass then ran short on the shorter record
            return _truth(rec, player, before.restarts)
        forced, restarts = before.forced, before.restarts
    while restarts < MAX_RESTARTS:
        restarts += 1
        run = _Run(rec, player, forced, truth=False)
        try:
            run.run(rec.events)
            return _Solved(len(rec.events), run, forced, restarts - 1, False)
        except _Contradiction as why:
            short = why
        # back to the last choice that took what ran short, else the last that changed the
        # hand concerned, else the last choice with an option left (backjumping)
        open_ = [p for p in run.points if p.pick + 1 < p.options]
        if not open_:
            break
        point = max(reversed(open_), key=lambda p: p.caused(short))
        forced = {k: v for k, v in forced.items() if k < point.event}
        forced[point.event] = point.pick + 1
    return _truth(rec, player, restarts)


def _truth(rec: _Recorder, player: int, restarts: int) -> _Solved:
    """The reading that follows the true kinds (past the backtracking budget)."""
    run = _Run(rec, player, {}, truth=True)
    run.run(rec.events)
    return _Solved(len(rec.events), run, {}, restarts, True)


def _recorded(state: EverestGoState) -> _Recorder:
    """A record of ``state``'s history, kept on the state and caught up."""
    cached: tuple[EverestGoState, _Recorder] | None = state._resample_cache.get("record")
    history = state._history
    if cached is not None:
        replica, rec = cached
        done = len(replica._history)
        if done > len(history) or replica._history != history[:done]:
            cached = None
    if cached is None:
        position = state.start_position
        if position is None:
            replica = type(state)(state._game, state.seed)
        else:
            replica = state.game.state_from_position(position, seed=state.seed)
        rec = _Recorder(replica)
        replica._tracker = rec
        state._resample_cache["record"] = (replica, rec)
        done = 0
    for action in history[done:]:
        replica._apply(action)
        replica._history.append(action)
    return rec


def rewrite_history(
    state: EverestGoState, player: int, rng: random.Random, draw_base: int, take_base: int
) -> tuple[list[int], list[list[int]]]:
    """``state``'s history with the cards ``player`` has not seen dealt anew at random
    within their shuffles (``draw_base`` and ``take_base``: the first action ids of draws
    and of takes), and the kinds of the hands a position document set up (empty hands for a
    game from its initial state), rewritten the same way."""
    with state._resample_cache[LOCK]:  # the record and solutions, shared with its clones
        rec = _recorded(state)
        solved = state._resample_cache.get(player)  # the last solution for this player
        before = solved[1] if solved is not None and solved[0] is rec else None
        if before is None or before.events != len(rec.events):
            before = _solve(rec, player, before)  # (from the last solution: the same answer)
            state._resample_cache[player] = (rec, before)
        run = before.run
    kinds: dict[int, int] = {}
    in_hand = [s for hand in run.hands for s in hand if s.kind < 0]
    for epoch, pool in enumerate(run.pools):
        slots = sorted((s for s in in_hand if s.epoch == epoch), key=lambda s: s.order)
        dealt = sorted(pool.elements())
        rng.shuffle(dealt)
        kinds.update((id(s), k) for s, k in zip(slots, dealt, strict=False))
    out = list(state._history)
    hands: list[list[int]] = [[] for _ in rec.hands]
    for slot in run.slots:
        kind = slot.kind if slot.kind >= 0 else kinds[id(slot)]
        for index in slot.rewrites:
            out[index] = (draw_base if out[index] < take_base else take_base) + kind
        if slot.start >= 0:
            hands[slot.start].append(kind)
    return out, [sorted(h) for h in hands]
