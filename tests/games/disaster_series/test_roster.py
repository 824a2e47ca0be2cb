"""``DisasterGame.with_roster``: a mountain started with a given team (the campaign [16.1])."""

from __future__ import annotations

import random

import highcamp
from highcamp.games.disaster_series import DisasterGame, DisasterState


def _game() -> DisasterGame:
    game = highcamp.load_game("disaster-on-everest", team_bonus=True, game="advanced")
    assert isinstance(game, DisasterGame)
    return game


def test_the_roster_replaces_the_company() -> None:
    game = _game()
    rs = game.ruleset
    team = game.with_roster([rs.guides[3]], [rs.clients[0], rs.clients[23]], "Survivors")
    assert (team.ng, team.nc, team.bonus, team.advanced) == (1, 2, "", True)
    view = team.static_view()
    assert view["team"] == {"guides": 1, "clients": 2}
    assert [c["name"] for c in view["clients"]] == ["Doug", "Mei"]
    assert view["company"] == "Survivors" and view["board"] == game.static_view()["board"]
    state = team.new_initial_state(seed=1)
    assert isinstance(state, DisasterState)
    assert [state.name(m) for m in range(3)] == ["Lopsang", "Doug", "Mei"]
    assert state.is_chance_node()  # straight to the first event draw
    # the original game is untouched
    assert (game.ng, game.nc, game.bonus) == (2, 6, "summit_push")
    assert game.static_view()["company"] == "Summit Adventures"


def test_a_roster_game_plays_to_the_end_and_replays() -> None:
    game = _game()
    rs = game.ruleset
    team = game.with_roster(rs.guides[:1], rs.clients[:5])
    for seed in range(3):
        state = team.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            assert state.invariants() == []
        assert team.replay(state.history(), seed=seed) == state
        assert len(state.observation(0)["clients"]) == 5
        assert len(state.observation(0)["guides"]) == 1
