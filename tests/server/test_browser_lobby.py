"""Issue 52 in Chromium: into a game in one click, bots by name with a thinking mark, replay by turns.

Screenshots of the lobby and the replay (1280×800 and a 390×844 phone) go to ``$FATHOM_DOCS_IMG``
when it is set (docs/img: `FATHOM_DOCS_IMG=docs/img pytest tests/server/test_browser_lobby.py`).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from fathom.server.botnames import BOT_NAMES

pytestmark = pytest.mark.filterwarnings("ignore")

IDS = re.compile(r"\b(?:[a-z]+-[a-z-]+\d*|slot\d|boat\d|spot-\w+)\b")  # engine notation, not words


def _shot(page: Any, name: str, tmp_path: Path) -> None:
    page.screenshot(path=str(tmp_path / name))
    if os.environ.get("FATHOM_DOCS_IMG"):
        page.screenshot(path=str(Path(os.environ["FATHOM_DOCS_IMG"]) / name))


def _page(browser: Any, width: int = 1280, height: int = 800, **kw: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": height}, **kw)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_play_against_bots_is_one_click_from_the_lobby_to_your_seat(live_server, browser, tmp_path, lang):
    context, page = _page(browser)
    page.goto(f"{live_server.url}/?lang={lang}")
    page.wait_for_function("document.body.dataset.ready === '1'")
    # the defaults: a full table of four against Normal bots; the friends' form and its knobs folded away
    assert page.input_value("#quick-players") == "4" and page.input_value("#quick-level") == "2"
    levels = page.eval_on_selector_all("#quick-level option", "os => os.map(o => o.textContent)")
    assert levels == (["Easy", "Normal", "Hard"] if lang == "en" else ["Facile", "Normal", "Difficile"])
    assert page.is_visible("#quick-scenario") and not page.is_visible("#seed") and not page.is_visible("#delay")
    assert not page.is_visible("#create-btn")
    if lang == "en":
        _shot(page, "lobby.png", tmp_path)
    page.fill("#quick-name", "Ann")
    start = time.perf_counter()
    page.locator("#quick-go").click()  # the one click
    page.wait_for_function("window.fathom && window.fathom.msg && window.fathom.you === 0")
    took = time.perf_counter() - start
    assert len(context.pages) == 1 and re.search(r"/t/\w+#token=", page.url)  # this tab, at the seat
    seats = page.evaluate("window.fathom.msg.table.seats")
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"] and seats[0]["name"] == "Ann"
    assert {s["bot"] for s in seats[1:]} == {"2"} and all(s["name"] in BOT_NAMES for s in seats[1:])
    assert page.locator("#host-panel:not([hidden])").count() == 0  # alone with bots: no seat keys to manage
    heads = page.inner_text("body")  # the players' boards
    level = "Normal"
    assert all(s["name"] in heads for s in seats[1:]) and f"bot · {level}" in heads
    assert "Seat 2" not in heads and "Place 2" not in heads
    assert took < 10, took
    assert not page.errors, page.errors
    context.close()


def test_a_bot_thinking_shows_a_mark_with_its_name_and_level(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 3, "bot_delay_ms": 2000,
                                             "options": {"first_player": 1},
                                             "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]})
    name = live_server.get(f"/api/tables/{links['id']}")["seats"][1]["name"]
    context, page = _page(browser)
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.thinking === '1'")
    banner = page.inner_text("#turn-banner").strip()
    assert banner == f"{name} (bot · Easy) is thinking…", banner
    assert page.locator("#turn-banner .thinking-mark").count() == 1
    page.wait_for_function("document.body.dataset.mine === '1'")  # the bot moved: Ann's turn
    assert page.evaluate("document.body.dataset.thinking") == "" and page.locator(".thinking-mark").count() == 0
    assert not page.errors, page.errors
    context.close()


def _finished_table(server: Any, game: str, seed: int) -> dict[str, Any]:
    """A whole game of Ann against an Easy bot, played here and brought to the server as a save
    (a finished save makes a table to replay): one request, however busy the machine."""
    import fathom
    from fathom.bots.registry import make_bot
    from fathom.core.driver import play

    state = fathom.new_game(game, players=2, seed=seed)
    play(state, [make_bot("1", game, seed=s) for s in range(2)])
    assert state.is_terminal()
    return server.post("/api/tables", {"game": game, "save": json.loads(state.to_json()), "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]}, timeout=60)


@pytest.mark.parametrize("game", ["deep-blue", "into-the-blue"])
def test_replay_goes_by_turns_in_words_from_any_log_line(live_server, browser, tmp_path, game):
    links = _finished_table(live_server, game, 4)
    turns = live_server.get(f"/api/tables/{links['id']}/turns")
    context, page = _page(browser)
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_selector("#replay-moves")
    n = len(turns["turns"])
    assert page.inner_text("#replay-step").startswith(f"Turn {n} / {n} · ")
    page.locator("#replay-prev").click()  # one turn back, draws and all
    page.wait_for_function(f"document.body.dataset.replayStep === '{turns['turns'][-2]['end']}'")
    assert page.inner_text("#replay-step").startswith(f"Turn {n - 1} / {n} · ")
    banner = page.inner_text("#turn-banner")
    assert banner.startswith("Replay · Turn") and "Waiting" not in banner  # nobody is waited for in a replay
    chips = page.eval_on_selector_all("#replay-moves button", "bs => bs.map(b => b.textContent)")
    turn = turns["turns"][-2]
    assert len(chips) == len(turn["moves"]) + (1 if turn["lead"] else 0)
    assert chips and not [c for c in chips if IDS.search(c)], chips  # words, not the engine's notation
    if game == "deep-blue":
        _shot(page, "replay.png", tmp_path)
    # any line of the log takes the replay to the move that caused it
    line = page.locator("#log li[data-jump]").nth(2)
    target = line.get_attribute("data-jump")
    line.click()
    page.wait_for_function(f"document.body.dataset.replayStep === '{target}'")
    ends = {m["end"] for t in turns["turns"] for m in t["moves"]} | {turns["setup"]}
    assert int(target) in ends
    assert not page.errors, page.errors
    context.close()


def test_the_lobby_and_the_replay_on_a_phone(live_server, browser, tmp_path):
    links = _finished_table(live_server, "deep-blue", 5)
    context, page = _page(browser, 390, 844, is_mobile=True, has_touch=True)
    page.goto(f"{live_server.url}/?lang=fr")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#quick-go").bounding_box()
    assert box and box["y"] + box["height"] <= 844 and box["height"] >= 24  # the Play button in the first screen
    _shot(page, "lobby-phone.png", tmp_path)
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_selector("#replay-moves")
    page.locator("#replay-prev").click()
    page.wait_for_function("document.body.dataset.replayStep !== undefined")
    assert page.inner_text("#replay-step").startswith("Tour ")
    page.locator("#replay").scroll_into_view_if_needed()
    _shot(page, "replay-phone.png", tmp_path)
    assert not page.errors, page.errors
    context.close()
