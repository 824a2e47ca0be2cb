"""One scenario per action card [Action Cards], and the Tent reactions (R-GO-4)."""

from __future__ import annotations

import pytest

from highcamp import CHANCE, IllegalActionError

from .helpers import (
    colds,
    discarded,
    doc,
    drive,
    frozen_parts,
    heights,
    stack,
    table,
    texts,
    tops,
)


def test_equipment_theft_takes_a_visible_garment_even_4_points() -> None:
    s = table(hands={0: ["Equipment Theft"]}, dress={1: ["boots 1", "boots 4"]})
    drive(s, ["play Equipment Theft"])
    assert "target seat 2 boots" in texts(s)
    drive(s, ["target seat 2 boots", "no Tent"])
    assert tops(s, 0)["boots"] == "boots 4"
    assert tops(s, 1)["boots"] == "boots 1"
    assert discarded(s, "Equipment Theft") == 1
    assert s.current_player() == CHANCE  # the hand is refilled


def test_equipment_theft_takes_a_special_item_not_from_a_frozen_part() -> None:
    s = table(hands={0: ["Equipment Theft"]}, dress={2: ["Flag", "head 2"]}, frozen={2: ["head"]})
    drive(s, ["play Equipment Theft"])
    assert texts(s) == ["target seat 3 Flag"]
    drive(s, ["target seat 3 Flag", "no Tent"])
    assert s.observation(0)["mountaineers"][0]["special_items"] == ["Flag"]


def test_backpack_stealing_looks_at_a_hand_and_takes_a_card() -> None:
    s = table(hands={0: ["Backpack Stealing"], 1: ["Yeti", "head 3", "Fire"]})
    drive(s, ["play Backpack Stealing"])
    assert texts(s) == ["target seat 2"]  # seat 3 has no cards
    drive(s, ["target seat 2", "no Tent"])
    assert s.observation(0)["looking_at"] == ["head 3", "Yeti", "Fire"]
    assert "looking_at" not in s.observation(1)
    assert texts(s) == ["take head 3", "take Yeti", "take Fire"]
    drive(s, ["take Yeti"])
    assert s.hand(0) == ["Yeti"] and s.hand(1) == ["head 3", "Fire"]
    known = {k["seat"]: k["cards"] for k in s.observation(0)["known_hands"]}
    assert known == {1: ["head 3", "Fire"]}
    victim = {k["seat"]: k["cards"] for k in s.observation(1)["known_hands"]}
    assert victim == {0: ["Yeti"]}
    assert s.observation(2)["known_hands"] == []


def test_mountain_goddess_takes_from_the_discard_pile() -> None:
    s = table(hands={0: ["Mountain Goddess", "pants 4"]}, discard={"Tent": 1})
    drive(s, ["play Mountain Goddess"])
    assert texts(s) == ["take Tent"]  # the Goddess itself is not yet in the pile
    drive(s, ["take Tent"])
    assert s.hand(0) == ["pants 4", "Tent"]
    assert discarded(s, "Mountain Goddess") == 1
    assert {k["seat"]: k["cards"] for k in s.observation(1)["known_hands"]} == {0: ["Tent"]}


def test_mountain_goddess_needs_a_discard_pile() -> None:
    s = table(hands={0: ["Mountain Goddess"]})
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play Mountain Goddess"])
    assert err.value.rule == "[3. Mountain Goddess]"
    assert doc(s) == before


def test_snowball_discards_a_visible_garment_never_a_4_pointer() -> None:
    s = table(hands={0: ["Snowball"]}, dress={1: ["head 1", "head 2", "jacket 4"]})
    drive(s, ["play Snowball"])
    assert "target seat 2 jacket" not in texts(s)
    drive(s, ["target seat 2 head", "no Tent"])
    assert tops(s, 1)["head"] == "head 1"
    assert discarded(s, "head 2") == 1


