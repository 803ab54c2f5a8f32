import { t, esc, pickLang, loadStrings, openRules, deviceUrl, translatePage, I18N, botLevel, seatLabel } from "./common.js";
import { rememberHost } from "./host.js";

// Two ways in: "Play against bots" (one click: the game opens at your seat, in this tab) and a
// table with friends (a link per person, open seats, the clock; seed, pace and saves folded away).
const QUICK = { players: 4, level: "2", pace: 600 }; // a full table against Normal bots, at a pace you can follow
const FRIEND_BOT = "2"; // a bot seat at a friends' table starts as a Normal bot
let GAMES = [];
let SAVE = null; // a save file to go on with: it brings the game, the table size, the options and the seed

function fill() {
  translatePage();
  document.getElementById("rules-btn").onclick = () => openRules(document.getElementById("game").value);
}

function gameInfo() {
  return GAMES.find((g) => g.name === document.getElementById("game").value);
}

function renderQuick() {
  const g = gameInfo();
  const players = document.getElementById("quick-players");
  const cur = +players.value || QUICK.players;
  players.innerHTML = "";
  for (let n = g.min_players; n <= g.max_players; n++) {
    players.insertAdjacentHTML("beforeend", `<option value="${n}" ${n === Math.min(Math.max(cur, g.min_players), g.max_players) ? "selected" : ""}>${n}</option>`);
  }
  const level = document.getElementById("quick-level");
  const had = level.value || QUICK.level;
  const levels = g.bots.filter((b) => b.level !== null && b.level >= 1); // Easy, Normal, Hard
  level.innerHTML = levels.map((b) => `<option value="${esc(b.id)}" ${b.id === had ? "selected" : ""}>${esc(botLevel(b.id))}</option>`).join("");
  const scenario = g.options.find((o) => o.name === "scenario");
  document.getElementById("quick-scenario-row").hidden = !scenario;
  document.getElementById("quick-scenario").innerHTML = scenario ? choicesHtml(scenario) : "";
}

/** One of a game's options as the <option>s of a select, its default chosen. */
function choicesHtml(o) {
  let opts = "";
  for (const c of o.choices) {
    let label = c === true ? t("yes") : c === false ? t("no") : c === "none" ? t("opt.none") : c === "random" ? t("opt.random") : String(c);
    if (o.labels && o.labels[String(c)]) label = o.labels[String(c)];
    if (o.name === "scenario" && I18N.s._scenarios && I18N.s._scenarios[c]) label = I18N.s._scenarios[c];
    opts += `<option value='${esc(JSON.stringify(c))}' ${c === o.default ? "selected" : ""}>${esc(label)}</option>`;
  }
  return opts;
}

/** Play against bots: the table is made and this tab goes to your seat. */
async function quickPlay(ev) {
  ev.preventDefault();
  const err = document.getElementById("quick-error");
  err.textContent = "";
  const g = gameInfo();
  const n = +document.getElementById("quick-players").value;
  const bot = document.getElementById("quick-level").value;
  const name = document.getElementById("quick-name").value.trim();
  rememberName(name);
  const seats = [{ kind: "human", name }];
  for (let i = 1; i < n; i++) seats.push({ kind: "bot", bot });
  const options = {};
  if (!document.getElementById("quick-scenario-row").hidden) options.scenario = JSON.parse(document.getElementById("quick-scenario").value);
  const button = document.getElementById("quick-go");
  button.disabled = true;
  try {
    const res = await fetch(`/api/tables?lang=${I18N.lang}`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: g.name, seats, options, bot_delay_ms: QUICK.pace, hints: true }) });
    const data = await res.json();
    if (!res.ok) { err.textContent = data.message || "error"; return; }
    location.assign(data.seats[0].url); // alone with bots: no links to hand out, no host panel
  } catch {
    err.textContent = t("t.offline");
  } finally {
    button.disabled = false;
  }
}

/** The name typed last, offered again in both the quick form and the open-seat field. */
function rememberName(name) {
  try { localStorage.setItem("fathom.name", name); } catch { /* private mode */ }
}

