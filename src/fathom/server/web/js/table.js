// The table page: connection, shared panels (turn, moves, log, chat, replay) and the game's renderer.
// Pass and play: a link with several seat keys (#token=A&token=B) seats several people on this device.
// The page connects as the seat to move; between their turns it watches as a spectator (nobody's
// hand on screen), and before another of its seats moves it hides everything behind a curtain until
// that person says they hold the device.
import { t, esc, pickLang, loadStrings, openRules, showDialog, deviceUrl, I18N, Live, translatePage, announce, botLevel, seatLabel, installTips, hideTip, putLines } from "./common.js";
import { renderHostPanel } from "./host.js";
import { Motion } from "./motion.js";
import { renderAnalysis } from "./analysis.js";
import { sinceLines } from "./since.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const tokens = new URLSearchParams(location.hash.slice(1)).getAll("token");
const app = {
  token: tokens[0] || null, // the seat key this page is connected with
  device: {}, // pass and play: seat -> key of every seat on this device (empty with one key)
  live: null, describe: null, msg: null, events: [], renderer: null, pending: false,
  replay: null, // {step, total, data} when looking at a past position
  you: null,
  hint: null, // the last hint message, shown while its move number is the table's
  rematch: null, // {table, url} once a rematch of this finished game exists
  rematchAsked: false,
  thinking: null, // {seat, move_number}: the server is thinking out that bot's move (a "thinking" message)
  turns: null, // a finished game's turns and moves, chance folded in (GET .../turns), for the replay
};
window.fathom = app; // for tests and the curious
app.motion = new Motion(app);

/** The request headers that open ``key``'s seat (none for a spectator). */
function auth(key) {
  return key ? { Authorization: "Bearer " + key } : {};
}

function seatName(i, table) {
  const s = (table || app.msg?.table || app.welcome?.table)?.seats?.[i];
  if (!s) return t("t.seat", { n: i + 1 });
  if (s.name) return s.name;
  if (s.kind === "bot") return seatLabel(s, i); // a bot of a table made before bots had names
  return t("t.seat", { n: i + 1 });
}
app.seatName = seatName;
app.botLevel = botLevel;

/** A seat's name, a bot's with its level ("Sylvia (bot · Hard)"), where the page says who it waits for. */
function seatFull(i) {
  const s = (app.msg?.table || app.welcome?.table)?.seats?.[i];
  return s && s.kind === "bot" ? seatLabel(s, i) : seatName(i);
}

function act(text) {
  if (app.pending || !app.msg || app.replay) return;
  const legal = app.msg.legal.find((m) => m[1] === text);
  if (!legal) { app.steps = []; return; }
  app.pending = true;
  document.body.dataset.pending = "1";
  app.live.send({ type: "act", action: text, expect: app.msg.move_number });
}
app.act = act;

/** Several moves from one click (a sail to its destination): the first now, each next one once the
 *  server's answer shows it legal; anything else (another's move, an error) drops the rest. */
function actSteps(steps) {
  if (app.pending || !steps.length) return;
  app.steps = steps.slice(1);
  act(steps[0]);
}
app.actSteps = actSteps;

/** The next queued step, if this answer leaves it legal for this seat. */
function nextStep(msg) {
  const next = (app.steps || []).shift();
  if (next === undefined) return;
  if (app.replay || msg.to_move !== msg.you || !msg.legal.some((m) => m[1] === next)) { app.steps = []; return; }
  act(next);
}

function showNotice(text, kind = "error") {
  const n = document.getElementById("notice");
  n.textContent = text;
  n.className = "notice " + kind;
  n.hidden = false;
  clearTimeout(showNotice.timer);
  showNotice.timer = setTimeout(() => (n.hidden = true), 5000);
}

/** Each game's renderer is its own module, served from the game's folder (its plugin's ``web``):
 *  ``../games/<name>/renderer.js``, whose default export is the renderer class. Messages wait for it. */
app.Renderers = {};
let inbox = Promise.resolve();

async function loadRenderer(game) {
  if (!app.Renderers[game]) {
    const module = await import(new URL(`../games/${encodeURIComponent(game)}/renderer.js`, import.meta.url).href);
    app.Renderers[game] = module.default;
  }
}

function onMessage(msg) {
  inbox = inbox.then(async () => {
    if (msg.type === "welcome") await loadRenderer(msg.table.game);
    handleMessage(msg);
  }).catch((err) => console.error(err));
}

