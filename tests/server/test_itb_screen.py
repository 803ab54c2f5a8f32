"""Into the Blue in a real browser (issue 52): moves by name in English and French, the dice and
level a move touches lit while it is pointed at, and "Since your last move" with the prompt, the
buttons and the odds all on one screen at 1280×800 and 1440×900."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from server_helpers import motion_done, off_screen, open_page
from test_table_screen import IN_VIEW, SHOWN, _act, _people

pytestmark = pytest.mark.filterwarnings("ignore")


def _to_anns_turn(server: Any, links: dict[str, Any], rng: random.Random, want: Any, limit: int = 2000) -> dict[str, Any]:
    """The people's moves over HTTP (random, but a stop half of the time) until ``want(Ann's state)``."""
    tid, tokens = links["id"], [s["token"] for s in links["seats"]]
    for _ in range(limit):
        state = server.get(f"/api/tables/{tid}/state")
        seat = state["to_move"]
        if seat == "over":
            raise AssertionError("the game ended first")
        if not isinstance(seat, int):
            time.sleep(0.05)
            continue
        mine = server.get(f"/api/tables/{tid}/state", tokens[seat])
        if seat == 0 and want(mine):
            return mine
        legal = [m[1] for m in mine["legal"]]
        pick = "stop" if "stop" in legal and rng.random() < 0.5 else rng.choice(legal)
        _act(server, tid, tokens[seat], pick)
    raise AssertionError("never reached")


def _choosing(st: dict[str, Any]) -> bool:
    return st["move_number"] > 40 and st["view"]["turn"]["phase"] == "choose" and st["view"]["turn"]["rolls_left"] > 0


WORDS = {"en": {"failed": "the dive fails", "perfect": "perfect dive", "run": "run to level {run}", "reroll": "Reroll", "keep": "keep"},
         "fr": {"failed": "la plongée échoue", "perfect": "plongée parfaite", "run": "jusqu'au niveau {run}",
                "reroll": "Relancer", "keep": "garder"}}


def test_moves_by_name_and_what_they_touch_lit(live_server, browser):
    """One game, each position read in English and in French."""
    links = _people(live_server, "into-the-blue", 3, seed=4)
    rng = random.Random(4)
    st = _to_anns_turn(live_server, links, rng, _choosing)
    for lang in ("en", "fr"):
        context, page = open_page(browser, live_server.url + links["seats"][0]["url"], (1280, 800), lang)
        page.wait_for_function(f"document.body.dataset.move === '{st['move_number']}' && document.body.dataset.mine === '1'")
        _stop_and_reroll_named_and_lit(page, st["move_facts"]["moves"], WORDS[lang])
        assert not page.errors, page.errors
        context.close()
    # a placement: named with its shells, level and treasure; its level and dice lit
    st = _to_anns_turn(live_server, links, rng, lambda s: s["view"]["turn"]["phase"] == "place")
    for lang in ("en", "fr"):
        context, page = open_page(browser, live_server.url + links["seats"][0]["url"], (1280, 800), lang)
        page.wait_for_function(f"document.body.dataset.move === '{st['move_number']}' && document.body.dataset.mine === '1'")
        for notation, f in st["move_facts"]["moves"].items():
            button = page.locator(f"#moves button[data-action='{notation}']")
            text = button.inner_text()
            assert f"{f['level']}" in text and f"{f['main']}" in text and str(f["shells"]) in text, (lang, text)
            button.hover()
            assert page.locator(f".level-{f['level']}.hl").count() == 1
            assert page.locator(".dice .die.hl").count() == f["dice"]
        assert not page.errors, page.errors
        context.close()


def _stop_and_reroll_named_and_lit(page: Any, facts: dict[str, Any], words: dict[str, str]) -> None:
    """The stop button says what stopping makes and lights that run; a reroll of two chosen dice names
    what goes back and what stays, and lights the dice it rerolls."""
    stop = facts["stop"]
    button = page.locator(".dice-controls button[data-action='stop']")
    assert words[stop["result"]].format(run=stop["run"]) in button.inner_text()
    button.hover()  # the run that stopping makes is lit: one die of each of its faces
    lit = page.eval_on_selector_all(".dice .die.hl", "(ds) => ds.map((d) => d.dataset.face)")
    assert sorted(lit) == sorted([str(f) for f in range(1, stop["run"] + 1)] + (["chest"] if stop["result"] == "perfect" else []))
    page.locator(".dice .die.selectable").nth(0).click()
    page.locator(".dice .die.selectable").nth(1).click()
    reroll = page.locator("#reroll-btn")
    f = facts[reroll.get_attribute("data-action")]
    said = reroll.inner_text()
    assert words["reroll"] in said and words["keep"] in said
    assert said.replace("\u202f", " ").split(",")[-1].split()[1:] == [("◈" if x == "chest" else str(x)) for x in f["keep"]]
    reroll.hover()
    lit = page.eval_on_selector_all(".dice .die.hl", "(ds) => ds.map((d) => d.dataset.face)")
    assert sorted(lit) == sorted(str(x) for x in f["reroll"])


def test_since_your_last_move_the_prompt_buttons_and_odds_on_one_screen(live_server, browser):
    links = _people(live_server, "into-the-blue", 4, seed=5)
    rng = random.Random(5)
    sizes = [(1280, 800), (1440, 900)]  # one game, Ann's page open at both sizes
    opened = [open_page(browser, live_server.url + links["seats"][0]["url"], size) for size in sizes]
    seen = dict.fromkeys(sizes, 0)
    for _ in range(6):
        st = _to_anns_turn(live_server, links, rng, lambda s: s["view"]["turn"]["phase"] == "choose")
        for size, (_, page) in zip(sizes, opened):
            page.wait_for_function(f"document.body.dataset.move === '{st['move_number']}' && document.body.dataset.mine === '1'")
            motion_done(page)
            for sel in ("#moves .prompt", "#moves button", ".dice-controls button", "#players .player"):
                assert off_screen(page, IN_VIEW, sel) == [], (size, sel)
            for sel in ("#moves", "#odds"):
                assert off_screen(page, SHOWN, sel) == [], (size, sel)
            if page.evaluate("!document.getElementById('since').hidden"):
                assert off_screen(page, SHOWN, "#since") == [], (size, "since")
                seen[size] += 1
        _act(live_server, links["id"], links["seats"][0]["token"], "stop")
    assert min(seen.values()) >= 4, seen
    for _, page in opened:
        assert page.evaluate("scrollY") == 0 and not page.errors
    for context, _ in opened:
        context.close()
