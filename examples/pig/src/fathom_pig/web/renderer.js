// Pig at the table: the banked scores, whose turn, the turn total and the last die.
// Loaded by the table page from this game's folder; the shared modules are two folders up.
import { t, esc } from "../../js/common.js";

export default class PigRenderer {
  constructor(app) {
    this.app = app;
    this.main = document.getElementById("main");
    document.body.classList.add("game-pig");
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("./renderer.css", import.meta.url).href;
    document.head.append(css);
  }

  seatName(seat) { return this.app.seatName ? this.app.seatName(seat) : t("pig.seat", { n: seat }); }

  render(msg, events) {
    const v = msg.view;
    const last = [...(events || [])].reverse().find((e) => e && e.type === "die");
    const rows = v.banked.map((score, seat) => {
      const turn = seat === v.seat && v.winner === null;
      return `<li class="pig-seat${turn ? " pig-turn" : ""}" data-seat="${seat}">
        <span>${esc(this.seatName(seat))}</span> <b class="pig-score">${score}</b></li>`;
    }).join("");
    this.main.innerHTML = `<section class="pig-board" aria-label="${esc(t("game.pig"))}">
      <p class="pig-target">${esc(t("pig.target", { n: v.target }))}</p>
      <ol class="pig-scores">${rows}</ol>
      <p class="pig-total" id="pig-total">${esc(t("pig.turn_total", { n: v.turn_total }))}</p>
      <p class="pig-die" id="pig-die" aria-live="polite">${last ? "⚀⚁⚂⚃⚄⚅"[last.face - 1] : ""}</p>
    </section>`;
  }

  eventText(e) {
    if (!["die", "pig-out", "hold", "win"].includes(e.type)) return "";
    return esc(t("pig.ev." + e.type, { who: this.seatName(e.seat), face: e.face, lost: e.lost, banked: e.banked, score: e.score }));
  }

  moveLabel(text) { return esc(t("pig.act." + text)); }

  prompt() { return t("pig.prompt"); }

  panelMoves(legal) { return legal; }
}