function handleMessage(msg) {
  if (msg.type === "welcome") {
    app.welcome = msg;
    app.describe = msg.describe;
    app.you = msg.you;
    const game = msg.table.game;
    if (!app.renderer) app.renderer = new app.Renderers[game](app);
    document.getElementById("game-name").textContent = t("game." + game);
    document.getElementById("table-id").textContent = "#" + msg.table.id;
    document.getElementById("chat").innerHTML = "";
    (msg.chat || []).forEach(addChat);
    // the chat is the seats' own; a spectator reads it only where the table allows, and never writes
    document.getElementById("chat-panel").hidden = msg.you === null && !msg.table.settings.spectator_chat;
    document.getElementById("chat-form").hidden = msg.you === null;
    renderHostPanel(tableId, msg.table, seatName);
    return;
  }
  if (msg.type === "state") {
    const next = handOverTo(msg);
    // behind the curtain the page watches as a spectator, keeping nothing, until that person is ready
    if (next !== null && app.you === null && document.body.dataset.curtain === String(next)) return;
    if (msg.reset) app.events = [];
    // a hint is for one position: gone once the game moves on, or after an undo (reset)
    if (app.hint && (msg.reset || app.hint.move_number !== msg.move_number)) app.hint = null;
    app.events.length = msg.events_from;
    app.events.push(...msg.events);
    app.msg = msg;
    app.pending = false;
    delete document.body.dataset.pending;
    if (next !== null) showCurtain(next);
    else if (onThisDevice() && app.you !== null && msg.to_move !== app.you) connectAs(null); // turn over: watch
    else if (!app.replay) {
      const fresh = !msg.reset && msg.events_from > 0 ? msg.events : []; // what just happened, not the whole log
      render(fresh);
      announceEvents(fresh);
    }
    nextStep(msg);
    return;
  }
  if (msg.type === "error") {
    app.steps = [];
    app.pending = false;
    delete document.body.dataset.pending;
    showNotice(msg.message);
    if (app.msg && !app.replay) render();
    return;
  }
  if (msg.type === "hint") {
    app.hint = msg;
    if (app.msg && !app.replay) {
      render();
      announce(document.getElementById("hint-text")?.textContent);
    }
    return;
  }
  if (msg.type === "rematch") {
    app.rematch = msg;
    if (onThisDevice()) { if (app.msg && !app.replay) render(); return; } // its link holds one seat only
    if (app.rematchAsked) location.assign(msg.url);
    else if (app.msg && !app.replay) render();
    return;
  }
  if (msg.type === "thinking") { // the server started on a bot's move: only the banner changes
    app.thinking = msg;
    if (app.msg && !app.replay) banner(app.msg);
    return;
  }
  if (msg.type === "chat") addChat(msg);
}

// ---- pass and play ---------------------------------------------------------------------------
function onThisDevice() {
  return Object.keys(app.device).length > 1;
}

/** Another seat of this device that is to move (the device must change hands), or null. */
function handOverTo(msg) {
  const seat = msg.to_move;
  return typeof seat === "number" && seat !== app.you && app.device[seat] !== undefined ? seat : null;
}

/** Nothing of the last view stays on screen until the next one is rendered. */
function blank() {
  document.querySelector(".layout").hidden = true;
  for (const id of ["main", "game-side", "moves", "log", "announce", "since"]) document.getElementById(id).innerHTML = "";
  document.getElementById("since").hidden = true;
  document.getElementById("motion-layer")?.replaceChildren(); // nothing of the last seat's moves in flight
  document.body.dataset.mine = "0";
  document.getElementById("to-moves").hidden = true;
}

/** Close the connection and drop everything a seat was sent (its view, log, hint, the renderer
 *  holding them): behind the curtain nothing of the last hand is left in the page's memory either. */
function forget() {
  if (app.live) app.live.close();
  blank();
  const r = app.renderer; // kept (it holds the board's listeners), but not what it last drew
  if (r) Object.assign(r, { msg: null, view: null, events: null, legal: null });
  Object.assign(app, { live: null, msg: null, welcome: null, you: null, events: [], hint: null, replay: null,
    pending: false, marks: null });
  Object.assign(app.motion, { shot: null, played: [] });
}

function showCurtain(seat) {
  const name = seatName(seat);
  const move = app.msg.move_number;
  forget();
  app.token = null; // watch (nobody's hand) to learn when the game moves on without them
  app.live = new Live(tableId, null, onMessage, onStatus);
  const curtain = document.getElementById("curtain");
  curtain.innerHTML = `<h2>${esc(t("t.pass_to", { name }))}</h2><p>${esc(t("t.pass_away"))}</p>
    <button class="primary" id="pass-ready">${esc(t("t.pass_ready", { name }))}</button>`;
  curtain.hidden = false;
  document.body.dataset.curtain = String(seat);
  document.body.dataset.move = String(move);
  // the game is in play, if hidden: a page whose first state asks for a hand-over (a rematch whose
  // bot moved while the page loaded) is never rendered before the curtain, and stayed "loading"
  document.body.dataset.status = "playing";
  const b = document.getElementById("turn-banner");
  b.textContent = t("t.pass_to", { name });
  b.className = "turn-banner";
  document.title = `${t("t.pass_to", { name })} · fathom`; // not "Your turn": nobody's hand is shown
  const ready = document.getElementById("pass-ready");
  ready.onclick = () => connectAs(seat);
  ready.focus(); // Enter answers it, as in the terminal
}

function hideCurtain() {
  document.getElementById("curtain").hidden = true;
  delete document.body.dataset.curtain;
}

/** Connect as ``seat`` of this device (null: as a spectator); nothing of the last seat's view is kept. */
function connectAs(seat) {
  forget();
  hideCurtain();
  app.token = seat === null ? null : app.device[seat];
  app.live = new Live(tableId, app.token, onMessage, onStatus);
}

