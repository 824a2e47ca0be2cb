"""The tables of a server: created from lobby requests, loaded from the store on demand,
resolved by token, and evicted from memory when idle (they load again when asked for).

Everything here may do rules work or database work: the server calls it from worker
threads, never on its event loop.

>>> from highcamp.store import Store
>>> hub = Hub(Store("sqlite://"), idle=0.0)
>>> made, table = hub.create({"game": "everest-1924", "mode": "solo"})
>>> hub.evict() == [made["table"]], made["table"] in hub.tables
(True, False)
>>> hub.resolve(made["host"])[0].id == made["table"]  # loaded again on demand
True
"""

from __future__ import annotations

import functools
import secrets
import threading
import time
from typing import Any

from highcamp.agents import AGENTS, agents_for, has_heuristic, make_agent
from highcamp.core import OptionError, UnknownGameError
from highcamp.games import list_games, load_game
from highcamp.store import SeatRecord, Store
from highcamp.store.writer import GroupWriter

from .cluster import Elsewhere, Share
from .tables import Table, WebError, game_for
from .thinkers import PipeThinker, Thinkers

__all__ = [
    "AI_NAMES",
    "LEVELS",
    "MAX_CLOCK",
    "MODES",
    "Hub",
    "agent_names",
    "default_agent",
    "game_listing",
    "seat_choices",
]

MODES = ("solo", "hotseat", "online")
MAX_CLOCK = 24 * 3600
LEVELS = ("easy", "medium", "hard")
"""Strength levels of the agent registry, weakest first (offered first when present)."""
AI_NAMES = ("Tenzing", "Junko", "Reinhold", "Wanda", "Pasang", "Edmund", "Gerlinde", "Lhakpa")
"""Names of AI seats: each AI seat of a table gets a different one."""

_LABELS = {
    "random": "Random (plays any legal move)",
    "heuristic": "Heuristic (a rule of thumb per game)",
    "mcts": "Search (Monte Carlo tree search)",
    "ismcts": "Search with hidden cards (ISMCTS)",
    "optimal": "Optimal (solved games only)",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
}


def _web_option(spec: Any) -> bool:
    """Options a browser may set: numbers, booleans and choices. Free text is a server
    matter (such as the path of a custom sheet file) and is never taken from a browser."""
    return spec.kind is not str or spec.choices is not None


def _rules_html(text: str) -> str:
    """A game's rules (Markdown) as HTML, raw HTML in the source escaped.

    >>> _rules_html("# Goal\\n\\nReach the *top*.<script>")
    '<h1>Goal</h1>\\n<p>Reach the <em>top</em>.&lt;script&gt;</p>\\n'
    """
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(text))


@functools.cache
def game_listing() -> list[dict[str, Any]]:
    """Every registered game with its web options, players, components and rules (as
    Markdown and as HTML). Built once: games are registered at import."""
    out = []
    for game_id in list_games():
        game = load_game(game_id)
        info = game.info.to_dict()
        info["options"] = [o.to_dict() for o in game.info.options if _web_option(o)]
        info["reconstructed"] = game.info.reconstructed
        info["rules"] = game.rules_text()
        info["rules_html"] = _rules_html(info["rules"] or info.get("summary") or "")
        info["default_agent"] = default_agent(game_id)
        info["seat_choices"] = seat_choices(game_id)
        out.append(info)
    return out


def agent_names() -> list[str]:
    """Agents a seat can be given (``highcamp.agents``)."""
    return list(AGENTS)


def default_agent(game_id: str | None = None) -> str:
    """The AI a seat gets unless the player chooses: the middle strength level once the
    registry has levels, the heuristic until then (for a game that has one).

    >>> default_agent("everest-1924") in ("medium", "heuristic")
    True
    """
    for name in ("medium", "heuristic", "random"):
        if name == "heuristic" and game_id is not None and not has_heuristic(game_id):
            continue
        if name in AGENTS:
            return name
    return next(iter(AGENTS))


def seat_choices(game_id: str | None = None) -> list[dict[str, Any]]:
    """The AI choices of a seat in the lobby, read from the agent registry: strength levels
    first (when the registry has them), then every other agent; the default marked. For a
    game, only the agents that suit it (:func:`highcamp.agents.agents_for`): no exact solver
    where there is none, information-set search where hands are hidden.

    >>> [c["id"] for c in seat_choices() if c["default"]] == [default_agent()]
    True
    >>> [c["id"] for c in seat_choices("everest-go")]
    ['easy', 'medium', 'hard', 'random', 'heuristic', 'ismcts']
    """
    suits = set(agents_for(load_game(game_id))) if game_id is not None else set(AGENTS)
    names = [n for n in LEVELS if n in suits] + [n for n in AGENTS if n in suits - set(LEVELS)]
    default = default_agent(game_id)
    return [
        {
            "id": n,
            "label": _LABELS.get(n, n.capitalize()),
            "level": n in LEVELS,
            "default": n == default,
        }
        for n in names
    ]


