"""Nothing a seat cannot see leaves the server.

Every message to one seat (and to a spectator) over a whole game is captured and compared
with the authoritative state at that moment: the observation is exactly ``observation(seat)``
(``public_observation()`` for a spectator), the log exactly ``log_for(seat)``, legal actions
only on the seat's own turn, and no other seat's secret, the seed or the state document
appears anywhere in the message. Parametrised over the hidden-information test game and every
registered game with hidden information, in two variants each: the first of its variants
with two or more seats, and the one with the most seats (the most hidden hands). What a
seat may read in every variant is checked by the conformance suite (``check_hidden``: the
observations and the seat's log are the same in every state it cannot tell apart).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import highcamp
from highcamp.core import State
from highcamp.web.tables import LOG_TAIL
from tests.conformance.cases import representative

from .conftest import make_table
from .hidden_game import GAME_ID, secrets_of

VIEW_KEYS = {
    "type", "table", "game", "options", "mode", "role", "seat", "viewing", "seats", "step",
    "current_player", "your_turn", "acting", "terminal", "ending", "observation", "legal",
    "log", "returns", "scores", "bands", "clock", "can_undo", "hint", "replay", "notice",
    "thinking", "log_total", "log_delta", "log_tail",
}  # fmt: skip
MAX_MOVES = 1500


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [(GAME_ID, {})]
    for game_id in highcamp.list_games():
        cls = highcamp.game_class(game_id)
        if not cls.INFO.hidden_information:
            continue
        variants = [o for o in cls.variants() if cls(**o).num_players >= 2]
        chosen = representative(variants, lambda o, c=cls: c(**o).num_players, hidden=True)
        out.extend((game_id, options) for options in chosen)
    return out


def _strings(doc: Any) -> set[str]:
    """Every string value of a JSON document (field names are not secrets)."""
    out: set[str] = set()
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def _public_log(state: State) -> str:
    """The spectator's log as JSON text, once per state (reading a log replays the game)."""
    cached = _PUBLIC_LOGS.get(id(state))
    if cached is None or cached[0] is not state:
        cached = (state, json.dumps([e.to_dict() for e in state.log_for(None)]))
        _PUBLIC_LOGS[id(state)] = cached
    return cached[1]


_PUBLIC_LOGS: dict[int, tuple[State, str]] = {}


def _secrets(
    state: State,
    seat: int,
    viewer: int | None,
    names: set[str],
    generic: bool = False,
    known: set[str] | None = None,
) -> set[str]:
    """What ``seat`` sees and ``viewer`` may not: for the test game its hand; for any game
    the text values of ``observation(seat)`` that the viewer has not been shown (``known``:
    what its observations and the public ones showed so far; by default its observation
    now) and that are nowhere in what is public now (the spectator's observation and log).

    A card seen once stays known: cards circulate (Disaster reshuffles a card played back
    into the deck; a card kept by one seat may later be drawn by another), and a viewer's
    log rightly names the cards it held, drew or saw played.
    """
    if state.game.info.id == GAME_ID and not generic:
        return secrets_of(state, seat)
    if known is None:
        known = _strings(state.observation(viewer)) if viewer is not None else set()
    public = json.dumps(state.public_observation()) + _public_log(state)
    return {
        s
        for s in _strings(state.observation(seat)) - known - names
        if len(s) >= 4 and s not in public
    }


def _check(
    msg_text: str, state: State, viewer: int | None, names: set[str], known: set[str] | None = None
) -> None:
    msg = json.loads(msg_text)
    assert msg["type"] == "view" and set(msg) <= VIEW_KEYS | {"static"}, set(msg) - VIEW_KEYS
    want = state.observation(viewer) if viewer is not None else state.public_observation()
    assert msg["observation"] == json.loads(json.dumps(want))
    log = [e.to_dict() for e in state.log_for(viewer)][-LOG_TAIL:]
    assert msg["log"] == json.loads(json.dumps(log))
    if viewer is not None and state.current_player() == viewer:
        # exactly the seat's own legal actions, checked here and not scanned below (their
        # texts are the seat's to read, and a rule's words such as "no Tent" name cards)
        legal = state.legal_actions()
        assert [a["id"] for a in msg["legal"]] == legal
        assert [a["text"] for a in msg["legal"]] == [state.action_to_string(a) for a in legal]
    else:
        assert msg["legal"] == []
    msg["legal"] = []
    if "static" in msg:  # public by contract, checked here and not scanned below
        assert msg.pop("static") == json.loads(json.dumps(state.game.static_view()))
    msg_text = json.dumps(msg)
    assert str(state.seed) not in msg_text and "seed" not in _strings(msg)
    assert json.dumps(state._snapshot()) not in msg_text
    for other in range(state.game.num_players):
        if other == viewer:
            continue
        for secret in _secrets(state, other, viewer, names, known=known):
            if state.is_terminal():
                continue  # the end of a game may show every hand
            assert secret not in msg_text, f"seat {other}'s secret {secret!r} reached {viewer}"


