"""The analysis of a finished table in a real browser (issue 50): the win-chance graph of every seat,
costly decisions marked, a click on a mark jumps the replay there with the best move shown, and
"play on from here" opens a new table at that position."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

import fathom
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE

pytestmark = pytest.mark.filterwarnings("ignore")

SHOT = Path(__file__).parents[2] / "docs" / "img" / "analysis.png"


def finished_save(seed: int) -> dict[str, Any]:
    """A 4-seat Into the Blue game: a random bot in seat 0 (costly decisions to mark), experts elsewhere."""
    state = fathom.new_game("into-the-blue", players=4, seed=seed)
    bots = [build_bot("random" if s == 0 else "expert", "into-the-blue", seed + s) for s in range(4)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
    return state.to_dict()


def test_graph_marks_jump_and_play_on(live_server: Any, browser: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "expert"}] * 3
    links = live_server.post("/api/tables", {"game": "into-the-blue", "seats": seats, "save": finished_save(8)})
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.status === 'over'")
    page.wait_for_selector("#an-graph", timeout=300_000)  # made by the server's bot workers
    lines = page.locator("#an-graph polyline")
    assert lines.count() == 4
    marks = page.locator("#an-graph .an-mark")
    assert marks.count() >= 1, "the random seat's costly decisions are marked"
    legend = page.inner_text(".an-legend")
    assert "Ann" in legend and "blunders" in legend
    # a click on a mark jumps the replay to that decision, with the best move shown
    mark = marks.first
    index = int(mark.get_attribute("data-i"))
    step = page.evaluate(f"window.fathom && document.querySelectorAll('#an-graph [data-i=\"{index}\"]').length")
    assert step == 1
    mark.click()
    page.wait_for_function("document.body.dataset.replayStep !== undefined")
    page.wait_for_selector("#an-detail[data-step]")
    shown = int(page.get_attribute("#an-detail", "data-step"))
    assert page.evaluate("document.body.dataset.replayStep") == str(shown)
    best = page.inner_text("#an-best")
    assert "Best found" in best
    assert page.locator("#an-detail .an-badge").count() == 1
    page.locator("#an-detail").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT))
    if os.environ.get("FATHOM_SCREENSHOTS"):
        page.screenshot(path=os.environ["FATHOM_SCREENSHOTS"])
    legend = page.inner_text(".an-legend")
    assert not re.search(r"\b1 (inaccuracies|mistakes|blunders)\b", legend), legend  # "1 inaccuracy": one, singular
    # French: the marks' names come from the catalog
    page.click("#lang")
    page.wait_for_function("document.querySelector('.an-legend') && document.querySelector('.an-legend').innerText.includes('gaffe')")
    # play on from here: a new table at this position, Ann in her seat, bots in the others
    page.locator("#an-graph .an-mark").first.click()
    page.wait_for_selector("#play-on")
    page.click("#play-on")
    page.wait_for_url(lambda url: "/t/" in url and links["id"] not in url)
    page.wait_for_function("document.body.dataset.status === 'playing' || document.body.dataset.status === 'over'")
    new_id = page.url.split("/t/")[1].split("#")[0]
    assert new_id != links["id"] and "#token=" in page.url
    played_on = live_server.get(f"/api/tables/{new_id}/state")
    assert played_on["table"]["seats"][0]["kind"] == "human" and played_on["move_number"] >= shown
    assert not errors, errors
    context.close()
