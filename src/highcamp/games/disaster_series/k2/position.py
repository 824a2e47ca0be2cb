"""Disaster on K2's part of a position document (:mod:`..position`): its tracks, the Serac
collapses, the ropes, bivouacs, the Flashlight and the Sherpa's Secret Goal, under ``k2`` in
the words of the observation's ``k2`` part::

    {
      "guides": {"Karim": {"where": "bivouac"}},
      "clients": {"Vuk": {"where": "Traverse Goal", "marker": "Traverse"}},
      "k2": {
        "avalanche_track": ["Icy", "Icy", "Icy", "Thick Snow", "Thick Snow"],
                                             # tokens covering the Avalanche Track [7.3]
        "darkness_track": 0,                 # the Darkness marker's space, 0 off it [10.0]
        "darkness_pending": false,           # darkness falls at the end of the turn [7.3]
        "collapsed": ["Bottleneck I"],       # Serac collapses [7.3]
        "ropes": [{"space": "Bottleneck I", "frayed": false}],  # Synthetic Ropes [9.2]
        "flashlight": "Jelena",              # who carries the Flashlight (Player Aid)
        "secret_goal": {"name": "Bivouac", "achieved": false}   # the Sherpa's [13.0]
      }
    }

The other fields are the series' (``storm_*`` are named by the ``k2`` part here); a marker
``where`` ``bivouac`` (or ``lost``, listed in ``k2.bivouacked``) is in the LOST/BIVOUAC
box, bivouacked [8.7]. The whole team is named with a multinational team [14.6]. With two
players the table's part (``K2_TABLE_FIELDS``) is the document's ``k2``, each team's
(``K2_TEAM_FIELDS``) its seat's ``k2``.

Refused besides the series' refusals: the Avalanche Track over its spaces, darkness pending
or on its track before the track is full, a full track without darkness, or collapses the
track has not brought (Bottleneck I on its 5th space, II on its 7th, III on its 8th) [7.3],
in the [14.5] variant a higher space before a lower; a rope off an avalanche space or not a
Synthetic Rope [9.2]; a marker bivouacked outside the box [8.7]; the Flashlight off the
track (Player Aid); a Secret Goal without a Sherpa, a Sherpa without one, or Back at Camp
said achieved against the Sherpa's place [13.0].

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-k2")
>>> s = game.state_from_position({"clients": {"Vuk": {"where": "Traverse"}},
...     "k2": {"avalanche_track": ["Icy", "Icy", "Thick Snow", "Darkness", "Darkness"],
...            "collapsed": ["Bottleneck I"]}})
>>> obs = s.observation(0)["k2"]
>>> obs["collapsed"], len(obs["avalanche_track"]), s.observation(0)["clients"][0]["where"]
(['Bottleneck I'], 5, 'Traverse')
>>> game.state_from_position({"k2": {"collapsed": ["Traverse"]}})
Traceback (most recent call last):
...
highcamp.core.errors.PositionError: position k2.collapsed[0]: 'Traverse' is not a Serac space [7.3]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from highcamp.core import PositionError

from ..constants import DEAD, LOST, REMOVED, Rule
from ..position import Reading, Setup, Team, finish, read_position, read_two_player
from ..position_reading import Tokens, fields, flag, names, read_track
from .vocabulary import K2_MARKER_NAMES

if TYPE_CHECKING:
    from .state import K2State

__all__ = ["K2", "K2_FIELDS", "K2_TABLE_FIELDS", "K2_TEAM_FIELDS", "read_k2_position"]

K2_TABLE_FIELDS = ("avalanche_track", "darkness_track", "darkness_pending", "collapsed", "ropes")
"""K2's part of the table (with two players, the document's ``k2``)."""
K2_TEAM_FIELDS = ("bivouacked", "flashlight", "secret_goal")
"""K2's part of a team (with two players, a seat's ``k2``)."""
K2_FIELDS = (*K2_TABLE_FIELDS, *K2_TEAM_FIELDS)
ROPE_FIELDS = ("space", "frayed", "token")
GOAL_FIELDS = ("name", "achieved")
ROPE_EFFECT = "synthetic_rope"
K2 = Reading(markers=K2_MARKER_NAMES, team_rule=Rule.MULTI, own=("k2",))
"""How K2 reads the series' documents: its sections, goal markers and part."""


