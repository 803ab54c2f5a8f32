// A player's page (issue 51): their ratings per game with an SVG plot of the shown rating after each rated
// game (drawn here, as analysis.js draws its graph), their statistics (games, wins, average VP and each
// game's own counts, e.g. Deep Blue's dives led, joined and resurfaced), and their recent tables with links
// to each one's replay and review. Everything comes from GET /api/players/{name}: finished tables only.
import { t, esc, pickLang, loadStrings, translatePage, ITB_COLOURS, I18N } from "./common.js";

const W = 420, H = 190, PAD = { l: 34, r: 10, t: 10, b: 24 };
const NAME = decodeURIComponent(location.pathname.split("/").pop() || "");

function gameTitle(game) {
  const key = `game.${game}`;
  const words = t(key);
  return words === key ? game : words;
}

/** ``v`` with ``digits`` decimals, written as the page's language writes numbers (4.9, 4,9). */
function number(v, digits = 1) {
  if (v === null || v === undefined) return "–";
  return Number(v).toLocaleString(I18N.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function when(at) {
  return new Date(at * 1000).toLocaleDateString(I18N.lang, { year: "numeric", month: "short", day: "numeric" });
}

function colourOf(games, game) {
  return ITB_COLOURS[Math.max(0, games.indexOf(game)) % ITB_COLOURS.length];
}

function ratingsHtml(p, games) {
  if (!games.length) return `<p class="muted" id="no-ratings">${esc(t("profile.no_ratings"))}</p>`;
  return `<div class="rating-cards">${games.map((g) => {
    const r = p.ratings[g];
    return `<div class="rating-card" style="--c:${colourOf(games, g)}" data-game="${esc(g)}">
      <div><a href="/leaderboard?game=${encodeURIComponent(g)}" title="${esc(t("lb.title"))}">${esc(gameTitle(g))}</a></div>
      <div class="ordinal" title="${esc(t("profile.ordinal_help"))}">${esc(number(r.ordinal))}</div>
      <div class="muted small">${esc(t("profile.rated_games", { n: r.games }))} · μ ${esc(number(r.mu))} σ ${esc(number(r.sigma))}</div>
    </div>`;
  }).join("")}</div>`;
}

/** The shown rating after each rated game, one line per game, in the order they were played. Slot 0 is the
 *  start: each game's line sets off from 0 (a new player's rating) in the slot before its first rated game. */
function plotSvg(p, games) {
  const points = p.history;
  if (!points.length) return "";
  const values = points.map((h) => h.ordinal).concat([0]);
  const step = Math.max(1, Math.ceil((Math.max(...values) - Math.min(...values)) / 4));
  const lo = Math.floor(Math.min(...values) / step) * step;
  const hi = Math.max(lo + 4 * step, Math.ceil(Math.max(...values) / step) * step);
  const n = points.length;
  const x = (slot) => PAD.l + (W - PAD.l - PAD.r) * (slot / n);
  const y = (v) => PAD.t + (H - PAD.t - PAD.b) * (1 - (v - lo) / (hi - lo));
  let svg = `<svg id="rating-plot" class="rating-plot" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("profile.plot"))}">`;
  for (let v = lo; v <= hi; v += step) {
    svg += `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="rp-grid${v === 0 ? " rp-zero" : ""}"/>
      <text x="${PAD.l - 4}" y="${(y(v) + 3).toFixed(1)}" text-anchor="end" class="rp-axis">${esc(number(v, 0))}</text>`;
  }
  svg += `<text x="${(W + PAD.l) / 2}" y="${H - 6}" text-anchor="middle" class="rp-axis">${esc(t("profile.plot_x"))}</text>`;
  for (const g of games) {
    const mine = points.map((h, i) => [h, i + 1]).filter(([h]) => h.game === g);
    if (!mine.length) continue;
    const colour = colourOf(games, g);
    const line = [[mine[0][1] - 1, 0], ...mine.map(([h, slot]) => [slot, h.ordinal])];
    svg += `<polyline points="${line.map(([slot, v]) => `${x(slot).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}" fill="none"
      stroke="${colour}" stroke-width="2" class="rp-line" data-game="${esc(g)}"/>`;
    for (const [h, slot] of mine) {
      const title = `${gameTitle(g)} · ${when(h.at)} · ${t("profile.place", { rank: h.rank, n: h.players })} · ${number(h.ordinal)}`;
      svg += `<circle cx="${x(slot).toFixed(1)}" cy="${y(h.ordinal).toFixed(1)}" r="3.5" fill="${colour}" stroke="#071a2c"
        class="rp-point"><title>${esc(title)}</title></circle>`;
    }
  }
  return svg + `</svg>`;
}

function statGrid(items) {
  return `<dl class="stat-grid">${items.map(([label, value, id]) =>
    `<div${id ? ` id="${id}"` : ""}><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>`).join("")}</dl>`;
}

function statsHtml(s) {
  let html = statGrid([[t("profile.games"), s.games, "stat-games"], [t("profile.wins"), s.wins, "stat-wins"],
    [t("profile.average_vp"), number(s.average_vp), "stat-vp"]]);
  for (const [game, g] of Object.entries(s.by_game)) {
    html += `<h3>${esc(gameTitle(game))}</h3>` + statGrid([[t("profile.games"), g.games], [t("profile.wins"), g.wins],
      [t("profile.average_vp"), number(g.average_vp)],
      ...Object.entries(g.counts).map(([name, v]) => [t(`profile.stat.${name}`), v, `stat-${game}-${name}`])]);
  }
  return html;
}

function recentHtml(p) {
  if (!p.recent.length) return `<p class="muted">${esc(t("profile.none"))}</p>`;
  return `<ul class="recent-list" id="recent-list">${p.recent.map((r) => {
    const page = `/t/${encodeURIComponent(r.table)}`;
    return `<li data-table="${esc(r.table)}"><span class="place">${esc(t("profile.place", { rank: r.rank, n: r.players }))}</span>
      <span>${esc(gameTitle(r.game))}</span><span class="muted">${esc(when(r.at))}</span>
      <span>${esc(t("profile.points", { n: r.total }))}</span>
      ${r.rated ? `<span class="badge">${esc(t("profile.rated"))}</span>` : ""}
      ${r.left ? `<span class="badge left">${esc(t("profile.left"))}</span>` : ""}
      <span class="links"><a href="${page}" class="replay-link">${esc(t("profile.replay"))}</a>
      <a href="${page}#review" class="review-link">${esc(t("profile.review"))}</a></span></li>`;
  }).join("")}</ul>`;
}

async function main() {
  await loadStrings(pickLang());
  translatePage();
  const box = document.getElementById("profile");
  document.getElementById("player-name").textContent = NAME;
  document.title = `${NAME} · fathom`;
  const res = await fetch(`/api/players/${encodeURIComponent(NAME)}?lang=${I18N.lang}`);
  const p = await res.json();
  if (!res.ok) {
    const err = document.getElementById("profile-error");
    err.textContent = p.message;
    err.hidden = false;
    for (const id of ["ratings-panel", "stats-panel", "recent-panel"]) document.getElementById(id).hidden = true;
    box.dataset.status = "missing";
    return;
  }
  const games = Object.keys(p.ratings);
  document.getElementById("ratings").innerHTML = ratingsHtml(p, games);
  document.getElementById("plot").innerHTML = plotSvg(p, games);
  document.getElementById("stats").innerHTML = statsHtml(p.stats);
  document.getElementById("recent").innerHTML = recentHtml(p);
  box.dataset.status = "shown";
}

main();
