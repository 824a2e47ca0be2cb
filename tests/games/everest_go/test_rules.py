"""Set-up, the turn, the deck, the end of the game and scoring [Game Setup] .. [End of the
Game], R-GO-1, R-GO-5."""

from __future__ import annotations

import pytest

import highcamp
from highcamp import CHANCE, TERMINAL, IllegalActionError, OptionError
from highcamp.games.everest_go.rules import EverestGoState

from .helpers import CARDS, discarded, doc, drive, full_outfit, kind, new_state, table, texts, tops


def test_components_are_the_106_cards() -> None:
    assert CARDS.total_cards == 106
    garments = sum(CARDS.copies[: CARDS.n_garments])
    actions = sum(CARDS.copies[CARDS.first_action : CARDS.first_special])
    assert (garments, actions, len(CARDS.kinds) - CARDS.first_special) == (48, 32, 2)
    assert CARDS.copies[kind("Blizzard")] == CARDS.copies[kind("Avalanche")] == 2
    info = highcamp.load_game("everest-go").info
    assert info.reconstructed and info.hidden_information


@pytest.mark.parametrize(
    ("players", "beginners", "deck"),
    [(4, False, 82), (3, False, 76), (2, False, 70), (3, True, 72)],
)
def test_setup_returns_outfits_to_the_box(players: int, beginners: bool, deck: int) -> None:
    game = highcamp.load_game("everest-go", players=players, beginners=beginners)
    state = game.new_initial_state(1)
    assert state.observation(0)["deck"] == deck
    while state.is_chance_node():
        state.apply_random_chance()
    obs = state.observation(0)
    assert obs["deck"] == deck - 3 * players
    assert all(m["hand_size"] == 3 for m in obs["mountaineers"])
    box = obs["box"]
    if players <= 3:
        assert all(box[f"{p} 3"] == 1 for p in CARDS.parts)
    if players == 2:
        assert all(box[f"{p} 1"] == 1 for p in CARDS.parts)
    assert ("Blizzard" in box) == beginners and ("Avalanche" in box) == beginners
    assert not state.invariants()


def test_first_player_is_a_logged_chance_step_or_an_option() -> None:
    game = highcamp.load_game("everest-go", players=4)
    state = game.new_initial_state(5)
    for _ in range(12):
        state.apply_random_chance()
    assert state.current_player() == CHANCE
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    state.apply_action(state.string_to_action("seat 3 goes first"))
    assert state.current_player() == 2
    assert any("seat 3 takes the first turn" in e.text for e in state.log)
    fixed = highcamp.load_game("everest-go", players=2, first_player=2).new_initial_state(0)
    for _ in range(6):
        fixed.apply_random_chance()
    assert fixed.current_player() == 1
    with pytest.raises(OptionError):
        highcamp.load_game("everest-go", players=2, first_player=3)


def test_garments_stack_and_only_the_top_shows() -> None:
    s = new_state(hands=[["head 1", "head 2", "Oxygen"], ["Yeti"] * 3, ["Fire"] * 2 + ["Tent"]])
    drive(s, ["play head 1", "draw head 3"])
    assert s.current_player() == 1
    s = table(hands={0: ["head 2", "head 3", "Oxygen"]}, dress={0: ["head 1"]})  # seat 1 again
    drive(s, ["play head 2", "draw jacket 3"])
    m = s.observation(1)["mountaineers"][0]
    assert m["parts"][0] == {
        "part": "head",
        "top": "head 2",
        "height": 2,
        "hidden": 1,
        "frozen": False,
    }
    s = table(hands={0: ["head 3", "jacket 3", "Oxygen"]}, dress={0: ["head 1", "head 2"]})
    drive(s, ["play Oxygen", "draw boots 1"])
    assert s.observation(2)["mountaineers"][0]["special_items"] == ["Oxygen"]


