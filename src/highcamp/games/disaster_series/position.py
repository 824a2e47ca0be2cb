"""Position documents of the Disaster series (``game.state_from_position(doc)``): a table set
up by hand for a test, a puzzle or a study, read and checked here (with the readers of
:mod:`.position_reading`); :func:`build` is the one place that writes a checked position
into a state.

A solitaire document describes a game at one of two points of a turn, in the words of the
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
      "storm_watch": ["Icy"],       # the Storm Watch, first covered first; a space covered
                                    #   when the container was empty is "(storm builds)"
      "storm_track": 0,             # the Storm Turn marker's space, 0 off the track [10.0]
      "storm_pending": false,       # the storm hits at the end of this turn [6.3]
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
(:mod:`.k2.position`).

A document for two players [15.0] describes the start of a turn: the table's fields
(``turn``, ``first``: the First Player's seat, 0 or 1 [15.1]; ``blocked``: the Blocked
Ridge markers, which stay from turn to turn [15.4]; the storm's, ``removed``,
``set_aside``, ``queue`` with each team marker's ``seat``) and ``seats``, one object per
seat with its team's fields (``prestige``, ``preparations``, ``held``, ``kept``,
``guides``, ``clients``; K2's team part under ``k2``). The campaign has no documents
(docs/games/disaster-campaign.md says why).

A document is refused with a :class:`~highcamp.PositionError` naming the field, the reason
and the rule: an unknown field, name, space or token; a token placed twice, or held or kept
though its effect is not [6.2]; Prestige off its track [6.2]; more tokens on the Storm
Watch than its spaces, the storm pending or on its track while a space is left, or a full
watch without the storm [6.3]; the storm both on its track and pending, or off the track's
end [10.0]; Blocked Ridge markers off a ridge [6.1] (with two players, on a ridge where
fewer than two clients stand [15.4]); a queue spot taken twice below 8+, more neutral
clients than the supply, a marker in the queue without its entry or in it twice [8.2]; a
guide lost or dead, a client removed [8.3] [11.4]; a client in or above the queue without
the Hillary Step marker, or on the Summit without the Summit marker [8.4]; a fate for a
client alive [11.0]; a tired client in the basic game [13.2]; an option the rules do not
offer then [7.1].

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
>>> two = highcamp.load_game("disaster-on-everest", players=2).state_from_position(
...     {"first": 1, "seats": [{"prestige": 9}, {"clients": {"Sandy": {"where": "Snow Gully"}}}]})
>>> two.observation(0)["prestige"], two.observation(1)["clients"][0]["where"]
(9, 'Snow Gully')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from highcamp.core import PositionError

from .constants import (
    DEAD,
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
    TIRED_NAMES,
    Rule,
)
from .position_reading import (
    NEUTRAL_WORDS,
    Tokens,
    fields,
    flag,
    names,
    read_place,
    read_team_cards,
    read_track,
    whole,
    word,
)
from .two_player_vocabulary import OTHER, PRESTIGE_2P

if TYPE_CHECKING:
    from .engine import DisasterState

__all__ = [
    "EVEREST",
    "FIELDS",
    "OPTION_WORDS",
    "TEAM_FIELDS",
    "TWO_PLAYER_FIELDS",
    "Reading",
    "Setup",
    "Team",
    "Tokens",
    "build",
    "finish",
    "read_position",
    "read_two_player",
]

TRACK_FIELDS = ("storm_watch", "storm_track", "storm_pending")
"""The storm's fields, which a mountain may name its own way (K2: ``k2.darkness_track``...)."""
TEAM_FIELDS = ("prestige", "preparations", "held", "kept", "guides", "clients")
"""A team's fields (a seat's, with two players)."""
FIELDS = (
    "step",
    "option",
    "blocked",
    "effects_this_turn",
    "turn",
    *TEAM_FIELDS,
    *TRACK_FIELDS,
    "removed",
    "set_aside",
    "queue",
)
"""A solitaire document's fields."""
TWO_PLAYER_FIELDS = ("turn", "first", "blocked", *TRACK_FIELDS, "removed", "set_aside", "queue")
"""A two-player document's table fields (its teams are under ``seats``)."""
GUIDE_FIELDS = ("where", "oxygen")
CLIENT_FIELDS = ("where", "marker", "tired", "ams", "fate")
QUEUE_FIELDS = ("spot", "who", "direction", "seat")
OPTION_WORDS = {
    "a": OPT_A,
    "b": OPT_B,
    "c": OPT_C,
    "a with preparations": OPT_A_PREP,
    "b with preparations": OPT_B_PREP,
}
"""The movement options [7.1] as a document names them (their action texts' first words)."""


