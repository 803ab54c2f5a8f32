// Deep Blue: the sea map in SVG (sites, routes, buoys, wrecks, boats), market, hand, dive board, bag and odds.
import { lastMoveNote } from "../../js/motion.js";
import { I18N, t, esc, holds, putHtml, gemSvg, spotSvg, coinSvg, cashHtml, vpHtml, propSvg, shieldSvg, pct, GEM_COLOURS, SEAT_COLOURS } from "../../js/common.js";

const S = 100; // pixels per map unit
const TILE = 0.82; // tile side in map units
const SPOT_POS = [[-0.28, -0.28], [0.28, -0.28], [0.28, 0.28], [-0.28, 0.28]];
const GEM_ORDER = ["silver", "gold", "red", "green", "purple", "black", "blue"];

/** Where ``k`` boats sharing a node sit around its centre, and how big: side by side in rows of at
 *  most four, never on top of each other (a crowd is drawn a little smaller), so each stays visible and
 *  clickable. Returns [dx, dy, scale] for each boat. */
export function boatSlots(kind, k) {
  const crowd = k > 4;
  const perRow = crowd ? Math.ceil(k / Math.ceil(k / 4)) : k;
  const spread = crowd ? 38 : kind === "harbour" ? 46 : 45;
  const top = kind === "harbour" ? -16 : kind === "buoy" ? -14 : crowd ? -8 : 2;
  return Array.from({ length: k }, (_, i) => {
    const row = Math.floor(i / perRow), inRow = Math.min(perRow, k - row * perRow);
    return [(i % perRow - (inRow - 1) / 2) * spread, top + row * 32, crowd ? 1 : 1.25];
  });
}

export default class DeepBlue {
  constructor(app) {
    this.app = app;
    this.selectedBoat = null;
    const d = app.describe;
    this.cards = Object.fromEntries(d.cards.map((c) => [c.id, c]));
    this.tiles = Object.fromEntries(d.tiles.map((x) => [x.id, x]));
    this.nodes = Object.fromEntries(d.nodes.map((n) => [n.id, n]));
    const xs = d.nodes.map((n) => n.x), ys = d.nodes.map((n) => n.y);
    this.minx = Math.min(...xs) - 0.95; this.maxx = Math.max(...xs) + 0.95;
    this.miny = Math.min(...ys) - 0.8; this.maxy = Math.max(...ys) + 0.95;
    this.main = document.getElementById("main");
    this.side = document.getElementById("game-side");
    this.main.addEventListener("click", (ev) => this.selectBoat(ev));
    document.body.classList.add("deep-blue");
    const css = document.createElement("link"); // this game's own layout, beside the renderer
    css.rel = "stylesheet";
    css.href = new URL("./renderer.css", import.meta.url).href;
    document.head.append(css);
  }

  X(x) { return (x - this.minx) * S; }
  Y(y) { return (y - this.miny) * S; }
  colour(seat) { return SEAT_COLOURS[(this.view || this.app.msg?.view)?.seats[seat]?.colour] || "#ccc"; }

  // ---- move labels ---------------------------------------------------------------------------
  /** The engine's facts of a move legal now (kind, card, slot, price...; move_facts.py), or null: a past
   *  move (replay, review) is said from its notation alone. */
  moveFacts(text) {
    const msg = this.app.msg;
    if (this.app.replay || !msg || !msg.move_facts || !msg.legal.some((m) => m[1] === text)) return null;
    return msg.move_facts.moves[text] || null;
  }

  /** A legal move by what it is about: "Recruit Archaeologist ($3)", "Pay with Skipper ($2)". */
  namedMove(f) {
    const card = f.card ? this.cardName(f.card) : "";
    if (f.kind === "recruit") return esc(t("act.recruit_card", { card, price: f.price }));
    if (f.kind === "take") return esc(t("act.take_card", { card }));
    if (f.kind === "pay" && f.cash !== undefined) return esc(t("act.pay_cash", { card, n: f.cash }));
    if (f.kind === "pay" && f.propellers !== undefined) return esc(t("act.pay_propellers", { card, n: f.propellers }));
    if (f.kind === "dive" && f.leader_vp) return esc(t("act.dive_vp", { site: this.nodeName(f.site), vp: f.leader_vp }));
    return null;
  }

  moveLabel(text) {
    const facts = this.moveFacts(text);
    const named = facts && this.namedMove(facts);
    if (named) return named;
    let m;
    if ((m = text.match(/^recruit slot(\d)$/))) return esc(t("act.recruit", { n: m[1] }));
    if ((m = text.match(/^take slot(\d)$/))) return esc(t("act.take", { n: m[1] }));
    if (text === "refresh") return esc(t("act.refresh"));
    if (text === "sail") return propSvg(1, 16) + " " + esc(t("act.sail"));
    if (text === "rest") return esc(t("act.rest"));
    if ((m = text.match(/^dive (\S+)$/))) return esc(t("act.dive", { site: m[1] }));
    if (text === "pay token") return coinSvg("1", 16) + " " + esc(t("act.pay_token"));
    if ((m = text.match(/^pay (\S+)$/))) return esc(t("act.pay", { card: this.cardName(m[1]) }));
    if (text === "done") return esc(t("act.done"));
    if ((m = text.match(/^sail boat(\d) (\S+)->(\S+)$/))) return esc(t("act.sail_move", { boat: m[1], from: this.nodeName(m[2]), to: this.nodeName(m[3]) }));
    if ((m = text.match(/^scout (\S+)$/))) return spotSvg(m[1], 14) + " " + esc(t("act.scout", { spot: t("gem." + m[1]) }));
    if ((m = text.match(/^rush boat(\d)$/))) return esc(t("act.rush", { n: m[1] }));
    if ((m = text.match(/^defend spot-(\S+)$/))) return spotSvg(m[1], 14) + " " + esc(t("act.defend_spot", { spot: t("gem." + m[1]) }));
    if ((m = text.match(/^defend (\S+)$/))) return esc(t("act.defend", { card: this.cardName(m[1]) }));
    if (text === "resurface") return "⇧ " + esc(t("act.resurface"));
    if ((m = text.match(/^play (\S+)$/))) return esc(t("act.play", { card: this.cardName(m[1]) }));
    if (text === "continue") return "↓ " + esc(t("act.continue"));
    if (text === "stop") return "■ " + esc(t("act.stop"));
    return esc(text);
  }

