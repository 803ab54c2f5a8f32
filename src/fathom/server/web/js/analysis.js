// A finished table's analysis beside its replay (issue 50): every seat's win chance at each decision as
// an SVG graph the page draws, each seat's costly decisions marked as lichess names them (inaccuracy,
// mistake, blunder), a click on a point or a mark jumps the replay there with the best move found shown,
// and "play on from here" opens a new table from the replay's position with bots in the other seats.
// The analysis is made by the server's bot workers (GET .../analysis starts it; this page polls).
import { t, esc, ITB_COLOURS } from "./common.js";

const W = 320, H = 150, PAD = { l: 28, r: 6, t: 8, b: 18 };
const POLL_MS = 2000;
const MARK_COLOURS = { inaccuracy: "#f2c94c", mistake: "#f07d1a", blunder: "#e0313f" };
const an = { data: null, status: null, timer: null, selected: null, tableId: null };

function auth(key) {
  return key ? { Authorization: "Bearer " + key } : {};
}

async function fetchAnalysis(app, tableId) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/analysis`, { headers: auth(app.token) });
  const data = await res.json();
  if (!res.ok) { an.status = { status: "failed", message: data.message }; return; }
  an.status = data;
  if (data.status === "done") an.data = data;
  else if (!an.timer) an.timer = setTimeout(() => { an.timer = null; fetchAnalysis(app, tableId).then(() => renderAnalysis(app, tableId)); }, POLL_MS);
}

const x = (step, total) => PAD.l + (W - PAD.l - PAD.r) * (total ? step / total : 0);
const y = (p) => PAD.t + (H - PAD.t - PAD.b) * (1 - p);

/** The best move found, in the page's words (a sail plan: where the boats go). */
function bestWords(app, d) {
  if (d.best_action >= 0) return app.renderer.moveLabel(d.best);
  const sail = d.best_detail && d.best_detail.sail_to;
  return sail ? `${app.renderer.moveLabel("sail")} → ${sail.map((s) => esc(s[0])).join(", ")}` : esc(d.best);
}

function kindWords(kind) {
  const key = `an.kind.${kind}`;
  const words = t(key);
  return words === key ? kind : words;
}

function graphSvg(app, total, step) {
  const rows = an.data.decisions;
  const seats = an.data.seats.length;
  let svg = `<svg id="an-graph" class="an-graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("an.graph"))}">`;
  for (const p of [0, 0.5, 1]) {
    svg += `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(p)}" y2="${y(p)}" class="an-grid"/>
      <text x="${PAD.l - 4}" y="${y(p) + 3}" text-anchor="end" class="an-axis">${p * 100}%</text>`;
  }
  svg += `<line x1="${x(step, total)}" x2="${x(step, total)}" y1="${PAD.t}" y2="${H - PAD.b}" class="an-now"/>`;
  for (let s = 0; s < seats; s++) {
    const pts = rows.map((d) => `${x(d.step, total).toFixed(1)},${y(d.win_chance[s]).toFixed(1)}`).join(" ");
    svg += `<polyline points="${pts}" fill="none" stroke="${ITB_COLOURS[s % ITB_COLOURS.length]}" stroke-width="1.6" class="an-line" data-seat="${s}"/>`;
  }
  rows.forEach((d, i) => {
    const cx = x(d.step, total), cy = y(d.win_chance[d.seat]);
    const title = `${app.seatName(d.seat)} · ${t("t.step", { n: d.step, total })}${d.mark ? " · " + t("an.mark." + d.mark) : ""}`;
    if (d.mark) {
      svg += `<circle cx="${cx}" cy="${cy}" r="${d.mark === "blunder" ? 5 : d.mark === "mistake" ? 4.2 : 3.5}" fill="${MARK_COLOURS[d.mark]}"
        stroke="#071a2c" stroke-width="1" class="an-mark an-${d.mark}" data-i="${i}" tabindex="0"><title>${esc(title)}</title></circle>`;
    } else {
      svg += `<circle cx="${cx}" cy="${cy}" r="3" fill="transparent" class="an-point" data-i="${i}"><title>${esc(title)}</title></circle>`;
    }
  });
  return svg + `</svg>`;
}

function legendHtml(app) {
  const rows = an.data.decisions;
  return `<ul class="an-legend">${an.data.seats.map((_, s) => {
    const mine = rows.filter((d) => d.seat === s);
    const n = (m) => t(`an.n.${m}`, { n: mine.filter((d) => d.mark === m).length }); // "1 mistake", "2 mistakes"
    return `<li><span class="an-swatch" style="background:${ITB_COLOURS[s % ITB_COLOURS.length]}"></span>${esc(app.seatName(s))}:
      ${esc(t("an.counts", { inaccuracies: n("inaccuracy"), mistakes: n("mistake"), blunders: n("blunder") }))}</li>`;
  }).join("")}</ul>`;
}

function detailHtml(app, total) {
  const d = an.selected === null ? null : an.data.decisions[an.selected];
  if (!d) return `<p class="muted" id="an-detail">${esc(t("an.pick"))}</p>`;
  const who = esc(app.seatName(d.seat));
  const chance = (p) => `${Math.round(p * 100)}%`;
  const played = app.renderer.moveLabel(d.played);
  let html = `<div id="an-detail" class="an-detail" data-step="${d.step}">
    <p><strong>${who}</strong> · ${esc(t("t.step", { n: d.step, total }))} · ${esc(kindWords(d.kind))}
    ${d.mark ? `<span class="an-badge an-${d.mark}">${esc(t("an.mark." + d.mark))}</span>` : ""}</p>
    <p>${esc(t("an.played"))}: ${played}</p>`;
  if (d.loss > 0) {
    html += `<p id="an-best">${esc(t("an.best"))}: ${bestWords(app, d)} · ${esc(t("an.chance", { p: chance(d.win_chance[d.seat]) }))}</p>
      <p>${esc(t("an.loss", { p: (d.loss * 100).toFixed(1), err: (d.loss_error * 100).toFixed(1) }))}</p>`;
  } else {
    html += `<p id="an-best">${esc(t("an.same", { p: chance(d.win_chance[d.seat]) }))}</p>`;
  }
  return html + `</div>`;
}

/** Draw (or hide) the analysis panel for the page's table; fetches the analysis once the game is over. */
export function renderAnalysis(app, tableId) {
  const box = document.getElementById("analysis");
  if (!box) return;
  if (!app.msg || app.msg.to_move !== "over") { box.hidden = true; return; }
  box.hidden = false;
  if (an.tableId !== tableId) Object.assign(an, { data: null, status: null, selected: null, tableId });
  if (!an.status) {
    box.innerHTML = `<h2>${esc(t("an.title"))}</h2><p class="muted">${esc(t("an.waiting"))}</p>`;
    fetchAnalysis(app, tableId).then(() => renderAnalysis(app, tableId));
    return;
  }
  const total = app.replay ? app.replay.total : app.msg.move_number;
  const step = app.replay ? app.replay.step : total;
  let html = `<h2>${esc(t("an.title"))}</h2>`;
  if (an.status.status === "failed") html += `<p class="muted">${esc(an.status.message || "")}</p>`;
  else if (!an.data) {
    html += `<p class="muted" id="an-running">${esc(an.status.total ? t("an.running", { done: an.status.done, total: an.status.total }) : t("an.waiting"))}</p>`;
  } else {
    if (an.selected !== null && an.data.decisions[an.selected]?.step !== step) an.selected = null;
    if (an.selected === null) {
      const here = an.data.decisions.findIndex((d) => d.step === step);
      if (here >= 0) an.selected = here;
    }
    html += graphSvg(app, total, step) + legendHtml(app) + detailHtml(app, total);
  }
  if (step < total) html += `<button class="small" id="play-on">${esc(t("an.play_on"))}</button>`;
  box.innerHTML = html;
  box.querySelectorAll("[data-i]").forEach((el) => {
    const jump = () => { an.selected = +el.dataset.i; app.goto(an.data.decisions[an.selected].step); };
    el.addEventListener("click", jump);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); jump(); } });
  });
  const playOn = document.getElementById("play-on");
  if (playOn) playOn.onclick = () => playOnFrom(app, tableId, step);
}

async function playOnFrom(app, tableId, step) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/play-on`, {
    method: "POST", headers: { "Content-Type": "application/json", ...auth(app.token) }, body: JSON.stringify({ step }),
  });
  const data = await res.json();
  if (!res.ok) { alert(data.message); return; }
  location.href = data.url;
}
