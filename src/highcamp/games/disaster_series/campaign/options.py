"""The campaign's options of the mountains it plays: every option of a mountain's game that
is not the campaign's own, offered as ``<mountain>_<option>`` (``k2_guide``,
``everest_team_bonus``), with that game's type, allowed values and default.

Two kinds (:data:`STARTING`): an option that forms a mountain's starting team (K2's guide
[5.2] and multinational team [14.6], Everest's random team [14.1] and team bonus [14.2])
applies when the campaign starts on that mountain, since later mountains are climbed by the
team that came down from the last one [16.1]; any other (K2's Balcony collapse [14.5])
applies on every climb of that mountain.

>>> [s.name for s in mountain_options()]  # doctest: +NORMALIZE_WHITESPACE
['everest_random_team', 'everest_team_bonus', 'k2_guide', 'k2_balcony_collapse',
 'k2_multinational']
>>> check_mountain_options(["everest", "k2"], {"k2_guide": "sherpa"})
Traceback (most recent call last):
...
highcamp.core.errors.OptionError: option 'k2_guide' forms K2's starting team [5.2], so it \
needs a campaign that starts on K2 (order k2-...); on a later K2 the team is the one that \
came down from the last mountain [16.1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from highcamp.core import OptionError, OptionSpec
from highcamp.games import game_class, list_games

from ..components import load_citations
from ..constants import Rule

__all__ = [
    "MOUNTAINS",
    "OWN",
    "SHORT",
    "STARTING",
    "TEAM_OPTIONS",
    "check_mountain_options",
    "mountain_options",
    "options_for",
]

OWN = ("order", "team", "game")
"""The campaign's own options [16.0] (a mountain's ``game`` is the campaign's ``game``)."""
TEAM_OPTIONS = ("company", "team")
"""The option of a mountain's game that chooses its starting team (the campaign's ``team``
sets it on the first mountain)."""
SOLITAIRE = ("players", "first_player", "victory")
"""Options of the two-player game [15.*], not offered: the campaign is solitaire."""
STARTING: dict[str, str] = {
    "guide": Rule.GUIDES,
    "multinational": Rule.MULTI,
    "random_team": Rule.RANDOM,
    "team_bonus": Rule.BONUS,
}
"""Options that form a mountain's starting team, with the rule that says so (by name: the
mountain's ``citations.json`` numbers it, :func:`_section`)."""
MOUNTAINS: dict[str, str] = {
    "everest": "disaster-on-everest",
    "k2": "disaster-on-k2",
}
"""A mountain's name in the ``order`` option -> the game id that plays it (the one place to
add a mountain of the series)."""
SHORT: dict[str, str] = {"disaster-on-everest": "Everest", "disaster-on-k2": "K2"}
"""A mountain's short title (a game without one is called by its title)."""


def _title(gid: str) -> str:
    return SHORT.get(gid, game_class(gid).INFO.title)


def _section(gid: str, rule: str) -> str:
    """``rule`` in the numbers of mountain ``gid``'s rulebook (its ``citations.json``)."""
    return load_citations(game_class(gid).__module__.rpartition(".")[0]).cite(rule)


def _offered(gid: str) -> list[OptionSpec]:
    """The options of a mountain's game the campaign offers (neither its own nor the
    second seat's nor the two-player game's)."""
    cls = game_class(gid)
    seat_2 = {f"{o}_2" for o in getattr(cls, "SEAT_OPTIONS", ())}
    skip = {*OWN, *TEAM_OPTIONS, *SOLITAIRE, *seat_2}
    return [s for s in cls.INFO.options if s.name not in skip]


def mountain_options() -> tuple[OptionSpec, ...]:
    """The campaign's options of every mountain of :data:`MOUNTAINS` registered now."""
    known = list_games()
    out: list[OptionSpec] = []
    for name, gid in MOUNTAINS.items():
        if gid not in known:
            continue
        for spec in _offered(gid):
            when = (
                f" (when the campaign starts on {_title(gid)} [16.1])"
                if spec.name in STARTING
                else f" (every climb of {_title(gid)})"
            )
            out.append(
                dataclasses.replace(
                    spec,
                    name=f"{name}_{spec.name}",
                    description=f"{_title(gid)}: {spec.description}{when}",
                )
            )
    return tuple(out)


def check_mountain_options(order: Sequence[str], values: Mapping[str, Any]) -> None:
    """Refuse a mountain option set (to other than its default) that the campaign cannot
    use: for a mountain not in ``order``, or one forming the starting team of a mountain
    the campaign does not start on."""
    for name, gid in MOUNTAINS.items():
        if gid not in list_games():
            continue
        for spec in _offered(gid):
            key = f"{name}_{spec.name}"
            if values.get(key, spec.default) == spec.default:
                continue
            if name not in order:
                raise OptionError(
                    key,
                    f"option {key!r} is for {_title(gid)}, which this campaign does not "
                    f"climb (order {'-'.join(order)})",
                )
            if spec.name in STARTING and order[0] != name:
                raise OptionError(
                    key,
                    f"option {key!r} forms {_title(gid)}'s starting team "
                    f"{_section(gid, STARTING[spec.name])}, so it needs a campaign that starts on "
                    f"{_title(gid)} (order {name}-...); on a later {_title(gid)} the team "
                    "is the one that came down from the last mountain [16.1]",
                )


def options_for(name: str, first: bool, values: Mapping[str, Any]) -> dict[str, Any]:
    """The options (other than the team and ``game``) to load mountain ``name`` with: its
    every-climb options, and on the first mountain its starting-team options too; an
    option at its default is left out (the game's own default then applies)."""
    gid = MOUNTAINS[name]
    out: dict[str, Any] = {}
    for spec in _offered(gid):
        if spec.name in STARTING and not first:
            continue
        value = values.get(f"{name}_{spec.name}", spec.default)
        if value != spec.default:
            out[spec.name] = value
    return out


def unique_names(cards: Sequence[tuple[str, Any]], titles: dict[str, str]) -> list[Any]:
    """The cards of a team, a name shared by markers of two sets told apart by the set."""
    seen: set[str] = set()
    out = []
    for src, card in cards:
        if card.name in seen:
            card = dataclasses.replace(card, name=f"{card.name} ({titles[src]})")
        seen.add(card.name)
        out.append(card)
    return out
