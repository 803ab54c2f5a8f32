"""The pages in a real browser (Chromium through Playwright) against a real server process."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.filterwarnings("ignore")

GAME_TIME_LIMIT = 300  # seconds for a whole game of clicks


def _open(browser: Any, url: str, frames: list | None = None) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.status === 'playing' || document.body.dataset.status === 'over'")
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def _wait_turn(page: Any, timeout: float = 20000) -> str:
    page.wait_for_function(
        "document.body.dataset.status === 'over' || (document.body.dataset.mine === '1' && !document.body.dataset.pending)",
        timeout=timeout)
    return page.evaluate("document.body.dataset.status")


def _click_a_legal_move(page: Any, rng: random.Random, prefer: tuple[str, ...] = ()) -> str:
    """Click one of the highlighted moves (board, cards or buttons); returns its notation."""
    move = page.evaluate("document.body.dataset.move")
    for _attempt in range(5):
        actions = page.evaluate("[...document.querySelectorAll('.legal[data-action]')].map(e => e.dataset.action)")
        if not actions:
            page.wait_for_timeout(50)
            continue
        preferred = [i for i, a in enumerate(actions) if a.startswith(prefer)] if prefer else []
        index = rng.choice(preferred or range(len(actions)))
        try:
            page.locator(".legal[data-action]").nth(index).click(timeout=5000)
        except Exception:  # noqa: BLE001 - re-rendered under the pointer: pick again
            continue
        page.wait_for_function(f"document.body.dataset.move !== '{move}' || document.body.dataset.status === 'over'")
        return actions[index]
    raise AssertionError(f"could not click a legal move at move {move}")


def _accessibility_problems(page: Any) -> list[str]:
    """What axe-core finds against the page as it is now (WCAG 2 A and AA, and its best practices)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['help']} (e.g. {v['nodes'][0]['target']}: "
            f"{(v['nodes'][0]['any'] or v['nodes'][0]['all'] or [{'message': ''}])[0]['message']}; {v['nodes'][0]['html'][:200]})" for v in found]


def _seat_page(server: Any, links: dict[str, Any], seat: int) -> str:
    return server.url + links["seats"][seat]["url"]


def _ann_against_a_bot(server: Any, browser: Any, game: str, seed: int) -> tuple[dict[str, Any], Any, Any]:
    """A new table of ``game``: Ann in seat 0 against a level-1 bot; her page is open."""
    links = server.post("/api/tables", {"game": game, "seed": seed,
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]})
    return (links, *_open(browser, _seat_page(server, links, 0)))


def test_a_person_plays_a_whole_deep_blue_game_against_a_bot_by_clicking(live_server, browser, tmp_path):
    links, context, page = _ann_against_a_bot(live_server, browser, "deep-blue", 3)
    rng = random.Random(3)
    start = time.time()
    clicks = 0
    kinds = set()
    # dive whenever possible and keep diving: a random person still finishes the game with the bot
    prefer = ("dive", "continue", "play", "defend", "scout", "sail boat")
    while _wait_turn(page) != "over":
        assert time.time() - start < GAME_TIME_LIMIT, f"game not over after {clicks} clicks"
        action = _click_a_legal_move(page, rng, prefer)
        kinds.add(action.split()[0])
        clicks += 1
        if clicks in (10, 25, 60) and _wait_turn(page) != "over":
            assert not _accessibility_problems(page), clicks
        if clicks == 25:
            assert not page.locator("#to-moves").is_visible()  # wide screen: the moves are beside the board
            page.screenshot(path=str(tmp_path / "deep-blue-mid-game.png"))
            if os.environ.get("FATHOM_SCREENSHOTS"):
                page.screenshot(path=os.environ["FATHOM_SCREENSHOTS"])
    assert page.evaluate("document.body.dataset.status") == "over"
    banner = page.inner_text("#turn-banner")
    assert "Game over" in banner and "Winner" in banner
    state = live_server.get(f"/api/tables/{links['id']}/state")
    assert state["to_move"] == "over" and state["table"]["status"] == "over"
    assert clicks > 20 and {"dive", "sail"} & kinds, kinds
    assert not _accessibility_problems(page)  # the scores, the summary table, the replay bar
    # a finished game can be replayed turn by turn in the page, the draws folded into the moves
    turns = live_server.get(f"/api/tables/{links['id']}/turns")["turns"]
    page.wait_for_selector("#replay-moves")
    page.locator("#replay-prev").click()
    page.wait_for_function(f"document.body.dataset.replayStep === '{turns[-2]['end']}'")
    assert not _accessibility_problems(page)
    page.locator("#replay-prev").click()
    page.wait_for_function(f"document.body.dataset.replayStep === '{turns[-3]['end']}'")
    # the person's draw-or-stop calls as leader, weighed against the exact odds
    page.locator("[data-review='0']").click()
    page.wait_for_selector("#review-dialog[open] #review-summary")
    review = live_server.get(f"/api/tables/{links['id']}/review", links["seats"][0]["token"])
    assert page.inner_text("#review-summary").startswith(f"{len(review['rows'])} calls:")
    assert page.locator("#review tr").count() == (1 + len(review["rows"]) if review["rows"] else 0)
    against = [row for row in review["rows"] if row["given_up"] >= review["worth_a_look"]]
    assert page.locator("#review td.lost").count() == len(against)  # marked by the server's threshold
    assert f"{len(review['rows']) - len(against)} as the odds say" in page.inner_text("#review-summary")
    assert not _accessibility_problems(page)
    page.locator("#review-dialog .rules-close button").click()
    # and a rematch takes the person to their seat at a new table of the same game
    page.locator("#rematch-btn").click()
    page.wait_for_function(f"!location.pathname.endsWith('/{links['id']}')")
    page.wait_for_function("document.body.dataset.status === 'playing'")
    assert page.evaluate("window.fathom.you") == 0
    assert not page.errors, page.errors
    context.close()


