// Motion: what changed on the table since the last picture, shown as it happened. Before each render
// the page notes where things were (boats, market cards, the dive's gems, the dice tray); after it, the new
// events say what moved, and each kind gets its own short animation (Web Animations API):
//   boat   - a boat glides along the route it sailed        rush      - a boat hurries to the dive site
//   gem    - a drawn gem drops from the bag onto the dive    resurface - the diver's boats rise off the tile
//   hire   - a hired card travels from the market to its owner
//   reveal - a wreck tile turns face up                     score     - "+N VP" floats from the site to the seat
//   dice   - Into the Blue's rolled dice tumble in          shells    - placed shells drop from the tray to their level
// A person whose system asks for less motion gets the same changes as plain highlights, no movement.
// The last move of every other seat stays marked until this seat moves again (marks()).

import { t, esc } from "./common.js";

const ACTIONS = new Set(["sail", "move", "scout", "recruit", "refresh", "rest", "dive", "rush", "defend", "resurface",
  "stop", "play", "pay", "hire", "reroll", "place"]); // what a seat does (a roll is the dice's, a score the dive's)

export class Motion {
  constructor(app) {
    this.app = app;
    this.still = matchMedia("(prefers-reduced-motion: reduce)");
    this.hold = false; // tests: every animation starts paused, to be measured, then released
    this.played = []; // [{kind, key, before, after, animation}] newest last (tests and the curious)
    this.shot = null;
  }

  /** How long one move's motion lasts: most of the bots' pace, so one ends before the next begins. */
  duration() {
    const pace = this.pace();
    return pace > 0 ? Math.max(180, Math.min(700, pace * 0.8)) : 450;
  }

  pace() { return this.app.msg?.table?.settings?.bot_delay_ms ?? 0; }

  /** Where things are now, before the page is drawn anew. */
  before() {
    this.shot = {
      boats: new Map([...document.querySelectorAll("[data-boat-key] > g.boat")].map((el) => [el.parentNode.dataset.boatKey, box(el)])),
      market: [...document.querySelectorAll(".market [data-card]")].map((el) => ({ card: el.dataset.card, box: box(el), clone: el.cloneNode(true) })),
      gems: document.querySelectorAll(".dive-board .drawn:not(.pending)").length,
      bag: document.querySelector("#bag .bag-icon") ? box(document.querySelector("#bag .bag-icon")) : null,
      tray: document.querySelector(".dice-tray") ? box(document.querySelector(".dice-tray")) : null,
    };
  }

  /** After the render: animate what ``fresh`` (the events just received) changed. */
  after(fresh) {
    const shot = this.shot;
    this.shot = null;
    if (!shot || !fresh.length) return;
    if (!document.getElementById("board")) { this.diceAndShells(fresh, shot); return; }
    const moved = new Map(); // boat key -> [kind, route of node ids]
    for (const e of fresh) {
      const key = `${e.seat}-${e.boat}`;
      if (e.type === "move") {
        const route = moved.get(key)?.[1] || [e.from];
        moved.set(key, ["boat", [...route, e.to]]);
      } else if (e.type === "rush") moved.set(key, ["rush", []]);
      else if (e.type === "resurface") {
        for (const b of [1, 2]) moved.set(`${e.seat}-${b}`, ["resurface", []]);
      }
    }
    for (const [key, [kind, route]] of moved) this.boat(key, kind, route, shot);
    for (const e of fresh) {
      if (e.type === "hire") this.hire(e, shot);
      if (e.type === "reveal") this.reveal(e.site);
      if (e.type === "dive-scored" && typeof e.vp === "number" && e.vp > 0) this.score(e, e.site);
    }
    this.gems(shot);
  }

  // ---- the kinds --------------------------------------------------------------------------
  boat(key, kind, route, shot) {
    const el = document.querySelector(`[data-boat-key="${key}"]`);
    const was = shot.boats.get(key);
    if (!el || !was) return;
    const now = box(el.querySelector("g.boat")); // the boat itself, without a last-move ring
    const scale = svgScale();
    const dx0 = (centre(was).x - centre(now).x) / scale, dy0 = (centre(was).y - centre(now).y) / scale;
    if (Math.abs(dx0) < 1 && Math.abs(dy0) < 1) return;
    const r = this.app.renderer;
    // the nodes between the first and the last of the route, as offsets from where the boat now is
    const here = route.length ? r.nodes[route[route.length - 1]] : null;
    const via = here ? route.slice(1, -1).map((id) => [(r.X(r.nodes[id].x) - r.X(here.x)), (r.Y(r.nodes[id].y) - r.Y(here.y))]) : [];
    const frames = [[dx0, dy0], ...via, [0, 0]];
    if (kind === "resurface") frames.splice(1, 0, [dx0 / 2, dy0 / 2 - 40]); // up off the tile first
    const keyframes = frames.map(([x, y], i) => ({ transform: `translate(${x}px, ${y}px)`, offset: i / (frames.length - 1) }));
    if (kind === "rush") keyframes.forEach((k, i) => (k.filter = i === keyframes.length - 1 ? "none" : "drop-shadow(0 0 6px #7fe3ff)"));
    this.play(kind, key, el, keyframes, was, now, kind === "rush" ? 0.75 : 1 + 0.25 * via.length);
  }