/** Learn which seat each key of the link opens; connect as the one to move, else the first. */
async function seatTheDevice() {
  const found = await Promise.all(tokens.map(async (key) => {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/state`, { headers: auth(key) });
    const data = await res.json();
    if (!res.ok) { showNotice(data.message); return null; }
    return data;
  }));
  found.forEach((data, i) => { if (data && data.you !== null) app.device[data.you] = tokens[i]; });
  const seats = Object.keys(app.device).map(Number);
  const first = found.find(Boolean);
  const start = first && seats.includes(first.to_move) ? first.to_move : seats[0];
  if (start !== undefined) app.token = app.device[start];
}

/** Rematch every seat of this device (the first call makes the table) and go there with all their keys. */
async function rematchOnThisDevice() {
  const keys = [];
  let next = null;
  for (const seat of Object.keys(app.device)) {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`,
      { method: "POST", headers: auth(app.device[seat]) });
    const data = await res.json();
    if (!res.ok) { showNotice(data.message); return; }
    next = data.id;
    keys.push(...new URLSearchParams(data.url.split("#")[1] || "").getAll("token"));
  }
  location.assign(deviceUrl(next, keys));
}

function hintHtml(msg) {
  const h = app.hint;
  if (!h || h.move_number !== msg.move_number) return "";
  const r = app.renderer;
  const sail = (h.detail && h.detail.sail_to) || null;
  const what = sail
    ? sail.map(([node, stays], i) => esc(t(stays ? "t.hint_stay" : "t.hint_sail", { boat: i + 1, node: r.nodeName ? r.nodeName(node) : node }))).join(", ")
    : r.moveLabel(h.move);
  let html = `<p class="hint-box" id="hint-text">${esc(t("t.hint_says"))} ${what}`;
  if (h.win_chance !== null && h.win_chance !== undefined) {
    html += ` <span class="muted">· ${esc(t("t.hint_win", { p: Math.round(100 * h.win_chance), n: h.playouts }))}</span>`;
  }
  return html + `</p>`;
}

function addChat(m) {
  const box = document.getElementById("chat");
  box.insertAdjacentHTML("beforeend", `<div><b>${esc(m.name)}</b> ${esc(m.text)}</div>`);
  box.scrollTop = box.scrollHeight;
}

function onStatus(ok, code) {
  const c = document.getElementById("conn");
  c.className = "conn " + (ok ? "on" : "off");
  c.title = ok ? t("t.connected") : t("t.offline");
  if (!ok && code !== 4403 && code !== 4404 && code !== 4429) showNotice(t("t.reconnecting"), "info");
  if (!ok && code === 4403) showNotice(t("t.offline"));
}

function banner(msg) {
  const b = document.getElementById("turn-banner");
  const view = msg.view;
  let text, cls = "", html = null;
  const who = msg.to_move;
  const thinking = typeof who === "number" && (msg.thinking === who ||
    (app.thinking && app.thinking.seat === who && app.thinking.move_number === msg.move_number));
  document.body.dataset.thinking = thinking && !msg.replay ? String(who) : "";
  if (msg.replay && msg.to_move !== "over") { // a past position: nobody is waited for
    text = `${t("t.replay")} · ${replayWhere()}`;
    cls = "replay";
  } else if (msg.to_move === "over") {
    const names = (msg.winners || []).map((w) => seatName(w)).join(", ");
    text = `${t("t.over")} — ${t("t.winner", { names, n: (msg.winners || []).length })}`; // a shared win in the plural
    cls = "over";
  } else if (msg.to_move === "chance") {
    text = t("t.chance");
  } else if (msg.to_move === msg.you && msg.legal.length) {
    text = t("t.your_turn");
    cls = "mine";
  } else if (thinking) {
    text = t("t.thinking", { name: seatFull(who) });
    html = `<span class="thinking-mark" aria-hidden="true"><i></i><i></i><i></i></span> ${esc(text)}`;
    cls = "thinking";
  } else {
    text = t("t.waiting", { name: seatFull(who) });
  }
  if (html) b.innerHTML = html;
  else b.textContent = text;
  b.className = "turn-banner " + cls;
  // the tab's title says it too, for a person whose table sits in a background tab
  const game = app.welcome ? t("game." + app.welcome.table.game) : "";
  document.title = `${cls === "mine" ? "● " + text + " · " : ""}${game ? game + " · " : ""}fathom`;
  const clock = document.getElementById("clock");
  if (msg.clock && !app.replay) {
    clock.hidden = false;
    const end = performance.now() + msg.clock.left_ms;
    clearInterval(banner.timer);
    const tick = () => {
      const s = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      clock.textContent = `${seatName(msg.clock.seat)} · ${msg.clock.turn_based ? timeLeft(s) : t("t.clock", { s })}`;
      clock.classList.toggle("low", s <= 10);
    };
    tick();
    banner.timer = setInterval(tick, 500);
  } else {
    clock.hidden = true;
    clearInterval(banner.timer);
  }
  void view;
}

function renderMoves(msg) {
  const box = document.getElementById("moves");
  const r = app.renderer;
  if (app.replay) { box.innerHTML = ""; box.hidden = true; return; }
  box.hidden = false;
  let html = "";
  const me = msg.table.seats[msg.you];
  if (me && me.away) {
    html += `<div class="away"><p>${esc(t("t.away"))}</p><button class="primary" id="back-btn">${esc(t("t.back"))}</button></div>`;
  }
  if (msg.legal.length) {
    html += `<p class="prompt">${esc(r.prompt(msg))}</p>`;
    const moves = r.panelMoves(msg.legal);
    const suggested = app.hint && app.hint.move_number === msg.move_number ? app.hint.move : null;
    html += `<div class="move-buttons">` + moves.map(([id, text]) =>
      `<button class="move legal${text === suggested ? " suggested" : ""}" data-action="${esc(text)}" data-id="${id}">${r.moveLabel(text)}</button>`).join("") + `</div>`;
    html += hintHtml(msg);
  } else if (msg.you !== null && typeof msg.to_move === "number") {
    // the panel keeps its place and size while the others play: nothing below it moves
    html += `<p class="muted waiting">${esc(t("t.waiting", { name: seatName(msg.to_move) }))}</p>`;
  } else if (msg.you === null) {
    html += `<p class="muted">${esc(t("t.spectator"))}${msg.table.spectators ? " · " + esc(t("t.spectators", { n: msg.table.spectators })) : ""}</p>`;
  }
  if (msg.can_undo) html += `<button class="ghost" id="undo-btn">↶ ${esc(t("t.undo"))}</button>`;
  const hintsOn = msg.table.settings && msg.table.settings.hints !== false;
  if (msg.legal.length && hintsOn) html += `<button class="ghost" id="hint-btn">${esc(t("t.hint"))}</button>`;
  if (me && me.kind === "human" && msg.to_move !== "over") { // this seat's own: forced moves play themselves
    html += `<label class="pref" title="${esc(t("t.auto_forced_help"))}"><input type="checkbox" id="auto-forced"${me.auto_forced === false ? "" : " checked"}> ${esc(t("t.auto_forced"))}</label>`;
  }
  box.innerHTML = html;
  box.hidden = !html;
  // a phone's bar of moves covers the page's foot: the page leaves room for it
  document.body.style.setProperty("--bar-h", `${box.offsetHeight + 12}px`);
  const undo = document.getElementById("undo-btn");
  if (undo) undo.onclick = () => app.live.send({ type: "undo", expect: msg.move_number });
  const hintBtn = document.getElementById("hint-btn");
  if (hintBtn) hintBtn.onclick = () => app.live.send({ type: "hint" });
  const auto = document.getElementById("auto-forced");
  if (auto) auto.onchange = () => app.live.send({ type: "prefs", auto_forced: auto.checked });
  const back = document.getElementById("back-btn");
  if (back) back.onclick = () => app.live.send({ type: "back" });
}

/** A screen reader hears what just happened (the log's newest lines), as they come. */
function announceEvents(events) {
  const box = document.createElement("div");
  box.innerHTML = events.map((e) => app.renderer.eventText(e)).filter(Boolean).join(". ");
  announce(box.textContent);
}

/** On this seat's turn, all through it: what the others did since its last move, in the log's words,
 *  dives and scores first, repeated lines folded (since.js). */
function renderSince(msg, events) {
  const box = document.getElementById("since");
  const mine = !app.replay && msg.you !== null && msg.to_move === msg.you && msg.legal.length;
  const said = mine ? sinceLines(events, msg.you, (e) => app.renderer.eventText(e)) : null;
  box.hidden = !said;
  if (!said) { box.innerHTML = ""; return; }
  const item = (l) => `<li class="${l.important ? "key" : ""}">${l.html}${l.n > 1 ? ` <span class="times">${esc(t("t.times", { n: l.n }))}</span>` : ""}</li>`;
  const more = said.hidden ? `<li class="muted">${esc(t("t.since_more", { n: said.hidden }))}</li>` : "";
  const firstRest = said.lines.findIndex((l) => !l.important);
  const lines = said.lines.map((l, i) => (i === firstRest ? more : "") + item(l)).join("");
  box.innerHTML = `<h2>${esc(t("t.since"))}</h2>` + (said.lines.length
    ? `<ol tabindex="0" aria-label="${esc(t("t.since"))}">${lines}</ol>` : `<p class="muted">${esc(t("t.since_none"))}</p>`);
}

// ---- your turn, even in another tab: title (banner()), favicon, an optional tone, the lobby's note ----
const ICON = (fill, dot) => "data:image/svg+xml," + encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'><circle cx='10' cy='10' r='9' fill='${fill}'/>${dot ? "<circle cx='15' cy='5' r='4.5' fill='#e0313f' stroke='#fff' stroke-width='1.5'/>" : ""}</svg>`);
const turnState = { mine: false };

function signalTurn(msg) {
  const mine = !app.replay && msg.to_move === msg.you && msg.legal.length > 0;
  document.querySelector("link[rel=icon]").href = mine ? ICON("#f2c94c", true) : ICON("#2f7cf6", false);
  document.body.dataset.yourMove = mine ? "1" : "0";
  if (mine && !turnState.mine && localStorage.getItem("fathom.sound") === "1") tone();
  turnState.mine = mine;
  rememberTable(msg, mine);
}

/** A short two-note chime, made on the spot (no sound file). */
function tone() {
  try {
    const ctx = tone.ctx || (tone.ctx = new AudioContext());
    [660, 880].forEach((f, i) => {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      const at = ctx.currentTime + i * 0.16;
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
  } catch { /* no audio here: the title and icon still say it */ }
}

function soundButton() {
  const b = document.getElementById("sound");
  const on = localStorage.getItem("fathom.sound") === "1";
  b.textContent = (on ? "♪ " : "– ") + t("t.sound");
  b.setAttribute("aria-pressed", String(on));
  b.title = t(on ? "t.sound_on" : "t.sound_off");
  b.onclick = () => {
    localStorage.setItem("fathom.sound", on ? "0" : "1");
    soundButton();
    if (!on) tone();
  };
}

/** The lobby lists this browser's tables with "your move" beside those waiting for it. */
function rememberTable(msg, mine) {
  if (msg.you === null || msg.you === undefined || !app.token) return;
  let all = {};
  try { all = JSON.parse(localStorage.getItem("fathom.mine") || "{}"); } catch { all = {}; }
  const url = onThisDevice() ? location.pathname + location.hash : `/t/${encodeURIComponent(tableId)}#token=${encodeURIComponent(app.token)}`;
  all[tableId] = { seat: msg.you, url, yourMove: mine, over: msg.to_move === "over", at: Date.now() };
  const keep = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, 30); // the newest few
  localStorage.setItem("fathom.mine", JSON.stringify(Object.fromEntries(keep)));
}

// The log's room changes when a panel above it grows or shrinks ("since", the dive, the results):
// it keeps showing its newest line, as after each render.
if (window.ResizeObserver) {
  new ResizeObserver(() => { const ol = document.getElementById("log"); ol.scrollTop = ol.scrollHeight; })
    .observe(document.getElementById("log"));
}

function renderLog(events) {
  const ol = document.getElementById("log");
  const r = app.renderer;
  r.annotate?.(events);
  const over = app.msg && app.msg.to_move === "over" && app.turns;
  const items = events.slice(-150).filter(Boolean).map((e) => { // (no gap: events missed behind a curtain)
    const text = r.eventText(e);
    const jump = over ? stepOfEvent(e) : null; // a finished game replays from any line
    return text ? `<li class="ev ev-${esc(e.type)}${jump !== null ? " jump" : ""}"${jump !== null ? ` data-jump="${jump}" title="${esc(t("t.replay_at"))}"` : ""}>${text}</li>` : "";
  }).filter(Boolean);
  putLines(ol, items); // the lines already shown stay; the new ones are appended
  ol.scrollTop = ol.scrollHeight;
}

// Once the game is over: the next game with the same seats. A person asks for it (the server
// answers every open page with its own link); a spectator may follow a rematch that exists.
function rematchHtml(msg) {
  const made = msg.table && msg.table.settings && msg.table.settings.rematch;
  if (!onThisDevice()) { // a pass-and-play page always asks: the server's link holds one seat only
    const url = app.rematch ? app.rematch.url : (app.you === null && made ? `/t/${encodeURIComponent(made)}` : null);
    if (url) {
      return `<a class="button primary" id="rematch-join" href="${esc(url)}">${esc(t(app.you === null ? "t.rematch_watch" : "t.rematch_join"))}</a>`;
    }
    if (app.you === null) return "";
  }
  return `<button class="primary" id="rematch-btn">${esc(t(made ? "t.rematch_join" : "t.rematch"))}</button>`;
}

// Once the game is over: places and totals, VP by source, the tie-break when it decided, and (Into the
// Blue) each level's treasures: the engine's numbers as the server sent them (msg.end), not redone here.
function endHtml(msg) {
  const end = msg.end;
  if (!end) return "";
  const seats = [...end.seats].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const crew = end.sources.includes("led"); // a game whose ties are broken by crew owned
  const rowsOf = ["rank", "total", ...end.sources, ...(crew ? ["crew"] : [])];
  const head = `<tr><td></td>${seats.map((s) => `<th class="${end.winners.includes(s.seat) ? "won" : ""}" data-seat="${s.seat}" style="--c:${app.renderer.colour(s.seat)}"><span class="who" title="${esc(seatName(s.seat))}">${esc(seatName(s.seat))}</span>${s.seat === msg.you ? ` <span class="tag">${esc(t("end.you"))}</span>` : ""}</th>`).join("")}</tr>`;
  const sub = crew ? ["wreck", "cards", "gems", "scenario"] : [];
  const rows = rowsOf.map((name) => `<tr class="row-${name}${sub.includes(name) ? " sub" : ""}"><th>${esc(t("end." + name))}</th>` +
    seats.map((s) => `<td data-seat="${s.seat}" data-row="${name}">${name === "total" ? `<b>${s[name]}</b>` : s[name]}</td>`).join("") + "</tr>").join("");
  let notes = "";
  if (end.tie_break) {
    const names = end.tie_break.tied.map((p) => seatName(p)).join(", ");
    notes += `<p class="tie-break" id="tie-break">${esc(t("end.tie_break", { vp: end.seats[end.tie_break.tied[0]].total, names, crew: end.tie_break.crew.join(" / ") }))}</p>`;
  }
  if (end.shared) notes += `<p class="shared" id="shared-win">${esc(t("end.shared"))}</p>`;
  let treasures = "";
  if (end.treasures) {
    const levels = [...new Set(end.treasures.map((a) => a.level))].sort((a, b) => a - b);
    treasures = `<h3>${esc(t("end.treasures"))}</h3><table class="summary treasures-won" id="treasures">` + levels.map((level) =>
      `<tr data-level="${level}"><th class="text">${esc(t("end.level", { n: level }))}</th><td class="text">` + end.treasures.filter((a) => a.level === level)
        .map((a) => `<span class="chip" style="--c:${app.renderer.colour(a.seat)}" data-seat="${a.seat}">${esc(t(a.kind === "main" ? "end.main" : "end.second"))} ${a.value} → ${esc(seatName(a.seat))}</span>`)
        .join(" ") + `</td></tr>`).join("") + `</table>`;
  }
  return `<h2 class="summary-title">${esc(t("end.title"))}</h2><div class="table-scroll"><table class="summary results" id="results">${head}${rows}</table></div>${notes}${treasures}`;
}

// Once the game is over: how each seat's game went (the server's numbers, from the public log).
function summaryHtml(msg) {
  const rows = msg.summary;
  if (!rows || !rows.length) return "";
  const head = rows.map((_, seat) => `<th>${esc(seatName(seat))}</th>`).join("");
  const body = Object.keys(rows[0]).map((name) => `<tr><th>${esc(t("sum." + name))}</th>` +
    rows.map((row) => `<td>${row[name] === null ? "–" : esc(row[name])}</td>`).join("") + "</tr>").join("");
  return `<h2 class="summary-title">${esc(t("sum.title"))}</h2><table class="summary" id="summary"><tr><td></td>${head}</tr>${body}</table>`;
}

// Once the game is over: this seat's push-your-luck calls weighed against the exact odds (GET .../review).
const REVIEW_COLUMNS = {
  "leader-calls": ["move", "site", "gems_drawn", "risk", "stop_vp", "continue_vp", "played", "given_up"],
  "dice-choices": ["move", "dice", "rerolls_left", "played", "played_value", "best", "best_value", "given_up"],
};

const REVIEW_TEXT = ["site", "dice", "played", "best"];
const REVIEW_DECIMALS = { stop_vp: 1, continue_vp: 1, played_value: 2, best_value: 2 };

/** Dice in the notation ("1,4,chest") as the page's small dice. */
function reviewDice(faces) {
  return faces.split(",").map((f) => app.renderer.dieSvg(/^\d$/.test(f) ? Number(f) : f, 18)).join("");
}

// worthALook: the loss below which a call counts as the best (the server's, as in `fathom review`)
function reviewCell(name, row, worthALook) {
  const v = row[name];
  if (name === "given_up") return v < worthALook ? `<td class="ok">–</td>` : `<td class="lost">${v.toFixed(2)}</td>`;
  if (name === "risk") return `<td>${Math.round(100 * v)}%</td>`;
  if (name in REVIEW_DECIMALS) return `<td>${v.toFixed(REVIEW_DECIMALS[name])}</td>`;
  if (name === "dice") return `<td class="text">${reviewDice(v)}</td>`;
  if (REVIEW_TEXT.includes(name) && v.startsWith("reroll ")) {
    return `<td class="text">${esc(t("rev.reroll"))} ${reviewDice(v.slice("reroll ".length))}</td>`;
  }
  if (name === "played" || name === "best") return `<td class="text">${app.renderer.moveLabel(v)}</td>`;
  return `<td class="${REVIEW_TEXT.includes(name) ? "text" : ""}">${esc(v)}</td>`;
}

/** Review buttons: this seat's, or on a pass-and-play page one for each of its seats. */
function reviewHtml() {
  if (onThisDevice()) {
    return Object.keys(app.device).map((seat) =>
      `<button class="ghost review-btn" data-review="${seat}">${esc(t("t.review"))} · ${esc(seatName(+seat))}</button>`).join("");
  }
  return app.you === null ? "" : `<button class="ghost review-btn" data-review="${app.you}">${esc(t("t.review"))}</button>`;
}

async function openReview(seat) {
  const key = onThisDevice() ? app.device[seat] : app.token;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/review`, { headers: auth(key) });
  const data = await res.json();
  if (!res.ok) { showNotice(data.message); return; }
  const cols = REVIEW_COLUMNS[data.kind];
  const rows = data.rows;
  const against = rows.filter((r) => r.given_up >= data.worth_a_look);
  const lost = against.reduce((sum, r) => sum + r.given_up, 0);
  let html = `<h1>${esc(t("rev." + data.kind))}</h1>
    <p id="review-summary">${esc(t("rev.summary", { n: rows.length, ok: rows.length - against.length, bad: against.length, lost: lost.toFixed(2) }))}</p>`;
  if (rows.length) {
    html += `<table class="summary review" id="review"><tr>${cols.map((c) =>
      `<th class="${REVIEW_TEXT.includes(c) ? "text" : ""}">${esc(t("rev." + c))}</th>`).join("")}</tr>` +
      rows.map((r) => `<tr>${cols.map((c) => reviewCell(c, r, data.worth_a_look)).join("")}</tr>`).join("") + `</table>`;
  }
  html += `<p class="muted">${esc(t("rev.note." + data.kind))}</p>`;
  showDialog("review-dialog", html, "wide");
}

// ---- replay by turns: each turn's moves with the draws they caused folded in (GET .../turns) ----

/** Load the finished game's turns once, then draw the page again with them. */
async function loadTurns() {
  if (app.turns || loadTurns.busy) return;
  loadTurns.busy = true;
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/turns`);
    if (res.ok) app.turns = await res.json();
  } finally {
    loadTurns.busy = false;
  }
  if (app.turns && app.msg) render();
}