def test_improve_your_hand_discards_any_number_then_draws_up_to_three() -> None:
    s = new_state(hands=[["Yeti", "Fire", "head 1"], ["Snowball"] * 3, ["Tent"] * 3])
    drive(s, ["discard Yeti"])
    assert texts(s) == ["discard head 1", "discard Fire", "stop discarding"]
    drive(s, ["discard Fire", "stop discarding"])
    assert s.current_player() == CHANCE
    drive(s, ["draw Snowball", "draw Cold"])
    assert s.current_player() == 1 and s.hand(0) == ["head 1", "Snowball", "Cold"]
    assert s.observation(2)["discard"] == {"Yeti": 1, "Fire": 1}


def test_one_option_per_turn() -> None:
    s = new_state(hands=[["head 1", "jacket 1", "Yeti"], ["Snowball"] * 3, ["Tent"] * 3])
    drive(s, ["play head 1"])
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play jacket 1"])
    assert err.value.rule == "R-0-3" and doc(s) == before


def test_deck_exhaustion_reshuffles_and_counts() -> None:
    # two cards left in the deck, a Fire and a Tent; every other one on the discard pile
    s = table(hands={0: ["head 1"]}, deck={"Fire": 1, "Tent": 1})
    assert s.observation(0)["deck"] == 2
    drive(s, ["play head 1", "draw Fire", "draw Tent"])
    assert s.observation(0)["exhaustions"] == 1
    assert s.observation(0)["deck"] > 60 and s.observation(0)["discard"] == {}
    assert any("runs out (1 of 3)" in e.text for e in s.log)
    assert any("shuffled into a new deck" in e.text for e in s.log)
    assert s.current_player() == CHANCE  # the third card comes from the new deck
    drive(s, ["draw Yeti"])
    assert s.hand(0) == ["Yeti", "Tent", "Fire"]


def test_the_third_exhaustion_ends_the_game() -> None:
    s = table(hands={0: ["head 4"]}, exhaustions=2, deck={"Fire": 1})
    drive(s, ["play head 4", "draw Fire"])
    assert s.is_terminal() and s.ending() == "deck"
    assert s.returns() == [1.0, 0.0, 0.0]
    assert s.current_player() == TERMINAL


def test_everest_condition_immediate_end_and_bonus() -> None:
    s = table(hands={0: ["boots 1"]}, dress={0: full_outfit(1)[:5], 1: full_outfit(2)})
    assert "EVEREST!" not in texts(s)
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["EVEREST!"])
    assert err.value.rule == "[End of the Game] R-GO-5"
    drive(s, ["play boots 1"])
    # the condition holds after the option: a decision point before the draw (R-GO-5)
    assert texts(s) == ["EVEREST!", "end turn"]
    drive(s, ["EVEREST!"])
    assert s.is_terminal() and s.ending() == "everest"
    assert s.score(0) == 6 + 3 and s.score(1) == 12
    assert s.returns() == [0.0, 1.0, 0.0]
    lines = {ln.label: ln.points for ln in s.score_breakdown()[0].lines}
    assert lines["EVEREST!"] == 3


def test_everest_can_be_shouted_at_the_start_of_a_turn() -> None:
    s = table(dress={0: full_outfit(4)})
    assert "EVEREST!" in texts(s)
    drive(s, ["EVEREST!"])
    assert s.score(0) == 27


def test_end_turn_goes_on_to_the_draw() -> None:
    s = table(hands={0: ["boots 1"]}, dress={0: full_outfit(1)[:5]})
    drive(s, ["play boots 1", "end turn"])
    assert s.current_player() == CHANCE


def test_tie_break_everest_wins_a_tie() -> None:
    s = table(players=3, dress={0: full_outfit(1), 1: ["head 4", "jacket 4", "pants 1"]})
    drive(s, ["EVEREST!"])
    assert s.score(0) == s.score(1) == 9
    assert s.winners() == [0]


def test_tie_break_special_items_then_garments_by_value() -> None:
    others = {
        1: ["head 2", "jacket 4"],  # 6, one 4-pointer
        2: ["left arm 3", "right arm 3"],  # 6, two 3-pointers
        3: ["pants 2", "boots 2", "pants 1", "boots 1"],  # 6
    }
    s = table(players=4, dress={0: ["head 3", "Oxygen"], **others}, ending="deck")  # 6, an item
    assert [s.score(q) for q in range(4)] == [6, 6, 6, 6]
    assert s.winners() == [0]
    s = table(players=4, dress={0: ["head 3", "boots 3"], **others}, ending="deck")
    assert s.score(0) == 6 and s.winners() == [1]  # two 3-pointers like seat 3: the 4-pointer


