"""The leaderboard page in Chromium: each game's rated players best first, as /api/leaderboard says, each
name a link to the player's page, tabs between the games, more rows on demand; English and French, a phone's
width, and nothing axe finds."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, open_context
from test_browser import _accessibility_problems
from test_profile_browser import counted_server  # noqa: F401 - the fixture: alice, bob and carol's rated tables
from test_ratings import finished, log_of, record

from fathom.server import standings
from fathom.server.db import Store, database_url

pytestmark = pytest.mark.filterwarnings("ignore")


def _board(server: Any, game: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server.url}/api/leaderboard/{game}", timeout=10) as r:
        return json.load(r)


def _open(browser: Any, url: str, size: tuple[int, int], lang: str) -> tuple[Any, Any]:
    context, page = open_context(browser, url, size, lang)
    page.wait_for_function("document.getElementById('leaderboard').dataset.status !== 'loading'")
    return context, page


def _rows(page: Any) -> list[list[str]]:
    return page.evaluate("[...document.querySelectorAll('#board-rows tr')].map((tr) => [...tr.cells].map((c) => c.innerText))")


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((390, 844), "fr")])
def test_the_leaderboard_lists_each_games_players_as_the_api_ranks_them(counted_server, browser, size, lang):  # noqa: F811
    server, _ = counted_server
    context, page = _open(browser, server.url + "/leaderboard?game=into-the-blue", size, lang)
    try:
        want = _board(server, "into-the-blue")
        assert [r["name"] for r in want] == ["alice", "bob"] or [r["name"] for r in want] == ["bob", "alice"]
        rows = _rows(page)
        assert [row[0] for row in rows] == ["1", "2"]
        assert [row[1] for row in rows] == [r["name"] for r in want]
        assert [row[3] for row in rows] == [str(r["games"]) for r in want] == ["6", "6"]
        shown = [float(row[2].replace(",", ".").replace("\u2212", "-")) for row in rows]
        assert shown == [round(r["ordinal"], 1) for r in want]
        assert page.locator("#board-rows a").first.get_attribute("href") == f"/players/{want[0]['name']}"
        assert page.locator("h1").inner_text() == ("Leaderboard" if lang == "en" else "Classement")
        # the other game's tab: its own players, the address follows
        page.locator('#board-games a[data-game="deep-blue"]').click()
        page.wait_for_function("document.getElementById('board-caption').innerText === 'Deep Blue'")
        page.wait_for_function("document.querySelectorAll('#board-rows tr').length > 0")
        assert [row[1] for row in _rows(page)] == [r["name"] for r in _board(server, "deep-blue")]
        assert page.evaluate("location.search") == "?game=deep-blue"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"the page is {width} px wide at {size[0]}"
        assert page.errors == [] and _accessibility_problems(page) == []
    finally:
        context.close()


def test_more_players_come_a_page_at_a_time_and_an_empty_board_says_so(tmp_path: Path, browser):
    db = str(tmp_path / "many.db")
    store = Store(database_url(db))
    for seed in range(30):  # 60 accounts, two to a rated table: more than one page of 50
        st = finished(seed, 2, "into-the-blue")
        standings.record_finished(store, record(f"t{seed}", st, [f"p{2 * seed}", f"p{2 * seed + 1}"]), st, log_of(st))
    store.close()
    server = LiveServer(db)
    server.start()
    try:
        context, page = _open(browser, server.url + "/leaderboard?game=into-the-blue", (1280, 800), "en")
        assert len(_rows(page)) == 50 and page.locator("#board-more").is_visible()
        page.locator("#board-more").click()
        page.wait_for_function("document.querySelectorAll('#board-rows tr').length === 60")
        assert [row[0] for row in _rows(page)] == [str(i) for i in range(1, 61)]
        assert not page.locator("#board-more").is_visible()
        page.locator('#board-games a[data-game="deep-blue"]').click()  # nobody has a Deep Blue rating
        page.wait_for_function("!document.getElementById('board-empty').hidden")
        assert _rows(page) == [] and "No rated game" in page.inner_text("#board-empty")
        assert page.errors == []
        context.close()
    finally:
        server.stop()
