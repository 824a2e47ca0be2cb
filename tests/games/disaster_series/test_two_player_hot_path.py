"""The two-player layer's hot path: its memo of legal actions is the phase's own list, and
the checks written out in one call (K2's resume hook, its Luck offer) answer as the
functions they stand for, on every position of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL
from highcamp.games.disaster_series import two_player_blocks
from highcamp.games.disaster_series.constants import P_DIE
from highcamp.games.disaster_series.k2 import avalanche, luck
from highcamp.games.disaster_series.k2.vocabulary import P_DESCENT, P_NOBLE
from highcamp.games.disaster_series.two_player_vocabulary import OTHER

TWO_PLAYERS: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-on-k2", {"players": 2, "guide": "sherpa", "game": "advanced"}),
]


def _positions(game_id: str, options: dict[str, Any], seeds: int) -> Iterator[Any]:
    """Every position of ``seeds`` seeded random games, the end excluded."""
    game = highcamp.load_game(game_id, **options)
    for seed in range(seeds):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            yield state
            if state.current_player() == CHANCE:
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("game_id", "options"),
    [*TWO_PLAYERS, ("disaster-on-everest", {}), ("disaster-on-k2", {"game": "advanced"})],
)
def test_the_memo_is_the_phases_own_list(game_id: str, options: dict[str, Any]) -> None:
    """Where a transition left the legal actions (the bidding's [15.3] and the
    Preparations' choices [7.5] among them), they are those the phase computes, in its
    order."""
    memos, named = 0, {"bid for the event": 0, "keep a token": 0, "return a token": 0}
    for state in _positions(game_id, options, 8):
        if state._cache is None:
            continue
        memos += 1
        name = state.PHASES[state.phase].name
        if name in named:
            named[name] += 1
        assert state._cache == list(state.PHASES[state.phase].legal(state))
    assert memos > 500 and named["keep a token"] > 10 and named["return a token"] > 10
    assert named["bid for the event"] > 50 or "players" not in options


def _hold_reference(s: Any) -> bool:
    """K2's two-player resume hook as it was composed: a Noble Sacrifice, the two-player
    interruptions (:func:`two_player_blocks._hold`), then the descents [9.2]."""
    if s.phase == P_NOBLE:
        return True
    if two_player_blocks._hold(s):
        return True
    if s.descents:
        s.phase = P_DESCENT
        return True
    return False


def test_k2s_resume_hook_holds_as_the_two_player_rules_do() -> None:
    """The two-player interruptions written out in K2's hook: the same answer and the same
    state, also with a Blocked Ridge marker waiting [15.4] and markers entering the queue."""
    checked = 0
    for state in _positions("disaster-on-k2", {"players": 2}, 6):
        if state.noble_next >= 0:
            continue
        variants = [state.clone()]
        waiting = state.clone()
        waiting.pending_block, waiting.step = 5, "move"
        variants.append(waiting)
        entering = state.clone()
        entering.entering = [[0, 1], [OTHER + 1, 1], [OTHER + 2, 1]]
        variants.append(entering)
        for v in variants:
            ref, new = v.clone(), v.clone()
            assert avalanche._two_player_hold(new) == _hold_reference(ref)
            assert new.to_json() == ref.to_json() and new.entry_chosen == ref.entry_chosen
            checked += 1
    assert checked > 1000


def _luck_reference(s: Any) -> bool:
    """K2's two-player Luck offer as it was composed: the owner's before the opponent's
    roll, else K2's own (:func:`.luck._luck_offer`)."""
    if s.phase != P_DIE:
        return False
    if s._opponents_roll():
        return bool(s._owner_luck_offer())
    return luck._luck_offer(s)


def test_k2s_luck_offer_is_the_composed_one() -> None:
    """The Luck offer written out in one call agrees at every position, and at every die
    roll with each kind of roll, either team's climber struck, and Luck asked or not."""
    checked = offered = 0
    for state in _positions("disaster-on-k2", {"players": 2, "game": "advanced"}, 10):
        assert state._luck_offer() == _luck_reference(state)
        if state.phase != P_DIE:
            continue
        for kind in ("rope", "lost", "queue", "descent", "prep"):
            for struck in (0, OTHER):
                for asked in (False, True):
                    v = state.clone()
                    v.die_for, v.rope_client, v.luck_asked = kind, struck, asked
                    v.lost_checks = [struck] if kind == "lost" else v.lost_checks
                    for team in v.teams:  # a Luck token in each team's hand
                        luck_token = next(
                            t for t, tok in enumerate(v.rs.tokens) if tok.effect == "luck"
                        )
                        if not team.held:
                            team.held = [luck_token]
                    got = v._luck_offer()
                    assert got == _luck_reference(v), (kind, struck, asked)
                    offered += got
                    checked += 1
    assert checked > 500 and offered > 50
