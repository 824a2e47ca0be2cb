"""The boards of Disaster on Everest, Everest Go! and Disaster in a real browser: played by
clicking on the board, with screenshots of each board in ``build/screenshots/``."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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


def _wait_step_change(page: Any, before: int, *, settled: bool = True) -> None:
    """Wait until the table has moved past step ``before`` and (``settled``) this page's
    seat is to act (something is clickable) or the game is over. A view at a chance step
    comes before the chance step is played, so the step alone is not enough."""
    page.wait_for_function(
        """([b, settled]) => { const m = document.querySelector('#main');
                  return m.dataset.step !== String(b) && (!settled
                      || m.dataset.ready === 'true' || m.dataset.terminal === 'true'); }""",
        arg=[before, settled],
    )


def _errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def _start(
    page: Any, server: str, title: str, mode: str = "solo", players: int = 0, quick: bool = False
) -> None:
    """Start ``title`` from the lobby; ``quick``: every other seat the heuristic (it answers
    at once, so the game does not depend on how much search a loaded machine allows)."""
    page.goto(server + "/")
    card = page.locator("section", has=page.get_by_role("heading", name=title, exact=True))
    if players:
        card.locator("select[name=players]").select_option(str(players))
    if quick:
        seats = card.locator("select[name^=seat]:not([name=seat0])")
        for i in range(seats.count()):
            if seats.nth(i).is_enabled():
                seats.nth(i).select_option("agent:heuristic")
    if mode == "online":
        card.get_by_label("Create an online table (a link per seat)").check()
    card.get_by_role("button", name=f"Start {title}").click()


def _q(key: str) -> str:
    return '"' + key.replace('"', '\\"') + '"'


def _board_keys(page: Any) -> list[str]:
    keys: list[str] = page.eval_on_selector_all(
        ".board [data-key]", "els => els.map(e => e.dataset.key)"
    )
    return keys


def test_solo_disaster_on_everest_by_clicking(server: str, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    _start(page, server, "Disaster on Everest")
    page.wait_for_selector("svg.doe-mountain")
    page.wait_for_selector("[aria-label='Legal actions'] button")
    page.screenshot(path=str(shots / "disaster-on-everest-start.png"), full_page=True)
    # the first choice by keyboard: every board element is a focusable button
    keys = _board_keys(page)
    assert keys, "nothing to click on the board"
    page.focus(f".board [data-key={_q(keys[0])}]")
    before = _step(page)
    page.keyboard.press("Enter")
    _wait_step_change(page, before)
    board_clicks = 0
    shot_moving = False
    left = False
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
        # the moves go onto the mountain: some marker leaves High Camp (seen at any step:
        # a table's seed is random, and a client may come back down before the end)
        left = left or page.locator(".status-card td", has_text="High Camp").count() < 8
        if board_clicks >= 40:
            break
    assert board_clicks >= 15
    assert left, "no marker ever left High Camp"
    page.screenshot(path=str(shots / "disaster-on-everest-later.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    phone.wait_for_selector("svg.doe-mountain")
    phone.screenshot(path=str(shots / "disaster-on-everest-phone.png"), full_page=True)
    assert errors == []


def _set_players(page: Any, title: str, players: int) -> None:
    card = page.locator("section", has=page.get_by_role("heading", name=title, exact=True))
    field = card.locator("[name=players]")
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(str(players))
    else:
        field.fill(str(players))
        field.dispatch_event("change")


def _play_on_board(page: Any, rng: random.Random, prefer: tuple[str, ...]) -> bool:
    """One action by clicking on the board (an element whose key matches the first pattern
    of ``prefer`` that any matches, else any board element, at random); False when only the
    list beside the board had something. A board redrawn under the pointer (a view that
    arrived meanwhile) is read again, up to three times."""
    for attempt in range(3):
        try:
            return _click_on_board(page, rng, prefer, timeout=10_000 if attempt < 2 else 30_000)
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _click_on_board(
    page: Any, rng: random.Random, prefer: tuple[str, ...], *, timeout: float
) -> bool:
    found: list[list[str]] = page.eval_on_selector_all(
        ".board [data-key]",
        "els => els.map(e => [e.dataset.key, e.getAttribute('aria-label') || e.textContent])",
    )
    keys = [k for k, _ in found]
    for p in prefer:
        chosen = [k for k, text in found if re.fullmatch(p, f"{k} {text}")]
        if chosen:
            page.click(f".board [data-key={_q(rng.choice(chosen))}]", timeout=timeout)
            _confirm(page)
            return True
    if keys:
        page.click(f".board [data-key={_q(rng.choice(keys))}]", timeout=timeout)
        _confirm(page)
        return True
    page.locator("[aria-label='Legal actions'] button").first.click(timeout=timeout)
    _confirm(page)
    return False


def _confirm(page: Any) -> None:
    """A game-ending choice asks first (EVEREST!, abandon): say yes."""
    if page.locator("[data-key=confirm-yes]").count():
        page.click("[data-key=confirm-yes]")


def test_two_seat_online_everest_go_to_the_end(server: str, browser: Any, shots: Path) -> None:
    alice = browser.new_context(viewport={"width": 1200, "height": 1000})
    bob = browser.new_context(viewport={"width": 390, "height": 844})
    pa = alice.new_page()
    errors = _errors(pa)
    pa.goto(server + "/")
    title = "Everest Go!"
    _set_players(pa, title, 2)
    card = pa.locator("section", has=pa.get_by_role("heading", name=title, exact=True))
    card.get_by_label("Create an online table (a link per seat)").check()
    card.get_by_role("button", name=f"Start {title}").click()
    pa.wait_for_selector("text=your online table")
    links = [pa.locator(".links input").nth(i).input_value() for i in range(3)]
    pa.goto(links[0])
    pb = bob.new_page()
    errors += _errors(pb)
    pb.goto(links[1])
    pages = [pa, pb]
    for p in pages:
        p.wait_for_selector(".eg-mat.mine")
        # one hand on each board, the seat's own; the other mountaineer only by its mat
        assert p.locator(".eg-hand h3", has_text="Your hand").count() == 1
        assert p.locator(".eg-mat").count() == 2
    # the spectator in a context of its own (a second tab would push Alice's to the
    # background, where the browser slows its timers down)
    watcher = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    watcher.goto(links[2])
    watcher.wait_for_selector("text=watching")
    assert watcher.locator(".eg-hand").count() == 0
    rng = random.Random(5)
    board_clicks = 0
    shot = False
    for _ in range(400):
        if pa.get_attribute("#main", "data-terminal") == "true":
            break
        turn = [p for p in pages if p.locator("[aria-label='Legal actions'] button").count()]
        if not turn:
            pa.wait_for_timeout(50)
            continue
        page = turn[0]
        before = _step(page)
        if not shot and page.locator(".board [data-key^='part-']").count():
            page.screenshot(path=str(shots / "everest-go-target.png"), full_page=True)
            shot = True
        board_clicks += _play_on_board(
            page,
            rng,
            (
                r"t-EVEREST! .*",
                r"(part|seat|item)-.*",
                r"t-stop discarding .*",
                r"card-\d+ play (head|jacket|left arm|right arm|pants|boots) .*",
                r"card-\d+ .*",
            ),
        )
        for p in pages:
            _wait_step_change(p, before, settled=False)
        if board_clicks == 8:
            pa.screenshot(path=str(shots / "everest-go-seat1.png"), full_page=True)
            pb.screenshot(path=str(shots / "everest-go-seat2-phone.png"), full_page=True)
    assert board_clicks >= 10
    assert pa.get_attribute("#main", "data-terminal") == "true"
    for p in pages:
        p.wait_for_selector("text=Game over")
    pa.screenshot(path=str(shots / "everest-go-end.png"), full_page=True)
    watcher.wait_for_selector("text=Game over")
    watcher.screenshot(path=str(shots / "everest-go-spectator.png"), full_page=True)
    assert errors == []


def test_solo_disaster_by_clicking(server: str, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    _start(page, server, "Disaster", quick=True)
    page.wait_for_selector("svg.dis-board")
    page.wait_for_selector("[aria-label='Legal actions'] button")
    page.screenshot(path=str(shots / "disaster-start.png"), full_page=True)
    rng = random.Random(3)
    board_clicks = 0
    games = 1
    for _ in range(180):
        if page.get_attribute("#main", "data-terminal") == "true":
            if board_clicks >= 20:
                break
            # a short game (the table's seed is random): play on at a rematch
            url = page.url
            page.click("[data-key=rematch]")
            page.wait_for_function("u => location.href !== u", arg=url)
            page.wait_for_selector("[aria-label='Legal actions'] button")
            games += 1
            continue
        before = _step(page)
        board_clicks += _play_on_board(
            page, rng, (r"corner-.*", r"roll .*", r"mv-.*", r"card-.*", r"c-.*")
        )
        _wait_step_change(page, before)
        if board_clicks == 12:
            page.screenshot(path=str(shots / "disaster-later.png"), full_page=True)
    assert board_clicks >= 20, (board_clicks, games)
    # every player's token is on the board, with its seat number
    assert page.locator(".dis-token").count() == 4
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    phone.wait_for_selector("svg.dis-board")
    phone.screenshot(path=str(shots / "disaster-phone.png"), full_page=True)
    assert errors == []


def test_solo_disaster_on_k2_by_clicking(server: str, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    _start(page, server, "Disaster on K2")
    page.wait_for_selector("svg.doe-mountain")
    page.wait_for_selector("[aria-label='K2: avalanche, darkness and goals']")
    page.screenshot(path=str(shots / "disaster-on-k2-start.png"), full_page=True)
    board_clicks = 0
    for _ in range(120):
        if page.get_attribute("#main", "data-terminal") == "true":
            break
        before = _step(page)
        keys = _board_keys(page)
        key = next((k for p in ("k2-", *_BOARD_ORDER) for k in keys if k.startswith(p)), None)
        if key is not None:
            page.click(f".board [data-key={_q(key)}]")
            board_clicks += 1
        else:
            page.locator("[aria-label='Legal actions'] button").first.click()
        _wait_step_change(page, before)
        if board_clicks >= 40:
            break
    assert board_clicks >= 15
    assert page.locator("svg.doe-side", has_text="Avalanche Track").count() == 1
    page.screenshot(path=str(shots / "disaster-on-k2-later.png"), full_page=True)
    assert errors == []


def test_two_player_disaster_on_everest_against_an_agent(
    server: str, browser: Any, shots: Path
) -> None:
    """[15.0] in the browser: both teams on the mountain in two colours, both Prestige
    markers, the First Player, and the bidding by clicking the board."""
    page, errors = _start_two_player(browser, server, "Disaster on Everest")
    page.wait_for_selector("svg.doe-mountain")
    page.wait_for_selector("[aria-label='Legal actions'] button")
    assert page.locator("section.status-card").count() == 2  # one's own card, the opponent's
    assert page.locator("svg.doe-side text", has_text="First Player").count() == 1
    assert page.locator("svg.doe-side text", has_text="the opponent").count() >= 1
    page.screenshot(path=str(shots / "disaster-on-everest-2p-start.png"), full_page=True)
    assert _bid_by_clicking(page, 60) >= 1
    page.screenshot(path=str(shots / "disaster-on-everest-2p-later.png"), full_page=True)
    assert errors == []


def test_two_player_disaster_on_k2_against_an_agent(server: str, browser: Any, shots: Path) -> None:
    """[15.0] on K2 in the browser: both International Teams, the K2 panel with the
    opponent's facts, bidding by clicking the board."""
    page, errors = _start_two_player(browser, server, "Disaster on K2")
    page.wait_for_selector("svg.doe-mountain")
    page.wait_for_selector("[aria-label='K2: avalanche, darkness and goals']")
    page.wait_for_selector("[aria-label='Legal actions'] button")
    assert page.locator("svg.doe-side text", has_text="First Player").count() == 1
    page.screenshot(path=str(shots / "disaster-on-k2-2p-start.png"), full_page=True)
    assert _bid_by_clicking(page, 60) >= 1
    page.screenshot(path=str(shots / "disaster-on-k2-2p-later.png"), full_page=True)
    assert errors == []