function savedName() {
  try { return localStorage.getItem("fathom.name") || ""; } catch { return ""; }
}

function renderPlayers() {
  const g = gameInfo();
  const sel = document.getElementById("players");
  const cur = +sel.value || 2;
  sel.innerHTML = "";
  for (let n = g.min_players; n <= g.max_players; n++) {
    sel.insertAdjacentHTML("beforeend", `<option value="${n}" ${n === Math.max(cur, g.min_players) ? "selected" : ""}>${n}</option>`);
  }
  renderSeats();
  renderOptions();
}

function renderSeats() {
  const g = gameInfo();
  const n = +document.getElementById("players").value;
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll(".seat-row")].map((r) => ({ kind: r.querySelector("select").value, name: r.querySelector("input").value }));
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const bot = g.bots.find((b) => b.id === FRIEND_BOT) ? FRIEND_BOT : g.bots[0].id;
    const prev = old[i] || { kind: i < 2 ? "human" : "bot:" + bot, name: "" }; // you and a friend, then bots
    let opts = `<option value="human">${esc(t("lobby.person"))}</option><option value="open">${esc(t("lobby.open_seat"))}</option>`;
    for (const b of g.bots) opts += `<option value="bot:${esc(b.id)}">${esc(t("lobby.bot", { name: botLevel(b.id) }))}</option>`;
    box.insertAdjacentHTML("beforeend", `<div class="seat-row"><span class="seat-label" id="seat-label-${i}">${esc(t("lobby.seat", { n: i + 1 }))}</span>
      <select name="seat${i}" data-seat="${i}" aria-labelledby="seat-label-${i}">${opts}</select>
      <input name="name${i}" placeholder="${esc(t("lobby.name"))}" aria-label="${esc(t("lobby.seat", { n: i + 1 }) + " · " + t("lobby.name"))}" maxlength="24" value="${esc(prev.name)}"></div>`);
    box.querySelector(`select[data-seat="${i}"]`).value = prev.kind;
  }
}

