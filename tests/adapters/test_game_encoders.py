"""The encoders of Everest Go!, Disaster and Disaster on Everest: each slice decodes back to
the observation field it documents, and hidden information cannot reach a tensor."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import highcamp  # noqa: E402
from highcamp.adapters.encoders import (  # noqa: E402  # noqa: E402
    ENCODERS,
    DisasterEncoder,
    DisasterOnEverestEncoder,
    EverestGoEncoder,
    encoder_for,
    views,
)


def states(game: highcamp.Game, seed: int, limit: int = 400) -> list[highcamp.State]:
    """A random game's states (every one, up to ``limit``)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    out = [state.clone()]
    while not state.is_terminal() and len(out) < limit:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def one_hot(v: Any) -> int:
    assert v.sum() == 1, v
    return int(np.argmax(v))


def test_registry_names_the_three_encoders() -> None:
    cases = {
        "everest-go": EverestGoEncoder,
        "disaster": DisasterEncoder,
        "disaster-on-everest": DisasterOnEverestEncoder,
    }
    for game_id, cls in cases.items():
        assert game_id in ENCODERS
        encoder = encoder_for(highcamp.load_game(game_id))
        assert isinstance(encoder, cls)
        assert encoder.bounds == (0.0, 1.0)
        assert sum(f.size for f in encoder.fields) == encoder.size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_everest_go_shape_depends_on_the_options_only(players: int) -> None:
    """259 floats for the table and 93 per seat (docs/rl.md)."""
    options = {"players": players}
    game = highcamp.load_game("everest-go", **options)
    size = 259 + 93 * players
    assert encoder_for(game).size == size
    assert encoder_for(highcamp.load_game("everest-go", beginners=True, **options)).size == size
    recall = highcamp.load_game("everest-go", perfect_recall=True, **options)
    n, parts, kinds = game.num_players, 6, 37
    assert encoder_for(recall).size == size + n * parts * 4 + n * kinds


def test_everest_go_slices_decode_to_the_observation() -> None:
    game = highcamp.load_game("everest-go", players=3, perfect_recall=True)
    enc = encoder_for(game)
    assert isinstance(enc, EverestGoEncoder)
    kinds = [k["name"] for k in game.static_view()["kinds"]]
    copies = np.array([k["copies"] for k in game.static_view()["kinds"]])
    seen_pending = False
    for state in states(game, 5):
        for player in range(3):
            obs = state.observation(player)
            v = views(enc, enc.encode(obs))
            assert one_hot(v["phase"]) == enc_phase(obs["phase"])
            assert one_hot(v["turn"]) == (obs["turn"] - player) % 3  # relative seats
            hand = np.rint(v["hand"] * copies).astype(int)
            assert Counter({kinds[k]: c for k, c in enumerate(hand) if c}) == Counter(obs["hand"])
            for m in obs["mountaineers"]:
                q = (m["seat"] - player) % 3
                for s, part in enumerate(m["parts"]):
                    top = one_hot(v["top"][q, s])
                    assert top == (int(part["top"].split()[-1]) if part["top"] else 0)
                    assert round(float(v["height"][q, s]) * 8) == part["height"]
                    assert v["frozen"][q, s] == part["frozen"]
                assert v["can_shout"][q] == m["can_shout"]
                assert round(float(v["hand_size"][q]) * 6) == m["hand_size"]
            discard = np.rint(v["discard"] * copies).astype(int)
            assert {kinds[k]: int(c) for k, c in enumerate(discard) if c} == obs["discard"]
            assert one_hot(v["exhaustions"]) == obs["exhaustions"]
            pending = obs["pending"]
            if pending is None:
                assert one_hot(v["pending_card"]) == len(kinds)
            else:
                seen_pending = True
                assert kinds[one_hot(v["pending_card"])] == pending["card"]
                assert one_hot(v["pending_player"]) == (pending["player"] - player) % 3
                for text in pending["choices"]:
                    if text.startswith("target seat "):
                        seat = int(text.split()[2]) - 1
                        assert v["pending_seats"][(seat - player) % 3] == 1
            garments = np.rint(v["garments"] * 2).astype(int)
            assert garments.sum() == sum(len(st) for stacks in obs["garments"] for st in stacks)
    assert seen_pending


def enc_phase(name: str) -> int:
    phases: list[str] = highcamp.load_game("everest-go").static_view()["phases"]
    return phases.index(name)


def test_everest_go_hides_the_other_hands() -> None:
    """Two deals that differ only in another player's hand give seat 0 the same tensor."""
    game = highcamp.load_game("everest-go", players=3)
    enc = encoder_for(game)
    for state in states(game, 2, limit=120)[::10]:
        x = enc.encode(state.observation(0))
        for seed in range(3):
            other = state.resample_hidden(0, seed)
            assert np.array_equal(x, enc.encode(other.observation(0)))