def test_two_player_options_from_the_lobby_show_on_the_board(server: str, browser: Any) -> None:
    """[15.1] [15.7] from the lobby's option list: seat 2 (the agent) as First Player and
    the cooperative game, shown on the side panel."""
    choices = {"first_player": "seat2", "victory": "cooperative"}
    page, errors = _start_two_player(browser, server, "Disaster on K2", choices)
    page.wait_for_selector("[aria-label='Legal actions'] button")
    side = page.locator("svg.doe-side text")
    assert side.filter(has_text="First Player: the opponent").count() == 1
    assert side.filter(has_text="Cooperative game, aim: Minor Victory or better").count() == 1
    assert errors == []


def test_solo_disaster_campaign_shows_the_campaign_and_the_mountain(
    server: str, browser: Any, shots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    _start(page, server, "Disaster-series campaign")
    page.wait_for_selector("svg.doe-mountain")
    campaign = page.locator("section[aria-label='Campaign']")
    assert "Campaign: mountain 1 of 2" in campaign.inner_text()
    assert "YURI" in campaign.inner_text()  # the team, guides in capitals
    board_clicks = 0
    for _ in range(40):
        before = _step(page)
        keys = _board_keys(page)
        key = next((k for p in _BOARD_ORDER for k in keys if k.startswith(p)), None)
        if key is not None:
            page.click(f".board [data-key={_q(key)}]")
            board_clicks += 1
        else:
            page.locator("[aria-label='Legal actions'] button").first.click()
        _wait_step_change(page, before)
    assert board_clicks >= 15
    assert page.locator("svg.doe-mountain").count() == 1
    page.screenshot(path=str(shots / "disaster-campaign.png"), full_page=True)
    assert errors == []


def _bid_by_clicking(page: Any, steps: int) -> int:
    """Play up to ``steps`` actions: bid and pass in turn on the board's event when
    bidding [15.3], else the first legal action; the number of bidding clicks."""
    bid_clicks = 0
    for _ in range(steps):
        if page.get_attribute("#main", "data-terminal") == "true":
            break
        before = _step(page)
        keys = _board_keys(page)
        if "ev-bid" in keys or "ev-pass" in keys:
            page.click(f".board [data-key={_q('ev-pass' if bid_clicks % 2 else 'ev-bid')}]")
            bid_clicks += 1
        else:
            page.locator("[aria-label='Legal actions'] button").first.click()
        _wait_step_change(page, before)
    return bid_clicks


def _start_two_player(
    browser: Any, server: str, title: str, choices: dict[str, str] | None = None
) -> tuple[Any, list[str]]:
    """A new page that starts ``title`` for two players (seat 2 an agent) from the lobby,
    with ``choices`` picked in its option lists; the page and its error list."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors = _errors(page)
    page.goto(server + "/")
    _set_players(page, title, 2)
    card = page.locator("section", has=page.get_by_role("heading", name=title, exact=True))
    # the board is under test, not the AI's strength: the heuristic answers at once
    card.locator("select[name=seat1]").select_option("agent:heuristic")
    if choices:
        card.locator("details.more summary").click()  # the advanced options are folded
    for name, value in (choices or {}).items():
        card.locator(f"select[name={name}]").select_option(value)
    card.get_by_role("button", name=f"Start {title}").click()
    return page, errors
