"""What a seat may read: ``public_action_text`` (the primitive), ``log_for`` built on it,
and ``public_observation``, with a game's overrides and with the contract's defaults."""

from __future__ import annotations

from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, Game, State

from .hidden_game import GAME_ID, STONES, HiddenGame, HiddenState


def _dealt_and_played(game: Game | None = None) -> State:
    state = (game or highcamp.load_game(GAME_ID)).new_initial_state(seed=11)
    while state.is_chance_node():
        state.apply_random_chance()
    state.apply_action(state.legal_actions()[0])  # seat 0 plays
    state.apply_action(state.legal_actions()[0])  # seat 1 plays: a round is scored
    return state


def _stones_in(text: str) -> set[str]:
    return {s for s in STONES if s in text}


def test_log_for_shows_each_action_as_the_seat_was_told_it() -> None:
    state = _dealt_and_played()
    assert isinstance(state, HiddenState)
    full = state.log
    for seat in (0, 1):
        mine = state.log_for(seat)
        assert len(mine) == len(full)
        deals = 0
        for entry, seen in zip(full, mine, strict=True):
            assert (seen.index, seen.player, seen.rule) == (entry.index, entry.player, entry.rule)
            if entry.player == CHANCE:  # a deal: told to the seat dealt to only
                to = (0, 1, 0, 1)[deals]
                deals += 1
                if to == seat:
                    assert seen == entry
                else:
                    assert seen.text == f"seat {to + 1} is dealt a stone"
                    assert seen.action is None
            else:  # a play and the round it decides are public
                assert seen == entry
        # what the seat read names no stone it could not see: its own, and those played
        seen_stones = {STONES[c] for c in state.hands[seat]} | {STONES[c] for _, c in state.played}
        assert all(_stones_in(e.text) <= seen_stones for e in mine)
    spectator = state.log_for(None)
    played = {STONES[c] for _, c in state.played}
    assert all(_stones_in(e.text) <= played for e in spectator)
    assert [e.text for e in spectator if e.player == CHANCE] == [
        "seat 1 is dealt a stone",
        "seat 2 is dealt a stone",
    ] * 2


def test_public_action_text_is_told_before_the_action() -> None:
    state = highcamp.load_game(GAME_ID).new_initial_state(seed=3)
    deal = state.legal_actions()[0]
    assert state.public_action_text(deal, 0) == state.action_to_string(deal)
    assert state.public_action_text(deal, 1) == "seat 1 is dealt a stone"
    assert state.public_action_text(deal, None) == "seat 1 is dealt a stone"


class _CautiousState(HiddenState):
    """The test game with the contract's defaults for what a seat may read."""

    __slots__ = ()

    def public_action_text(self, action: int, player: int | None = None) -> str:
        return State.public_action_text(self, action, player)

    def public_observation(self) -> dict[str, Any] | None:
        return State.public_observation(self)


class _CautiousGame(HiddenGame):
    def _new_state(self, seed: int) -> _CautiousState:
        return _CautiousState(self, seed)


def test_the_defaults_withhold_what_is_not_the_seats_own() -> None:
    state = _dealt_and_played(_CautiousGame())
    full = state.log
    mine = state.log_for(0)
    assert len(mine) == len(full)
    for entry, seen in zip(full, mine, strict=True):
        assert (seen.index, seen.player, seen.rule) == (entry.index, entry.player, entry.rule)
        if entry.player == 0 or entry.action is None:  # its own, and automatic events
            assert seen == entry
        elif entry.player == CHANCE:
            assert seen.text == "hidden from you" and seen.action is None
        else:
            assert seen.text == f"seat {entry.player + 1} acts" and seen.action is None
    spectator = state.log_for(None)
    assert all(not _stones_in(e.text) for e in spectator)
    assert state.public_observation() is None


def test_perfect_information_tells_everything() -> None:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=2)
    roll = state.string_to_action("roll")
    assert state.public_action_text(roll, None) == state.public_action_text(roll, 0) == "roll"
    state.apply_action(roll)
    state.apply_random_chance()
    assert state.log_for(0) == state.log_for(None) == state.log
    assert state.public_observation() == state.observation(0)


def test_log_for_refuses_a_seat_that_is_not_there() -> None:
    state = _dealt_and_played()
    with pytest.raises(ValueError, match="player must be"):
        state.log_for(2)