def test_disaster_slices_decode_to_the_observation() -> None:
    game = highcamp.load_game("disaster", players=4)
    enc = encoder_for(game)
    assert isinstance(enc, DisasterEncoder)
    titles = [c["title"] for c in game.static_view()["cards"]]
    saw_card = saw_disaster = False
    for state in states(game, 11, limit=1500):
        for player in range(4):
            obs = state.observation(player)
            v = views(enc, enc.encode(obs, player=player))
            assert one_hot(v["observer"]) == player
            assert one_hot(v["turn"]) == obs["turn"]
            for p in obs["players"]:
                pos = one_hot(v["position"][p["seat"]])
                assert pos == (p["position"] if p["position"] >= 0 else enc.spaces)
                assert round(float(v["chips"][p["seat"]]) * 6) == min(p["chips"], 6)
                assert v["holds_card"][p["seat"]] == p["holds_card"]
            own = obs["players"][player]["card"]
            card = one_hot(v["card"])
            assert card == (titles.index(own) if own else len(titles))
            saw_card |= own is not None
            dice = [one_hot(d) for d in v["dice"]]
            assert dice[: len(obs["dice"])] == obs["dice"]
            d = obs["disaster"]
            if d is not None:
                saw_disaster = True
                area = game.static_view()["areas"].index(d["area"])
                assert one_hot(v["area"]) == area
                assert sorted(np.flatnonzero(v["escaping"]).tolist()) == sorted(d["escaping"])
                if d["fire"] is not None:
                    lo, hi = d["fire"]
                    assert np.flatnonzero(v["fire"]).tolist() == list(range(lo, hi + 1))
            else:
                assert one_hot(v["area"]) == 4
    assert saw_card and saw_disaster


def test_disaster_tensor_shows_only_ones_own_card() -> None:
    """Every held card but one's own encodes as 'a card is held', whatever the card."""
    game = highcamp.load_game("disaster", players=3)
    enc = encoder_for(game)
    checked = 0
    for state in states(game, 3, limit=1500):
        obs = [state.observation(p) for p in range(3)]
        if not any(p["holds_card"] for p in obs[0]["players"]):
            continue
        for player in range(3):
            x = enc.encode(obs[player], player=player)
            for seed in range(2):
                other = state.resample_hidden(player, seed)
                assert np.array_equal(x, enc.encode(other.observation(player), player=player))
        checked += 1
        if checked > 20:
            break
    assert checked > 0


def test_disaster_on_everest_slices_decode_to_the_observation() -> None:
    game = highcamp.load_game("disaster-on-everest", game="advanced", team_bonus=True)
    enc = encoder_for(game)
    assert isinstance(enc, DisasterOnEverestEncoder)
    view = game.static_view()
    names = [s["name"] for s in view["spaces"]]
    for state in states(game, 4, limit=2000):
        obs = state.observation(0)
        v = views(enc, enc.encode(obs))
        assert one_hot(v["storm_track"]) == obs["storm_track"]
        assert round(float(v["scalars"][4]) * view["prestige_max"]) == obs["prestige"]
        assert round(float(v["scalars"][3]) * 36) == obs["container"]
        assert [names[i] for i in np.flatnonzero(v["blocked"])] == sorted(
            obs["blocked"], key=names.index
        )
        for i, c in enumerate(obs["clients"]):
            space = one_hot(v["client_space"][i])
            assert space == (c["space"] if c["space"] >= 0 else enc.board - 1 - c["space"])
            marker = ("", "Hillary Step", "Summit").index(c["marker"])
            assert one_hot(v["marker"][i]) == marker
            assert round(float(v["clients"][i][1]) * enc.max_points) == c["points"]
        for i, g in enumerate(obs["guides"]):
            assert bool(v["guides"][i][2]) == g["oxygen"]
        held = Counter(obs["held"])
        for k, name in enumerate(enc.tokens):
            assert round(float(v["held"][k] * enc.copies[k])) == held.get(name, 0)
        score = enc.score_low + float(v["score"][0]) * (enc.score_high - enc.score_low)
        assert round(score) == obs["score"]["total"]
    assert obs["phase"] == "over"


def test_sizes_documented_in_docs_rl() -> None:
    """Disaster: 122 + 111 per player; Disaster on Everest: 685 whatever the options."""
    for n in range(2, 9):
        assert encoder_for(highcamp.load_game("disaster", players=n)).size == 122 + 111 * n
    for options in ({}, {"random_team": True}, {"game": "advanced", "team_bonus": True}):
        assert encoder_for(highcamp.load_game("disaster-on-everest", **options)).size == 685