def test_yeti_two_garments_from_one_mountaineer_or_two() -> None:
    s = table(hands={0: ["Yeti"]}, dress={1: ["head 1", "head 2"], 2: ["boots 3"]})
    drive(s, ["play Yeti", "target seat 2 head"])
    assert texts(s) == ["target seat 2 head", "target seat 3 boots"]
    drive(s, ["target seat 2 head", "no Tent"])
    assert heights(s, 1)[0] == 0 and heights(s, 2)[5] == 1
    s2 = table(hands={0: ["Yeti"]}, dress={1: ["head 1", "head 2"], 2: ["boots 3"]})
    drive(s2, ["play Yeti", "target seat 2 head", "target seat 3 boots"])
    assert s2.current_player() == 1  # both targets are asked, clockwise
    drive(s2, ["no Tent"])
    assert s2.current_player() == 2
    drive(s2, ["no Tent"])
    assert tops(s2, 1)["head"] == "head 1" and tops(s2, 2)["boots"] is None


def test_yeti_with_a_single_garment_in_reach_discards_one() -> None:
    s = table(hands={0: ["Yeti"]}, dress={1: ["head 4", "head 2"]})
    drive(s, ["play Yeti", "target seat 2 head"])
    assert s.current_player() == 1  # no second garment: straight to the Tent question
    drive(s, ["no Tent"])
    assert tops(s, 1)["head"] == "head 4"


def test_blizzard_discards_down_to_a_4_point_garment() -> None:
    s = table(hands={0: ["Blizzard"]}, dress={1: ["pants 1", "pants 4", "pants 2", "pants 3"]})
    drive(s, ["play Blizzard", "target seat 2 pants", "no Tent"])
    assert stack(s, 1, "pants") == ["pants 1", "pants 4"]
    assert discarded(s, "pants 2") == 1 and discarded(s, "pants 3") == 1
    assert any("4-point" in e.text for e in s.log)


def test_tent_cancels_an_action_card() -> None:
    s = table(hands={0: ["Snowball"], 1: ["Tent"]}, dress={1: ["head 2"]})
    drive(s, ["play Snowball", "target seat 2 head"])
    assert s.current_player() == 1 and texts(s) == ["Tent", "no Tent"]
    drive(s, ["Tent"])
    assert tops(s, 1)["head"] == "head 2"
    assert discarded(s, "Tent") == 1 and discarded(s, "Snowball") == 1
    assert any(e.rule == "[7. Tent] R-GO-4" for e in s.log)


def test_tent_is_only_a_reaction() -> None:
    s = table(hands={0: ["Tent"]})
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play Tent"])
    assert err.value.rule == "[7. Tent] R-GO-4"
    assert texts(s) == ["discard Tent"]


def test_no_tent_question_against_your_own_mountaineer() -> None:
    s = table(hands={0: ["Snowball"]}, dress={0: ["head 1", "head 2"]})
    drive(s, ["play Snowball", "target seat 1 head"])
    assert s.current_player() == CHANCE
    assert tops(s, 0)["head"] == "head 1"


def test_hypothermia_freezes_a_part() -> None:
    s = table(hands={0: ["Hypothermia"], 1: ["head 3", "Snowball"]}, dress={1: ["head 2"]})
    drive(s, ["play Hypothermia", "target seat 2 head", "no Tent"])
    assert s.observation(0)["mountaineers"][1]["parts"][0]["frozen"]
    assert frozen_parts(s, 1) == ["head"] and discarded(s, "Hypothermia") == 0
    # seat 2 may no longer dress the head, nor shout, and the head does not score
    s = table(
        turn=1, hands={1: ["head 3", "Snowball"]}, dress={1: ["head 2"]}, frozen={1: ["head"]}
    )
    assert "play head 3" not in texts(s)
    with pytest.raises(IllegalActionError) as err:
        drive(s, ["play head 3"])
    assert err.value.rule == "[8. Hypothermia]"
    outfit = ["head 2", *(f"{p} 1" for p in ("jacket", "left arm", "right arm", "pants", "boots"))]
    s = table(dress={1: outfit}, frozen={1: ["head"]})
    assert not s.can_shout(1)
    assert s.score(1) == 5


def test_fire_thaws_or_passes_the_cold() -> None:
    s = table(hands={0: ["Fire"]}, frozen={0: ["boots"]}, cold={0: 1})
    drive(s, ["play Fire"])
    assert texts(s) == ["thaw boots", "pass the Cold left"]
    drive(s, ["thaw boots"])
    assert frozen_parts(s, 0) == [] and discarded(s, "Hypothermia") == 1
    t = table(hands={0: ["Fire"]}, cold={0: 1})
    drive(t, ["play Fire", "pass the Cold left", "no Tent"])
    assert colds(t) == [0, 1, 0]
    assert not t.invariants()


