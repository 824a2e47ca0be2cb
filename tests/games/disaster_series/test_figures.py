"""The Disaster series' figures for analysis, checked against the game log over many random
games of both mountains, solitaire and two-player: event tokens bought and the Prestige paid
for them, held tokens played, fate draws by result, and markers that got LOST.

Each counter is kept in the state where its event happens; the log is rebuilt by replaying
the history, so the two are independent records of the same game.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.constants import BUY, LUCK, PLAY, TALLIES, TARGET_CLIENT
from highcamp.games.disaster_series.k2.rules import LUCK_PLAY
from tests.conformance.checks import random_steps

CASES = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
]
_PAYS = re.compile(r"^(.*) pays (\d+) Prestige for ")
_FATE = re.compile(r" draws .*: (Lost|Near|Medium|Far) (LIVE|DIE|FROZEN)$")


def _play(game_id: str, options: dict[str, Any], seed: int) -> Any:
    game = highcamp.load_game(game_id, **options)
    return random_steps(game.new_initial_state(seed), seed, game.max_game_length())


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_figures_agree_with_the_log(game_id: str, options: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(20):
        state = _play(game_id, options, seed)
        seats = state.game.num_players
        bought: Counter[int] = Counter()
        spent: Counter[int] = Counter()
        played: Counter[int] = Counter()
        fates: Counter[str] = Counter()
        lost = ropes = 0
        labels = {state.label(s): s for s in range(seats)} if seats == 2 else {}
        for e in state.log:
            if e.action is not None and e.player is not None and e.player >= 0:
                if seats == 1 and e.action == BUY:
                    bought[0] += 1
                    spent[0] += int(e.text.split(" for ")[-1].split()[0])
                if PLAY <= e.action < TARGET_CLIENT or e.action in (LUCK, LUCK_PLAY):
                    played[e.player] += 1
            elif e.action is None:
                pays = _PAYS.match(e.text)
                if pays and seats == 2:
                    bought[labels[pays.group(1)]] += 1
                    spent[labels[pays.group(1)]] += int(pays.group(2))
                fate = _FATE.search(e.text)
                if fate:
                    fates[fate.group(2)] += 1
                if "is LOST in the" in e.text or re.match(r"scaling \(\d\): .* LOST$", e.text):
                    lost += 1
                if e.text.startswith("a Synthetic Rope is placed on"):
                    ropes += 1
        figures = [b.figures for b in state.score_breakdown()]
        for s, f in enumerate(figures):
            assert set(TALLIES) <= set(f)
            assert f["tokens_bought"] == bought[s], (seed, s)
            assert f["prestige_spent"] == spent[s], (seed, s)
            for name in TALLIES:
                seen[name] += f[name]

        total = Counter[str]()
        for f in figures:
            total.update({name: f[name] for name in TALLIES})

        assert total["tokens_played"] == sum(played.values()) + ropes, seed
        if seats == 1:
            assert figures[0]["tokens_played"] == played[0] + ropes
        assert total["fates_live"] == fates["LIVE"], seed
        assert total["fates_die"] == fates["DIE"], seed
        assert total["fates_frozen"] == fates["FROZEN"], seed
        assert total["fates_live"] + total["fates_die"] + total["fates_frozen"] == len(
            state.fate_drawn
        )
        assert total["lost"] == lost, seed
    for name in ("tokens_bought", "prestige_spent", "fates_live"):
        assert seen[name] > 0, name


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_figures_survive_clone_json_and_replay(game_id: str, options: dict[str, Any]) -> None:
    state = _play(game_id, options, 3)
    game = state.game
    figures = [b.figures for b in state.score_breakdown()]
    for other in (
        state.clone(),
        game.state_from_json(state.to_json()),
        game.replay(state.history()),
    ):
        assert [b.figures for b in other.score_breakdown()] == figures


def test_the_campaign_still_plays_to_its_end() -> None:
    state = _play("disaster-campaign", {}, 2)
    (bd,) = state.score_breakdown()
    assert bd.figures["peaks"] == 2 and len(bd.figures["mountains"]) == 2
