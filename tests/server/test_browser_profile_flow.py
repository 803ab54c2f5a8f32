"""Issue 51's flow in Chromium: alice signs up on the account page, finds a rated turn-based table with bob
in "my games", opens it (no link: her session holds the seat), plays a move; the game is finished over HTTP;
her profile page (by the account page's link) shows the game's numbers and the plot of her rating.

Screenshots: docs/img/profile-my-games.png, profile-move.png, profile-desktop.png (1280x800) and
profile-phone.png (390x844, in French), written there when ``FATHOM_DOCS_IMG`` is set
(``FATHOM_DOCS_IMG=docs/img pytest tests/server/test_browser_profile_flow.py``).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from test_browser import _accessibility_problems, _click_a_legal_move, _wait_turn
from test_rated_flow import PASSWORD, Client, sign_up

pytestmark = pytest.mark.filterwarnings("ignore")

GAME = "into-the-blue"


def _shot(page: Any, name: str, tmp_path: Path) -> None:
    page.screenshot(path=str(tmp_path / name), full_page=True)
    if os.environ.get("FATHOM_DOCS_IMG"):
        page.screenshot(path=str(Path(os.environ["FATHOM_DOCS_IMG"]) / name), full_page=True)


def _context(browser: Any, size: tuple[int, int], lang: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    # every frame runs it, a blank one too (where storage is refused)
    context.add_init_script(f"try {{ localStorage.setItem('fathom.lang', '{lang}') }} catch (e) {{}}")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _finish_over_http(base: str, tid: str, alice: Any, bob: Client) -> None:
    """Both play their first legal move until the end: alice with her browser's session, bob with his."""
    for _ in range(2000):
        st = bob.call("GET", f"/api/tables/{tid}/state?wait=30")[1]
        if st["to_move"] == "over":
            return
        if st["to_move"] == 0:
            mine = alice.get(f"{base}/api/tables/{tid}/state").json()
            res = alice.post(f"{base}/api/tables/{tid}/act", data={"action": mine["legal"][0][1]})
            assert res.ok, res.text()
        else:
            mine = bob.call("GET", f"/api/tables/{tid}/state")[1]
            status, body = bob.call("POST", f"/api/tables/{tid}/act", {"action": mine["legal"][0][1]})
            assert status == 200, body
    raise AssertionError("the game did not end")


def test_sign_up_my_games_a_move_then_the_profile_with_its_plot(live_server, browser, tmp_path) -> None:
    base = live_server.url
    bob = sign_up(base, "bob")
    context, page, errors = _context(browser, (1280, 800), "en")
    page.goto(base + "/account")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.fill("#signup-name", "alice")
    page.fill("#signup-password", PASSWORD)
    page.locator("#signup button[type=submit]").click()
    page.wait_for_selector("#signed-in:not([hidden])")
    alice = context.request  # the browser's own session, for what a script of hers would send
    made = alice.post(base + "/api/tables", data={
        "game": GAME, "seed": 7, "rated": True, "turn_based": True, "move_time": {"days": 1},
        "seats": [{"kind": "human", "account": "alice"}, {"kind": "human", "account": "bob"}]})
    assert made.status == 201, made.text()
    tid = made.json()["id"]
    first = bob.call("GET", f"/api/tables/{tid}/state?wait=30")[1]["to_move"]
    if first != 0:  # bob opens: he plays his turn over HTTP, with no page open
        while bob.call("GET", f"/api/tables/{tid}/state?wait=30")[1]["to_move"] == 1:
            legal = bob.call("GET", f"/api/tables/{tid}/state")[1]["legal"]
            assert bob.call("POST", f"/api/tables/{tid}/act", {"action": legal[0][1]})[0] == 200
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    row = page.locator(f"#my-tables li[data-table='{tid}']")
    assert row.count() == 1 and "Your move" in row.inner_text()
    assert page.locator("#my-tables li").first.get_attribute("data-table") == tid  # your move first
    _shot(page, "profile-my-games.png", tmp_path)
    row.locator("a").click()
    page.wait_for_function("window.fathom && window.fathom.msg && window.fathom.you === 0")
    assert "#token" not in page.url
    assert _wait_turn(page) == "playing"
    before = page.evaluate("window.fathom.msg.move_number")
    _click_a_legal_move(page, random.Random(5))
    assert page.evaluate("window.fathom.msg.move_number") > before
    _shot(page, "profile-move.png", tmp_path)
    page.goto(base + "/account")  # no page of the table open from here on
    _finish_over_http(base, tid, alice, bob)
    # the profile (from "my games"): her rating after the one rated game, its plot, the game's numbers, the
    # table's links
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.locator("#profile-link").click()
    page.wait_for_function("document.getElementById('profile').dataset.status === 'shown'")
    assert page.locator(".rating-card").count() == 1
    assert page.locator("#rating-plot .rp-point").count() == 1
    assert page.locator("#stat-games dd").inner_text() == "1"
    assert page.locator(f"#recent-list li[data-table='{tid}'] .replay-link").get_attribute("href") == f"/t/{tid}"
    assert _accessibility_problems(page) == []
    _shot(page, "profile-desktop.png", tmp_path)
    # its "Review" link opens the table with her own seat's review (her session holds the seat)
    page.locator(f"#recent-list li[data-table='{tid}'] .review-link").click()
    page.wait_for_selector("#review-dialog[open] #review-summary")
    assert errors == []
    context.close()
    # the same profile on a phone, in French, by someone not signed in
    context, page, errors = _context(browser, (390, 844), "fr")
    page.goto(base + "/players/alice")
    page.wait_for_function("document.getElementById('profile').dataset.status === 'shown'")
    assert page.locator("#ratings-title").inner_text() == "Classements"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "profile-phone.png", tmp_path)
    assert errors == []
    context.close()
