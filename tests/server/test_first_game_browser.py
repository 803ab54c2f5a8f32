"""Issue 52 in a real browser: moves by name in English and French, the card being paid for stands
out, the log in the order things happen, a sail by its destination, forced moves played for the
person, and "Since your last move" kept through the turn. Screenshots go to /tmp."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.filterwarnings("ignore")

SHOTS = "/tmp/fathom-issue52"


def _table(server: Any, seed: int = 8) -> tuple[str, str]:
    links = server.post("/api/tables", {"game": "deep-blue", "seed": seed,
                                        "options": {"hidden_scores": False, "first_player": 0},
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    return links["id"], links["seats"][0]["token"]


def _page(browser: Any, server: Any, tid: str, token: str, lang: str = "en") -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(f"localStorage.setItem('fathom.lang', '{lang}')")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.url}/t/{tid}#token={token}")
    _my_turn(page)
    return context, page


def _my_turn(page: Any) -> None:
    page.wait_for_function("document.body.dataset.mine === '1' && !document.body.dataset.pending")


def _click(page: Any, action: str) -> None:
    move = page.evaluate("document.body.dataset.move")
    page.locator(f"#moves button[data-action='{action}']").click()
    page.wait_for_function(f"document.body.dataset.move !== '{move}'")
    _my_turn(page)


def _shot(page: Any, name: str) -> None:
    import os

    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def test_moves_by_name_in_both_languages_and_the_card_being_paid_for(browser: Any, live_server: Any) -> None:
    tid, token = _table(live_server)
    state = live_server.get(f"/api/tables/{tid}/state", token)
    market = {m["slot"]: m for m in state["view"]["market"]}
    names = {c["id"]: c["name"] for c in state["describe"]["cards"]}
    en_ctx, en = _page(browser, live_server, tid, token, "en")
    fr_ctx, fr = _page(browser, live_server, tid, token, "fr")
    try:
        buttons = en.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.textContent.trim())")
        assert not [b for b in buttons if "slot" in b], buttons  # no move by slot number
        for m in market.values():
            card = en.evaluate(f"window.fathom.renderer.cardName('{m['card']}')")
            assert card == names[m["card"]]  # the box's English name, not its id
            assert f"Recruit {card} (${m['price']})" in buttons
        fr_buttons = fr.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.textContent.trim())")
        fr_card = fr.evaluate(f"window.fathom.renderer.cardName('{market[2]['card']}')")
        assert f"Recruter {fr_card} ({market[2]['price']} $)" in fr_buttons, fr_buttons
        assert not [b for b in fr_buttons if "case" in b], fr_buttons
        _shot(fr, "moves-fr")
        # recruiting slot 2: the prompt names the card, the card stands out while it is paid for
        card = en.evaluate(f"window.fathom.renderer.cardName('{market[2]['card']}')")
        _click(en, "recruit slot2")
        prompt = en.inner_text("#moves .prompt")
        assert re.match(rf"Pay \d+ more for {re.escape(card)}", prompt), prompt
        assert en.locator(f".market .card.buying[data-card='{market[2]['card']}']").count() == 1
        pay = en.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.textContent.trim())")
        assert all(re.match(r"(Pay with .+ \(\$\d\)|1 Pay a token)$", b) for b in pay), pay
        _shot(en, "paying-en")
        while en.evaluate("window.fathom.msg.view.phase") == "pay":
            first = en.evaluate("window.fathom.msg.legal[0][1]")
            move = en.evaluate("document.body.dataset.move")
            en.locator(f"#moves button[data-action='{first}']").click()
            en.wait_for_function(f"document.body.dataset.move !== '{move}'")
        # the log in the order things happened: the choice, the payments, the hire
        log = en.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent.trim())")
        said = [i for i, line in enumerate(log) if line.startswith("Ann ")]
        ann = [log[i] for i in said]
        start = next(i for i, line in enumerate(ann) if line.startswith(f"Ann recruits {card} for $"))
        assert ann[start + 1].startswith("Ann plays ") and f"Ann hires {card}." in ann[start + 2:]
        assert not [line for line in log if re.fullmatch(r"Ann pays \$\d\.", line)]
        assert en.errors == [] and fr.errors == []  # type: ignore[attr-defined]
    finally:
        en_ctx.close()
        fr_ctx.close()


def test_sail_by_destination_and_forced_moves(browser: Any, live_server: Any) -> None:
    tid, token = _table(live_server, seed=9)
    ctx, page = _page(browser, live_server, tid, token)
    try:
        _click(page, "sail")
        for card in ("pay skipper", "pay deckhand", "pay helmsman"):
            _click(page, card)
        # every propeller paid: "done" was the only move, and the server played it (no click)
        assert page.evaluate("window.fathom.msg.view.phase") == "sail-move"
        table = live_server.get(f"/api/tables/{tid}/state", token)
        assert table["view"]["step"]["movement"] == 4
        routes = page.evaluate("window.fathom.msg.move_facts.routes")
        far = next(r for r in routes if r["boat"] == 1 and len(r["steps"]) == 3)
        assert page.locator("g.route[data-to]").count() >= len([r for r in routes if r["boat"] == 1])
        _shot(page, "sail-targets")
        move = page.evaluate("document.body.dataset.move")
        page.locator(f"g.route[data-to='{far['to']}']").click()
        page.wait_for_function(f"+document.body.dataset.move >= {int(move) + 3} && !document.body.dataset.pending")
        boats = page.evaluate("window.fathom.msg.view.seats[0].boats")
        assert boats[0]["node"] == far["to"]
        assert page.evaluate("window.fathom.msg.view.step.movement") == 1
        _shot(page, "sailed")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_since_your_last_move_folds_orders_and_stays(browser: Any, live_server: Any) -> None:
    tid, token = _table(live_server, seed=8)
    ctx, page = _page(browser, live_server, tid, token)
    try:
        # the list itself: dives and scores first, repeated lines folded, this seat's own clicks left out
        got = page.evaluate("""async () => {
          const { sinceLines } = await import('/static/js/since.js');
          const ev = [{type: 'sail', seat: 0}, {type: 'rest', seat: 1, drawn: 3},
            {type: 'rest-draw', seat: 1}, {type: 'rest-draw', seat: 1}, {type: 'rest-draw', seat: 1},
            ...Array.from({length: 20}, (_, i) => ({type: 'move', seat: 2, boat: 1, to: 'B' + i})),
            {type: 'dive', seat: 2, site: 'S1'}, {type: 'gem', gem: 'red'}, {type: 'stop', seat: 2},
            {type: 'dive-scored', seat: 2, vp: 5}, {type: 'recruit', seat: 0}, {type: 'pay', seat: 0}];
          const say = (e) => e.type + (e.to || '') + (e.seat ?? '');
          return [sinceLines(ev, 0, say), sinceLines(ev.filter((e) => e.type !== 'move'), 0, say)];
        }""")
        lines = [(x["html"], x["n"]) for x in got[0]["lines"]]
        assert lines[:3] == [("dive2", 1), ("stop2", 1), ("dive-scored2", 1)]  # however long the rest
        # the others: rest, rest-draw x3 (one line), 20 sails, the gem: the newest 12 kept, 11 counted
        assert got[0]["hidden"] == 11 and len(lines) == 3 + 12 and lines[-1] == ("gem", 1)
        short = [(x["html"], x["n"]) for x in got[1]["lines"]]
        assert short == [("dive2", 1), ("stop2", 1), ("dive-scored2", 1), ("rest1", 1), ("rest-draw1", 3), ("gem", 1)]
        assert all(not h.startswith(("recruit", "pay", "sail0")) for h, _ in lines)
        # on the page: the first turn has nothing to tell; the next keeps it through the person's clicks
        assert not page.locator("#since").is_visible()
        _click(page, "rest")
        _my_turn(page)
        assert page.locator("#since").is_visible()
        before = page.inner_text("#since ol")
        assert "Nothing else happened" not in before
        _click(page, page.evaluate("window.fathom.msg.legal.find(m => m[1] === 'sail' || m[1].startsWith('recruit'))[1]"))
        assert page.locator("#since").is_visible() and page.inner_text("#since ol") == before
        _shot(page, "since")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