/** Index in ``app.turns.turns`` of the turn a step lies in (-1: the setup, before the first move). */
function turnAt(step) {
  const turns = app.turns.turns;
  if (step <= app.turns.setup || !turns.length) return -1;
  const i = turns.findIndex((turn) => step <= turn.end);
  return i < 0 ? turns.length - 1 : i;
}

/** The replay step that shows what log event ``e`` tells: the end of the move that caused it. */
function stepOfEvent(e) {
  if (!app.turns || e.step === undefined) return null;
  if (e.step < app.turns.setup) return app.turns.setup;
  for (const turn of app.turns.turns) {
    for (const m of turn.moves) if (e.step < m.end) return m.end;
  }
  return app.turns.total;
}

/** "Turn 12 / 58 · Sylvia" for the replay's step (or "Setup"). */
function replayWhere() {
  if (!app.turns || !app.replay) return "";
  const i = turnAt(app.replay.step);
  if (i < 0) return t("t.setup");
  const turn = app.turns.turns[i];
  return t("t.turn_of", { n: turn.turn, total: app.turns.turns.length, name: seatName(turn.seat) });
}

function renderReplayBar(msg) {
  const box = document.getElementById("replay");
  if (msg.to_move !== "over" && !app.replay) { box.hidden = true; return; }
  box.hidden = false;
  if (!app.turns) loadTurns();
  const tail = `<a class="button small" href="/api/tables/${encodeURIComponent(tableId)}/save" download>${esc(t("t.download"))}</a>
    ${rematchHtml(msg)}${reviewHtml()}
    ${summaryHtml(msg)}`;
  if (!app.turns) { box.innerHTML = `${endHtml(msg)}<h2>${esc(t("t.replay"))}</h2>${tail}`; wireReplayBar(box); return; }
  const turns = app.turns.turns;
  const total = app.turns.total;
  const step = app.replay ? app.replay.step : total;
  const cur = turnAt(step);
  const endOf = (i) => (i < 0 ? app.turns.setup : turns[Math.min(i, turns.length - 1)].end);
  const prev = endOf(cur - 1);
  const next = cur >= 0 && step < endOf(cur) ? endOf(cur) : endOf(cur + 1);
  const chip = (to, html) => `<button class="ghost small replay-move${to === step ? " current" : ""}" data-step="${to}"${to === step ? ' aria-current="step"' : ""}>${html}</button>`;
  const turn = cur < 0 ? null : turns[cur];
  const moves = !turn ? "" : (turn.lead ? chip(turn.start + turn.lead, esc(t("t.draws", { n: turn.lead }))) : "") + turn.moves.map((m) => {
    const draws = m.chance ? ` <small class="muted">· ${esc(t("t.draws", { n: m.chance }))}</small>` : "";
    const who = m.seat !== turn.seat && m.seat >= 0 ? esc(t("t.move_by", { name: seatName(m.seat) })) : ""; // another seat's answer (a rush, a defence)
    return chip(m.end, `${who}${app.renderer.moveLabel(m.action)}${draws}`);
  }).join("");
  const where = cur < 0 ? t("t.setup") : t("t.turn_of", { n: turns[cur].turn, total: turns.length, name: seatName(turns[cur].seat) });
  box.innerHTML = `${endHtml(msg)}<h2>${esc(t("t.replay"))}</h2>
    <div class="replay-controls">
      <button class="ghost" data-step="${app.turns.setup}" title="${esc(t("t.first"))}" aria-label="${esc(t("t.first"))}">|◀</button>
      <button class="ghost" data-step="${prev}" title="${esc(t("t.prev"))}" aria-label="${esc(t("t.prev"))}" id="replay-prev" ${step <= app.turns.setup ? "disabled" : ""}>◀</button>
      <input type="range" min="0" max="${turns.length}" value="${cur + 1}" id="replay-range" aria-label="${esc(t("t.replay"))}" aria-valuetext="${esc(where)}">
      <button class="ghost" data-step="${next}" title="${esc(t("t.next"))}" aria-label="${esc(t("t.next"))}" id="replay-next" ${step >= total ? "disabled" : ""}>▶</button>
      <button class="ghost" data-step="${total}" title="${esc(t("t.last"))}" aria-label="${esc(t("t.last"))}">▶|</button>
    </div>
    <p class="replay-where" id="replay-step" data-turn="${cur < 0 ? 0 : turns[cur].turn}">${esc(where)}</p>
    <div class="replay-moves" id="replay-moves">${moves}</div>
    ${tail}`;
  wireReplayBar(box);
  document.getElementById("replay-range").onchange = (e) => goto(endOf(+e.target.value - 1));
}