@dataclass(frozen=True)
class Reading:
    """How a mountain reads its documents: ``markers`` its goal markers' names,
    ``team_rule`` the rule of a drawn or hired team, ``own`` its own part (``k2``), which
    names the storm's fields its way. Refusals cite rules by name (:class:`.constants.Rule`);
    the game's position hook numbers them in the mountain's rulebook (:func:`numbered`)."""

    markers: Sequence[str] = MARKER_NAMES
    team_rule: str = f"{Rule.RANDOM} {Rule.BONUS}"
    own: tuple[str, ...] = ()


EVEREST = Reading()


@contextmanager
def numbered(state: DisasterState) -> Iterator[None]:
    """The one place a refusal's rule names (:class:`.constants.Rule`) become sections of
    the state's own rulebook (:meth:`.components.Ruleset.cite`), as the rules' log and
    refusals are numbered in :mod:`.texts`."""
    try:
        yield
    except PositionError as err:
        raise PositionError(err.field, err.reason, rule=state.rs.cite(err.rule)) from None


@dataclass
class Team:
    """A checked team, as the state keeps it (cards, spaces and tokens by id)."""

    guides: list[int]
    clients: list[int]
    pos: list[int]
    tank: list[bool]
    tired: list[int]
    goal: list[int]
    ams: list[bool]
    fates: list[str]
    held: list[int]
    kept: list[int]
    prestige: int
    prep: int
    names: list[str]
    k2: dict[str, Any] = field(default_factory=dict)
    """Disaster on K2's team fields (:mod:`.k2.position`)."""


@dataclass
class Setup:
    """A checked position: its teams (one, or one per seat) and the table."""

    teams: list[Team]
    container: list[int]
    removed: list[int]
    set_aside: list[int]
    storm_watch: list[int]
    watch_blank: int
    queue: list[list[int]]
    turn: int
    storm: int
    storm_pending: bool
    step: str = "draw"
    option: int = -1
    blocked: list[int] = field(default_factory=list)
    fx: list[str] = field(default_factory=list)
    option_rule: str = Rule.OPTIONS
    first: int = 0
    k2: dict[str, Any] = field(default_factory=dict)
    """Disaster on K2's table fields (:mod:`.k2.position`)."""