  panelMoves(legal) { return legal; }

  prompt(msg) {
    const v = msg.view, step = v.step || {};
    const key = "phase." + v.phase;
    const what = step.paying_for === "refresh" ? t("act.refresh") : step.paying_for ? this.buyingName(step.paying_for) : "";
    const params = { left: step.left_to_pay, what, n: step.movement, boat: step.boat, gem: t("gem." + (step.hazard || "")) };
    const text = t(key, params);
    return text === key ? t("phase.other") : text;
  }

  /** The card a payment is for ("slot4": the one in market slot 4 until it is hired), by its name. */
  buyingName(slot) {
    const card = this.view?.market?.[+slot.slice(4) - 1]?.card || this.app.msg?.view?.market?.[+slot.slice(4) - 1]?.card;
    return card ? this.cardName(card) : t("act.recruit", { n: slot.slice(4) });
  }

  /** Each event learns what the log line needs from the events before it (the dive's site and tile,
   *  how many gems were drawn, the hazard being warded off): the engine says it once, not on every line. */
  annotate(events) {
    let site = null, tile = null, n = 0, hazard = null, recruit = null;
    for (const e of events) {
      if (!e) continue; // a gap: events missed while watching behind a pass-and-play curtain
      if (e.type === "recruit") recruit = e;
      if (e.type === "hire" && recruit && recruit.seat === e.seat) { recruit.card_hired = e.card; recruit = null; }
      if (e.type === "dive") { site = e.site; tile = e.tile; n = 0; hazard = null; }
      if (e.type === "gem") n += 1;
      if (e.type === "hazard") hazard = e.gem;
      e.ctx = { site: e.site || site, tile: e.tile || tile, n, hazard };
    }
  }

  eventText(e) {
    const who = e.seat !== undefined && e.seat !== null ? this.app.seatName(e.seat) : "";
    const ctx = e.ctx || {};
    const site = this.nodeName(e.site || ctx.site || "");
    const tileId = e.tile || ctx.tile;
    const p = { ...e, who, site, from: this.nodeName(e.from), to: this.nodeName(e.to), n: ctx.n,
      card: e.card ? this.cardName(e.card) : "", gem: e.gem ? t("gem." + e.gem) : t("gem." + (ctx.hazard || "")),
      spot: e.spot ? t("gem." + e.spot) : "", tile: tileId ? this.tileName(tileId) : "",
      vp: e.vp ?? this.tiles[tileId]?.leader_vp, names: (e.winners || []).map((w) => this.app.seatName(w)).join(", ") };
    if (e.type === "rest") p.n = e.drawn;
    if (e.type === "recruit") { // the card, once known: hired since, or the one being paid for now
      const live = this.app.msg?.view;
      const paying = !e.card_hired && live?.phase === "pay" && live.turn === e.seat && live.step?.paying_for;
      const card = e.card_hired || (paying && paying.startsWith("slot") ? live.market?.[+paying.slice(4) - 1]?.card : null);
      if (card) p.card = this.cardName(card);
    }
    let key = "ev." + e.type;
    if (e.type === "rest-draw" && e.card) key = "ev.rest-draw-own";
    // a variant that says more, when the catalog has it (as fathom/games/deep_blue/terminal/log_words.py)
    const variant = e.type === "setup-tile" ? (e.tile ? null : "empty") : e.type === "pay" ? e.for
      : e.type === "defend" ? (e.card ? "card" : e.spot ? "spot" : null) : null;
    if (variant && I18N.s[`${key}-${variant}`] !== undefined) key = `${key}-${variant}`;
    // the page's fuller lines: the site, tile, gem and VP that the engine said once, earlier (annotate())
    if (e.scenario) p.scenario = this.scenarioName(e.scenario); // drawn at random: by its name, not its id
    if (e.type === "setup") Object.assign(p, { n: this.view?.players, scenario: this.scenarioName(this.view?.options?.scenario) });
    const better = {
      setup: this.view ? "log.setup" : null, rest: "log.rest", "setup-tile": e.tile ? "log.setup-tile" : null,
      reveal: this.tiles[e.tile]?.leader_vp ? "log.reveal" : "log.reveal-sunken",
      dive: e.forced ? "log.dive-forced" : "log.dive",
      recruit: p.card ? "log.recruit" : null,
      rush: "log.rush", gem: ctx.site ? "log.gem" : null, resurface: ctx.site ? "log.resurface" : null,
      defend: ctx.hazard ? (e.card ? "log.defend-card" : "log.defend-spot") : null, stop: "log.stop",
      "dive-scored": e.vp === null || e.vp === undefined ? "log.dive-scored-hidden" : "log.dive-scored",
      "game-over": "log.game-over",
    }[e.type];
    if (better) key = better;
    let text = t(key, p);
    if (text === key) text = e.text || e.type;
    let html = esc(text);
    if (e.type === "gem") html = gemSvg(e.gem, 13) + " " + html;
    if (e.type === "game-over" && e.vp) {
      html += " " + e.vp.map((vp, s) => `<span class="chip" style="--c:${this.colour(s)}">${esc(this.app.seatName(s))} ${vp}</span>`).join(" ");
    }
    return html;
  }

  /** A card's name in the page's language (the catalog's), else the box's English name. */
  cardName(id) {
    const key = "card." + id;
    const name = t(key);
    return name !== key ? name : this.cards[id]?.name || id;
  }

  /** A wreck tile's name ("Advanced wreck 3"): its id is the box's, never shown. */
  tileName(id) {
    const m = String(id).match(/^(.*?)-(\d+)$/);
    const key = m ? "tile." + m[1] : "tile." + id;
    const name = t(key, { n: m ? m[2] : "" });
    return name !== key ? name : id;
  }

  /** A map node as players call it: the harbour by its word, sites and buoys by their printed label. */
  nodeName(id) { return id === "harbour" ? t("db.harbour") : id || ""; }

