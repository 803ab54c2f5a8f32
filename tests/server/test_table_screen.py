"""Issue 52 in a real browser: what a decision needs is on one screen (1280×800, 1440×900, a 390×844
phone), every card explains itself in English and French, and the end screen shows the engine's
places and totals."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from server_helpers import bearer, map_laid_out, motion_done, off_screen, open_page

import fathom

pytestmark = pytest.mark.filterwarnings("ignore")

def _act(server: Any, tid: str, token: str, action: str) -> None:
    """One move over HTTP, waiting out the server's rate limit (429) rather than failing on it."""
    req = urllib.request.Request(f"{server.url}/api/tables/{tid}/act", data=json.dumps({"action": action}).encode(),
                                 headers={"Content-Type": "application/json", **bearer(token)})
    for _ in range(30):
        try:
            urllib.request.urlopen(req, timeout=60).read()
            time.sleep(0.035)
            return
        except urllib.error.HTTPError as err:
            if err.code != 429:
                raise
            time.sleep(1)
    raise AssertionError("rate limited for 30 s")


def _people(server: Any, game: str, n: int = 4, seed: int = 6) -> dict[str, Any]:
    names = ["Ann", "Bob", "Cy", "Di", "Eve"][:n]
    return server.post("/api/tables", {"game": game, "seed": seed, "seats": [{"kind": "human", "name": x} for x in names]})


def _choose(legal: list[str], rng: random.Random, bold: bool) -> str:
    """Ann dives and draws on; the others sail, recruit and stop early."""
    for first in (("dive ", "continue", "rush") if bold else ("stop", "resurface")):
        found = [a for a in legal if a.startswith(first)]
        if found:
            return rng.choice(found)
    for first in ("sail boat", "play ", "defend", "scout", "recruit", "sail", "pay"):
        found = [a for a in legal if a.startswith(first)]
        if found and rng.random() < 0.85:
            return rng.choice(found)
    return rng.choice(legal)




IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((el) => {
  const r = el.getBoundingClientRect();
  return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
}).map((el) => (el.dataset.action || el.dataset.card || el.id || el.className) + '')"""

SHOWN = """(sel) => [...document.querySelectorAll(sel)].filter((el) => !el.hidden).filter((el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
    el.dataset.clippedBy = `the window ${innerWidth}x${innerHeight} vs ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`; return true; }
  for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
    if (getComputedStyle(up).overflowY === 'visible') continue;  // a scrolling box: el must not be scrolled out of it
    const b = up.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) { el.dataset.clippedBy = `${up.id || up.className} ${Math.round(b.top)}-${Math.round(b.bottom)} vs ${Math.round(r.top)}-${Math.round(r.bottom)}`; return true; }
  }
  return false;
}).map((el) => (el.id || el.className) + ' ' + (el.dataset.clippedBy || ''))"""


HAND_INSIDE = """() => { const p = document.getElementById('hand').getBoundingClientRect();
  return [...document.querySelectorAll('#hand .hand-row .card')].filter((c) => { const r = c.getBoundingClientRect();
    return r.left < p.left - 1 || r.right > p.right + 1; }).map((c) => c.dataset.card); }"""

SEATS = """() => [...document.querySelectorAll('#players .player')].map((e) => { const r = e.getBoundingClientRect();
  return [Math.round(r.top), Math.round(r.height)]; })"""


DIVE_HAZARDS = """(drawn) => { const r = window.fathom.renderer, dive = r.view.dive, saved = dive.drawn;
  dive.drawn = drawn; const html = r.diveHtml(window.fathom.msg); dive.drawn = saved;
  return (html.match(/class="drawn hazard"/g) || []).length; }"""


def _hazards_drawn(drawn: list[str]) -> int:
    """R-DB-9 as the engine counts it (dive_model.is_hazard): the drawn gems the page must mark as hazards."""
    from fathom.games.deep_blue.data import GEMS
    from fathom.games.deep_blue.dive_model import is_hazard

    seen: dict[str, int] = {}
    hazards = 0
    for gem in drawn:
        hazards += is_hazard(GEMS.index(gem), seen.get(gem, 0))
        seen[gem] = seen.get(gem, 0) + 1
    return hazards


def test_during_a_dive_the_person_leads_everything_the_call_needs_is_on_screen(live_server, browser):
    # one game, watched at both desktop sizes at once (two pages of the same seat)
    links = _people(live_server, "deep-blue")
    tid, tokens = links["id"], [s["token"] for s in links["seats"]]
    sizes = [(1280, 800), (1440, 900)]
    opened = [open_page(browser, live_server.url + links["seats"][0]["url"], size) for size in sizes]
    rng = random.Random(6)
    checked = {"lead": 0, "big_hand": 0, "since": 0}
    seats_at: dict[tuple[int, int], set[str]] = {size: set() for size in sizes}
    for _ in range(1200):
        state = live_server.get(f"/api/tables/{tid}/state")
        seat = state["to_move"]
        if seat == "over" or (checked["lead"] >= 3 and checked["big_hand"] >= 2):
            break
        if not isinstance(seat, int):
            time.sleep(0.05)
            continue
        mine = live_server.get(f"/api/tables/{tid}/state", tokens[seat])
        legal = [m[1] for m in mine["legal"]]
        leading = seat == 0 and "continue" in legal and mine["view"]["dive"]["leader"] == 0
        hand = sum(1 for n in mine["view"]["seats"][0]["hand"].values() if n) if seat == 0 else 0
        for size, (_, page) in zip(sizes, opened):
            if seat != 0:  # the turn passes: the seats' boards stay where they were
                page.wait_for_function(f"document.body.dataset.move === '{mine['move_number']}'")
                seats_at[size].add(json.dumps(page.evaluate(SEATS)))
                continue
            page.wait_for_function(f"document.body.dataset.move === '{mine['move_number']}' && document.body.dataset.mine === '1'")
            wanted = ["#moves .prompt", "#moves button", "#hand .hand-row .card", "#players .player", "#board"]
            if leading:
                wanted.append("#odds")
                assert "Next draw is a hazard" in page.inner_text("#odds")
                assert "Your VP if the dive stopped now" in page.inner_text("#odds")
                assert page.locator("#dive .drawn.hazard").count() == _hazards_drawn(mine["view"]["dive"]["drawn"])
                drawn = ["blue", "green", "blue", "black", "blue"]  # the page marks hazards as the engine counts them
                assert page.evaluate(DIVE_HAZARDS, drawn) == _hazards_drawn(drawn) == 2
            for sel in wanted:
                assert off_screen(page, IN_VIEW, sel) == [], (size, sel, mine["move_number"])
            # "Since your last move" (issue 52): the whole panel in view, not scrolled out of its column
            if page.evaluate("!document.getElementById('since').hidden"):
                assert off_screen(page, SHOWN, "#since") == [], (size, "since", mine["move_number"])
                checked["since"] += size == sizes[0]
            for sel in ("#moves", "#odds"):
                assert off_screen(page, SHOWN, sel) == [], (size, sel, mine["move_number"])
            assert off_screen(page, HAND_INSIDE) == [], (size, "hand card outside its panel")
            assert page.locator("#hand .hand-row .card").count() == hand
            assert page.evaluate("scrollY") == 0 and page.evaluate("document.documentElement.scrollWidth") <= size[0]
            seats_at[size].add(json.dumps(page.evaluate(SEATS)))
        checked["lead"] += leading
        checked["big_hand"] += hand >= 4
        _act(live_server, tid, tokens[seat], _choose(legal, rng, bold=seat == 0))
    assert checked["lead"] >= 3 and checked["big_hand"] >= 1 and checked["since"] >= 3, checked
    for size, (context, page) in zip(sizes, opened):
        assert len(seats_at[size]) == 1, (size, seats_at[size])  # no reflow of the seats' boards, whoever is to move
        assert not page.errors, page.errors
        context.close()


def _until(server: Any, links: dict[str, Any], done: Any, rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """People's moves over HTTP until ``done(seat, state as that seat sees it)``; returns that state."""
    tid, tokens = links["id"], [s["token"] for s in links["seats"]]
    for _ in range(limit):
        state = server.get(f"/api/tables/{tid}/state")
        seat = state["to_move"]
        if seat == "over":
            return state
        if not isinstance(seat, int):
            time.sleep(0.05)
            continue
        mine = server.get(f"/api/tables/{tid}/state", tokens[seat])
        if done(seat, mine):
            return mine
        _act(server, tid, tokens[seat], _choose([m[1] for m in mine["legal"]], rng, bold=True))
    raise AssertionError("never reached")


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_on_a_phone_the_instruction_and_buttons_are_in_view_and_nothing_is_clipped(live_server, browser):
    links = _people(live_server, "deep-blue", 2)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.mine === '1'")
    motion_done(page)
    map_laid_out(page)
    assert off_screen(page, IN_VIEW, "#moves .prompt") == [] and off_screen(page, IN_VIEW, "#moves button") == []
    sizes = page.evaluate("[...document.querySelectorAll('#moves button')].map((b) => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the map pans: its site labels and scouting spots are readable and big enough to tap
    labels = page.evaluate("[...document.querySelectorAll('.site-slot .node-label')].map((e) => e.getBoundingClientRect().height)")
    assert labels and min(labels) >= 12, labels
    spots = page.evaluate("[...document.querySelectorAll('.spot .hit')].map((e) => e.getBoundingClientRect().width)")
    assert spots and min(spots) >= 24, spots
    # a tap on a spot explains it
    spot = page.locator(".spot").first
    spot.scroll_into_view_if_needed()
    spot.tap()
    page.wait_for_selector("#tip:not([hidden])")
    assert "VP" in page.inner_text("#tip") or "hazard" in page.inner_text("#tip")
    context.close()
    # Into the Blue: the shell counts are never clipped at the board's right edge
    links = _people(live_server, "into-the-blue", 4, seed=3)
    _until(live_server, links, lambda seat, st: seat == 0 and st["move_number"] > 60, random.Random(3))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live_server.url + links["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.mine === '1'")
    page.wait_for_function("document.querySelectorAll('.level .shell b').length >= 4")  # laid out
    motion_done(page)  # and still: a shell dropping onto its level is measured where it lands
    clipped = off_screen(page, """() => [...document.querySelectorAll('.level .shell b')].flatMap((b) => {
      const r = b.getBoundingClientRect(), level = b.closest('.level').getBoundingClientRect();
      return r.right > level.right - 2 || r.right > innerWidth
        ? [`${b.textContent} ends at ${Math.round(r.right)}, its level at ${Math.round(level.right)}`] : []; })""")
    assert page.locator(".level .shell b").count() >= 4 and clipped == [], clipped
    assert off_screen(page, IN_VIEW, "#moves .prompt") == [] and off_screen(page, IN_VIEW, "#moves button") == []
    sizes = page.evaluate("""[...document.querySelectorAll('#moves button, .dice .die.selectable, .level.legal')]
      .map((b) => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })""")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes  # the bar's buttons, the dice, the levels
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def _catalog(lang: str) -> dict[str, str]:
    """The page's strings as the server sends them (French typography set)."""
    from fathom.server.i18n import strings

    return {k: v for k, v in strings(lang).items() if isinstance(v, str)}


def _say(ui: dict[str, str], key: str, **params: Any) -> str:
    """A catalog string as the pages fill it (``key.one`` for n = 1)."""
    text = ui.get(key + ".one") if params.get("n") == 1 and key + ".one" in ui else ui[key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def test_every_card_spot_and_token_explains_itself(live_server, browser):
    describe = fathom.new_game("deep-blue", players=2, seed=1).game.describe()
    links = _people(live_server, "deep-blue", 2)
    for lang in ("en", "fr"):  # one table read in both languages
        context, page = open_page(browser, live_server.url + links["seats"][0]["url"], (1440, 900), lang)
        _cards_spots_and_tokens_explain_themselves(page, _catalog(lang), describe)
        context.close()


def _cards_spots_and_tokens_explain_themselves(page: Any, ui: dict[str, str], describe: dict[str, Any]) -> None:
    for card in describe["cards"]:
        tip = page.evaluate("(id) => window.fathom.renderer.cardTip(id)", card["id"]).split("\n")
        name = ui["card." + card["id"]]
        assert tip[0] == name
        want = []
        needs = [_say(ui, "tip.card.needs_gem", n=n, gem=ui["gem." + g]) for g, n in card["needs"].items()]
        if card["needs_any"]:
            needs.append(_say(ui, "tip.card.needs_any", n=card["needs_any"]))  # what "8×◆" means
        if needs:
            want.append(_say(ui, "tip.card.needs", needs=" + ".join(needs), vp=card["vp"]))
        elif card["protects"]:
            want.append(_say(ui, "tip.card.protects", gem=ui["gem." + card["protects"]]))  # the shield
        else:
            want.append(ui["tip.card.anchor"])  # what ⚓ means
        if card["cash"]:
            want.append(_say(ui, "tip.card.cash", n=card["cash"]))
        if card["propellers"]:
            want.append(_say(ui, "tip.card.props", n=card["propellers"]))
        if card["adds_gem"]:
            want.append(_say(ui, "tip.card.adds", gem=ui["gem." + card["adds_gem"]]))  # what "+◆" means
        assert [line for line in want if line not in tip] == [], (card["id"], tip)
    # hovering a market card shows its explanation, with its price; price and VP do not look alike
    market = page.locator(".market .card[data-card]").first
    market.hover()
    page.wait_for_selector("#tip:not([hidden])")
    shown = page.inner_text("#tip")
    assert shown.splitlines()[0] == ui["card." + market.get_attribute("data-card")]
    assert any(_say(ui, "tip.card.price", n=p) in shown for p in describe["market_prices"])
    looks = page.evaluate("""() => [document.querySelector('.market .price .cash'), document.querySelector('.market .vp')]
      .map((e) => e && getComputedStyle(e).backgroundImage + getComputedStyle(e).backgroundColor + getComputedStyle(e).borderRadius)""")
    assert looks[0] and looks[1] and looks[0] != looks[1]
    # a scouting spot says what it gives, with the box's numbers, and who holds it
    spot = page.locator(".spot").first
    kind = spot.get_attribute("data-spot")
    spot.hover()
    page.wait_for_selector("#tip:not([hidden])")
    shown = page.inner_text("#tip")
    rates = describe["gem_vp"].get(kind)
    gem = ui["gem." + kind]
    expected = _say(ui, "tip.spot.treasure", gem=gem, on_spot=rates["on_spot"], plain=rates["plain"]) if rates \
        else _say(ui, "tip.spot.hazard", gem=gem)
    assert expected in shown and (ui["tip.spot.free"] in shown or "Taken" in shown or "Occupé" in shown)
    # a seat's tokens
    page.locator(".player[data-seat='0'] .token").hover()
    page.wait_for_selector("#tip:not([hidden])")
    tokens = page.evaluate("window.fathom.msg.view.seats[0].tokens")
    assert page.inner_text("#tip") == _say(ui, "tip.tokens", n=tokens)
    # the rules dialog lists every card
    page.locator("#rules-btn").click()
    page.wait_for_selector("#rules-dialog[open] #card-list")
    assert page.locator("#card-list tr").count() == 1 + len(describe["cards"])
    assert not page.errors, page.errors


def _engine_state(server: Any, tid: str) -> Any:
    with urllib.request.urlopen(f"{server.url}/api/tables/{tid}/save", timeout=30) as r:
        return fathom.load(r.read().decode())


@pytest.mark.parametrize("game,lang", [("deep-blue", "fr"), ("into-the-blue", "en")])
def test_the_end_screen_shows_the_engines_places_and_totals(live_server, browser, game, lang):
    # four seats with long names: the results must still fit the side column at 1280×800
    # the game is played out here in the engine (a thousand HTTP round trips took 30 s) and the table made from
    # its save: the end screen is the same page whichever way the last move arrived
    played, rng = fathom.new_game(game, players=4, seed=4), random.Random(4)
    while not played.is_terminal():
        if played.is_chance_node():
            played.apply(played.sample_chance())
        else:
            played.apply_text(_choose([played.action_to_string(a) for a in played.legal_actions()], rng, bold=True))
    links = live_server.post("/api/tables", {"game": game, "save": played.to_dict(), "seats": [
        {"kind": "human", "name": x} for x in ("Eugenie", "Auguste", "Bartholomew", "Maximilienne")]})
    state = _engine_state(live_server, links["id"])
    assert state.is_terminal()
    scores, winners = state.scores(), state.winners()
    context, page = open_page(browser, live_server.url + links["seats"][0]["url"], (1440, 900), lang)
    page.wait_for_selector("#results")
    cells = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#results td[data-row]')]
      .map((td) => [td.dataset.row + ':' + td.dataset.seat, td.textContent.trim()]))""")
    ranks = {seat: 1 + sum(1 for other in range(4) if scores[other] > scores[seat]
                           or (scores[other] == scores[seat] and other in winners and seat not in winners))
             for seat in range(4)}
    for seat in range(4):
        assert float(cells[f"total:{seat}"]) == scores[seat]
        assert int(cells[f"rank:{seat}"]) == ranks[seat]
    first = page.evaluate("[...document.querySelectorAll('#results th[data-seat]')].map((th) => +th.dataset.seat)")
    assert first[: len(winners)] == sorted(winners)  # the winners' columns first
    ui = _catalog(lang)
    names = [s["name"] for s in links["seats"]]
    banner = page.inner_text("#turn-banner")
    assert _say(ui, "t.winner", names=", ".join(names[w] for w in winners), n=len(winners)) in banner
    if game == "into-the-blue":
        shown = page.evaluate("[...document.querySelectorAll('#treasures tr')].map((tr) => [+tr.dataset.level, [...tr.querySelectorAll('.chip')].map((c) => +c.dataset.seat)])")
        awards = state.awards()
        assert shown == [[level, [a.seat for a in awards if a.level == level]] for level in sorted({a.level for a in awards})]
    else:
        for seat in range(4):
            by_source = sum(int(cells[f"{name}:{seat}"]) for name in ("wreck", "cards", "gems", "scenario"))
            assert by_source == scores[seat] == int(cells[f"led:{seat}"]) + int(cells[f"joined:{seat}"])
    assert not page.errors, page.errors
    context.close()
    # at 1280×800 the results fit the side column: no seat's column cut off at its right edge
    context, page = open_page(browser, live_server.url + links["seats"][0]["url"], (1280, 800), lang)
    page.wait_for_selector("#results")
    cut = page.evaluate("""() => { const box = document.querySelector('#results').closest('.table-scroll').getBoundingClientRect();
      return [...document.querySelectorAll('#results th, #results td')].filter((c) => c.getBoundingClientRect().right > box.right + 1).length; }""")
    assert cut == 0
    context.close()


def test_a_hand_of_eight_different_cards_stays_inside_its_panel(live_server, browser):
    """Eight kinds of card in hand (greedy bots, seed 3, move 284): each card narrowed into the panel,
    none cut off at its right edge (they stopped at 50 px each and the last ones were clipped)."""
    from fathom.bots.registry import make_bot

    state = fathom.new_game("deep-blue", players=3, seed=3)
    bots = [make_bot("1", "deep-blue", 30 + s) for s in range(3)]
    while state.move_number() < 284 or state.current_player != 0:
        state.apply(state.sample_chance() if state.is_chance_node() else bots[state.current_player].choose(state))
    kinds = sum(1 for n in state.view(0)["seats"][0]["hand"].values() if n)
    assert kinds == 8
    links = live_server.post("/api/tables", {"game": "deep-blue", "save": state.to_dict(),
                                             "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"},
                                                       {"kind": "bot", "bot": "1"}]})
    for size in ((1280, 800), (1440, 900)):
        context, page = open_page(browser, live_server.url + links["seats"][0]["url"], size)
        page.wait_for_function("document.body.dataset.mine === '1'")
        assert page.locator("#hand .hand-row .card").count() == kinds
        assert off_screen(page, HAND_INSIDE) == [] and off_screen(page, IN_VIEW, "#hand .hand-row .card") == [], size
        assert not page.errors, page.errors
        context.close()
