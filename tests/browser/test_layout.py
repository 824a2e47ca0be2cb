"""What a player sees, at a phone's size (390x844) and a laptop's (1366x850): every game's
table fits the width (nothing overflows sideways, no status table is cut) and the decision bar is in view without
scrolling; screenshots of every game at both sizes are kept in build/screenshots/. Then the
lobby's opponents, confirmations, buttons disabled in flight, the end in words, rematch,
replay controls, the rules page and reduced motion."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1366, 850)]
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
BOARD_FITS = """() => [...document.querySelectorAll('.board svg')].every((svg) =>
  svg.getBoundingClientRect().width <= document.querySelector('.board').clientWidth + 1)"""
TABLES_FIT = """() => [...document.querySelectorAll('table')].filter((t) => t.offsetParent)
  .filter((t) => t.getBoundingClientRect().width > t.parentElement.clientWidth + 1)
  .map((t) => t.getAttribute('aria-label') || t.className || 'a table')"""
BAR_IN_VIEW = """() => {
  const r = document.querySelector('#decision').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.height > 20;
}"""


def _games(server: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(f"{server}/api/games").json()["games"]
    return games


def _start_solo(page: Any, server: str, title: str) -> None:
    page.goto(server + "/")
    card = page.locator("section", has=page.get_by_role("heading", name=title, exact=True))
    card.get_by_role("button", name=f"Start {title}").click()
    page.wait_for_selector("#decision")
    page.wait_for_selector(".board")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda x: str(x))
def test_every_game_fits_and_keeps_the_decision_in_view(
    server: str, browser: Any, shots: Path, width: int, height: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector(".card")
    assert page.evaluate(OVERFLOW) <= 0, "the lobby overflows sideways"
    page.screenshot(path=str(shots / f"lobby-{width}x{height}.png"), full_page=True)
    for game in _games(server):
        _start_solo(page, server, game["title"])
        page.wait_for_timeout(300)  # the board's first drawing settles
        assert page.evaluate(OVERFLOW) <= 0, f"{game['id']} overflows sideways at {width}"
        assert page.evaluate(BOARD_FITS), f"{game['id']}: a board is wider than the screen"
        # a status table is read whole, not cut and scrolled sideways (on a phone, row by row)
        assert page.evaluate(TABLES_FIT) == [], f"{game['id']}: a table is cut at {width}"
        assert page.evaluate("() => window.scrollY") == 0
        assert page.evaluate(BAR_IN_VIEW), f"{game['id']}: the decision bar is out of view"
        page.screenshot(path=str(shots / f"{game['id']}-{width}x{height}.png"), full_page=False)
        page.screenshot(path=str(shots / f"{game['id']}-{width}x{height}-page.png"), full_page=True)
    assert errors == []


def test_solo_opponents_have_strengths_names_and_think(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 850})
    page.goto(server + "/")
    card = page.locator("section", has=page.get_by_role("heading", name="Disaster", exact=True))
    strengths = card.locator("select[name^=seat]")
    strengths.nth(2).wait_for()  # the lobby's cards are drawn after the page loads
    assert strengths.count() == 3  # seats 2 to 4 of four, each its own strength
    chosen = strengths.first.input_value()
    assert chosen.startswith("agent:") and strengths.first.is_enabled()
    strengths.nth(1).select_option("agent:random")
    card.get_by_role("button", name="Start Disaster").click()
    page.wait_for_selector("#decision")
    names = page.locator("[aria-label=Seats] li").all_inner_texts()
    ai = [n.split(" thinking")[0].split(" —")[0] for n in names[1:]]
    assert len(set(ai)) == 3 and any("random" in n for n in ai)


def test_abandon_asks_first_and_the_end_is_in_words(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    _start_solo(page, server, "Everest 1924")
    bar = page.locator("[aria-label='Legal actions']")
    step = page.get_attribute("#main", "data-step")
    bar.get_by_role("button", name="abandon").click()
    page.wait_for_selector("[data-key=confirm-yes]")
    assert page.get_attribute("#main", "data-step") == step  # nothing played yet
    page.click("[data-key=confirm-no]")
    assert page.locator("[data-key=confirm-yes]").count() == 0
    # a move in flight disables every button at once (no double moves)
    disabled = page.evaluate(
        """() => { document.querySelector("[aria-label='Legal actions'] button").click();
        return [...document.querySelectorAll("[aria-label='Legal actions'] button")]
          .every((b) => b.disabled); }"""
    )
    assert disabled
    page.wait_for_function("s => document.querySelector('#main').dataset.step !== s", arg=step)
    for _ in range(200):  # play on until abandoning is offered, then abandon
        if page.get_attribute("#main", "data-terminal") == "true":
            break
        page.wait_for_selector("[aria-label='Legal actions'] button:not([disabled])")
        before = page.get_attribute("#main", "data-step")
        buttons = page.locator("[aria-label='Legal actions']")
        give_up = buttons.get_by_role("button", name="abandon")
        (give_up if give_up.count() else buttons.locator("button").first).click()
        if page.locator("[data-key=confirm-yes]").count():
            page.click("[data-key=confirm-yes]")
        page.wait_for_function(
            "s => document.querySelector('#main').dataset.step !== s", arg=before
        )
    page.wait_for_selector(".end .outcome")
    outcome = page.inner_text(".end .outcome")
    assert "Player 1" in outcome and "Game over" not in outcome
    assert page.locator("[data-key=rematch]").is_visible()
    # replay: SVG icons, a slider, play and pause, jump by turn
    page.click("[data-key=replay]")
    page.wait_for_selector(".replay .slider")
    assert page.locator(".replay button svg").count() >= 7
    page.click("[data-key=r-last]")
    page.wait_for_selector("text=/step (\\d+) of \\1/")
    page.click("[data-key=r-first]")
    page.wait_for_selector("text=/step 0 of/")
    page.click("[data-key=r-next-turn]")
    page.wait_for_function("() => !/step 0 of/.test(document.querySelector('.replay').innerText)")
    page.click("[data-key=r-play]")
    page.wait_for_selector("[data-key=r-play][aria-label=Pause]")
    page.click("[data-key=r-play]")
    page.click("[data-key=r-close]")
    url = page.url
    page.click("[data-key=rematch]")
    page.wait_for_function("u => location.href !== u", arg=url)
    page.wait_for_selector("#decision")
    assert page.get_attribute("#main", "data-terminal") == "false"


def test_rules_are_rendered_and_motion_can_be_reduced(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server + "/#/rules/everest-1924")
    page.wait_for_selector(".rules p")
    assert page.locator(".rules h1, .rules h2, .rules h3").count() >= 1
    assert "# " not in page.inner_text(".rules")
    assert page.evaluate(OVERFLOW) <= 0
    page.emulate_media(reduced_motion="reduce")
    _start_solo(page, server, "Everest 1924")
    page.locator("[aria-label='Legal actions'] button").first.click()
    page.wait_for_selector(".log li")
    name = page.evaluate("() => getComputedStyle(document.querySelector('.log li')).animationName")
    assert name == "none"
