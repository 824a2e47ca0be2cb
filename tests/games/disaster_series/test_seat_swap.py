"""Two players are two teams in one state [15.0]: ``teams`` holds one :class:`Team` per seat
and ``team`` is the active seat's (a reference, never a copy); a change of seat changes
that reference and nothing of the teams. No field of a team is shared with the other team
or with a clone, and the saved document keeps its layout (the waiting team as ``o_*``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.team import K2Team, Team

CASES: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-everest", {"players": 2, "game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"players": 2, "guide": "sherpa"}),
    ("disaster-on-k2", {"players": 2, "multinational": True}),
]


def _fields(team: Team) -> dict[str, Any]:
    return {k: getattr(team, k) for k in (*type(team).LISTS, *type(team).SCALARS)}


def _states(game_id: str, options: dict[str, Any], seeds: int = 2) -> list[Any]:
    """States along seeded random games (every 7th step and the end)."""
    game = highcamp.load_game(game_id, **options)
    out = []
    for seed in range(seeds):
        s = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal():
            if step % 7 == 0:
                out.append(s)
            if s.is_chance_node():
                s.apply_random_chance()
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            step += 1
        out.append(s)
    return out


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_15_0_the_active_team_is_a_reference_into_teams(
    game_id: str, options: dict[str, Any]
) -> None:
    players = options.get("players", 1)
    for s in _states(game_id, options):
        assert len(s.teams) == players
        active = s.active if players == 2 else 0
        assert s.team is s.teams[active]


@pytest.mark.parametrize(("game_id", "options"), [c for c in CASES if c[1].get("players")])
def test_15_0_no_field_of_a_team_is_shared_with_the_other(
    game_id: str, options: dict[str, Any]
) -> None:
    for s in _states(game_id, options):
        mine, theirs = (_fields(t) for t in s.teams)
        for k, v in mine.items():
            if isinstance(v, list):
                assert v is not theirs[k], k


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_15_0_a_clone_shares_no_team_and_no_list(game_id: str, options: dict[str, Any]) -> None:
    for s in _states(game_id, options, seeds=1):
        c = s.clone()
        assert c.to_json() == s.to_json()
        assert c.teams is not s.teams
        assert c.team is c.teams[s.teams.index(s.team)]
        for mine, copy in zip(s.teams, c.teams, strict=True):
            assert copy is not mine and copy == mine and type(copy) is type(mine)
            for k, v in _fields(mine).items():
                if isinstance(v, list):
                    assert getattr(copy, k) is not v, k
        c.team.pos[0] = 99  # changing the clone leaves the state alone
        assert s.team.pos[0] != 99


@pytest.mark.parametrize("game_id", ["disaster-on-everest", "disaster-on-k2"])
def test_15_0_a_change_of_seat_changes_only_the_reference(game_id: str) -> None:
    s = highcamp.load_game(game_id, players=2).new_initial_state(seed=3)
    teams = list(s.teams)
    before = [t.clone() for t in teams]
    seat = s.active
    s._seat(1 - seat)
    assert s.active == 1 - seat and s.team is teams[1 - seat]
    assert s.teams == before and all(a is b for a, b in zip(s.teams, teams, strict=True))
    s._seat(seat)
    assert s.team is teams[seat]


@pytest.mark.parametrize("game_id", ["disaster-on-everest", "disaster-on-k2"])
def test_15_0_a_rule_seated_for_a_team_gives_the_turn_back(game_id: str) -> None:
    """``_seated(seat)`` makes ``seat`` active for a rule, then gives the turn back to the
    seat that was active (also when the rule raises, and after a change of seat inside);
    seated for the active seat it changes nothing."""
    s = highcamp.load_game(game_id, players=2).new_initial_state(seed=3)
    teams, seat = list(s.teams), s.active
    before = s.to_json()
    with s._seated(1 - seat):
        assert s.active == 1 - seat and s.team is teams[1 - seat]
        s._seat(seat)  # a rule may seat another team inside: the turn still goes back
    assert s.active == seat and s.team is teams[seat]
    with s._seated(seat):
        assert s.active == seat and s.team is teams[seat]
    assert s.active == seat
    with pytest.raises(ZeroDivisionError), s._seated(1 - seat):
        assert s.active == 1 - seat
        _ = 1 // 0
    assert s.active == seat and s.team is teams[seat]
    assert s.to_json() == before


@pytest.mark.parametrize(
    ("game_id", "kind"), [("disaster-on-everest", Team), ("disaster-on-k2", K2Team)]
)
def test_15_0_the_document_keeps_the_waiting_team_as_o_fields(
    game_id: str, kind: type[Team]
) -> None:
    s = highcamp.load_game(game_id, players=2).new_initial_state(seed=1)
    doc = s.to_json()["state"]
    names = (*kind.LISTS, *kind.SCALARS)
    per_seat = {"secret_goal", "goal_done", "sherpa_summit", "summited_with"}
    other = s.teams[1 - s.active]
    for k in names:
        if k in per_seat:
            assert doc[k] == [getattr(s.team, k), getattr(other, k)], k
            continue
        assert doc[k] == getattr(s.team, k), k
        assert doc["o_" + k] == getattr(other, k), k
    assert not any(k.startswith("o_") and k[2:] not in names for k in doc)
