"""The team bonuses [14.2] are a registry (``bonuses.py``): every bonus the company data
names is in it, each changes one rule, and a game without the option has none."""

from __future__ import annotations

import dataclasses

import highcamp
from highcamp.games.disaster_series.bonuses import BONUSES, NO_BONUS, team_bonus


def test_14_2_every_company_bonus_is_in_the_registry() -> None:
    game = highcamp.load_game("disaster-on-everest")
    ids = {c.team_bonus for c in game.ruleset.companies}
    assert ids == set(BONUSES)
    assert set(game.ruleset.team_bonuses) == set(BONUSES)  # each has its printed text


def test_14_2_each_bonus_changes_one_rule() -> None:
    flags = [f.name for f in dataclasses.fields(NO_BONUS) if f.name != "id"]
    for bonus in BONUSES.values():
        assert sum(getattr(bonus, f) for f in flags) == 1, bonus.id
    assert sorted(f for b in BONUSES.values() for f in flags if getattr(b, f)) == sorted(flags)
    assert not any(getattr(NO_BONUS, f) for f in flags)


def test_14_2_the_bonus_is_the_companys_only_with_the_option() -> None:
    for company in ("himalayan-quest", "summit-adventures"):
        off = highcamp.load_game("disaster-on-everest", company=company)
        on = highcamp.load_game("disaster-on-everest", company=company, team_bonus=True)
        assert team_bonus(off.bonus) is NO_BONUS
        assert team_bonus(on.bonus) is BONUSES[on.company.team_bonus]
