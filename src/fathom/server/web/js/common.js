// Shared helpers: translated strings, HTML escaping, small SVG pieces, the socket.

export const I18N = { s: {}, lang: "en" };

export function pickLang() {
  const q = new URLSearchParams(location.search).get("lang");
  const saved = localStorage.getItem("fathom.lang");
  const nav = (navigator.language || "en").slice(0, 2);
  const lang = (q || saved || nav) === "fr" ? "fr" : "en";
  if (q) localStorage.setItem("fathom.lang", lang);
  return lang;
}

export async function loadStrings(lang) {
  const res = await fetch(`/api/i18n/${lang}`);
  I18N.s = await res.json();
  I18N.lang = I18N.s._lang || "en";
  document.documentElement.lang = I18N.lang;
  return I18N.s;
}

/** A catalog string with ``{name}`` filled; ``key.one``/``key.zero`` when ``params.n`` is 1/0 (as fathom.i18n). */
export function t(key, params = {}) {
  const plural = params.n === 1 ? ".one" : params.n === 0 ? ".zero" : null;
  let s = (plural && I18N.s[key + plural]) || I18N.s[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)(?:!r)?\}/g, (m, k) => (params[k] !== undefined ? params[k] : m));
}

/** Fill the page's fixed words: ``data-t`` is an element's text, ``data-t-label`` its accessible name. */
export function translatePage() {
  document.querySelectorAll("[data-t]").forEach((el) => (el.textContent = t(el.dataset.t)));
  document.querySelectorAll("[data-t-label]").forEach((el) => el.setAttribute("aria-label", t(el.dataset.tLabel)));
  const lang = document.getElementById("lang");
  lang.textContent = t("lang.other");
  lang.setAttribute("lang", I18N.lang === "fr" ? "en" : "fr"); // the button names the other language in it
  lang.onclick = () => setLang(I18N.lang === "fr" ? "en" : "fr");
}

/** Say ``text`` to a screen reader (the page's polite live region) without showing it; runs of
 *  white space (from the HTML it was read out of) are said as one. */
export function announce(text) {
  const region = document.getElementById("announce");
  const said = (text || "").replace(/\s+/g, " ").trim();
  if (region && said) region.textContent = said;
}

export function setLang(lang) {
  localStorage.setItem("fathom.lang", lang);
  location.reload();
}

/** A modal dialog ``id`` (made on first use, closed by its button or a click outside) showing ``html``. */
export function showDialog(id, html, extraClass = "") {
  let dialog = document.getElementById(id);
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = id;
    dialog.className = `rules-dialog ${extraClass}`;
    dialog.innerHTML = `<form method="dialog" class="rules-close"><button class="ghost">${esc(t("t.close"))}</button></form>
      <div class="rules-text"></div>`;
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    document.body.append(dialog);
  }
  dialog.querySelector(".rules-text").innerHTML = html;
  if (!dialog.open) dialog.showModal();
}

/** How to play ``game`` (the server's summary, in the page's language) in a modal dialog. */
export async function openRules(game, more = "") {
  const res = await fetch(`/api/games/${encodeURIComponent(game)}/rules?lang=${I18N.lang}`);
  const body = await res.json();
  showDialog("rules-dialog", (res.ok ? body.html : `<p class="error">${esc(body.message)}</p>`) + more);
}

/** The page of table ``id`` holding several seat keys: pass and play, one device for several people. */
export function deviceUrl(id, keys) {
  return `/t/${encodeURIComponent(id)}#` + keys.map((k) => "token=" + encodeURIComponent(k)).join("&");
}

const drawn = new WeakMap(); // element -> [the HTML last put there, its first and last child after]

/** Does ``el`` hold exactly ``html``, as :func:`putHtml` left it? */
export function holds(el, html) {
  const was = drawn.get(el);
  return Boolean(was) && was[0] === html && was[1] === el.firstChild && was[2] === el.lastChild;
}

/** Put ``html`` in ``el`` unless it holds exactly that already (and nothing has emptied it since): a part
 *  of the table that did not change is not parsed, styled, laid out and painted again at every message.
 *  True if it was drawn. */
export function putHtml(el, html) {
  if (holds(el, html)) return false;
  el.innerHTML = html;
  drawn.set(el, [html, el.firstChild, el.lastChild]);
  return true;
}

const lined = new WeakMap(); // list element -> the HTML of each of its children, as putLines left them

/** Make ``list``'s children the elements ``lines`` (one HTML string each, oldest first) by dropping the
 *  oldest that left and appending the ones that arrived, when the list has only moved on since the last
 *  call (a log's window of recent lines); otherwise draw it anew. The lines kept are not parsed or laid
 *  out again. */
