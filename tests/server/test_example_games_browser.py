"""Each example game under ``examples/`` at a real table in Chromium (issue 49): the server finds it through
its entry point, the table page loads the game's own renderer from the game's folder, and a person plays a
whole game against a bot by clicking."""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.example_games import declare, examples
from tests.server.server_helpers import LiveServer

pytestmark = pytest.mark.filterwarnings("ignore")
NAMES = [name for example in examples() for name in example.games]


@pytest.fixture(scope="module")
def example_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    saved_path, saved_env = list(sys.path), os.environ.get("PYTHONPATH")
    declare(tmp_path_factory.mktemp("examples"))
    server = LiveServer(str(tmp_path_factory.mktemp("db") / "live.db"))
    server.start()
    yield server
    server.stop()
    sys.path[:] = saved_path
    if saved_env is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = saved_env
    from fathom import i18n
    from fathom.core import plugins

    plugins.refresh()
    i18n.catalog.cache_clear()


@pytest.mark.parametrize("name", NAMES)
def test_a_person_plays_an_example_game_in_the_browser(example_server: LiveServer, browser: Any, name: str,
                                                       tmp_path: Path) -> None:
    assert name in example_server.get_text("/api/games")
    links = example_server.post("/api/tables", {"game": name, "seed": 5, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]})
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(example_server.url + links["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.status === 'playing' || document.body.dataset.status === 'over'")
    rng = random.Random(5)
    start, clicks = time.time(), 0
    while True:
        # the bot's first move may wait for the server's workers to warm up (level 3's compiled playouts)
        page.wait_for_function("document.body.dataset.status === 'over' || "
                               "(document.body.dataset.mine === '1' && !document.body.dataset.pending)",
                               timeout=240000 if clicks < 8 else 30000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        assert time.time() - start < 600, f"not over after {clicks} clicks"
        move = page.evaluate("document.body.dataset.move")
        buttons = page.locator(".legal[data-action]")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"document.body.dataset.move !== '{move}' || document.body.dataset.status === 'over'")
        clicks += 1
        if clicks == 3:
            assert page.locator("#main").inner_text().strip()  # the game's renderer drew its board
            page.screenshot(path=str(tmp_path / f"{name}.png"))
            if os.environ.get("FATHOM_SCREENSHOTS"):
                page.screenshot(path=os.environ["FATHOM_SCREENSHOTS"])
    assert clicks > 0 and errors == []
    state = example_server.get(f"/api/tables/{links['id']}/state")
    assert state["to_move"] == "over"
    context.close()