def test_the_hint_button_shows_level_3s_move_and_plays_nothing(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 4, "seats": [{"kind": "human", "name": "Ann"}]
                                             + [{"kind": "bot", "bot": "1"}] * 3})
    tid, token = links["id"], links["seats"][0]["token"]
    context, page = _open(browser, _seat_page(live_server, links, 0))
    _wait_turn(page)
    assert page.title() == "● Your turn · Deep Blue · fathom"  # seen from a background tab too
    move = page.evaluate("document.body.dataset.move")
    page.locator("#hint-btn").click()
    page.wait_for_selector("#hint-text")
    text = page.inner_text("#hint-text")
    assert text.startswith("Level 3 would play:") and "estimated win chance" in text
    assert " ".join(page.inner_text("#announce").split()) == " ".join(text.split())  # read out too
    hint = live_server.post(f"/api/tables/{tid}/hint", {}, token=token)
    shown = page.evaluate("[...document.querySelectorAll('.move.suggested')].map(e => e.dataset.action)")
    assert shown == [hint["move"]]  # its move's button is marked
    assert page.evaluate("document.body.dataset.move") == move  # nothing was played
    # follow the hints until one says where to sail: the board rings the boats' destinations
    for _ in range(30):
        if hint["detail"].get("sail_to"):
            break
        live_server.post(f"/api/tables/{tid}/act", {"action": hint["move"], "expect": hint["move_number"]}, token=token)
        hint = live_server.post(f"/api/tables/{tid}/hint", {}, token=token)
    going = [node for node, stays in hint["detail"]["sail_to"] if not stays]
    page.wait_for_function(f"document.body.dataset.move === '{hint['move_number']}'")
    page.locator("#hint-btn").click()
    page.wait_for_selector("[data-hint-node]")
    assert page.evaluate("[...document.querySelectorAll('[data-hint-node]')].map(e => e.dataset.hintNode)") == going
    assert all(node in page.inner_text("#hint-text") for node in going)
    assert not page.errors, page.errors
    context.close()


