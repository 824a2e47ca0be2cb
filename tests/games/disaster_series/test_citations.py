"""Each mountain cites its own sections: the series engine cites rules by name
(:class:`~highcamp.games.disaster_series.constants.Rule`), and each mountain's
``citations.json`` numbers them from its own rulebook, checked against the section list the
file keeps (the rulebook's headings) and the mountain's ``rules.md``."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import highcamp
import highcamp.games.disaster_series as series
from highcamp.core import IllegalActionError
from highcamp.games.disaster_series.components import Citations, load_citations
from highcamp.games.disaster_series.constants import P_MOVE, SUMMIT_PUSH, Rule

ROOT = Path(series.__file__).parent
PACKAGES = {
    "everest": "highcamp.games.disaster_series.everest",
    "k2": "highcamp.games.disaster_series.k2",
    "campaign": "highcamp.games.disaster_series.campaign",
}
SECTION = re.compile(r"\[\d+\.\d+\]")
EVEREST_ONLY = {Rule.STEP, Rule.QUEUE, Rule.RANDOM, Rule.BONUS}
"""The Hillary Step and its queue [8.2] [9.0], the random team [14.1] and the team bonuses
[14.2]: K2 has none of them."""
K2_ONLY = {Rule.AVALANCHE, Rule.BIVOUAC, Rule.AV_SPACE, Rule.SHERPA, Rule.VARIANT, Rule.MULTI}


def _citations(name: str) -> Citations:
    return load_citations(PACKAGES[name])


def _rules_md(name: str) -> str:
    return resources.files(PACKAGES[name]).joinpath("data", "rules.md").read_text("utf-8")


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_citation_names_a_section_of_its_own_rulebook(name: str) -> None:
    c = _citations(name)
    known = {*c.sections, *c.borrowed}
    for rule, section in c.rules.items():
        assert section in known or section.startswith("R-DS-"), (rule, section)
    # the section list is the rulebook's: everything rules.md cites is in it
    summary = set(SECTION.findall(_rules_md(name)))
    if name == "campaign":  # its own [16.*]; the others are the mountains' options
        summary = {s for s in summary if s.startswith("[16.")}
    assert summary <= known, sorted(summary - known)


def test_k2_numbers_come_from_k2s_rulebook() -> None:
    """K2's map is K2's own (one section further on than Everest's from the set-up, but the
    rulebooks differ where K2 has its own rules)."""
    k2, everest = _citations("k2"), _citations("everest")
    assert k2.borrowed == {}
    own = {
        Rule.SETUP: "[5.1]",
        Rule.SEQUENCE: "[6.0]",
        Rule.WATCH: "[7.3]",
        Rule.DEPLETION: "[7.4]",
        Rule.STORM_MOVE: "[8.6]",
        Rule.BIVOUAC: "[8.7]",
        Rule.LOST: "[9.3]",
        Rule.AV_SPACE: "[9.2]",
        Rule.SHERPA: "[13.0]",
        Rule.TRAITS: "[14.1]",
        Rule.PUSH: "[14.2]",
        Rule.EVENTS: "Player Aid",
        Rule.BID: "[15.3]",
    }
    assert {r: k2.cite(r) for r in own} == own
    assert everest.cite(Rule.DEPLETION) == "K2 [7.4]"  # borrowed from K2's rulebook
    assert everest.cite(Rule.EVENTS) == "R-DS-6"
    assert everest.cite(f"{Rule.BUY} {Rule.BID}") == "[6.2] [15.3]"


def test_each_mountain_has_an_entry_for_every_rule_it_plays() -> None:
    everest, k2 = _citations("everest"), _citations("k2")
    names = set(Rule)
    assert set(everest.rules) == {str(r) for r in names - K2_ONLY}
    assert set(k2.rules) == {str(r) for r in names - EVEREST_ONLY}
    assert set(_citations("campaign").rules) == {"campaign", "carry_over", "campaign_victory"}


def test_k2_has_no_hillary_step_queue_and_cannot_cite_it() -> None:
    k2 = highcamp.load_game("disaster-on-k2").ruleset  # type: ignore[attr-defined]
    for rule in EVEREST_ONLY:
        with pytest.raises(KeyError, match=str(rule)):
            k2.cite(rule)


def _series_sources() -> Iterator[Path]:
    yield from sorted(ROOT.rglob("*.py"))


CITING = {"_emit", "_say", "_kill", "_remove_guide", "ScoreLine", "IllegalActionError"}


def _strings(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            yield from _strings(part)


def test_the_engine_cites_rules_by_name_never_by_number() -> None:
    """No citation in the series' code holds a section number: the rule constants and every
    rule handed to the log, a refusal or a score line are names."""
    found = []
    for path in _series_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            values: list[ast.AST] = []
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id.startswith("R_") for t in node.targets
            ):
                values = [node.value]
            elif isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in CITING:
                    values = list(node.args[1:] if called != "IllegalActionError" else [])
                values += [k.value for k in node.keywords if k.arg == "rule"]
            for v in values:
                for text in _strings(v):
                    if SECTION.search(text) or "Player Aid" in text:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {text!r}")
    assert found == []


@contextmanager
def _spy() -> Iterator[list[str]]:
    """Every rule name resolved by the mountains' citations while the block runs: each
    mountain's memo of citations (every rule its ``cite`` resolved) emptied before, read
    after (the memo is the one place a name is resolved, in either build)."""
    memos = [highcamp.load_game(g).ruleset.citations._memo for g in MOUNTAINS]  # type: ignore[attr-defined]
    for memo in memos:
        memo.clear()
    cited: list[str] = []
    yield cited
    cited += [name for memo in memos for rule in memo for name in rule.split()]


MOUNTAINS = ("disaster-on-everest", "disaster-on-k2")


def _sweep(game_id: str, options: dict[str, Any], games: int) -> None:
    """Random games with their log, every legal action's rule, every refusal and the score."""
    game = highcamp.load_game(game_id, **options)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        state._log = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            legal = set(state.legal_actions())
            for action in range(-1, game.num_distinct_actions() + 1):
                if action in legal:
                    state._action_rule(action)
                else:
                    with pytest.raises(IllegalActionError):
                        state.action_to_string(action)
            state.apply_action(rng.choice(sorted(legal)))
        state.score_breakdown()


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"game": "advanced", "guide": "sherpa", "balcony_collapse": True},
        {"multinational": True},
        {"players": 2, "guide": "sherpa", "game": "advanced"},
    ],
    ids=["basic", "advanced-sherpa", "multinational", "two-players"],
)
def test_k2_never_cites_a_rule_it_lacks(options: dict[str, Any]) -> None:
    """Logs, action rules, refusals and score lines of random K2 games resolve every name
    through K2's map (a name K2 lacks would raise), and none is an Everest-only rule."""
    # the Citations memo would hide names resolved before: use fresh ones
    game = highcamp.load_game("disaster-on-k2", **options)
    game.ruleset.citations._memo.clear()  # type: ignore[attr-defined]
    with _spy() as cited:
        _sweep("disaster-on-k2", options, games=2)
    assert cited
    k2 = set(_citations("k2").rules)
    assert {c for c in cited if not c.startswith("R-")} <= k2
    assert not EVEREST_ONLY & set(cited)


