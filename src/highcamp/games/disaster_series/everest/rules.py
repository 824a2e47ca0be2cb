"""Disaster on Everest: the Everest ruleset plugged into the shared engine.

Everything specific to Everest is data (``data/*.json``): the South Col track with the
Hillary Step ("Up", "Down" and the queue 1..8+), the 36 event tokens, the four travel
companies and the Victory Chart. The rules are the series engine's.

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-everest", company="mountain-majesty", game="advanced")
>>> game.company.name, game.advanced
('Mountain Majesty', True)
>>> game.score_bands()[0], game.score_bands()[-1]
('Major Defeat', 'Major Victory')
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from highcamp.core import GameInfo, OptionSpec

from ..components import Ruleset, load_ruleset
from ..game import DisasterGame
from ..seats import two_player_options

__all__ = ["DisasterOnEverestGame", "everest_ruleset"]


@cache
def everest_ruleset() -> Ruleset:
    """The Everest data files, loaded and validated once."""
    return load_ruleset(__package__)


_RS = everest_ruleset()
COMPANIES = tuple(c.id for c in _RS.companies)


class DisasterOnEverestGame(DisasterGame):
    """Disaster on Everest, solitaire [1.0]-[14.2]."""

    RULESET = _RS
    SEAT_OPTIONS = ("company",)
    INFO = GameInfo(
        id="disaster-on-everest",
        title="Disaster on Everest",
        min_players=1,
        max_players=2,
        options=two_player_options(
            (
                OptionSpec(
                    "company",
                    str,
                    COMPANIES[0],
                    "travel company: its guides, clients and team bonus [4.1]",
                    choices=COMPANIES,
                ),
                OptionSpec(
                    "game",
                    str,
                    "basic",
                    "basic, or advanced with client traits, pushing and tiring [13.0]",
                    choices=("basic", "advanced"),
                ),
                OptionSpec(
                    "random_team",
                    bool,
                    False,
                    "draw two guides of eight and six clients of 24 at random [14.1]",
                ),
                OptionSpec("team_bonus", bool, False, "the travel company's team bonus [14.2]"),
            ),
            SEAT_OPTIONS,
        ),
        chance=True,
        hidden_information=False,
        components=_RS.components,
        summary="Guide clients from High Camp to the Summit of Everest and back before the "
        "storm ends the day.",
        rulebook="disaster-on-everest.txt",
    )

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Every company in the advanced game with its team bonus [13.0] [14.2], the basic
        game, the random team [14.1], and two players [15.0] (basic; advanced with the
        other two companies' bonuses; random teams; the First Player drawn [15.1] in the
        cooperative game [15.7])."""
        out: list[dict[str, Any]] = [{"company": COMPANIES[0], "game": "basic"}]
        out += [{"company": c, "game": "advanced", "team_bonus": True} for c in COMPANIES]
        out.append({"company": COMPANIES[1], "game": "basic", "random_team": True})
        out.append({"players": 2})  # [15.0]
        out.append(
            {
                "players": 2,
                "company": COMPANIES[2],
                "company_2": COMPANIES[3],
                "game": "advanced",
                "team_bonus": True,
            }
        )
        out.append({"players": 2, "random_team": True, "team_bonus": True})
        out.append({"players": 2, "first_player": "random", "victory": "cooperative"})
        return out

    def rules_text(self) -> str:
        """The rules in brief, in highcamp's own words, citing sections."""
        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")
