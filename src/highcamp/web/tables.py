"""Tables in play: the authoritative game of each table, its seats and what each may see.

Everything here talks to games through the contract only. A view sent to a seat is built
from ``observation(seat)``, ``log_for(seat)`` and the seat's own legal actions; a
spectator's from ``public_observation()`` and ``log_for(None)``. Nothing else of the state
(its JSON, seed, history, other hands, undo history) leaves this module.

>>> hub = Hub(Store("sqlite://"))
>>> created = hub.create({"game": "everest-1924", "mode": "solo"})
>>> table, role, seat = hub.resolve(created["host"])
>>> view = table.view(role, seat)
>>> view["your_turn"], [a["text"] for a in view["legal"]]
(True, ['roll', 'abandon'])
>>> table.act(role, seat, 0, step=view["step"])
>>> table.view(role, seat)["step"] > 1
True
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from highcamp.agents import AGENTS, make_agent
from highcamp.core import (
    CHANCE,
    TERMINAL,
    Agent,
    Game,
    IllegalActionError,
    OptionError,
    State,
    UnknownGameError,
    actors,
    undo_point,
)
from highcamp.games import list_games, load_game
from highcamp.store import SeatRecord, StaleActionError, Store, TableRecord

__all__ = ["MODES", "Hub", "Table", "WebError", "game_listing"]

MODES = ("solo", "hotseat", "online")
MAX_CLOCK = 24 * 3600
LOG_TAIL = 400  # log entries sent with a view (the newest)


class WebError(Exception):
    """A request the server refuses: HTTP ``status``, a message and the rule, if any."""

    def __init__(self, message: str, *, status: int = 400, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """The error as sent to a browser."""
        return {"type": "error", "error": self.message, "rule": self.rule}


def _web_option(spec: Any) -> bool:
    """Options a browser may set: numbers, booleans and choices. Free text is a server
    matter (such as the path of a custom sheet file) and is never taken from a browser."""
    return spec.kind is not str or spec.choices is not None


def game_listing() -> list[dict[str, Any]]:
    """Every registered game with its web options, players and components."""
    out = []
    for game_id in list_games():
        game = load_game(game_id)
        info = game.info.to_dict()
        info["options"] = [o.to_dict() for o in game.info.options if _web_option(o)]
        info["reconstructed"] = game.info.reconstructed
        info["rules"] = game.rules_text()
        out.append(info)
    return out


def agent_names() -> list[str]:
    """Agents a seat can be given (``highcamp.agents``)."""
    return list(AGENTS)


@dataclass
class _Conn:
    """A live connection to a table (a WebSocket) and who holds it."""

    send: Any
    role: str
    seat: int | None


class Table:
    """One table: its record, the authoritative state, its agents and its live clients."""

    def __init__(self, hub: Hub, record: TableRecord) -> None:
        self.hub = hub
        self.record = record
        self.game: Game = load_game(record.game, **record.options)
        self.state: State = self.game.replay(record.history, seed=record.seed)
        self.agents: dict[int, Agent] = {
            s.seat: make_agent(s.agent or "random", seed=(record.seed + 7919 * s.seat) % 2**62)
            for s in record.seats
            if s.kind == "agent"
        }
        self.conns: list[_Conn] = []
        self.deadline: float | None = None
        self.notice = ""
        self._static: dict[str, Any] | None = None
        self._logs: tuple[State | None, dict[int | None, list[dict[str, Any]]]] = (None, {})

    # ------------------------------------------------------------------ who is who
    @property
    def id(self) -> str:
        """The table id."""
        return self.record.id

    def human(self, seat: int) -> bool:
        """Whether ``seat`` is played by a person."""
        return self.record.seats[seat].kind == "human"

    def acting_seat(self, role: str, seat: int | None) -> int | None:
        """The seat a client acts for now (``None``: it cannot act now)."""
        player = self.state.current_player()
        if player < 0 or not self.human(player):
            return None
        if role == "host" or (role == "seat" and seat == player):
            return player
        return None

    def viewing_seat(self, role: str, seat: int | None, state: State | None = None) -> int | None:
        """Whose observation a client sees: its seat; for a host the human seat to act
        (or the first human seat); spectators see the public observation (``None``)."""
        state = state or self.state
        if role == "seat":
            return seat
        if role == "host":
            player = state.current_player()
            if player >= 0 and self.human(player):
                return player
            return next(s.seat for s in self.record.seats if s.kind == "human")
        return None

    # ------------------------------------------------------------------ views
    def static(self) -> dict[str, Any]:
        """The game's static view (public by contract)."""
        if self._static is None:
            self._static = self.game.static_view()
        return self._static

    def view(
        self, role: str, seat: int | None, state: State | None = None, replay: bool = False
    ) -> dict[str, Any]:
        """What one client sees now (or, for a replay, at ``state``)."""
        live = state is None
        state = state or self.state
        looking = self.viewing_seat(role, seat, state)
        player = state.current_player()
        terminal = state.is_terminal()
        acting = self.acting_seat(role, seat) if live else None
        obs = state.public_observation() if looking is None else state.observation(looking)
        legal = (
            [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
            if acting is not None
            else []
        )
        log = self._log(state, looking, live)
        seats = [
            {"seat": s.seat, "kind": s.kind, "agent": s.agent, "name": s.name}
            for s in self.record.seats
        ]
        return {
            "type": "view",
            "table": self.id,
            "game": {
                "id": self.game.info.id,
                "title": self.game.info.title,
                "hidden_information": self.game.info.hidden_information,
            },
            "options": dict(self.game.options),
            "mode": self.record.mode,
            "role": role,
            "seat": seat,
            "viewing": looking,
            "seats": seats,
            "step": len(state.history()),
            "current_player": player if player >= 0 else None,
            "your_turn": acting is not None,
            "acting": acting,
            "terminal": terminal,
            "ending": state.ending(),
            "observation": obs,
            "legal": legal,
            "log": log,
            "returns": state.returns() if terminal else None,
            "scores": [b.to_dict() for b in state.score_breakdown()] if terminal else None,
            "bands": self.game.score_bands(),
            "clock": (
                {"seconds": self.record.clock, "deadline": self.deadline}
                if self.record.clock and live
                else None
            ),
            "can_undo": live and acting is not None and self.undo_point(acting) is not None,
            "hint": live and acting is not None and self.hint_agent() is not None,
            "replay": replay,
            "notice": self.notice if live else "",
        }

    def _log(self, state: State, looking: int | None, live: bool) -> list[dict[str, Any]]:
        """The newest log entries ``looking`` may read (cached per step: every client of a
        table gets a view after each move, and reading a log replays the history). The
        table's state is replaced, never changed in place, by every move and undo."""
        if not live:
            return [e.to_dict() for e in state.log_for(looking)][-LOG_TAIL:]
        if self._logs[0] is not state:
            self._logs = (state, {})
        cache = self._logs[1]
        if looking not in cache:
            cache[looking] = [e.to_dict() for e in state.log_for(looking)][-LOG_TAIL:]
        return cache[looking]

    # ------------------------------------------------------------------ playing
    def act(self, role: str, seat: int | None, action: Any, step: Any) -> None:
        """Play ``action`` for the client's seat at ``step``; the server then plays chance
        steps and agent seats until a person is to act. Raises :class:`WebError`."""
        if role == "spectator":
            raise WebError("spectators watch; they never act", status=403, rule="[web]")
        if isinstance(step, bool) or not isinstance(step, int):
            raise WebError("'step' must be the integer step of the view acted on")
        if isinstance(action, bool) or not isinstance(action, int):
            raise WebError("'action' must be an integer action id")
        now = len(self.state.history())
        if step != now:
            raise WebError(
                f"stale action: it was chosen at step {step}, the table is at step {now}",
                status=409,
                rule="[turn]",
            )
        if self.state.is_terminal():
            raise WebError("the game is over", status=409, rule="[end]")
        player = self.state.current_player()
        acting = self.acting_seat(role, seat)
        if acting is None:
            name = self.record.seats[player].name if player >= 0 else "chance"
            raise WebError(f"it is not your turn: {name} is to act", status=409, rule="[turn]")
        if not 0 <= action < self.game.num_distinct_actions():
            raise WebError(
                f"unknown action id {action}: ids run from 0 to "
                f"{self.game.num_distinct_actions() - 1}",
                rule="[turn]",
            )
        self.notice = ""
        self._commit(action)
        self.advance()

    def _commit(self, action: int) -> None:
        """Apply ``action`` to a copy, store it, then make the copy the table's state."""
        new = self.state.clone()
        try:
            new.apply_action(action)
        except IllegalActionError as err:
            raise WebError(f"illegal: {err.reason}", status=422, rule=err.rule) from None
        step = len(self.state.history())
        try:
            self.hub.store.append_action(self.id, step, action)
        except StaleActionError as err:
            self.reload()
            raise WebError(f"stale action: {err}", status=409, rule="[turn]") from None
        self.state = new
        if new.is_terminal():
            self.hub.store.set_finished(self.id)
            self.record.finished = True

    def advance(self) -> None:
        """Play chance steps (from the state's own generator) and agent seats until a
        person is to act or the game is over; every step is stored."""
        while True:
            player = self.state.current_player()
            if player == TERMINAL:
                self.deadline = None
                return
            if player == CHANCE:
                clone = self.state.clone()
                self._commit(clone.apply_random_chance())
                continue
            if self.human(player):
                self.deadline = time.time() + self.record.clock if self.record.clock else None
                return
            self._commit(self._agent_action(player))

    def _agent_action(self, player: int) -> int:
        """The agent's choice; a failing agent (an exception, an illegal id) is replaced by
        a random legal action for that move, so that a table never gets stuck."""
        try:
            action = self.agents[player].act(self.state.clone())
            if self.state.clone()._is_legal(action):
                return int(action)
            why = f"chose {action!r}, which is not legal"
        except Exception as err:  # an agent's bug must not stop the table
            why = f"failed ({type(err).__name__}: {err})"
        self.notice = f"{self.record.seats[player].name} {why}: a random legal action was played."
        return make_agent("random", seed=len(self.state.history())).act(self.state.clone())

    def timeout(self) -> bool:
        """If the turn clock ran out, play a random legal action for the seat to act."""
        if self.deadline is None or time.time() < self.deadline:
            return False
        player = self.state.current_player()
        if player < 0:
            self.deadline = None
            return False
        action = make_agent("random", seed=len(self.state.history())).act(self.state.clone())
        self._commit(action)
        self.notice = (
            f"Time ran out for {self.record.seats[player].name}: a random legal action was played."
        )
        self.advance()
        return True

    def reload(self) -> None:
        """Rebuild from the store (after another process wrote to this table)."""
        record = self.hub.store.load(self.id)
        if record is not None:
            self.record = record
            self.state = self.game.replay(record.history, seed=record.seed)

    # ------------------------------------------------------------------ undo
    def undo_point(self, seat: int) -> int | None:
        """The history length an undo returns to, or ``None`` when undo is not allowed:
        solo tables only, back to the seat's own last action, never past a chance step
        (it revealed something) nor, with hidden information, past another seat's action."""
        if self.record.mode != "solo":
            return None
        players = actors(self.game, self.state.history(), self.record.seed)
        return undo_point(players, seat, self.game.info.hidden_information)

    def undo(self, role: str, seat: int | None) -> None:
        """Take back the seat's last action (see :meth:`undo_point`)."""
        if self.record.mode != "solo":
            raise WebError("undo is offered in solo games only", status=409, rule="[web]")
        acting = self.acting_seat(role, seat)
        if acting is None:
            raise WebError("undo when it is your turn", status=409, rule="[turn]")
        point = self.undo_point(acting)
        if point is None:
            raise WebError(
                "nothing to undo: no undo past a chance step (a roll or a draw revealed "
                "something) or the start of the game",
                status=409,
                rule="R-0-3",
            )
        self.hub.store.truncate(self.id, point)
        self.state = self.game.replay(self.state.history()[:point], seed=self.record.seed)
        self.notice = "Undone."
        self.advance()

    # ------------------------------------------------------------------ hints
    def hint_agent(self) -> str | None:
        """The agent that explains its choices (the first with ``explain``; ``random``
        only when no other does)."""
        names = [n for n in AGENTS if n != "random"] + ["random"]
        for name in names:
            if name in AGENTS and callable(getattr(make_agent(name, seed=0), "explain", None)):
                return name
        return None

    def hint(self, role: str, seat: int | None) -> dict[str, Any]:
        """What the hint agent would play for the seat to act, and why. With hidden
        information the agent sees a redraw of what the seat cannot see."""
        acting = self.acting_seat(role, seat)
        if acting is None:
            raise WebError("hints are for the seat to act", status=409, rule="[turn]")
        name = self.hint_agent()
        if name is None:
            raise WebError("no agent here can explain its choices", status=404)
        agent = make_agent(name, seed=len(self.state.history()))
        state = self.state.resample_hidden(acting, seed=secrets.randbits(62))
        action = agent.act(state.clone())
        why = agent.explain(state)  # type: ignore[attr-defined]
        return {
            "type": "hint",
            "agent": name,
            "action": action,
            "text": self.state.action_to_string(action),
            "why": why if isinstance(why, str | dict | list) else str(why),
        }

    # ------------------------------------------------------------------ replay
    def replay_view(self, role: str, seat: int | None, step: Any) -> dict[str, Any]:
        """The view at ``step`` of a finished game (step by step replay)."""
        if not self.state.is_terminal():
            raise WebError("replays are of finished games", status=409, rule="[web]")
        n = len(self.state.history())
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise WebError(f"step must be an integer from 0 to {n}")
        state = self.game.replay(self.state.history()[:step], seed=self.record.seed)
        view = self.view(role, seat, state, replay=True)
        view["replay_length"] = n
        return view


class Hub:
    """Every table of a server: created, loaded from the store on first use, resolved by
    token."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}

    def create(self, spec: Any) -> dict[str, Any]:
        """Create a table from a lobby request; returns its id and every link token."""
        if not isinstance(spec, dict):
            raise WebError("a table request must be a JSON object")
        game_id = spec.get("game")
        if not isinstance(game_id, str):
            raise WebError("'game' must name a game: " + ", ".join(list_games()))
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise WebError("'options' must be an object")
        mode = spec.get("mode", "solo")
        if mode not in MODES:
            raise WebError(f"'mode' must be one of {', '.join(MODES)}")
        try:
            game = load_game(game_id)
            for name in options:
                specs = {o.name: o for o in game.info.options}
                if name in specs and not _web_option(specs[name]):
                    raise OptionError(name, f"option {name!r} is set on the server, not the web")
            game = load_game(game_id, **options)
        except (UnknownGameError, OptionError) as err:
            raise WebError(str(err)) from None
        n = game.num_players
        seats_in = spec.get("seats")
        if seats_in is None:
            seats_in = [
                {"kind": "human" if (mode != "solo" or i == 0) else "agent"} for i in range(n)
            ]
        if not isinstance(seats_in, list) or len(seats_in) != n:
            raise WebError(f"'seats' must list {n} seats for this game")
        seats: list[SeatRecord] = []
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict):
                raise WebError(f"seat {i + 1} must be an object")
            kind = s.get("kind", "human")
            agent = s.get("agent") or ("random" if kind == "agent" else None)
            if kind not in ("human", "agent"):
                raise WebError(f"seat {i + 1}: kind must be 'human' or 'agent'")
            if kind == "agent" and agent not in AGENTS:
                raise WebError(
                    f"seat {i + 1}: unknown agent {agent!r}; agents are: {', '.join(AGENTS)}"
                )
            name = s.get("name") or (f"{agent} AI" if kind == "agent" else f"Player {i + 1}")
            if not isinstance(name, str) or len(name) > 40:
                raise WebError(f"seat {i + 1}: a name is text of at most 40 characters")
            seats.append(
                SeatRecord(
                    i, kind, agent if kind == "agent" else None, name, secrets.token_urlsafe(18)
                )
            )
        humans = sum(s.kind == "human" for s in seats)
        if mode == "solo" and humans != 1:
            raise WebError("a solo game has exactly one human seat")
        if humans == 0:
            raise WebError("a table needs at least one human seat")
        clock = spec.get("clock")
        if clock is not None and (
            isinstance(clock, bool) or not isinstance(clock, int) or not 5 <= clock <= MAX_CLOCK
        ):
            raise WebError(f"'clock' is seconds per turn, from 5 to {MAX_CLOCK}, or null")
        record = self.store.create_table(
            game=game_id,
            options=dict(game.options),
            seed=secrets.randbits(62),
            mode=mode,
            seats=seats,
            spectator=secrets.token_urlsafe(18),
            host=secrets.token_urlsafe(18) if mode != "online" else None,
            clock=clock,
        )
        table = Table(self, record)
        self.tables[record.id] = table
        table.advance()
        return {
            "table": record.id,
            "mode": mode,
            "host": record.host,
            "spectator": record.spectator,
            "seats": [
                {"seat": s.seat, "name": s.name, "token": s.token}
                for s in seats
                if s.kind == "human"
            ],
        }

    def get(self, table_id: str) -> Table:
        """A table, loaded (and replayed) from the store on first use."""
        table = self.tables.get(table_id)
        if table is None:
            record = self.store.load(table_id)
            if record is None:
                raise WebError("no such table", status=404)
            table = self.tables[table_id] = Table(self, record)
            table.advance()  # a server stopped between two automatic steps goes on
        return table

    def resolve(self, token: Any) -> tuple[Table, str, int | None]:
        """``(table, role, seat)`` for a link token; unknown tokens are refused."""
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise WebError("a token is needed (the secret part of your link)", status=401)
        found = self.store.find_token(token)
        if found is None:
            raise WebError("unknown token: check your link", status=403)
        table_id, role, seat = found
        return self.get(table_id), role, seat

    def summary(self, token: Any) -> dict[str, Any] | None:
        """A line of "my games" for a token (``None`` if unknown)."""
        try:
            table, role, seat = self.resolve(token)
        except WebError:
            return None
        view = table.view(role, seat)
        return {
            "table": table.id,
            "game": table.game.info.title,
            "mode": table.record.mode,
            "role": role,
            "seat": seat,
            "step": view["step"],
            "finished": view["terminal"],
            "your_turn": view["your_turn"],
            "updated": table.record.updated,
        }