  // ---- drawing -------------------------------------------------------------------------------
  render(msg, events) {
    this.msg = msg;
    this.view = msg.view;
    const legal = new Map(msg.legal.map(([id, text]) => [text, id]));
    this.legal = legal;
    const mine = [...legal.keys()];
    // boat selection for sailing
    const sailMoves = mine.filter((x) => x.startsWith("sail boat"));
    const boatsWithMoves = [...new Set(sailMoves.map((x) => +x[9]))];
    if (!boatsWithMoves.includes(this.selectedBoat)) this.selectedBoat = boatsWithMoves[0] ?? null;

    // the board with every seat's board beside it, then the market and your hand; the side column
    // holds the dive and its odds in one place whatever happens (no reflow when the turn passes).
    // Each part is drawn again only when it changed: most messages leave the map as it was.
    let wrap = this.main.querySelector(":scope > .top-row > .board-wrap");
    if (!wrap) {
      this.main.innerHTML = `<div class="top-row"><div class="board-wrap"></div></div><div class="lower"></div>`;
      wrap = this.main.querySelector(".board-wrap");
    }
    const map = this.boardSvg(msg);
    if (!holds(wrap, map)) { // the map keeps where it was scrolled to (a phone pans it); the first time, the harbour's side
      const scrolled = wrap.querySelector(".board-scroll")?.scrollLeft ?? null;
      putHtml(wrap, map);
      const board = wrap.querySelector(".board-scroll");
      if (board) board.scrollLeft = scrolled ?? board.scrollWidth;
    }
    while (wrap.nextSibling) wrap.nextSibling.remove();
    wrap.insertAdjacentHTML("afterend", this.playersHtml(msg));
    putHtml(this.main.querySelector(":scope > .lower"), this.marketHtml() + this.handHtml(msg));
    putHtml(this.side, this.diveHtml(msg) + this.bagHtml(msg));
  }

  /** A click on one of your boats that has no move of its own picks it as the one to sail. */
  selectBoat(ev) {
    const el = ev.target.closest("[data-select-boat]");
    if (!el || el.classList.contains("legal")) return;
    ev.stopPropagation();
    this.selectedBoat = +el.dataset.selectBoat;
    this.render(this.msg, this.app.events);
  }

  boardSvg(msg) {
    const v = this.view, d = this.app.describe;
    const W = (this.maxx - this.minx) * S, H = (this.maxy - this.miny) * S;
    const legal = this.legal;
    let out = `<svg id="board" class="board" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <radialGradient id="sea" cx="70%" cy="75%" r="95%">
          <stop offset="0" stop-color="#2aa7c9"/><stop offset="0.45" stop-color="#13709a"/><stop offset="1" stop-color="#06304f"/>
        </radialGradient>
        <pattern id="waves" width="90" height="40" patternUnits="userSpaceOnUse">
          <path d="M0 20 Q 22 8 45 20 T 90 20" fill="none" stroke="#ffffff" stroke-opacity="0.07" stroke-width="2"/>
        </pattern>
        <pattern id="back-adv" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="12" height="12" fill="#7a2331"/><rect width="6" height="12" fill="#8e2b3b"/>
        </pattern>
        <radialGradient id="sand" cx="50%" cy="50%" r="60%"><stop offset="0" stop-color="#f3e2b3"/><stop offset="1" stop-color="#d9bd7a"/></radialGradient>
        <radialGradient id="deep" cx="50%" cy="50%" r="70%"><stop offset="0" stop-color="#1f5f7a"/><stop offset="1" stop-color="#0d3550"/></radialGradient>
        <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="3" stdDeviation="3" flood-color="#001522" flood-opacity="0.55"/></filter>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sea)"/><rect width="${W}" height="${H}" fill="url(#waves)"/>`;
    // coast near the harbour
    const hb = this.nodes["harbour"];
    if (hb) {
      const hx = this.X(hb.x), hy = this.Y(hb.y);
      out += `<path d="M ${hx + 40} ${H} C ${hx + 10} ${hy + 40}, ${hx + 70} ${hy - 10}, ${W} ${hy - 60} L ${W} ${H} Z" fill="url(#sand)" opacity="0.95"/>
        <path d="M ${hx + 70} ${H} C ${hx + 50} ${hy + 55}, ${hx + 100} ${hy + 5}, ${W} ${hy - 25} L ${W} ${H} Z" fill="#6f9e4c" opacity="0.9"/>`;
    }
    out += `<text x="24" y="${H - 22}" class="board-title">DEEP BLUE</text>`;
    // compass
    out += `<g transform="translate(${W - 70},${60})" opacity="0.55"><circle r="34" fill="none" stroke="#e6f4ff" stroke-width="1.5"/>
      <polygon points="0,-32 6,0 0,32 -6,0" fill="#e6f4ff"/><polygon points="-32,0 0,6 32,0 0,-6" fill="#e6f4ff" opacity="0.6"/>
      <text y="-38" text-anchor="middle" fill="#e6f4ff" font-size="14">N</text></g>`;
    // routes
    for (const [a, b] of d.edges) {
      const A = this.nodes[a], B = this.nodes[b];
      out += `<line x1="${this.X(A.x)}" y1="${this.Y(A.y)}" x2="${this.X(B.x)}" y2="${this.Y(B.y)}" class="route"/>`;
    }
    // sites by node id
    const sites = Object.fromEntries(v.sites.map((s) => [s.node, s]));
    const diveSite = v.dive?.site;
    for (const n of d.nodes) {
      const x = this.X(n.x), y = this.Y(n.y);
      if (n.kind === "harbour") {
        out += `<g class="harbour" transform="translate(${x},${y})"><rect x="-38" y="-20" width="76" height="40" rx="6" fill="#8b5a2b" stroke="#3d2410" stroke-width="2" filter="url(#shadow)"/>
          ${[...Array(6)].map((_, i) => `<line x1="${-34 + i * 13.6}" y1="-18" x2="${-34 + i * 13.6}" y2="18" stroke="#5e3a17" stroke-width="1.5"/>`).join("")}
          <text y="38" text-anchor="middle" class="node-label">${esc(t("db.harbour"))}</text></g>`;
      } else if (n.kind === "buoy") {
        out += `<g class="buoy" transform="translate(${x},${y})"><circle r="11" fill="#fff" stroke="#5a0b0b" stroke-width="1.5"/>
          <path d="M -11 0 A 11 11 0 0 1 11 0 Z" fill="#d8262f"/><circle r="3" fill="#5a0b0b"/>
          <text y="26" text-anchor="middle" class="node-label small">${esc(n.id)}</text></g>`;
      } else {
        out += this.siteSvg(n, sites[n.id], x, y, n.id === diveSite);
      }
    }
    // boats
    out += this.boatsSvg(sites);
    // where a hint says the boats should sail
    const hint = this.app.hint;
    if (hint && hint.move_number === msg.move_number && hint.detail && hint.detail.sail_to) {
      hint.detail.sail_to.forEach(([node, stays], i) => {
        const to = this.nodes[node];
        if (stays || !to) return;
        out += `<g class="hint-target" data-hint-node="${esc(node)}" transform="translate(${this.X(to.x)},${this.Y(to.y)})">
          <circle r="40" class="hint-ring"/><text y="-46" text-anchor="middle" class="hint-label">${i + 1}</text></g>`;
      });
    }
    // sail targets for the selected boat: every place it can reach, with the steps the engine gives
    const routes = (msg.move_facts && msg.move_facts.routes) || [];
    routes.forEach((r) => {
      if (r.boat !== this.selectedBoat || !legal.has(r.steps[0])) return;
      const to = this.nodes[r.to];
      const label = t(r.steps.length === 1 ? "act.sail_to.one" : "act.sail_to", { boat: r.boat, to: this.nodeName(r.to), n: r.steps.length });
      out += `<g class="target legal route" data-action="${esc(r.steps[0])}" data-steps="${esc(JSON.stringify(r.steps))}" data-to="${esc(r.to)}" transform="translate(${this.X(to.x)},${this.Y(to.y)})">
        <circle r="30" class="target-ring"/><circle r="9" fill="${this.colour(this.msg.you)}" stroke="#fff" stroke-width="2"/>
        <text y="4" text-anchor="middle" font-size="11" font-weight="700" fill="#111">${r.steps.length}</text><title>${esc(label)}</title></g>`;
    });
    for (const text of routes.length ? [] : legal.keys()) {
      const m = text.match(/^sail boat(\d) (\S+)->(\S+)$/);
      if (!m || +m[1] !== this.selectedBoat) continue;
      const to = this.nodes[m[3]];
      out += `<g class="target legal" data-action="${esc(text)}" transform="translate(${this.X(to.x)},${this.Y(to.y)})">
        <circle r="30" class="target-ring"/><circle r="9" fill="${this.colour(this.msg.you)}" stroke="#fff" stroke-width="2"/>
        <text y="4" text-anchor="middle" font-size="11" font-weight="700" fill="#111">${m[1]}</text><title>${esc(this.moveLabel(text).replace(/<[^>]+>/g, ""))}</title></g>`;
    }
    out += `</svg>`;
    out = `<div class="board-scroll" tabindex="0" role="region" aria-label="${esc(t("db.map"))}">${out}</div>`; // a phone pans it, the keyboard too
    const info = `<div class="board-info"><span>${esc(t("db.scenario", { name: this.scenarioName(v.options.scenario) }))}</span>
      <span class="fresco">${esc(t("db.fresco", { n: v.fresco, of: v.fresco_needed }))} ${"◆".repeat(v.fresco)}${"◇".repeat(Math.max(0, v.fresco_needed - v.fresco))}</span>
      ${this.selectedBoat !== null && [...legal.keys()].some((x) => x.startsWith("sail boat")) ? `<span class="hint">${esc(t("db.click_boat"))}</span>` : ""}</div>`;
    return out + info;
  }

