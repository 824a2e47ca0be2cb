"""Helpers of the campaign tests: end a mountain with chosen outcomes, act by text."""

from __future__ import annotations

from typing import Any

import highcamp
from highcamp.games.disaster_series import DisasterGame, DisasterState
from highcamp.games.disaster_series.campaign import CampaignState
from highcamp.games.disaster_series.campaign.roster import CampaignRoster
from highcamp.games.disaster_series.constants import DEAD, P_OVER, REMOVED


def new(seed: int = 0, **options: Any) -> CampaignState:
    """A fresh campaign (``order`` defaults to Everest twice)."""
    options.setdefault("order", "everest,everest")
    state = highcamp.load_game("disaster-campaign", **options).new_initial_state(seed)
    assert isinstance(state, CampaignState)
    return state


def end_mountain(
    state: CampaignState,
    *,
    summit: tuple[str, ...] = (),
    dead: tuple[str, ...] = (),
) -> None:
    """End the mountain being climbed now: the named clients reached the Summit, the named
    guides and clients died (a guide by the Noble Sacrifice); everyone else is back at High
    Camp. A scenario set-up: the history does not lead here."""
    inner = state.inner
    ng = len(inner.team.guides)
    names = [inner.name(m) for m in range(len(inner.team.pos))]
    for name in (*summit, *dead):
        assert name in names, f"{name} is not on the mountain: {names}"
    for m, name in enumerate(names):
        inner.team.pos[m] = 0
        if m >= ng and name in summit:
            inner.team.goal[m - ng] = 2
        if name in dead:
            inner.team.pos[m] = REMOVED if m < ng else DEAD
    inner.phase = P_OVER
    state._finish_mountain()


def mountain(state: CampaignState) -> DisasterState:
    """The mountain being climbed, as its game's state (to read, not to change)."""
    inner = state.mountain_state()
    assert isinstance(inner, DisasterState)
    return inner


def roster(state_or_game: CampaignState | highcamp.Game) -> CampaignRoster:
    """The campaign's game, with its mountains, labels and chart."""
    game = state_or_game.game if isinstance(state_or_game, CampaignState) else state_or_game
    assert isinstance(game, CampaignRoster)
    return game


def series_game(game: highcamp.Game) -> DisasterGame:
    """A game of the series, with its rule set."""
    assert isinstance(game, DisasterGame)
    return game


def act(state: CampaignState, text: str) -> None:
    """Apply the action named by ``text``."""
    state.apply_action(state.string_to_action(text))


def texts(state: CampaignState) -> list[str]:
    """The legal actions as text."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def team(state: CampaignState) -> list[str]:
    """Names of the team on the mountain (guides first)."""
    return [m["name"] for m in state.observation(0)["campaign"]["team"]]
