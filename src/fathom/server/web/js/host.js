// The host's panel on the table page: give a seat a new key when its link went astray.
// The host key is kept by the lobby that made the table (localStorage, this browser only); the
// server never shows a seat's key to the host once someone took that seat from the lobby.
import { t, esc } from "./common.js";

const STORE = "fathom.host.";

export function rememberHost(tableId, hostToken) {
  try { localStorage.setItem(STORE + tableId, hostToken); } catch { /* private mode: no host panel */ }
}

function hostKey(tableId) {
  try { return localStorage.getItem(STORE + tableId); } catch { return null; }
}

/** Show the host's re-key buttons for ``table`` (a ``welcome``'s table) if this browser made it. */
export function renderHostPanel(tableId, table, seatName) {
  const box = document.getElementById("host-panel");
  const key = hostKey(tableId);
  if (!box || !key) return;
  const people = table.seats.filter((s) => s.kind === "human");
  if (people.length < 2) return; // alone with bots: no link to send anyone, nothing to re-key
  // folded, below the log and the chat: the host needs it once in a while, the moves all game
  document.getElementById("side")?.append(box);
  box.hidden = false;
  box.innerHTML = `<details><summary>${esc(t("t.host_keys"))}</summary><p class="muted">${esc(t("t.host_help"))}</p>
    ${people.map((s) => `<button class="ghost small" data-rekey="${s.seat}">${esc(t("t.rekey", { name: seatName(s.seat) }))}</button>`).join(" ")}
    <div id="rekey-result"></div></details>`;
  box.querySelectorAll("[data-rekey]").forEach((b) => (b.onclick = () => rekey(tableId, key, +b.dataset.rekey, seatName)));
}

async function rekey(tableId, key, seat, seatName) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/rekey`, {
    method: "POST", headers: { Authorization: "Bearer " + key, "Content-Type": "application/json" }, body: "{}" });
  const data = await res.json();
  const out = document.getElementById("rekey-result");
  const name = seatName(seat);
  if (!res.ok) { out.innerHTML = `<p class="error">${esc(data.message)}</p>`; return; }
  out.innerHTML = data.reopened ? `<p>${esc(t("t.rekey_reopened", { name }))}</p>`
    : `<p>${esc(t("t.rekey_done", { name }))}</p><input readonly class="link" id="rekey-link" aria-label="${esc(name)}" value="${esc(location.origin + data.url)}">`;
}