# ----------------------------------------------------------------------------- reading
def read_team(
    part: Mapping[str, Any],
    where: str,
    state: DisasterState,
    team_state: DisasterState,
    tokens: Tokens,
    how: Reading,
    prestige: int,
) -> Team:
    """A team's fields from ``part`` (``where`` prefixes their names): its markers, Prestige
    (``prestige`` unless said), Preparations and tokens; ``team_state`` is a fresh state of
    the team's own game."""
    b = state.rs.board
    rs = state.rs
    guides, clients = read_team_cards(part, team_state, how.team_rule, where)
    ng, nc = len(guides), len(clients)
    pos = [0] * (ng + nc)
    tank = [False] * ng
    tired, goal, ams, fates = [0] * nc, [0] * nc, [False] * nc, [""] * nc
    named = [rs.guides[g].name for g in guides] + [rs.clients[c].name for c in clients]
    for kind, first, count, allowed in (
        ("guides", 0, ng, GUIDE_FIELDS),
        ("clients", ng, nc, CLIENT_FIELDS),
    ):
        given = fields(part.get(kind, {}), named[first : first + count], where + kind)
        for who, entry in given.items():
            m = named.index(who, first)
            at = f"{where}{kind}.{who}"
            fields(entry, allowed, at)
            if "where" in entry:
                pos[m] = read_place(entry["where"], f"{at}.where", state, m < ng)
            if m < ng:
                tank[m] = flag(entry.get("oxygen", False), f"{at}.oxygen")
                continue
            c = m - ng
            goal[c] = word(entry.get("marker", ""), f"{at}.marker", how.markers)
            tired[c] = word(entry.get("tired", ""), f"{at}.tired", TIRED_NAMES)
            ams[c] = flag(entry.get("ams", False), f"{at}.ams")
            if "fate" in entry:
                fates[c] = entry["fate"] if isinstance(entry["fate"], str) else ""
                if pos[m] != DEAD or not fates[c].startswith("died"):
                    raise PositionError(
                        f"{at}.fate",
                        "before the game end only a dead client has a fate (died: ...)",
                        rule=Rule.GAME_END,
                    )
            if tired[c] and not state._game.advanced:
                raise PositionError(
                    f"{at}.tired", "clients tire only in the advanced game", rule=Rule.PUSH
                )
            if pos[m] == b.summit and goal[c] < 2:
                raise PositionError(
                    f"{at}.marker",
                    "a client on the Summit has the Summit marker",
                    rule=Rule.GOALS,
                )
    return Team(
        guides=guides,
        clients=clients,
        pos=pos,
        tank=tank,
        tired=tired,
        goal=goal,
        ams=ams,
        fates=fates,
        held=tokens.pile(part, "held", state._HELD, where),
        kept=tokens.pile(part, "kept", state._KEPT, where),
        prestige=whole(
            part.get("prestige", prestige),
            where + "prestige",
            0,
            b.prestige_max,
            rule=Rule.BUY,
        ),
        prep=word(part.get("preparations", "none"), where + "preparations", PREP_NAMES, Rule.PREP),
        names=named,
    )


def read_position(
    doc: Mapping[str, Any],
    state: DisasterState,
    how: Reading = EVEREST,
    tokens: Tokens | None = None,
) -> Setup:
    """Check a solitaire document for the game of ``state`` (a fresh state of it: its team,
    its rules' kept and held effects); the position it describes (its container once the
    mountain's own part placed its tokens: :func:`finish`)."""
    allowed = (*(f for f in FIELDS if not how.own or f not in TRACK_FIELDS), *how.own)
    fields(doc, allowed, "")
    tokens = tokens or Tokens(state)
    step = ("draw", "move")[word(doc.get("step", "draw"), "step", ("draw", "move"))]
    if step == "draw":
        for k in ("option", "blocked", "effects_this_turn"):
            if k in doc:
                raise PositionError(k, 'only at the movement step ("step": "move")')
    team = read_team(doc, "", state, state, tokens, how, state.rs.board.prestige_start)
    setup = _table(doc, state, [team], tokens, how)
    setup.step = step
    fx = [str(e) for e in names(doc.get("effects_this_turn", []), "effects_this_turn")]
    for i, e in enumerate(fx):
        if e not in state.rs.effects:
            raise PositionError(f"effects_this_turn[{i}]", f"{e!r} is not an event effect")
    setup.fx = fx
    if "option" in doc:
        words = tuple(OPTION_WORDS)
        setup.option_rule = Rule.OPTIONS
        setup.option = OPTION_WORDS[words[word(doc["option"], "option", words, setup.option_rule)]]
    return setup


def read_two_player(
    doc: Mapping[str, Any],
    state: DisasterState,
    how: Reading = EVEREST,
    tokens: Tokens | None = None,
) -> Setup:
    """Check a two-player document for the game of ``state`` (a fresh two-player state):
    the start of a turn, each seat's team read against its own game [15.0]."""
    allowed = (*(f for f in TWO_PLAYER_FIELDS if not how.own or f not in TRACK_FIELDS),)
    fields(doc, (*allowed, "seats", *how.own), "")
    tokens = tokens or Tokens(state)
    seats = names(doc.get("seats", [{}, {}]), "seats")
    if len(seats) != 2:
        raise PositionError(
            "seats", "must be a list of one object per seat (2)", rule=Rule.TWO_PLAYER
        )
    teams = []
    for k, part in enumerate(seats):
        fields(part, (*TEAM_FIELDS, *how.own), f"seats[{k}]")
        own_game: Any = state._game.seat_games[k]
        team_state = own_game.new_initial_state(0)
        teams.append(
            read_team(part, f"seats[{k}].", state, team_state, tokens, how, PRESTIGE_2P)
        )  # 14 Prestige each [15.2]
    setup = _table(doc, state, teams, tokens, how)
    setup.first = whole(doc.get("first", 0), "first", 0, 1, rule=Rule.FIRST)
    board_names = state.rs.board.names
    for i, space in enumerate(setup.blocked):
        here = sum(p == space for t in teams for p in t.pos[len(t.guides) :])
        if here < 2:
            raise PositionError(
                f"blocked[{i}]",
                f"{board_names[space]} is blocked only while two clients stand on it",
                rule=Rule.BLOCK,
            )
    return setup


