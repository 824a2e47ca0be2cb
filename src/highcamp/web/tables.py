"""Tables in play: the authoritative game of each table, its seats and what each may see.

Everything here talks to games through the contract only. A view sent to a seat is built
from ``observation(seat)``, ``log_for(seat)`` and the seat's own legal actions; a
spectator's from ``public_observation()`` and ``log_for(None)``. Nothing else of the state
(its JSON, seed, history, other hands, undo history) leaves this module.

>>> from highcamp.store import Store
>>> from highcamp.web.hub import Hub
>>> hub = Hub(Store("sqlite://"))
>>> created, _ = hub.create({"game": "everest-1924", "mode": "solo"})
>>> table, role, seat = hub.resolve(created["host"])
>>> view = table.view(role, seat)
>>> view["your_turn"], [a["text"] for a in view["legal"]]
(True, ['roll', 'abandon'])
>>> table.act(role, seat, 0, step=view["step"])
>>> table.view(role, seat)["step"] > 1
True
"""

from __future__ import annotations

import functools
import json
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from highcamp.agents import make_agent
from highcamp.core import (
    CHANCE,
    TERMINAL,
    Agent,
    Game,
    State,
    actors,
    as_told,
    undo_point,
)
from highcamp.games import game_class, load_game
from highcamp.store import TableRecord

from .errors import WebError
from .lookback import Lookback, hint_agent
from .storing import Stored
from .thinkers import Decision

if TYPE_CHECKING:
    from highcamp.store import Store
    from highcamp.store.writer import GroupWriter


class Host(Protocol):
    """What a table needs of the hub that holds it (:class:`highcamp.web.hub.Hub`): the
    store, the shared move writer and, optionally, the worker processes where agents
    decide."""

    store: Store
    writer: GroupWriter


__all__ = ["LOG_TAIL", "Table", "WebError", "game_for", "hint_agent", "static_view"]

LOG_TAIL = 400  # log entries sent with a view (the newest)
QUICK = ("random", "heuristic", "easy")  # decide in milliseconds (the easy level: the heuristic)
AT_ONCE = ("random",)  # agents that decide in microseconds: no worker process for them


@functools.lru_cache(maxsize=512)
def _game(cls: type[Game], options: str) -> Game:
    return cls(**json.loads(options))


def game_for(game_id: str, options: dict[str, Any]) -> Game:
    """The game ``game_id`` with ``options``, built once for every table that plays it (a
    game is rules and data, shared as the worker processes share it; building one reads
    its data, a cost every new table paid).

    >>> game_for("everest-1924", {}) is game_for("everest-1924", {})
    True
    """
    try:
        key = json.dumps(options, sort_keys=True)
    except TypeError:  # options JSON cannot hold are built each time
        return load_game(game_id, **options)
    return _game(game_class(game_id), key)


@functools.lru_cache(maxsize=512)
def static_view(game: Game) -> dict[str, Any]:
    """The static view of ``game`` (public by contract), built once for every table that
    plays it (:func:`game_for` shares the game)."""
    return game.static_view()


@dataclass
class _Conn:
    """A live connection to a table (a WebSocket) and who holds it. ``log``: the log the
    client holds, as ``(reader, generation, total)`` of the last view sent to it (the next
    view then carries only the entries after ``total``: see :meth:`Table.log_delta`)."""

    send: Any
    role: str
    seat: int | None
    log: tuple[Any, int, int] | None = None