export function putLines(list, lines) {
  const was = lined.get(list);
  let gone = -1;
  if (was && list.children.length === was.length) {
    for (let d = 0; d < was.length && gone < 0; d++) {
      const kept = was.length - d;
      if (kept > lines.length) continue;
      let same = true;
      for (let i = 0; i < kept && same; i++) same = was[d + i] === lines[i];
      if (same) gone = d;
    }
  }
  if (gone < 0) list.innerHTML = lines.join("");
  else {
    for (let i = 0; i < gone; i++) list.firstElementChild.remove();
    const arrived = lines.slice(was.length - gone);
    if (arrived.length) list.insertAdjacentHTML("beforeend", arrived.join(""));
  }
  lined.set(list, lines);
}

export function esc(v) {
  return String(v ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export const GEM_COLOURS = {
  silver: "#cfd8e3", gold: "#f2b92c", red: "#e0313f", green: "#2fbf71",
  purple: "#9b4dca", black: "#1d1d24", blue: "#2f7cf6",
};
export const SEAT_COLOURS = {
  yellow: "#f5c518", orange: "#f07d1a", green: "#3bb273", red: "#e04848", purple: "#8e5cd9",
};
export const ITB_COLOURS = ["#f5c518", "#f07d1a", "#3bb273", "#e04848", "#8e5cd9"];

export function gemSvg(gem, size = 18, extra = "") {
  const c = GEM_COLOURS[gem] || "#888";
  const h = size, w = size * 0.9;
  return `<svg class="gem ${extra}" width="${w}" height="${h}" viewBox="0 0 18 20" aria-label="${esc(t("gem." + gem))}">
    <title>${esc(t("gem." + gem))}</title>
    <polygon points="9,1 17,7 9,19 1,7" fill="${c}" stroke="#0b1f33" stroke-width="1.2"/>
    <polygon points="9,1 13,7 9,19 5,7" fill="#ffffff" opacity="0.18"/>
    <polyline points="1,7 17,7" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1"/></svg>`;
}

export function spotSvg(kind, size = 16) {
  if (kind === "blue_or_black") {
    return `<svg class="gem" width="${size}" height="${size}" viewBox="0 0 20 20"><title>${esc(t("gem.blue_or_black"))}</title>
      <path d="M10 1 A9 9 0 0 0 10 19 Z" fill="${GEM_COLOURS.blue}"/><path d="M10 1 A9 9 0 0 1 10 19 Z" fill="${GEM_COLOURS.black}"/>
      <circle cx="10" cy="10" r="9" fill="none" stroke="#fff" stroke-width="1.5"/></svg>`;
  }
  return `<svg class="gem" width="${size}" height="${size}" viewBox="0 0 20 20"><title>${esc(t("gem." + kind))}</title>
    <circle cx="10" cy="10" r="9" fill="${GEM_COLOURS[kind] || "#888"}" stroke="#fff" stroke-width="1.5"/></svg>`;
}

export function coinSvg(n, size = 20) {
  return `<svg class="coin" width="${size}" height="${size}" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" fill="#f2c94c" stroke="#a77b06" stroke-width="1.5"/>
    <text x="10" y="14" text-anchor="middle" font-size="11" font-weight="700" fill="#5b3d00">${n}</text></svg>`;
}

/** Money (a price, a card's cash): a green note "$n", never a disc, so it never reads as VP. */
export function cashHtml(n, extra = "") {
  return `<span class="cash ${extra}">${esc(t("db.cash", { n }))}</span>`;
}

/** VP: a gold disc with the number and "VP" under it (money is a green note: see cashHtml). */
export function vpHtml(n, extra = "") {
  return `<span class="vp ${extra}"><b>${esc(n)}</b><small>${esc(t("db.vp"))}</small></span>`;
}

export function propSvg(n, size = 20) {
  let out = "";
  for (let i = 0; i < n; i++) {
    out += `<svg class="prop" width="${size}" height="${size}" viewBox="0 0 20 20"><g fill="#dff6ff" stroke="#0e4a6e" stroke-width="1">
      <ellipse cx="10" cy="5.5" rx="3" ry="5"/><ellipse cx="10" cy="14.5" rx="3" ry="5"/><ellipse cx="5.5" cy="10" rx="5" ry="3"/><ellipse cx="14.5" cy="10" rx="5" ry="3"/>
      <circle cx="10" cy="10" r="2.2" fill="#0e4a6e"/></g></svg>`;
  }
  return out;
}

export function shieldSvg(gem, size = 20) {
  return `<svg class="shield" width="${size}" height="${size}" viewBox="0 0 20 22"><title>${esc(t("db.protects", { gem: t("gem." + gem) }))}</title>
    <path d="M10 1 L18 4 V10 C18 15 14 19 10 21 C6 19 2 15 2 10 V4 Z" fill="${GEM_COLOURS[gem]}" stroke="#fff" stroke-width="1.5"/>
    <path d="M10 5 V17 M5 9 H15" stroke="#fff" stroke-width="1.6" opacity="0.8"/></svg>`;
}

export function pct(p) {
  if (p === undefined || p === null) return "–";
  const v = p * 100;
  return (v < 10 && v > 0 ? v.toFixed(1) : v.toFixed(0)) + "%";
}

// ---- explanations: every card, token and spot with a ``data-tip`` explains itself ------------------
// On hover (a mouse), on keyboard focus, and on a tap (touch: a tap on something that is not a move
// shows its explanation; a second tap or a tap elsewhere hides it). One floating box for the page.
const tipState = { el: null, for: null };

function tipBox() {
  if (!tipState.el) {
    tipState.el = document.createElement("div");
    tipState.el.id = "tip";
    tipState.el.className = "tip";
    tipState.el.setAttribute("role", "tooltip");
    tipState.el.hidden = true;
    // inside a landmark of its own, so that everything on the page belongs to one (screen readers)
    const holder = document.createElement("aside");
    holder.setAttribute("aria-label", t("tip.region"));
    holder.append(tipState.el);
    document.body.append(holder);
  }
  return tipState.el;
}

export function showTip(target) {
  const text = target?.dataset.tip;
  if (!text) { hideTip(); return; }
  const box = tipBox();
  box.innerHTML = text.split("\n").map((line, i) => i === 0 ? `<b>${esc(line)}</b>` : `<span>${esc(line)}</span>`).join("");
  box.hidden = false;
  tipState.for = target;
  placeTip(box, target.getBoundingClientRect());
}

// Above the thing explained, or below it when there is no room, always inside the window.
function placeTip(box, r) {
  const w = box.offsetWidth, h = box.offsetHeight;
  let left = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), innerWidth - w - 4);
  let top = r.top - h - 8;
  if (top < 4) top = Math.min(r.bottom + 8, innerHeight - h - 4);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

export function hideTip() {
  if (tipState.el) tipState.el.hidden = true;
  tipState.for = null;
}

export function installTips() {
  document.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const target = ev.target.closest?.("[data-tip]");
    if (target) showTip(target); else if (tipState.for) hideTip();
  });
  document.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse") return;
    const target = ev.target.closest?.("[data-tip]");
    if (!target || target === tipState.for) hideTip(); else showTip(target);
  }, true);
  document.addEventListener("focusin", (ev) => { const target = ev.target.closest?.("[data-tip]"); if (target) showTip(target); });
  document.addEventListener("focusout", () => hideTip());
  document.addEventListener("scroll", followTip, true);
}

