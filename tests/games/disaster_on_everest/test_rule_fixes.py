"""Rule fixes of Disaster on Everest, each a scenario named after its section."""

from __future__ import annotations

from highcamp import CHANCE
from highcamp.games.disaster_series.constants import NEUTRAL, QUEUE, SACRIFICE

from .helpers import (
    ALL_HILLARY,
    END,
    SPACES,
    act,
    draw,
    marker,
    new,
    roll,
    start,
    texts,
    to_move,
    where,
)
from .test_scenarios import _end_now
from .test_two_player import _win, start2

ICY = 15  # Icy, ridge 6


def test_8_2_icy_slide_onto_down_enters_the_queue() -> None:
    s = start(where={"Beck": "Summit Ridge"}, marker={"Beck": "Hillary Step"})
    draw(s, ICY)
    act(s, "buy Icy for 1 Prestige")
    assert s.current_player() == CHANCE and s.die_for == "queue"  # [8.2]: roll for the spot
    roll(s, 3)
    beck = marker(s, "Beck")
    assert s.team.pos[beck] == QUEUE and [2, beck, -1] in s.queue
    assert where(s, "Beck") == "the Hillary Step queue"
    assert s.invariants() == []


def test_8_2_icy_slides_a_group_onto_down_and_the_player_orders_it() -> None:
    s = start(
        where={"Rob": "Summit Ridge", "Beck": "Summit Ridge"}, marker={"Beck": "Hillary Step"}
    )
    draw(s, ICY)
    act(s, "buy")
    assert texts(s) == ["Rob enters the queue next", "Beck enters the queue next"]
    act(s, "Beck enters the queue next")
    roll(s, 1)
    roll(s, 1)  # spot 1 taken: the next open one
    ours = sorted(e for e in s.queue if e[1] != NEUTRAL)
    assert ours == [[0, marker(s, "Beck"), -1], [1, marker(s, "Rob"), -1]]
    assert s.phase == 9  # then the movement step
    # no one is left on Down: a client cannot step Down -> Up outside the queue, and the
    # guide does not end the turn on Down
    assert SPACES["Down"] not in s.team.pos


def test_8_2_icy_in_two_players_sends_both_teams_into_the_queue() -> None:
    s = start2(
        where=({"Beck": "Summit Ridge"}, {"Sandy": "Summit Ridge"}),
        marker=({"Beck": "Hillary Step"}, {"Sandy": "Hillary Step"}),
    )
    _win(s, ICY)
    assert s.current_player() == CHANCE and s.die_for == "queue"
    roll(s, 2)
    roll(s, 2)
    assert s.invariants() == []
    assert sorted((spot, s.name(who)) for spot, who, _ in s.queue) == [(1, "Beck"), (2, "Sandy")]
    with s._seated(1):
        assert s.team.pos[marker(s, "Sandy")] == QUEUE


def test_11_4_sacrifice_only_on_the_same_queue_spot() -> None:
    for guide_spot, offered in ((4, False), (1, True)):
        spots = (2, guide_spot + 1) if guide_spot != 1 else (8, 8)  # 8+ stacks: one space
        s = start(
            storm_track=END,
            queue=[
                {"spot": spots[0], "who": "Frank", "direction": "up"},
                {"spot": spots[1], "who": "Rob", "direction": "up"},
            ],
            marker=ALL_HILLARY,
        )
        _end_now(s)
        assert s.fate_client == 3 and s.fate_key == "far"
        die = next(t for t in s.pool if s.rs.tokens[t].fates[3] == "DIE")
        s.apply_action(178 + die)
        assert (SACRIFICE + 1 in s.legal_actions()) == offered, guide_spot


def test_13_2_cautious_client_that_does_not_move_is_not_tired() -> None:
    s = new(game="advanced")
    to_move(s)
    act(s, "option c")
    act(s, "move Lou")  # Cautious
    act(s, "end Lou's move")
    assert s.team.tired[4] == 0  # it made no move
    assert s.clients_left == 4  # nor used one of option c's four client moves
    assert "move Lou" not in texts(s)
    act(s, "move Frank")
    act(s, "Frank up to Triangular Face")
    act(s, "end Frank's move")
    assert s.clients_left == 3


def test_13_2_cautious_client_that_moves_tires() -> None:
    s = new(game="advanced")
    to_move(s)
    act(s, "option c")
    act(s, "move Lou")
    act(s, "Lou up to Triangular Face")
    act(s, "end Lou's move")
    assert s.team.tired[4] == 1 and s.clients_left == 3


def test_15_4_ridges_open_before_any_block_stops_blocks_that_turn() -> None:
    ro = 27  # Ridges Open
    s = start2(where=({"Doug": "Snow Gully", "Beck": "Snow Gully"}, {}), seats=({"held": [ro]}, {}))
    draw(s, 1)
    act(s, "pass")
    act(s, "pass")
    act(s, "option c")
    assert s.blocked == [] and "play Ridges Open" in texts(s)
    act(s, "play Ridges Open")
    assert "play Ridges Open" not in texts(s)  # once a turn
    for name in ("Doug", "Beck"):  # two clients end their move on The Balcony
        act(s, f"move {name}")
        act(s, f"{name} up to The Balcony")
        if f"end {name}'s move" in texts(s):
            act(s, f"end {name}'s move")
        assert where(s, name) == "The Balcony"
    assert s.blocked == []  # no Blocked Ridge placed that turn