  scenarioName(id) {
    const tr = I18N.s._scenarios || {};
    const s = (this.app.describe.scenarios || []).find((x) => x.id === id);
    return tr[id] || (s ? s.name : id || t("opt.none"));
  }

  siteSvg(n, site, x, y, diving) {
    const half = (TILE * S) / 2;
    const legalDive = this.legal.has(`dive ${n.id}`);
    const attrs = legalDive ? `class="site legal" data-action="dive ${esc(n.id)}"` : `class="site"`;
    const marks = [...(this.app.marks?.bySeat || new Map())].filter(([, m]) => m.sites.has(n.id)).map(([seat]) => seat);
    let g = `<g class="site-slot" data-site-key="${esc(n.id)}"><g ${attrs} role="group" aria-label="${esc(this.siteLabel(n, site))}" data-tip="${esc(this.siteTip(n, site))}" transform="translate(${x},${y})">`;
    marks.forEach((seat, i) => {
      g += `<rect x="${-half - 6 - 4 * i}" y="${-half - 6 - 4 * i}" width="${2 * half + 12 + 8 * i}" height="${2 * half + 12 + 8 * i}" rx="14" class="last-move-site" style="--c:${this.colour(seat)}"><title>${esc(t("t.last_move", { who: this.app.seatName(seat) }))}</title></rect>`;
    });
    g += `<g class="tile-face">`;
    if (diving) g += `<rect x="${-half - 12}" y="${-half - 12}" width="${2 * half + 24}" height="${2 * half + 24}" rx="16" class="dive-glow"/>`;
    if (legalDive) g += `<rect x="${-half - 8}" y="${-half - 8}" width="${2 * half + 16}" height="${2 * half + 16}" rx="14" class="legal-glow"/>`;
    const border = n.kind === "start" ? "#f3c623" : "#d8384a";
    if (!site || (!site.tile && !site.face_down)) {
      g += `<rect x="${-half}" y="${-half}" width="${2 * half}" height="${2 * half}" rx="10" fill="#0b3a57" fill-opacity="0.55" stroke="${border}" stroke-dasharray="6 5" stroke-width="2"/>`;
      if (site?.gem) g += `<g transform="translate(-8,-10)">${gemSvg(site.gem, 20)}</g>`;
    } else if (site.face_down) {
      g += `<rect x="${-half}" y="${-half}" width="${2 * half}" height="${2 * half}" rx="10" fill="url(#back-adv)" stroke="${border}" stroke-width="3" filter="url(#shadow)"/>
        <circle r="16" fill="#fff" opacity="0.9"/><path d="M -16 0 A 16 16 0 0 1 16 0 Z" fill="#d8262f"/><text y="34" text-anchor="middle" class="tile-q">?</text>`;
      if (site.gem) g += `<g transform="translate(${half - 24},${-half + 2})">${gemSvg(site.gem, 20)}</g>`;
    } else {
      const tile = this.tiles[site.tile] || {};
      const sunken = site.sunken;
      g += `<rect x="${-half}" y="${-half}" width="${2 * half}" height="${2 * half}" rx="10" fill="${sunken ? "url(#deep)" : "url(#sand)"}" stroke="${sunken ? "#7fe3ff" : border}" stroke-width="3" filter="url(#shadow)"/>`;
      if (sunken) {
        g += `<g opacity="0.6"><polygon points="0,-30 5,0 0,30 -5,0" fill="#bff3ff"/><polygon points="-30,0 0,5 30,0 0,-5" fill="#bff3ff"/></g>`;
      } else {
        g += `<path d="M -22 12 L -6 -8 L 4 2 L 14 -12 L 24 12 Z" fill="#8a6b3d" opacity="0.35"/>`;
      }
      g += `<circle r="15" fill="#f2c94c" stroke="#8a6200" stroke-width="2"/><text y="5" text-anchor="middle" class="leader-vp">${site.leader_vp ?? tile.leader_vp ?? ""}</text>`;
      (site.spots || []).forEach((spot, i) => {
        const [dx, dy] = SPOT_POS[i] || [0, 0.3];
        const sx = dx * S, sy = dy * S;
        const act = this.spotAction(spot, site);
        const cls = act ? `class="spot legal" data-action="${esc(act)}"` : `class="spot"`;
        g += `<g ${cls} data-spot="${esc(spot.kind)}" data-tip="${esc(this.spotTip(spot))}" role="img" aria-label="${esc(this.spotTip(spot).replaceAll("\n", " "))}" transform="translate(${sx},${sy})"><g class="spot-shape"><circle r="20" class="hit"/>${this.spotShape(spot.kind)}${act ? `<circle r="15" class="target-ring small"/>` : ""}</g></g>`;
      });
      if (site.gem) g += `<g transform="translate(-8,-34)">${gemSvg(site.gem, 18)}</g>`;
    }
    g += `</g><text y="${half + 16}" text-anchor="middle" class="node-label">${esc(n.id)}</text></g></g>`;
    return g;
  }

