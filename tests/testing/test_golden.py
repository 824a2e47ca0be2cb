"""The golden-playthrough harness of highcamp.testing: compare, one switch to regenerate."""

from __future__ import annotations

from pathlib import Path

import pytest

import highcamp
from highcamp.testing import (
    REGENERATE_ENV,
    GoldenMismatch,
    assert_golden,
    log_lines,
    play_seeded,
    regenerating,
)


def test_a_matching_transcript_passes_and_a_changed_one_fails_with_a_diff(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(REGENERATE_ENV, raising=False)
    path = tmp_path / "golden" / "game.txt"
    path.parent.mkdir()
    path.write_text("roll 3\nclimb\n", encoding="utf-8")
    assert_golden(path, "roll 3\nclimb\n")
    with pytest.raises(GoldenMismatch) as err:
        assert_golden(path, "roll 3\nfall\n", what="the test game")
    text = str(err.value)
    assert text.startswith("the test game differs from game.txt")
    assert "-climb" in text and "+fall" in text
    assert f"{REGENERATE_ENV}=1" in text
    assert path.read_text(encoding="utf-8") == "roll 3\nclimb\n"  # never written unasked


def test_a_missing_file_says_how_to_make_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(REGENERATE_ENV, raising=False)
    with pytest.raises(GoldenMismatch, match=f"missing: .*{REGENERATE_ENV}=1"):
        assert_golden(tmp_path / "none.txt", "x\n")


@pytest.mark.parametrize("value", ["1", "true", "YES"])
def test_the_one_switch_writes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(REGENERATE_ENV, value)
    assert regenerating()
    path = tmp_path / "new" / "game.txt"
    assert_golden(path, "a\nb\n")
    assert path.read_bytes() == b"a\nb\n"
    monkeypatch.setenv(REGENERATE_ENV, "0")
    assert not regenerating()


def test_play_seeded_is_a_pure_function_of_its_seeds() -> None:
    game = highcamp.load_game("everest-go", players=3)
    a = play_seeded(game, 11, 4)
    assert a == play_seeded(game, 11, 4) and a.is_terminal()
    assert log_lines(a) == log_lines(play_seeded(game, 11, 4))
    assert a.history() != play_seeded(game, 11, 5).history()
