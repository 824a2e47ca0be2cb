"""The travel companies' team bonuses [14.2], in a registry: each bonus id of the company
data (``companies.json``: ``team_bonus``) names a :class:`TeamBonus` whose flags say where
the rules apply it (one place per rule: the set-up, the movement step, the Game End).

>>> team_bonus("helicopter").helicopter, team_bonus("").helicopter
(True, False)
>>> sorted(BONUSES)
['choose_guides', 'double_storm_move', 'helicopter', 'summit_push']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BONUSES", "NO_BONUS", "TeamBonus", "team_bonus"]


@dataclass(frozen=True)
class TeamBonus:
    """A team bonus [14.2] and the rules it changes."""

    id: str
    hires_guides: bool = False
    """At set-up the player hires any two guides instead of the company's (``setup.py``);
    with two players, the other company's guides stay free for it."""
    storm_moves_twice: bool = False
    """On the turn the storm hits, a normal move and then a storm move (``movement.py``)."""
    summit_push: bool = False
    """Once a game, before any guide moves: both guides move 3 more spaces that turn
    (``movement.py``)."""
    helicopter: bool = False
    """At the Game End, a helicopter may bring one stranded client down (``fate.py``)."""


NO_BONUS = TeamBonus("")
"""No team bonus (the option ``team_bonus`` off, or a company without one)."""

BONUSES: dict[str, TeamBonus] = {
    b.id: b
    for b in (
        TeamBonus("choose_guides", hires_guides=True),
        TeamBonus("double_storm_move", storm_moves_twice=True),
        TeamBonus("summit_push", summit_push=True),
        TeamBonus("helicopter", helicopter=True),
    )
}
"""The team bonuses by the id the company data gives them."""


def team_bonus(bonus_id: str) -> TeamBonus:
    """The bonus of a game's ``bonus`` id (``""``: :data:`NO_BONUS`)."""
    return BONUSES.get(bonus_id, NO_BONUS) if bonus_id else NO_BONUS