  /** What a site holds, in words: a screen reader's view of the map (the tile, its spots and who holds them). */
  siteLabel(n, site) {
    const id = n.id;
    const gem = site?.gem ? ", " + t("db.site_gem", { gem: t("gem." + site.gem) }) : "";
    if (!site || (!site.tile && !site.face_down)) return t("db.site_empty", { id }) + gem;
    if (site.face_down) return t("db.site_face_down", { id }) + gem;
    const vp = site.leader_vp ?? (this.tiles[site.tile] || {}).leader_vp ?? "";
    const spots = (site.spots || []).map((s) => t("gem." + s.kind) + (s.boat
      ? ` (${this.app.seatName(s.boat.seat)}, ${t("db.boat", { n: s.boat.boat })})` : "")).join(", ");
    return t(site.sunken ? "db.site_sunken" : "db.site_wreck", { id, vp }) + gem
      + (spots ? "; " + t("db.site_spots", { spots }) : "");
  }

  /** What a card does, in words, from the box's facts (describe()): its dive use (the gems it needs and
   *  its VP, the hazard it wards off, or ⚓ none), its money and propellers, the gem it puts in the bag. */
  cardTip(id, { count = 0, price = null } = {}) {
    const c = this.cards[id];
    if (!c) return "";
    const lines = [this.cardName(id)];
    const needs = Object.entries(c.needs || {}).map(([g, n]) => t("tip.card.needs_gem", { n, gem: t("gem." + g) }));
    if (c.needs_any) needs.push(t("tip.card.needs_any", { n: c.needs_any }));
    if (needs.length) lines.push(t("tip.card.needs", { needs: needs.join(" + "), vp: c.vp }));
    else if (c.protects) lines.push(t("tip.card.protects", { gem: t("gem." + c.protects) }));
    else lines.push(t("tip.card.anchor"));
    if (c.cash) lines.push(t("tip.card.cash", { n: c.cash }));
    if (c.propellers) lines.push(t("tip.card.props", { n: c.propellers }));
    if ((needs.length || c.protects ? 1 : 0) + (c.cash ? 1 : 0) + (c.propellers ? 1 : 0) > 1) lines.push(t("tip.card.one_use"));
    if (c.adds_gem) lines.push(t("tip.card.adds", { gem: t("gem." + c.adds_gem) }));
    if (price !== null) lines.push(t("tip.card.price", { n: price }));
    if (count > 1) lines.push(t("tip.card.count", { n: count }));
    return lines.join("\n");
  }

  /** A scouting spot: what it gives (the box's gem VP on a spot, or a free defence), and who holds it. */
  spotTip(spot) {
    const rates = this.app.describe.gem_vp || {};
    const gem = t("gem." + spot.kind);
    const text = rates[spot.kind]
      ? t("tip.spot.treasure", { gem, on_spot: rates[spot.kind].on_spot, plain: rates[spot.kind].plain })
      : t("tip.spot.hazard", { gem });
    const who = spot.boat ? t("tip.spot.taken", { who: this.app.seatName(spot.boat.seat), n: spot.boat.boat }) : t("tip.spot.free");
    return `${t("tip.spot.title", { gem })}\n${text}\n${who}`;
  }

  siteTip(n, site) {
    const head = this.siteLabel(n, site);
    if (!site || (!site.tile && !site.face_down)) return `${head}\n${t("tip.tile.empty")}`;
    if (site.face_down) return `${head}\n${t("tip.tile.face_down")}`;
    const vp = site.leader_vp ?? (this.tiles[site.tile] || {}).leader_vp ?? "";
    return `${this.tileName(site.tile)} (${n.id})\n${t("tip.tile.leader", { vp })}`;
  }