@pytest.mark.parametrize(("game_id", "options"), _cases(), ids=lambda c: str(c))
def test_no_secret_reaches_another_seat(
    client: TestClient, game_id: str, options: dict[str, Any]
) -> None:
    n = highcamp.load_game(game_id, **options).num_players
    made = make_table(client, game=game_id, options=options, mode="online")
    tokens = [s["token"] for s in made["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(made["table"])
    names = {s.name for s in table.record.seats}
    rng = random.Random(7)
    sockets = [client.websocket_connect("/ws") for _ in range(n + 1)]
    conns = [s.__enter__() for s in sockets]
    try:
        viewers: list[int | None] = [*range(n), None]
        for conn, token in zip(conns, [*tokens, made["spectator"]], strict=True):
            conn.send_json({"type": "hello", "token": token})

        def snapshot_of_table() -> State:
            # rebuilt from the history, not cloned: the server thread may be computing
            # another seat's observation, which a two-player Disaster state does by seating
            # that team for a moment
            return table.game.replay(list(table.state.history()), seed=table.record.seed)

        captured = [[(c.receive_text(), snapshot_of_table())] for c in conns]
        moves = 0
        while not table.state.is_terminal() and moves < MAX_MOVES:
            player = table.state.current_player()
            action = rng.choice(table.state.legal_actions())
            conns[player].send_json(
                {"type": "act", "action": action, "step": len(table.state.history())}
            )
            snapshot = None
            for k, conn in enumerate(conns):
                text = conn.receive_text()
                snapshot = snapshot or snapshot_of_table()
                captured[k].append((text, snapshot))
            moves += 1
        assert moves > 0
        for k, viewer in enumerate(viewers):
            known: set[str] = set()  # what the viewer has been shown so far
            held: list[Any] = []  # the log this client holds
            for text, state in captured[k]:
                text, held = with_whole_log(text, held)  # later views carry new entries
                known |= _strings(state.public_observation())
                if viewer is not None:
                    known |= _strings(state.observation(viewer))
                _check(text, state, viewer, names, known)
    finally:
        _PUBLIC_LOGS.clear()
        for s in sockets:
            s.__exit__(None, None, None)


def with_whole_log(text: str, held: list[Any]) -> tuple[str, list[Any]]:
    """A view as its client reads it: a ``log_delta`` view's entries appended to the log
    the client held (as app.js does), and that log."""
    msg = json.loads(text)
    if msg.get("type") != "view":
        return text, held
    if msg.pop("log_delta", False):
        msg["log"] = (held + msg["log"])[-msg.pop("log_tail") :]
    return json.dumps(msg), msg["log"]


def test_the_check_catches_a_leak() -> None:
    """The secret check is not vacuous: a message holding the other hand fails it."""
    game = highcamp.load_game(GAME_ID)
    state = game.new_initial_state(seed=987_654_321_987)
    while state.is_chance_node():
        state.apply_random_chance()
    log = [e.to_dict() for e in state.log_for(0)]
    view = dict.fromkeys(VIEW_KEYS, None) | {
        "type": "view",
        "observation": state.observation(0),
        "log": log,
        "legal": [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()],
    }
    assert _check(json.dumps(view), state, 0, set()) is None
    view["notice"] = "psst: " + " ".join(sorted(secrets_of(state, 1)))
    with pytest.raises(AssertionError, match="secret"):
        _check(json.dumps(view), state, 0, set())


def test_the_generic_secrets_are_the_hidden_hands() -> None:
    """On the test game, the generic rule finds exactly the hands (so it finds secrets)."""
    state = highcamp.load_game(GAME_ID).new_initial_state(seed=5)
    while state.is_chance_node():
        state.apply_random_chance()
    state.apply_action(state.legal_actions()[0])  # seat 1 plays: that stone is public now
    for viewer, other in ((0, 1), (1, 0), (None, 0), (None, 1)):
        found = _secrets(state, other, viewer, set(), generic=True)
        assert found == secrets_of(state, other) and found
