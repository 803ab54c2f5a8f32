"""Accounts in Chromium: from the lobby's header to sign up, "my games" (your move first), a seat opened
with no link, a new password, sign out; in English at 1280×800 and in French on a 390×844 phone.

Screenshots go to ``$FATHOM_DOCS_IMG`` when it is set
(`FATHOM_DOCS_IMG=docs/img pytest tests/server/test_browser_accounts.py`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from test_browser import _accessibility_problems

pytestmark = pytest.mark.filterwarnings("ignore")

WORDS = {
    "en": {"sign_up": "Create an account", "my_games": "My games", "your_move": "Your move", "sign_in": "Sign in"},
    "fr": {"sign_up": "Créer un compte", "my_games": "Mes parties", "your_move": "À vous de jouer",
           "sign_in": "Se connecter"},
}


def _shot(page: Any, name: str, tmp_path: Path) -> None:
    page.screenshot(path=str(tmp_path / name), full_page=True)
    if os.environ.get("FATHOM_DOCS_IMG"):
        page.screenshot(path=str(Path(os.environ["FATHOM_DOCS_IMG"]) / name), full_page=True)


def _ready(page: Any) -> None:
    page.wait_for_function("document.body.dataset.ready === '1'")


def test_sign_up_then_my_games_then_a_seat_with_no_link(live_server, browser, tmp_path):
    """Two people on one server: in English on a desktop, and in French on a phone."""
    for lang, size, name in (("en", (1280, 800), "Marina"), ("fr", (390, 844), "Corail")):
        _sign_up_then_my_games_then_a_seat_with_no_link(live_server, browser, tmp_path, lang, size, name)


def _sign_up_then_my_games_then_a_seat_with_no_link(live_server: Any, browser: Any, tmp_path: Path, lang: str,
                                                    size: tuple[int, int], name: str) -> None:
    words = WORDS[lang]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(f"localStorage.setItem('fathom.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + "/")
    _ready(page)
    link = page.locator("#account-link")
    assert link.inner_text() == words["sign_in"]
    link.click()
    _ready(page)
    assert page.is_visible("#signup") and page.is_visible("#login") and not page.is_visible("#signed-in")
    assert page.locator("#signed-out h2").all_inner_texts() == [words["sign_in"], words["sign_up"]]
    assert _accessibility_problems(page) == []
    # a refused sign-up says why, in the page's language, and nothing is made
    page.fill("#signup-name", name)
    page.fill("#signup-password", "short")
    page.evaluate("document.getElementById('signup').noValidate = true")  # past the browser's own check
    page.locator("#signup button[type=submit]").click()
    page.wait_for_function("document.getElementById('signup-error').textContent !== ''")
    assert "10" in page.inner_text("#signup-error")
    page.fill("#signup-password", "a long enough password")
    _shot(page, f"accounts-signup-{lang}.png", tmp_path)
    page.locator("#signup button[type=submit]").click()
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#signed-in h1") == words["my_games"] and name in page.inner_text("#who")
    assert not [c for c in context.cookies() if c["name"] == "fathom_session" and not c["httpOnly"]]
    assert page.evaluate("document.cookie") == ""  # the session is out of scripts' reach
    # two tables seat the account (made by someone else): one waits for its move, one for another person
    mine = live_server.post("/api/tables", {"game": "into-the-blue", "seed": 3, "seats": [
        {"kind": "human", "account": name.lower()}, {"kind": "bot", "bot": "1"}]})
    theirs = live_server.post("/api/tables", {"game": "into-the-blue", "seed": 3, "seats": [
        {"kind": "human", "name": "Bob"}, {"kind": "human", "account": name}]})
    assert live_server.get(f"/api/tables/{theirs['id']}/state")["to_move"] == 0
    page.reload()
    _ready(page)
    rows = page.locator("#my-tables li")
    assert rows.count() == 2
    assert rows.nth(0).get_attribute("data-table") == mine["id"] and words["your_move"] in rows.nth(0).inner_text()
    assert rows.nth(1).get_attribute("data-table") == theirs["id"] and words["your_move"] not in rows.nth(1).inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]  # nothing wider than the screen
    assert _accessibility_problems(page) == []
    _shot(page, f"accounts-my-games-{lang}.png", tmp_path)
    # the lobby's header says who is signed in and how many tables wait
    page.goto(live_server.url + "/")
    _ready(page)
    assert name in page.inner_text("#account-link") and page.inner_text("#account-link").endswith("· 1")
    # the table opens at the account's seat: no link, only the session
    page.goto(live_server.url + "/account")
    _ready(page)
    rows.nth(0).locator("a").click()
    page.wait_for_function("window.fathom && window.fathom.msg && window.fathom.you === 0")
    assert "#token" not in page.url and page.evaluate("window.fathom.msg.legal.length") > 0
    # a new password: said done in the page's language, and this browser stays signed in
    page.goto(live_server.url + "/account")
    _ready(page)
    page.locator("#change").locator("xpath=..").locator("summary").click()
    page.fill("#change-password", "a long enough password")
    page.fill("#change-new", "an even longer password")
    page.locator("#change button[type=submit]").click()
    page.wait_for_selector("#change-done:not([hidden])")
    assert page.inner_text("#change-error") == "" and name in page.inner_text("#who")
    assert _accessibility_problems(page) == []
    page.reload()
    _ready(page)
    assert page.is_visible("#signed-in")
    # sign out: the forms again, and the table no longer knows this browser
    page.locator("#logout").click()
    page.wait_for_selector("#signed-out:not([hidden])")
    assert live_server.get(f"/api/tables/{mine['id']}/state")["you"] is None
    page.fill("#login-name", name)  # the new password signs in
    page.fill("#login-password", "an even longer password")
    page.locator("#login button[type=submit]").click()
    page.wait_for_selector("#signed-in:not([hidden])")
    assert errors == []
    context.close()