class Table(Lookback, Stored):
    """One table: its record, the authoritative state, its agents and its live clients."""

    def __init__(self, hub: Host, record: TableRecord) -> None:
        self.hub = hub
        self.record = record
        self.game: Game = game_for(record.game, record.options)
        self.state: State = self._replay(record.history)
        self.agents: dict[int, Agent] = {
            s.seat: make_agent(s.agent or "random", seed=self._agent_seed(s.seat))
            for s in record.seats
            if s.kind == "agent"
        }
        self._built = dict(self.agents)  # replaced by tests to try failing agents
        self.conns: list[_Conn] = []
        self.deadline: float | None = None
        self.notice = ""
        self.lock = threading.RLock()  # held by every read and write of the state
        self.thinking: int | None = None  # the agent seat deciding now, if any
        self.used = time.monotonic()  # last use (idle tables leave memory)
        self.task: Any = None  # the server's task playing automatic steps
        self.dirty = False  # automatic steps may be due (set by the server)
        self.version = 0  # counts changes of the state (views sent for each)
        self.sent = 0  # the version last sent to every client
        self.log_gen = 0  # counts changes of the state that are not appended moves (undo)
        self.sending: Any = None  # the server's lock keeping this table's views in order
        self._timeline: list[int] | None = None
        self._players: list[int] | None = None  # who took each step (solo tables' undo)
        self._logs: dict[Any, list[dict[str, Any]]] = {}  # each reader's whole log, kept
        self._fixed_parts: tuple[TableRecord, dict[str, Any]] | None = None  # see _fixed

    def _replay(self, history: list[int]) -> State:
        """The table's state after ``history``, keeping its log (read after every move)."""
        state = self.game.replay(history, seed=self.record.seed)
        state.keep_log()
        return state

    def busy(self) -> bool:
        """Whether the server is playing automatic steps of this table (or will)."""
        return self.dirty or (self.task is not None and not self.task.done())

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
        return static_view(self.game)

    def view(
        self, role: str, seat: int | None, state: State | None = None, replay: bool = False
    ) -> dict[str, Any]:
        """What one client sees now (or, for a replay, at ``state``)."""
        with self.lock:
            return self._view(role, seat, state, replay)

    def _view(
        self, role: str, seat: int | None, state: State | None, replay: bool
    ) -> dict[str, Any]:
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
        fixed = self._fixed()
        return {
            "type": "view",
            "table": self.id,
            "game": fixed["game"],
            "options": fixed["options"],
            "mode": self.record.mode,
            "role": role,
            "seat": seat,
            "viewing": looking,
            "seats": fixed["seats"],
            "step": len(state.history()),
            "current_player": player if player >= 0 else None,
            "your_turn": acting is not None,
            "acting": acting,
            "terminal": terminal,
            "ending": state.ending(),
            "observation": obs,
            "legal": legal,
            "log": log[0],
            "log_total": log[1],
            "returns": state.returns() if terminal else None,
            "scores": [b.to_dict() for b in state.score_breakdown()] if terminal else None,
            "bands": fixed["bands"],
            "clock": (
                {"seconds": self.record.clock, "deadline": self.deadline}
                if self.record.clock and live
                else None
            ),
            "can_undo": live and acting is not None and self.undo_point(acting) is not None,
            "hint": live and acting is not None and self.hint_agent() is not None,
            "replay": replay,
            "notice": self.notice if live else "",
            "thinking": self.thinking if live and not terminal else None,
        }

    def _fixed(self) -> dict[str, Any]:
        """The parts of every view that do not change while the table's record stands
        (its game, options, seats and score bands), built once per record and shared by
        its views: a view is read (encoded, summed up), never changed in place."""
        kept = self._fixed_parts
        if kept is not None and kept[0] is self.record:
            return kept[1]
        info = self.game.info
        parts = {
            "game": {
                "id": info.id,
                "title": info.title,
                "hidden_information": info.hidden_information,
            },
            "options": dict(self.game.options),
            "seats": [
                {"seat": s.seat, "kind": s.kind, "agent": s.agent, "name": s.name}
                for s in self.record.seats
            ],
            "bands": self.game.score_bands(),
        }
        self._fixed_parts = (self.record, parts)
        return parts

    def _log(
        self, state: State, looking: int | None, live: bool
    ) -> tuple[list[dict[str, Any]], int]:
        """The newest log entries ``looking`` may read and how many there are in all. In
        play each reader's log is built once and then grows with each move
        (:meth:`_extend_logs`): every client gets a view after each move, and reading a
        log from scratch replays the history."""
        if not live:
            entries = state.log_for(looking)
            return [e.to_dict() for e in entries[-LOG_TAIL:]], len(entries)
        reader = self._reader(looking)
        kept = self._logs.get(reader)
        if kept is None:
            kept = self._logs[reader] = [e.to_dict() for e in state.log_for(looking)]
        return kept[-LOG_TAIL:], len(kept)

    def _extend_logs(self, before: State, action: int, after: State) -> None:
        """Append to each kept reader's log what ``action`` (played on ``before``, giving
        ``after``) added, as that reader was told it (:func:`highcamp.core.as_told`)."""
        if not self._logs:
            return
        emitted = after.log[len(before.log) :]
        hidden = self.game.info.hidden_information
        for reader, kept in self._logs.items():
            rows = (
                as_told(emitted, before.public_action_text(action, reader)) if hidden else emitted
            )
            kept.extend(e.to_dict() for e in rows)

    def _reader(self, looking: int | None) -> Any:
        """Whose log a seat (``None``: a spectator) reads: its own with hidden information,
        one log for everyone without."""
        return looking if self.game.info.hidden_information else "all"

    def log_delta(
        self, view: dict[str, Any], held: tuple[Any, int, int] | None
    ) -> tuple[dict[str, Any], tuple[Any, int, int]]:
        """``view`` as sent to a client that holds the log ``held`` (see :class:`_Conn`),
        and the log it holds then. A move only appends to every reader's log, so a client
        that holds this reader's log of this generation gets only the newer entries, with
        ``log_delta`` set (it appends them and keeps the newest ``log_tail``); any other
        gets the whole tail.

        >>> from highcamp.store import Store
        >>> from highcamp.web.hub import Hub
        >>> hub = Hub(Store("sqlite://"))
        >>> table = hub.create({"game": "everest-1924", "mode": "solo"})[1]
        >>> first, held = table.log_delta(table.view("host", None), None)
        >>> table.act("host", None, 0, step=first["step"])
        >>> later, _ = table.log_delta(table.view("host", None), held)
        >>> later["log_delta"], first["log"] + later["log"] == table.view("host", None)["log"]
        (True, True)
        """
        reader, total = self._reader(view["viewing"]), view["log_total"]
        now = (reader, self.log_gen, total)
        if held is None or held[:2] != now[:2] or not 0 <= total - held[2] <= len(view["log"]):
            return view, now
        new = view["log"][len(view["log"]) - (total - held[2]) :]
        return view | {"log": new, "log_delta": True, "log_tail": LOG_TAIL}, now

    # ------------------------------------------------------------------ playing
    def act(
        self, role: str, seat: int | None, action: Any, step: Any, *, auto: bool = True
    ) -> None:
        """Play ``action`` for the client's seat at ``step``; then (``auto``) play chance
        steps and agent seats until a person is to act. Raises :class:`WebError`. The
        server passes ``auto=False`` and plays the automatic steps in its own task."""
        if role == "spectator":
            raise WebError("spectators watch; they never act", status=403, rule="[web]")
        if isinstance(step, bool) or not isinstance(step, int):
            raise WebError("'step' must be the integer step of the view acted on")
        if isinstance(action, bool) or not isinstance(action, int):
            raise WebError("'action' must be an integer action id")
        with self.lock:
            now = len(self.state.history())
            if step != now:
                raise WebError(
                    "this move was chosen on an older view of the table; it has moved on "
                    f"(your view was at step {step}, the table is at step {now})",
                    status=409,
                )
            if self.state.is_terminal():
                raise WebError("the game is over", status=409)
            player = self.state.current_player()
            acting = self.acting_seat(role, seat)
            if acting is None:
                name = self.record.seats[player].name if player >= 0 else "chance"
                raise WebError(f"it is not your turn: {name} is to act", status=409)
            if not 0 <= action < self.game.num_distinct_actions():
                raise WebError(
                    f"unknown action id {action}: ids run from 0 to "
                    f"{self.game.num_distinct_actions() - 1}"
                )
            self.notice = ""
            self.deadline = None
            self._commit(action)
        if auto:
            self.advance()

    def advance(self) -> None:
        """Play chance steps (from the state's own generator) and agent seats until a
        person is to act or the game is over; every step is stored."""
        while self.auto_steps():
            self.think()

    def quick_agent_next(self) -> bool:
        """Whether the seat to act is an agent that decides at once (no worker process)."""
        player = self.state.current_player()
        return player >= 0 and (self.record.seats[player].agent or "random") in QUICK

    def auto_steps(self) -> bool:
        """Play the chance steps due now; ``True`` when an agent seat is to act next
        (then :meth:`think` plays it). Sets the turn clock when a person is to act."""
        with self.lock:
            while True:
                player = self.state.current_player()
                if player == TERMINAL:
                    self.deadline = None
                    self.thinking = None
                    return False
                if player == CHANCE:
                    self._commit(self.state.clone().apply_random_chance())
                    continue
                if self.human(player):
                    self.thinking = None
                    if self.deadline is None and self.record.clock:
                        self.deadline = time.time() + self.record.clock
                    return False
                if self.thinking != player:
                    self.thinking = player
                    self.version += 1
                return True

    def think(self) -> bool:
        """Let the agent to act decide (outside the table's lock: views go on meanwhile)
        and play its choice; ``False`` if the table moved on while it thought."""
        with self.lock:
            player = self.state.current_player()
            if player < 0 or self.human(player):
                return False
            snapshot, step = self.state.clone(), len(self.state.history())
            snapshot.keep_log(False)  # an agent's search clones it: no log to copy
        action = self._agent_action(player, snapshot)
        with self.lock:
            if len(self.state.history()) != step:
                return False
            self._commit(action)
            return True

    def _agent_seed(self, seat: int) -> int:
        return (self.record.seed + 7919 * seat) % 2**62

    def _decision(self, player: int, state: State) -> Decision:
        """The job of the agent of ``player`` deciding at ``state`` in a worker process."""
        return Decision(
            self.id,
            player,
            self.record.game,
            dict(self.record.options),
            self.record.seed,
            list(state.history()),
            self.record.seats[player].agent or "random",
            self._agent_seed(player),
        )

    def _agent_action(self, player: int, state: State) -> int:
        """The agent's choice (in a worker process when the hub has thinkers); a failing
        agent (an exception, an illegal id) is replaced by a random legal action for that
        move, so that a table never gets stuck."""
        agent = self.agents[player]
        try:
            spec = self.record.seats[player].agent or "random"
            pool = "quick_thinkers" if spec in QUICK else "thinkers"
            thinkers = getattr(self.hub, pool, None)
            if thinkers is not None and agent is self._built.get(player) and spec not in AT_ONCE:
                action = thinkers.decide(self._decision(player, state))
            else:
                action = agent.act(state.clone())
        except Exception as err:  # an agent's bug must not stop the table
            return self._checked(player, state, err)
        return self._checked(player, state, action)

    def _checked(self, player: int, state: State, action: Any) -> int:
        """``action`` if the agent of ``player`` chose a legal one at ``state``; else (an
        illegal id, or the exception it raised) a random legal action, with a notice."""
        if not isinstance(action, BaseException):
            if state.clone()._is_legal(action):
                return int(action)
            why = f"chose {action!r}, which is not legal"
        else:
            why = f"failed ({type(action).__name__}: {action})"
        self.notice = f"{self.record.seats[player].name} {why}: a random legal action was played."
        return make_agent("random", seed=len(state.history())).act(state.clone())

    def quick_job(self) -> Decision | None:
        """The decision to ask the hub's quick worker process for, when the seat to act is
        a quick agent deciding there (the server waits for it without holding a thread,
        then :meth:`play_decided`); ``None``: it decides in the calling thread."""
        with self.lock:
            player = self.state.current_player()
            if player < 0 or self.human(player):
                return None
            spec = self.record.seats[player].agent or "random"
            if (
                spec not in QUICK
                or spec in AT_ONCE
                or getattr(self.hub, "quick_thinkers", None) is None
            ):
                return None
            if self.agents[player] is not self._built.get(player):
                return None
            return self._decision(player, self.state)

    def play_decided(self, job: Decision, action: Any) -> bool:
        """Play the action (or the exception) a worker process answered ``job`` with;
        ``False`` if the table moved on meanwhile."""
        with self.lock:
            if len(self.state.history()) != len(job.history) or (
                self.state.current_player() != job.seat
            ):
                return False
            self._commit(self._checked(job.seat, self.state, action))
            return True

    def due(self) -> bool:
        """Whether the turn clock has run out (cheap: no rules work)."""
        return self.deadline is not None and time.time() >= self.deadline

    def timeout(self, *, auto: bool = True) -> bool:
        """If the turn clock ran out, play a random legal action for the seat to act."""
        with self.lock:
            if not self.due():
                return False
            player = self.state.current_player()
            self.deadline = None
            if player < 0 or not self.human(player):
                return False
            action = make_agent("random", seed=len(self.state.history())).act(self.state.clone())
            self._commit(action)
            self.notice = (
                f"Time ran out for {self.record.seats[player].name}: "
                "a random legal action was played."
            )
        if auto:
            self.advance()
        return True

    # ------------------------------------------------------------------ undo
    def undo_point(self, seat: int) -> int | None:
        """The history length an undo returns to, or ``None`` when undo is not allowed:
        solo tables only, back to the seat's own last action, never past a chance step
        (it revealed something) nor, with hidden information, past another seat's action.
        Who took each step is found by replaying the history once, then grown with each
        move (every view asks)."""
        if self.record.mode != "solo":
            return None
        history = self.state.history()
        if self._players is None or len(self._players) != len(history):
            self._players = actors(self.game, history, self.record.seed)
        return undo_point(self._players, seat, self.game.info.hidden_information)

    def undo(self, role: str, seat: int | None, *, auto: bool = True) -> None:
        """Take back the seat's last action (see :meth:`undo_point`)."""
        if self.record.mode != "solo":
            raise WebError("undo is offered in solo games only", status=409)
        with self.lock:
            acting = self.acting_seat(role, seat)
            if acting is None:
                raise WebError("undo when it is your turn", status=409)
            point = self.undo_point(acting)
            if point is None:
                raise WebError(
                    "nothing to undo: no undo past a roll or a draw (it revealed something) "
                    "nor past the start of the game",
                    status=409,
                    rule="R-0-3",
                )
            self.hub.store.truncate(self.id, point)
            self._reset(self.state.history()[:point])
            self.notice = "Undone."
            self.deadline = None
            self.version += 1
        if auto:
            self.advance()