  /** The rules dialog's list of every card of the box, in the cards' own words (cardTip). */
  cardListHtml() {
    const rows = this.app.describe.cards.map((c) => {
      const [, ...lines] = this.cardTip(c.id).split("\n");
      return `<tr><th>${esc(this.cardName(c.id))}${c.starting ? ` <small class="muted">${esc(t("tip.card.starting"))}</small>` : ""}</th>
        <td>${c.starting ? "" : esc(c.copies)}</td><td class="text">${lines.map(esc).join("<br>")}</td></tr>`;
    }).join("");
    return `<h2>${esc(t("db.cards_title"))}</h2><table class="summary card-list" id="card-list"><tr><th>${esc(t("db.card_col"))}</th><th>${esc(t("db.copies_col"))}</th><th class="text"></th></tr>${rows}</table>`;
  }

  spotShape(kind) {
    if (kind === "blue_or_black") {
      return `<path d="M 0 -11 A 11 11 0 0 0 0 11 Z" fill="${GEM_COLOURS.blue}"/><path d="M 0 -11 A 11 11 0 0 1 0 11 Z" fill="${GEM_COLOURS.black}"/><circle r="11" fill="none" stroke="#fff" stroke-width="2"/>`;
    }
    return `<circle r="11" fill="${GEM_COLOURS[kind]}" stroke="#fff" stroke-width="2"/>`;
  }

  spotAction(spot, site) {
    if (spot.boat) return null;
    const a = `scout ${spot.kind}`;
    if (!this.legal.has(a)) return null;
    // only on the tile where the landing boat is
    const step = this.view.step || {};
    const me = this.view.seats[this.msg.you];
    const boat = me?.boats.find((b) => b.boat === step.boat);
    return boat && boat.node === site.node ? a : null;
  }

  boatsSvg(sites) {
    const v = this.view;
    const groups = {};
    let out = "";
    v.seats.forEach((seat) => seat.boats.forEach((b) => {
      if (b.spot) return;
      (groups[b.node] = groups[b.node] || []).push([seat.seat, b]);
    }));
    const boatSvg = (seat, b, x, y, scale = 1.25) => {
      const mine = seat === this.msg.you;
      let act = null, select = false;
      if (mine) {
        if (this.legal.has(`rush boat${b.boat}`)) act = `rush boat${b.boat}`;
        else if (b.spot && this.legal.has(`defend spot-${b.spot}`)) act = `defend spot-${b.spot}`;
        else if ([...this.legal.keys()].some((x) => x.startsWith(`sail boat${b.boat} `))) select = true;
      }
      const selected = select && this.selectedBoat === b.boat;
      const cls = act ? `boat legal` : select ? `boat selectable${selected ? " selected" : ""}` : "boat";
      const data = act ? `data-action="${esc(act)}"` : select ? `data-select-boat="${b.boat}"` : "";
      const marked = this.app.marks?.bySeat.get(seat)?.boats.has(`${seat}-${b.boat}`);
      return `<g class="boat-slot${marked ? " last-move" : ""}" data-boat-key="${seat}-${b.boat}">${marked
        ? `<circle cx="${x}" cy="${y - 4}" r="${21 * scale}" class="last-move-ring" style="--c:${this.colour(seat)}"><title>${esc(t("t.last_move", { who: this.app.seatName(seat) }))}</title></circle>` : ""}<g class="${cls}" ${data} transform="translate(${x},${y}) scale(${scale})" filter="url(#shadow)">
        ${act || selected ? `<circle r="24" class="target-ring"/>` : ""}
        <path d="M -17 -1 L 17 -1 L 11 9 L -11 9 Z" fill="${this.colour(seat)}" stroke="#1b1b1b" stroke-width="1.6"/>
        <path d="M -1 -2 L -1 -22 L 12 -5 Z" fill="#fbfbf5" stroke="#333" stroke-width="1"/>
        <path d="M -3 -3 L -3 -17 L -13 -5 Z" fill="#fbfbf5" stroke="#333" stroke-width="1"/>
        <text y="7" text-anchor="middle" class="boat-num">${b.boat}</text>
        <title>${esc(this.app.seatName(seat))} · ${esc(t("db.boat", { n: b.boat }))}</title></g></g>`;
    };
    // boats on scouting spots sit on the spot
    v.seats.forEach((seat) => seat.boats.forEach((b) => {
      if (!b.spot) return;
      const site = sites[b.node];
      const idx = (site?.spots || []).findIndex((s) => s.boat && s.boat.seat === seat.seat && s.boat.boat === b.boat);
      const [dx, dy] = SPOT_POS[idx] || [0, 0];
      const n = this.nodes[b.node];
      out += boatSvg(seat.seat, b, this.X(n.x) + dx * S, this.Y(n.y) + dy * S - 6);
    }));
    for (const [node, list] of Object.entries(groups)) {
      const n = this.nodes[node];
      boatSlots(n.kind, list.length).forEach(([dx, dy, scale], i) => {
        const [seat, b] = list[i];
        out += boatSvg(seat, b, this.X(n.x) + dx, this.Y(n.y) + dy, scale);
      });
      if (list.length >= 4) { // many boats: their number where the eye looks first
        const slots = boatSlots(n.kind, list.length);
        const dx = Math.max(...slots.map(([x]) => x)), dy = Math.min(...slots.map(([, y]) => y));
        out += `<g class="boat-count" transform="translate(${this.X(n.x) + dx + 24},${this.Y(n.y) + dy - 30})">
          <circle r="11"/><text y="4" text-anchor="middle">${list.length}</text><title>${esc(t("db.boats_here", { n: list.length }))}</title></g>`;
      }
    }
    return out;
  }

