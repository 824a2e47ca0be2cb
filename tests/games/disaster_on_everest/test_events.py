"""The reconstructed event effects (R-DS-6) and the held and kept tokens [6.2] [11.1]."""

from __future__ import annotations

from highcamp import CHANCE
from highcamp.games.disaster_series.constants import DEAD
from highcamp.games.disaster_series.engine import DisasterState

from .helpers import ALL_HILLARY, END, act, draw, marker, new, roll, start, texts, to_move, where


def test_broken_rope_chooses_a_client_and_rolls() -> None:
    s = start(where={"Frank": "Snow Gully"})
    draw(s, 4)
    act(s, "buy Broken Rope for 1 Prestige")
    assert "Broken Rope strikes Frank" in texts(s)
    act(s, "Broken Rope strikes Frank")
    roll(s, 3)  # 2-4: injured, back to High Camp
    assert where(s, "Frank") == "High Camp"
    s2 = new()
    draw(s2, 4)
    act(s2, "buy")
    act(s2, "Broken Rope strikes Doug")
    roll(s2, 1)
    assert s2.team.pos[marker(s2, "Doug")] == DEAD


def test_acute_mountain_sickness_strikes_the_highest_client() -> None:
    s = start(where={"Beck": "Southeast Ridge"})
    draw(s, 0)
    act(s, "buy")
    assert s.team.ams[1] and s.phase == 9  # one candidate: no question asked (R-0-4)


def test_icy_slides_everyone_off_the_ridges() -> None:
    s = start(where={"Beck": "Cornice Traverse", "Yuri": "The Balcony"})
    draw(s, 15)
    act(s, "buy Icy for 1 Prestige")
    assert where(s, "Beck") == "Southeast Ridge"
    assert where(s, "Yuri") == "Snow Gully"


def test_icy_in_the_storm_rolls_for_getting_lost() -> None:
    s = start(where={"Beck": "South Summit"}, storm_track=3)
    draw(s, 15)
    act(s, "buy")
    assert s.current_player() == CHANCE and s.die_for == "lost"
    roll(s, 1)
    assert where(s, "Beck") == "the LOST box"


def test_oxygen_tank_to_a_chosen_guide_adds_a_space() -> None:
    s = new()
    draw(s, 25)
    act(s, "buy Oxygen for 4 Prestige")
    act(s, "Oxygen Tank to Rob")
    act(s, "option a")
    act(s, "move Rob")
    assert s.remaining == 5


def test_avalanche_sweeps_unguided_clients_down() -> None:
    s = start(where={"Beck": "Southeast Ridge", "Frank": "Snow Gully", "Rob": "Snow Gully"})
    draw(s, 2)
    act(s, "buy")
    act(s, "Avalanche at Southeast Ridge")
    assert where(s, "Beck") == "The Balcony"
    s2 = start(where={"Frank": "Snow Gully", "Rob": "Snow Gully"})
    draw(s2, 2)
    act(s2, "buy")
    act(s2, "Avalanche at Snow Gully")
    assert where(s2, "Frank") == "Snow Gully"  # sheltered by the guide


def test_ridges_open_is_held_then_clears_the_blocks() -> None:
    s = new()
    draw(s, 28)  # ridge 5
    act(s, "buy Ridges Open for 2 Prestige")
    assert s.blocked == [3, 5]
    act(s, "play Ridges Open")
    assert s.blocked == []
    assert s.observation(0)["held"] == []


def test_chocolate_bars_and_thick_snow_change_client_movement() -> None:
    s = new()
    draw(s, 9)
    act(s, "buy Chocolate Bars for 2 Prestige")
    act(s, "play Chocolate Bars")
    act(s, "option c")
    act(s, "move Stuart")  # movement 0: chocolate counts for 0 too
    assert s.remaining == 1
    s2 = new()
    draw(s2, 33)
    act(s2, "buy Thick Snow for 1 Prestige")
    act(s2, "option c")
    act(s2, "move Frank")
    assert s2.remaining == 2


def test_lost_signal_stops_pick_ups() -> None:
    s = new()
    draw(s, 20)
    act(s, "buy")
    act(s, "option a")
    act(s, "move Yuri")
    assert not any("picks up" in t for t in texts(s))


def test_good_review_adds_prestige() -> None:
    s = new()
    draw(s, 13)
    act(s, "buy Good Review for 1 Prestige")
    assert s.team.prestige == 21


def _end_now(s: DisasterState) -> None:
    """Play the last turn of a position on the Storm Track's last space (``END``)."""
    to_move(s)
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)


def test_med_kit_turns_a_die_into_survival() -> None:
    s = start(
        storm_track=END, where={"Frank": "South Summit"}, kept=["token 23"], marker=ALL_HILLARY
    )
    _end_now(s)
    die = next(t for t in s.pool if s.rs.tokens[t].fate("medium") == "DIE")
    s.apply_action(178 + die)
    act(s, "use a Med Kit on Frank")
    assert where(s, "Frank") == "South Summit" and s.is_terminal()
    assert s.invariants() == []


def test_luck_draws_a_second_fate_token_or_scores_two() -> None:
    s = start(
        storm_track=END, where={"Frank": "Cornice Traverse"}, held=["token 22"], marker=ALL_HILLARY
    )
    _end_now(s)
    die = next(t for t in s.pool if s.rs.tokens[t].fate("far") == "DIE")
    live = next(t for t in s.pool if s.rs.tokens[t].fate("far") == "LIVE")
    s.apply_action(178 + die)
    act(s, "discard Luck: Frank draws again")
    s.apply_action(178 + live)
    assert s.is_terminal() and where(s, "Frank") == "Cornice Traverse"
    lines = {ln.label: ln.points for ln in s.score_breakdown()[0].lines}
    assert lines["Luck token held"] == 0
    assert s.invariants() == []
