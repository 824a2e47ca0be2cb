"""What the boards show and how they move: each lobby card a drawing of its own board,
Everest Go!'s action cards with their effect on the card, and pieces that slide and dice
that tumble between two views, with nothing moving for a player who asks for less motion."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

pytestmark = pytest.mark.browser
T = "x-highcamp-token"
# every animation started, recorded when it starts (a busy machine may end it before a poll)
RECORD = """() => { window.started = []; const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.started.push(this); return animate.apply(this, args); }; }"""
STARTED = "sel => window.started.some((el) => el.matches(sel))"


def _errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def test_each_lobby_card_draws_its_own_board(server: str, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 850})
    errors = _errors(page)
    page.goto(server + "/")
    page.wait_for_selector(".card-art")
    arts = page.eval_on_selector_all(
        ".card-art", "els => els.map((e) => [e.getAttribute('aria-label'), e.innerHTML])"
    )
    games = httpx.get(f"{server}/api/games").json()["games"]
    drawn = [g for g in games if not g["id"].startswith("hidden")]  # the test game: a default
    assert len(arts) == len(games)
    by_title = {label.split(":")[0]: html for label, html in arts}
    pictures = {by_title[g["title"]] for g in drawn}
    assert len(pictures) == len(drawn), "two games share a drawing"
    assert all(len(p) > 400 for p in pictures)  # drawings, not a bare rectangle
    page.locator(".card").first.screenshot(path=str(shots / "lobby-card.png"))
    assert errors == []


def _everest_go_hand_with_an_action_card(server: str) -> tuple[str, list[str]]:
    """An online Everest Go! table whose first seat holds an action card or item."""
    for _ in range(40):
        made = httpx.post(
            f"{server}/api/tables", json={"game": "everest-go", "mode": "online"}
        ).json()
        token = made["seats"][0]["token"]
        hand = httpx.get(f"{server}/api/table", headers={T: token}).json()["observation"]["hand"]
        special = [c for c in hand if not c.split(" ")[-1].isdigit()]
        if special:
            return token, special
    raise AssertionError("no hand with an action card in 40 deals")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)], ids=str)
def test_everest_go_cards_show_their_effect(
    server: str, browser: Any, shots: Path, width: int, height: int
) -> None:
    token, special = _everest_go_hand_with_an_action_card(server)
    kinds = httpx.get(f"{server}/api/table", headers={T: token}).json()["static"]["kinds"]
    effect = {k["name"]: k for k in kinds}
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = _errors(page)
    page.goto(f"{server}/#/t/{token}")
    page.wait_for_selector(".eg-hand svg")
    hand = page.locator(".eg-hand").first
    card = special[0]
    words = effect[card]["effect"].split(" ")[:3]  # the first words, on the card itself
    assert " ".join(words) in (hand.locator("svg").text_content() or "")
    tip = hand.locator("svg title", has_text=f"{card}: ").first.text_content()
    assert effect[card]["effect"] in tip and effect[card]["rule"] in tip  # hover
    hand.locator("summary", has_text="What these cards do").click()  # tap, on a phone
    listed = hand.locator(".card-effects li", has_text=f"{card}:").first.inner_text()
    assert effect[card]["effect"] in listed
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path=str(shots / f"everest-go-effects-{width}x{height}.png"), full_page=True)
    assert errors == []


def _disaster_link(server: str) -> str:
    ai = {"kind": "agent", "agent": "random"}
    made = httpx.post(
        f"{server}/api/tables",
        json={"game": "disaster", "mode": "solo", "seats": [{"kind": "human"}, ai, ai, ai]},
    ).json()
    return f"{server}/#/t/{made['host']}"


def _to_the_first_roll(page: Any) -> None:
    page.wait_for_selector(".board svg")
    page.locator("[aria-label='Legal actions'] button").first.click()  # a starting corner
    page.wait_for_selector(".board [data-key='roll']")


# where each piece is and what each die shows, to compare two views
PLACES = """() => ({
  faces: Array.from(document.querySelectorAll('[data-die]')).map((e) => e.textContent),
  pieces: Object.fromEntries(Array.from(document.querySelectorAll('[data-piece]')).map((e) => {
    const r = e.getBoundingClientRect(); return [e.dataset.piece, [Math.round(r.left), Math.round(r.top)]]; })) })"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_dice_tumble_and_pieces_slide_unless_motion_is_reduced(
    server: str, browser: Any, motion: str
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 850})
    errors = _errors(page)
    page.emulate_media(reduced_motion=motion)
    page.goto(_disaster_link(server))
    _to_the_first_roll(page)
    step = page.get_attribute("#main", "data-step")
    page.wait_for_function("() => document.getAnimations().length === 0")
    before = page.evaluate(PLACES)
    page.evaluate(RECORD)
    page.click(".board [data-key='roll']")
    page.wait_for_function("s => document.querySelector('#main').dataset.step !== s", arg=step)
    if motion == "reduce":
        page.wait_for_timeout(100)
        assert page.evaluate("() => window.started.length") == 0
        assert page.evaluate("() => document.getAnimations().length") == 0
    else:
        # the view after the roll (the agents' turns that follow it included): a die whose
        # face changed tumbles, a piece that changed place slides, and nothing else moves
        page.wait_for_function("() => document.getAnimations().length === 0", timeout=5000)
        after = page.evaluate(PLACES)
        new_faces = [k for k, f in enumerate(after["faces"]) if before["faces"][k : k + 1] != [f]]
        moved = [k for k, at in after["pieces"].items() if before["pieces"].get(k, at) != at]
        assert moved or new_faces, "the roll changed nothing on the board"
        tumbled = page.evaluate(
            "() => window.started.filter((e) => e.matches('[data-die]')).map((e) => +e.dataset.die)"
        )
        assert sorted(set(tumbled)) == new_faces
        for key in moved:
            assert page.evaluate("k => window.started.some((e) => e.dataset.piece === k)", key), (
                f"piece {key} moved without sliding"
            )
    assert errors == []
