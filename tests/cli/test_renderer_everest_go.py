"""The Everest Go! renderer draws from the seat's observation and groups the choices."""

from __future__ import annotations

from rich.console import Console

import highcamp
from highcamp.cli.renderers import renderer_for


def _text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_draws_only_the_seats_own_hand_and_groups_choices() -> None:
    game = highcamp.load_game("everest-go", players=3, first_player=1)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        state.apply_random_chance()
    renderer = renderer_for("everest-go")
    hands = [state.observation(p)["hand"] for p in range(3)]
    for seat in range(3):
        text = _text(renderer.draw(state, seat))
        assert f"your hand (seat {seat + 1}): " + ", ".join(hands[seat]) in text
        assert "the mountaineers" in text and "deck 67" in text
    groups = renderer.groups(state)
    titles = [t for t, _ in groups]
    assert "improve your hand" in titles
    flat = [a for _, acts in groups for a in acts]
    assert sorted(flat) == state.legal_actions()