def test_8_1_k2_refuses_everests_summit_push_by_its_movement_options() -> None:
    """[8.1]: the team bonus summit push is Everest's [14.2]; K2 has no such move, and its
    refusal in the Daylight Phase cites K2's movement options, not K2's [14.2] (Pushing
    and Tiring), which the translation of Everest's number gave."""
    s = highcamp.load_game("disaster-on-k2").new_initial_state(seed=0)
    while s.is_chance_node() or s.phase != P_MOVE:  # type: ignore[attr-defined]
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(SUMMIT_PUSH)
    assert err.value.rule == "[8.1]"


@pytest.mark.parametrize("action", [-1, 10_000])
def test_6_0_k2_two_player_refuses_no_such_action_by_the_sequence_of_play(action: int) -> None:
    """[6.0]: "no such action" cites K2's Sequence of Play in both games of K2; the
    two-player game of K2 cited "[5.0]" (Everest's number, K2's Game Set Up), untranslated."""
    for players in (1, 2):
        s = highcamp.load_game("disaster-on-k2", players=players).new_initial_state(seed=0)
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(action)
        assert (err.value.rule, err.value.reason) == ("[6.0]", "no such action")
    s = highcamp.load_game("disaster-on-everest", players=2).new_initial_state(seed=0)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(action)
    assert err.value.rule == "[5.0]"