def _table(
    doc: Mapping[str, Any], state: DisasterState, teams: list[Team], tokens: Tokens, how: Reading
) -> Setup:
    """The table's fields: the queue (its markers placed in their teams), the tokens set
    aside and removed, the storm (unless the mountain names it its own way) and the Blocked
    Ridge markers; then the goal markers the queue implies [8.4]."""
    b = state.rs.board
    queue = _queue(doc, state, teams)
    for k, t in enumerate(teams):
        ng = len(t.guides)
        where = f"seats[{k}]." if len(teams) == 2 else ""
        for c in range(len(t.clients)):
            p = t.pos[ng + c]
            if b.queue_length and (p == QUEUE or p >= b.down) and t.goal[c] < 1:
                raise PositionError(
                    f"{where}clients.{t.names[ng + c]}.marker",
                    "a client in or above the queue has the Hillary Step marker",
                    rule=Rule.GOALS,
                )
    removed = tokens.pile(doc, "removed")
    set_aside = tokens.pile(doc, "set_aside")
    watch, blanks, storm, pending = ([], 0, 0, False) if how.own else read_track(doc, tokens, b)
    blocked = []
    for i, v in enumerate(names(doc.get("blocked", []), "blocked")):
        s = read_place(v, f"blocked[{i}]", state, True)
        if s < 0 or not b.ridges[s]:
            raise PositionError(f"blocked[{i}]", f"{v!r} is not a ridge", rule=Rule.RIDGE_PLACE)
        blocked.append(s)
    return Setup(
        teams=teams,
        container=[],  # filled once the mountain's part placed its tokens (finish)
        removed=removed,
        set_aside=set_aside,
        storm_watch=watch,
        watch_blank=blanks,
        queue=queue,
        turn=whole(doc.get("turn", 1), "turn", 1, MAX_TURNS - 1),
        storm=storm,
        storm_pending=pending,
        blocked=sorted(blocked),
    )


def _queue(doc: Mapping[str, Any], state: DisasterState, teams: list[Team]) -> list[list[int]]:
    """The Hillary Step queue's entries ``[spot, who, direction]`` (with two players the
    second seat's markers numbered ``OTHER + marker``, the first seat active); markers in
    it are placed on ``QUEUE`` in their team [8.2]."""
    b = state.rs.board
    two = len(teams) == 2
    entries = names(doc.get("queue", []), "queue")
    if entries and not b.queue_length:
        raise PositionError("queue", "this mountain has no Hillary Step queue")
    queue: list[list[int]] = []
    for i, e in enumerate(entries):
        where = f"queue[{i}]"
        fields(e, QUEUE_FIELDS if two else QUEUE_FIELDS[:3], where)
        spot = whole(e.get("spot"), f"{where}.spot", 1, b.queue_length, rule=Rule.STEP) - 1
        if spot < b.queue_length - 1 and any(q[0] == spot for q in queue):
            raise PositionError(f"{where}.spot", f"spot {spot + 1} is taken twice", rule=Rule.STEP)
        who = e.get("who")
        if isinstance(who, str) and who.strip().lower() in NEUTRAL_WORDS:
            for k in ("direction", "seat"):
                if k in e:
                    raise PositionError(f"{where}.{k}", "another company's client has none")
            queue.append([spot, NEUTRAL, 0])
            continue
        seat = whole(e.get("seat"), f"{where}.seat", 0, 1) if two else 0
        team = teams[seat]
        if who not in team.names:
            raise PositionError(f"{where}.who", f"{who!r} is not a marker of the team")
        m = team.names.index(who)
        marker = m + OTHER * seat
        if any(q[1] == marker for q in queue):
            raise PositionError(f"{where}.who", f"{who} is twice in the queue", rule=Rule.STEP)
        if team.pos[m] not in (0, QUEUE):
            raise PositionError(f"{where}.who", f"{who} is placed elsewhere", rule=Rule.STEP)
        d = word(e.get("direction", "up"), f"{where}.direction", ("up", "down"))
        team.pos[m] = QUEUE
        queue.append([spot, marker, 1 if d == 0 else -1])
    if sum(q[1] == NEUTRAL for q in queue) > b.neutral_clients:
        raise PositionError(
            "queue", f"more than {b.neutral_clients} neutral clients", rule=Rule.STEP
        )
    queued = {q[1] for q in queue}
    for seat, team in enumerate(teams):
        for m, p in enumerate(team.pos):
            if p == QUEUE and m + OTHER * seat not in queued:
                kind = "guides" if m < len(team.guides) else "clients"
                prefix = f"seats[{seat}]." if two else ""
                raise PositionError(
                    f"{prefix}{kind}.{team.names[m]}.where",
                    "in the queue, but no queue entry names it",
                    rule=Rule.STEP,
                )
    return sorted(queue)


