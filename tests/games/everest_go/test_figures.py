"""Everest Go!'s figures for analysis: action cards played per seat, deck runs, and whether a
seat ever held Oxygen or the Flag.

The counters kept in the state are checked over many random games against what the game
shows independently: the log's plays and Tent answers, its "deck runs out" events, and the
hands and special items of every position on the way.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import highcamp
from highcamp import CHANCE
from highcamp.games.everest_go.cards import ACTION_NAMES
from highcamp.games.everest_go.rules import ACTION_IDS, EverestGoState
from tests.conformance.checks import random_steps

from .helpers import drive, table

SPECIALS = ("Oxygen", "Flag")


def _held_now(state: EverestGoState, seat: int) -> set[str]:
    """The special items in ``seat``'s hand or in front of it."""
    obs = state.observation(seat)
    return {c for c in [*obs["hand"], *obs["mountaineers"][seat]["special_items"]] if c in SPECIALS}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_figures_agree_with_the_log_and_the_positions(players: int) -> None:
    game = highcamp.load_game("everest-go", players=players)
    totals: Counter[str] = Counter()
    for seed in range(25):
        state = game.new_initial_state(seed)
        assert isinstance(state, EverestGoState)
        rng = random.Random(seed)
        held: list[set[str]] = [set() for _ in range(players)]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            for q in range(players):
                held[q] |= _held_now(state, q)
        plays: Counter[tuple[int, str]] = Counter()
        runs = 0
        for entry in state.log:
            if entry.player is not None and entry.player >= 0:
                if entry.text == "Tent":
                    plays[(entry.player, "Tent")] += 1
                elif entry.text.startswith("play ") and entry.text[5:] in ACTION_NAMES:
                    plays[(entry.player, entry.text[5:])] += 1
            if entry.text.startswith("the deck runs out"):
                runs += 1
        for bd in state.score_breakdown():
            f, q = bd.figures, bd.player
            assert f["deck_runs"] == runs
            for card_id, name in zip(ACTION_IDS, ACTION_NAMES, strict=True):
                assert f[f"played_{card_id}"] == plays[(q, name)], (seed, q, name)
                totals[card_id] += f[f"played_{card_id}"]
            assert f["held_oxygen"] == ("Oxygen" in held[q])
            assert f["held_flag"] == ("Flag" in held[q])
    assert set(totals) == set(ACTION_IDS) and all(totals[c] > 0 for c in ACTION_IDS)


def test_every_card_key_is_present_from_the_start() -> None:
    state = highcamp.load_game("everest-go", players=3).new_initial_state(1)
    for bd in state.score_breakdown():
        assert {f"played_{c}" for c in ACTION_IDS} <= set(bd.figures)
        assert all(bd.figures[f"played_{c}"] == 0 for c in ACTION_IDS)
        assert bd.figures["deck_runs"] == 0
        assert bd.figures["held_oxygen"] is False and bd.figures["held_flag"] is False


def test_counts_survive_clone_json_and_replay() -> None:
    game = highcamp.load_game("everest-go", players=4)
    state = random_steps(game.new_initial_state(9), 9, game.max_game_length())
    figures = [b.figures for b in state.score_breakdown()]
    for other in (
        state.clone(),
        game.state_from_json(state.to_json()),
        game.replay(state.history(), seed=9),
    ):
        assert [b.figures for b in other.score_breakdown()] == figures


def test_played_card_and_tent_answer_are_counted() -> None:
    """Seat 1 plays a Snowball; seat 2 answers with a Tent (R-GO-4)."""
    s = table(hands={0: ["Snowball"], 1: ["Tent"]}, dress={1: ["head 2"]})
    drive(s, ["play Snowball", "target seat 2 head", "Tent"])
    f0, f1, f2 = (b.figures for b in s.score_breakdown())
    assert f0["played_snowball"] == 1 and f0["played_tent"] == 0
    assert f1["played_tent"] == 1 and f1["played_snowball"] == 0
    assert sum(v for k, v in f2.items() if k.startswith("played_")) == 0


def test_a_stolen_flag_counts_as_held_by_the_thief() -> None:
    s = table(hands={0: ["Equipment Theft"]}, dress={2: ["Flag"]})
    drive(s, ["play Equipment Theft", "target seat 3 Flag", "no Tent"])
    f0 = s.score_breakdown()[0].figures
    assert f0["held_flag"] is True and f0["held_oxygen"] is False
    assert f0["played_equipment_theft"] == 1