def test_two_people_in_two_browsers_never_receive_each_others_hand(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 8,
                                             "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    frames: list[list[Any]] = [[], []]
    pages = []
    contexts = []
    for seat in (0, 1):
        context, page = _open(browser, _seat_page(live_server, links, seat), frames[seat])
        contexts.append(context)
        pages.append(page)
    rng = random.Random(8)
    for _ in range(40):
        state = live_server.get(f"/api/tables/{links['id']}/state")
        mover = state["to_move"]
        if mover == "over":
            break
        page = pages[mover]
        _wait_turn(page)
        _click_a_legal_move(page, rng, ("pay", "recruit", "rest", "sail", "dive", "play"))
        for seat in (0, 1):
            own = pages[seat].evaluate("window.fathom.msg && window.fathom.msg.view.seats")
            other = own[1 - seat]
            assert "hand" not in other and "rest" not in other
            # the hand on screen is the seat's own hand of the newest message (read together in the page,
            # once its render caught up: forced moves may bring the next message while this one is drawn)
            pages[seat].wait_for_function(SHOWN_IS_OWN_HAND, arg=seat)
    for seat in (0, 1):
        states = [json.loads(f) for f in frames[seat] if isinstance(f, str) and '"type":"state"' in f]
        assert len(states) > 10
        for msg in states:
            other = msg["view"]["seats"][1 - seat]
            assert "hand" not in other and "rest" not in other
            assert msg["you"] == seat
            for event in msg["events"]:
                if event.get("type") == "rest-draw" and event.get("seat") == 1 - seat:
                    assert event.get("card") is None
    for page in pages:
        assert not page.errors, page.errors
    for context in contexts:
        context.close()


SHOWN_IS_OWN_HAND = """(seat) => {
  const mine = (window.fathom.msg && window.fathom.msg.view.seats[seat].hand) || {};
  const want = Object.keys(mine).filter((c) => mine[c]).sort().join();
  const shown = [...new Set([...document.querySelectorAll('#hand .hand-row:first-of-type [data-card]')]
    .map((e) => e.dataset.card))].sort().join();
  return want === shown;
}"""


def _shown_hand(page: Any) -> set[str]:
    return set(page.evaluate(
        "[...document.querySelectorAll('#hand .hand-row:first-of-type [data-card]')].map(e => e.dataset.card)"))


def test_pass_and_play_hides_each_hand_behind_a_curtain_on_one_device(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 8, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}, {"kind": "human", "name": "Bob"}]})
    tid, keys = links["id"], {0: links["seats"][0]["token"], 2: links["seats"][2]["token"]}
    context, page = _open(browser, f"{live_server.url}/t/{tid}#token={keys[0]}&token={keys[2]}")
    rng = random.Random(8)
    handed_to, played_by = [], set()
    for _ in range(60):
        page.wait_for_function("document.body.dataset.curtain !== undefined || document.body.dataset.status === 'over'"
                               " || (document.body.dataset.mine === '1' && !document.body.dataset.pending)")
        curtain = page.evaluate("document.body.dataset.curtain")
        if curtain is not None:
            seat = int(curtain)
            assert live_server.get(f"/api/tables/{tid}/state")["to_move"] == seat
            assert ("Ann", "Bob")[seat // 2] in page.inner_text("#curtain")
            assert page.locator("[data-card]").count() == 0 and page.inner_text("#main") == ""  # no hand on screen
            assert page.evaluate("document.body.dataset.status") == "playing"  # the game is on, behind the curtain
            if handed_to:
                page.locator("#pass-ready").click()
            else:
                page.keyboard.press("Enter")  # the curtain's button has the focus
            page.wait_for_function(f"window.fathom.you === {seat} && document.body.dataset.curtain === undefined"
                                   " && document.body.dataset.mine === '1'")
            handed_to.append(seat)
            continue
        you = page.evaluate("window.fathom.you")
        own = live_server.get(f"/api/tables/{tid}/state", keys[you])["view"]["seats"][you]
        assert _shown_hand(page) == {card for card, n in own.get("hand", {}).items() if n}
        _click_a_legal_move(page, rng, ("pay", "recruit", "rest", "sail", "dive", "play"))
        played_by.add(you)
        if len(handed_to) >= 4:
            break
    assert played_by == {0, 2} and len(handed_to) >= 4 and set(handed_to) == {0, 2}, (played_by, handed_to)
    # to the end through the HTTP API, then one Rematch seats both people on this device at the next table
    for _ in range(3000):
        state = live_server.get(f"/api/tables/{tid}/state")
        if state["to_move"] == "over":
            break
        if state["to_move"] in keys:
            seat = state["to_move"]
            legal = live_server.get(f"/api/tables/{tid}/state", keys[seat])["legal"]
            live_server.post(f"/api/tables/{tid}/act", {"action": rng.choice(legal)[1],
                                                        "expect": state["move_number"]}, token=keys[seat])
            time.sleep(0.05)  # within the server's 20 moves a second per seat key
        else:
            time.sleep(0.02)
    page.wait_for_function("document.body.dataset.status === 'over'")
    assert page.locator("#summary tr").count() == 1 + 8  # how the game went: a row per number, a column per seat
    heads = page.evaluate("[...document.querySelectorAll('#summary tr:first-child th')].map(e => e.textContent)")
    bot = live_server.get(f"/api/tables/{tid}")["seats"][1]["name"]  # the bot's name (issue 52)
    assert heads[0] == "Ann" and heads[2] == "Bob" and heads[1] == bot and bot  # one column a seat
    page.locator("[data-review='2']").click()  # each person on the device has their own review
    page.wait_for_selector("#review-dialog[open] #review-summary")
    bobs = live_server.get(f"/api/tables/{tid}/review", keys[2])
    assert page.inner_text("#review-summary").startswith(f"{len(bobs['rows'])} calls:")
    page.locator("#review-dialog .rules-close button").click()
    page.locator("#rematch-btn").click()
    page.wait_for_function(f"!location.pathname.endsWith('/{tid}')")
    page.wait_for_function("document.body.dataset.status === 'playing'")
    assert len(page.evaluate("new URLSearchParams(location.hash.slice(1)).getAll('token')")) == 2
    assert sorted(page.evaluate("Object.keys(window.fathom.device)")) == ["0", "2"]
    assert not page.errors, page.errors
    context.close()


def test_pass_and_play_a_hand_over_as_the_page_opens_shows_the_game_in_play(live_server, browser):
    """The page's first state may already ask to hand over (the turn passed while the page loaded, as at a
    rematch whose bot moved): the curtain comes before anything is drawn, and the page said "loading" for ever."""
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 8, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    tid, keys = links["id"], [seat["token"] for seat in links["seats"]]
    held: list[Any] = []

    def late(route: Any) -> None:  # both seats' first looks are answered once the turn has passed
        if len(held) == len(keys):  # answered: later looks go through
            route.continue_()
            return
        held.append((route, route.fetch()))
        if len(held) < len(keys):
            return
        first = live_server.get(f"/api/tables/{tid}/state")["to_move"]
        while (state := live_server.get(f"/api/tables/{tid}/state", keys[first]))["to_move"] == first:
            live_server.post(f"/api/tables/{tid}/act", {"action": state["legal"][0][1], "expect": state["move_number"]},
                             token=keys[first])
        for waiting, answer in held:
            waiting.fulfill(response=answer)

    context = browser.new_context()
    page = context.new_page()
    page.route("**/api/tables/*/state*", late)
    page.goto(f"{live_server.url}/t/{tid}#token={keys[0]}&token={keys[1]}")
    page.wait_for_function("document.body.dataset.curtain !== undefined")
    assert page.evaluate("document.body.dataset.status") == "playing"
    context.close()


def test_pass_and_play_watches_as_a_spectator_while_the_bots_play(live_server, browser):
    links = live_server.post("/api/tables", {"game": "deep-blue", "seed": 8, "bot_delay_ms": 700, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}, {"kind": "human", "name": "Bob"}]})
    keys = (links["seats"][0]["token"], links["seats"][2]["token"])
    context, page = _open(browser, f"{live_server.url}/t/{links['id']}#token={keys[0]}&token={keys[1]}")
    rng = random.Random(3)
    for _ in range(40):  # the people play (handing over as asked) until a turn passes to the bot
        page.wait_for_function("document.body.dataset.curtain !== undefined || "
                               "(document.body.dataset.mine === '1' && !document.body.dataset.pending)")
        if page.evaluate("document.body.dataset.curtain") is not None:
            page.locator("#pass-ready").click()
            continue
        _click_a_legal_move(page, rng, ("recruit", "rest", "pay"))
        if live_server.get(f"/api/tables/{links['id']}/state")["to_move"] == 1:
            break
    else:
        raise AssertionError("the bot never got a turn")
    # while the bot thinks (0.7 s) the page watches as anyone could: nobody's hand on screen
    page.wait_for_function("window.fathom.you === null && window.fathom.msg !== null")
    assert page.locator("#hand [data-card]").count() == 0 and page.is_visible("#main")
    page.wait_for_function("document.body.dataset.curtain !== undefined || document.body.dataset.mine === '1'")  # then the next person's turn, behind the curtain if the device must pass
    assert not page.errors, page.errors
    context.close()