function renderOptions() {
  const g = gameInfo();
  const box = document.getElementById("options");
  box.innerHTML = `<legend>${esc(t("lobby.options"))}</legend>`;
  box.hidden = !g.options.length;
  for (const o of g.options) {
    box.insertAdjacentHTML("beforeend", `<label title="${esc(o.doc)}"><span>${esc(t("opt." + o.name))}</span> <select data-option="${esc(o.name)}">${choicesHtml(o)}</select></label>`);
  }
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("form-error");
  err.textContent = "";
  const g = gameInfo();
  const seats = [...document.querySelectorAll(".seat-row")].map((r) => {
    const v = r.querySelector("select").value;
    const name = r.querySelector("input").value.trim();
    if (v === "human" || v === "open") return { kind: "human", name, open: v === "open" };
    return { kind: "bot", bot: v.slice(4), name };
  });
  const options = {};
  document.querySelectorAll("[data-option]").forEach((s) => (options[s.dataset.option] = JSON.parse(s.value)));
  const body = { game: g.name, seats, options, clock: +document.getElementById("clock").value || 0,
    bot_delay_ms: +document.getElementById("delay").value || 0, hints: document.getElementById("hints").checked,
    spectator_chat: document.getElementById("spectator-chat").checked };
  if (document.getElementById("turn-based").checked) { // a time per move of hours: no page needs to stay open
    body.turn_based = true;
    body.move_time = { hours: +document.getElementById("move-hours").value || 24 };
    body.clock = 0;
  }
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = +seed;
  if (SAVE) body.save = SAVE;
  const res = await fetch(`/api/tables?lang=${I18N.lang}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) { err.textContent = data.message || "error"; return; }
  rememberHost(data.id, data.host_token); // the table page then offers this browser the host's panel
  showLinks(data);
  loadTables();
}

function showLinks(data) {
  const box = document.getElementById("links");
  box.hidden = false;
  let rows = "";
  for (const s of data.seats) {
    if (s.kind !== "human") continue;
    if (s.open || s.claimed) { // its key will be whoever takes it: no link to send
      rows += `<div class="link-row"><span class="seat-label">${esc(t("lobby.seat", { n: s.seat + 1 }))}</span>
        <span class="muted">${esc(t("lobby.open_left"))}</span></div>`;
      continue;
    }
    const url = location.origin + s.url;
    rows += `<div class="link-row"><span class="seat-label">${esc(t("lobby.seat", { n: s.seat + 1 }))} ${esc(s.name || "")}</span>
      <input readonly value="${esc(url)}" class="link" data-seat="${s.seat}">
      <button class="ghost copy" data-url="${esc(url)}">${esc(t("lobby.copy"))}</button>
      <a class="button" href="${esc(s.url)}" target="_blank" data-open-seat="${s.seat}">${esc(t("lobby.open"))}</a></div>`;
  }
  const people = data.seats.filter((s) => s.kind === "human" && s.token && !s.open);
  if (people.length > 1) { // pass and play: one page holding every person's key
    const url = deviceUrl(data.id, people.map((s) => s.token));
    rows += `<div class="link-row"><span class="seat-label">${esc(t("lobby.device"))}</span>
      <a class="button" href="${esc(url)}" target="_blank" data-open-device="1">${esc(t("lobby.open_device"))}</a></div>`;
  }
  box.innerHTML = `<p>${esc(t("lobby.links"))}</p>${rows}
    <div class="link-row"><span class="seat-label">${esc(t("lobby.watch"))}</span><input readonly value="${esc(location.origin + data.watch_url)}" class="link">
    <a class="button" href="${esc(data.watch_url)}" target="_blank">${esc(t("lobby.watch"))}</a></div>`;
  box.dataset.table = data.id;
  box.querySelectorAll(".copy").forEach((b) => (b.onclick = async () => {
    try { await navigator.clipboard.writeText(b.dataset.url); b.textContent = t("lobby.copied"); } catch { /* no clipboard */ }
  }));
}

/** A chosen save file: its game and table size are set in the form, and it goes with the new table. */
async function chooseSave(ev) {
  const info = document.getElementById("save-info");
  SAVE = null;
  const file = ev.target.files[0];
  if (!file) { info.textContent = t("lobby.save_help"); return; }
  let save;
  try { save = JSON.parse(await file.text()); } catch { save = null; }
  const g = save && GAMES.find((x) => x.name === save.game);
  if (!g || !Array.isArray(save.actions)) { info.textContent = t("lobby.save_bad"); return; }
  delete save.table; // who sat where at the old table: the form says it now
  SAVE = save;
  document.getElementById("game").value = save.game;
  document.getElementById("friends").open = true;
  renderQuick();
  renderPlayers();
  document.getElementById("players").value = String(save.players);
  renderSeats();
  info.textContent = t("lobby.save_ok", { game: t("game." + save.game), n: save.players, moves: save.actions.length });
}

const LOBBY = { list: [], next: null }; // the tables shown so far, and the offset of the next page

async function loadTables(more = false) {
  const res = await fetch(`/api/tables${more && LOBBY.next ? `?offset=${LOBBY.next}` : ""}`);
  const page = await res.json();
  LOBBY.list = more ? LOBBY.list.concat(page) : page;
  LOBBY.next = res.headers.get("X-Next-Offset");
  const list = LOBBY.list;
  const box = document.getElementById("table-list");
  if (!list.length) { box.innerHTML = `<p class="muted">${esc(t("lobby.none"))}</p>`; return; }
  const mine = await myTables(list);
  const row = (r) => {
    const seats = r.seats.map((s, i) => esc(seatLabel(s, i))).join(" · ");
    const label = r.status === "over" ? t("lobby.replay") : t("lobby.watch");
    const take = r.status === "over" ? "" : r.seats.map((s, i) => s.open
      ? `<button class="small primary" data-take="${esc(r.id)}" data-seat="${i}">${esc(t("lobby.take", { n: i + 1 }))}</button>` : "").join("");
    const me = mine[r.id];
    const yours = me ? `<a class="button small primary" href="${esc(me.url)}">${esc(t("lobby.back_to_seat", { n: me.seat + 1 }))}</a>` : "";
    const turn = me && me.yourMove && r.status !== "over" ? ` <span class="your-move" data-your-move="${esc(r.id)}">● ${esc(t("t.your_move"))}</span>` : "";
    return `<li><a href="${esc(me ? me.url : "/t/" + r.id)}">${esc(t("game." + r.game))}</a> <span class="muted">#${esc(r.id)}</span>${turn} — ${seats}
      ${yours || `<a class="button small" href="/t/${esc(r.id)}">${esc(label)}</a>`}${take}</li>`;
  };
  const playing = list.filter((r) => r.status !== "over");
  const over = list.filter((r) => r.status === "over");
  box.innerHTML = `<h3>${esc(t("lobby.playing"))}</h3><ul>${playing.map(row).join("") || `<li class="muted">–</li>`}</ul>
    <h3>${esc(t("lobby.finished"))}</h3><ul>${over.map(row).join("") || `<li class="muted">–</li>`}</ul>`;
  box.querySelectorAll("[data-take]").forEach((b) => (b.onclick = () => takeSeat(b.dataset.take, +b.dataset.seat)));
  if (LOBBY.next) {
    box.insertAdjacentHTML("beforeend", `<button class="ghost" id="more-tables">${esc(t("lobby.more"))}</button>`);
    document.getElementById("more-tables").onclick = () => loadTables(true);
  }
}

/** The tables this browser sits at (remembered by their pages), each asked whose move it is now. */
async function myTables(list) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem("fathom.mine") || "{}"); } catch { all = {}; }
  const here = list.filter((r) => all[r.id] && r.status !== "over").slice(0, 12);
  await Promise.all(here.map(async (r) => {
    try {
      const st = await (await fetch(`/api/tables/${encodeURIComponent(r.id)}/state`)).json();
      all[r.id].yourMove = st.to_move === all[r.id].seat;
    } catch { /* keep what the table's page last said */ }
  }));
  return all;
}

/** Take an open seat of a table in play: the first to ask gets its key and goes to its page. */
async function takeSeat(table, seat) {
  const err = document.getElementById("take-error");
  const name = document.getElementById("my-name").value.trim();
  if (!name) { err.textContent = t("lobby.name_needed"); document.getElementById("my-name").focus(); return; }
  rememberName(name);
  const res = await fetch(`/api/tables/${encodeURIComponent(table)}/claim?lang=${I18N.lang}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, name }) });
  const data = await res.json();
  if (!res.ok) { err.textContent = data.message; loadTables(); return; }
  location.assign(data.url);
}

