"""Components of the Disaster series as data (R-0-1): board, event tokens, teams, chart.

A game of the series (Everest, K2) is a :class:`Ruleset`: its board, tokens, teams and
Victory Chart loaded from JSON files with their provenance, validated once. The engine in
:mod:`.engine` reads only these objects, so a player who owns the printed game can replace a
data file without touching code.

>>> from highcamp.games.disaster_series.everest import everest_ruleset
>>> rs = everest_ruleset()
>>> rs.board.names[rs.board.up], rs.board.names[rs.board.summit]
('Up', 'Summit')
>>> len(rs.tokens), rs.tokens[0].name
(36, 'Acute Mountain Sickness')
>>> rs.band(12), rs.band(-11)
('Draw', 'Major Defeat')
>>> rs.cite("hillary_step R-DS-9")  # a rule by name, numbered by Everest's citations.json
'[8.2] R-DS-9'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from highcamp.core import Component, OptionError, ScoreLine

__all__ = [
    "Board",
    "Citations",
    "ClientCard",
    "Company",
    "ComponentError",
    "EventToken",
    "GuideCard",
    "Ruleset",
    "load_citations",
    "load_ruleset",
]

ZONES = ("camp", "near", "medium", "far", "death")
FATE_KEYS = ("lost", "near", "medium", "far")
SKILLS = ("strong", "fast", "expert_climber", "resolute")


class ComponentError(OptionError):
    """A component file that cannot be read or breaks the rulebook's numbers."""

    def __init__(self, message: str) -> None:
        super().__init__("components", f"bad component data: {message}")


@dataclass(frozen=True)
class Board:
    """The track from High Camp (space 0) to the Summit, forward is up (R-DS-1)."""

    name: str
    names: tuple[str, ...]
    zones: tuple[str, ...]
    ridges: tuple[tuple[int, ...], ...]  # ridge numbers of each space ((): not a ridge)
    lost_on_leaving: frozenset[int]  # spaces whose leaving risks getting lost [8.3]
    up: int  # the Hillary Step's "Up" space (-1 on a board without it)
    down: int
    summit: int
    queue_length: int
    prestige_start: int
    prestige_max: int
    storm_watch: int
    storm_track: int
    blocked_ridge_markers: int
    neutral_clients: int
    # figures derived once at construction (plain attributes, not cached properties: a
    # cached property writes the instance's __dict__, after which every attribute read of
    # the board, on every step of play, takes the interpreter's slow path)
    size: int = field(init=False, repr=False, compare=False)
    """Number of track spaces."""
    _ridge_spaces: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    """The ridge spaces of each ridge number (:meth:`ridges_numbered`)."""

    def __post_init__(self) -> None:
        spaces: dict[int, list[int]] = {}
        for s, nums in enumerate(self.ridges):
            for number in nums:
                spaces.setdefault(number, []).append(s)
        object.__setattr__(self, "size", len(self.names))
        object.__setattr__(self, "_ridge_spaces", {n: tuple(v) for n, v in spaces.items()})

    def is_ridge(self, space: int) -> bool:
        """Whether ``space`` is a ridge space [6.1]."""
        return bool(self.ridges[space])

    def ridges_numbered(self, number: int) -> tuple[int, ...]:
        """The ridge spaces that show ``number`` [6.1]."""
        return self._ridge_spaces.get(number, ())


@dataclass(frozen=True)
class EventToken:
    """One event token: name, cost (upper right), ridge number (lower left), effect id,
    and the four fate results printed on its back (R-DS-5)."""

    id: int
    name: str
    effect: str
    cost: int
    ridge: int
    fates: tuple[str, str, str, str]  # lost, near, medium, far

    def fate(self, key: str) -> str:
        """The result next to ``key`` (``lost``, ``near``, ``medium`` or ``far``)."""
        return self.fates[FATE_KEYS.index(key)]


