"""The shared engine's component loader: data files are validated against the rulebook's
numbers (R-0-1, R-0-2), so a replaced file with an error is refused with a reason."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from highcamp.games.disaster_series import load_ruleset
from highcamp.games.disaster_series.components import ComponentError
from highcamp.games.disaster_series.everest import everest_ruleset

_EVEREST = resources.files("highcamp.games.disaster_series.everest").joinpath("data")


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Callable[[str, Callable[[dict[str, Any]], None]], str]]:
    """A copy of the Everest data as a package; ``edit(file, fn)`` changes one file."""
    root = tmp_path / "fakeeverest"
    (root / "data").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    files = ("board.json", "tokens.json", "companies.json", "victory.json", "effects.json")
    for name in (*files, "citations.json"):
        with resources.as_file(_EVEREST.joinpath(name)) as src:
            shutil.copy(src, root / "data" / name)
    sys.path.insert(0, str(tmp_path))

    def edit(name: str, fn: Callable[[dict[str, Any]], None]) -> str:
        path = root / "data" / name
        doc = json.loads(path.read_text())
        fn(doc)
        path.write_text(json.dumps(doc))
        return "fakeeverest"

    yield edit
    sys.path.remove(str(tmp_path))
    sys.modules.pop("fakeeverest", None)


def test_a_copy_of_the_data_loads_the_same(package: Any) -> None:
    name = package("board.json", lambda doc: None)
    rs = load_ruleset(name)
    assert rs.tokens == everest_ruleset().tokens
    assert rs.board == everest_ruleset().board


def test_a_citation_of_a_section_the_file_does_not_list_is_refused(package: Any) -> None:
    def unknown_section(doc: dict[str, Any]) -> None:
        doc["rules"]["lost"] = "[8.9]"

    with pytest.raises(ComponentError, match="lost"):
        load_ruleset(package("citations.json", unknown_section))


def test_a_ridge_number_on_more_ridges_than_markers_is_refused(package: Any) -> None:
    def four_ridges(doc: dict[str, Any]) -> None:
        for space in doc["spaces"]:
            if "ridge" in space:
                space["ridge"].append(1)

    with pytest.raises(ComponentError, match="Blocked Ridge markers"):
        load_ruleset(package("board.json", four_ridges))


def test_a_fate_that_is_not_live_die_or_frozen_is_refused(package: Any) -> None:
    def bad_fate(doc: dict[str, Any]) -> None:
        doc["tokens"][3]["fates"]["far"] = "MAYBE"

    with pytest.raises(ComponentError, match="R-DS-5"):
        load_ruleset(package("tokens.json", bad_fate))


def test_a_reconstructed_file_needs_its_reason(package: Any) -> None:
    def no_reason(doc: dict[str, Any]) -> None:
        doc["reason"] = ""

    with pytest.raises(ComponentError, match="R-0-1"):
        load_ruleset(package("victory.json", no_reason))


def test_an_unknown_trait_letter_is_refused(package: Any) -> None:
    def bad_trait(doc: dict[str, Any]) -> None:
        doc["clients"][0]["traits"] = "z"

    with pytest.raises(ComponentError, match="trait"):
        load_ruleset(package("companies.json", bad_trait))


def test_everest_counts_match_the_rulebook() -> None:
    """[3.0]: 36 tokens, 8 guides, 24 clients, 3 Blocked Ridge markers; [4.4] Prestige 18."""
    rs = everest_ruleset()
    assert len(rs.tokens) == 36 and len(rs.guides) == 8 and len(rs.clients) == 24
    assert rs.board.blocked_ridge_markers == 3 and rs.board.prestige_start == 18
    assert [rs.board.names[s] for s in range(rs.board.size) if rs.board.is_ridge(s)] == [
        "The Balcony",
        "South Summit",
        "Cornice Traverse",
        "Summit Ridge",
    ]
    assert all(len(c.guides) == 2 and len(c.clients) == 6 for c in rs.companies)
    yuri = next(g for g in rs.guides if g.name == "Yuri")
    assert yuri.movement == 5  # the [7.2] example: five spaces, his maximum
    names = {t.name for t in rs.tokens}
    assert len(names) == 16  # R-DS-6