def read_k2_position(doc: Mapping[str, Any], state: K2State) -> Setup:
    """Check a K2 document for the game of ``state`` (a fresh state, solitaire or for two
    players): the position with its K2 fields (``Setup.k2``, ``Team.k2``)."""
    tokens = Tokens(state)
    two = bool(state._game.seat_games)
    setup = (read_two_player if two else read_position)(doc, state, K2, tokens)
    part = fields(doc.get("k2", {}), K2_TABLE_FIELDS if two else K2_FIELDS, "k2")
    _table_part(part, state, tokens, setup)
    for k, team in enumerate(setup.teams):
        where = f"seats[{k}]." if two else ""
        seat = doc["seats"][k] if two and "seats" in doc else ({} if two else doc)
        own = fields(seat.get("k2", {}), K2_TEAM_FIELDS, where + "k2") if two else part
        team.k2 = _team_part(own, seat, where, state, team)
    return finish(setup, tokens)


def _table_part(part: Mapping[str, Any], state: K2State, tokens: Tokens, setup: Setup) -> None:
    """The Avalanche and Darkness tracks, the Serac collapses and the ropes [7.3] [9.2]."""
    b = state.rs.board
    spaces = {n.lower(): i for i, n in enumerate(b.names)}

    def space(value: Any, where: str) -> int:
        if not isinstance(value, str) or value.strip().lower() not in spaces:
            raise PositionError(where, f"{value!r} is not a space of the board")
        return spaces[value.strip().lower()]

    track, blanks, dark, pending = read_track(
        part,
        tokens,
        b,
        "k2",
        ("avalanche_track", "darkness_track", "darkness_pending"),
        ("Avalanche Track", "darkness"),
        (Rule.AVALANCHE, Rule.END_TURN),
    )
    serac = [c[0] for c in state.k2.collapses]
    collapsed: list[int] = []
    for i, v in enumerate(names(part.get("collapsed", []), "k2.collapsed")):
        s = space(v, f"k2.collapsed[{i}]")
        if s not in serac or s in collapsed:
            why = "collapsed twice" if s in collapsed else "not a Serac space"
            raise PositionError(f"k2.collapsed[{i}]", f"{v!r} is {why}", rule=Rule.AVALANCHE)
        collapsed.append(s)
    collapsed.sort(key=serac.index)
    _check_collapses(state, collapsed, len(track) + blanks)
    ropes: list[list[int]] = []
    for i, r in enumerate(names(part.get("ropes", []), "k2.ropes")):
        where = f"k2.ropes[{i}]"
        fields(r, ROPE_FIELDS, where)
        s = space(r.get("space"), f"{where}.space")
        if s not in collapsed:
            raise PositionError(
                f"{where}.space", "a rope lies only on an avalanche space", rule=Rule.AV_SPACE
            )
        given = r.get("token", _rope_name(state))
        t = tokens.take(
            given, f"{where}.token", frozenset({ROPE_EFFECT}), "Synthetic Rope", Rule.AV_SPACE
        )
        ropes.append([s, t, int(flag(r.get("frayed", False), f"{where}.frayed"))])
    setup.storm = dark
    setup.storm_pending = pending
    setup.storm_watch = track
    setup.watch_blank = blanks
    setup.k2 = {"collapsed": collapsed, "ropes": ropes}


def _team_part(
    part: Mapping[str, Any], seat: Mapping[str, Any], where: str, state: K2State, team: Team
) -> dict[str, Any]:
    """A team's bivouacs [8.7], Flashlight (Player Aid) and Secret Goal [13.0]; ``seat`` is
    the document's part naming the team's markers."""
    named = team.names
    ng = len(team.guides)  # a guide in the box is bivouacked: only climbers get lost [9.3]
    bivouacked = [
        p == LOST and (m < ng or _said_bivouac(seat, named, m)) for m, p in enumerate(team.pos)
    ]
    for i, who in enumerate(names(part.get("bivouacked", []), f"{where}k2.bivouacked")):
        at = f"{where}k2.bivouacked[{i}]"
        if who not in named:
            raise PositionError(at, f"{who!r} is not a marker of the team")
        m = named.index(who)
        if team.pos[m] != LOST:
            raise PositionError(at, f"{who} is not in the LOST/BIVOUAC box", rule=Rule.BIVOUAC)
        bivouacked[m] = True
    flash = -1
    if part.get("flashlight") is not None:
        who = part["flashlight"]
        if who not in named:
            raise PositionError(f"{where}k2.flashlight", f"{who!r} is not a marker of the team")
        flash = named.index(who)
        if team.pos[flash] in (LOST, DEAD, REMOVED):
            raise PositionError(
                f"{where}k2.flashlight", f"{who} is off the track", rule=Rule.EVENTS
            )
    goal, done, summit = _secret_goal(part, where, state, team)
    return {
        "bivouacked": bivouacked,
        "flash": flash,
        "secret_goal": goal,
        "goal_done": done,
        "sherpa_summit": summit,
        "secret": state.k2.goals[goal][1] if goal >= 0 else None,
    }