def finish(setup: Setup, tokens: Tokens) -> Setup:
    """Fill the container with the tokens no field placed."""
    setup.container = tokens.container()
    return setup


# ----------------------------------------------------------------------------- the builder
def build(state: DisasterState, setup: Setup) -> None:
    """Write ``setup`` into ``state`` (a fresh state of its game): the one function that
    sets a position's fields, each team's (with two players, each seat's in turn, through
    the rules' own seating) and the table's. The turn then starts with the rules' own step
    [5.0] (and, at the movement step, the rules' own start of movement [7.1] and option)."""
    two = len(setup.teams) == 2
    rules: Any = state  # the fields of two players [15.*] and of K2, by name
    if two:
        rules._seat(0)
    for seat, team in enumerate(setup.teams):
        t: Any = state.teams[seat]  # its Team (K2: a K2Team), written in place
        t.guides = team.guides
        t.clients = team.clients
        t.pos = team.pos
        t.moved = [False] * len(team.pos)
        t.tank = team.tank
        t.tired = team.tired
        t.goal = team.goal
        t.ams = team.ams
        t.fates = team.fates
        t.held = team.held
        t.kept = team.kept
        t.prestige = team.prestige
        t.prep = team.prep
        if team.k2:  # Disaster on K2's team fields (.k2.position)
            t.bivouacked = team.k2["bivouacked"]
            t.flash = team.k2["flash"]
            t.secret_goal = team.k2["secret_goal"]
            t.goal_done = team.k2["goal_done"]
            t.sherpa_summit = team.k2["sherpa_summit"]
            if two and team.k2["secret_goal"] >= 0:
                rules.secret[seat] = team.k2["secret"]  # told to its seat only [13.0]
    state.container = setup.container
    state.removed = setup.removed
    state.set_aside = setup.set_aside
    state.storm_watch = setup.storm_watch
    state.watch_blank = setup.watch_blank
    state.queue = setup.queue
    state.turn = setup.turn
    state.storm = setup.storm
    state.storm_pending = setup.storm_pending
    if setup.k2:  # Disaster on K2's table fields (.k2.position)
        rules.collapsed = setup.k2["collapsed"]
        rules.ropes = setup.k2["ropes"]
    if two:
        rules.first = setup.first
        state.blocked = setup.blocked  # Blocked Ridge markers stay [15.4]
    state._cache = None
    state._begin_turn()
    if setup.step == "move" and state.step == "draw":
        state.draws_left = 0
        state.blocked = setup.blocked
        state.team.fx = setup.fx
        state._begin_move()
        state._cache = None
        if setup.option >= 0:
            if state.phase != P_MOVE or setup.option not in state.legal_actions():
                raise PositionError(
                    "option", "the rules offer no such option now", rule=setup.option_rule
                )
            state._move_action(setup.option)
        state._cache = None