  cardHtml(id, { count = 1, action = null, price = null, small = false, extraClass = "" } = {}) {
    const c = this.cards[id];
    if (!c) return `<div class="card empty ${small ? "small" : ""}"></div>`;
    const needs = Object.entries(c.needs || {}).map(([g, n]) => Array(n).fill(gemSvg(g, 24)).join("")).join("");
    const any = c.needs_any ? `<span class="any">${c.needs_any}×◆</span>` : "";
    const kind = c.protects ? "defence" : (c.vp ? "score" : "crew");
    const cls = `card ${kind} ${small ? "small" : ""} ${action ? "legal" : ""} ${extraClass}`;
    return `<div class="${cls}" ${action ? `data-action="${esc(action)}"` : ""} data-card="${esc(id)}" data-tip="${esc(this.cardTip(id, { count, price }))}">
      ${price !== null ? `<div class="price">${cashHtml(price)}</div>` : ""}
      <div class="card-top"><span class="card-name${this.cardName(id).length > 11 ? " long" : ""}">${esc(this.cardName(id))}</span>${c.vp ? vpHtml(c.vp) : ""}</div>
      <div class="card-art">${c.protects ? shieldSvg(c.protects, 30) : (needs || any) ? `<div class="needs">${needs}${any}</div>` : `<div class="crew-art">⚓</div>`}</div>
      <div class="card-bottom">${c.cash ? cashHtml(c.cash, "small") : ""}${c.propellers ? `<span class="props">${propSvg(c.propellers, 18)}</span>` : ""}
        ${c.adds_gem ? `<span class="adds">+${gemSvg(c.adds_gem, 12)}</span>` : ""}</div>
      ${count > 1 ? `<span class="count">×${count}</span>` : ""}</div>`;
  }

  marketHtml() {
    const v = this.view;
    let cards = "";
    const paying = v.phase === "pay" ? (v.step || {}).paying_for : null;
    for (const slot of v.market) {
      const act = this.legal.has(`recruit slot${slot.slot}`) ? `recruit slot${slot.slot}` : this.legal.has(`take slot${slot.slot}`) ? `take slot${slot.slot}` : null;
      const buying = paying === `slot${slot.slot}`; // the card being paid for stands out until it is hired
      cards += `<div class="market-slot${buying ? " buying" : ""}"${buying ? ` title="${esc(t("db.buying"))}"` : ""}>${slot.card ? this.cardHtml(slot.card, { action: act, price: slot.price, extraClass: buying ? "buying" : "" }) : `<div class="card empty"><div class="price">${cashHtml(slot.price)}</div></div>`}</div>`;
    }
    const refresh = this.legal.has("refresh");
    return `<section class="panel market"><h2>${esc(t("db.market"))}</h2><div class="market-row">
      ${cards}
      <div class="deck-col"><div class="deck" data-tip="${esc(t("tip.deck", { n: v.deck_count }))}"><div class="deck-back"></div><span>${esc(t("db.deck", { n: v.deck_count }))}</span></div>
      <button class="refresh ${refresh ? "legal" : ""}" ${refresh ? `data-action="refresh"` : "disabled"} data-tip="${esc(t("tip.refresh", { n: v.refresh_price }))}">${cashHtml(v.refresh_price)} ${esc(t("act.refresh"))}</button></div>
      </div></section>`;
  }

  handHtml(msg) {
    if (msg.you === null || msg.you === undefined) return "";
    const me = this.view.seats[msg.you];
    const hand = me.hand || {};
    const cards = Object.entries(hand).filter(([, n]) => n > 0).map(([id, n]) => {
      const act = ["pay", "play", "defend"].map((v) => `${v} ${id}`).find((a) => this.legal.has(a)) || null;
      return this.cardHtml(id, { count: n, action: act });
    }).join("");
    // the played cards and the rest pile as one line each of names: the hand keeps the panel's room
    const pile = (cards) => Object.entries(cards || {}).filter(([, n]) => n > 0)
      .map(([id, n]) => `<span class="chip pile-card" data-card="${esc(id)}" data-tip="${esc(this.cardTip(id))}">${esc(this.cardName(id))}${n > 1 ? " ×" + n : ""}</span>`).join(" ");
    const inPlay = pile(me.in_play);
    return `<section class="panel hand" id="hand"><h2>${esc(t("db.hand"))} <span class="muted">(${me.hand_count})</span></h2><div class="hand-row" tabindex="0" role="group" aria-label="${esc(t("db.hand"))}">${cards || "–"}</div>
      <div class="piles">${inPlay ? `<p class="pile in-play"><b>${esc(t("db.in_play"))}</b> ${inPlay}</p>` : ""}
      <p class="pile rest"><b>${esc(t("db.rest"))}</b> <span class="muted">(${me.rest_count})</span> ${pile(me.rest) || "–"}</p></div></section>`;
  }

  playersHtml(msg) {
    const v = this.view;
    const seats = msg.table.seats;
    const rows = v.seats.map((s) => {
      const meta = seats[s.seat] || {};
      const toMove = msg.to_move === s.seat;
      const isYou = s.seat === msg.you;
      const inPlay = Object.entries(s.in_play || {}).filter(([, n]) => n).map(([id, n]) => `<span class="chip" data-card="${esc(id)}" data-tip="${esc(this.cardTip(id))}">${esc(this.cardName(id))}${n > 1 ? " ×" + n : ""}</span>`).join("");
      const token = isYou && this.legal.has("pay token");
      const vp = s.vp === null || s.vp === undefined ? "?" : s.vp;
      return `<div class="player ${toMove ? "to-move" : ""} ${isYou ? "you" : ""}" style="--c:${this.colour(s.seat)}" data-seat="${s.seat}">
        <div class="player-head"><span class="swatch"></span><b>${esc(this.app.seatName(s.seat))}</b>${isYou ? ` <span class="tag">${esc(t("t.you"))}</span>` : ""}
          ${meta.kind === "bot" ? `<span class="tag">${esc(t("t.bot", { name: this.app.botLevel(meta.bot) }))}</span>` : `<span class="dot ${meta.connected ? "on" : "off"}" title="${esc(meta.connected ? t("t.connected") : t("t.offline"))}"></span>`}
          ${meta.away ? `<span class="tag warn">${esc(t("t.away_short"))}</span>` : ""}
          <span class="vp-big" data-tip="${esc(vp === "?" ? t("tip.vp_hidden") : `${vp} ${t("db.vp")}`)}">${vp}<small>${esc(t("db.vp"))}</small></span></div>
        <div class="player-stats">
          <span class="${token ? "legal token" : "token"}" ${token ? `data-action="pay token"` : ""} data-tip="${esc(t("tip.tokens", { n: s.tokens }))}">${coinSvg(s.tokens, 18)}</span>
          <span data-tip="${esc(t("tip.hand_count", { n: s.hand_count }))}" class="mini-card">${s.hand_count}</span><span data-tip="${esc(t("tip.rest_count", { n: s.rest_count }))}">↺ ${s.rest_count}</span>
          <span class="muted" data-tip="${esc(t("tip.owned", { n: s.owned_cards }))}">${s.owned_cards} ${esc(t("db.cards"))}</span>
          <span class="muted boats-at">${s.boats.map((b) => `${b.boat}:${esc(this.nodeName(b.node))}${b.spot ? "·" + esc(t("gem." + b.spot)) : ""}`).join(" ")}</span></div>
        <div class="chips">${inPlay}</div><div class="note-slot">${lastMoveNote(this.app, this, s.seat)}</div></div>`;
    }).join("");
    return `<section class="panel players" id="players">${rows}</section>`;
  }

