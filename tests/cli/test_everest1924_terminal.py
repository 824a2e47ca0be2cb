"""Everest 1924 in the terminal: the best rerolls by odds (the sheet stays on a 60-line
screen), the word that names what happens, a warning before a choice that ends the game, and
the route's lines on the sheet (R-1924-5)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import highcamp
import highcamp.cli.play as play
from highcamp.cli.main import app
from highcamp.cli.renderers import renderer_for
from highcamp.cli.renderers.everest1924 import REROLLS_SHOWN, draw_sheet

runner = CliRunner()

# a camp from (1, 6) back to (2, 3), then a fall to (1, 4): the ascent from here to (2, 5)
# would cross the camp's line (R-1924-5)
UNDER_THE_CAMP = {
    "route": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 6], [2, 3], [1, 4]],
    "phase": "decide",
    "dice": [4, 5, 6],
}


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The terminal's console writing into a buffer 100 columns wide, 60 lines high."""
    buf = io.StringIO()
    monkeypatch.setattr(play, "console", Console(file=buf, width=100, height=60))
    yield buf


def _answers(monkeypatch: pytest.MonkeyPatch, *answers: str) -> None:
    it = iter(answers)
    monkeypatch.setattr(play, "_ask", lambda prompt: next(it))


def _six_dice(**extra: Any) -> highcamp.State:
    """A decision with six dice on the standard sheet: row 9 (target 22, the third unlock)
    reached, the dice down before the reroll and short of the target 24."""
    game = highcamp.load_game("everest-1924")
    route = [[0, 0], *[[r, r] for r in range(1, 10)]]
    return game.state_from_position(
        {"route": route, "phase": "decide", "dice": [1, 1, 2, 3, 5, 6], **extra}
    )


def test_six_dice_list_the_best_rerolls_by_odds_and_fit_a_60_line_screen(
    screen: io.StringIO,
) -> None:
    state = _six_dice()
    renderer = renderer_for("everest-1924")
    groups = dict(renderer.groups(state))
    (title,) = [t for t in groups if t.startswith("reroll")]
    shown = groups[title]
    assert len(shown) == REROLLS_SHOWN and f"of {2**6 - 1}" in title
    odds = dict(map(tuple, state.observation(0)["reroll_odds"]))
    listed = [odds[state.action_to_string(a)] for a in shown]
    assert listed == sorted(listed, reverse=True)
    assert listed[0] == max(odds.values()) > 0
    shown_texts = {state.action_to_string(a) for a in shown}
    assert all(listed[-1] >= q for t, q in odds.items() if t not in shown_texts)
    play.console.print(renderer.draw(state, 0))
    play._show_choices(renderer.groups(state), state, renderer)
    lines = screen.getvalue().splitlines()
    assert len(lines) + 2 <= 60, "\n".join(lines)  # and the prompt below
    assert "ascends" in screen.getvalue()
    unlisted = next(t for t in odds if state.string_to_action(t) not in shown)
    state.apply_action(state.string_to_action(unlisted))  # every reroll stays typeable
    assert state.is_chance_node()


def test_rerolling_dice_the_terminal_accepts_only_the_word_that_names_what_happens(
    screen: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[Rerolling Dice]: ``fall`` before the reroll is refused (the party would move right),
    ``move right`` after a successful reroll too (declining the ascent falls)."""
    state = _six_dice()
    _answers(monkeypatch, "fall", "move right")
    play._human_turn(state, 0)
    assert "type move right" in screen.getvalue()
    assert state.observation(0)["position"] == [9, 10]  # moved right, no fall
    after = _six_dice(dice=[1, 2, 3, 4, 5, 6], rerolled=True)
    _answers(monkeypatch, "move right", "fall")
    play._human_turn(after, 0)
    assert "type fall" in screen.getvalue()
    assert after.observation(0)["position"] == [8, 10]  # fell: down and right


def test_route_an_ascent_across_the_route_is_warned_and_confirmed_r_1924_5(
    screen: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = highcamp.load_game("everest-1924")
    state = game.state_from_position(UNDER_THE_CAMP)
    renderer = renderer_for("everest-1924")
    ascend = state.string_to_action("ascend")
    note = renderer.describe(state, ascend)  # type: ignore[attr-defined]
    assert note is not None and "ENDS THE GAME" in note and "across the route" in note
    assert renderer.describe(state, state.string_to_action("move right")) is None  # type: ignore[attr-defined]
    _answers(monkeypatch, "ascend", "no", "move right")  # warned, not confirmed: moves right
    play._human_turn(state, 0)
    out = screen.getvalue()
    assert "This ends the game: the required move is impossible (across the route)" in out
    assert "Not done" in out and state.observation(0)["position"] == [1, 5]
    again = game.state_from_position(UNDER_THE_CAMP)
    number = str(again.legal_actions().index(ascend) + 1)
    _answers(monkeypatch, number, number)  # the same choice typed again confirms it
    play._human_turn(again, 0)
    assert again.is_terminal() and again.observation(0)["ending"] == "perished"


def test_end_of_the_game_abandoning_is_confirmed_first(
    screen: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=1)
    _answers(monkeypatch, "abandon", "", "roll")
    play._human_turn(state, 0)
    assert "This ends the game: the party abandons the expedition (final score -1)" in (
        screen.getvalue()
    )
    assert not state.is_terminal() and state.is_chance_node()
    _answers(monkeypatch, "abandon", "abandon")
    fresh = highcamp.load_game("everest-1924").new_initial_state(seed=1)
    play._human_turn(fresh, 0)
    assert fresh.observation(0)["ending"] == "abandoned"


def test_route_the_sheet_draws_the_route_lines_so_a_crossing_shows(
    screen: io.StringIO,
) -> None:
    """The camp's line between rows 1 and 2 runs over the gap where the ascent from (1, 4)
    would go: the crossing the warning names is on the sheet too."""
    game = highcamp.load_game("everest-1924")
    state = game.state_from_position(UNDER_THE_CAMP)
    text = draw_sheet(game.static_view(), state.observation(0)).plain.splitlines()
    rows = [line for line in text if line[4:6].strip().isdigit()]
    row1 = text.index(next(line for line in rows if line[4:6] == " 1"))
    band = text[row1 - 1]  # the line between rows 2 and 1
    x = 7 + 2 * 4 + 1  # the gap after column 4: where an ascent from (1, 4) would go
    assert band[x] in "╲─"
    assert band[7 + 2 * 6 - 1] == "╲" and band[7 + 2 * 3 + 1] == "╲"  # the camp (1,6) -> (2,3)
    base = text[row1 + 1]  # the line between rows 1 and 0: the ascent (0, 5) -> (1, 6)
    assert base[7 + 2 * 5 + 1] == "╱"
    row0 = text[row1 + 2]
    assert row0[7:19] == "●─→─→─→─→─→ "  # moves right joined, up to the ascent


def test_hint_optimal_and_review_on_the_standard_sheet(tmp_path: Path) -> None:
    """``hint optimal`` in terminal play and ``highcamp review`` of the save, on the standard
    sheet (its policy from the cache, or solved on first use)."""
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "3", "--save-dir", str(tmp_path)],
        input="hint optimal\nroll\nhint optimal\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "hint (optimal, expected final score): roll: 40.8; abandon: -1.0" in result.output
    after = result.output.split("hint (optimal, expected final score):")[2].splitlines()[0]
    assert "; " in after  # every choice after the roll, best first
    (save,) = tmp_path.glob("*.json")
    review = runner.invoke(app, ["review", str(save), "--all"])
    assert review.exit_code == 0, review.output
    assert "points on the mountain" in review.output and "roll" in review.output
