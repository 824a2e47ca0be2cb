"""A team [4.2] [4.3]: its guides and clients (K2: climbers) with their places, tiredness
and markers, its tokens, Prestige, Preparations and the tallies kept for analysis.

The state holds ``teams`` (one in solitaire, one per seat with two players [15.0]) and
``team``, the active seat's team (a reference into ``teams``, never a copy): the rules read
``self.team.<field>``; the two-player rules read the other team as ``self.teams[seat]``.
Markers are numbered guides first (``0 .. ng-1``), then clients (``ng .. ng+nc-1``):
``pos`` and ``moved`` are indexed by marker, ``tired``, ``goal``, ``ams`` and ``fates`` by
client slot, ``tank`` and ``sacrificed`` by guide slot.

>>> t = Team(2, 3, 10)
>>> t.pos, t.tired, t.prestige
([0, 0, 0, 0, 0], [0, 0, 0], 10)
>>> c = t.clone()
>>> c == t, c.pos is t.pos
(True, False)
>>> c.pos[0] = 4
>>> c == t
False
"""

from __future__ import annotations

from typing import Any, ClassVar

from .constants import TALLIES

__all__ = ["K2Team", "Team"]


class Team:
    """One team's fields (slotted; :meth:`clone` copies every list)."""

    LISTS: ClassVar[tuple[str, ...]] = (
        "guides",
        "clients",
        "pos",
        "moved",
        "tired",
        "goal",
        "ams",
        "tank",
        "sacrificed",
        "held",
        "kept",
        "fates",
        "fx",
        "tallies",
    )
    """The team's lists (of numbers, flags or strings: a flat copy copies them)."""
    SCALARS: ClassVar[tuple[str, ...]] = (
        "prestige",
        "prep",
        "medkits_used",
        "bonus_used",
        "heli_done",
        "heli_client",
    )
    """The team's numbers and flags."""
    __slots__ = (
        *LISTS,
        *SCALARS,
        *("bivouacked", "flash", "secret_goal", "goal_done", "sherpa_summit", "summited_with"),
    )

    def __init__(self, ng: int = -1, nc: int = 0, prestige: int = 0) -> None:
        if ng < 0:  # an empty shell for :meth:`clone` (compiled, ``__new__`` calls this)
            return
        self.guides: list[int] = []  # card indices into the ruleset's guides
        self.clients: list[int] = []  # card indices into the ruleset's clients
        self.pos = [0] * (ng + nc)  # each marker's space (or QUEUE, LOST, DEAD, REMOVED)
        self.moved = [False] * (ng + nc)
        self.tired = [0] * nc
        self.goal = [0] * nc  # 0 none, 1 Hillary Step (K2: Traverse), 2 Summit [12.0]
        self.ams = [False] * nc  # Acute Mountain Sickness
        self.tank = [False] * ng  # an oxygen tank
        self.sacrificed = [False] * ng
        self.held: list[int] = []  # tokens held for later
        self.kept: list[int] = []  # tokens kept in front of the player
        self.fates: list[str] = [""] * nc
        self.fx: list[str] = []  # effects in force this turn
        self.tallies = [0] * len(TALLIES)  # counts for analysis, see TALLIES
        self.prestige = prestige
        self.prep = 0  # Preparations: 0 none, 1 started, 2 ready [7.5]
        self.medkits_used = 0
        self.bonus_used = False  # a team bonus used [14.2]
        self.heli_done = False
        self.heli_client = -1
        self.bivouacked: list[bool] = [False] * (ng + nc)
        self.flash = -1
        self.secret_goal = -1
        self.goal_done = False
        self.sherpa_summit = False
        self.summited_with = False

    def clone(self) -> Team:
        """An independent copy (no list shared)."""
        new = type(self).__new__(type(self))
        self._copy_to(new)
        return new

    def _copy_to(self, new: Team) -> None:
        # written out: a clone of the state clones its teams on every search step
        new.guides = self.guides.copy()
        new.clients = self.clients.copy()
        new.pos = self.pos.copy()
        new.moved = self.moved.copy()
        new.tired = self.tired.copy()
        new.goal = self.goal.copy()
        new.ams = self.ams.copy()
        new.tank = self.tank.copy()
        new.sacrificed = self.sacrificed.copy()
        new.held = self.held.copy()
        new.kept = self.kept.copy()
        new.fates = self.fates.copy()
        new.fx = self.fx.copy()
        new.tallies = self.tallies.copy()
        new.prestige = self.prestige
        new.prep = self.prep
        new.medkits_used = self.medkits_used
        new.bonus_used = self.bonus_used
        new.heli_done = self.heli_done
        new.heli_client = self.heli_client

    def fields(self) -> dict[str, Any]:
        """Every field by name (for comparisons and checks, not for the hot path)."""
        return {k: getattr(self, k) for k in (*self.LISTS, *self.SCALARS)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Team) or type(other) is not type(self):
            return NotImplemented
        return self.fields() == other.fields()

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(guides={self.guides}, clients={self.clients}, pos={self.pos})"
        )


class K2Team(Team):
    """A Disaster on K2 team: the series' fields and K2's own, the bivouacked markers
    [8.7], the Flashlight's holder (a marker, -1: not this team's) and the Sherpa's Secret
    Goal [13.0] (an index into the goals, -1 with a HAP), whether it is achieved, whether
    the Sherpa reached the Summit, and (two players) with a climber.

    >>> t = K2Team(1, 5, 10)
    >>> t.flash, t.secret_goal, t.bivouacked == [False] * 6
    (-1, -1, True)
    >>> t.clone() == t, t.clone().bivouacked is t.bivouacked
    (True, False)
    """

    LISTS: ClassVar[tuple[str, ...]] = (*Team.LISTS, "bivouacked")
    SCALARS: ClassVar[tuple[str, ...]] = (
        *Team.SCALARS,
        "flash",
        "secret_goal",
        "goal_done",
        "sherpa_summit",
        "summited_with",
    )
    __slots__ = ()

    def __init__(self, ng: int = -1, nc: int = 0, prestige: int = 0) -> None:
        super().__init__(ng, nc, prestige)
        if ng < 0:
            return
        self.bivouacked = [False] * (ng + nc)
        self.flash = -1
        self.secret_goal = -1
        self.goal_done = False
        self.sherpa_summit = False
        self.summited_with = False

    def _copy_to(self, new: Team) -> None:
        super()._copy_to(new)
        assert isinstance(new, K2Team)
        new.bivouacked = self.bivouacked.copy()
        new.flash = self.flash
        new.secret_goal = self.secret_goal
        new.goal_done = self.goal_done
        new.sherpa_summit = self.sherpa_summit
        new.summited_with = self.summited_with
