"""Each reader's log in play grows with each move instead of being read from scratch: it
must stay exactly the log :meth:`State.log_for` gives, for every game, seat and spectator,
through chance steps, AI seats, undo and a reader who arrives late."""

from __future__ import annotations

import random

import pytest

import highcamp
from highcamp.store import Store
from highcamp.web.hub import Hub
from highcamp.web.tables import LOG_TAIL, Table


def _check(table: Table, seats: bool = True) -> None:
    state = table.state
    for looking in [*range(state.game.num_players), None] if seats else [None]:
        whole = [e.to_dict() for e in state.log_for(looking)]
        assert table._log(state, looking, True) == (whole[-LOG_TAIL:], len(whole)), looking


@pytest.mark.parametrize("game_id", highcamp.list_games())
def test_kept_logs_are_the_logs_of_the_state(game_id: str) -> None:
    hub = Hub(Store("sqlite://"))
    n = highcamp.load_game(game_id).num_players
    seats = [{"kind": "human"}] + [{"kind": "agent", "agent": "random"}] * (n - 1)
    _, solo = hub.create({"game": game_id, "mode": "solo", "seats": seats})
    _, online = hub.create({"game": game_id, "mode": "online"})
    rng = random.Random(3)
    for table in (solo, online):
        table.view("spectator", None)  # the spectator's log is kept from the start
        for moves in range(160):
            state = table.state
            if state.is_terminal():
                break
            if moves == 40:  # the seats' logs are read from here on (built, then kept)
                assert set(table._logs) <= {None, "all"}
            player = state.current_player()
            action = rng.choice(state.legal_actions())
            table.act("host" if table.record.mode == "solo" else "seat", player, action,
                      step=len(state.history()))  # fmt: skip
            if moves % 7 == 0 or moves > 40:
                _check(table, seats=moves > 40)
        _check(table)