def test_reconnect_and_a_killed_server_mid_game(live_server, browser):
    links, context, page = _ann_against_a_bot(live_server, browser, "deep-blue", 5)
    token = links["seats"][0]["token"]
    rng = random.Random(5)
    for _ in range(8):
        _wait_turn(page)
        _click_a_legal_move(page, rng, ("recruit", "pay", "sail", "dive"))
    _wait_turn(page)
    before = live_server.get(f"/api/tables/{links['id']}/state", token)
    # the person drops (closes the tab) and comes back with the same link: same seat, same position
    page.close()
    page = context.new_page()
    page.goto(_seat_page(live_server, links, 0))
    _wait_turn(page)
    assert page.evaluate("window.fathom.msg.you") == 0
    assert page.evaluate("window.fathom.msg.move_number") == before["move_number"]
    # the server process is killed mid-game and started again on the same database
    live_server.kill()
    page.wait_for_function("document.getElementById('conn').classList.contains('off')")
    live_server.start()
    after = live_server.get(f"/api/tables/{links['id']}/state", token)
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert after["events"] == before["events"]
    page.wait_for_function("document.getElementById('conn').classList.contains('on')")
    _wait_turn(page)
    assert page.evaluate("window.fathom.msg.move_number") == before["move_number"]
    for _ in range(5):
        if _wait_turn(page) == "over":
            break
        _click_a_legal_move(page, rng)
    assert live_server.get(f"/api/tables/{links['id']}/state", token)["move_number"] > before["move_number"]
    context.close()


