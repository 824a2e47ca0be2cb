"""The options of the mountains the campaign plays, prefixed per mountain: K2's guide [5.2]
(the Sherpa's Secret Goal, and [16.1]: only K2's Sherpas receive one), Balcony collapse
[14.5] and multinational team [14.6]; Everest's random team [14.1] and team bonus [14.2].
The schema refuses bad values and options the order cannot use, naming the option."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import highcamp
from highcamp.core import OptionError, State

from .helpers import act, end_mountain, new, roster, series_game, texts

SAVED = Path(__file__).parent / "golden" / "saved-k2-everest-advanced.json"


def _play(state: State, steps: int, seed: int = 0, mountain: int = 0) -> None:
    """Random play for ``steps`` actions, never past the end of mountain ``mountain``."""
    rng = random.Random(seed)
    for _ in range(steps):
        camp = state.observation(0)["campaign"]
        if state.is_terminal() or camp["mountain"] != mountain + 1 or camp["phase"] != "climb":
            return
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _plays_as_its_game(options: dict[str, Any], gid: str, mountain_options: dict[str, Any]) -> None:
    """The first mountain of the campaign is its game with ``mountain_options``: the same
    seed and actions give the same position."""
    state = highcamp.load_game("disaster-campaign", **options).new_initial_state(seed=11)
    _play(state, 150, seed=3)
    alone = highcamp.load_game(gid, **mountain_options).replay(state.history(), seed=11)
    assert state.mountain_state().to_json()["state"] == alone.to_json()["state"]


def _secret_goal(state: State) -> Any:
    return state.mountain_state().observation(0)["k2"]["secret_goal"]


def _past_setup(state: State) -> None:
    while state.is_chance_node():
        state.apply_random_chance()


# ---------------------------------------------------------------- K2's guide [5.2]
def test_5_2_k2_guide_sherpa_brings_a_secret_goal() -> None:
    state = new(seed=2, order="k2-everest", k2_guide="sherpa")
    _past_setup(state)
    inner = state.mountain_state()
    assert inner.observation(0)["k2"]["guide_kind"] == "sherpa"
    assert _secret_goal(state) is not None
    _plays_as_its_game(
        {"order": "k2-everest", "k2_guide": "sherpa"}, "disaster-on-k2", {"guide": "sherpa"}
    )


def test_5_2_k2_guide_hap_has_no_secret_goal() -> None:
    for options in ({"k2_guide": "hap"}, {}):
        state = new(seed=2, order="k2-everest", **options)
        _past_setup(state)
        assert state.mountain_state().observation(0)["k2"]["guide_kind"] == "hap"
        assert _secret_goal(state) is None


def test_16_1_only_k2_sherpas_receive_a_secret_goal() -> None:
    """Everest then K2: an Everest guide who carries over has no Secret Goal; a K2 Sherpa
    taken as a replacement does [16.1] with [5.2]."""
    state = new(seed=5, order="everest-k2")
    end_mountain(state)  # everyone back: K2 takes one guide of the two
    act(state, next(t for t in texts(state) if t.startswith("leave guide")))
    while state.observation(0)["campaign"]["phase"] != "climb":
        act(state, texts(state)[0])
    _past_setup(state)
    assert state.mountain_state().observation(0)["k2"]["guide_kind"] != "sherpa"
    assert _secret_goal(state) is None

    state = new(seed=5, order="everest-k2")
    end_mountain(state, dead=("Yuri", "Rob"))  # both guides gone: a replacement is taken
    act(state, texts(state)[0])  # K2 takes five clients of the six
    sherpas = [t for t in texts(state) if t.startswith("take guide") and "K2" in t]
    k2 = series_game(highcamp.load_game("disaster-on-k2"))
    kinds = {g.name: g.kind for g in k2.ruleset.guides}
    sherpa = next(
        t for t in sherpas if kinds[t.removeprefix("take guide ").split(" (")[0]] == "sherpa"
    )
    act(state, sherpa)
    while state.observation(0)["campaign"]["phase"] != "climb":
        act(state, texts(state)[-1])  # "no more replacements" once clients are offered
    _past_setup(state)
    assert state.mountain_state().observation(0)["k2"]["guide_kind"] == "sherpa"
    assert _secret_goal(state) is not None


# ---------------------------------------------------------------- K2's Balcony collapse [14.5]
def test_14_5_k2_balcony_collapse_on_every_k2_climb() -> None:
    options = {"order": "k2-k2", "k2_balcony_collapse": True}
    game = highcamp.load_game("disaster-campaign", **options)
    assert [m.options["balcony_collapse"] for m in game.mountains] == [True, True]
    _plays_as_its_game(options, "disaster-on-k2", {"balcony_collapse": True})
    state = new(seed=1, **options)
    end_mountain(state)
    assert state.observation(0)["campaign"]["mountain"] == 2
    assert state.mountain_state().game.options["balcony_collapse"] is True
    plain = highcamp.load_game("disaster-campaign", order="k2-k2")
    assert [m.options["balcony_collapse"] for m in plain.mountains] == [False, False]


# ---------------------------------------------------------------- K2's multinational team [14.6]
def test_14_6_k2_multinational_team_hires_from_all_four_teams() -> None:
    state = new(seed=3, order="k2-everest", k2_multinational=True)
    k2 = series_game(highcamp.load_game("disaster-on-k2"))
    hires = [t for t in texts(state) if t.startswith("hire")]
    assert len(hires) == len(k2.ruleset.guides) == 8
    _plays_as_its_game(
        {"order": "k2-everest", "k2_multinational": True}, "disaster-on-k2", {"multinational": True}
    )


# ---------------------------------------------------------------- Everest's random team [14.1]
def test_14_1_everest_random_team_draws_the_guides_and_clients() -> None:
    state = new(seed=4, order="everest-k2", everest_random_team=True)
    assert state.is_chance_node()
    drawn = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert len(drawn) == 8 and all(t.startswith("guide drawn: ") for t in drawn)
    _plays_as_its_game(
        {"order": "everest-k2", "everest_random_team": True},
        "disaster-on-everest",
        {"random_team": True},
    )
    state = new(seed=4, order="everest-k2", everest_random_team=True)
    _past_setup(state)
    assert len(state.observation(0)["campaign"]["team"]) == 8  # 2 guides, 6 clients


# ---------------------------------------------------------------- Everest's team bonus [14.2]
def test_14_2_everest_team_bonus_of_the_starting_company() -> None:
    options = {"order": "everest-k2", "team": "himalayan-quest", "everest_team_bonus": True}
    state = new(seed=6, **options)
    view = state.game.static_view()["mountains"][0]
    assert view["team_bonus"]  # Himalayan Quest: choose any two guides [14.2]
    hires = [t for t in texts(state) if t.startswith("hire")]
    assert len(hires) == 8
    _plays_as_its_game(
        options, "disaster-on-everest", {"company": "himalayan-quest", "team_bonus": True}
    )
    without = new(seed=6, order="everest-k2", team="himalayan-quest")
    assert not without.game.static_view()["mountains"][0]["team_bonus"]
    assert without.is_chance_node()


def test_14_1_with_14_2_random_clients_and_chosen_guides() -> None:
    options = {
        "order": "everest-everest",
        "team": "himalayan-quest",
        "everest_random_team": True,
        "everest_team_bonus": True,
    }
    _plays_as_its_game(
        options,
        "disaster-on-everest",
        {"company": "himalayan-quest", "random_team": True, "team_bonus": True},
    )


# ---------------------------------------------------------------- the schema
def test_the_schema_lists_each_mountain_option_with_its_mountain() -> None:
    specs = {o.name: o for o in highcamp.game_class("disaster-campaign").INFO.options}
    assert {"everest_random_team", "everest_team_bonus"} <= set(specs)
    assert {"k2_guide", "k2_balcony_collapse", "k2_multinational"} <= set(specs)
    assert specs["k2_guide"].choices == ("hap", "sherpa") and specs["k2_guide"].default == "hap"
    assert specs["k2_guide"].description.startswith("K2: ")
    assert specs["everest_team_bonus"].description.startswith("Everest: ")
    assert not any(n.endswith("_2") or n.endswith("players") for n in specs)


@pytest.mark.parametrize(
    ("options", "option", "message"),
    [
        ({"order": "k2-everest", "k2_guide": "porter"}, "k2_guide", r"one of hap, sherpa"),
        ({"order": "k2-everest", "k2_multinational": "maybe"}, "k2_multinational", "true or"),
        ({"order": "everest-k2", "everest_team_bonus": 3}, "everest_team_bonus", "true or"),
        ({"order": "everest-k2", "k2_guide": "sherpa"}, "k2_guide", r"starts on K2 \(order k2-"),
        ({"order": "everest-k2", "k2_multinational": True}, "k2_multinational", r"\[14\.6\]"),
        ({"order": "k2-everest", "everest_random_team": True}, "everest_random_team", r"\[14\.1\]"),
        ({"order": "k2-everest", "everest_team_bonus": True}, "everest_team_bonus", "starts on"),
        (
            {"order": "everest-everest", "k2_balcony_collapse": True},
            "k2_balcony_collapse",
            "does not climb",
        ),
        ({"order": "k2-k2", "k2_gide": "hap"}, "k2_gide", "unknown option"),
    ],
)
def test_bad_mountain_options_name_the_option(
    options: dict[str, Any], option: str, message: str
) -> None:
    with pytest.raises(OptionError, match=message) as err:
        highcamp.load_game("disaster-campaign", **options)
    assert err.value.option == option


def test_text_values_as_from_a_form() -> None:
    game = highcamp.load_game(
        "disaster-campaign", order="k2-everest", k2_guide="sherpa", k2_balcony_collapse="yes"
    )
    assert game.mountains[0].options["guide"] == "sherpa"
    assert game.mountains[0].options["balcony_collapse"] is True


# ---------------------------------------------------------------- saved games
def test_saved_campaigns_of_before_load_and_save_the_same() -> None:
    doc = json.loads(SAVED.read_text(encoding="utf-8"))
    assert set(doc["options"]) == {"order", "team", "game"}
    state = highcamp.load_game(doc["game"], **doc["options"]).state_from_json(doc)
    assert state.to_json() == doc


def test_options_at_their_default_are_not_saved() -> None:
    game = highcamp.load_game("disaster-campaign", order="k2-everest", k2_guide="hap")
    assert dict(game.options) == {"order": "k2-everest", "team": None, "game": "basic"}
    assert roster(game).settings["k2_guide"] == "hap"


def test_a_campaign_with_mountain_options_round_trips() -> None:
    state = new(seed=8, order="k2-everest", k2_guide="sherpa", k2_balcony_collapse=True)
    _play(state, 120, seed=8)
    doc = json.loads(json.dumps(state.to_json()))
    assert doc["options"] == {
        "order": "k2-everest",
        "team": None,
        "game": "basic",
        "k2_guide": "sherpa",
        "k2_balcony_collapse": True,
    }
    again = highcamp.load_game(doc["game"], **doc["options"]).state_from_json(doc)
    assert again == state
