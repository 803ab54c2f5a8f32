"""The profile page in Chromium (issue 51): ratings with their plot, statistics, recent tables with replay
and review links, at 1280x800 and 390x844, in English and French, with no accessibility problem axe finds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, open_context
from test_ratings import finished, log_of, record

from fathom.server import standings
from fathom.server.db import Store, database_url

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.fixture()
def counted_server(tmp_path: Path):
    """A server whose database holds alice's finished tables: 6 rated Into the Blue games against bob, and
    3 Deep Blue games with bob and carol (two of them rated)."""
    db = str(tmp_path / "profile.db")
    store = Store(database_url(db))
    for seed in range(6):
        st = finished(seed, 2, "into-the-blue")
        names = ["alice", "bob"] if seed % 2 else ["bob", "alice"]
        standings.record_finished(store, record(f"itb{seed}", st, names), st, log_of(st))
    for seed in range(3):
        st = finished(seed, 3, "deep-blue")
        standings.record_finished(store, record(f"db{seed}", st, ["alice", "bob", "carol"], rated=seed != 1), st,
                                  log_of(st))
    expected = standings.player(store, "alice")
    store.close()
    server = LiveServer(db)
    server.start()
    yield server, expected
    server.stop()


def _open(browser: Any, url: str, size: tuple[int, int], lang: str) -> tuple[Any, Any]:
    context, page = open_context(browser, url, size, lang)
    page.wait_for_function("document.getElementById('profile').dataset.status !== 'loading'")
    return context, page


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((390, 844), "fr")])
def test_the_profile_page_draws_ratings_plot_stats_and_tables(counted_server, browser, size, lang) -> None:
    server, expected = counted_server
    context, page = _open(browser, server.url + "/players/alice", size, lang)
    try:
        assert page.locator("#profile").get_attribute("data-status") == "shown"
        assert page.locator("#player-name").inner_text() == "alice"
        assert page.locator(".rating-card").count() == len(expected["ratings"]) == 2
        # the plot: one point per rated game, one line per game
        assert page.locator("#rating-plot .rp-point").count() == len(expected["history"]) == 8
        assert page.locator("#rating-plot .rp-line").count() == 2
        assert page.locator("#stat-games dd").inner_text() == str(expected["stats"]["games"]) == "9"
        assert page.locator("#stat-wins dd").inner_text() == str(expected["stats"]["wins"])
        led = expected["stats"]["by_game"]["deep-blue"]["counts"]["dives_led"]
        assert page.locator("#stat-deep-blue-dives_led dd").inner_text() == str(led)
        words = page.locator("#stat-deep-blue-dives_led dt").inner_text()
        assert words == ("Dives led" if lang == "en" else "Plongées menées")
        rows = page.locator("#recent-list li")
        assert rows.count() == 9
        first = expected["recent"][0]["table"]
        assert rows.first.locator(".replay-link").get_attribute("href") == f"/t/{first}"
        assert rows.first.locator(".review-link").get_attribute("href") == f"/t/{first}#review"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"the page is {width} px wide at {size[0]}"
        assert page.errors == []
        from axe_playwright_python.sync_playwright import Axe

        found = Axe().run(page).response["violations"]
        assert [f"{v['id']}: {v['nodes'][0]['html'][:120]}" for v in found] == []
    finally:
        context.close()


def test_an_unknown_player_is_said_so(counted_server, browser) -> None:
    server, _ = counted_server
    context, page = _open(browser, server.url + "/players/nobody", (1280, 800), "en")
    try:
        assert page.locator("#profile").get_attribute("data-status") == "missing"
        assert "nobody" in page.locator("#profile-error").inner_text()
        assert page.errors == []
    finally:
        context.close()