  hire(e, shot) {
    const from = shot.market.find((m) => m.card === e.card);
    const you = this.app.msg?.you;
    const target = e.seat === you ? document.querySelector(`#hand .hand-row [data-card="${cssEsc(e.card)}"]`)
      : document.querySelector(`.player[data-seat="${e.seat}"]`);
    if (!from || !target) return;
    const to = box(target);
    if (this.calm(target)) return;
    const layer = overlay();
    const card = from.clone;
    card.classList.remove("legal");
    card.removeAttribute("data-action");
    for (const el of [card, ...card.querySelectorAll("[tabindex]")]) el.removeAttribute("tabindex"); // a picture in flight takes no focus
    card.classList.add("flying");
    Object.assign(card.style, { position: "fixed", left: `${from.box.left}px`, top: `${from.box.top}px`, width: `${from.box.width}px`, height: `${from.box.height}px`, margin: 0 });
    layer.append(card);
    const sx = to.width / from.box.width, sy = to.height / from.box.height;
    const tx = to.left - from.box.left, ty = to.top - from.box.top;
    const anim = this.play("hire", e.card, card, [
      { transform: "translate(0, 0) scale(1, 1)", transformOrigin: "0 0" },
      { transform: `translate(${tx}px, ${ty}px) scale(${sx}, ${sy})`, transformOrigin: "0 0" },
    ], from.box, to, 1.3);
    const done = () => card.remove();
    if (anim) { anim.addEventListener("finish", done); anim.addEventListener("cancel", done); } else done();
  }

  reveal(site) {
    const el = document.querySelector(`[data-site-key="${cssEsc(site)}"] .tile-face`);
    if (!el) return;
    const now = box(el);
    const before = { left: now.left + now.width / 2, top: now.top, width: 0, height: now.height };
    this.play("reveal", site, el, [
      { transform: "scaleX(0)", filter: "brightness(2)" },
      { transform: "scaleX(1)", filter: "brightness(1)" },
    ], before, now, 1.1);
  }

