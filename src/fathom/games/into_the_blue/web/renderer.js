// Into the Blue: five depth levels with shells and treasures, the six dice, chests, exact dice odds.
import { t, esc, pct, ITB_COLOURS } from "../../js/common.js";
import { lastMoveNote } from "../../js/motion.js";

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]] };

function faceOrder(f) { return f === "chest" ? 6 : +f; }

export default class IntoTheBlue {
  constructor(app) {
    this.app = app;
    this.selected = new Set();
    this.selKey = "";
    this.main = document.getElementById("main");
    this.side = document.getElementById("game-side");
    document.body.classList.add("into-the-blue");
    const css = document.createElement("link"); // this game's own layout, beside the renderer
    css.rel = "stylesheet";
    css.href = new URL("./renderer.css", import.meta.url).href;
    document.head.append(css);
    this.main.addEventListener("click", (ev) => this.toggleDie(ev.target.closest("[data-die]")));
    const point = (ev) => this.highlight(ev.target.closest?.("[data-action]")?.dataset.action || null);
    document.addEventListener("mouseover", point); // the move's buttons are in the page's panel too
    document.addEventListener("focusin", point);
    this.main.addEventListener("keydown", (ev) => {
      if (ev.key !== " " && ev.key !== "Enter") return;
      const die = ev.target.closest("[data-die]");
      if (!die) return;
      ev.preventDefault();
      this.toggleDie(die);
    });
  }

  /** Choose or unchoose a die to reroll; the keyboard's focus stays on it across the re-render. */
  toggleDie(die) {
    if (!die || !die.classList.contains("selectable")) return;
    const i = +die.dataset.die;
    const focused = document.activeElement === die;
    if (this.selected.has(i)) this.selected.delete(i); else this.selected.add(i);
    this.render(this.msg, this.events);
    if (focused) this.main.querySelector(`[data-die="${i}"]`)?.focus();
  }

  faceName(face) { return face === "chest" ? t("itb.face_chest") : String(face); }

  colour(seat) { return ITB_COLOURS[seat % ITB_COLOURS.length]; }

  /** The engine's facts of a move legal now (move_facts.py: the dice it rerolls and keeps, the level
   *  and treasure a placement takes, what stopping gives), or null: a past move is said from its notation. */
  moveFacts(text) {
    const msg = this.app.msg;
    if (this.app.replay || !msg || !msg.move_facts || !msg.legal.some((m) => m[1] === text)) return null;
    return msg.move_facts.moves[text] || null;
  }

  /** A legal move by what it does: "Place 2 shells on level 3 (treasure 7)", "Reroll 1 ◈, keep 2 3 4 4". */
  namedMove(f) {
    if (f.kind === "place") return esc(t("act.itb-place", { n: f.shells, level: f.level, main: f.main }));
    if (f.kind === "reroll") return esc(f.keep.length ? t("act.itb-reroll", { dice: this.facesText(f.reroll), kept: this.facesText(f.keep) }) : t("act.itb-reroll-all"));
    if (f.kind === "stop") return esc(t("act.itb-stop-" + f.result, { run: f.run }));
    return null;
  }

  /** Light up what the move ``text`` touches (the dice it rerolls, the dice and level a placement
   *  takes, the run that stopping makes), while its button is pointed at or focused; null: none. */
  highlight(text) {
    this.main.querySelectorAll(".hl").forEach((el) => el.classList.remove("hl"));
    const f = text ? this.moveFacts(text) : null;
    if (!f) return;
    const dice = [...this.main.querySelectorAll(".dice [data-face]")];
    const want = f.kind === "reroll" ? [...f.reroll] : f.kind === "place" ? Array(f.dice).fill(f.level)
      : f.kind === "stop" ? [1, 2, 3, 4, 5].slice(0, f.run).concat(f.result === "perfect" ? ["chest"] : []) : [];
    for (const face of want) {
      const die = dice.find((d) => d.dataset.face === String(face) && !d.classList.contains("hl"));
      if (die) die.classList.add("hl");
    }
    if (f.kind === "place") this.main.querySelector(`.level-${f.level}`)?.classList.add("hl");
  }

