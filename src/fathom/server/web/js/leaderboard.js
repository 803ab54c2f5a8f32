// The leaderboard (issue 51's GET /api/leaderboard/{game} as a page): each game's players by their shown
// rating, best first, a page of rows at a time, each name a link to that player's page. The game is the
// page's ?game= (a link can name one); tabs switch it without a reload.
import { t, esc, pickLang, loadStrings, translatePage, I18N } from "./common.js";

const PAGE = 50;
const board = { game: null, next: 0 };

function gameTitle(game) {
  const key = `game.${game}`;
  const words = t(key);
  return words === key ? game : words;
}

function rating(v) {
  return Number(v).toLocaleString(I18N.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function tabsHtml(games) {
  return games.map((g) => `<a href="?game=${encodeURIComponent(g.name)}" data-game="${esc(g.name)}"
    ${g.name === board.game ? 'aria-current="page"' : ""}>${esc(gameTitle(g.name))}</a>`).join("");
}

function rowHtml(row, rank) {
  return `<tr data-name="${esc(row.name)}"><td>${rank}</td>
    <td><a href="/players/${encodeURIComponent(row.name)}">${esc(row.name)}</a></td>
    <td class="num">${esc(rating(row.ordinal))}</td><td class="num">${row.games}</td></tr>`;
}

/** Rows from ``offset`` on, added below those shown; the server's X-Next-Offset says whether more follow. */
async function load(offset) {
  const box = document.getElementById("leaderboard");
  const res = await fetch(`/api/leaderboard/${encodeURIComponent(board.game)}?offset=${offset}&limit=${PAGE}&lang=${I18N.lang}`);
  const body = await res.json();
  const error = document.getElementById("board-error");
  if (!res.ok) {
    error.textContent = body.message;
    error.hidden = false;
    box.dataset.status = "error";
    return;
  }
  error.hidden = true;
  const rows = document.getElementById("board-rows");
  rows.insertAdjacentHTML("beforeend", body.map((row, i) => rowHtml(row, offset + i + 1)).join(""));
  const next = res.headers.get("X-Next-Offset");
  board.next = next === null ? null : Number(next);
  document.getElementById("board-more").hidden = board.next === null;
  document.getElementById("board-empty").hidden = offset > 0 || body.length > 0;
  box.dataset.status = "shown";
}

async function show(game, games) {
  board.game = game;
  document.getElementById("board-games").innerHTML = tabsHtml(games);
  document.getElementById("board-caption").textContent = gameTitle(game);
  document.getElementById("board-rows").innerHTML = "";
  document.title = `${t("lb.title")} · ${gameTitle(game)} · fathom`;
  await load(0);
}

async function main() {
  await loadStrings(pickLang());
  translatePage();
  const games = await (await fetch("/api/games")).json();
  const asked = new URLSearchParams(location.search).get("game");
  const first = games.some((g) => g.name === asked) ? asked : games[0].name;
  document.getElementById("board-games").onclick = (e) => {
    const tab = e.target.closest("a[data-game]");
    if (!tab) return;
    e.preventDefault();
    history.replaceState(null, "", `?game=${encodeURIComponent(tab.dataset.game)}`);
    show(tab.dataset.game, games);
  };
  document.getElementById("board-more").onclick = () => board.next !== null && load(board.next);
  await show(first, games);
}

main();
