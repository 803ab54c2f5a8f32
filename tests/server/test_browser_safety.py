"""Issue 39 in a real browser: pass and play keeps nothing of the last hand behind the curtain, the
host re-keys a seat from the table page, and the pages work under their Content-Security-Policy."""

from __future__ import annotations

import random

import pytest
from test_browser import _click_a_legal_move, _open

pytestmark = pytest.mark.filterwarnings("ignore")

# what of a seat's view a page could still hold: its state, log and hint, the renderer's copy, the screen
MEMORY = """() => ({msg: window.fathom.msg, you: window.fathom.you,
  events: window.fathom.events.length, hint: window.fathom.hint,
  drawn: window.fathom.renderer && (window.fathom.renderer.view || window.fathom.renderer.msg),
  title: document.title, html: document.getElementById('main').innerHTML + document.getElementById('log').innerHTML
    + document.getElementById('announce').textContent})"""


def test_behind_the_curtain_nothing_of_the_last_hand_is_left_in_the_page(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 8, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    tid, keys = links["id"], [links["seats"][0]["token"], links["seats"][1]["token"]]
    context, page = _open(browser, f"{live_server.url}/t/{tid}#token={keys[0]}&token={keys[1]}")
    csp = []
    page.on("console", lambda m: csp.append(m.text) if "Content Security Policy" in m.text else None)
    rng = random.Random(4)
    curtains = 0
    for _ in range(40):
        page.wait_for_function("document.body.dataset.curtain !== undefined || "
                               "(document.body.dataset.mine === '1' && !document.body.dataset.pending)")
        if page.evaluate("document.body.dataset.curtain") is None:
            assert "Your turn" in page.title()
            _click_a_legal_move(page, rng, ("pay", "recruit", "rest", "sail", "dive", "play"))
            continue
        seat = int(page.evaluate("document.body.dataset.curtain"))
        left = page.evaluate(MEMORY)
        assert left["msg"] is None and left["you"] is None and left["hint"] is None, left
        assert page.evaluate("window.fathom.live.token") is None  # it watches, as anyone may
        assert left["events"] == 0 and not left["drawn"] and left["html"] == "", left
        assert "Your turn" not in left["title"] and ("Ann", "Bob")[seat] in left["title"]
        page.locator("#pass-ready").click()
        page.wait_for_function(f"window.fathom.you === {seat} && document.body.dataset.mine === '1'")
        curtains += 1
        if curtains >= 3:
            break
    assert curtains >= 3 and not page.errors and not csp, (page.errors, csp)
    context.close()


def test_the_host_gives_a_seat_a_new_key_from_the_table_page(live_server, browser):
    host = browser.new_context(viewport={"width": 1500, "height": 1000})
    lobby = host.new_page()
    lobby.goto(live_server.url + "/")
    lobby.wait_for_function("document.body.dataset.ready === '1'")
    lobby.select_option("#game", "into-the-blue")
    lobby.locator("#friends > summary").click()
    lobby.select_option("select[data-seat='1']", "human")
    lobby.fill("input[name='name1']", "Bob")
    lobby.locator("#create-btn").click()
    lobby.wait_for_selector("#links [data-open-seat='1']")
    table = lobby.evaluate("document.getElementById('links').dataset.table")
    bobs_link = lobby.get_attribute("#links [data-open-seat='1']", "href")
    friend, bob = _open(browser, live_server.url + bobs_link)  # Bob's page, in his own browser
    assert bob.evaluate("window.fathom.you") == 1
    page = host.new_page()  # the host watches the table in the browser that made it
    page.goto(f"{live_server.url}/t/{table}")
    page.wait_for_selector("#host-panel:not([hidden]) summary")
    page.locator("#host-panel summary").click()
    page.locator("[data-rekey='1']").click()
    page.wait_for_selector("#rekey-link")
    new_link = page.input_value("#rekey-link")
    assert new_link.startswith(f"{live_server.url}/t/{table}#token=1.") and new_link != live_server.url + bobs_link
    bob.wait_for_function("document.getElementById('conn').classList.contains('off')")  # the old key: cut off
    assert live_server.request("GET", f"/api/tables/{table}/state", headers={
        "Authorization": "Bearer " + bobs_link.split("token=")[1]})[0] == 403
    again = friend.new_page()
    again.goto(new_link)
    again.wait_for_function("window.fathom.you === 1")
    assert page.locator("#host-panel").count() == 1 and bob.locator("#host-panel:not([hidden])").count() == 0
    host.close()
    friend.close()