  moveLabel(text) {
    const facts = this.moveFacts(text);
    const named = facts && this.namedMove(facts);
    if (named) return named;
    let m;
    if (text === "stop") return esc(t("itb.stop"));
    if ((m = text.match(/^place (\d)$/))) return esc(t("act.place", { n: m[1] }));
    if ((m = text.match(/^reroll (.+)$/))) return esc(t("act.reroll", { dice: m[1].split(",").map((f) => this.faceName(f)).join(" ") }));
    return esc(text);
  }

  panelMoves(legal) { return legal.filter(([, text]) => !text.startsWith("reroll ")); }

  prompt(msg) {
    const turn = msg.view.turn || {};
    if (turn.phase === "choose") return t("itb.select_dice") + " " + t("itb.rolls_left", { n: turn.rolls_left });
    if (turn.phase === "place") return t("itb.place");
    return t("phase.other");
  }

  /** Dice as text, ascending, chest last (the terminal's words: fathom/games/into_the_blue/terminal/words.py). */
  facesText(xs) {
    return [...(xs || [])].map((f) => (f === "chest" ? 6 : +f)).sort((a, b) => a - b).map((f) => (f === 6 ? "◈" : String(f))).join(" ");
  }

  eventText(e) {
    const who = e.seat !== undefined ? this.app.seatName(e.seat) : "";
    const dice = (xs) => (xs || []).map((f) => this.dieSvg(f, 16)).join("");
    const rolls = e.rolls_left !== undefined ? ` <span class="muted">(${esc(t("itb.rolls_left", { n: e.rolls_left }))})</span>` : "";
    switch (e.type) {
      case "turn": return esc(e.turn ? t("log.turn", { who, turn: e.turn }) : t("ev.turn", { who })) + (e.bonus ? ` <span class="tag">${esc(t("itb.bonus"))}</span>` : "") + (e.final ? ` <span class="tag warn">${esc(t("itb.final"))}</span>` : "");
      case "roll": return esc(t("ev.roll", { who, dice: "" })) + " " + dice(e.rolled) + rolls;
      case "reroll": {
        const n = (e.reroll || []).length;
        if (!(e.kept || []).length) return esc(t("ev.itb-reroll-all", { who }));
        const count = t("itb.n_dice", { n, word: n > 1 ? t("num." + n) : "" });
        return esc(t("ev.itb-keep", { who, kept: this.facesText(e.kept), count }));
      }
      case "stop": return esc(t("ev.itb-stop-with", { who, dice: this.facesText(e.dice) }));
      case "dive": {
        const key = e.result === "failed" ? "ev.itb-failed" : e.result === "perfect" ? "ev.itb-perfect" : "ev.itb-run";
        return esc(t(key, { who, run: e.run }));
      }
      case "place": return esc(t("ev.place", { who, n: e.shells, level: e.level }));
      case "chest": return esc(e.value !== undefined && e.value !== null ? t("ev.chest-value", { who, value: e.value }) : t("ev.chest", { who }));
      case "first_player": return esc(t("ev.first-player", { who }));
      case "end_triggered": return esc(t("ev.end_triggered", { who }));
      case "game_over": return esc(t("ev.game_over")) + " " + (e.scores || []).map((s, i) => `<span class="chip" style="--c:${this.colour(i)}">${esc(this.app.seatName(i))} ${s}</span>`).join(" ");
      default: return esc(e.text || e.type);
    }
  }

