"""The two-player rules' phases [15.*]: their entries in the phase table (:mod:`.phases`),
over any ruleset's table (the engine's, or K2's).

The two-player layer adds the draw for the First Player [15.1], the bidding [15.3] and the
Blocked Ridge choices [15.4]; over the ruleset's entries it gives the turn to the seat to
act, draws random teams' cards among those the other seat has not taken, lets events
target either team's clients (the clarifications), asks [15.4] after every action and
refuses the two-player ids outside their phases.

>>> import highcamp
>>> s = highcamp.load_game("disaster-on-everest", players=2).new_initial_state(seed=1)
>>> s.apply_action(s.string_to_action("draw token 30 (Ridges Open)"))
>>> entry = s.PHASES[s.phase]
>>> entry.name, entry.player(s), [entry.text(s, a) for a in entry.legal(s)]
('bid for the event', 0, ['bid 2 Prestige for Ridges Open', 'pass on Ridges Open'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import two_player_texts as words
from .constants import (
    CDRAW,
    ENTER,
    GDRAW,
    HIRE,
    P_CDRAW,
    P_DIE,
    P_DRAW,
    P_FATE,
    P_GDRAW,
    P_HIRE,
    P_MOVE,
    P_ORDER,
    P_OVER,
    P_SPOT,
    P_TARGET,
    R_EVENTS,
    TARGET_CLIENT,
)
from .phases import (
    Phase,
    Table,
    active_seat,
    chance,
    listed,
    nothing,
    refusing,
    replaced,
    ruled,
    terminal,
)
from .two_player_vocabulary import (
    _PHASES_2P,
    BID,
    FIRST_SEAT,
    KEEP_BLOCKS,
    NO_BLOCK,
    OTHER,
    P_BID,
    P_FIRST,
    P_RELOCATE,
    P_UNBLOCK,
    PASS,
    R_BID,
    R_BLOCK,
    R_FIRST,
    RELOCATE,
    TARGET_OPP_CLIENT,
    UNBLOCK,
)

if TYPE_CHECKING:
    from .protocols import TwoPlayerSeries

_CHANCE_2P = frozenset({P_GDRAW, P_CDRAW, P_DRAW, P_DIE, P_FATE, P_FIRST})


# ---------------------------------------------------------------- who acts
_active = active_seat  # the active seat (``current_player`` reads it without a call)


def _bidder(s: TwoPlayerSeries) -> int:
    return s.bidder


def _spot_chooser(s: TwoPlayerSeries) -> int:
    """A 6: the marker's own player chooses its spot [8.2]."""
    return 1 - s.active if s.pending_entry >= OTHER else s.active


def _player(ph: int) -> Callable[[Any], int]:
    """Who acts in phase ``ph``: the bidder in the bidding, else the active seat."""
    if ph == P_OVER:
        return terminal
    if ph in _CHANCE_2P:
        return chance
    if ph == P_BID:
        return _bidder
    if ph == P_SPOT:
        return _spot_chooser
    return _active


# ---------------------------------------------------------------- chance steps
def _first_outcomes(s: TwoPlayerSeries) -> list[tuple[int, float]]:
    return [(FIRST_SEAT, 0.5), (FIRST_SEAT + 1, 0.5)]


def _is_first(s: TwoPlayerSeries, action: int) -> bool:
    return action in (FIRST_SEAT, FIRST_SEAT + 1)


def _drawn(kind: str) -> Callable[[Any], list[tuple[int, float]]]:
    """A random team's card, among those neither team holds or will take [14.1]."""

    def outcomes(s: TwoPlayerSeries) -> list[tuple[int, float]]:
        mine = set(getattr(s.team, kind)) | s._reserved(kind)
        cards = s.rs.guides if kind == "guides" else s.rs.clients
        free = [i for i in range(len(cards)) if i not in mine]
        base = GDRAW if kind == "guides" else CDRAW
        return [(base + i, 1 / len(free)) for i in free]

    return outcomes


def _is_drawn(s: TwoPlayerSeries, action: int) -> bool:
    return action in [a for a, _ in s._chance_outcomes()]


# ---------------------------------------------------------------- legal actions
def _bid_legal(s: TwoPlayerSeries) -> list[int]:
    return [BID, PASS]


def _order_legal(s: TwoPlayerSeries) -> list[int]:
    """The player orders their own markers' entry; the opponent's follow [8.2]."""
    return sorted(ENTER + e[0] for e in s.entering if e[0] < OTHER)


def _relocate_legal(s: TwoPlayerSeries) -> list[int]:
    return [NO_BLOCK] + [RELOCATE + x for x in s.blocked]


def _unblock_legal(s: TwoPlayerSeries) -> list[int]:
    return [KEEP_BLOCKS] + [UNBLOCK + x for x in s._removable()]


def _hire_legal(s: TwoPlayerSeries) -> list[int]:
    taken = set(s.team.guides) | s._reserved("guides")
    return [HIRE + g for g in range(len(s.rs.guides)) if g not in taken]