async function main() {
  await loadStrings(pickLang());
  fill();
  GAMES = await (await fetch("/api/games")).json();
  const sel = document.getElementById("game");
  sel.innerHTML = GAMES.map((g) => `<option value="${esc(g.name)}">${esc(t("game." + g.name))}</option>`).join("");
  sel.onchange = () => { renderQuick(); renderPlayers(); };
  document.getElementById("players").onchange = renderSeats;
  document.getElementById("form").onsubmit = create;
  document.getElementById("quick").onsubmit = quickPlay;
  document.getElementById("save").onchange = chooseSave;
  document.getElementById("quick-name").value = document.getElementById("my-name").value = savedName();
  renderQuick();
  renderPlayers();
  loadTables();
  await accountLink();
  document.body.dataset.ready = "1";
}

/** The header's way to one's account: "Sign in", or "My games (name)" when signed in. */
async function accountLink() {
  const res = await fetch("/api/me");
  if (!res.ok) return;
  const me = await res.json();
  const mine = document.getElementById("my-name");
  if (!mine.value) mine.value = me.name; // a seat taken signed in is the account's, under its name
  const waiting = me.tables.filter((x) => x.your_move).length;
  document.getElementById("account-link").textContent = t("acc.link_me", { name: me.name }) + (waiting ? ` · ${waiting}` : "");
}
main();