// A scroll moves the explained thing: the box follows it while it is on screen. (Hiding it on every
// scroll lost the box of a hover whose own scroll into view was reported just after it.)
function followTip() {
  const target = tipState.for;
  if (!target) return;
  const r = target.getBoundingClientRect();
  if (target.isConnected && r.bottom > 0 && r.top < innerHeight) placeTip(tipState.el, r); else hideTip();
}

// ---- the live connection ---------------------------------------------------------------------
export class Live {
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 0;
    this.ws = null;
    this.closedByUs = false;
    this.connect();
  }
  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, lang: I18N.lang }));
      this.onStatus(true);
    };
    ws.onmessage = (ev) => {
      if (this.closedByUs) return; // a page that switched seats hears nothing more of the last one
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.closedByUs) return;
      this.onStatus(false, ev.code);
      if (ev.code === 4403 || ev.code === 4404) return;
      // 4429: this address has its limit of pages open; try again slowly, one may close meanwhile
      const wait = ev.code === 4429 ? 15000 : Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }
  close() {
    this.closedByUs = true;
    if (this.ws) this.ws.close();
  }
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }
}

/** A bot's level in words ("Easy", "Normal", "Hard"; a named bot such as "expert" by its name). */
export function botLevel(id) {
  const key = "bot.level." + id;
  return I18N.s[key] !== undefined ? t(key) : String(id ?? "");
}

/** A seat as a list names it: a person by name ("Seat 2" unnamed), a bot by name and level. */
export function seatLabel(seat, i) {
  const name = seat.name || t("t.seat", { n: i + 1 });
  return seat.kind === "bot" ? t("bot.named", { name, level: botLevel(seat.bot) }) : name;
}