function wireReplayBar(box) {
  box.querySelectorAll("[data-step]").forEach((b) => (b.onclick = () => goto(+b.dataset.step)));
  const rematch = document.getElementById("rematch-btn");
  box.querySelectorAll("[data-review]").forEach((b) => (b.onclick = () => openReview(+b.dataset.review)));
  // a profile's "Review" link (/t/ID#review): this seat's review opens once, as its button would
  const review = box.querySelector("[data-review]");
  if (review && !app.reviewShown && new URLSearchParams(location.hash.slice(1)).has("review")) {
    app.reviewShown = true;
    openReview(+review.dataset.review);
  }
  if (rematch && onThisDevice()) rematch.onclick = rematchOnThisDevice;
  else if (rematch) rematch.onclick = () => { app.rematchAsked = true; app.live.send({ type: "rematch" }); };
}

app.goto = (step) => goto(step); // the analysis graph's points jump the replay

async function goto(step) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}&lang=${I18N.lang}`,
    { headers: auth(app.token) });
  const data = await res.json();
  if (!res.ok) { showNotice(data.message); return; }
  app.replay = { step: data.step, total: data.total, data };
  document.body.dataset.replayStep = String(data.step);
  render();
}

function render(fresh = []) {
  hideTip(); // its card or spot is drawn anew
  if (!app.replay) app.motion.before();
  hideCurtain();
  document.querySelector(".layout").hidden = false;
  const live = app.msg;
  let msg = live;
  let events = app.events;
  if (app.replay) {
    const d = app.replay.data;
    msg = { ...live, view: d.view, legal: [], can_undo: false, odds: {}, events: [], move_number: d.step,
      to_move: d.step === d.total ? "over" : (d.to_move >= 0 ? d.to_move : "chance"), clock: null, replay: true };
    events = d.events;
  }
  document.body.dataset.status = live.to_move === "over" ? "over" : "playing";
  document.body.dataset.move = String(live.move_number);
  document.body.dataset.mine = live.legal.length ? "1" : "0";
  banner(msg);
  renderReplayBar(live);
  renderAnalysis(app, tableId);
  renderMoves(msg);
  app.renderer.annotate?.(events);
  app.marks = app.replay ? null : app.motion.marks(events, live.you);
  app.renderer.render(msg, events);
  boardTargets();
  renderSince(msg, events); // before the log: the log takes the room the panels above it leave
  renderLog(events);
  if (!app.replay) app.motion.after(fresh);
  signalTurn(live);
  followMoves();
  keepFocus();
}

// The board's own targets (wrecks, spots, boats, cards, tokens, levels) work from the keyboard too:
// each is a button to assistive technology, named as its move is in the moves panel, then what it is.
function boardTargets() {
  const named = new Map([...document.querySelectorAll("#moves button.move")].map((b) => [b.dataset.action, b.textContent.trim()]));
  document.querySelectorAll(".legal[data-action]:not(button), [data-select-boat]").forEach((el) => {
    const what = (el.dataset.steps ? el.querySelector("title")?.textContent : named.get(el.dataset.action))
      || el.querySelector("title")?.textContent || el.dataset.action;
    // what the element says of itself, kept aside the first time: a part not redrawn is named afresh, not twice
    if (el.dataset.about === undefined) el.dataset.about = el.getAttribute("aria-label") || "";
    const about = el.dataset.about;
    Object.entries({ tabindex: "0", role: "button", "aria-label": about ? `${what}. ${about}` : what })
      .forEach(([name, value]) => el.setAttribute(name, value));
  });
}

// Enter or Space on such a target does what a click does (a real <button> does it by itself).
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const target = ev.target.closest?.('[role="button"]:not(button)');
  if (!target) return;
  ev.preventDefault();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
});

// A move's button is drawn anew after every move: a keyboard player whose focus went with it (to
// the page's body) finds it again on the first move of their next turn, without scrolling there.
// Only while they use the keyboard: a ring on a move after a click would read as advice.
const input = { keyboard: false };
document.addEventListener("keydown", () => (input.keyboard = true), true);
document.addEventListener("pointerdown", () => (input.keyboard = false), true);

function keepFocus() {
  if (!input.keyboard || (document.activeElement && document.activeElement !== document.body)) return;
  const first = document.querySelector("#moves button.move");
  if (first) first.focus({ preventScroll: true });
}

// In one column the moves come after the board, market and hand: while it is this page's turn and
// the moves panel is off screen, a fixed button scrolls to it (hidden by CSS on wide screens).
const toMoves = { inView: true, observer: null };
function followMoves() {
  const button = document.getElementById("to-moves");
  const moves = document.getElementById("moves");
  if (!toMoves.observer) {
    toMoves.observer = new IntersectionObserver((entries) => {
      toMoves.inView = entries[entries.length - 1].isIntersecting;
      followMoves();
    }, { rootMargin: "0px 0px -15% 0px" });  // a sliver at the screen's foot is not "in view": the button stays
    toMoves.observer.observe(moves);
    const still = matchMedia("(prefers-reduced-motion: reduce)");
    button.onclick = () => moves.scrollIntoView({ behavior: still.matches ? "auto" : "smooth", block: "start" });
  }
  button.textContent = t("t.to_moves");
  button.hidden = toMoves.inView || Boolean(app.replay) || !app.msg || !app.msg.legal.length ||
    document.querySelector(".layout").hidden;
}

document.addEventListener("click", (ev) => {
  const line = ev.target.closest("#log li[data-jump]");
  if (line) { goto(+line.dataset.jump); return; }
  const el = ev.target.closest("[data-action]");
  if (el && el.classList.contains("legal")) {
    ev.preventDefault();
    if (el.dataset.steps) actSteps(JSON.parse(el.dataset.steps));
    else act(el.dataset.action);
  }
});

async function main() {
  await loadStrings(pickLang());
  translatePage();
  document.getElementById("rules-btn").onclick = () => app.welcome && openRules(app.welcome.table.game, app.renderer?.cardListHtml?.() || "");
  installTips();
  soundButton();
  document.getElementById("chat-form").onsubmit = (e) => {
    e.preventDefault();
    const input = document.getElementById("chat-input");
    if (input.value.trim()) app.live.send({ type: "chat", text: input.value.trim() });
    input.value = "";
  };
  if (tokens.length > 1) await seatTheDevice();
  app.live = new Live(tableId, app.token, onMessage, onStatus);
}
main();

/** A turn-based table's time left to move (hours or days), in the page's language. */
function timeLeft(s) {
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return t("t.clock_days", { d, h });
  if (h > 0) return t("t.clock_hours", { h, m });
  return m > 0 ? t("t.clock_minutes", { m, s: s % 60 }) : t("t.clock", { s });
}