def test_fire_needs_something_to_warm() -> None:
    s = table(hands={0: ["Fire"]})
    assert texts(s) == ["discard Fire"]


def test_cold_costs_five_points() -> None:
    s = table(hands={0: ["Cold"]}, dress={2: ["head 4"]})
    drive(s, ["play Cold", "target seat 3", "no Tent"])
    assert colds(s) == [0, 0, 1]
    assert s.score(2) == -1
    assert not s.invariants()


def test_cold_and_tent_chain() -> None:
    """A Tent against the Cold passes it left of the Tent's player, who may Tent in turn;
    the chain can come back to the player who played it (R-GO-4)."""
    s = table(players=3, hands={0: ["Cold", "Tent"], 1: ["Tent"], 2: ["Tent"]})
    drive(s, ["play Cold", "target seat 2"])
    assert s.current_player() == 1
    drive(s, ["Tent"])
    assert s.current_player() == 2  # left of seat 2
    drive(s, ["Tent"])
    assert s.current_player() == 0  # left of seat 3: back to the Cold's player
    assert texts(s) == ["Tent", "no Tent"]
    drive(s, ["Tent"])
    assert s.current_player() == 1  # seat 2 again, now without a Tent
    assert texts(s) == ["no Tent"]
    drive(s, ["no Tent"])
    assert colds(s) == [0, 1, 0]
    assert discarded(s, "Tent") == 3
    assert not s.invariants()
    passes = [e.text for e in s.log if "Cold passes" in e.text]
    assert passes == [
        "the Cold passes to seat 3, left of the Tent",
        "the Cold passes to seat 1, left of the Tent",
        "the Cold passes to seat 2, left of the Tent",
    ]


def test_tent_is_always_asked_so_the_question_reveals_nothing() -> None:
    s = table(hands={0: ["Cold"]})
    drive(s, ["play Cold", "target seat 2"])
    assert s.current_player() == 1 and texts(s) == ["no Tent"]


def test_avalanche_moves_parts_simultaneously() -> None:
    s = table(
        players=4,
        hands={0: ["Avalanche"]},
        dress={0: ["head 1"], 1: ["head 2", "head 3"], 3: ["head 4"]},
    )
    drive(s, ["play Avalanche", "avalanche head left"])
    for _ in range(3):
        drive(s, ["no Tent"])
    names = [stack(s, q, "head") for q in range(4)]
    assert names == [["head 4"], ["head 1"], ["head 2", "head 3"], []]


def test_avalanche_skips_frozen_parts_and_tents() -> None:
    s = table(
        players=4,
        hands={0: ["Avalanche"], 2: ["Tent"]},
        dress={0: ["boots 1"], 1: ["boots 2"], 2: ["boots 3"], 3: ["boots 4"]},
        frozen={1: ["boots"]},
    )
    drive(s, ["play Avalanche", "avalanche boots right"])
    # seat 2 is frozen there, so only seats 3 and 4 are asked (clockwise from seat 1)
    assert s.current_player() == 2
    drive(s, ["Tent"])
    assert s.current_player() == 3
    drive(s, ["no Tent"])
    # seat 1 gives to the right (seat 4), seat 4 to the next able to receive: seat 1
    tops_now = [stack(s, q, "boots") for q in range(4)]
    assert tops_now == [["boots 4"], ["boots 2"], ["boots 3"], ["boots 1"]]
    assert not s.invariants()


def test_static_view_gives_every_action_card_and_item_its_effect() -> None:
    """The board shows each action card's effect on the card: one source, the card data."""
    import highcamp

    kinds = highcamp.load_game("everest-go").static_view()["kinds"]
    for kind in kinds:
        garment = kind["name"].split(" ")[-1].isdigit()
        assert bool(kind["effect"]) != garment and bool(kind["rule"]) != garment, kind
    by_name = {k["name"]: k for k in kinds}
    assert by_name["Tent"]["rule"] == "[Action Cards] 7"
    assert "Fire" in by_name["Hypothermia"]["effect"]
