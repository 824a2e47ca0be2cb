"""The sheet as data (R-1924-1, R-0-1): the standard sheet, custom sheets, malformed sheets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import highcamp
from highcamp import OptionError
from highcamp.games.everest1924 import SheetError, standard_sheet
from highcamp.games.everest1924.sheet import named_sheet
from tests.conformance.checks import random_steps

from .helpers import ascend_turn, dice_count, drive, fail_turn, new_state, roll


def tiny_sheet() -> dict[str, Any]:
    """Three rows: base camp 0..4, row 1 (target 6) 0..4, summit row 2 (target 8) 1..3."""
    return {
        "name": "tiny test sheet",
        "provenance": "reconstructed",
        "reason": "a test sheet",
        "rows": [
            {"row": 0, "target": 0, "first": 0, "last": 4},
            {"row": 1, "target": 6, "first": 0, "last": 4},
            {"row": 2, "target": 8, "first": 1, "last": 3},
        ],
        "start": [0, 0],
        "start_dice": 3,
        "unlock_targets": [6],
        "legend": {
            "bands": [
                {"min": None, "max": 20, "name": "Low"},
                {"min": 21, "max": None, "name": "High"},
            ]
        },
    }


def write(tmp_path: Path, doc: Any, name: str = "sheet.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def test_sheet_first_reconstruction_follows_r_1924_1() -> None:
    sheet = named_sheet("first-reconstruction")
    assert sheet.rows == 17
    assert sheet.summit == 16
    assert sheet.targets == (0, *range(6, 37, 2))
    for k in range(17):
        assert sheet.span(k) == (k, 39 - k)
    assert [sheet.targets[r] for r in sheet.unlock_rows] == [12, 16, 22]


def test_sheet_standard_follows_revised_r_1924_1() -> None:
    """The tuned sheet (docs/games/everest-1924.md, candidate A): the first reconstruction
    with one row, not three, needing 1-2-3-4-5-6."""
    sheet = standard_sheet()
    assert sheet.rows == 15
    assert sheet.summit == 14
    assert sheet.targets == (0, *range(6, 31, 2), 36)
    for k in range(15):
        assert sheet.span(k) == (k, 39 - k)
    assert sheet.start == (0, 0)
    assert sheet.start_dice == 3
    assert [sheet.targets[r] for r in sheet.unlock_rows] == [12, 16, 22]
    assert sheet.provenance == "reconstructed"
    game = highcamp.load_game("everest-1924")
    assert game.info.reconstructed


def test_sheet_custom_plays_to_the_summit(tmp_path: Path) -> None:
    path = write(tmp_path, tiny_sheet())
    s = new_state(sheet=path)
    assert dice_count(s) == 3
    ascend_turn(s)
    assert s.position == (1, 1)
    assert dice_count(s) == 4  # target 6 unlocks a die on this sheet
    ascend_turn(s)
    assert s.position == (2, 2)
    assert s.is_terminal()
    assert s.ending() == "summit"
    assert s.returns() == [float(2 * 8 - 3 + 4 * 5)]
    (b,) = s.score_breakdown()
    assert b.band == "High"
    assert any(c.source == str(path) for c in s.game.info.components)


def test_sheet_custom_camp_clamps_to_its_first_square(tmp_path: Path) -> None:
    s = new_state(sheet=write(tmp_path, tiny_sheet()))
    ascend_turn(s, "camp")
    assert s.position == (1, 0)  # max(0 - 3, first(1) = 0)


def test_sheet_custom_moving_right_off_the_end_perishes(tmp_path: Path) -> None:
    s = new_state(sheet=write(tmp_path, tiny_sheet()))
    for _ in range(4):
        fail_turn(s)
    assert s.position == (0, 4)
    drive(s, [*roll(1, 1, 1), "move right"])
    assert s.ending() == "perished"


@pytest.mark.parametrize("seed", range(20))
def test_sheet_custom_random_games_end(tmp_path: Path, seed: int) -> None:
    game = highcamp.load_game("everest-1924", sheet=str(write(tmp_path, tiny_sheet())))
    s = random_steps(game.new_initial_state(seed), seed, game.max_game_length())
    assert s.is_terminal()
    assert s.ending() in {"summit", "abandoned", "perished"}
    assert s.score_breakdown()[0].band in {"Low", "High"}


def _broken(change) -> dict[str, Any]:
    doc = tiny_sheet()
    change(doc)
    return doc


def _swap_rows(d: dict[str, Any]) -> None:
    d["rows"][0], d["rows"][1] = d["rows"][1], d["rows"][0]


def _first_after_last(d: dict[str, Any]) -> None:
    d["rows"][1]["first"], d["rows"][1]["last"] = 4, 2


MALFORMED = {
    "rows out of order": (_broken(_swap_rows), "order"),
    "start off the sheet": (_broken(lambda d: d.update(start=[0, 9])), "start"),
    "start above base camp": (_broken(lambda d: d.update(start=[1, 1])), "start"),
    "too many dice": (_broken(lambda d: d.update(start_dice=6)), "dice"),
    "unknown unlock target": (_broken(lambda d: d.update(unlock_targets=[99])), "99"),
    "first > last": (_broken(_first_after_last), "first"),
    "one row only": (_broken(lambda d: d.update(rows=d["rows"][:1])), "rows"),
    "not an object": ([1, 2, 3], "object"),
    "bad JSON": ('{"rows": [', "JSON"),
}


@pytest.mark.parametrize(("doc", "phrase"), MALFORMED.values(), ids=list(MALFORMED))
def test_sheet_malformed_raises_option_error(tmp_path: Path, doc: Any, phrase: str) -> None:
    path = write(tmp_path, doc)
    with pytest.raises(OptionError) as err:
        highcamp.load_game("everest-1924", sheet=str(path))
    assert isinstance(err.value, SheetError)
    assert err.value.option == "sheet"
    message = str(err.value)
    assert "sheet" in message
    assert phrase in message, message


def test_sheet_missing_file_raises_option_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-sheet.json"
    with pytest.raises(OptionError) as err:
        highcamp.load_game("everest-1924", sheet=str(missing))
    assert "no-such-sheet.json" in str(err.value)
    assert issubclass(SheetError, OptionError)


def test_sheet_path_the_system_cannot_name_raises_option_error() -> None:
    # found by the contract's option fuzzing: a null byte in a path is refused by the OS
    # before any file is opened; the player gets the option's error, not a crash
    with pytest.raises(SheetError) as err:
        highcamp.load_game("everest-1924", sheet="\x00")
    assert err.value.option == "sheet" and "cannot read" in str(err.value)