  dieSvg(face, size = 54, extra = "", attrs = "") {
    let body;
    if (face === "chest") {
      body = `<rect x="-13" y="-6" width="26" height="17" rx="2" fill="#a0622d" stroke="#4a2a0c" stroke-width="1.5"/>
        <path d="M -13 -6 Q 0 -18 13 -6 Z" fill="#c17a35" stroke="#4a2a0c" stroke-width="1.5"/><rect x="-3" y="-3" width="6" height="6" fill="#f2c94c"/>`;
    } else {
      body = (PIPS[face] || []).map(([x, y]) => `<circle cx="${x * 11}" cy="${y * 11}" r="4.6" fill="#0d2a45"/>`).join("");
    }
    const name = esc(t("itb.die", { face: this.faceName(face) }));
    const role = attrs.includes("role=") ? "" : `role="img" `; // a die to choose is a checkbox instead
    return `<svg class="die ${extra}" ${role}aria-label="${name}" ${attrs} width="${size}" height="${size}" viewBox="-25 -25 50 50"><rect x="-22" y="-22" width="44" height="44" rx="9" fill="#fdfcf7" stroke="#0d2a45" stroke-width="2"/>${body}</svg>`;
  }

  render(msg, events) {
    this.msg = msg;
    this.events = events;
    const v = msg.view;
    const turn = v.turn || {};
    const legal = new Set(msg.legal.map((m) => m[1]));
    const key = `${msg.move_number}`;
    if (key !== this.selKey) { this.selected.clear(); this.selKey = key; }
    const n = v.players;
    // levels
    const levels = v.levels.map((L) => {
      const act = legal.has(`place ${L.level}`) ? `place ${L.level}` : null;
      const shells = L.shells.map((c, s) => c ? `<span class="shell" data-seat="${s}" style="--c:${this.colour(s)}" data-tip="${esc(t("itb.tip.shells", { who: this.app.seatName(s), n: c, level: L.level }))}"><span class="stack">${Array(Math.min(c, 12)).fill(this.shellSvg(this.colour(s), 30)).join("")}</span><b>${c}</b></span>` : "").join("");
      const placement = (turn.placements || []).find((p) => p.level === L.level);
      return `<div class="level level-${L.level} ${act ? "legal" : ""}" ${act ? `data-action="${esc(act)}"` : ""}>
        <div class="level-num">${L.level}</div>
        <div class="treasures"><span class="treasure main" data-tip="${esc(t("itb.tip.main", { v: L.main, level: L.level }))}">${L.main}</span>${L.secondary.map((x) => `<span class="treasure" data-tip="${esc(t("itb.tip.secondary", { v: x, level: L.level }))}">${x}</span>`).join("")}</div>
        <div class="shells">${shells}</div>
        ${placement ? `<div class="placement">+${placement.shells}</div>` : ""}</div>`;
    }).join("");
    // dice
    let diceHtml = "";
    const choosing = legal.has("stop") && turn.phase === "choose";
    const faces = (turn.dice || []).slice().sort((a, b) => faceOrder(a) - faceOrder(b));
    faces.forEach((f, i) => {
      const sel = this.selected.has(i);
      const choice = choosing ? ` tabindex="0" role="checkbox" aria-checked="${sel}"` : "";
      diceHtml += this.dieSvg(f, 58, `${choosing ? "selectable" : ""} ${sel ? "selected" : ""}`, `data-die="${i}" data-face="${f}"${choice}`);
    });
    for (let i = 0; i < (turn.rolling || 0); i++) diceHtml += `<svg class="die rolling" width="58" height="58" viewBox="-25 -25 50 50"><rect x="-22" y="-22" width="44" height="44" rx="9" fill="#d7e7f5" stroke="#0d2a45" stroke-width="2" stroke-dasharray="5 4"/></svg>`;
    let controls = "";
    if (choosing) {
      const sel = [...this.selected].map((i) => faces[i]).sort((a, b) => faceOrder(a) - faceOrder(b));
      const text = sel.length ? `reroll ${sel.join(",")}` : "";
      const ok = text && legal.has(text);
      controls = `<div class="dice-controls"><button class="primary ${ok ? "legal" : ""}" ${ok ? `data-action="${esc(text)}"` : "disabled"} id="reroll-btn">${ok ? this.moveLabel(text) : esc(t("itb.reroll_selected"))}</button>
        <button class="legal" data-action="stop">${this.moveLabel("stop")}</button></div>`;
    }
    const whose = turn.seat !== undefined ? `<span class="chip" style="--c:${this.colour(turn.seat)}">${esc(this.app.seatName(turn.seat))}</span>` : "";
    // side: seats and odds
    const seats = v.seats.map((s) => {
      const meta = msg.table.seats[s.seat] || {};
      const isYou = s.seat === msg.you;
      return `<div class="player ${turn.seat === s.seat ? "to-move" : ""} ${isYou ? "you" : ""}" data-seat="${s.seat}" style="--c:${this.colour(s.seat)}">
        <div class="player-head"><span class="swatch"></span><b>${esc(this.app.seatName(s.seat))}</b>${isYou ? ` <span class="tag">${esc(t("t.you"))}</span>` : ""}
        ${meta.kind === "bot" ? `<span class="tag">${esc(t("t.bot", { name: this.app.botLevel(meta.bot) }))}</span>` : `<span class="dot ${meta.connected ? "on" : "off"}"></span>`}
        ${meta.away ? `<span class="tag warn">${esc(t("t.away_short"))}</span>` : ""}
        <span class="vp-big">${s.score !== undefined ? s.score : s.treasure_points + "+?"}<small>${esc(t("t.score"))}</small></span></div>
        <div class="player-stats"><span>${this.shellSvg(this.colour(s.seat), 14)} ${esc(t("itb.shells_left", { n: s.shells_left }))}</span>
        <span>${esc(t("itb.chests", { n: s.chests }))}${s.chest_values && s.chest_values.length ? " (" + s.chest_values.join(", ") + ")" : ""}</span>
        <span class="muted">${esc(t("itb.treasure"))} ${s.treasure_points}</span></div>${lastMoveNote(this.app, this, s.seat)}</div>`;
    }).join("");
    let odds = "";
    if (msg.odds && msg.odds.targets) {
      odds = `<section class="panel odds" id="odds"><h2>${esc(t("t.odds"))}</h2><table class="odds-table"><tr><th>${esc(t("itb.odds_target"))}</th><th>${esc(t("itb.odds_stop"))}</th><th>${esc(t("itb.odds_best"))}</th></tr>` +
        msg.odds.targets.map((x) => `<tr><td>${esc(x.target === "perfect" ? t("itb.target_perfect") : t("itb.target_level", { n: x.target.slice(1) }))}</td><td>${pct(x.stop.p)}</td><td><b>${pct(x.best.p)}</b></td></tr>`).join("") + `</table></section>`;
    }
    this.main.innerHTML = `<div class="itb-board">
      <div class="sea-levels">${levels}</div>
      <div class="itb-right"><div class="dice-tray"><h2>${esc(t("itb.dice"))} ${whose} <span class="muted">${turn.rolls_left !== undefined ? esc(t("itb.rolls_left", { n: turn.rolls_left })) : ""}</span>
        ${turn.bonus ? `<span class="tag">${esc(t("itb.bonus"))}</span>` : ""}${turn.final ? `<span class="tag warn">${esc(t("itb.final"))}</span>` : ""}</h2>
        <div class="dice">${diceHtml}</div>${controls}
        <p class="muted">${esc(t("itb.chests_left", { n: v.chests_left }))}</p></div>${odds}</div></div>`;
    // the dice and their odds beside the sea; the seats in the side column, always in that order
    this.side.innerHTML = `<section class="panel players" id="players">${seats}</section>`;
    void n;
  }

  shellSvg(c, size = 22) {
    return `<svg width="${size}" height="${size}" viewBox="0 0 24 24"><path d="M12 2 C 5 6 2 12 4 19 L 20 19 C 22 12 19 6 12 2 Z" fill="${c}" stroke="#3a2a10" stroke-width="1.3"/>
      <path d="M12 3 V19 M8 5 L7 19 M16 5 L17 19" stroke="#3a2a10" stroke-width="0.9" opacity="0.6"/></svg>`;
  }
}
