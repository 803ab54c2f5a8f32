// The account page: sign in or sign up, then "my games" (your move first), sign out, change the password,
// delete the account.
// The session is an HttpOnly cookie the server sets: this script never sees it.
import { t, esc, pickLang, loadStrings, translatePage, announce } from "./common.js";

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = {};
  try { data = await res.json(); } catch { data = {}; }
  return { ok: res.ok, status: res.status, data };
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
}

function tableRow(tb) {
  const game = t("game." + tb.game);
  const people = tb.players.map((p) => esc(p || "?")).join(", ");
  const badge = tb.your_move ? `<strong class="your-move">${esc(t("acc.your_move"))}</strong>`
    : `<span class="muted">${esc(t(tb.status === "over" ? "acc.over" : "acc.waiting"))}</span>`;
  return `<li class="${tb.your_move ? "mine" : ""}" data-table="${esc(tb.id)}">
    <a href="/t/${encodeURIComponent(tb.id)}">${esc(game)} · ${esc(tb.id)}</a> ${badge}
    <span class="small muted">${people} · ${esc(when(tb.updated))}</span></li>`;
}

async function showMe(me) {
  document.getElementById("signed-out").hidden = true;
  document.getElementById("signed-in").hidden = false;
  document.getElementById("who").textContent = t("acc.signed_in_as", { name: me.name });
  document.getElementById("profile-link").href = `/players/${encodeURIComponent(me.name)}`; // ratings, history
  const list = document.getElementById("my-tables");
  list.innerHTML = me.tables.length ? me.tables.map(tableRow).join("") : `<li class="muted">${esc(t("acc.no_tables"))}</li>`;
  const waiting = me.tables.filter((x) => x.your_move).length;
  announce(t("acc.summary", { n: waiting }));
  document.title = `${t("acc.my_games")} · fathom`;
}

function showForms() {
  document.getElementById("signed-in").hidden = true;
  document.getElementById("signed-out").hidden = false;
  document.title = `${t("acc.title")} · fathom`;
}

async function refresh() {
  const res = await call("GET", "/api/me");
  if (res.ok) await showMe(res.data);
  else showForms();
}

function form(id, path, fields, after) {
  document.getElementById(id).onsubmit = async (ev) => {
    ev.preventDefault();
    const err = document.getElementById(id + "-error");
    err.textContent = "";
    const done = document.getElementById(id + "-done");
    if (done) done.hidden = true;
    const body = Object.fromEntries(fields.map(([k, input]) => [k, document.getElementById(input).value]));
    const res = await call(id === "delete" ? "DELETE" : "POST", `${path}?lang=${document.documentElement.lang}`, body);
    if (!res.ok) { err.textContent = res.data.message || String(res.status); return; }
    document.getElementById(id).reset();
    await after(res.data);
  };
}

async function main() {
  await loadStrings(pickLang());
  translatePage();
  form("login", "/api/login", [["name", "login-name"], ["password", "login-password"]], refresh);
  form("signup", "/api/accounts", [["name", "signup-name"], ["password", "signup-password"]], refresh);
  form("change", "/api/me/password", [["password", "change-password"], ["new_password", "change-new"]],
    async () => { document.getElementById("change-done").hidden = false; });
  form("delete", "/api/me", [["password", "delete-password"]], refresh);
  document.getElementById("logout").onclick = async () => { await call("POST", "/api/logout"); await refresh(); };
  await refresh();
  document.body.dataset.ready = "1";
}
main();