def _target_legal(base: Callable[[Any], list[int]]) -> Callable[[Any], list[int]]:
    """Either team's clients may be struck (the clarifications)."""

    def legal(s: TwoPlayerSeries) -> list[int]:
        if s._target_type() != "client":
            return base(s)
        return sorted(
            TARGET_OPP_CLIENT + x - OTHER if x >= OTHER else TARGET_CLIENT + x for x in s.targets
        )

    return legal


# ---------------------------------------------------------------- transitions
def _naming_first(apply: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """Both teams were set up as the state was made, before any log: the log starts with
    the first draw, so it names the First Player there [15.1]."""

    def applied(s: TwoPlayerSeries, action: int) -> None:
        if not s._history and s._log is not None:
            s._emit(f"{s.label(s.first)} is the First Player", R_FIRST)
        apply(s, action)

    return applied


def _first_apply(s: TwoPlayerSeries, action: int) -> None:
    s._first_turn(action - FIRST_SEAT)


def _bid_apply(s: TwoPlayerSeries, action: int) -> None:
    if action == BID:
        s._place_bid(s.bidder)
    else:
        s._pass_bid(s.bidder)


def _relocate_apply(s: TwoPlayerSeries, action: int) -> None:
    space, s.pending_block = s.pending_block, -1
    if action == NO_BLOCK:
        s._emit(f"{s.rs.board.names[space]} is left unblocked", R_BLOCK)
    else:
        s.blocked.remove(action - RELOCATE)
        s._emit(f"the marker on {s.rs.board.names[action - RELOCATE]} is moved", R_BLOCK)
        s._block(space)
    s._resume()


def _unblock_apply(s: TwoPlayerSeries, action: int) -> None:
    if action != KEEP_BLOCKS:
        s.blocked.remove(action - UNBLOCK)
        s._emit(
            f"{s.label(s.active)} removes the block on {s.rs.board.names[action - UNBLOCK]}",
            R_BLOCK,
        )
    s._next_mover()


def _target_apply(base: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
    """An event striking the opponent's client (the clarifications)."""

    def apply(s: TwoPlayerSeries, action: int) -> None:
        if action < TARGET_OPP_CLIENT:
            base(s, action)
            return
        kind = s.target_kind
        c = action - TARGET_OPP_CLIENT
        s.target_kind, s.targets = "", []
        s.phase = P_MOVE
        if kind == "broken_rope":
            s.rope_client = OTHER + c
            s.phase = P_DIE
            s.die_for = "rope"
            return
        s.other.ams[c] = True
        s._emit(f"{s.name(OTHER + s._game.ng + c)} has Acute Mountain Sickness", R_EVENTS)
        s._resume()

    return apply


# ---------------------------------------------------------------- the table
def _own(ph: int, **fields: Any) -> Phase:
    """A phase of the two-player rules' own."""
    entry = Phase(
        name=_PHASES_2P[ph],
        player=_player(ph),
        legal=nothing,
        is_legal=listed,
        why_not=refusing(words.refuse_own_phase),
        text=words.first_text,
        rule=ruled(R_BLOCK),
        apply=_first_apply,
    )
    return replaced(entry, **fields)


def two_player_phases(base: Table) -> dict[int, Phase]:
    """The two-player entries over ``base`` (a ruleset's table): every entry of ``base``
    with the two-player rules' changes, and the phases of their own."""
    out: dict[int, Phase] = {
        ph: replaced(
            e,
            player=_player(ph),
            why_not=refusing(words.refuse_range, e.why_not),
            apply=e.apply,
        )
        for ph, e in base.items()
    }
    for ph, kind in ((P_GDRAW, "guides"), (P_CDRAW, "clients")):
        out[ph] = replaced(out[ph], outcomes=_drawn(kind), is_legal=_is_drawn)
    out[P_DRAW] = replaced(out[P_DRAW], apply=_naming_first(base[P_DRAW].apply))
    # (Ridges Open serves both players that turn: the engine's ``_FOR_BOTH``)
    out[P_ORDER] = replaced(out[P_ORDER], legal=_order_legal)
    out[P_HIRE] = replaced(out[P_HIRE], legal=_hire_legal)
    out[P_TARGET] = replaced(
        out[P_TARGET],
        legal=_target_legal(base[P_TARGET].legal),
        text=words.target_text(base[P_TARGET].text),
        apply=_target_apply(base[P_TARGET].apply),
    )
    out[P_FIRST] = _own(
        P_FIRST,
        is_legal=_is_first,
        outcomes=_first_outcomes,
        rule=ruled(R_FIRST),
        apply=_first_apply,
        section=R_FIRST,
    )
    out[P_BID] = _own(
        P_BID,
        legal=_bid_legal,
        text=words.bid_text,
        rule=ruled(R_BID),
        apply=_bid_apply,
        section=R_BID,
    )
    out[P_RELOCATE] = _own(
        P_RELOCATE,
        legal=_relocate_legal,
        text=words.relocate_text,
        apply=_relocate_apply,
        section=R_BLOCK,
    )
    out[P_UNBLOCK] = _own(
        P_UNBLOCK,
        legal=_unblock_legal,
        text=words.unblock_text,
        apply=_unblock_apply,
        section=R_BLOCK,
    )
    return out
