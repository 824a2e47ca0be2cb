"""Play in a real browser: a solo Everest 1924 game to the end by clicking on the board, and
a two-seat online game in two browser contexts. Screenshots of each board are saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _step(page: Any) -> int:
    return int(page.get_attribute("#main", "data-step") or -1)


def _wait_step_change(page: Any, before: int) -> None:
    page.wait_for_function(
        "b => document.querySelector('#main').dataset.step !== String(b)", arg=before
    )


def _visible(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def _play_solo_everest_1924(page: Any, shots: Path) -> int:
    """Start a solo Everest 1924 game and click through it to the end; the board clicks made."""
    page.get_by_role("button", name="Start Everest 1924").click()
    page.wait_for_selector("[data-key=roll-cup]")
    page.screenshot(path=str(shots / "everest-1924-start.png"), full_page=True)
    # the first roll by keyboard: the dice cup is a focusable button
    page.focus("[data-key=roll-cup]")
    before = _step(page)
    page.keyboard.press("Enter")
    _wait_step_change(page, before)
    board_clicks = 0
    for _ in range(2000):
        if page.get_attribute("#main", "data-terminal") == "true":
            break
        before = _step(page)
        if _visible(page, "[data-key=roll-cup]"):
            page.click("[data-key=roll-cup]")
            board_clicks += 1
        elif _visible(page, "[data-key='sq-ascend']"):
            if not (shots / "everest-1924-ascend.png").exists():
                page.screenshot(path=str(shots / "everest-1924-ascend.png"), full_page=True)
            page.click("[data-key='sq-ascend']")
            board_clicks += 1
        elif (
            _visible(page, "[data-key='die-1']")
            and page.locator("[aria-label='Legal actions'] button", has_text="reroll").count()
        ):
            page.click("[data-key='die-1']")  # select a die to reroll it
            page.wait_for_selector("[data-key=reroll-sel]")
            page.click("[data-key=reroll-sel]")
            board_clicks += 1
        elif _visible(page, "[data-key='sq-move right']"):
            page.click("[data-key='sq-move right']")
            board_clicks += 1
        elif _visible(page, "[data-key='sq-fall']"):
            page.click("[data-key='sq-fall']")
            board_clicks += 1
        else:  # anything else from the list beside the board
            page.locator("[aria-label='Legal actions'] button").first.click()
        _wait_step_change(page, before)
    assert page.get_attribute("#main", "data-terminal") == "true"
    return board_clicks


def test_solo_everest_1924_to_the_end_by_clicking(server: str, browser: Any, shots: Path) -> None:
    (shots / "everest-1924-ascend.png").unlink(missing_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the server deals a fresh seed per table, and a short game ends after a click or two:
    # play whole games until the board has been clicked enough times to mean something
    board_clicks = 0
    for _ in range(10):
        page.goto(server + "/")
        board_clicks += _play_solo_everest_1924(page, shots)
        if board_clicks > 5:
            break
    assert board_clicks > 5
    page.wait_for_selector(".end .outcome")
    page.screenshot(path=str(shots / "everest-1924-end.png"), full_page=True)
    # replay step by step
    page.get_by_role("button", name="Replay step by step").click()
    page.wait_for_selector("text=step 0 of")
    page.get_by_role("button", name="Next step").click()  # past chance steps, by default
    page.wait_for_selector("text=/step [1-9][0-9]* of/")
    # the same board on a phone-sized screen
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    phone.wait_for_selector(".end .outcome")
    phone.screenshot(path=str(shots / "everest-1924-phone.png"), full_page=True)
    assert errors == []


def test_two_seat_online_game_in_two_browsers(server: str, browser: Any, shots: Path) -> None:
    alice = browser.new_context(viewport={"width": 1100, "height": 800})
    bob = browser.new_context(viewport={"width": 390, "height": 844})
    pa = alice.new_page()
    pa.goto(server + "/")
    card = pa.locator("section", has=pa.get_by_role("heading", name="Hidden stones (test game)"))
    card.get_by_label("Create an online table (a link per seat)").check()
    card.get_by_role("button", name="Start Hidden stones (test game)").click()
    pa.wait_for_selector("text=your online table")
    links = [pa.locator(".links input").nth(i).input_value() for i in range(3)]
    assert all("/#/t/" in link for link in links)
    pa.goto(links[0])
    pb = bob.new_page()
    pb.goto(links[1])
    pages = [pa, pb]
    for p in pages:
        p.wait_for_selector("text=What Player")
    hands = []
    for p in pages:
        text = p.inner_text(".board")
        hands.append(text.split("Hand")[1].split("\n")[1])
    # neither browser shows the other's hand
    for mine, theirs in ((0, 1), (1, 0)):
        for stone in hands[theirs].split(", "):
            assert stone not in pages[mine].inner_text("body")
    # a spectator sees neither hand
    watcher = alice.new_page()
    watcher.goto(links[2])
    watcher.wait_for_selector("text=What everyone sees")
    for hand in hands:
        for stone in hand.split(", "):
            assert stone not in watcher.inner_text("body")
    watcher.screenshot(path=str(shots / "hidden-test-spectator.png"), full_page=True)
    pa.screenshot(path=str(shots / "hidden-test-seat1.png"), full_page=True)
    pb.screenshot(path=str(shots / "hidden-test-seat2-phone.png"), full_page=True)
    for _ in range(10):
        if pa.get_attribute("#main", "data-terminal") == "true":
            break
        turn = next(
            p for p in pages if p.locator("[aria-label='Actions on the board'] button").count()
        )
        before = _step(turn)
        turn.locator("[aria-label='Actions on the board'] button").first.click()
        for p in pages:
            _wait_step_change(p, before)
    for p in pages:
        p.wait_for_selector("text=Game over")
    pa.screenshot(path=str(shots / "hidden-test-end.png"), full_page=True)


def test_hotseat_hides_each_hand_until_its_player_asks(
    server: str, browser: Any, shots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto(server + "/")
    card = page.locator(
        "section", has=page.get_by_role("heading", name="Hidden stones (test game)")
    )
    card.get_by_label("Play at one table (hotseat)").check()
    card.get_by_role("button", name="Start Hidden stones (test game)").click()
    for seat in (1, 2):
        page.wait_for_selector(f"text=Pass the device to Player {seat}")
        assert "Hand" not in page.inner_text("#main")
        if seat == 1:
            page.screenshot(path=str(shots / "hidden-test-hotseat-curtain.png"), full_page=True)
        # the reveal button has the focus: Enter shows the seat
        page.keyboard.press("Enter")
        page.wait_for_selector(f"text=What Player {seat} sees")
        before = _step(page)
        page.locator("[aria-label='Actions on the board'] button").first.click()
        _wait_step_change(page, before)


def _optimal_hint(page: Any) -> str:
    """Ask the board's hint button until the exact solver answers (the first use on a sheet
    without a cached policy solves it in the background: the answer says so meanwhile)."""
    for _ in range(120):
        page.click("[data-key=board-hint]")
        page.wait_for_selector("#decision .hint")
        if _visible(page, "[data-key=board-hint-text]"):
            return str(page.inner_text("[data-key=board-hint-text]"))
        page.wait_for_timeout(5000)
    raise AssertionError("no exact hint within ten minutes")


def _click_legal(page: Any, text: str) -> None:
    before = _step(page)
    page.locator("[aria-label='Legal actions']").get_by_role(
        "button", name=text, exact=True
    ).click()
    if _visible(page, "[data-key=confirm-yes]"):
        page.click("[data-key=confirm-yes]")
    _wait_step_change(page, before)


def test_everest_1924_optimal_hint_and_review_on_the_standard_sheet(
    server: str, browser: Any, shots: Path
) -> None:
    """The board's hint button shows the exact solver's choice and every choice's expected
    final score; the end screen reviews the game against optimal play (the points the
    choices cost, the luck, the costliest choices, the chart)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.get_by_role("button", name="Start Everest 1924").click()
    page.wait_for_selector("[data-key=roll-cup]")
    text = _optimal_hint(page)
    assert text.startswith("Optimal: roll (expected final score") and "abandon -1.0" in text
    assert "Optimal play: “roll”" in page.inner_text("#decision .hint")
    _click_legal(page, "roll")
    text = _optimal_hint(page)
    best = text.split("Optimal: ")[1].split(" (expected")[0]
    legal = page.locator("[aria-label='Legal actions'] button").all_inner_texts()
    assert best in legal
    if best in ("ascend", "camp", "move right"):  # a square of the sheet: marked on the board
        assert page.locator(".hc-optimal").count() == 1
    page.screenshot(path=str(shots / "everest-1924-optimal-hint.png"), full_page=True)
    while page.get_attribute("#main", "data-terminal") != "true":  # off the policy: abandon
        if (
            page.locator("[aria-label='Legal actions']")
            .get_by_role("button", name="abandon")
            .count()
        ):
            _click_legal(page, "abandon")
        else:
            _click_legal(page, best)
            best = "move right"
    page.click("[data-key=review]")
    page.wait_for_selector("[data-key=review-summary]", timeout=600_000)
    summary = page.inner_text("[data-key=review-summary]")
    assert "points on the mountain" in summary and "the dice gave" in summary
    review = page.locator("section.review")
    assert "abandon" in review.inner_text()  # the costliest choice: abandoning so early
    assert review.locator("svg polyline").count() == 1
    page.screenshot(path=str(shots / "everest-1924-review.png"), full_page=True)
    assert errors == []
