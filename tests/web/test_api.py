"""The JSON API: lobby, tables, authoritative actions, undo, hints, replay, bad input."""

from __future__ import annotations

import random

from starlette.testclient import TestClient

import highcamp

from .conftest import act, make_table, settled, view

T = "x-highcamp-token"


def play_to_end(client: TestClient, token: str, seed: int = 1) -> dict:
    """Play random legal actions through the API until the game is over."""
    rng = random.Random(seed)
    v = settled(client, token)
    while not v["terminal"]:
        choice = rng.choice(v["legal"])
        res = act(client, token, choice["id"], v["step"])
        assert res.status_code == 200, res.text
        v = res.json()
        if not v["terminal"] and not v["legal"]:  # an agent or chance still to play
            v = settled(client, token)
    return v


def test_games_list_options_players_components(client: TestClient) -> None:
    doc = client.get("/api/games").json()
    ids = [g["id"] for g in doc["games"]]
    assert ids == highcamp.list_games()
    everest = doc["games"][ids.index("everest-1924")]
    # the sheet option is a server-side file path: never offered to a browser
    assert [o["name"] for o in everest["options"]] == []
    assert everest["reconstructed"] is True
    assert any(c["provenance"] == "reconstructed" for c in everest["components"])
    assert "random" in doc["agents"]


def test_index_and_static_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    for path in ("app.js", "dom.js", "style.css", "boards/index.js", "boards/generic.js"):
        assert client.get(f"/static/{path}").status_code == 200, path
    assert client.get("/static/boards/everest-1924.js").status_code == 200