def test_into_the_blue_by_clicking_dice_and_levels(live_server, browser):
    links, context, page = _ann_against_a_bot(live_server, browser, "into-the-blue", 4)
    _wait_turn(page)
    page.locator("#hint-btn").click()  # dice hints too: the expert's keep-or-reroll, in words
    page.wait_for_selector("#hint-text")
    assert page.inner_text("#hint-text").startswith("Level 3 would play:")
    rng = random.Random(4)
    start = time.time()
    rerolled = False
    while _wait_turn(page) != "over":
        assert time.time() - start < 120
        dice = page.locator("svg.die.selectable")
        if dice.count() and rng.random() < 0.6:
            move = page.evaluate("document.body.dataset.move")
            for i in rng.sample(range(dice.count()), rng.randint(1, 3)):
                page.locator("svg.die.selectable").nth(i).click()
            page.locator("#reroll-btn.legal").click()
            page.wait_for_function(f"document.body.dataset.move !== '{move}'")
            rerolled = True
        else:
            _click_a_legal_move(page, rng)
    assert rerolled
    assert "Game over" in page.inner_text("#turn-banner")
    assert page.locator("#summary tr").count() == 1 + 5
    assert not _accessibility_problems(page)
    assert not page.errors, page.errors
    context.close()


def _focused(page: Any) -> dict[str, Any]:
    return page.evaluate("""(() => { const e = document.activeElement;
      return { die: e.dataset.die ?? null, checked: e.getAttribute('aria-checked'), id: e.id,
               action: e.dataset.action ?? null, move: e.matches('#moves button.move') }; })()""")


