"""Position documents of the Disaster series (``game.state_from_position(doc)``): a table set
up by hand for a test, a puzzle or a study, read and checked here; :func:`build` is the one
place that writes a checked position into a state.

A document describes a solitaire game at one of two points of a turn, in the words of the
observation (markers, spaces and event tokens by name)::

    {
      "step": "draw",               # "draw": the start of a turn, the event about to be
                                    #   drawn [5.0] (default); "move": the movement step
                                    #   [7.*], the turn's event resolved
      "option": "c",                # with "move": the option chosen (a, b, c, "a with
                                    #   Preparations", "b with Preparations") [7.1];
                                    #   default: still to choose
      "blocked": ["South Summit"],  # with "move": the turn's Blocked Ridge markers [6.1]
      "effects_this_turn": ["chocolate_bars"],  # with "move": the effects in force [6.2]
      "turn": 1,                    # the turn number (default 1)
      "prestige": 18,               # Prestige (default: the set-up value) [6.2]
      "preparations": "none",       # "none", "Prep 1/2", "Prep Ready" [7.5]
      "storm_track": 0,             # the Storm Turn marker's space, 0 off the track [10.0]
      "storm_pending": false,       # the storm hits at the end of this turn [6.3]
      "storm_watch": ["Icy"],       # tokens on the Storm Watch, first covered first [6.3]
      "held": ["Luck"], "kept": ["Med Kit"], "removed": [], "set_aside": [],
                                    # event tokens by name ("Luck") or id ("token 22")
      "queue": [{"spot": 3, "who": "Doug", "direction": "up"},
                {"spot": 5, "who": "another company"}],   # the Hillary Step queue [8.2]
      "guides": {"Rob": {"where": "Snow Gully", "oxygen": true}},
      "clients": {"Doug": {"where": "Summit", "marker": "Summit", "tired": "tired",
                           "ams": false},
                  "Beck": {"where": "dead", "fate": "died: Broken Rope"}}
    }

Every field may be left out; what is left out takes its set-up value (markers at High
Camp, tokens in the container). ``where`` is a space's name, ``queue`` (implied by an
entry of ``queue``), ``lost``, ``dead`` (clients) or ``removed`` (guides); the places as
the observation writes them (``the LOST box``...) are understood too. A team drawn or hired
at set-up (a random team [14.1], the choose-guides bonus [14.2]) is named in full by
``guides`` and ``clients``, in marker order. Disaster on K2 adds its own part under ``k2``
(:mod:`.k2.position`). Games for two players and the campaign have no position documents.

A document is refused with a :class:`~highcamp.PositionError` naming the field, the reason
and the rule: an unknown field, name, space or token; a token placed twice, or held or kept
though its effect is not [6.2]; Prestige off its track [6.2]; more tokens on the Storm
Watch than its spaces, or the storm pending with a space left [6.3]; the storm both on its
track and pending, or off the track's end [10.0]; Blocked Ridge markers off a ridge [6.1];
a queue spot taken twice below 8+, more neutral clients than the supply, a marker in the
queue without its entry or in it twice [8.2]; a guide lost or dead, a client removed
[8.3] [11.4]; a client in or above the queue without the Hillary Step marker, or on the
Summit without the Summit marker [8.4]; a tired client in the basic game [13.2]; an option
the rules do not offer then [7.1].

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-everest")
>>> s = game.state_from_position({"prestige": 12, "held": ["Luck"],
...     "clients": {"Doug": {"where": "Snow Gully"}}})
>>> obs = s.observation(0)
>>> obs["phase"], obs["prestige"], obs["held"], obs["clients"][0]["where"]
('draw event', 12, ['Luck'], 'Snow Gully')
>>> game.state_from_position({"clients": {"Doug": {"where": "Summit"}}})
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position clients.Doug.marker: a client on the Summit has the Summit marker [8.4]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from highcamp.core import PositionError

from .constants import (
    DEAD,
    LOST,
    MARKER_NAMES,
    MAX_TURNS,
    NEUTRAL,
    OPT_A,
    OPT_A_PREP,
    OPT_B,
    OPT_B_PREP,
    OPT_C,
    P_MOVE,
    PREP_NAMES,
    QUEUE,
    REMOVED,
    TIRED_NAMES,
)

if TYPE_CHECKING:
    from .engine import DisasterState

__all__ = ["FIELDS", "OPTION_WORDS", "Setup", "Tokens", "build", "read_position"]

FIELDS = (
    "step",
    "option",
    "blocked",
    "effects_this_turn",
    "turn",
    "prestige",
    "preparations",
    "storm_track",
    "storm_pending",
    "storm_watch",
    "held",
    "kept",
    "removed",
    "set_aside",
    "queue",
    "guides",
    "clients",
)
TRACK_FIELDS = ("storm_track", "storm_pending", "storm_watch")
"""The fields a mountain may name its own way (K2: ``k2.darkness_track``...)."""
GUIDE_FIELDS = ("where", "oxygen")
CLIENT_FIELDS = ("where", "marker", "tired", "ams", "fate")
QUEUE_FIELDS = ("spot", "who", "direction")
OPTION_WORDS = {
    "a": OPT_A,
    "b": OPT_B,
    "c": OPT_C,
    "a with preparations": OPT_A_PREP,
    "b with preparations": OPT_B_PREP,
}
"""The movement options [7.1] as a document names them (their action texts' first words)."""
PLACE_WORDS = {
    "queue": QUEUE,
    "the hillary step queue": QUEUE,
    "lost": LOST,
    "the lost box": LOST,
    "dead": DEAD,
    "removed": REMOVED,
}
NEUTRAL_WORDS = ("another company", "another company's client")


@dataclass
class Setup:
    """A checked position, as the state keeps it (cards, spaces and tokens by id)."""

    guides: list[int]
    clients: list[int]
    pos: list[int]
    tank: list[bool]
    tired: list[int]
    goal: list[int]
    ams: list[bool]
    fates: list[str]
    container: list[int]
    held: list[int]
    kept: list[int]
    removed: list[int]
    set_aside: list[int]
    storm_watch: list[int]
    watch_blank: int
    queue: list[list[int]]
    turn: int
    prestige: int
    prep: int
    storm: int
    storm_pending: bool
    step: str
    option: int
    blocked: list[int]
    fx: list[str]
    k2: dict[str, Any] = field(default_factory=dict)
    """Disaster on K2's part (:mod:`.k2.position`): its state fields by name."""


# ----------------------------------------------------------------------------- reading
def fields(doc: Any, allowed: Sequence[str], where: str) -> Mapping[str, Any]:
    """``doc`` as an object with only ``allowed`` keys, or the refusal naming ``where``."""
    if not isinstance(doc, Mapping):
        raise PositionError(where, "must be an object")
    for k in doc:
        if k not in allowed:
            name = f"{where}.{k}" if where else str(k)
            raise PositionError(name, f"unknown field; the fields are {', '.join(allowed)}")
    return doc


def whole(value: Any, name: str, low: int, high: int, rule: str = "") -> int:
    """An integer in ``low..high``, or the refusal."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(name, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(name, f"must be in {low}..{high}, not {value}", rule=rule)
    return value


def flag(value: Any, name: str) -> bool:
    """A JSON boolean, or the refusal."""
    if not isinstance(value, bool):
        raise PositionError(name, f"must be true or false, not {value!r}")
    return value


def word(value: Any, name: str, words: Sequence[str], rule: str = "") -> int:
    """The index of ``value`` among ``words`` (case-insensitive), or the refusal."""
    low = [w.lower() for w in words]
    if isinstance(value, str) and value.strip().lower() in low:
        return low.index(value.strip().lower())
    shown = ", ".join(repr(w) for w in words)
    raise PositionError(name, f"{value!r} is not one of {shown}", rule=rule)


def names(value: Any, name: str) -> list[Any]:
    """A JSON list, or the refusal."""
    if not isinstance(value, list):
        raise PositionError(name, "must be a list")
    return value


class Tokens:
    """The event tokens a document places, each once; the rest stay in the container."""

    _ID = re.compile(r"token (\d+)")

    def __init__(self, state: DisasterState, cite: Callable[[str], str]) -> None:
        self.tokens = state.rs.tokens
        self.cite = cite
        self.placed: dict[int, str] = {}

    def take(
        self,
        value: Any,
        where: str,
        effects: frozenset[str] | None = None,
        kind: str = "token kept for later",
        rule: str = "[6.2]",
    ) -> int:
        """The token ``value`` names (an id, ``token 22``, or a name: the first of that name
        still free), placed at ``where``; ``effects``: the effects allowed there (a ``kind``
        of token, by ``rule``)."""
        n = len(self.tokens)
        if isinstance(value, int) and not isinstance(value, bool):
            t = whole(value, where, 0, n - 1)
        elif isinstance(value, str) and (m := self._ID.match(value.strip().lower())):
            t = whole(int(m.group(1)), where, 0, n - 1)
        elif isinstance(value, str):
            same = [t.id for t in self.tokens if t.name.lower() == value.strip().lower()]
            if not same:
                raise PositionError(where, f"{value!r} is not an event token")
            free = [t for t in same if t not in self.placed]
            if not free:
                raise PositionError(
                    where, f"every {self.tokens[same[0]].name} token is placed already"
                )
            t = free[0]
        else:
            raise PositionError(where, f"must be an event token's name or id, not {value!r}")
        tok = self.tokens[t]
        if t in self.placed:
            raise PositionError(
                where, f"token {t} ({tok.name}) is placed twice (also at {self.placed[t]})"
            )
        if effects is not None and tok.effect not in effects:
            raise PositionError(where, f"{tok.name} is not a {kind}", rule=self.cite(rule))
        self.placed[t] = where
        return t

    def pile(
        self, doc: Mapping[str, Any], key: str, effects: frozenset[str] | None = None
    ) -> list[int]:
        """The tokens of the list ``doc[key]`` (default none)."""
        return [
            self.take(v, f"{key}[{i}]", effects) for i, v in enumerate(names(doc.get(key, []), key))
        ]

    def container(self) -> list[int]:
        """The tokens no field placed, in id order."""
        return [t for t in range(len(self.tokens)) if t not in self.placed]


def read_position(
    doc: Mapping[str, Any],
    state: DisasterState,
    *,
    cite: Callable[[str], str] = str,
    extra: Sequence[str] = (),
    tokens: Tokens | None = None,
    markers: Sequence[str] = MARKER_NAMES,
    team_rule: str = "[14.1] [14.2]",
) -> Setup:
    """Check ``doc`` for the game of ``state`` (a fresh state of it: its team, its rules'
    kept and held effects); the position it describes. ``cite`` gives a mountain's section
    for the Everest section the series' rules are numbered by; ``extra`` the mountain's own
    fields (read by its module) in place of the storm's."""
    game = state._game
    rs = state.rs
    b = rs.board
    allowed = (*(f for f in FIELDS if not extra or f not in TRACK_FIELDS), *extra)
    fields(doc, allowed, "")
    tokens = tokens or Tokens(state, cite)
    step = ("draw", "move")[word(doc.get("step", "draw"), "step", ("draw", "move"))]
    if step == "draw":
        for k in ("option", "blocked", "effects_this_turn"):
            if k in doc:
                raise PositionError(k, 'only at the movement step ("step": "move")')
    guides, clients = _team(doc, state, team_rule)
    ng = len(guides)
    pos = [0] * (ng + len(clients))
    tank = [False] * ng
    tired = [0] * len(clients)
    goal = [0] * len(clients)
    ams = [False] * len(clients)
    fates = [""] * len(clients)
    named = [rs.guides[g].name for g in guides] + [rs.clients[c].name for c in clients]
    for kind, cards, first, allowed_keys in (
        ("guides", guides, 0, GUIDE_FIELDS),
        ("clients", clients, ng, CLIENT_FIELDS),
    ):
        for who, entry in fields(
            doc.get(kind, {}), named[first : first + len(cards)], kind
        ).items():
            m = named.index(who, first)
            where = f"{kind}.{who}"
            fields(entry, allowed_keys, where)
            if "where" in entry:
                pos[m] = _place(entry["where"], f"{where}.where", state, m < ng, cite)
            if m < ng:
                tank[m] = flag(entry.get("oxygen", False), f"{where}.oxygen")
                continue
            c = m - ng
            goal[c] = word(entry.get("marker", ""), f"{where}.marker", markers)
            tired[c] = word(entry.get("tired", ""), f"{where}.tired", TIRED_NAMES)
            ams[c] = flag(entry.get("ams", False), f"{where}.ams")
            if "fate" in entry:
                fates[c] = entry["fate"] if isinstance(entry["fate"], str) else ""
                if pos[m] != DEAD or not fates[c].startswith("died"):
                    raise PositionError(
                        f"{where}.fate",
                        "before the game end only a dead client has a fate (died: ...)",
                        rule=cite("[11.0]"),
                    )
            if tired[c] and not game.advanced:
                raise PositionError(
                    f"{where}.tired", "clients tire only in the advanced game", rule=cite("[13.2]")
                )
    queue = _queue(doc, state, named, pos, cite)
    for m in range(ng, len(pos)):
        c, where = m - ng, f"clients.{named[m]}.marker"
        if pos[m] == b.summit and goal[c] < 2:
            raise PositionError(
                where, "a client on the Summit has the Summit marker", rule=cite("[8.4]")
            )
        if b.queue_length and (pos[m] == QUEUE or pos[m] >= b.down) and goal[c] < 1:
            raise PositionError(
                where, "a client in or above the queue has the Hillary Step marker", rule="[8.4]"
            )
    held = tokens.pile(doc, "held", state._HELD)
    kept = tokens.pile(doc, "kept", state._KEPT)
    removed = tokens.pile(doc, "removed")
    set_aside = tokens.pile(doc, "set_aside")
    storm_watch, blanks, storm, pending = ([], 0, 0, False) if extra else read_track(doc, tokens, b)
    blocked = []
    for i, v in enumerate(names(doc.get("blocked", []), "blocked")):
        s = _place(v, f"blocked[{i}]", state, True, cite)
        if s < 0 or not b.ridges[s]:
            raise PositionError(f"blocked[{i}]", f"{v!r} is not a ridge", rule=cite("[6.1]"))
        blocked.append(s)
    fx = [str(e) for e in names(doc.get("effects_this_turn", []), "effects_this_turn")]
    for i, e in enumerate(fx):
        if e not in rs.effects:
            raise PositionError(f"effects_this_turn[{i}]", f"{e!r} is not an event effect")
    option = -1
    if "option" in doc:
        option = OPTION_WORDS[
            OPTION_WORDS_LIST[word(doc["option"], "option", OPTION_WORDS_LIST, cite("[7.1]"))]
        ]
    return Setup(
        guides=guides,
        clients=clients,
        pos=pos,
        tank=tank,
        tired=tired,
        goal=goal,
        ams=ams,
        fates=fates,
        container=[],  # filled once the mountain's part placed its tokens (finish)
        held=held,
        kept=kept,
        removed=removed,
        set_aside=set_aside,
        storm_watch=storm_watch,
        watch_blank=blanks,
        queue=queue,
        turn=whole(doc.get("turn", 1), "turn", 1, MAX_TURNS - 1),
        prestige=whole(
            doc.get("prestige", state.prestige), "prestige", 0, b.prestige_max, rule=cite("[6.2]")
        ),
        prep=word(doc.get("preparations", "none"), "preparations", PREP_NAMES, cite("[7.5]")),
        storm=storm,
        storm_pending=pending,
        step=step,
        option=option,
        blocked=sorted(blocked),
        fx=fx,
    )


OPTION_WORDS_LIST = tuple(OPTION_WORDS)
BLANK = "(storm builds)"
"""A Storm Watch space covered with no token, the container being empty [6.3] (as the
observation shows it)."""


def read_track(
    part: Mapping[str, Any],
    tokens: Tokens,
    board: Any,
    where: str = "",
    keys: tuple[str, str, str] = ("storm_watch", "storm_track", "storm_pending"),
    words: tuple[str, str] = ("Storm Watch", "storm"),
    rules: tuple[str, str] = ("[6.3]", "[10.0]"),
) -> tuple[list[int], int, int, bool]:
    """The watch's tokens and blank spaces, the track's space and whether the storm is
    pending, read from ``part`` (K2 names them its way: the Avalanche Track, darkness):
    the storm comes exactly when the watch is full, and is then pending or on its track."""
    watch_key, track_key, pending_key = (f"{where}.{k}" if where else k for k in keys)
    entries = names(part.get(keys[0], []), watch_key)
    watch = [tokens.take(v, f"{watch_key}[{i}]") for i, v in enumerate(entries) if v != BLANK]
    n = len(entries)
    watch_name, storm_name = words
    if n > board.storm_watch:
        raise PositionError(watch_key, f"{n} tokens on {board.storm_watch} spaces", rule=rules[0])
    storm = whole(part.get(keys[1], 0), track_key, 0, board.storm_track - 1, rule=rules[1])
    pending = flag(part.get(keys[2], False), pending_key)
    if pending and storm:
        raise PositionError(pending_key, f"the {storm_name} is on its track already", rule=rules[1])
    full = n == board.storm_watch
    if (pending or storm) and not full:
        raise PositionError(
            pending_key if pending else track_key,
            f"the {storm_name} comes only once the {watch_name} is full",
            rule=rules[0],
        )
    if full and not (pending or storm):
        raise PositionError(
            watch_key,
            f"a full {watch_name} brings the {storm_name}: it is pending or on its track",
            rule=rules[0],
        )
    return watch, n - len(watch), storm, pending


def _team(doc: Mapping[str, Any], state: DisasterState, rule: str) -> tuple[list[int], list[int]]:
    """The team's guide and client cards: the company's, or those a drawn or hired team
    names in full [14.1] [14.2]."""
    game = state._game
    rs = state.rs
    out: list[list[int]] = []
    for kind, have, card_names, n in (
        ("guides", state.guides, [card.name for card in rs.guides], game.ng),
        ("clients", state.clients, [card.name for card in rs.clients], game.nc),
    ):
        if len(have) == n:
            out.append(list(have))
            continue
        given = doc.get(kind)
        if not isinstance(given, Mapping) or len(given) != n:
            raise PositionError(
                kind, f"the team is drawn or hired at set-up: name its {n} {kind}", rule=rule
            )
        ids: list[int] = []
        for who in given:
            found = [i for i, c in enumerate(card_names) if c == who and i not in ids]
            if not found:
                raise PositionError(f"{kind}.{who}", f"{who!r} cannot be on this team")
            ids.append(found[0])
        out.append(ids)
    return out[0], out[1]


def _place(
    value: Any, where: str, state: DisasterState, guide: bool, cite: Callable[[str], str]
) -> int:
    """A space's index, or a place off the track (QUEUE, LOST, DEAD, REMOVED). On a board
    without the Hillary Step (K2), ``bivouac`` is the LOST/BIVOUAC box [8.7], where guides
    may be too, and there is no queue."""
    if not isinstance(value, str):
        raise PositionError(where, f"must be a space's or a place's name, not {value!r}")
    key = value.strip().lower()
    b = state.rs.board
    low = [n.lower() for n in b.names]
    if key in low:
        return low.index(key)
    bivouacs = not b.queue_length
    if bivouacs and key == "bivouac":
        return LOST
    if key not in PLACE_WORDS or (bivouacs and PLACE_WORDS[key] == QUEUE):
        raise PositionError(where, f"{value!r} is not a space of the board nor a place")
    place = PLACE_WORDS[key]
    if guide and (place == DEAD or (place == LOST and not bivouacs)):
        raise PositionError(where, "a guide is never lost or dead", rule=cite("[8.3]"))
    if not guide and place == REMOVED:
        raise PositionError(where, "only a guide is removed", rule=cite("[11.4]"))
    return place


def _queue(
    doc: Mapping[str, Any],
    state: DisasterState,
    named: list[str],
    pos: list[int],
    cite: Callable[[str], str],
) -> list[list[int]]:
    """The Hillary Step queue's entries ``[spot, who, direction]``; markers in it are placed
    on ``QUEUE`` in ``pos`` [8.2]."""
    b = state.rs.board
    entries = names(doc.get("queue", []), "queue")
    if entries and not b.queue_length:
        raise PositionError("queue", "this mountain has no Hillary Step queue")
    queue: list[list[int]] = []
    for i, e in enumerate(entries):
        where = f"queue[{i}]"
        fields(e, QUEUE_FIELDS, where)
        spot = whole(e.get("spot"), f"{where}.spot", 1, b.queue_length, rule="[8.2]") - 1
        if spot < b.queue_length - 1 and any(q[0] == spot for q in queue):
            raise PositionError(f"{where}.spot", f"spot {spot + 1} is taken twice", rule="[8.2]")
        who = e.get("who")
        if isinstance(who, str) and who.strip().lower() in NEUTRAL_WORDS:
            if "direction" in e:
                raise PositionError(f"{where}.direction", "another company's client has none")
            queue.append([spot, NEUTRAL, 0])
            continue
        if who not in named:
            raise PositionError(f"{where}.who", f"{who!r} is not a marker of the team")
        m = named.index(who)
        if any(q[1] == m for q in queue):
            raise PositionError(f"{where}.who", f"{who} is twice in the queue", rule="[8.2]")
        if pos[m] not in (0, QUEUE):
            raise PositionError(f"{where}.who", f"{who} is placed elsewhere", rule="[8.2]")
        d = word(e.get("direction", "up"), f"{where}.direction", ("up", "down"))
        pos[m] = QUEUE
        queue.append([spot, m, 1 if d == 0 else -1])
    if sum(q[1] == NEUTRAL for q in queue) > b.neutral_clients:
        raise PositionError("queue", f"more than {b.neutral_clients} neutral clients", rule="[8.2]")
    queued = {q[1] for q in queue}
    for m, p in enumerate(pos):
        if p == QUEUE and m not in queued:
            kind = "guides" if m < state._game.ng else "clients"
            raise PositionError(
                f"{kind}.{named[m]}.where",
                "in the queue, but no queue entry names it",
                rule="[8.2]",
            )
    del cite
    return sorted(queue)


def finish(setup: Setup, tokens: Tokens) -> Setup:
    """Fill the container with the tokens no field placed."""
    setup.container = tokens.container()
    return setup


# ----------------------------------------------------------------------------- the builder
def build(state: DisasterState, setup: Setup) -> None:
    """Write ``setup`` into ``state`` (a fresh state of its game): the one function that
    sets a position's fields. The turn then starts with the rules' own step [5.0] (and,
    at the movement step, the rules' own start of movement [7.1] and option)."""
    state.guides = setup.guides
    state.clients = setup.clients
    state.pos = setup.pos
    state.moved = [False] * len(setup.pos)
    state.tank = setup.tank
    state.tired = setup.tired
    state.goal = setup.goal
    state.ams = setup.ams
    state.fates = setup.fates
    state.container = setup.container
    state.held = setup.held
    state.kept = setup.kept
    state.removed = setup.removed
    state.set_aside = setup.set_aside
    state.storm_watch = setup.storm_watch
    state.watch_blank = setup.watch_blank
    state.queue = setup.queue
    state.turn = setup.turn
    state.prestige = setup.prestige
    state.prep = setup.prep
    state.storm = setup.storm
    state.storm_pending = setup.storm_pending
    for name, value in setup.k2.items():  # Disaster on K2's fields (.k2.position)
        setattr(state, name, value)
    state._cache = None
    state._begin_turn()
    if setup.step == "move" and state.step == "draw":
        state.draws_left = 0
        state.blocked = setup.blocked
        state.fx = setup.fx
        state._begin_move()
        state._cache = None
        if setup.option >= 0:
            if state.phase != P_MOVE or setup.option not in state.legal_actions():
                raise PositionError("option", "the rules offer no such option now", rule="[7.1]")
            state._move_action(setup.option)
        state._cache = None