def _agent_spec(spec: Any) -> bool:
    """Whether ``spec`` names an agent of the registry (``mcts:2s`` and the like too).

    >>> _agent_spec("mcts:0.5s"), _agent_spec("oracle"), _agent_spec(["random"])
    (True, False, False)
    """
    if not isinstance(spec, str) or len(spec) > 64:
        return False
    try:
        make_agent(spec, seed=0)
    except Exception:  # any refusal of the registry
        return False
    return True


class Hub:
    """Every table of a server. ``idle``: seconds after which a table nobody is connected
    to leaves memory; ``max_tables``: tables kept in memory at most (the least recently
    used idle ones leave first); ``thinkers``: worker processes where searching agents
    decide, ``quick_thinkers``: where the quick ones (the heuristic) do, never queued behind
    a search (else they decide in the calling thread); ``finished_idle``: seconds after
    which a finished table nobody is connected to leaves memory; ``route``: this process's
    share of the tables when several processes serve one store (:mod:`.cluster`): it
    creates only tables it owns, and :meth:`get` refuses the others with
    :class:`~.cluster.Elsewhere` naming their owner."""

    def __init__(
        self,
        store: Store,
        *,
        idle: float = 600.0,
        max_tables: int = 2000,
        finished_idle: float = 2.0,
        thinkers: Thinkers | None = None,
        quick_thinkers: Thinkers | PipeThinker | None = None,
        route: Share | None = None,
    ) -> None:
        self.store = store
        self.route = route
        self.writer = GroupWriter(store)  # moves of all tables in shared commits
        self.thinkers = thinkers
        self.quick_thinkers = quick_thinkers
        self.tables: dict[str, Table] = {}
        # tokens found before (a token never changes its table, role or seat): every hello
        # and request names one, and looking it up in the store costs more than the rest
        self.tokens: dict[str, tuple[str, str, int | None]] = {}
        self.idle = idle
        self.finished_idle = finished_idle
        self.max_tables = max_tables
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ creating
    def create(self, spec: Any, *, auto: bool = True) -> tuple[dict[str, Any], Table]:
        """Create a table from a lobby request; returns its id and every link token, and
        the table. ``auto``: play its first automatic steps now (the server plays them in
        its own task instead)."""
        if not isinstance(spec, dict):
            raise WebError("a table request must be a JSON object")
        game_id = spec.get("game")
        if not isinstance(game_id, str) or game_id not in list_games():
            raise WebError("'game' must name a game: " + ", ".join(list_games()))
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise WebError("'options' must be an object")
        mode = spec.get("mode", "solo")
        if not isinstance(mode, str) or mode not in MODES:
            raise WebError(f"'mode' must be one of {', '.join(MODES)}")
        try:
            specs = {o.name: o for o in game_for(game_id, {}).info.options}
            for name in options:
                if name in specs and not _web_option(specs[name]):
                    raise OptionError(name, f"option {name!r} is set on the server, not the web")
            game = game_for(game_id, options)
        except (UnknownGameError, OptionError, TypeError, ValueError) as err:
            raise WebError(f"options: {err}") from None
        seats = self._seats(spec.get("seats"), mode, game.num_players, game_id)
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
            table_id=self.route.new_id() if self.route is not None else None,
        )
        table = Table(self, record)
        with self._lock:
            self.tables[record.id] = table
        self._remember(record.spectator, (record.id, "spectator", None))
        if record.host is not None:
            self._remember(record.host, (record.id, "host", None))
        for s in seats:
            if s.kind == "human":
                self._remember(s.token, (record.id, "seat", s.seat))
        if auto:
            table.advance()
        made = {
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
        return made, table

    @staticmethod
    def _seats(seats_in: Any, mode: str, n: int, game_id: str) -> list[SeatRecord]:
        """The seats of a lobby request: people and AI seats (each AI named apart)."""
        if seats_in is None:
            seats_in = [
                {"kind": "human" if (mode != "solo" or i == 0) else "agent"} for i in range(n)
            ]
        if not isinstance(seats_in, list) or len(seats_in) != n:
            raise WebError(f"'seats' must list {n} seats for this game")
        seats: list[SeatRecord] = []
        robots = 0
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict):
                raise WebError(f"seat {i + 1} must be an object")
            kind = s.get("kind", "human")
            if kind not in ("human", "agent"):
                raise WebError(f"seat {i + 1}: kind must be 'human' or 'agent'")
            agent = s.get("agent") or (default_agent(game_id) if kind == "agent" else None)
            if kind == "agent" and not _agent_spec(agent):
                raise WebError(
                    f"seat {i + 1}: unknown AI {agent!r}; choose one of {', '.join(AGENTS)}"
                )
            name = s.get("name")
            if not name:
                if kind == "agent":
                    name = f"{AI_NAMES[robots % len(AI_NAMES)]} ({agent})"
                    robots += 1
                else:
                    name = f"Player {i + 1}"
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
        return seats

    # ------------------------------------------------------------------ finding
    def get(self, table_id: str, *, auto: bool = True) -> Table:
        """A table, loaded (and replayed) from the store when not in memory. ``auto``: a
        server stopped between two automatic steps goes on now (the server's own task
        does that instead). A table another process owns is refused (:class:`Elsewhere`)."""
        if self.route is not None and not self.route.owns(table_id):
            raise Elsewhere(table_id, self.route.owner(table_id))
        with self._lock:
            table = self.tables.get(table_id)
        if table is None:
            record = self.store.load(table_id)
            if record is None:
                raise WebError("no such table", status=404)
            loaded = Table(self, record)
            with self._lock:  # two requests may have loaded it: keep the first
                table = self.tables.setdefault(table_id, loaded)
            if auto:
                table.advance()
        table.used = time.monotonic()
        return table

    def resolve(self, token: Any, *, auto: bool = True) -> tuple[Table, str, int | None]:
        """``(table, role, seat)`` for a link token; unknown tokens are refused."""
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise WebError("a link token is needed (the secret part of your link)", status=401)
        found = self.tokens.get(token)
        if found is None:
            found = self.store.find_token(token)
            if found is None:
                raise WebError(
                    "unknown token: this link is not known here; check it was copied whole",
                    status=403,
                )
            self._remember(token, found)
        table_id, role, seat = found
        return self.get(table_id, auto=auto), role, seat

    def known(self, token: Any) -> tuple[Table, str, int | None] | None:
        """:meth:`resolve` for a token found before whose table is in memory, else
        ``None``: dictionary look-ups only (no store, no rules work), so the event loop
        may ask it without a trip to a worker thread (every hello and request names a
        token, and the tables in play are in memory).

        >>> hub = Hub(Store("sqlite://"))
        >>> made, table = hub.create({"game": "everest-1924", "mode": "solo"})
        >>> hub.known(made["host"]) == (table, "host", None), hub.known("x" * 24)
        (True, None)
        """
        found = self.tokens.get(token) if isinstance(token, str) else None
        if found is None:
            return None
        with self._lock:
            table = self.tables.get(found[0])
        if table is None:
            return None
        table.used = time.monotonic()
        return table, found[1], found[2]

    def _remember(self, token: str, found: tuple[str, str, int | None]) -> None:
        if len(self.tokens) >= 100_000:  # a bound on memory: start again
            self.tokens.clear()
        self.tokens[token] = found

    def summary(self, token: Any) -> dict[str, Any] | None:
        """A line of "my games" for a token (``None`` if unknown); a table another
        process owns is read from the store (the owner stores every move before it shows
        it) and not kept."""
        try:
            table, role, seat = self.resolve(token)
        except Elsewhere as err:
            record = self.store.load(err.table_id)
            found = self.tokens.get(token) or self.store.find_token(token)
            if record is None or found is None:
                return None
            table, (_, role, seat) = Table(self, record), found
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

    # ------------------------------------------------------------------ memory
    def evict(self, now: float | None = None) -> list[str]:
        """Let idle tables leave memory: nobody connected, no automatic step running, and
        unused for ``idle`` seconds (or, past ``max_tables``, the least recently used such
        tables); a finished table after ``finished_idle`` seconds (its players saw the end
        and left: kept, it would only lengthen the collector's work). Everything of a table
        is in the store: it loads again when asked for."""
        now = time.monotonic() if now is None else now
        with self._lock:
            free = sorted(
                (t for t in self.tables.values() if not t.conns and not t.busy()),
                key=lambda t: t.used,
            )
            over = len(self.tables) - self.max_tables
            gone = [
                t.id
                for i, t in enumerate(free)
                if i < over
                or now - t.used >= (self.finished_idle if t.record.finished else self.idle)
            ]
            for table_id in gone:
                del self.tables[table_id]
        return gone