def _tab_to(page: Any, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Press Tab until the focused element is the one ``wanted`` (of :func:`_focused`) looks for."""
    now: dict[str, Any] = {}
    for _ in range(80):
        page.keyboard.press("Tab")
        now = _focused(page)
        if wanted(now):
            return now
    raise AssertionError(f"80 presses of Tab never reached it; the last focused: {now}")


def test_into_the_blue_with_the_keyboard_alone_and_what_a_screen_reader_hears(live_server, browser):
    links, context, page = _ann_against_a_bot(live_server, browser, "into-the-blue", 4)
    _wait_turn(page)

    # choose a die to reroll: Tab reaches it, Space ticks it (and the focus stays on it), Enter rerolls
    die = _tab_to(page, lambda f: f["die"] is not None)
    assert die["checked"] == "false"
    page.keyboard.press("Space")
    assert _focused(page) == {**die, "checked": "true"}
    assert page.locator(f"svg.die.selected[data-die='{die['die']}']").count() == 1
    move = page.evaluate("document.body.dataset.move")
    _tab_to(page, lambda f: f["id"] == "reroll-btn")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.move !== '{move}'")
    # from then on Enter alone plays the game out: after each move the focus is back on the first move
    start = time.time()
    heard: set[str] = set()
    while _wait_turn(page) != "over":
        assert time.time() - start < 120
        assert _focused(page)["move"], _focused(page)
        heard.add(" ".join(page.inner_text("#announce").split()))
        move = page.evaluate("document.body.dataset.move")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.move !== '{move}'")
    # what was said aloud is what the log shows as it happens, the bot's moves included
    log = " ".join(page.inner_text("#log").split())
    said = [text for text in heard if text]
    assert said and all(part in log for text in said for part in text.split(". "))
    bot = live_server.get(f"/api/tables/{links['id']}")["seats"][1]["name"]
    assert bot and any(bot in text for text in said)  # the bot by its name
    # the log says the dice in the catalog's sentences, as the terminal does (issue 43)
    assert "Ann keeps " in log and " and rerolls one die." in log  # the one die ticked above
    assert re.search(r"Ann's (run reaches level \d|dive fails)", log) and "=" not in log
    assert page.get_attribute("#turn-banner", "role") == "status"
    assert not page.errors, page.errors
    context.close()


def test_the_deep_blue_board_by_keyboard_and_its_map_in_words(live_server, browser):
    links, context, page = _ann_against_a_bot(live_server, browser, "deep-blue", 3)
    _wait_turn(page)
    # every wreck site says what it holds: a screen reader's view of the map
    sites = page.evaluate("[...document.querySelectorAll('g.site')].map(g => g.getAttribute('aria-label'))")
    view = live_server.get(f"/api/tables/{links['id']}/state", links["seats"][0]["token"])["view"]
    assert len(sites) == len(view["sites"]) == 15
    assert sum("a face-down wreck" in s for s in sites) == sum(1 for s in view["sites"] if s.get("face_down"))
    assert any("VP to the leader; scouting spots" in s for s in sites)
    # a market card is a button a keyboard reaches, named as the moves panel names its move
    action = _tab_to(page, lambda f: (f["action"] or "").startswith("recruit"))["action"]
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    assert label.startswith(page.inner_text(f"#moves button[data-action='{action}']").strip())
    move = page.evaluate("document.body.dataset.move")
    page.keyboard.press("Enter")  # recruits: the next step is paying for it
    page.wait_for_function(f"document.body.dataset.move !== '{move}'")
    assert page.evaluate("[...document.querySelectorAll('#moves button.move')].some(b => b.dataset.action.startsWith('pay'))")
    assert not _accessibility_problems(page)
    # the turn's glows move for under 5 s and then rest lit (WCAG 2.2.2); only the thinking dots of a bot repeat
    glows = page.evaluate("""document.getAnimations().filter((a) => a instanceof CSSAnimation)
      .map((a) => [a.animationName, a.effect.getComputedTiming().endTime])""")
    assert glows and all(end <= 5000 for _, end in glows), glows
    endless = page.evaluate("""[...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => rule.style ? [rule] : [...(rule.cssRules ?? [])])  // a style rule, or those of an @media
      .filter((rule) => rule.style?.animationIterationCount === 'infinite').map((rule) => rule.selectorText)""")
    assert endless == [".thinking-mark i"], endless
    # a person whose system asks for less motion: the turn banner and the glows stop pulsing
    pulsing = "getComputedStyle(document.querySelector('.turn-banner.mine')).animationName"
    assert page.evaluate(pulsing) != "none"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(pulsing) == "none"
    assert not page.errors, page.errors
    context.close()


def test_lobby_creates_a_table_and_french_strings(live_server, browser):
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + "/?lang=fr")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.inner_text("#create h2") == "Nouvelle partie"
    page.locator("#friends > summary").click()  # a table with friends: the form with a seat per person
    assert page.is_checked("#hints")  # hints allowed unless the host says no
    assert not _accessibility_problems(page)
    page.locator("#rules-btn").click()  # how to play the chosen game, in the page's language
    page.wait_for_selector("#rules-dialog[open] h1")
    assert not _accessibility_problems(page)
    assert "Deep Blue" in page.inner_text("#rules-dialog h1") and "comment jouer" in page.inner_text("#rules-dialog h1")
    page.locator("#rules-dialog .rules-close button").click()
    page.wait_for_function("!document.getElementById('rules-dialog').open")
    page.select_option("#players", "3")
    page.select_option("select[data-seat='1']", "human")
    page.locator("#create-btn").click()
    page.wait_for_selector("#links [data-open-seat='0']")
    href = page.get_attribute("#links [data-open-seat='0']", "href")
    both = page.get_attribute("#links [data-open-device]", "href")  # two people: also one page for both
    assert both.count("token=") == 2 and page.inner_text("#links [data-open-device]") == "Jouer ces sièges ici"
    assert "#token=0." in href
    page.goto(live_server.url + href)
    page.wait_for_function("document.body.dataset.status === 'playing'")
    assert page.inner_text("#game-name") == "Deep Blue"
    text = page.inner_text("body")
    assert "JOURNAL" in text.upper() and "Une partie à 3 joueurs commence\u202f: Eaux troubles." in text
    page.locator("#rules-btn").click()
    page.wait_for_selector("#rules-dialog[open] h2")
    assert "Une plongée" in page.inner_text("#rules-dialog")
    assert not errors, errors
    context.close()


def test_the_lobby_goes_on_with_a_saved_game(live_server, browser, tmp_path):
    import fathom
    from fathom.bots.registry import make_bot
    from fathom.core.driver import play

    state = fathom.new_game("into-the-blue", players=3, seed=9)
    play(state, [make_bot("1", "into-the-blue", seed=s) for s in range(3)], max_steps=40)
    save = tmp_path / "game.json"
    save.write_text(state.to_json(indent=2))
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.set_input_files("#save", str(save))  # the form takes the save's game and table size
    page.wait_for_function("document.getElementById('save-info').textContent.includes('40 moves so far')")
    assert page.input_value("#game") == "into-the-blue" and page.input_value("#players") == "3"
    page.locator("#create-btn").click()
    page.wait_for_selector("#links [data-open-seat='0']")
    page.goto(live_server.url + page.get_attribute("#links [data-open-seat='0']", "href"))
    page.wait_for_function("window.fathom.msg && window.fathom.msg.move_number >= 40")
    tid = page.evaluate("location.pathname.split('/')[2]")
    token = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('token')")
    live = live_server.get(f"/api/tables/{tid}/state", token)
    saved_story = state.events(0)
    assert live["events"][:len(saved_story)] == saved_story  # the save's story, then the moves made here
    context.close()


def test_an_open_seat_is_taken_from_the_lobby(live_server, browser):
    host, stranger = browser.new_context(), browser.new_context()
    page = host.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.select_option("#game", "into-the-blue")
    page.locator("#friends > summary").click()
    page.select_option("select[data-seat='1']", "open")  # left to whoever comes first
    page.locator("#create-btn").click()
    page.wait_for_selector("#links [data-open-seat='0']")
    table = page.evaluate("document.getElementById('links').dataset.table")
    other = stranger.new_page()
    other.goto(live_server.url + "/")
    other.wait_for_selector(f"[data-take='{table}'][data-seat='1']")
    other.locator(f"[data-take='{table}'][data-seat='1']").click()
    assert other.inner_text("#take-error") == "Type your name first."
    other.fill("#my-name", "Cy")
    other.locator(f"[data-take='{table}'][data-seat='1']").click()
    other.wait_for_function("window.fathom && window.fathom.you === 1")  # seated, at the table
    assert live_server.get(f"/api/tables/{table}")["seats"][1]["name"] == "Cy"
    page.goto(live_server.url + "/")  # the lobby offers it no more
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.wait_for_selector("#table-list li")
    assert page.locator(f"[data-take='{table}']").count() == 0
    host.close()
    stranger.close()


def test_on_a_phone_no_page_is_wider_than_the_screen_and_the_moves_are_a_tap_away(live_server, browser):
    """390 px wide: the lobby (with its seat links after creating a table) and both games' table pages;
    at a table, the moves are a bar at the screen's foot (issue 52)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_server.url + "/?lang=fr")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.locator("#friends > summary").click()
    page.locator("#create-btn").click()
    page.wait_for_selector("#links [data-open-seat='0']")
    overflow = "document.documentElement.scrollWidth - 390"
    assert page.evaluate(overflow) <= 0
    for game in ("deep-blue", "into-the-blue"):
        links = live_server.post("/api/tables", {"game": game, "seed": 2, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}, {"kind": "bot", "bot": "1"}]})
        page.goto(_seat_page(live_server, links, 0))
        page.wait_for_function("document.body.dataset.status === 'playing'")
        assert page.evaluate(overflow) <= 0, game
        assert not _accessibility_problems(page), game  # in French, on a phone
        # issue 52: the instruction and its buttons ride a bar at the screen's foot, in view at once
        page.wait_for_function("document.body.dataset.mine === '1'")
        assert page.evaluate("""() => [...document.querySelectorAll('#moves .prompt, #moves button.move')].every((b) => {
          const r = b.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })""")
        assert not page.locator("#to-moves").is_visible()  # nothing to scroll to
    context.close()