@dataclass(frozen=True)
class GuideCard:
    """A guide marker: name, movement points and two skills [4.2]; ``kind`` is ``guide``
    (Everest), or ``hap`` or ``sherpa`` (K2 [5.2])."""

    name: str
    movement: int
    skills: frozenset[str]
    kind: str = "guide"
    skill_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The skills in order (as the views list them), made once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "skill_names", tuple(sorted(self.skills)))


@dataclass(frozen=True)
class ClientCard:
    """A client marker: name, movement points, trait letters and point value [4.3]."""

    name: str
    movement: int
    traits: frozenset[str]
    points: int
    trait_code: str = field(init=False, repr=False, compare=False)
    """The trait letters in order, as one string (as the views show them), made once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "trait_code", "".join(sorted(self.traits)))


@dataclass(frozen=True)
class Company:
    """A travel company: its two guides, six clients and its team bonus [4.1] [14.2]."""

    id: str
    name: str
    guides: tuple[int, ...]  # indices into Ruleset.guides
    clients: tuple[int, ...]  # indices into Ruleset.clients
    team_bonus: str


@dataclass(frozen=True)
class Citations:
    """A rulebook's numbers for the rules the engine cites by name (``citations.json``):
    ``rules`` maps each name to one of the rulebook's ``sections`` (or to a section another
    rulebook lends, listed in ``borrowed`` with why, or to a ruling ``R-...``)."""

    rules: dict[str, str]
    sections: tuple[str, ...]
    borrowed: dict[str, str]
    source: str = ""
    _memo: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def cite(self, rule: str) -> str:
        """The citation ``rule`` (rule names joined by spaces; a ruling such as ``R-DS-9``
        is kept as it is) in this rulebook's numbers; a name it has no entry for is an
        error (that rule does not exist on this mountain).

        >>> c = Citations({"lost": "[9.3]"}, ("[9.3]",), {})
        >>> c.cite("lost"), c.cite("lost R-DS-9"), c.cite("")
        ('[9.3]', '[9.3] R-DS-9', '')
        >>> c.cite("queue")
        Traceback (most recent call last):
        KeyError: "no rule 'queue' in these citations"
        """
        got = self._memo.get(rule)
        if got is None:
            got = self._memo[rule] = " ".join(self._section(t) for t in rule.split())
        return got

    def _section(self, name: str) -> str:
        section = self.rules.get(name)
        if section is not None:
            return section
        if name.startswith("R-"):
            return name  # a ruling: the same on every mountain
        raise KeyError(f"no rule {name!r} in these citations")


def load_citations(package: str) -> Citations:
    """``citations.json`` in ``package``/data, checked: every rule names a section the
    file lists (the rulebook's headings, or a borrowed section) or a ruling."""
    doc = _read(package, "citations.json")
    sections = tuple(str(x) for x in doc["sections"])
    borrowed = {str(k): str(v) for k, v in doc.get("borrowed", {}).items()}
    rules = {str(k): str(v) for k, v in doc["rules"].items()}
    known = {*sections, *borrowed}
    bad = sorted(k for k, v in rules.items() if v not in known and not v.startswith("R-"))
    if bad or any(" " in k or k.startswith("R-") for k in rules):
        raise ComponentError(f"citations.json: rules naming no listed section: {bad}")
    return Citations(rules, sections, borrowed, str(doc.get("source", "")))


@dataclass(frozen=True)
class Ruleset:
    """Everything one game of the series reads from data, with a few figures derived from
    it once (``still_clients``, ``token_effects``, ``guides_always_move``).

    >>> from highcamp.games.disaster_series.everest import everest_ruleset
    >>> rs = everest_ruleset()
    >>> sorted(rs.clients[k].movement for k in rs.still_clients)
    [0, 0]
    """

    board: Board
    tokens: tuple[EventToken, ...]
    guides: tuple[GuideCard, ...]
    clients: tuple[ClientCard, ...]
    companies: tuple[Company, ...]
    skills: dict[str, str]
    traits: dict[str, str]
    team_bonuses: dict[str, str]
    effects: dict[str, str]
    bands: tuple[tuple[int | None, str], ...]  # (minimum score or None, name), lowest first
    components: tuple[Component, ...]
    guides_per_team: int = 2  # markers a team plays with (K2: one guide, five climbers)
    clients_per_team: int = 6
    citations: Citations = field(default_factory=lambda: Citations({}, (), {}))
    # figures derived once at construction (plain attributes: see :class:`Board`)
    still_clients: frozenset[int] = field(init=False, repr=False, compare=False)
    """The client cards (by index) with no movement of their own [7.4]: without an
    effect in force, every other client has at least one point, whatever the storm or
    the darkness (which lower a client's points to one, not below) [7.6] [8.6]."""
    token_effects: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Each event token's effect, by token id (read while a token is held)."""
    guides_always_move: bool = field(init=False, repr=False, compare=False)
    """Whether every guide card has at least two movement points, so that no token
    takes a guide's points to zero (two in the storm, one less in Thick Snow) [7.4]
    [7.6]: a guide on the track that has not moved always has a move."""
    score_lines: dict[tuple[Any, ...], ScoreLine] = field(init=False, repr=False, compare=False)
    """The score sheet's lines already built, their rules cited (a memo filled as lines
    are first met, :func:`.texts._cited_line`): a sheet is read at every observation, and
    its lines come from a small set."""

    def __post_init__(self) -> None:
        derived = {
            "still_clients": frozenset(
                k for k, card in enumerate(self.clients) if card.movement <= 0
            ),
            "token_effects": tuple(token.effect for token in self.tokens),
            "guides_always_move": all(card.movement >= 2 for card in self.guides),
            "score_lines": {},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def cite(self, rule: str) -> str:
        """A citation by rule names, in this mountain's section numbers
        (:meth:`Citations.cite`)."""
        return self.citations.cite(rule)

    def band(self, score: float) -> str:
        """The Victory Chart band of ``score``."""
        name = self.bands[0][1]
        for low, band in self.bands:
            if low is None or score >= low:
                name = band
        return name

    def company(self, key: str) -> Company:
        """A company by id."""
        for c in self.companies:
            if c.id == key:
                return c
        raise ComponentError(f"no company {key!r}")


def _read(package: str, name: str) -> dict[str, Any]:
    try:
        text = resources.files(package).joinpath("data", name).read_text("utf-8")
        doc = json.loads(text)
    except (OSError, ValueError) as err:
        raise ComponentError(f"cannot read {name}: {err}") from None
    if not isinstance(doc, dict) or doc.get("provenance") not in ("rulebook", "reconstructed"):
        raise ComponentError(f"{name} must be an object with a provenance")
    if doc["provenance"] == "reconstructed" and not doc.get("reason"):
        raise ComponentError(f"{name} is reconstructed but gives no reason (R-0-1)")
    return doc


def _component(doc: dict[str, Any], file: str) -> Component:
    return Component(
        doc["name"], doc["provenance"], doc.get("reason", ""), f"{file} {doc.get('source', '')}"
    )


def _board(doc: dict[str, Any]) -> Board:
    spaces = doc["spaces"]
    names = tuple(s["name"] for s in spaces)
    zones = tuple(s["zone"] for s in spaces)
    if len(set(names)) != len(names) or any(z not in ZONES for z in zones):
        raise ComponentError("board spaces need unique names and known zones")
    steps = {s.get("step"): i for i, s in enumerate(spaces) if s.get("step")}
    summits = [i for i, s in enumerate(spaces) if s.get("summit")]
    if len(summits) != 1 or zones[0] != "camp":
        raise ComponentError("a board runs from High Camp (space 0) to one Summit")
    up, down = steps.get("up", -1), steps.get("down", -1)
    if (up < 0) != (down < 0) or (up >= 0 and down != up + 1):
        raise ComponentError("Up and Down are adjacent spaces, Down above Up (R-DS-1)")
    ridges = tuple(tuple(s.get("ridge", ())) for s in spaces)
    board = Board(
        name=doc["name"],
        names=names,
        zones=zones,
        ridges=ridges,
        lost_on_leaving=frozenset(i for i, s in enumerate(spaces) if s.get("lost_on_leaving")),
        up=up,
        down=down,
        summit=summits[0],
        queue_length=int(doc.get("queue_length", 0)),
        prestige_start=int(doc["prestige_start"]),
        prestige_max=int(doc["prestige_max"]),
        storm_watch=int(doc["storm_watch"]),
        storm_track=int(doc["storm_track"]),
        blocked_ridge_markers=int(doc["blocked_ridge_markers"]),
        neutral_clients=int(doc.get("neutral_clients", 0)),
    )
    for n in range(1, 9):
        if len(board.ridges_numbered(n)) > board.blocked_ridge_markers:
            raise ComponentError(f"ridge number {n} needs more Blocked Ridge markers than exist")
    return board


def load_ruleset(package: str) -> Ruleset:
    """Load and validate the data files in ``package``/data (``board.json``, ``tokens.json``,
    ``companies.json``, ``victory.json``, ``effects.json``, ``citations.json``)."""
    bdoc = _read(package, "board.json")
    tdoc = _read(package, "tokens.json")
    cdoc = _read(package, "companies.json")
    vdoc = _read(package, "victory.json")
    edoc = _read(package, "effects.json")
    board = _board(bdoc)
    effects = dict(edoc["effects"])
    tokens = []
    for i, t in enumerate(tdoc["tokens"]):
        lost, near, medium, far = (str(t["fates"][k]) for k in FATE_KEYS)
        fates = (lost, near, medium, far)
        if t["id"] != i or t["effect"] not in effects:
            raise ComponentError(f"token {i}: ids run 0.. and effects are listed in effects.json")
        if fates[0] not in ("LIVE", "FROZEN") or any(f not in ("LIVE", "DIE") for f in fates[1:]):
            raise ComponentError(f"token {i}: Lost is LIVE/FROZEN, zones LIVE/DIE (R-DS-5)")
        tokens.append(EventToken(i, t["name"], t["effect"], int(t["cost"]), int(t["ridge"]), fates))
    guides = tuple(
        GuideCard(g["name"], int(g["movement"]), frozenset(g["skills"]), g.get("kind", "guide"))
        for g in cdoc["guides"]
    )
    if any(not g.skills <= set(SKILLS) for g in guides):
        raise ComponentError("unknown guide skill")
    clients = tuple(
        ClientCard(c["name"], int(c["movement"]), frozenset(c["traits"]), int(c["points"]))
        for c in cdoc["clients"]
    )
    traits = dict(cdoc["traits"])
    if any(not c.traits <= set(traits) for c in clients):
        raise ComponentError("a client has a trait letter the card does not describe")
    names = [g.name for g in guides] + [c.name for c in clients]
    if len(set(names)) != len(names):
        raise ComponentError("guide and client names must be unique")
    gi = {g.name: i for i, g in enumerate(guides)}
    ci = {c.name: i for i, c in enumerate(clients)}
    companies = tuple(
        Company(
            c["id"],
            c["name"],
            tuple(gi[n] for n in c["guides"]),
            tuple(ci[n] for n in c["clients"]),
            c["team_bonus"],
        )
        for c in cdoc["companies"]
    )
    bands = tuple((b["min"], b["name"]) for b in vdoc["bands"])
    first = companies[0] if companies else None
    size = cdoc.get("team_size", {})
    return Ruleset(
        board=board,
        tokens=tuple(tokens),
        guides=guides,
        clients=clients,
        companies=companies,
        skills=dict(cdoc["skills"]),
        traits=traits,
        team_bonuses=dict(cdoc["team_bonuses"]),
        effects=effects,
        bands=bands,
        components=(
            _component(bdoc, "board.json"),
            _component(tdoc, "tokens.json"),
            _component(edoc, "effects.json"),
            _component(cdoc, "companies.json"),
            _component(vdoc, "victory.json"),
        ),
        guides_per_team=int(size.get("guides", len(first.guides) if first else 0)),
        clients_per_team=int(size.get("clients", len(first.clients) if first else 0)),
        citations=load_citations(package),
    )
