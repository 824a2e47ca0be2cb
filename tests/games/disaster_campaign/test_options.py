"""The campaign's options [16.0]: the order of mountains, the starting team, basic/advanced."""

from __future__ import annotations

import pytest

import highcamp
from highcamp.core import OptionError
from highcamp.games.disaster_series.campaign import MOUNTAINS

from .helpers import new, roster, team
from .small_mountain import registered


def test_everest_twice_in_either_spelling() -> None:
    for order in ("everest,everest", "everest-everest", " Everest , EVEREST "):
        game = highcamp.load_game("disaster-campaign", order=order)
        assert [m.info.id for m in game.mountains] == ["disaster-on-everest"] * 2
        assert game.order == ("everest", "everest")


def test_longer_sequences() -> None:
    game = highcamp.load_game("disaster-campaign", order="everest,everest,everest")
    assert game.static_view()["order"] == ["Everest"] * 3
    assert new(order="everest,everest,everest").observation(0)["campaign"]["mountains"] == 3


@pytest.mark.parametrize("order", ["everest", "", ","])
def test_a_campaign_needs_two_mountains(order: str) -> None:
    with pytest.raises(OptionError, match="two or more mountains"):
        highcamp.load_game("disaster-campaign", order=order)


def test_unknown_mountain_lists_the_mountains() -> None:
    with pytest.raises(OptionError, match=r"unknown mountain 'lhotse'.*everest, k2"):
        highcamp.load_game("disaster-campaign", order="everest,lhotse")


def test_k2_is_refused_clearly_until_its_game_is_registered() -> None:
    if MOUNTAINS["k2"] in highcamp.list_games():
        game = highcamp.load_game("disaster-campaign", order="everest,k2")
        assert [m.info.id for m in game.mountains] == ["disaster-on-everest", "disaster-on-k2"]
    else:
        with pytest.raises(OptionError, match="'k2' needs the game 'disaster-on-k2'"):
            highcamp.load_game("disaster-campaign", order="everest,k2")


def test_a_registered_mountain_is_playable_with_one_line() -> None:
    """The mapping mountain -> game id is the one place a mountain is added."""
    with pytest.raises(OptionError, match="unknown mountain 'small'"):
        highcamp.load_game("disaster-campaign", order="everest,small")
    with registered():
        game = highcamp.load_game("disaster-campaign", order="everest,small")
        assert game.team_size(1) == (1, 5)
        assert game.static_view()["order"] == ["Everest", "Small mountain"]


def test_the_starting_team_and_the_advanced_game() -> None:
    state = new(team="mountain-majesty", game="advanced")
    assert team(state)[:3] == ["Scott", "Lopsang", "Sandy"]
    assert all(m.advanced for m in roster(state).mountains)
    assert team(new())[:2] == ["Yuri", "Rob"]


def test_a_bad_team_names_the_option() -> None:
    with pytest.raises(OptionError, match="option 'team' for disaster-on-everest"):
        highcamp.load_game("disaster-campaign", team="nobody")


def test_the_default_order_is_playable() -> None:
    game = highcamp.load_game("disaster-campaign")
    expected = "everest-k2" if MOUNTAINS["k2"] in highcamp.list_games() else "everest-everest"
    assert game.options["order"] == expected