def _check_collapses(state: K2State, collapsed: list[int], n: int) -> None:
    """The Serac collapses an Avalanche Track of ``n`` covered spaces has brought [7.3]:
    each space as its space is reached; in the [14.5] variant, Bottleneck I so, then the
    others in order, by the ridge numbers of tokens declined after it."""
    names = state.rs.board.names
    variant = state._game.balcony_collapse
    order = state.k2.collapses
    for k, (space, at, number, _) in enumerate(order):
        where = "k2.collapsed"
        if variant and number:
            if space in collapsed and any(c[0] not in collapsed for c in order[:k]):
                raise PositionError(
                    where,
                    f"{names[space]} collapses only after the spaces below it",
                    rule=Rule.VARIANT,
                )
            continue
        if (space in collapsed) != (n >= at):
            have = "has" if n >= at else "has not"
            raise PositionError(
                where,
                f"{names[space]} collapses when the Avalanche Track reaches {at}, which with "
                f"{n} covered it {have}",
                rule=Rule.AVALANCHE,
            )


def _rope_name(state: K2State) -> str:
    """The name of the Synthetic Rope tokens."""
    return next(t.name for t in state.rs.tokens if t.effect == ROPE_EFFECT)


def _said_bivouac(doc: Mapping[str, Any], named: list[str], m: int) -> bool:
    """Whether the document's team part puts marker ``m`` ``where`` ``bivouac``."""
    kind = "guides" if any(named[m] == k for k in doc.get("guides", {}) or {}) else "clients"
    entry = (doc.get(kind) or {}).get(named[m], {})
    return isinstance(entry, Mapping) and str(entry.get("where", "")).lower() == "bivouac"


def _secret_goal(
    part: Mapping[str, Any], where: str, state: K2State, setup: Team
) -> tuple[int, bool, bool]:
    """The Sherpa's Secret Goal [13.0]: its index, whether it is done (Summit w/Climber,
    Bivouac) and whether the Sherpa has summited (Do Not Summit)."""
    goals = state.k2.goals
    sherpa = state.rs.guides[setup.guides[0]].kind == "sherpa" if setup.guides else False
    value = part.get("secret_goal")
    if value is None:
        if sherpa:
            raise PositionError(
                f"{where}k2.secret_goal",
                "the Sherpa's Secret Goal is drawn at set-up: name it",
                rule=Rule.SHERPA,
            )
        return -1, False, False
    if not sherpa:
        raise PositionError(
            f"{where}k2.secret_goal", "only a Sherpa has a Secret Goal", rule=Rule.SHERPA
        )
    entry = (
        {"name": value}
        if isinstance(value, str)
        else fields(value, GOAL_FIELDS, f"{where}k2.secret_goal")
    )
    titles = [g[1].lower() for g in goals]
    name = entry.get("name")
    if not isinstance(name, str) or name.strip().lower() not in titles:
        shown = ", ".join(g[1] for g in goals)
        raise PositionError(
            f"{where}k2.secret_goal.name", f"{name!r} is not a Secret Goal ({shown})"
        )
    g = titles.index(name.strip().lower())
    achieved = flag(entry.get("achieved", False), f"{where}k2.secret_goal.achieved")
    gid = goals[g][0]
    if gid == "back_at_camp" and "achieved" in entry:
        at_camp = setup.pos[0] == 0 or setup.pos[0] == LOST
        if achieved != at_camp:
            raise PositionError(
                f"{where}k2.secret_goal.achieved",
                "Back at Camp is achieved exactly when the Sherpa is at High Camp or bivouacked",
                rule=Rule.SHERPA,
            )
    done = achieved and gid in ("summit_with_climber", "bivouac")
    summit = gid == "do_not_summit" and "achieved" in entry and not achieved
    return g, done, summit