  score(e, site) {
    const r = this.app.renderer;
    const n = r.nodes?.[site];
    const target = document.querySelector(`.player[data-seat="${e.seat}"] .vp-big`);
    const board = document.getElementById("board");
    if (!n || !target || !board) return;
    const scale = svgScale(), b = board.getBoundingClientRect();
    const from = { x: b.left + r.X(n.x) * scale, y: b.top + r.Y(n.y) * scale };
    const to = centre(box(target));
    if (this.calm(target)) return;
    const tag = document.createElement("div");
    tag.className = "score-float";
    tag.textContent = `+${e.vp}`;
    tag.style.setProperty("--c", r.colour(e.seat));
    overlay().append(tag);
    const w = tag.offsetWidth, h = tag.offsetHeight;
    Object.assign(tag.style, { left: `${to.x - w / 2}px`, top: `${to.y - h / 2}px` });
    const end = box(tag);
    const start = { left: from.x - w * 0.7, top: from.y - h * 0.7, width: w * 1.4, height: h * 1.4 };
    const anim = this.play("score", String(e.seat), tag, [
      { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(1.4)`, opacity: 1 },
      { transform: `translate(${(from.x - to.x) / 2}px, ${(from.y - to.y) / 2 - 40}px) scale(1.2)`, opacity: 1, offset: 0.5 },
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
    ], start, end, 1.6);
    const done = () => tag.remove();
    if (anim) { anim.addEventListener("finish", done); anim.addEventListener("cancel", done); } else done();
  }

  gems(shot) {
    const drawn = [...document.querySelectorAll(".dive-board .drawn:not(.pending)")];
    if (drawn.length <= shot.gems) return;
    drawn.slice(shot.gems).forEach((el, i) => {
      const now = box(el);
      const bag = shot.bag && shot.bag.top < innerHeight && shot.bag.bottom > 0 ? centre(shot.bag) : { x: centre(now).x, y: now.top - 70 };
      const dx = bag.x - centre(now).x, dy = bag.y - centre(now).y;
      const before = { left: now.left + dx + now.width * 0.2, top: now.top + dy + now.height * 0.2, width: now.width * 0.6, height: now.height * 0.6 };
      this.play("gem", String(shot.gems + i), el, [
        { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.3 },
        { transform: `translate(0, -14px) scale(1.1)`, opacity: 1, offset: 0.75 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ], before, now, 0.9, i * 0.35);
    });
  }

  /** Into the Blue: rolled dice tumble into the tray; placed shells drop from the tray onto their level. */
  diceAndShells(fresh, shot) {
    const rolled = fresh.some((e) => e.type === "roll" || e.type === "reroll");
    if (rolled) {
      document.querySelectorAll(".dice svg.die").forEach((el, i) => {
        const now = box(el);
        this.play("dice", String(i), el, [
          { transform: "translate(0, -36px) rotate(-200deg) scale(0.7)", opacity: 0.2 },
          { transform: "translate(0, 4px) rotate(12deg) scale(1.05)", opacity: 1, offset: 0.8 },
          { transform: "none", opacity: 1 },
        ], { ...now, top: now.top - 36 }, now, 0.9, i * 0.08);
      });
    }
    for (const e of fresh) {
      if (e.type !== "place") continue;
      const el = document.querySelector(`.level-${e.level} .shell[data-seat="${e.seat}"]`);
      if (!el) continue;
      const now = box(el);
      const from = shot.tray ? centre(shot.tray) : { x: centre(now).x, y: now.top - 80 };
      const dx = from.x - centre(now).x, dy = from.y - centre(now).y;
      this.play("shells", `${e.seat}-${e.level}`, el, [
        { transform: `translate(${dx}px, ${dy}px) scale(1.3)` },
        { transform: "translate(0, 0) scale(1)" },
      ], { left: now.left + dx - now.width * 0.15, top: now.top + dy - now.height * 0.15, width: now.width * 1.3, height: now.height * 1.3 }, now, 1.2);
    }
  }

  // ---- playing ----------------------------------------------------------------------------
  /** With less motion asked for: the element only lights up where it now is; true if so. */
  calm(el) {
    if (!this.still.matches) return false;
    el.classList.add("changed");
    setTimeout(() => el.classList.remove("changed"), 1600);
    return true;
  }

  play(kind, key, el, keyframes, before, after, length = 1, delay = 0) {
    if (this.calm(el)) { this.played.push({ kind, key, before, after, animation: null }); return null; }
    // a longer kind (a route of several nodes, a card crossing the page) still ends before the next bot move
    const ms = this.pace() > 0 ? Math.min(this.duration() * length, this.pace() * 0.95) : this.duration() * length;
    const anim = el.animate(keyframes, { duration: ms, delay: this.duration() * delay, easing: "ease-in-out", fill: "backwards" });
    anim.id = "fathom-" + kind;
    this.played.push({ kind, key, before: plain(before), after: plain(after), animation: anim });
    if (this.played.length > 60) this.played.shift();
    if (this.hold) anim.pause();
    return anim;
  }

  /** Seat -> what its moves since this seat's last move touched: boats, sites, cards, the events.
   *  A spectator has no move of its own: for it each seat's marks are its latest run of moves. */
  marks(events, you) {
    const acts = (e) => e && e.seat !== undefined && e.seat !== null && ACTIONS.has(e.type); // (a gap is no move)
    const out = new Map();
    const add = (e) => {
      const m = out.get(e.seat) || { boats: new Set(), sites: new Set(), cards: new Set(), events: [] };
      if (e.boat) m.boats.add(`${e.seat}-${e.boat}`);
      if (e.type === "move") m.sites.add(e.to);
      if (e.type === "dive") m.sites.add(e.site);
      if (e.type === "hire") m.cards.add(e.card);
      m.events.push(e);
      out.set(e.seat, m);
    };
    if (you !== null && you !== undefined) {
      let since = 0;
      for (let i = events.length - 1; i >= 0; i--) {
        if (events[i].seat === you && acts(events[i])) { since = i + 1; break; }
      }
      events.slice(since).filter((e) => acts(e) && e.seat !== you).forEach(add);
      return { since, bySeat: out };
    }
    const runs = new Map();
    let run = null;
    for (const e of events) {
      if (!acts(e)) continue;
      if (!run || run.seat !== e.seat) { run = { seat: e.seat, events: [] }; runs.set(e.seat, run); }
      run.events.push(e);
    }
    for (const r of runs.values()) r.events.forEach(add);
    return { since: events.length, bySeat: out };
  }
}

function box(el) {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
}
function plain(b) { return { left: b.left, top: b.top, width: b.width, height: b.height }; }
function centre(b) { return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; }
function cssEsc(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s; }

/** Screen pixels per map unit of the board (the SVG is drawn to fit its box). */
function svgScale() {
  const svg = document.getElementById("board");
  const vb = svg.viewBox.baseVal;
  return svg.getBoundingClientRect().width / vb.width;
}

/** A layer above the page for things in flight between two panels. */
function overlay() {
  let layer = document.getElementById("motion-layer");
  if (!layer) {
    layer = document.createElement("div");
    layer.id = "motion-layer";
    layer.setAttribute("aria-hidden", "true");
    layer.inert = true; // what flies is a picture of a move already told: never focused nor clicked
    document.body.append(layer);
  }
  return layer;
}

/** Under a seat's row, until this seat moves: the last thing it did, as the log says it. */
export function lastMoveNote(app, renderer, seat) {
  const m = app.marks?.bySeat.get(seat);
  const last = m && [...m.events].reverse().find((e) => e.type !== "sail" && e.type !== "pay");
  if (!last) return "";
  return `<p class="last-move-note" title="${esc(t("t.last_move", { who: app.seatName(seat) }))}">↻ ${renderer.eventText(last)}</p>`;
}