def test_tie_break_down_to_1_point_garments_and_a_shared_win() -> None:
    s = table(
        dress={0: ["head 2", "jacket 2"], 1: ["head 2", "jacket 1", "pants 1"]}, ending="deck"
    )  # two 2-pointers; one 2-pointer, two 1-pointers
    assert s.score(0) == s.score(1) == 4
    assert s.winners() == [0]
    t = table(players=2, dress={0: ["head 1"], 1: ["boots 1"]}, ending="deck")
    assert t.winners() == [0, 1] and t.returns() == [1.0, 1.0]


def test_frozen_garments_and_cold_in_the_score() -> None:
    s = table(
        players=2,
        dress={0: ["head 4", "head 3", "jacket 2", "Flag"]},
        frozen={0: ["head"]},
        cold={0: 1},
        ending="deck",
    )
    assert s.score(0) == 2 + 3 - 5
    labels = [ln.label for ln in s.score_breakdown()[0].lines]
    assert labels == ["head: frozen (7 not counted)", "jacket: 1 garment", "Flag", "Cold x1"]
    assert not s.invariants()


def test_invariants_catch_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    s = table()
    assert s.invariants() == []
    original = EverestGoState.card_counts

    def leaky(self: EverestGoState) -> dict[str, list[int]]:
        zones = original(self)
        zones["deck"][kind("Yeti")] -= 1  # a Yeti falls off the table
        return zones

    monkeypatch.setattr(EverestGoState, "card_counts", leaky)
    assert any("Yeti" in p for p in s.invariants())
    with pytest.raises(highcamp.PositionError, match="breaks the game's invariants: Yeti"):
        table()  # the contract checks a position's invariants


def test_refusals_name_the_rule() -> None:
    s = table(hands={0: ["Snowball"]})
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play Snowball"])  # nothing to throw it at
    assert err.value.rule == "[4. Snowball]"
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play Yeti"])
    assert "not in your hand" in err.value.reason
    assert tops(s, 0)["head"] is None


def test_tie_break_3_point_garments() -> None:
    s = table(
        players=4,
        dress={0: ["head 3", "jacket 3"], 1: ["head 3", "jacket 2", "pants 1"]},
        ending="deck",
    )  # 6 each: two 3-pointers; one 3-pointer
    assert s.score(0) == s.score(1) == 6
    assert s.winners() == [0]
    breakdown = s.score_breakdown()[0]
    assert breakdown.figures["garments_by_points"]["3"] == 2 and breakdown.figures["winner"]


def test_everest_mid_card_leaves_the_card_unresolved() -> None:
    """R-GO-5: any decision point of the shouter's own turn, choosing a target included."""
    s = table(hands={0: ["Snowball"]}, dress={0: full_outfit(2), 1: ["head 1"]})
    drive(s, ["play Snowball"])
    assert texts(s)[0] == "EVEREST!" and "target seat 2 head" in texts(s)
    drive(s, ["EVEREST!"])
    assert s.is_terminal() and discarded(s, "Snowball") == 1
    assert not s.invariants()
    assert any("left unresolved" in e.text for e in s.log)


def test_everest_while_answering_the_cold_chain() -> None:
    s = table(players=2, hands={0: ["Cold", "Tent"], 1: ["Tent"]}, dress={0: full_outfit(2)})
    drive(s, ["play Cold", "target seat 2", "Tent"])
    assert s.current_player() == 0
    assert texts(s) == ["EVEREST!", "Tent", "no Tent"]


def test_end_of_the_game_figure_who_may_shout() -> None:
    """[End of the Game] figure: frozen, missing boots, complete outfit."""
    s = table(
        players=3,
        dress={0: full_outfit(1), 1: full_outfit(2)[:5], 2: full_outfit(4)},
        frozen={0: ["left arm"]},
    )
    assert [s.can_shout(q) for q in range(3)] == [False, False, True]
    assert [m["can_shout"] for m in s.observation(0)["mountaineers"]] == [False, False, True]