  diveHtml(msg) {
    const v = this.view, dv = v.dive;
    if (!dv) return `<section class="panel dive idle"><h2>${esc(t("db.dive"))}</h2><p class="muted">${esc(t("db.no_dive"))}</p></section>`;
    const seen = {}, from = this.app.describe.hazard_from || {}; // R-DB-9, as the engine counts it
    const drawn = dv.drawn.map((g) => {
      const before = seen[g] || 0;
      seen[g] = before + 1;
      const hazard = from[g] != null && before >= from[g];
      return `<span class="drawn ${hazard ? "hazard" : ""}">${gemSvg(g, 22)}</span>`;
    }).join("");
    const divers = dv.divers.map((p) => `<span class="chip" style="--c:${this.colour(p)}">${esc(this.app.seatName(p))}${p === dv.leader ? " ★" : ""}${dv.card_vp[p] ? ` · ${dv.card_vp[p]} ${esc(t("db.vp"))}` : ""}</span>`).join(" ");
    const out = dv.resurfaced.map((p) => `<span class="chip out" style="--c:${this.colour(p)}">${esc(this.app.seatName(p))} ⇧ ${esc(t("db.resurfaced"))}</span>`).join(" ");
    return `<section class="panel dive" id="dive"><h2>${esc(t("db.dive"))} · ${esc(dv.site)} <span class="muted">${esc(this.tileName(dv.tile))}</span></h2>
      <div class="dive-board"><div class="depth">${drawn || "<span class='muted'>…</span>"}${dv.pending_gems.map((g) => `<span class="drawn pending">${gemSvg(g, 22)}</span>`).join("")}</div></div>
      <p class="divers"><span class="muted">${esc(t("db.leader"))}:</span> ${divers} ${out}</p></section>`;
  }

  bagHtml(msg) {
    const v = this.view, o = msg.odds || {};
    const bag = GEM_ORDER.filter((g) => v.bag[g]).map((g) => `<span class="bag-gem" data-tip="${esc(t("tip.bag_gem", { n: v.bag[g], gem: t("gem." + g) }))}">${gemSvg(g, 20)}<b>${v.bag[g]}</b></span>`).join("");
    const supply = GEM_ORDER.filter((g) => v.supply[g]).map((g) => `<span class="bag-gem small">${gemSvg(g, 14)}${v.supply[g]}</span>`).join("");
    let odds = "";
    if (o.next) {
      // the next gem's colours as one bar, each part as wide as its chance (its words on hover or tap)
      odds += `<div class="odds-strip" role="img" aria-label="${esc(t("db.next_gem"))}: ${esc(GEM_ORDER.filter((g) => o.next[g]).map((g) => `${t("gem." + g)} ${pct(o.next[g].p)}`).join(", "))}">` +
        GEM_ORDER.filter((g) => o.next[g]).map((g) => `<span class="part" style="--w:${(o.next[g].p * 100).toFixed(1)}%;--c:${GEM_COLOURS[g]}" data-tip="${esc(`${t("db.next_gem")}: ${t("gem." + g)}\n${pct(o.next[g].p)} (${o.next[g].exact ?? ""})`)}">${o.next[g].p >= 0.12 ? pct(o.next[g].p) : ""}</span>`).join("") + `</div>`;
    }
    if (o.hazard) {
      odds += `<div class="odds-line"><span>${esc(t("db.hazard"))}${o.per_draw > 1 ? ` (${esc(t("db.per_draw", { n: o.per_draw }))})` : ""}</span><b>${pct(o.hazard.p)}</b> <small class="muted">${esc(o.hazard.exact)}</small></div>`;
    }
    if (o.undefendable) {
      const danger = o.undefendable.p >= 0.25 ? "danger" : o.undefendable.p > 0 ? "warn" : "safe";
      const defences = o.defences ? t("db.defences", o.defences) : "";
      odds += `<div class="odds-line ${danger}" id="odds-undefendable" data-tip="${esc(`${t("db.undefendable")}\n${defences}`)}"><span>${esc(t("db.undefendable"))}</span><b>${pct(o.undefendable.p)}</b> <small class="muted">${esc(o.undefendable.exact)}</small></div>`;
      if (defences) odds += `<p class="muted small defences">${esc(defences)}</p>`;
    }
    if (o.stop_vp !== undefined) {
      odds += `<div class="odds-line"><span>${esc(t("db.stop_vp"))}</span><b>${o.stop_vp.toFixed(0)}</b></div>
        <div class="odds-line"><span>${esc(t("db.draw_vp"))}</span><b>${o.draw_vp.toFixed(2)}</b></div>`;
    }
    return `<section class="panel bag" id="bag"><h2>${esc(t("db.bag"))} <span class="muted">(${v.bag_count})</span></h2>
      <div class="bag-row"><svg class="bag-icon" width="34" height="38" viewBox="0 0 34 38"><path d="M8 10 Q 2 30 8 34 Q 17 38 26 34 Q 32 30 26 10 Z" fill="#8c6a43" stroke="#3e2a14" stroke-width="1.5"/><path d="M9 10 Q 17 4 25 10" fill="none" stroke="#3e2a14" stroke-width="2.5"/></svg>${bag}</div>
      ${supply ? `<p class="muted small supply">${esc(t("db.supply"))}: ${supply}</p>` : ""}
      ${odds ? `<div class="odds" id="odds"><h3>${esc(t("t.odds"))}</h3>${odds}</div>` : ""}</section>`;
  }
}
