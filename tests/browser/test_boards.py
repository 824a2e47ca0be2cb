"""The boards of Disaster on Everest, Everest Go! and Disaster in a real browser: played by
clicking on the board, with screenshots of each board in ``build/screenshots/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# what to click on a board first, when it is there (data-key prefixes)
_BOARD_ORDER = (
    "opt-",
    "ev-",
    "keep-",
    "return-",
    "m-",
    "sp-",
    "q-",
    "end-",
    "tok-",
)


def _step(page: Any) -> int:
    return int(page.get_attribute("#main", "data-step") or -1)


def _wait_step_change(page: Any, before: int) -> None:
    page.wait_for_function(
        "b => document.querySelector('#main').dataset.step !== String(b)", arg=before
    )


def _errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def _start(page: Any, server: str, title: str, mode: str = "solo", players: int = 0) -> None:
    page.goto(server + "/")
    card = page.locator("section", has=page.get_by_role("heading", name=title, exact=True))
    if players:
        card.locator("select[name=players]").select_option(str(players))
    if mode == "online":
        card.get_by_label("Create an online table (a link per seat)").check()
    card.get_by_role("button", name=f"Start {title}").click()


def _board_keys(page: Any) -> list[str]:
    keys: list[str] = page.eval_on_selector_all(
        ".board .hc-click[data-key]", "els => els.map(e => e.dataset.key)"
    )
    return keys


def test_solo_disaster_on_everest_by_clicking(server: str, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    _start(page, server, "Disaster on Everest")
    page.wait_for_selector("svg.doe-mountain")
    page.wait_for_selector("[aria-label='Legal actions'] button")
    page.screenshot(path=str(shots / "disaster-on-everest-start.png"), full_page=True)
    board_clicks = 0
    shot_moving = False
    for _ in range(120):
        if page.get_attribute("#main", "data-terminal") == "true":
            break
        obs_turn = page.evaluate("() => document.querySelector('svg.doe-side') !== null")
        assert obs_turn
        before = _step(page)
        keys = _board_keys(page)
        key = next((k for p in _BOARD_ORDER for k in keys if k.startswith(p)), None)
        if key is not None:
            if key.startswith("sp-") and not shot_moving:
                page.screenshot(path=str(shots / "disaster-on-everest-move.png"), full_page=True)
                shot_moving = True
            page.click(f".board [data-key='{key}']")
            board_clicks += 1
        else:
            page.locator("[aria-label='Legal actions'] button").first.click()
        _wait_step_change(page, before)
        if board_clicks >= 40:
            break
    assert board_clicks >= 15
    # the moves went onto the mountain: some client has left High Camp
    assert page.locator(".status-card td", has_text="High Camp").count() < 8
    page.screenshot(path=str(shots / "disaster-on-everest-later.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    phone.wait_for_selector("svg.doe-mountain")
    phone.screenshot(path=str(shots / "disaster-on-everest-phone.png"), full_page=True)
    assert errors == []
