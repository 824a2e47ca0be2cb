"""Hidden information (R-GO-3): observations, what a player learns, determinisation."""

from __future__ import annotations

import random

import highcamp
from highcamp import CHANCE
from highcamp.games.everest_go.rules import EverestGoState

from .helpers import dress, drive, give, kind, new_state


def _played(seed: int, players: int = 3, steps: int = 250, **options: object) -> EverestGoState:
    game = highcamp.load_game("everest-go", players=players, **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, EverestGoState)
    return state


def _swap_hand_card_with_deck(state: EverestGoState, seat: int) -> bool:
    """Exchange one card of ``seat``'s hand with a different kind from the deck."""
    for k in state._hands[seat]:
        for d, count in enumerate(state._deck):
            if count and d != k:
                state._hands[seat].remove(k)
                state._hands[seat].append(d)
                state._hands[seat].sort()
                state._deck[d] -= 1
                state._deck[k] += 1
                return True
    return False


def test_another_hand_does_not_change_an_observation() -> None:
    for seed in range(20):
        state = _played(seed)
        if state.is_terminal():
            continue
        other = state.clone()
        assert _swap_hand_card_with_deck(other, 1)
        assert other._hands[1] != state._hands[1]
        for player in (0, 2):
            assert other.observation(player) == state.observation(player)
        assert other.observation(1) != state.observation(1)


def test_hidden_garments_do_not_change_an_observation() -> None:
    a = new_state(players=4)
    dress(a, 1, ["head 1", "head 4", "head 2"])
    b = new_state(players=4)
    dress(b, 1, ["head 4", "head 1", "head 2"])
    c = new_state(players=4)
    dress(c, 1, ["head 3", "head 3", "head 2"])
    for player in range(4):  # the owner included (R-GO-3)
        assert a.observation(player) == b.observation(player) == c.observation(player)
    assert a.observation(0)["mountaineers"][1]["parts"][0]["hidden"] == 2
    assert a.score(1) != c.score(1)


def test_perfect_recall_shows_what_was_played() -> None:
    s = new_state(
        hands=[["head 1", "head 2", "Yeti"], ["Snowball"] * 3, ["Tent"] * 3], perfect_recall=True
    )
    drive(s, ["play head 1", "draw Fire"])
    obs = s.observation(2)
    assert obs["played"] == [[0, "head 1"]]
    assert obs["garments"][0][0] == ["head 1"]
    assert "played" not in new_state().observation(0)


def test_backpack_stealing_is_public_only_to_those_involved() -> None:
    s = new_state()
    give(s, 0, ["Backpack Stealing"])
    give(s, 1, ["Yeti", "Fire"])
    drive(s, ["play Backpack Stealing", "target seat 2", "no Tent"])
    take = s.string_to_action("take Yeti")
    assert s.public_action_text(take, 2) == "seat 1 takes a card from seat 2's hand"
    assert s.public_action_text(take, None) == "seat 1 takes a card from seat 2's hand"
    assert s.public_action_text(take, 1) == "seat 1 takes Yeti from your hand"
    assert s.public_action_text(take, 0) == "seat 1 takes Yeti from seat 2's hand"
    drive(s, ["take Yeti"])
    draw = s.string_to_action("draw Tent")
    assert s.public_action_text(draw, 1) == "seat 1 draws a card"
    assert s.public_action_text(draw, 0) == "you draw Tent"


def test_public_text_of_ordinary_actions_names_the_player() -> None:
    s = new_state()
    give(s, 0, ["head 3"])
    assert s.public_action_text(s.string_to_action("play head 3"), 1) == "play head 3"


def test_resample_keeps_the_observation_and_replays() -> None:
    changed = 0
    for seed in range(12):
        state = _played(seed, players=3 + seed % 2, steps=40 + 30 * seed)
        if state.is_terminal():
            continue
        for player in range(state.game.num_players):
            other = state.resample_hidden(player, seed)
            assert other.observation(player) == state.observation(player)
            # an ordinary state: its history replays, with every check, to the same state
            assert state.game.replay(other.history(), seed=state.seed) == other
            assert not other.invariants()
            assert other._hands[player] == state._hands[player]
            if any(other._hands[q] != state._hands[q] for q in range(state._n)):
                changed += 1
    assert changed > 10  # the other hands really are redrawn


def test_resample_keeps_a_hand_seen_with_backpack_stealing() -> None:
    s = new_state(
        hands=[["Backpack Stealing", "head 1", "head 2"], ["Yeti", "Fire", "Cold"], ["Tent"] * 3]
    )
    s._log = None
    drive(s, ["play Backpack Stealing", "target seat 2", "no Tent", "take Cold"])
    s2 = s.resample_hidden(0, 3)
    assert s2._hands[1] == s._hands[1] == [kind("Yeti"), kind("Fire")]
    seen = {k["seat"]: k["cards"] for k in s2.observation(0)["known_hands"]}
    assert seen == {1: ["Yeti", "Fire"]}
    # seat 3 did not see that hand: for seat 3 it may be anything
    hands = {tuple(s.resample_hidden(2, seed)._hands[1]) for seed in range(10)}
    assert len(hands) > 1


def test_resample_with_perfect_recall_keeps_what_was_played() -> None:
    for seed in range(6):
        state = _played(seed, players=4, steps=150 + 20 * seed, perfect_recall=True)
        if state.is_terminal():
            continue
        for player in range(4):
            other = state.resample_hidden(player, seed + 1)
            assert other.observation(player) == state.observation(player)
            assert other.observation(player)["played"] == state.observation(player)["played"]


def test_draws_follow_the_deck_counts() -> None:
    state = new_state(players=2)
    give(state, 0, ["head 2"])
    drive(state, ["play head 2"])
    probs = dict(state.chance_outcomes())
    deck = state.observation(0)["deck"]
    assert abs(sum(probs.values()) - 1) < 1e-12
    assert probs[kind("Yeti")] == 3 / deck
    counts: dict[int, int] = {}
    for seed in range(400):
        probe = state.clone()
        probe._seed, probe._key = seed, None
        a = probe.apply_random_chance()
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) <= set(probs)
    assert counts.get(kind("Tent"), 0) > 0