def test_solo_everest_played_to_the_end_with_scores(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    assert made["host"] and made["spectator"]
    v = view(client, made["host"])
    assert v["your_turn"] and [a["text"] for a in v["legal"]] == ["roll", "abandon"]
    assert v["static"]["rows"][0]["row"] == 0
    end = play_to_end(client, made["host"])
    assert end["terminal"] and end["ending"] is not None
    assert end["scores"][0]["total"] == end["returns"][0]
    assert end["legal"] == [] and end["can_undo"] is False
    # the log cites rules
    assert all("rule" in e for e in end["log"]) and any(e["rule"] for e in end["log"])


def test_chance_steps_are_played_by_the_server(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    res = act(client, made["host"], 0, 0)  # roll
    v = res.json()
    assert v["current_player"] == 0 and len(v["observation"]["dice"]) == 3
    assert v["step"] == 4  # roll + three dice


def test_illegal_action_names_the_rule(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    res = act(client, made["host"], 2, 0)  # ascend before rolling
    assert res.status_code == 422
    body = res.json()
    assert body["type"] == "error" and body["rule"] and "illegal" in body["error"]
    assert view(client, made["host"])["step"] == 0


def test_stale_and_unknown_actions_are_refused(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    assert act(client, made["host"], 0, 0).status_code == 200
    stale = act(client, made["host"], 0, 0)
    assert stale.status_code == 409 and "older view" in stale.json()["error"]
    step = view(client, made["host"])["step"]
    unknown = act(client, made["host"], 10_000, step)
    assert unknown.status_code == 400 and "unknown action id" in unknown.json()["error"]
    for bad in ("roll", 1.5, None, True, [1]):
        assert act(client, made["host"], bad, step).status_code == 400
    assert act(client, made["host"], 0, "3").status_code == 400


def test_tokens_roles_and_turns(client: TestClient) -> None:
    made = make_table(client, game="hidden-test", mode="online")
    assert made["host"] is None
    s0, s1 = (s["token"] for s in made["seats"])
    v0, v1 = view(client, s0), view(client, s1)
    assert v0["your_turn"] and not v1["your_turn"] and v1["legal"] == []
    # seat 2 cannot act on seat 1's turn, the spectator never
    assert act(client, s1, v0["legal"][0]["id"], v0["step"]).status_code == 409
    spec = act(client, made["spectator"], v0["legal"][0]["id"], v0["step"])
    assert spec.status_code == 403 and "spectators" in spec.json()["error"]
    sv = view(client, made["spectator"])
    assert sv["role"] == "spectator" and sv["viewing"] is None and "hand" not in sv["observation"]
    # without a token, or with a wrong one
    assert client.get("/api/table").status_code == 401
    assert client.get("/api/table", headers={T: "not-a-real-token"}).status_code == 403
    assert client.get("/api/table", headers={T: "x" * 500}).status_code == 401


def test_bad_requests_get_4xx(client: TestClient) -> None:
    bad_specs = [
        {"game": "everest-2000"},
        {"game": 3},
        {"game": "everest-1924", "mode": "party"},
        {"game": "everest-1924", "options": {"sheet": "/etc/passwd"}},
        {"game": "everest-1924", "options": {"colour": "red"}},
        {"game": "everest-1924", "options": []},
        {"game": "everest-1924", "seats": [{"kind": "agent", "agent": "random"}]},
        {"game": "everest-1924", "seats": [{}, {}]},
        {"game": "hidden-test", "mode": "online", "seats": [{"kind": "robot"}, {}]},
        {"game": "hidden-test", "seats": [{"kind": "agent", "agent": "oracle"}, {}]},
        {"game": "hidden-test", "mode": "solo", "seats": [{}, {}]},
        {"game": "hidden-test", "mode": "online", "seats": [{"name": "x" * 99}, {}]},
        {"game": "everest-1924", "clock": 1},
        {"game": "everest-1924", "clock": "soon"},
        [],
    ]
    for spec in bad_specs:
        res = client.post("/api/tables", json=spec)
        assert res.status_code == 400, (spec, res.text)
        assert res.json()["error"]
    assert client.post("/api/tables", content=b"{not json").status_code == 400
    huge = client.post("/api/tables", content=b"[" + b"1," * 5000 + b"1]")
    assert huge.status_code == 413
    made = make_table(client, mode="solo")
    res = client.post("/api/table/act", content=b"nope", headers={T: made["host"]})
    assert res.status_code == 400
    assert client.post("/api/mine", json={"tokens": "abc"}).status_code == 400
    assert client.get("/api/table/replay?step=x", headers={T: made["host"]}).status_code == 400
    assert client.get("/nowhere").status_code == 404


def test_undo_in_solo_only_when_nothing_was_revealed(client: TestClient) -> None:
    combine = None
    while combine is None:  # a table whose first roll can combine (most can)
        host = make_table(client, mode="solo")["host"]
        v = act(client, host, 0, 0).json()  # roll: dice revealed
        assert not v["can_undo"]
        res = client.post("/api/table/undo", headers={T: host})
        assert res.status_code == 409 and res.json()["rule"] == "R-0-3"
        combine = next((a for a in v["legal"] if a["text"].startswith("combine")), None)
    v2 = act(client, host, combine["id"], v["step"]).json()
    assert v2["can_undo"]
    back = client.post("/api/table/undo", headers={T: host}).json()
    assert back["step"] == v["step"] and back["observation"] == v["observation"]


def test_undo_refused_outside_solo(client: TestClient) -> None:
    made = make_table(client, mode="hotseat")
    res = client.post("/api/table/undo", headers={T: made["host"]})
    assert res.status_code == 409 and "solo" in res.json()["error"]


def test_hotseat_host_acts_for_every_human_seat(client: TestClient) -> None:
    made = make_table(client, game="hidden-test", mode="hotseat")
    host = made["host"]
    v = view(client, host)
    assert v["viewing"] == 0 and v["your_turn"]
    v = act(client, host, v["legal"][0]["id"], v["step"]).json()
    assert v["viewing"] == 1 and v["your_turn"] and v["acting"] == 1


def test_agents_fill_their_seats(client: TestClient) -> None:
    made = make_table(
        client, game="hidden-test", mode="solo", seats=[{"kind": "agent"}, {"kind": "human"}]
    )
    v = settled(client, made["host"])
    # the agent in seat 1 has played its card: seat 2 is to act
    assert v["acting"] == 1 and len(v["observation"]["played"]) == 1
    end = play_to_end(client, made["host"])
    assert end["terminal"] and sorted(end["returns"]) in ([-2, 2], [0, 0], [-1, 1])


def test_hint_names_an_action_and_why(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    v = view(client, made["host"])
    assert v["hint"]
    hint = client.get("/api/table/hint", headers={T: made["host"]}).json()
    assert hint["text"] in [a["text"] for a in v["legal"]] and hint["why"]


def test_replay_of_a_finished_game_step_by_step(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    host = made["host"]
    refused = client.get("/api/table/replay?step=0", headers={T: host})
    assert refused.status_code == 409
    end = play_to_end(client, host)
    first = client.get("/api/table/replay?step=0", headers={T: host}).json()
    assert first["replay"] and first["step"] == 0 and first["replay_length"] == end["step"]
    assert first["observation"]["route"] == [[0, 0]]
    last = client.get(f"/api/table/replay?step={end['step']}", headers={T: host}).json()
    assert last["observation"] == end["observation"]
    assert client.get("/api/table/replay?step=99999", headers={T: host}).status_code == 400


def test_my_games_lists_open_and_finished(client: TestClient) -> None:
    a = make_table(client, mode="solo")
    b = make_table(client, mode="solo")
    play_to_end(client, b["host"])
    doc = client.post("/api/mine", json={"tokens": [a["host"], b["host"], "unknown-token"]}).json()
    rows = {r["token"]: r for r in doc["tables"]}
    assert set(rows) == {a["host"], b["host"]}
    assert rows[a["host"]]["finished"] is False and rows[b["host"]]["finished"] is True


def test_turn_clock_plays_for_a_seat_out_of_time(client: TestClient) -> None:
    made = make_table(client, game="hidden-test", mode="online", clock=30)
    s0 = made["seats"][0]["token"]
    v = view(client, s0)
    assert v["clock"]["seconds"] == 30 and v["clock"]["deadline"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(made["table"])
    assert table.timeout() is False  # not yet
    table.deadline = 0.0
    assert table.timeout() is True
    after = view(client, s0)
    assert after["step"] == v["step"] + 1 and "Time ran out" in after["notice"]


def test_serve_command_is_registered() -> None:
    from typer.testing import CliRunner

    from highcamp.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--db" in result.output and "SQLAlchemy" in result.output


def test_a_failing_agent_never_stops_the_table(client: TestClient) -> None:
    made = make_table(
        client, game="hidden-test", mode="solo", seats=[{"kind": "human"}, {"kind": "agent"}]
    )
    table = client.app.state.hub.get(made["table"])  # type: ignore[attr-defined]

    class Broken:
        name = "broken"

        def act(self, state: object) -> int:
            raise RuntimeError("out of coffee")

    table.agents[1] = Broken()
    v = view(client, made["host"])
    after = act(client, made["host"], v["legal"][0]["id"], v["step"]).json()
    if not after["legal"]:  # the agent's seat still to play (in the background)
        after = settled(client, made["host"])
    assert after["your_turn"] and after["step"] == v["step"] + 2
    assert "out of coffee" in after["notice"] and "random legal action" in after["notice"]


def test_two_player_disaster_on_everest_table_shows_each_seat_its_own_team(
    client: TestClient,
) -> None:
    """[15.0] over the generic web layer: an online table of two, each seat seeing its own
    team first, the opponent's under ``opponent``, and the bidding [15.3]."""
    made = make_table(
        client,
        game="disaster-on-everest",
        mode="online",
        options={"players": 2, "company_2": "top-of-the-world"},
    )
    s0, s1 = (s["token"] for s in made["seats"])
    v0, v1 = view(client, s0), view(client, s1)
    assert v0["observation"]["guides"][0]["name"] == "Yuri"
    assert v1["observation"]["guides"][0]["name"] == "Mike"
    assert v0["observation"]["opponent"]["label"] == "Seat 2 (Top of the World Tours)"
    assert v0["static"]["seats"][1]["company"] == "Top of the World Tours"
    assert v0["your_turn"] and not v1["your_turn"]  # the First Player bids first
    assert [a["text"].split()[0] for a in v0["legal"]] == ["bid", "pass"]
    res = act(client, s0, v0["legal"][1]["id"], v0["step"])  # seat 1 passes
    assert res.status_code == 200, res.text
    v1 = view(client, s1)
    assert v1["your_turn"] and v1["observation"]["bidding"]["dropped_out"]
    assert act(client, s0, v1["legal"][0]["id"], v1["step"]).status_code >= 400  # not seat 1's


def test_two_player_first_player_and_cooperative_options_in_the_lobby_and_at_the_end(
    client: TestClient,
) -> None:
    """[15.1] [15.7]: both mountains list the options with their choices; a cooperative
    table with a drawn First Player ends with both seats alike; bad values are refused."""
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for gid in ("disaster-on-everest", "disaster-on-k2"):
        opts = {o["name"]: o for o in games[gid]["options"]}
        assert opts["first_player"]["choices"] == ["seat1", "seat2", "random"]
        assert opts["victory"]["choices"] == ["competitive", "cooperative"]
    made = make_table(
        client,
        game="disaster-on-k2",
        mode="hotseat",
        options={"players": 2, "first_player": "random", "victory": "cooperative"},
    )
    start = view(client, made["host"])
    assert start["log"][0]["text"].startswith("First Player drawn: Seat")
    assert start["observation"]["victory"] == "cooperative"
    end = play_to_end(client, made["host"], seed=3)
    assert end["returns"] in ([0, 0], [1, 1])
    assert end["ending"].startswith("cooperative ")
    bad = client.post(
        "/api/tables",
        json={"game": "disaster-on-k2", "options": {"players": 2, "victory": "friendly"}},
    )
    assert bad.status_code >= 400 and "victory" in bad.text


def test_two_player_disaster_on_everest_hotseat_to_the_end(client: TestClient) -> None:
    made = make_table(client, game="disaster-on-everest", mode="hotseat", options={"players": 2})
    end = play_to_end(client, made["host"], seed=2)
    assert end["terminal"] and sorted(end["returns"]) in ([0, 1], [1, 1])
    assert len(end["scores"]) == 2
